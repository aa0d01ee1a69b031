// The fcitx5 input method `hanguld`: a thin client of the hanguld daemon. Each input context owns one
// daemon session (one connection); every key event becomes a `key` request answered within a
// deadline, and the reply is applied as PROTOCOL.md section 8 says, the hanja candidate list included.
// Whenever the daemon cannot answer in time, the key goes to the application, the visible preedit is
// committed and the candidate list hidden: a keystroke is never lost and never held longer than the
// deadline. The daemon's settings file decides the options: the addon sends none.
//
// This is the fcitx glue, the one part that includes fcitx headers: what a reply means is the
// contract's (contract.h), talking to the daemon is the session's (session.h); here their effects
// become fcitx5 calls.
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

#include "capslockrestore.h"
#include "capslocktap.h"
#include "contract.h"
#include "daemonsettings.h"
#include "session.h"
#include "settingspage.h"
#include "ximorder.h"

namespace hanguld {

class HangulDaemonEngine;

/// What one input context knows: its daemon session, and the contract's record of what the
/// application shows (the daemon owns composition, mode, options and the candidate list). Beside it
/// only what fcitx5 needs: where the preedit is shown.
class SessionState : public fcitx::InputContextProperty {
public:
    explicit SessionState(SessionShared &shared) : session(shared) {}

    DaemonSession session;
    FrontendContract contract;
    bool shownInClient = false; ///< shown as client preedit (the application draws it), else in fcitx5's panel
    /// An XIM client's syllable, held over a focus out and committed when the field has the focus
    /// again (ximorder.h says why).
    std::string heldOverFocusOut;
    /// Keys (xkb keycodes) whose press the addon typed itself for an XIM client: their release is
    /// swallowed too, so the client sees neither half.
    std::vector<uint32_t> typedPresses;
    /// The lock at the last Caps Lock press, to set back after a tap that switched the mode.
    CapsLockTap capsLockTap;
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

    /// Latin when keys reach the application untouched (Latin mode, a password field, no daemon).
    Mode shownMode(fcitx::InputContext *ic);
    /// Toggles Hangul and Latin through the daemon (a click on the status-area button).
    void toggleMode(fcitx::InputContext *ic);

    /// A click on a candidate (CandidateWord::select): `select_candidate` with its index in the whole list.
    void selectCandidate(fcitx::InputContext *ic, int index);
    /// Paging or cursor movement asked through the list's interfaces (a panel's arrows, a client-side
    /// panel's PrevPage/NextPage): the key the daemon handles for it while the list is open, pressed
    /// and released, so the daemon stays the one place that moves the list.
    void moveInCandidates(fcitx::InputContext *ic, uint32_t keysym);

    /// The configuration page fcitx5-configtool and KDE's settings show (Controller1.GetConfig):
    /// generated from the daemon's option list at the values it has in force, read anew each time.
    const fcitx::Configuration *getConfig() const override;
    /// A saved page (Controller1.SetConfig): each option changed on it is written to the daemon's
    /// settings file with `hangulctl config set`, which keeps the file's comments, checks the value and
    /// makes the daemon reload (open fields follow). A refused value shows on the page's next reading.
    void setConfig(const fcitx::RawConfig &config) override;

private:
    SessionState &stateOf(fcitx::InputContext *ic) { return *ic->propertyFor(&factory_); }

    /// Opens the session when it is not open (session.h), then tells the daemon whether the field is
    /// a password field. False: pass the key through (what was shown is committed).
    bool ensureSession(fcitx::InputContext *ic, SessionState &state);
    /// Tells the daemon when the field became or stopped being a password field (before a key).
    bool syncContentType(fcitx::InputContext *ic, SessionState &state);
    /// `set_focus` (PROTOCOL.md 6.17) at activate and deactivate, its reply applied; remembered by the
    /// session and said again to a new one.
    void sendFocus(fcitx::InputContext *ic, SessionState &state, bool focused);
    /// One request that carries state; its reply applied, or failing open. False unless applied.
    bool request(fcitx::InputContext *ic, SessionState &state, const char *method, const nlohmann::json &params);
    /// Just before a hanja key with nothing composed: tells the daemon the text before the cursor, or
    /// the selection, so the key can convert a word already typed. False: the daemon failed (failed open).
    bool sendSurroundingText(fcitx::InputContext *ic, SessionState &state);

    /// Performs the contract's effects with fcitx5's calls, in order.
    void perform(fcitx::InputContext *ic, SessionState &state, const std::vector<Effect> &effects);
    void showPreedit(fcitx::InputContext *ic, SessionState &state, const std::string &preedit);
    void showCandidates(fcitx::InputContext *ic, const CandidatePage &page);
    void hideCandidates(fcitx::InputContext *ic);
    /// The 한/A indicator and status-area button follow the session (connected, mode).
    void refreshIndicator(fcitx::InputContext *ic);
    /// The daemon did not answer: commit what the user sees; keys pass through.
    void failOpen(fcitx::InputContext *ic, SessionState &state);
    /// An XIM client lost the focus: the syllable goes to `heldOverFocusOut`, not to the client.
    void holdOverFocusOut(fcitx::InputContext *ic, SessionState &state);
    /// For an XIM client in Hangul mode, a character key the daemon passed on is typed by the addon
    /// in the same commit as the text before it (ximorder.h); its release goes the same way.
    void typeForXimClient(fcitx::InputContext *ic, SessionState &state, const fcitx::Key &raw, const KeyEvent &key,
                          KeyOutcome &outcome);
    /// Ends composition without the user's text appearing twice: `cancel` when the preedit was the
    /// client's and fcitx5 or the application commits it, `reset` with its commit when it was ours or
    /// `commitClientPreedit` says no one else will (another input method chosen, a reset in an
    /// application that keeps no copy of its own: see `commitsItsOwnCopyOnReset` in engine.cpp).
    /// A candidate list closes either way.
    void endComposition(fcitx::InputContext *ic, SessionState &state, bool commitClientPreedit);
    /// An fcitx5 configuration from before the daemon owned the settings is no longer read: say so once.
    static void warnAboutOldConfiguration();

    fcitx::Instance *instance_;
    SessionShared shared_;
    fcitx::FactoryFor<SessionState> factory_;
    ModeAction modeAction_{this};
    XimKeyText ximKeyText_{instance_};
    CapsLockRestore capsLock_{instance_};
    mutable SettingsChannel settings_;
    mutable std::unique_ptr<SettingsPage> page_; ///< the last page read; fcitx5 reads it at once
    std::vector<std::string> refusedWrites_;     ///< what the last save could not write, and why
};

class HangulDaemonEngineFactory : public fcitx::AddonFactory {
public:
    fcitx::AddonInstance *create(fcitx::AddonManager *manager) override {
        return new HangulDaemonEngine(manager->instance());
    }
};

} // namespace hanguld
