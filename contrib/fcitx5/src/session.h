// One input context's session with hanguld, without fcitx: connect (starting the daemon when nobody
// listens), `hello`, restoring what the user chose in this context, and PROTOCOL.md 8.2's reconnect
// rule, shared by every session of the addon. engine.cpp performs what failing open shows.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "contract.h"
#include "daemonconnection.h"
#include "keychords.h"
#include "reconnectrule.h"

namespace hanguld {

/// Starts the installed hanguld when no daemon listens (and systemd does not provide the socket):
/// at most once every 5 s, and not for 60 s after one that did not come up or could not be found.
/// HANGULD_AUTOSTART=0 turns it off.
class DaemonStarter {
public:
    explicit DaemonStarter(std::string executable) : executable_(std::move(executable)) {}

    /// Starts one, detached (its own session, reparented to init, no descriptor of ours); false when
    /// it is not the time, autostart is off, or there is none to start. `why` says what happened.
    bool start(const std::string &socketPath, std::string &why);
    /// The one just started did not accept in time: leave it alone for a while.
    void didNotComeUp();

private:
    /// The hanguld to start: the configured one, else the first on PATH; empty if none.
    std::string executable() const;

    std::string executable_;
    Clock::time_point nextSpawn_{};
};

/// What every session of the addon shares.
struct SessionShared {
    enum class Level { Info, Warning };

    std::chrono::milliseconds deadline;
    KeysymLookup keysymNamed;
    /// Where the sessions say what happened to the daemon; never a key or typed text.
    std::function<void(Level, const std::string &)> log;
    std::string clientName;
    DaemonStarter starter;
    ReconnectRule reconnect; ///< one for the addon: every context waits a silence out together
    bool warnedUnreachable = false;
};

class DaemonSession {
public:
    explicit DaemonSession(SessionShared &shared) : shared_(shared) {}

    bool isOpen() const { return connection_.isOpen(); }

    /// Opens the session when it is not open: connect, `hello`, the mode the user chose to restore.
    /// False when keys pass through: the daemon is silent by the reconnect rule (an open session is
    /// then closed), or it cannot be reached.
    bool ensure();

    /// One request that carries state, with the deadline. Ok: `reply` holds it, and the session
    /// notes its mode and options. Refused: the daemon refused it, the session is unchanged (our bug,
    /// or a click on a list it closed). Anything else: no reply in time, a broken connection or a
    /// malformed reply; the session is closed and the caller fails open.
    CallStatus call(const char *method, const nlohmann::json &params, StateReply &reply);

    /// Tells the daemon when the field became or stopped being a password field: Ok when nothing
    /// needed saying (`reply` then untouched, `sent` false).
    CallStatus syncContentType(bool password, StateReply &reply, bool &sent);

    /// Tells the daemon the field gained (`focused`, with the application's and the field's names)
    /// or lost the focus (PROTOCOL.md 6.17), so `hangulctl mode` reaches it and `mode-scope` keeps its
    /// mode. Remembered either way, so a new session after a break says it again (`ensure`). Ok with
    /// `sent` false when the session is closed or its daemon does not list `set_focus` (an older
    /// daemon would refuse it); otherwise as `call`.
    CallStatus setFocus(bool focused, const std::string &application, const std::string &field, StateReply &reply,
                        bool &sent);

    /// The mode of the session's last state, as the daemon reported it.
    Mode mode() const { return mode_; }
    const KeyLists &keyLists() const { return keyLists_; }

    void close();

private:
    /// A call failed with `status`: closes the connection and applies the reconnect rule.
    void failed(CallStatus status);
    void noteState(const nlohmann::json &result, const StateReply &reply);
    /// `set_focus`'s params for the focus as last told.
    nlohmann::json focusParams() const;

    SessionShared &shared_;
    DaemonConnection connection_;
    Mode mode_ = Mode::Hangul;
    /// The user's choice, restored on a new session; never a password field's Latin. Unset until the
    /// first session reported one.
    bool hasChosenMode_ = false;
    Mode chosenMode_ = Mode::Hangul;
    bool passwordSent_ = false; ///< the daemon was told this field is a password field
    bool speaksFocus_ = false;  ///< the daemon's `hello` lists `set_focus`
    /// The field's focus as last told (or to be told, when no session was open): said again to a
    /// new session, after the mode is restored, so the daemon's scope sees the user's mode.
    bool focused_ = false;
    std::string focusApplication_;
    std::string focusField_;
    KeyLists keyLists_; ///< from the session's options; empty for a daemon without them
};

} // namespace hanguld
