#include "session.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <unistd.h>

#include "detachedstart.h"
#include "reply.h"

namespace hanguld {

namespace {

bool autostartEnabled() {
    const char *value = std::getenv("HANGULD_AUTOSTART");
    return !(value && std::strcmp(value, "0") == 0);
}

} // namespace

std::string DaemonStarter::executable() const {
    if (!executable_.empty() && access(executable_.c_str(), X_OK) == 0) {
        return executable_;
    }
    const char *path = std::getenv("PATH");
    std::string directories = path ? path : "/usr/local/bin:/usr/bin:/bin";
    size_t start = 0;
    while (start <= directories.size()) {
        size_t end = directories.find(':', start);
        if (end == std::string::npos) {
            end = directories.size();
        }
        std::string candidate = directories.substr(start, end - start) + "/hanguld";
        if (end > start && access(candidate.c_str(), X_OK) == 0) {
            return candidate;
        }
        start = end + 1;
    }
    return {};
}

void DaemonStarter::didNotComeUp() {
    // It refused to start, or is slow: do not make a key wait for that again soon. Its log, on
    // fcitx5's standard error, says why.
    nextSpawn_ = Clock::now() + std::chrono::seconds(60);
}

bool DaemonStarter::start(const std::string &socketPath, std::string &why) {
    const auto now = Clock::now();
    if (!autostartEnabled() || now < nextSpawn_) {
        return false;
    }
    nextSpawn_ = now + std::chrono::seconds(5);
    const std::string found = executable();
    if (found.empty()) {
        nextSpawn_ = now + std::chrono::seconds(60);
        why = "no daemon at " + socketPath + ", and no hanguld at " + executable_ + " or on PATH to start";
        return false;
    }
    if (!startDetached(found)) {
        return false;
    }
    why = "no daemon at " + socketPath + "; started " + found;
    return true;
}

bool DaemonSession::ensure() {
    const auto now = Clock::now();
    if (shared_.reconnect.isSilent(now)) {
        // Another context just waited out the deadline: this one would only wait again. The daemon's
        // session still holds what the caller now commits, so it must not be used again.
        close();
        return false;
    }
    if (isOpen()) {
        return true;
    }
    const auto deadline = now + shared_.deadline;
    const std::string path = defaultSocketPath();
    int error = 0;
    CallStatus status = connection_.open(path, &error);
    if (status != CallStatus::Ok && !path.empty() && (error == ENOENT || error == ECONNREFUSED)) {
        std::string why;
        const bool started = shared_.starter.start(path, why);
        if (!why.empty()) {
            shared_.log(started ? SessionShared::Level::Info : SessionShared::Level::Warning, why);
        }
        if (started) {
            // A fresh hanguld accepts within about 20 ms; wait for it inside the same deadline, so the
            // first key after login composes instead of passing through.
            while (status != CallStatus::Ok && Clock::now() + std::chrono::milliseconds(2) < deadline) {
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                status = connection_.open(path, &error);
            }
            if (status != CallStatus::Ok) {
                shared_.starter.didNotComeUp();
            }
        }
    }
    auto fail = [&](CallStatus why) {
        close();
        if (why == CallStatus::Timeout) {
            shared_.reconnect.timedOut(Clock::now());
        }
        if (!shared_.warnedUnreachable) {
            shared_.warnedUnreachable = true;
            shared_.log(SessionShared::Level::Warning,
                        "hanguld at " + (path.empty() ? std::string("(no socket path: set XDG_RUNTIME_DIR)") : path) +
                            ": " + describe(why) + "; keys pass through until it answers");
        }
        return false;
    };
    if (status != CallStatus::Ok) {
        return fail(status);
    }
    nlohmann::json result;
    status = connection_.call("hello", {{"protocol", 1}, {"client", shared_.clientName}}, deadline, result);
    if (status != CallStatus::Ok || !result.contains("protocol") || result["protocol"] != 1) {
        return fail(status == CallStatus::Ok || status == CallStatus::Refused ? CallStatus::Broken : status);
    }
    shared_.reconnect.answered();
    // No set_options: the session starts with the options and mode of the daemon's settings file
    // (README, Configuration), which the daemon keeps up to date as the user edits it. Sending our
    // own would pin them in this session and hide the user's later edits.
    if (auto options = result.find("options"); options != result.end()) {
        readKeyLists(*options, shared_.keysymNamed, keyLists_);
    }
    if (!readMode(result, mode_)) {
        mode_ = Mode::Hangul;
    }
    speaksFocus_ = false;
    if (auto capabilities = result.find("capabilities"); capabilities != result.end() && capabilities->is_object()) {
        if (auto methods = capabilities->find("methods"); methods != capabilities->end() && methods->is_array()) {
            for (const auto &method : *methods) {
                speaksFocus_ = speaksFocus_ || method == "set_focus";
            }
        }
    }
    // After a break, the mode the user had chosen, whatever the file says new fields start in.
    if (hasChosenMode_ && chosenMode_ != mode_) {
        status = connection_.call("set_mode", {{"mode", modeName(chosenMode_)}}, deadline, result);
        if (status != CallStatus::Ok && status != CallStatus::Refused) {
            return fail(status);
        }
        if (status == CallStatus::Ok) {
            mode_ = chosenMode_;
        }
    }
    if (!hasChosenMode_) {
        hasChosenMode_ = true;
        chosenMode_ = mode_;
    }
    // A field that has the focus says so again, so `hangulctl mode` reaches it after a daemon restart
    // (the new daemon knows no focus) or a broken connection (the old session's focus went with it).
    if (speaksFocus_ && focused_) {
        status = connection_.call("set_focus", focusParams(), deadline, result);
        if (status != CallStatus::Ok && status != CallStatus::Refused) {
            return fail(status);
        }
        if (status == CallStatus::Ok && readMode(result, mode_)) {
            chosenMode_ = mode_; // mode-scope may give the field the mode its scope keeps
        }
    }
    passwordSent_ = false;
    if (shared_.warnedUnreachable) {
        shared_.warnedUnreachable = false;
        shared_.log(SessionShared::Level::Info, "hanguld answers again");
    }
    return true;
}

CallStatus DaemonSession::call(const char *method, const nlohmann::json &params, StateReply &reply) {
    nlohmann::json result;
    CallStatus status = connection_.call(method, params, Clock::now() + shared_.deadline, result);
    if (status == CallStatus::Refused) {
        return status;
    }
    if (status == CallStatus::Ok && !readStateReply(result, reply)) {
        status = CallStatus::Broken; // a malformed state: the daemon is not one we can follow
    }
    if (status != CallStatus::Ok) {
        failed(status);
        return status;
    }
    shared_.reconnect.answered();
    noteState(result, reply);
    return status;
}

nlohmann::json DaemonSession::focusParams() const {
    if (!focused_) {
        return {{"focused", false}};
    }
    nlohmann::json params = {{"focused", true}};
    // PROTOCOL.md 6.17 bounds each name to 256 bytes; a longer one is no key worth sending.
    if (!focusApplication_.empty() && focusApplication_.size() <= 256) {
        params["application"] = focusApplication_;
    }
    if (!focusField_.empty() && focusField_.size() <= 256) {
        params["field"] = focusField_;
    }
    return params;
}

CallStatus DaemonSession::setFocus(bool focused, const std::string &application, const std::string &field,
                                   StateReply &reply, bool &sent) {
    sent = false;
    focused_ = focused;
    focusApplication_ = focused ? application : std::string();
    focusField_ = focused ? field : std::string();
    if (!isOpen() || !speaksFocus_) {
        return CallStatus::Ok;
    }
    const CallStatus status = call("set_focus", focusParams(), reply);
    sent = status == CallStatus::Ok;
    return status;
}

CallStatus DaemonSession::syncContentType(bool password, StateReply &reply, bool &sent) {
    sent = false;
    if (password == passwordSent_) {
        return CallStatus::Ok;
    }
    // Said before the reply is read: in a password field the daemon reports Latin, which is the
    // field's state, not the user's choice.
    const bool before = passwordSent_;
    passwordSent_ = password;
    const CallStatus status = call("set_content_type", {{"purpose", password ? "password" : "normal"}}, reply);
    if (status != CallStatus::Ok) {
        passwordSent_ = before;
        return status;
    }
    sent = true;
    return status;
}

void DaemonSession::noteState(const nlohmann::json &result, const StateReply &reply) {
    if (auto options = result.find("options"); options != result.end()) {
        readKeyLists(*options, shared_.keysymNamed, keyLists_); // the settings file changed, or set_options
    }
    if (!reply.hasMode) {
        return;
    }
    // The daemon keeps the user's choice for when the field stops being a password field, and we
    // restore it after a reconnection.
    if (!passwordSent_) {
        chosenMode_ = reply.mode;
        hasChosenMode_ = true;
    }
    mode_ = reply.mode;
}

void DaemonSession::failed(CallStatus status) {
    close();
    if (status == CallStatus::Timeout) {
        shared_.reconnect.timedOut(Clock::now());
    }
    shared_.warnedUnreachable = true;
    shared_.log(SessionShared::Level::Warning,
                std::string("hanguld: ") + describe(status) + "; the preedit is committed and keys pass through");
}

void DaemonSession::close() { connection_.close(); }

} // namespace hanguld
