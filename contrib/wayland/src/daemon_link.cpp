#include "daemon_link.h"

#include <cerrno>
#include <cstdio>
#include <thread>

#include <unistd.h>

#include "detachedstart.h"

namespace hangul_wayland {

bool DaemonLink::takeFreshSession() {
    bool fresh = fresh_;
    fresh_ = false;
    return fresh;
}

bool DaemonLink::startDaemon() {
    const auto now = Clock::now();
    if (settings_.daemonPath.empty() || now < nextSpawn_ || access(settings_.daemonPath.c_str(), X_OK) != 0) {
        return false;
    }
    nextSpawn_ = now + std::chrono::seconds(5);
    if (!hanguld::startDetached(settings_.daemonPath)) {
        return false;
    }
    std::fprintf(stderr, "hangul-wayland: no daemon at %s; started %s\n", settings_.socketPath.c_str(),
                 settings_.daemonPath.c_str());
    return true;
}

void DaemonLink::fail(Status why) {
    close();
    // A refused connect costs microseconds: the next key tries again. A silent daemon costs a whole
    // deadline per try, so after a timeout every key passes through untouched for 1, 2, 4, 8, then
    // 16 s (PROTOCOL.md section 8.2).
    if (why == Status::Timeout) {
        reconnect_.timedOut(Clock::now());
    }
    if (!warned_) {
        warned_ = true;
        const char *what = why == Status::Timeout  ? "did not answer in time"
                           : why == Status::Broken ? "broke the connection"
                                                   : "is not reachable";
        std::fprintf(stderr, "hangul-wayland: hanguld at %s %s; keys pass through until it answers\n",
                     settings_.socketPath.empty() ? "(no socket path: set XDG_RUNTIME_DIR)"
                                                  : settings_.socketPath.c_str(),
                     what);
    }
}

bool DaemonLink::connectAndGreet() {
    const auto deadline = Clock::now() + settings_.deadline;
    int error = 0;
    Status status = connection_.open(settings_.socketPath, &error);
    if (status != Status::Ok && (error == ENOENT || error == ECONNREFUSED) && startDaemon()) {
        // A fresh hanguld listens within some tens of milliseconds: wait for it inside the same
        // deadline, so the first key after login composes instead of passing through.
        while (status != Status::Ok && Clock::now() + std::chrono::milliseconds(2) < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            status = connection_.open(settings_.socketPath, &error);
        }
        if (status != Status::Ok) {
            nextSpawn_ = Clock::now() + std::chrono::seconds(60);
        }
    }
    if (status != Status::Ok) {
        fail(status);
        return false;
    }
    nlohmann::json reply;
    status =
        connection_.call("hello", {{"protocol", 1}, {"client", "hangul-wayland " HANGULD_VERSION}}, deadline, reply);
    if (status != Status::Ok) {
        fail(status == Status::Refused ? Status::Broken : status);
        return false;
    }
    reconnect_.answered(); // hello's result in time ends the back-off too
    fresh_ = true;
    warned_ = false;
    return true;
}

bool DaemonLink::ensureSession() {
    if (reconnect_.isSilent(Clock::now())) {
        close();
        return false;
    }
    return connection_.isOpen() || connectAndGreet();
}

std::optional<nlohmann::json> DaemonLink::call(const char *method, const nlohmann::json &params) {
    if (!ensureSession()) {
        return std::nullopt;
    }
    nlohmann::json reply;
    Status status = connection_.call(method, params, Clock::now() + settings_.deadline, reply);
    if (status == Status::Refused) {
        return std::nullopt;
    }
    if (status != Status::Ok) {
        fail(status);
        return std::nullopt;
    }
    reconnect_.answered(); // one reply in time ends the back-off
    return reply;
}

void DaemonLink::notify(const char *method, const nlohmann::json &params) {
    if (!connection_.isOpen()) {
        return;
    }
    if (Status status = connection_.notify(method, params, Clock::now() + settings_.deadline); status != Status::Ok) {
        fail(status);
    }
}

} // namespace hangul_wayland
