#include "daemon_link.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hangul_wayland {

namespace {
// A reply line longer than the protocol's bound (section 10) means a broken daemon, never text.
constexpr size_t maxLineBytes = 65536;

int millisecondsUntil(Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left) + 1;
}
} // namespace

std::string defaultSocketPath() {
    if (const char *socket = std::getenv("HANGULD_SOCKET"); socket && *socket) {
        return socket;
    }
    if (const char *runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime) {
        return std::string(runtime) + "/hangul/hanguld.sock";
    }
    return {};
}

bool DaemonLink::takeFreshSession() {
    bool fresh = fresh_;
    fresh_ = false;
    return fresh;
}

DaemonLink::Status DaemonLink::open(int &error) {
    error = 0;
    if (settings_.socketPath.empty() || settings_.socketPath.size() >= sizeof(sockaddr_un::sun_path)) {
        error = ENOENT;
        return Status::Unreachable;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        error = errno;
        return Status::Unreachable;
    }
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, settings_.socketPath.c_str(), settings_.socketPath.size());
    // A Unix socket connects at once or not at all: no wait here.
    if (connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) != 0) {
        error = errno;
        ::close(fd);
        return Status::Unreachable;
    }
    fd_ = fd;
    pending_.clear();
    return Status::Ok;
}

bool DaemonLink::startDaemon() {
    const auto now = Clock::now();
    if (settings_.daemonPath.empty() || now < nextSpawn_ || access(settings_.daemonPath.c_str(), X_OK) != 0) {
        return false;
    }
    nextSpawn_ = now + std::chrono::seconds(5);
    const char *program = settings_.daemonPath.c_str();
    char *const argv[] = {const_cast<char *>(program), nullptr};
    pid_t child = fork();
    if (child < 0) {
        return false;
    }
    if (child == 0) {
        // Detached twice: its own session, reparented away from us, so the daemon outlives a restart
        // of the input method and we have no child to reap.
        setsid();
        if (fork() != 0) {
            _exit(0);
        }
        int null = ::open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
        }
        execv(program, argv);
        _exit(127);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    std::fprintf(stderr, "hangul-wayland: no daemon at %s; started %s\n", settings_.socketPath.c_str(), program);
    return true;
}

void DaemonLink::close() {
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    pending_.clear();
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
    Status status = open(error);
    if (status != Status::Ok && (error == ENOENT || error == ECONNREFUSED) && startDaemon()) {
        // A fresh hanguld listens within some tens of milliseconds: wait for it inside the same
        // deadline, so the first key after login composes instead of passing through.
        while (status != Status::Ok && Clock::now() + std::chrono::milliseconds(2) < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            status = open(error);
        }
        if (status != Status::Ok) {
            nextSpawn_ = Clock::now() + std::chrono::seconds(60);
        }
    }
    if (status != Status::Ok) {
        fail(status);
        return false;
    }
    nlohmann::json hello = {{"id", nextId_},
                            {"method", "hello"},
                            {"params", {{"protocol", 1}, {"client", "hangul-wayland " HANGULD_VERSION}}}};
    nlohmann::json reply;
    status = exchange(hello.dump() + "\n", nextId_++, deadline, reply);
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
    return fd_ >= 0 || connectAndGreet();
}

std::optional<nlohmann::json> DaemonLink::call(const char *method, const nlohmann::json &params) {
    if (!ensureSession()) {
        return std::nullopt;
    }
    const int64_t id = nextId_++;
    nlohmann::json request = {{"id", id}, {"method", method}, {"params", params}};
    nlohmann::json reply;
    Status status = exchange(request.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", id,
                             Clock::now() + settings_.deadline, reply);
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
    if (fd_ < 0) {
        return;
    }
    nlohmann::json request = {{"method", method}, {"params", params}};
    Status status = Status::Ok;
    if (!writeAll(request.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n",
                  Clock::now() + settings_.deadline, status)) {
        fail(status);
    }
}

DaemonLink::Status DaemonLink::exchange(const std::string &line, int64_t id, Clock::time_point deadline,
                                        nlohmann::json &result) {
    Status status = Status::Ok;
    if (!writeAll(line, deadline, status)) {
        return status;
    }
    for (;;) {
        std::string replyLine;
        status = readLine(deadline, replyLine);
        if (status != Status::Ok) {
            return status;
        }
        nlohmann::json reply = nlohmann::json::parse(replyLine, nullptr, false);
        if (!reply.is_object()) {
            return Status::Broken;
        }
        auto replyId = reply.find("id");
        if (replyId == reply.end() || !replyId->is_number_integer()) {
            // An error with id null is connection-level (section 7): the daemon closes on us.
            return Status::Broken;
        }
        if (replyId->get<int64_t>() != id) {
            continue; // a late reply to a request we gave up on cannot happen on a fresh connection
        }
        if (auto found = reply.find("result"); found != reply.end() && found->is_object()) {
            result = *found;
            return Status::Ok;
        }
        return reply.contains("error") ? Status::Refused : Status::Broken;
    }
}

bool DaemonLink::writeAll(const std::string &line, Clock::time_point deadline, Status &status) {
    size_t written = 0;
    while (written < line.size()) {
        ssize_t count = send(fd_, line.data() + written, line.size() - written, MSG_NOSIGNAL);
        if (count > 0) {
            written += static_cast<size_t>(count);
            continue;
        }
        if (count < 0 && errno == EINTR) {
            continue;
        }
        if (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            pollfd poller{fd_, POLLOUT, 0};
            int ready = poll(&poller, 1, millisecondsUntil(deadline));
            if (ready == 0 || Clock::now() >= deadline) {
                status = Status::Timeout;
                return false;
            }
            continue;
        }
        status = Status::Broken;
        return false;
    }
    return true;
}

DaemonLink::Status DaemonLink::readLine(Clock::time_point deadline, std::string &line) {
    for (;;) {
        if (size_t newline = pending_.find('\n'); newline != std::string::npos) {
            line = pending_.substr(0, newline);
            pending_.erase(0, newline + 1);
            return Status::Ok;
        }
        if (pending_.size() >= maxLineBytes) {
            return Status::Broken;
        }
        pollfd poller{fd_, POLLIN, 0};
        int ready = poll(&poller, 1, millisecondsUntil(deadline));
        if (ready < 0 && errno == EINTR) {
            continue;
        }
        if (ready <= 0) {
            return ready == 0 ? Status::Timeout : Status::Broken;
        }
        char buffer[8192];
        ssize_t count = recv(fd_, buffer, sizeof(buffer), 0);
        if (count < 0 && (errno == EINTR || errno == EAGAIN)) {
            continue;
        }
        if (count <= 0) {
            return Status::Broken;
        }
        pending_.append(buffer, static_cast<size_t>(count));
    }
}

} // namespace hangul_wayland
