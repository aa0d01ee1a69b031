// The UTF-8 cuts of src/utf8.cpp: a commit longer than Wayland's 4000 bytes a string is split on
// character boundaries and loses nothing; the daemon's character counts become byte counts.
#include <cstdio>
#include <string>

#include "../src/utf8.h"

using namespace hangul_wayland;

namespace {
int passed = 0, failed = 0;

void check(const char *name, bool condition) {
    std::printf("%s %s\n", condition ? "ok  " : "FAIL", name);
    (condition ? passed : failed)++;
}

bool isCharacterStart(const std::string &piece) {
    return piece.empty() || (static_cast<unsigned char>(piece[0]) & 0xC0) != 0x80;
}
} // namespace

int main() {
    // 1500 syllables of three bytes each (4500 bytes), then ASCII: more than one Wayland string.
    std::string text;
    for (int index = 0; index < 1500; ++index) {
        text += "한";
    }
    text += "abc";
    auto pieces = splitUtf8(text, 4000);
    std::string joined;
    bool bounded = true, whole = true;
    for (const auto &piece : pieces) {
        joined += piece;
        bounded = bounded && piece.size() <= 4000 && !piece.empty();
        whole = whole && isCharacterStart(piece);
    }
    check("a 4503-byte commit is split into pieces of at most 4000 bytes", pieces.size() == 2 && bounded);
    check("the pieces join to the whole commit: nothing dropped", joined == text);
    check("each piece starts on a character: no syllable cut in two", whole && pieces[0].size() == 3999);
    check("a commit within the bound is one piece", splitUtf8("안녕", 4000).size() == 1);
    check("an empty commit is no piece", splitUtf8("", 4000).empty());
    check("the last 2 characters of 가나다 are 6 bytes", bytesOfLastCharacters("가나다", 2) == 6);
    check("more characters than the text has: all of it", bytesOfLastCharacters("a가", 5) == 4);
    check("mixed widths count characters, not bytes", bytesOfLastCharacters("x韓a", 2) == 4);
    check("the tail of the text before the cursor starts on a character",
          tailUtf8("가나다", 7) == "나다" && tailUtf8("가나다", 100) == "가나다");
    check("a byte offset inside a character moves back to its start",
          characterStart("가나", 4) == 3 && characterStart("가나", 6) == 6 && characterStart("가나", 9) == 6);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
