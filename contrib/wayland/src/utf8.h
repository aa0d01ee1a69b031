// UTF-8 cuts the input method needs: Wayland strings are at most 4000 bytes (longer text is split, never
// dropped), and the daemon counts characters where input-method-v2 counts bytes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hangul_wayland {

/// `text` in pieces of at most `limit` bytes, each cut before a character's first byte.
std::vector<std::string> splitUtf8(std::string_view text, size_t limit);

/// The byte length of the last `count` characters of `text` (all of it when it has fewer).
size_t bytesOfLastCharacters(std::string_view text, size_t count);

/// The last at most `limit` bytes of `text`, starting on a character's first byte.
std::string_view tailUtf8(std::string_view text, size_t limit);

/// Clamps a byte offset into `text` back to the start of the character it falls in.
size_t characterStart(std::string_view text, size_t offset);

} // namespace hangul_wayland
