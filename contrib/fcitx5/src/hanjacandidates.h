// The daemon's hanja candidate list as fcitx5 shows it. The daemon owns the list (PROTOCOL.md 9.5) and
// sends one page at a time, so this list holds that page only: paging and cursor movement asked
// through fcitx5's interfaces (a panel's arrows, a client-side panel's PrevPage/NextPage) become the
// keys the daemon handles for them, and a click on a candidate becomes `select_candidate`. Replies
// then replace the list with the page they carry.
#pragma once

#include <string>

#include <fcitx/candidatelist.h>

#include "contract.h"

namespace hanguld {

class HangulDaemonEngine;

/// One candidate: the hanja or symbol, then its meaning, in one text (fcitx5 5.0 has no comment
/// field on candidates).
class HanjaCandidate final : public fcitx::CandidateWord {
public:
    HanjaCandidate(HangulDaemonEngine *engine, int index, const std::string &value, const std::string &meaning);
    /// A click in a panel: the candidate's index in the whole list goes to the daemon.
    void select(fcitx::InputContext *ic) const override;

private:
    HangulDaemonEngine *engine_;
    int index_; ///< in the whole list, as select_candidate takes it
};

class HanjaCandidateList final : public fcitx::CommonCandidateList {
public:
    /// `start` is the index of the page's first candidate in the whole list of `total`. The caller
    /// appends the page's candidates, then sets the cursor on the highlighted one.
    HanjaCandidateList(HangulDaemonEngine *engine, fcitx::InputContext *ic, int start, int total);

    bool hasPrev() const override { return start_ > 0; }
    bool hasNext() const override { return start_ + size() < total_; }
    void prev() override;
    void next() override;
    bool usedNextBefore() const override { return usedNext_; }
    int totalPages() const override { return (total_ + candidatePageSize - 1) / candidatePageSize; }
    int currentPage() const override { return start_ / candidatePageSize; }
    void setPage(int page) override;
    void prevCandidate() override;
    void nextCandidate() override;

private:
    HangulDaemonEngine *engine_;
    fcitx::InputContext *ic_; ///< the context whose input panel owns this list, so it outlives it
    int start_;
    int total_;
    bool usedNext_ = false;
};

} // namespace hanguld
