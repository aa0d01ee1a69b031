// Reads the daemon's replies (the `result` objects of PROTOCOL.md sections 5 and 6) into the
// contract's terms, checking them first: a malformed reply means a broken daemon, never text to
// commit or a list fcitx5 would throw on. Pure C++ with nlohmann/json; no fcitx.
#pragma once

#include <nlohmann/json.hpp>

#include "contract.h"
#include "keychords.h"

namespace hanguld {

/// Reads a `result` that carries state; false when it is malformed: `candidates` neither null nor a
/// well-formed page, or `delete_before` present but not a positive integer.
bool readStateReply(const nlohmann::json &result, StateReply &reply);

/// A page with one to nine items, `start` a multiple of nine, the highlight on the page and the page
/// within `total`; false for anything else.
bool readCandidatePage(const nlohmann::json &page, CandidatePage &out);

/// Reads every key list an `options` object (hello's, or a reply's after a settings change) holds;
/// a list it does not hold stays as it was.
void readKeyLists(const nlohmann::json &options, KeysymLookup lookup, KeyLists &lists);

/// The mode member of `hello`'s result or of a state, when it names one.
bool readMode(const nlohmann::json &result, Mode &mode);

} // namespace hanguld
