#include "engine.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <fcitx-config/iniparser.h>
#include <fcitx-utils/log.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextmanager.h>
#include <fcitx/inputpanel.h>
#include <fcitx/statusarea.h>
#include <fcitx/text.h>
#include <fcitx/userinterface.h>
#include <fcitx/userinterfacemanager.h>

#ifndef HANGULD_EXECUTABLE
#define HANGULD_EXECUTABLE "/usr/local/bin/hanguld"
#endif

namespace hanguld {

FCITX_DEFINE_LOG_CATEGORY(hanguldLog, "hanguld");
#define HANGULD_INFO() FCITX_LOGC(::hanguld::hanguldLog, Info)
#define HANGULD_WARN() FCITX_LOGC(::hanguld::hanguldLog, Warn)

namespace {

/// Why 150 ms: a reply slower than that is already a lag a typist sees, so waiting longer buys
/// nothing, while the daemon's worst case under load is well under a millisecond and its cold start
/// about 20 ms: a healthy daemon never comes near it. PROTOCOL.md suggests 100–200 ms.
constexpr std::chrono::milliseconds defaultDeadline{150};
constexpr const char *configFile = "conf/hanguld.conf";
constexpr const char *clientName = "fcitx5-hanguld 0.1.0";

/// The X11 modifier bits PROTOCOL.md 6.2 reads. fcitx5's KeyStates keep the X11 values in the low
/// byte; its second Super bit (Super2, 1 << 26) is folded into Mod4 so a Super shortcut is one.
uint32_t x11Modifiers(fcitx::KeyStates states) {
    uint32_t bits = states.toInteger() & 0xFFu;
    if (states.test(fcitx::KeyState::Super2)) {
        bits |= static_cast<uint32_t>(fcitx::KeyState::Super);
    }
    return bits;
}

std::string stringMember(const nlohmann::json &object, const char *name) {
    auto found = object.find(name);
    return (found != object.end() && found->is_string()) ? found->get<std::string>() : std::string();
}

bool autostartEnabled() {
    const char *value = std::getenv("HANGULD_AUTOSTART");
    return !(value && std::strcmp(value, "0") == 0);
}

} // namespace

HangulDaemonEngine::HangulDaemonEngine(fcitx::Instance *instance)
    : instance_(instance), factory_([](fcitx::InputContext &) { return new SessionState(); }),
      deadline_(defaultDeadline) {
    instance_->inputContextManager().registerProperty("hanguldSession", &factory_);
    instance_->userInterfaceManager().registerAction("hanguld-mode", &modeAction_);
    reloadConfig();
}

HangulDaemonEngine::~HangulDaemonEngine() = default;

void HangulDaemonEngine::reloadConfig() {
    fcitx::readAsIni(config_, configFile);
    pushOptions();
}

void HangulDaemonEngine::setConfig(const fcitx::RawConfig &config) {
    config_.load(config, true);
    fcitx::safeSaveAsIni(config_, configFile);
    pushOptions();
}

void HangulDaemonEngine::pushOptions() {
    warnedOptions_ = false;
    // Open sessions take the new options now; set_options commits the preedit first.
    instance_->inputContextManager().foreach([this](fcitx::InputContext *ic) {
        auto &session = state(ic);
        if (!session.connection.isOpen()) {
            return true;
        }
        nlohmann::json result;
        int64_t code = 0;
        std::string message;
        CallStatus status = session.connection.call("set_options", optionsParams(), Clock::now() + deadline_, result,
                                                    &code, &message);
        if (status == CallStatus::Ok) {
            applyState(ic, session, result);
        } else if (status == CallStatus::Refused) {
            if (!warnedOptions_) {
                warnedOptions_ = true;
                HANGULD_WARN() << "hanguld refused the options in " << configFile << " (" << code << "): " << message;
            }
        } else {
            failOpen(ic, session, status);
        }
        return true;
    });
}

nlohmann::json HangulDaemonEngine::optionsParams() const {
    nlohmann::json toggleKeys = nlohmann::json::array();
    for (const auto &key : *config_.toggleKeys) {
        // fcitx5 writes keys as Modifier+…+keysym name ("Shift+space", "Control+Alt+h"), the form
        // PROTOCOL.md 9.3 reads.
        toggleKeys.push_back(key.toString());
    }
    return {
        {"layout", *config_.layout},
        {"auto-reorder", *config_.autoReorder},
        {"combi-on-double-stroke", *config_.combiOnDoubleStroke},
        {"non-choseong-combi", *config_.nonChoseongCombi},
        {"extended-vowels", *config_.extendedVowels},
        {"toggle-keys", toggleKeys},
        {"escape-to-latin", *config_.escapeToLatin},
        // Hanja keys off: this addon shows no candidate list yet, and a list the user cannot see
        // would turn the next digit into a hanja. F9 and the Hanja key reach the application.
        {"hanja-keys", nlohmann::json::array()},
    };
}

std::string HangulDaemonEngine::daemonExecutable() {
    if (access(HANGULD_EXECUTABLE, X_OK) == 0) {
        return HANGULD_EXECUTABLE;
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

bool HangulDaemonEngine::startDaemon(const std::string &socketPath) {
    const auto now = Clock::now();
    if (!autostartEnabled() || now < nextSpawn_) {
        return false;
    }
    // Again in 5 s at the earliest; 60 s when this one does not answer (see ensureSession).
    nextSpawn_ = now + std::chrono::seconds(5);
    const std::string executable = daemonExecutable();
    if (executable.empty()) {
        nextSpawn_ = now + std::chrono::seconds(60);
        HANGULD_WARN() << "no daemon at " << socketPath << ", and no hanguld at " << HANGULD_EXECUTABLE
                       << " or on PATH to start";
        return false;
    }
    // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
    const char *program = executable.c_str();
    char *const argv[] = {const_cast<char *>(program), nullptr};
    pid_t child = fork();
    if (child < 0) {
        return false;
    }
    if (child == 0) {
        // Detached twice over: its own session, and reparented to init, so fcitx5 has no child to reap
        // and the daemon outlives an fcitx5 restart.
        setsid();
        if (fork() != 0) {
            _exit(0);
        }
        // No descriptor of fcitx5's (its D-Bus and display connections) stays open in the daemon;
        // standard error stays fcitx5's, so the daemon's log lands where fcitx5's does.
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
        }
        close_range(3, ~0U, 0);
        execv(program, argv);
        _exit(127);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    HANGULD_INFO() << "no daemon at " << socketPath << "; started " << program;
    return true;
}

bool HangulDaemonEngine::ensureSession(fcitx::InputContext *ic, SessionState &session) {
    const auto now = Clock::now();
    if (session.connection.isOpen()) {
        if (now < daemonSilentUntil_) {
            // Another context just waited out the deadline: this one would only wait again.
            abandonSession(ic, session);
            return false;
        }
        return true;
    }
    if (now < daemonSilentUntil_) {
        return false;
    }
    const auto deadline = now + deadline_;
    const std::string path = defaultSocketPath();
    int error = 0;
    CallStatus status = session.connection.open(path, &error);
    if (status != CallStatus::Ok && !path.empty() && (error == ENOENT || error == ECONNREFUSED) && startDaemon(path)) {
        // A fresh hanguld accepts within about 20 ms; wait for it inside the same deadline, so the
        // first key after login composes instead of passing through.
        while (status != CallStatus::Ok && Clock::now() + std::chrono::milliseconds(2) < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            status = session.connection.open(path, &error);
        }
        if (status != CallStatus::Ok) {
            // It did not come up (it refused to start, or is slow): do not make a key wait for that
            // again soon. Its log, on fcitx5's standard error, says why.
            nextSpawn_ = Clock::now() + std::chrono::seconds(60);
        }
    }
    auto fail = [&](CallStatus why) {
        session.connection.close();
        session.failures = std::min(session.failures + 1, 5);
        // A refused connect costs microseconds, so retry on the next key; a silent daemon costs a
        // deadline per attempt, so back off (1, 2, 4, 8, 16 s) and make every context wait with it.
        if (why == CallStatus::Timeout) {
            daemonSilentUntil_ = Clock::now() + std::chrono::seconds(1 << (session.failures - 1));
        }
        if (!warnedUnreachable_) {
            warnedUnreachable_ = true;
            HANGULD_WARN() << "hanguld at " << (path.empty() ? "(no socket path: set XDG_RUNTIME_DIR)" : path)
                           << ": " << describe(why) << "; keys pass through until it answers";
        }
        return false;
    };
    if (status != CallStatus::Ok) {
        return fail(status);
    }
    nlohmann::json result;
    int64_t code = 0;
    std::string message;
    status = session.connection.call("hello", {{"protocol", 1}, {"client", clientName}}, deadline, result, &code,
                                     &message);
    if (status != CallStatus::Ok || !result.contains("protocol") || result["protocol"] != 1) {
        return fail(status == CallStatus::Ok || status == CallStatus::Refused ? CallStatus::Broken : status);
    }
    status = session.connection.call("set_options", optionsParams(), deadline, result, &code, &message);
    if (status == CallStatus::Refused) {
        // The user's configuration is wrong (an unknown layout, a toggle key xkb does not know): say
        // what, once per configuration, and type with the daemon's defaults rather than not at all.
        if (!warnedOptions_) {
            warnedOptions_ = true;
            HANGULD_WARN() << "hanguld refused the options in " << configFile << " (" << code << "): " << message;
        }
    } else if (status != CallStatus::Ok) {
        return fail(status);
    }
    // A new session starts in Hangul mode: restore Latin if the user had chosen it before the break.
    session.mode = "hangul";
    if (session.chosenMode == "latin") {
        status = session.connection.call("set_mode", {{"mode", "latin"}}, deadline, result);
        if (status != CallStatus::Ok && status != CallStatus::Refused) {
            return fail(status);
        }
        session.mode = "latin";
    }
    session.passwordSent = false;
    session.failures = 0;
    refreshIndicator(ic);
    if (warnedUnreachable_) {
        warnedUnreachable_ = false;
        HANGULD_INFO() << "hanguld answers again";
    }
    return syncContentType(ic, session);
}

bool HangulDaemonEngine::syncContentType(fcitx::InputContext *ic, SessionState &session) {
    const bool password = ic->capabilityFlags().test(fcitx::CapabilityFlag::Password);
    if (password == session.passwordSent) {
        return true;
    }
    nlohmann::json result;
    if (!request(ic, session, "set_content_type", {{"purpose", password ? "password" : "normal"}}, result)) {
        return false;
    }
    session.passwordSent = password;
    applyState(ic, session, result);
    return true;
}

bool HangulDaemonEngine::request(fcitx::InputContext *ic, SessionState &session, const char *method,
                                 const nlohmann::json &params, nlohmann::json &result) {
    CallStatus status = session.connection.call(method, params, Clock::now() + deadline_, result);
    if (status == CallStatus::Ok) {
        return true;
    }
    if (status == CallStatus::Refused) {
        // Our own request was malformed: a bug here, not in the daemon. The session is unchanged.
        HANGULD_WARN() << "hanguld refused a " << method << " request";
        return false;
    }
    failOpen(ic, session, status);
    return false;
}

void HangulDaemonEngine::failOpen(fcitx::InputContext *ic, SessionState &session, CallStatus status) {
    session.failures = std::min(session.failures + 1, 5);
    if (status == CallStatus::Timeout) {
        daemonSilentUntil_ = Clock::now() + std::chrono::seconds(1 << (session.failures - 1));
    }
    HANGULD_WARN() << "hanguld: " << describe(status) << "; the preedit is committed and keys pass through";
    warnedUnreachable_ = true;
    abandonSession(ic, session);
}

void HangulDaemonEngine::abandonSession(fcitx::InputContext *ic, SessionState &session) {
    session.connection.close();
    const std::string text = session.shownPreedit;
    showPreedit(ic, session, "");
    if (!text.empty()) {
        ic->commitString(text);
    }
    refreshIndicator(ic);
}

void HangulDaemonEngine::refreshIndicator(fcitx::InputContext *ic) {
    modeAction_.update(ic);
    ic->updateUserInterface(fcitx::UserInterfaceComponent::StatusArea);
}

void HangulDaemonEngine::showPreedit(fcitx::InputContext *ic, SessionState &session, const std::string &preedit) {
    const bool client = ic->capabilityFlags().test(fcitx::CapabilityFlag::Preedit);
    if (preedit == session.shownPreedit && client == session.shownInClient) {
        return;
    }
    auto &panel = ic->inputPanel();
    fcitx::Text text;
    if (!preedit.empty()) {
        text.append(preedit, fcitx::TextFormatFlag::Underline);
        text.setCursor(static_cast<int>(preedit.size()));
    }
    if (client) {
        panel.setClientPreedit(text);
        panel.setPreedit(fcitx::Text());
    } else {
        panel.setPreedit(text);
        panel.setClientPreedit(fcitx::Text());
    }
    session.shownPreedit = preedit;
    session.shownInClient = client;
    ic->updatePreedit();
    ic->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

void HangulDaemonEngine::setMode(fcitx::InputContext *ic, SessionState &session, const std::string &mode) {
    if (mode.empty()) {
        return;
    }
    // In a password field the daemon reports Latin; that is the field's state, not the user's choice,
    // which the daemon keeps for when the field changes (and we restore after a reconnection).
    if (!session.passwordSent) {
        session.chosenMode = mode;
    }
    if (mode == session.mode) {
        return;
    }
    session.mode = mode;
    refreshIndicator(ic);
    instance_->showInputMethodInformation(ic);
}

std::string HangulDaemonEngine::modeLabel(fcitx::InputContext *ic) {
    auto &session = state(ic);
    // Without a daemon every key reaches the application untouched: that is Latin, whatever was chosen.
    return (!session.connection.isOpen() || session.mode == "latin") ? "A" : "한";
}

void HangulDaemonEngine::toggleMode(fcitx::InputContext *ic) {
    auto &session = state(ic);
    nlohmann::json result;
    if (ensureSession(ic, session) && request(ic, session, "toggle", nlohmann::json::object(), result)) {
        applyState(ic, session, result);
    }
}

std::string ModeAction::shortText(fcitx::InputContext *ic) const {
    return engine_->modeLabel(ic) == "A" ? "A (Latin)" : "한 (Hangul)";
}

std::string ModeAction::longText(fcitx::InputContext *) const { return "Switch between Hangul and Latin"; }

std::string ModeAction::icon(fcitx::InputContext *ic) const {
    return engine_->modeLabel(ic) == "A" ? "input-keyboard" : "";
}

void ModeAction::activate(fcitx::InputContext *ic) { engine_->toggleMode(ic); }

void HangulDaemonEngine::applyState(fcitx::InputContext *ic, SessionState &session, const nlohmann::json &result) {
    const std::string commit = stringMember(result, "commit");
    if (!commit.empty()) {
        ic->commitString(commit);
    }
    showPreedit(ic, session, stringMember(result, "preedit"));
    setMode(ic, session, stringMember(result, "mode"));
}

void HangulDaemonEngine::keyEvent(const fcitx::InputMethodEntry &, fcitx::KeyEvent &event) {
    auto *ic = event.inputContext();
    auto &session = state(ic);
    if (!ensureSession(ic, session) || !syncContentType(ic, session)) {
        return; // not filtered: fcitx5 hands the key to the application
    }
    const fcitx::Key raw = event.rawKey();
    nlohmann::json params = {{"keysym", static_cast<uint32_t>(raw.sym()) & 0x1FFFFFFFu},
                             {"modifiers", x11Modifiers(raw.states())}};
    // The xkb keycode lets the daemon find the physical key whatever the user's Latin layout;
    // 0 means the frontend did not say (synthetic events), and the keysym alone decides.
    if (raw.code() >= 8 && raw.code() <= 65535) {
        params["keycode"] = raw.code();
    }
    if (event.isRelease()) {
        params["release"] = true;
    }
    nlohmann::json result;
    CallStatus status = session.connection.call("key", params, Clock::now() + deadline_, result);
    if (status == CallStatus::Broken) {
        // The daemon went away since the last key (restarted, upgraded, crashed). A session dies with
        // its connection, so nothing of this key was applied: commit what is shown, open a new session
        // and send the key once more. Only if that fails too does the key pass through, so the first
        // key after a daemon restart composes instead of arriving as Latin.
        failOpen(ic, session, status);
        if (!ensureSession(ic, session) || !syncContentType(ic, session)) {
            return;
        }
        status = session.connection.call("key", params, Clock::now() + deadline_, result);
    }
    if (status == CallStatus::Refused) {
        HANGULD_WARN() << "hanguld refused a key request"; // our bug: the session is unchanged
        return;
    }
    if (status != CallStatus::Ok) {
        failOpen(ic, session, status);
        return;
    }
    applyState(ic, session, result);
    auto handled = result.find("handled");
    if (handled != result.end() && handled->is_boolean() && handled->get<bool>()) {
        event.filterAndAccept();
    }
}

void HangulDaemonEngine::activate(const fcitx::InputMethodEntry &, fcitx::InputContextEvent &event) {
    // Connect now rather than on the first key, so the indicator is right and the first key is fast.
    auto *ic = event.inputContext();
    auto &session = state(ic);
    ensureSession(ic, session);
    ic->statusArea().addAction(fcitx::StatusGroup::InputMethod, &modeAction_);
    refreshIndicator(ic);
}

void HangulDaemonEngine::endComposition(fcitx::InputContext *ic, SessionState &session, bool commitClientPreedit) {
    if (session.shownPreedit.empty()) {
        return; // nothing composed: no round trip on every focus change
    }
    const bool clientOwnsIt = session.shownInClient && !commitClientPreedit;
    if (!session.connection.isOpen()) {
        const std::string text = session.shownPreedit;
        showPreedit(ic, session, "");
        if (!clientOwnsIt) {
            ic->commitString(text);
        }
        return;
    }
    nlohmann::json result;
    if (clientOwnsIt) {
        // fcitx5 (or the application, with ClientUnfocusCommit) commits the client preedit itself:
        // only forget it here, or it would appear twice.
        session.shownPreedit.clear();
        auto &panel = ic->inputPanel();
        panel.setClientPreedit(fcitx::Text());
        if (request(ic, session, "cancel", nlohmann::json::object(), result)) {
            applyState(ic, session, result);
        }
        return;
    }
    // The preedit is ours (in fcitx5's panel, or the user is leaving this input method): commit it.
    const std::string text = session.shownPreedit;
    showPreedit(ic, session, "");
    if (request(ic, session, "reset", nlohmann::json::object(), result)) {
        applyState(ic, session, result);
    } else {
        ic->commitString(text); // the daemon failed: the text on screen is still the user's
    }
}

void HangulDaemonEngine::deactivate(const fcitx::InputMethodEntry &, fcitx::InputContextEvent &event) {
    auto *ic = event.inputContext();
    // Switching to another input method keeps the focus, and no one else commits the preedit; on
    // focus out fcitx5 has already committed the client preedit.
    endComposition(ic, state(ic), event.type() == fcitx::EventType::InputContextSwitchInputMethod);
}

void HangulDaemonEngine::reset(const fcitx::InputMethodEntry &, fcitx::InputContextEvent &event) {
    auto *ic = event.inputContext();
    endComposition(ic, state(ic), false);
}

std::string HangulDaemonEngine::subModeLabelImpl(const fcitx::InputMethodEntry &, fcitx::InputContext &ic) {
    return modeLabel(&ic);
}

std::string HangulDaemonEngine::subModeIconImpl(const fcitx::InputMethodEntry &, fcitx::InputContext &ic) {
    // Latin shows a plain keyboard; Hangul keeps the input method's own icon.
    return modeLabel(&ic) == "A" ? "input-keyboard" : "";
}

} // namespace hanguld

FCITX_ADDON_FACTORY(hanguld::HangulDaemonEngineFactory);
