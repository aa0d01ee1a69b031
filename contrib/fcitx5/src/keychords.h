// Key chords as the daemon's options name them (PROTOCOL.md 9.3's form, "Control+h", "Hangul_Hanja"),
// parsed in one place for every key list the addon reads. Pure C++: the keysym names come from a
// lookup the caller passes (fcitx5's in the addon, a table in the tests).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hanguld {

/// The keysym an X11 keysym name stands for, or 0 when the name is unknown.
using KeysymLookup = uint32_t (*)(const std::string &name);

/// One chord: a keysym and exactly these modifiers.
struct KeyChord {
    uint32_t keysym = 0;
    uint32_t modifiers = 0; ///< X11 bits among Shift, Control, Mod1, Mod4, Mod5; the others are ignored

    /// "Control+h", "Hangul_Hanja": false for an unknown modifier or keysym name (the chord is then
    /// left out of its list).
    static bool parse(const std::string &text, KeysymLookup lookup, KeyChord &chord);
    /// The keysym is the chord's (ASCII letters in either case) and Shift, Control, Mod1, Mod4 and Mod5
    /// are exactly its modifiers; Lock, Mod2 and Mod3 are ignored.
    bool matches(uint32_t keysym, uint32_t modifiers) const;
};

/// The key lists the addon reads from the daemon's options. Adding one is one enumerator here and one
/// row in `keyListOptions` (keychords.cpp): reading, keeping and matching follow from the table.
enum class KeyList : std::size_t {
    Hanja, ///< `hanja-keys`: the surrounding text goes to the daemon just before one (PROTOCOL.md 9.5)
    Fix,   ///< `fix-keys`: likewise (PROTOCOL.md 9.7)
    Count,
};

/// The option that holds a list, as `hello` and replies name it.
const char *keyListOption(KeyList list);

/// Every key list of one session, as its options last gave them.
class KeyLists {
public:
    /// Reads one list from the option's values (the strings of a JSON array); unparsable names are left out.
    void set(KeyList list, const std::vector<std::string> &names, KeysymLookup lookup);
    bool matches(KeyList list, uint32_t keysym, uint32_t modifiers) const;
    const std::vector<KeyChord> &chords(KeyList list) const { return lists_[static_cast<std::size_t>(list)]; }
    void clear();

private:
    std::array<std::vector<KeyChord>, static_cast<std::size_t>(KeyList::Count)> lists_;
};

} // namespace hanguld
