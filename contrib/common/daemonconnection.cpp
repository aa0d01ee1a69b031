#include "daemonconnection.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace hanguld {

namespace {

/// The longest reply line we accept. The daemon's longest is `hello`'s, a few kilobytes with many
/// user layouts; PROTOCOL.md bounds every line at 64 KiB.
constexpr size_t maxLineBytes = 65536;

int millisecondsUntil(Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
        return 0;
    }
    // poll's granularity is a millisecond: round up so a deadline 0.4 ms away still waits for it.
    return static_cast<int>(left) + 1;
}

/// One request as a line. `replace` rather than throwing: a text or option value that is not UTF-8
/// must not throw inside the host process.
std::string lineOf(const nlohmann::json &request) {
    std::string line = request.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line.push_back('\n');
    return line;
}

} // namespace

const char *describe(CallStatus status) {
    switch (status) {
    case CallStatus::Ok:
        return "ok";
    case CallStatus::Refused:
        return "request refused";
    case CallStatus::Unreachable:
        return "daemon unreachable";
    case CallStatus::Timeout:
        return "no reply before the deadline";
    case CallStatus::Broken:
        return "connection broken";
    }
    return "unknown";
}

std::string defaultSocketPath() {
    if (const char *socket = std::getenv("HANGULD_SOCKET"); socket && *socket) {
        return socket;
    }
    if (const char *runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime) {
        return std::string(runtime) + "/hangul/hanguld.sock";
    }
    return {};
}

DaemonConnection::~DaemonConnection() { close(); }

void DaemonConnection::close() {
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    pending_.clear();
}

CallStatus DaemonConnection::open(const std::string &path, int *error) {
    close();
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (path.empty() || path.size() >= sizeof(address.sun_path)) {
        if (error) {
            *error = ENAMETOOLONG;
        }
        return CallStatus::Unreachable;
    }
    std::memcpy(address.sun_path, path.data(), path.size());
    int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        if (error) {
            *error = errno;
        }
        return CallStatus::Unreachable;
    }
    if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) != 0) {
        if (error) {
            *error = errno;
        }
        ::close(fd);
        return CallStatus::Unreachable;
    }
    fd_ = fd;
    nextId_ = 1;
    return CallStatus::Ok;
}

bool DaemonConnection::sendAll(const std::string &line, Clock::time_point deadline, CallStatus &status) {
    size_t sent = 0;
    while (sent < line.size()) {
        // MSG_NOSIGNAL: a daemon that died must not take the frontend's process down with SIGPIPE.
        ssize_t n = ::send(fd_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
        if (n > 0) {
            sent += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd waiting{fd_, POLLOUT, 0};
            int ready = ::poll(&waiting, 1, millisecondsUntil(deadline));
            if (ready == 0) {
                status = CallStatus::Timeout;
                return false;
            }
            if (ready < 0 && errno != EINTR) {
                status = CallStatus::Broken;
                return false;
            }
            continue;
        }
        status = CallStatus::Broken;
        return false;
    }
    return true;
}

CallStatus DaemonConnection::readLine(Clock::time_point deadline, std::string &line) {
    for (;;) {
        if (auto newline = pending_.find('\n'); newline != std::string::npos) {
            line.assign(pending_, 0, newline);
            pending_.erase(0, newline + 1);
            return CallStatus::Ok;
        }
        if (pending_.size() >= maxLineBytes) {
            return CallStatus::Broken;
        }
        char chunk[8192];
        ssize_t n = ::recv(fd_, chunk, sizeof(chunk), 0);
        if (n > 0) {
            pending_.append(chunk, static_cast<size_t>(n));
            continue;
        }
        if (n == 0) {
            return CallStatus::Broken;
        }
        if (errno == EINTR) {
            continue;
        }
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            return CallStatus::Broken;
        }
        if (Clock::now() >= deadline) {
            return CallStatus::Timeout;
        }
        pollfd waiting{fd_, POLLIN, 0};
        int ready = ::poll(&waiting, 1, millisecondsUntil(deadline));
        if (ready == 0) {
            return CallStatus::Timeout;
        }
        if (ready < 0 && errno != EINTR) {
            return CallStatus::Broken;
        }
    }
}

CallStatus DaemonConnection::call(const char *method, const nlohmann::json &params, Clock::time_point deadline,
                                  nlohmann::json &result, int64_t *errorCode, std::string *errorMessage) {
    if (fd_ < 0) {
        return CallStatus::Unreachable;
    }
    const int64_t id = nextId_++;
    nlohmann::json request = {{"id", id}, {"method", method}, {"params", params}};
    CallStatus status = CallStatus::Ok;
    if (!sendAll(lineOf(request), deadline, status)) {
        close();
        return status;
    }
    std::string replyLine;
    status = readLine(deadline, replyLine);
    if (status != CallStatus::Ok) {
        close();
        return status;
    }
    // Exceptions off: a malformed line is a broken daemon, not a reason to unwind through the host.
    nlohmann::json reply = nlohmann::json::parse(replyLine, nullptr, false);
    if (reply.is_discarded() || !reply.is_object()) {
        close();
        return CallStatus::Broken;
    }
    auto replyId = reply.find("id");
    // A reply to another id (or id null: a connection-level error, section 7) means the stream is not
    // the one-request-one-reply conversation we hold: start over.
    if (replyId == reply.end() || !replyId->is_number_integer() || replyId->get<int64_t>() != id) {
        close();
        return CallStatus::Broken;
    }
    if (auto found = reply.find("result"); found != reply.end() && found->is_object()) {
        result = std::move(*found);
        return CallStatus::Ok;
    }
    if (auto found = reply.find("error"); found != reply.end() && found->is_object()) {
        auto code = found->find("code");
        auto message = found->find("message");
        if (errorCode) {
            *errorCode = (code != found->end() && code->is_number_integer()) ? code->get<int64_t>() : -32603;
        }
        if (errorMessage) {
            *errorMessage = (message != found->end() && message->is_string()) ? message->get<std::string>() : "";
        }
        return CallStatus::Refused;
    }
    close();
    return CallStatus::Broken;
}

CallStatus DaemonConnection::notify(const char *method, const nlohmann::json &params, Clock::time_point deadline) {
    if (fd_ < 0) {
        return CallStatus::Unreachable;
    }
    CallStatus status = CallStatus::Ok;
    if (!sendAll(lineOf({{"method", method}, {"params", params}}), deadline, status)) {
        close();
        return status;
    }
    return CallStatus::Ok;
}

} // namespace hanguld
