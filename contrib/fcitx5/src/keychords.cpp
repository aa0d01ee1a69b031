#include "keychords.h"

#include <algorithm>
#include <cctype>

namespace hanguld {

namespace {

/// The X11 modifier bits a chord names; Lock, Mod2 and Mod3 are ignored when matching (PROTOCOL.md 9.3).
constexpr uint32_t shiftBit = 0x1u, controlBit = 0x4u, mod1Bit = 0x8u, mod4Bit = 0x40u, mod5Bit = 0x80u;
constexpr uint32_t chordModifierMask = shiftBit | controlBit | mod1Bit | mod4Bit | mod5Bit;

struct KeyListRow {
    KeyList list;
    const char *option;
};

/// One row per key list, in the enum's order.
constexpr KeyListRow keyListOptions[] = {
    {KeyList::Hanja, "hanja-keys"},
    {KeyList::Fix, "fix-keys"},
};
static_assert(sizeof(keyListOptions) / sizeof(keyListOptions[0]) == static_cast<std::size_t>(KeyList::Count),
              "every KeyList needs its row in keyListOptions");

uint32_t foldAsciiLetter(uint32_t keysym) { return keysym >= 'A' && keysym <= 'Z' ? keysym + ('a' - 'A') : keysym; }

bool modifierBit(std::string name, uint32_t &bit) {
    for (auto &c : name) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (name == "shift") {
        bit = shiftBit;
    } else if (name == "control" || name == "ctrl") {
        bit = controlBit;
    } else if (name == "alt" || name == "mod1") {
        bit = mod1Bit;
    } else if (name == "super" || name == "mod4") {
        bit = mod4Bit;
    } else if (name == "altgr" || name == "mod5") {
        bit = mod5Bit;
    } else {
        return false;
    }
    return true;
}

} // namespace

const char *keyListOption(KeyList list) {
    for (const auto &row : keyListOptions) {
        if (row.list == list) {
            return row.option;
        }
    }
    return "";
}

bool KeyChord::parse(const std::string &text, KeysymLookup lookup, KeyChord &chord) {
    // Every '+' separates ("plus" is spelled out): the last part is the keysym's name, each one before
    // it a modifier, and an empty part is neither.
    const std::size_t last = text.rfind('+');
    const std::string name = last == std::string::npos ? text : text.substr(last + 1);
    if (name.empty()) {
        return false;
    }
    KeyChord parsed;
    for (std::size_t start = 0; last != std::string::npos && start <= last;) {
        const std::size_t plus = text.find('+', start);
        uint32_t bit = 0;
        if (!modifierBit(text.substr(start, plus - start), bit)) {
            return false;
        }
        parsed.modifiers |= bit;
        start = plus + 1;
    }
    const uint32_t keysym = lookup(name);
    if (keysym == 0) {
        return false;
    }
    parsed.keysym = keysym;
    chord = parsed;
    return true;
}

bool KeyChord::matches(uint32_t pressedKeysym, uint32_t pressedModifiers) const {
    return foldAsciiLetter(pressedKeysym) == foldAsciiLetter(keysym) &&
           (pressedModifiers & chordModifierMask) == modifiers;
}

void KeyLists::set(KeyList list, const std::vector<std::string> &names, KeysymLookup lookup) {
    auto &chords = lists_[static_cast<std::size_t>(list)];
    chords.clear();
    for (const auto &name : names) {
        KeyChord chord;
        if (KeyChord::parse(name, lookup, chord)) {
            chords.push_back(chord);
        }
    }
}

bool KeyLists::matches(KeyList list, uint32_t keysym, uint32_t modifiers) const {
    const auto &chords = lists_[static_cast<std::size_t>(list)];
    return std::any_of(chords.begin(), chords.end(),
                       [&](const KeyChord &chord) { return chord.matches(keysym, modifiers); });
}

void KeyLists::clear() {
    for (auto &chords : lists_) {
        chords.clear();
    }
}

} // namespace hanguld
