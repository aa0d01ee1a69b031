// One connection to hanguld: a non-blocking Unix socket, newline-delimited JSON, and a deadline on
// every call, so the frontend's event loop (fcitx5's, hangul-wayland's) is never held longer than the
// deadline however the daemon behaves (gone, stopped, slow, or answering nonsense).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace hanguld {

using Clock = std::chrono::steady_clock;

/// How a call ended. Everything but `Ok` and `Refused` means the connection is unusable and has been
/// closed: the caller fails open (PROTOCOL.md section 8).
enum class CallStatus {
    Ok,          ///< a `result` arrived for our request
    Refused,     ///< an `error` reply: the daemon is fine, the request was not (the session is unchanged)
    Unreachable, ///< no socket, nobody listening, or its backlog is full
    Timeout,     ///< no whole reply before the deadline
    Broken,      ///< the daemon closed the connection, or wrote something that is not a reply to us
};

const char *describe(CallStatus status);

/// The socket path PROTOCOL.md section 2 gives a client: $HANGULD_SOCKET, else
/// $XDG_RUNTIME_DIR/hangul/hanguld.sock; empty when neither is set (then there is no daemon to find).
std::string defaultSocketPath();

class DaemonConnection {
public:
    DaemonConnection() = default;
    ~DaemonConnection();
    DaemonConnection(const DaemonConnection &) = delete;
    DaemonConnection &operator=(const DaemonConnection &) = delete;

    bool isOpen() const { return fd_ >= 0; }

    /// Connects without blocking. A Unix socket connects at once or not at all, so there is no wait:
    /// ENOENT (no socket) and ECONNREFUSED (a dead daemon's socket) are `Unreachable`, and so is
    /// EAGAIN (a stopped daemon's full backlog).
    CallStatus open(const std::string &path, int *error = nullptr);

    /// Sends `{"id":N,"method":…,"params":…}` and waits, until `deadline` at the latest, for the
    /// reply with that id. On `Ok`, `result` holds the reply's `result` object; on `Refused`,
    /// `errorCode` and `errorMessage` the reply's error. Anything else closes the connection.
    CallStatus call(const char *method, const nlohmann::json &params, Clock::time_point deadline,
                    nlohmann::json &result, int64_t *errorCode = nullptr, std::string *errorMessage = nullptr);

    /// Sends a notification (a request without an id, which gets no reply), bounded by `deadline`.
    /// Anything but `Ok` closes the connection.
    CallStatus notify(const char *method, const nlohmann::json &params, Clock::time_point deadline);

    void close();

private:
    bool sendAll(const std::string &line, Clock::time_point deadline, CallStatus &status);
    CallStatus readLine(Clock::time_point deadline, std::string &line);

    int fd_ = -1;
    int64_t nextId_ = 1;
    std::string pending_; ///< bytes read after the last complete line
};

} // namespace hanguld
