#include "daemonsettings.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "daemonconnection.h"
#include "session.h"

namespace hanguld {

namespace {

/// The configuration page is not typing: a person waits for it, and a daemon just started or a
/// reload of a large layout directory may take longer than a key's deadline.
constexpr std::chrono::milliseconds readDeadline{3000};
/// fcitx5 reads the page on its one event loop, so typing in every field waits with it: a daemon that
/// is there but stopped (or stuck) must not hold them all for `readDeadline`. `hello` is answered
/// at once by any daemon that is serving, a freshly started one included, so it gets this much; only
/// once it has answered may the reload take longer.
constexpr std::chrono::milliseconds greetDeadline{500};
/// `hangulctl config set` writes the file and waits for the daemon's reload verdict.
constexpr std::chrono::milliseconds writeLimit{10000};

std::string onPath(const std::string &name) {
    const char *path = std::getenv("PATH");
    std::string directories = path ? path : "/usr/local/bin:/usr/bin:/bin";
    size_t start = 0;
    while (start <= directories.size()) {
        size_t end = directories.find(':', start);
        if (end == std::string::npos) {
            end = directories.size();
        }
        std::string candidate = directories.substr(start, end - start) + "/" + name;
        if (end > start && access(candidate.c_str(), X_OK) == 0) {
            return candidate;
        }
        start = end + 1;
    }
    return {};
}

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
        text.pop_back();
    }
    return text;
}

} // namespace

int runProgram(const std::vector<std::string> &argv, std::chrono::milliseconds limit, std::string &output) {
    output.clear();
    if (argv.empty()) {
        return -1;
    }
    int pipeFds[2];
    if (pipe2(pipeFds, O_CLOEXEC) != 0) {
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], 2);
    // None of fcitx5's descriptors (its D-Bus and display connections) reach the child.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    std::vector<char *> args;
    args.reserve(argv.size() + 1);
    for (const auto &argument : argv) {
        args.push_back(const_cast<char *>(argument.c_str()));
    }
    args.push_back(nullptr);
    pid_t child = 0;
    const int spawned = posix_spawn(&child, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipeFds[1]);
    if (spawned != 0) {
        ::close(pipeFds[0]);
        output = std::string("cannot run ") + argv[0] + ": " + std::strerror(spawned);
        return -1;
    }
    const auto deadline = std::chrono::steady_clock::now() + limit;
    bool killed = false;
    char buffer[4096];
    for (;;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            kill(child, SIGKILL);
            killed = true;
            break;
        }
        pollfd watched{pipeFds[0], POLLIN, 0};
        const int ready = poll(&watched, 1, static_cast<int>(left.count()));
        if (ready < 0 && errno == EINTR) {
            continue;
        }
        if (ready <= 0) {
            continue; // the deadline is checked above
        }
        const ssize_t got = ::read(pipeFds[0], buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            break; // end of output: the program is ending
        }
        output.append(buffer, static_cast<size_t>(got));
    }
    ::close(pipeFds[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (killed) {
        output += "\n" + argv[0] + " did not finish within " + std::to_string(limit.count() / 1000) + " s";
        return -1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string SettingsChannel::hangulctl() const {
    if (!hangulctl_.empty() && access(hangulctl_.c_str(), X_OK) == 0) {
        return hangulctl_;
    }
    return onPath("hangulctl");
}

SettingsSnapshot SettingsChannel::read() {
    SettingsSnapshot snapshot;
    snapshot.socketPath = defaultSocketPath();
    if (snapshot.socketPath.empty()) {
        snapshot.notes.push_back("No socket path for hanguld: neither HANGULD_SOCKET nor XDG_RUNTIME_DIR is set in "
                                 "fcitx5's environment.");
        return snapshot;
    }
    const auto deadline = Clock::now() + readDeadline;
    DaemonConnection connection;
    int error = 0;
    CallStatus status = connection.open(snapshot.socketPath, &error);
    if (status != CallStatus::Ok && (error == ENOENT || error == ECONNREFUSED)) {
        std::string why;
        if (starter_.start(snapshot.socketPath, why)) {
            while (status != CallStatus::Ok && Clock::now() + std::chrono::milliseconds(10) < deadline) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                status = connection.open(snapshot.socketPath, &error);
            }
        }
    }
    nlohmann::json result;
    auto failed = [&](const std::string &what, CallStatus why) {
        snapshot.notes.push_back("hanguld at " + snapshot.socketPath + " (" + what + "): " + describe(why) +
                                 ". Start it (hanguld, or its systemd socket), then open this page again.");
        return snapshot;
    };
    if (status != CallStatus::Ok) {
        return failed("connect", status);
    }
    status = connection.call("hello", {{"protocol", 1}, {"client", "fcitx5-hanguld settings"}},
                             std::min(deadline, Clock::now() + greetDeadline), result);
    if (status != CallStatus::Ok) {
        return failed("hello", status);
    }
    // A fresh reading, so that a file edited a moment ago is judged as it is now. A daemon without a
    // settings file refuses (-32603): there is nothing to read then.
    int64_t code = 0;
    std::string message;
    status = connection.call("reload", nlohmann::json::object(), deadline, result, &code, &message);
    int64_t awaited = 0;
    if (status == CallStatus::Ok && result.contains("reload") && result["reload"].is_number_integer()) {
        awaited = result["reload"].get<int64_t>();
    } else if (status != CallStatus::Refused) {
        return failed("reload", status);
    }
    for (;;) {
        status = connection.call("status", nlohmann::json::object(), deadline, result);
        if (status != CallStatus::Ok) {
            return failed("status", status);
        }
        const auto reloads = result.value("reloads", int64_t{0});
        if (reloads >= awaited || Clock::now() + std::chrono::milliseconds(10) >= deadline) {
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (auto file = result.find("config_file"); file != result.end() && file->is_string()) {
        snapshot.configFile = file->get<std::string>();
    }
    if (auto problems = result.find("problems"); problems != result.end() && problems->is_array()) {
        for (const auto &problem : *problems) {
            if (problem.is_string()) {
                snapshot.problems.push_back(problem.get<std::string>());
            }
        }
    }
    status = connection.call("list_options", nlohmann::json::object(), deadline, result);
    if (status != CallStatus::Ok || !result.contains("options") || !result["options"].is_array()) {
        return failed("list_options", status == CallStatus::Ok ? CallStatus::Broken : status);
    }
    snapshot.options = result["options"];
    status = connection.call("get_options", nlohmann::json::object(), deadline, result);
    if (status != CallStatus::Ok || !result.contains("options") || !result["options"].is_object()) {
        return failed("get_options", status == CallStatus::Ok ? CallStatus::Broken : status);
    }
    snapshot.values = result["options"];
    connection.close();

    // Daemon-wide settings have no session value: the file's, as hangulctl reads it.
    bool daemonWide = false;
    for (const auto &option : snapshot.options) {
        daemonWide = daemonWide ||
                     (option.value("scope", "") == "daemon" && !snapshot.values.contains(option.value("name", "")));
    }
    if (daemonWide && !snapshot.configFile.empty() && snapshot.problems.empty()) {
        const std::string program = hangulctl();
        std::string output;
        const int exit =
            program.empty()
                ? -1
                : runProgram({program, "config", "get", "--json", "--file", snapshot.configFile}, writeLimit, output);
        // The JSON is one line on standard output; warnings (a layout file skipped) may come before it.
        const auto start = output.rfind("\n{");
        const std::string line = start == std::string::npos ? output : output.substr(start + 1);
        auto file = exit == 0 ? nlohmann::json::parse(line, nullptr, false) : nlohmann::json();
        if (file.is_object()) {
            for (const auto &option : snapshot.options) {
                const std::string name = option.value("name", "");
                if (option.value("scope", "") == "daemon" && file.contains(name)) {
                    snapshot.values[name] = file[name];
                }
            }
        } else {
            snapshot.notes.push_back(program.empty() ? "hangulctl was not found beside hanguld or on PATH: the "
                                                       "settings can be read but not changed here."
                                                     : "hangulctl config get: " + trimmed(output));
        }
    }
    snapshot.readable = true;
    return snapshot;
}

std::string SettingsChannel::write(const SettingsSnapshot &where, const std::string &name,
                                   const std::string &value) const {
    const std::string program = hangulctl();
    if (program.empty()) {
        return "hangulctl was not found beside hanguld or on PATH; install hanguld (scripts/install)";
    }
    if (where.configFile.empty()) {
        return "hanguld reads no settings file, so there is nowhere to write " + name;
    }
    std::vector<std::string> argv{program, "config", "set", "--file", where.configFile};
    if (!where.socketPath.empty()) {
        argv.insert(argv.end(), {"--socket", where.socketPath});
    }
    argv.insert(argv.end(), {name, value});
    std::string output;
    if (runProgram(argv, writeLimit, output) == 0) {
        return {};
    }
    output = trimmed(output);
    return output.empty() ? "hangulctl config set " + name + " failed" : output;
}

} // namespace hanguld
