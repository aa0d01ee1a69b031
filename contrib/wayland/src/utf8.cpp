#include "utf8.h"

namespace hangul_wayland {

namespace {
bool isContinuation(char byte) { return (static_cast<unsigned char>(byte) & 0xC0) == 0x80; }
} // namespace

size_t characterStart(std::string_view text, size_t offset) {
    if (offset >= text.size()) {
        return text.size();
    }
    while (offset > 0 && isContinuation(text[offset])) {
        --offset;
    }
    return offset;
}

std::vector<std::string> splitUtf8(std::string_view text, size_t limit) {
    std::vector<std::string> pieces;
    while (text.size() > limit) {
        size_t cut = characterStart(text, limit);
        if (cut == 0) {
            cut = limit; // not UTF-8 at all: cut anyway rather than loop
        }
        pieces.emplace_back(text.substr(0, cut));
        text.remove_prefix(cut);
    }
    if (!text.empty()) {
        pieces.emplace_back(text);
    }
    return pieces;
}

size_t bytesOfLastCharacters(std::string_view text, size_t count) {
    size_t position = text.size();
    while (count > 0 && position > 0) {
        --position;
        while (position > 0 && isContinuation(text[position])) {
            --position;
        }
        --count;
    }
    return text.size() - position;
}

std::string_view tailUtf8(std::string_view text, size_t limit) {
    if (text.size() <= limit) {
        return text;
    }
    size_t start = text.size() - limit;
    while (start < text.size() && isContinuation(text[start])) {
        ++start;
    }
    return text.substr(start);
}

} // namespace hangul_wayland
