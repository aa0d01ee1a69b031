// The one session hangul-wayland keeps with hanguld (PROTOCOL.md): the connection, with a deadline on
// every call, is the fcitx5 addon's (contrib/common/daemonconnection.h); this adds hello, starting the
// daemon when nobody listens, and section 8.2's reconnect rule. The input method
// is one context that moves between fields, so one session serves them all (section 8 allows that);
// focus changes `cancel` it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "daemonconnection.h"
#include "reconnectrule.h"

namespace hangul_wayland {

using hanguld::Clock;

struct DaemonSettings {
    std::string socketPath; ///< empty: no daemon can be found (no XDG_RUNTIME_DIR)
    std::string daemonPath; ///< hanguld to start when nobody listens; empty: never start one
    std::chrono::milliseconds deadline{150};
};

class DaemonLink {
public:
    explicit DaemonLink(DaemonSettings settings) : settings_(std::move(settings)) {}
    ~DaemonLink() { close(); }
    DaemonLink(const DaemonLink &) = delete;
    DaemonLink &operator=(const DaemonLink &) = delete;

    /// Sends one request and returns its `result`, or nothing when the daemon cannot be asked
    /// (unreachable, backing off after a timeout, timed out, broken, or an error reply): the caller
    /// then fails open. Connects (and says hello) first when needed, starting hanguld if nobody
    /// listens. A request the daemon refused with an error leaves the connection open.
    std::optional<nlohmann::json> call(const char *method, const nlohmann::json &params = nlohmann::json::object());

    /// Connects (hello included) unless connected or backing off; true when a session is open.
    bool ensureSession();

    /// Sends a notification (no reply) when connected; never connects for it.
    void notify(const char *method, const nlohmann::json &params);

    bool isOpen() const { return connection_.isOpen(); }
    /// True right after a (re)connection until the caller has seen it, so it can restore what the
    /// user changed in this session (the content type).
    bool takeFreshSession();

private:
    using Status = hanguld::CallStatus;
    bool connectAndGreet();
    bool startDaemon();
    void fail(Status why);
    void close() { connection_.close(); }

    DaemonSettings settings_;
    hanguld::DaemonConnection connection_;
    bool fresh_ = false;
    hanguld::ReconnectRule reconnect_; // PROTOCOL.md section 8.2, one per process
    Clock::time_point nextSpawn_{};
    bool warned_ = false;
};

} // namespace hangul_wayland
