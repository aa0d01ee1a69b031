// The fcitx5 input method `hanguld`: a thin client of the hanguld daemon. Each input context owns one
// daemon session (one connection); every key event becomes a `key` request answered within a
// deadline, and the reply is applied as PROTOCOL.md section 8 says, the hanja candidate list included.
// Whenever the daemon cannot answer in time, the key goes to the application, the visible preedit is
// committed and the candidate list hidden: a keystroke is never lost and never held longer than the
// deadline. The daemon's settings file decides the options: the addon sends none.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fcitx/action.h>
#include <fcitx/addonfactory.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputcontextproperty.h>
#include <fcitx/inputmethodengine.h>
#include <fcitx/instance.h>

#include "daemonconnection.h"

namespace hanguld {

class HangulDaemonEngine;

/// A hanja key as the daemon's `hanja-keys` option names it (PROTOCOL.md 9.3's chord form): the addon
/// needs to recognise one only to send the surrounding text just before it, never on other keys.
struct KeyChord {
    uint32_t keysym = 0;
    uint32_t modifiers = 0; ///< X11 bits among Shift, Control, Mod1, Mod4, Mod5; the others are ignored

    /// "Control+h", "Hangul_Hanja": false for a name fcitx5 does not know (the chord is then left out).
    static bool parse(const std::string &text, KeyChord &chord);
    bool matches(uint32_t pressedKeysym, uint32_t pressedModifiers) const;
};

/// What one input context knows about its daemon session. The daemon owns composition, mode,
/// options and the candidate list; we keep only what fcitx5 needs without asking: the preedit we
/// show (to commit it when the daemon fails), where it is shown, whether a candidate list is shown,
/// the last mode the daemon reported and its hanja keys.
class SessionState : public fcitx::InputContextProperty {
public:
    DaemonConnection connection;
    std::string shownPreedit;
    bool shownInClient = false;   ///< shown as client preedit (the application draws it), else in fcitx5's panel
    bool candidatesShown = false; ///< our candidate list is in the context's input panel
    std::string mode = "hangul";  ///< what the daemon last reported: what keys do now
    /// The user's choice, restored on a new session (empty until the first session reported one);
    /// never a password field's "latin".
    std::string chosenMode;
    std::vector<KeyChord> hanjaKeys; ///< from the session's options; empty for a daemon without hanja
    bool passwordSent = false;       ///< the daemon was told this field is a password field
    int failures = 0;                ///< consecutive failures, for the back-off after a silent daemon
};

/// The 한/A button in fcitx5's status area (tray menu, panel): shows the context's mode, and a click
/// toggles it through the daemon.
class ModeAction final : public fcitx::Action {
public:
    explicit ModeAction(HangulDaemonEngine *engine) : engine_(engine) {}
    std::string shortText(fcitx::InputContext *ic) const override;
    std::string longText(fcitx::InputContext *ic) const override;
    std::string icon(fcitx::InputContext *ic) const override;
    void activate(fcitx::InputContext *ic) override;

private:
    HangulDaemonEngine *engine_;
};

class HangulDaemonEngine final : public fcitx::InputMethodEngineV2 {
public:
    explicit HangulDaemonEngine(fcitx::Instance *instance);
    ~HangulDaemonEngine() override;

    void keyEvent(const fcitx::InputMethodEntry &entry, fcitx::KeyEvent &event) override;
    void activate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    void deactivate(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;
    void reset(const fcitx::InputMethodEntry &entry, fcitx::InputContextEvent &event) override;

    std::string subModeLabelImpl(const fcitx::InputMethodEntry &entry, fcitx::InputContext &ic) override;
    std::string subModeIconImpl(const fcitx::InputMethodEntry &entry, fcitx::InputContext &ic) override;

    /// "A" when keys reach the application untouched (Latin mode, a password field, no daemon), else "한".
    std::string modeLabel(fcitx::InputContext *ic);
    /// Toggles Hangul and Latin through the daemon (a click on the status-area button).
    void toggleMode(fcitx::InputContext *ic);

    /// A click on a candidate (CandidateWord::select): `select_candidate` with its index in the whole list.
    void selectCandidate(fcitx::InputContext *ic, int index);
    /// Paging or cursor movement asked through the list's interfaces (a panel's arrows, a client-side
    /// panel's PrevPage/NextPage): the key the daemon handles for it while the list is open, pressed
    /// and released, so the daemon stays the one place that moves the list.
    void moveInCandidates(fcitx::InputContext *ic, uint32_t keysym);

private:
    SessionState &state(fcitx::InputContext *ic) { return *ic->propertyFor(&factory_); }

    /// Opens the session when it is not open: connect (starting hanguld when there is no socket),
    /// `hello`, the user's options, the mode and content type to restore. False: pass the key through.
    bool ensureSession(fcitx::InputContext *ic, SessionState &session);
    bool startDaemon(const std::string &socketPath);
    /// The hanguld to start: the one installed beside the addon, else the first on PATH; empty if none.
    static std::string daemonExecutable();
    /// Tells the daemon when the field became or stopped being a password field (before a key).
    bool syncContentType(fcitx::InputContext *ic, SessionState &session);
    /// One request with the deadline; on failure, fails open (commits the shown preedit) and returns false.
    bool request(fcitx::InputContext *ic, SessionState &session, const char *method, const nlohmann::json &params,
                 nlohmann::json &result);
    /// Just before a hanja key with nothing composed: tells the daemon the text before the cursor, or
    /// the selection, so the key can convert a word already typed. False: the daemon failed (failed open).
    bool sendSurroundingText(fcitx::InputContext *ic, SessionState &session);

    /// Applies a reply's state in PROTOCOL.md section 8's order: delete_before, commit, preedit,
    /// candidates, mode; a reply's `options` update the hanja keys. False when the reply's candidate
    /// list is malformed: the caller treats the daemon as broken.
    bool applyState(fcitx::InputContext *ic, SessionState &session, const nlohmann::json &result);
    void showPreedit(fcitx::InputContext *ic, SessionState &session, const std::string &preedit);
    /// Shows the daemon's page of candidates; false when `list` is not a well-formed candidate list.
    bool showCandidates(fcitx::InputContext *ic, SessionState &session, const nlohmann::json &list);
    void hideCandidates(fcitx::InputContext *ic, SessionState &session);
    static void readHanjaKeys(SessionState &session, const nlohmann::json &options);
    void setMode(fcitx::InputContext *ic, SessionState &session, const std::string &mode);
    /// The 한/A indicator and status-area button follow the session (connected, mode).
    void refreshIndicator(fcitx::InputContext *ic);
    /// The outcome of a `key` call: a refusal (our bug) changes nothing, no answer or a reply that is
    /// not a state fails open, and otherwise the state is applied. True when it was applied.
    bool applyKeyReply(fcitx::InputContext *ic, SessionState &session, CallStatus status, const nlohmann::json &result);
    /// The daemon did not answer: commit what the user sees, close, and back off before retrying.
    void failOpen(fcitx::InputContext *ic, SessionState &session, CallStatus status);
    /// Closes the connection and commits the preedit on screen, which is the user's text.
    void abandonSession(fcitx::InputContext *ic, SessionState &session);
    /// Ends composition without the user's text appearing twice: `cancel` when the preedit was the
    /// client's (fcitx5 or the application commits it), `reset` with its commit when it was ours.
    /// A candidate list closes either way.
    void endComposition(fcitx::InputContext *ic, SessionState &session, bool commitClientPreedit);
    /// An fcitx5 configuration from before the daemon owned the settings is no longer read: say so once.
    static void warnAboutOldConfiguration();

    fcitx::Instance *instance_;
    fcitx::FactoryFor<SessionState> factory_;
    ModeAction modeAction_{this};
    std::chrono::milliseconds deadline_;
    Clock::time_point daemonSilentUntil_{}; ///< after a timeout, no context waits on the daemon until then
    Clock::time_point nextSpawn_{};         ///< no hanguld started before this
    bool warnedUnreachable_ = false;
};

class HangulDaemonEngineFactory : public fcitx::AddonFactory {
public:
    fcitx::AddonInstance *create(fcitx::AddonManager *manager) override {
        return new HangulDaemonEngine(manager->instance());
    }
};

} // namespace hanguld
