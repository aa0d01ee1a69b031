// The fcitx5 input method `hanguld`: a thin client of the hanguld daemon. Each input context owns one
// daemon session (one connection); every key event becomes a `key` request answered within a
// deadline, and the reply is applied as PROTOCOL.md section 8 says. Whenever the daemon cannot
// answer in time, the key goes to the application and the visible preedit is committed: a keystroke
// is never lost and never held longer than the deadline.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <fcitx/action.h>
#include <fcitx/addonfactory.h>
#include <fcitx/addonmanager.h>
#include <fcitx/inputcontextproperty.h>
#include <fcitx/inputmethodengine.h>
#include <fcitx/instance.h>

#include "config.h"
#include "daemonconnection.h"

namespace hanguld {

class HangulDaemonEngine;

/// What one input context knows about its daemon session. The daemon owns composition, mode and
/// options; we keep only what fcitx5 needs without asking: the preedit we show (to commit it when
/// the daemon fails), where it is shown, and the last mode the daemon reported.
class SessionState : public fcitx::InputContextProperty {
public:
    DaemonConnection connection;
    std::string shownPreedit;
    bool shownInClient = false; ///< shown as client preedit (the application draws it), else in fcitx5's panel
    std::string mode = "hangul";   ///< what the daemon last reported: what keys do now
    std::string chosenMode = "hangul"; ///< the user's choice, restored on a new session; not a password field's "latin"
    bool passwordSent = false;     ///< the daemon was told this field is a password field
    int failures = 0;              ///< consecutive failures, for the back-off after a silent daemon
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

    const fcitx::Configuration *getConfig() const override { return &config_; }
    void setConfig(const fcitx::RawConfig &config) override;
    void reloadConfig() override;

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
    nlohmann::json optionsParams() const;
    /// Sends the options to every open session (after the configuration changed).
    void pushOptions();

    /// Applies a reply's state: commit, then the new preedit, then the mode (PROTOCOL.md section 8).
    void applyState(fcitx::InputContext *ic, SessionState &session, const nlohmann::json &result);
    void showPreedit(fcitx::InputContext *ic, SessionState &session, const std::string &preedit);
    void setMode(fcitx::InputContext *ic, SessionState &session, const std::string &mode);
    /// The 한/A indicator and status-area button follow the session (connected, mode).
    void refreshIndicator(fcitx::InputContext *ic);
    /// The daemon did not answer: commit what the user sees, close, and back off before retrying.
    void failOpen(fcitx::InputContext *ic, SessionState &session, CallStatus status);
    /// Closes the connection and commits the preedit on screen, which is the user's text.
    void abandonSession(fcitx::InputContext *ic, SessionState &session);
    /// Ends composition without the user's text appearing twice: `cancel` when the preedit was the
    /// client's (fcitx5 or the application commits it), `reset` with its commit when it was ours.
    void endComposition(fcitx::InputContext *ic, SessionState &session, bool commitClientPreedit);

    fcitx::Instance *instance_;
    HangulDaemonConfig config_;
    fcitx::FactoryFor<SessionState> factory_;
    ModeAction modeAction_{this};
    std::chrono::milliseconds deadline_;
    Clock::time_point daemonSilentUntil_{}; ///< after a timeout, no context waits on the daemon until then
    Clock::time_point nextSpawn_{}; ///< no hanguld started before this
    bool warnedUnreachable_ = false;
    bool warnedOptions_ = false; ///< the daemon's refusal of the configured options is logged once
};

class HangulDaemonEngineFactory : public fcitx::AddonFactory {
public:
    fcitx::AddonInstance *create(fcitx::AddonManager *manager) override {
        return new HangulDaemonEngine(manager->instance());
    }
};

} // namespace hanguld
