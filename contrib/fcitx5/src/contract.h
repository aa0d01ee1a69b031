// The frontend contract of PROTOCOL.md section 8, pure C++ without fcitx: what a reply (or its
// absence) makes the addon do, in order, and what becomes of the key. The same cases test it as the
// IBus engine's contract (contrib/testing/frontend-contract-cases.json); engine.cpp performs what it
// says with fcitx5's calls.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hanguld {

/// What keys do now, as the daemon reports it (`mode`).
enum class Mode { Hangul, Latin };

/// "hangul" or "latin", as the protocol writes it.
const char *modeName(Mode mode);
/// False for anything but "hangul" and "latin".
bool parseMode(const std::string &name, Mode &mode);

/// What the indicator shows: Latin whenever keys reach the application untouched, which they do
/// without a session, whatever mode was chosen.
Mode shownMode(bool connected, Mode mode);

/// The daemon pages by nine, and the digits 1–9 pick on the page.
constexpr int candidatePageSize = 9;

/// One page of an open candidate list (PROTOCOL.md section 5), checked well-formed when read.
struct CandidatePage {
    struct Item {
        std::string value;
        std::string meaning;
        bool operator==(const Item &other) const { return value == other.value && meaning == other.meaning; }
    };
    std::vector<Item> items;
    int start = 0;     ///< index of the first item in the whole list
    int highlight = 0; ///< index in the whole list, on this page
    int total = 0;

    bool operator==(const CandidatePage &other) const {
        return items == other.items && start == other.start && highlight == other.highlight && total == other.total;
    }
    bool operator!=(const CandidatePage &other) const { return !(*this == other); }
};

/// A reply that carries state, as the contract needs it (reply.h reads one from the wire).
struct StateReply {
    enum class Candidates { Absent, Closed, Open };

    bool handled = false; ///< `key` only; false for the other methods
    std::string commit;
    std::string preedit;
    bool hasMode = false;
    Mode mode = Mode::Hangul;
    int deleteBefore = 0;
    Candidates candidates = Candidates::Absent;
    CandidatePage page; ///< when `candidates` is Open
};

/// One thing the frontend does to the application, in order.
struct Effect {
    enum class Kind {
        Preedit,        ///< show `text` as the preedit; empty hides it
        DeleteBefore,   ///< delete `count` characters before the cursor, before the commit that replaces them
        Commit,         ///< insert `text` at the cursor
        ShowCandidates, ///< show or update the candidate window with `page`
        HideCandidates,
        Mode, ///< show `mode` in the indicator
    };
    Kind kind;
    std::string text;
    int count = 0;
    CandidatePage page;
    hanguld::Mode mode = hanguld::Mode::Hangul;

    static Effect preedit(std::string text) { return {Kind::Preedit, std::move(text), 0, {}, {}}; }
    static Effect commit(std::string text) { return {Kind::Commit, std::move(text), 0, {}, {}}; }
    static Effect deleteBefore(int count) { return {Kind::DeleteBefore, {}, count, {}, {}}; }
    static Effect showCandidates(CandidatePage page) { return {Kind::ShowCandidates, {}, 0, std::move(page), {}}; }
    static Effect hideCandidates() { return {Kind::HideCandidates, {}, 0, {}, {}}; }
    static Effect modeShown(hanguld::Mode mode) { return {Kind::Mode, {}, 0, {}, mode}; }
};

/// What becomes of a key: the effects first, then whether the key is swallowed (fcitx5: filtered) or
/// reaches the application after them.
struct KeyOutcome {
    std::vector<Effect> effects;
    bool swallowed = false;
};

/// Adds `text` to the last commit among `effects`, or commits it after them when there is none: a
/// character the frontend types itself right after the text its key ended, as one commit.
void appendToLastCommit(std::vector<Effect> &effects, const std::string &text);

/// PROTOCOL.md section 8 as a state machine: it remembers what the application shows and says what
/// to do with each reply, or without one; the caller performs it. The preedit is removed before a
/// commit, the text a pick converts is deleted before the commit that replaces it, the commit comes
/// before the new preedit, the candidate window follows the text, the mode comes last, and nothing is
/// done when nothing changed.
class FrontendContract {
public:
    /// A new session: it starts in `mode` with nothing shown (failing open cleared the rest).
    void startSession(Mode mode) { mode_ = mode; }

    std::vector<Effect> apply(const StateReply &reply);
    /// No reply (daemon gone, late or broken): the preedit on screen is the user's text, so it
    /// becomes text, and a window no key can reach any more is hidden.
    std::vector<Effect> failOpen();
    /// The host already committed the visible preedit itself: forget it without output, so it is never
    /// committed twice.
    void forgetPreedit() { shownPreedit_.clear(); }
    /// Hides the candidate window if one is shown (focus out: it must go even when the daemon does not
    /// answer).
    std::vector<Effect> hideCandidates();

    /// A key's reply, or its absence (nullptr): the reply's effects and its `handled`, or failing open
    /// and the key passed on. fcitx5's frontends keep the order of a commit and a key passed on after
    /// it (PROTOCOL.md 8.1), so no key is rerouted here.
    KeyOutcome key(const StateReply *reply);

    /// Whether the daemon needs the text around the cursor just before this press: only for a hanja
    /// key with nothing composed, no list open and Hangul mode, so every other key lets it forget it.
    bool wantsSurroundingBefore(bool isHanjaKey, bool release) const {
        return isHanjaKey && !release && shownPreedit_.empty() && !candidatesShown_ && mode_ == Mode::Hangul;
    }
    /// And for a fix key (PROTOCOL.md 9.7): in either mode and with a preedit too (the daemon joins the
    /// text before the cursor to it), but not while a list is open. The caller leaves out password fields.
    bool wantsSurroundingBeforeFix(bool isFixKey, bool release) const {
        return isFixKey && !release && !candidatesShown_;
    }

    const std::string &shownPreedit() const { return shownPreedit_; }
    bool candidatesShown() const { return candidatesShown_; }
    const CandidatePage &shownCandidates() const { return shownCandidates_; }
    Mode mode() const { return mode_; }

private:
    std::string shownPreedit_;
    bool candidatesShown_ = false;
    CandidatePage shownCandidates_;
    Mode mode_ = Mode::Hangul;
};

/// A key event as the `key` request carries it (PROTOCOL.md 6.2), checked against the protocol's
/// ranges: a host's odd values must never make a request the daemon refuses.
struct KeyEvent {
    uint32_t keysym = 0;
    uint32_t keycode = 0;   ///< xkb keycode 8–65535, or 0: not said (a synthetic event), the keysym alone decides
    uint32_t modifiers = 0; ///< X11 bits
    bool release = false;

    /// False for a keysym past the protocol's range: no key a keyboard has, so it goes to the application
    /// untouched rather than as some other keysym. A keycode outside 8–65535 is left out.
    static bool make(uint32_t keysym, uint32_t keycode, uint32_t modifiers, bool release, KeyEvent &event);
};

} // namespace hanguld
