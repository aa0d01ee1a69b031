#include "engine.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <fcitx-config/iniparser.h>
#include <fcitx-config/rawconfig.h>
#include <fcitx-utils/keysym.h>
#include <fcitx-utils/log.h>
#include <fcitx-utils/standardpath.h>
#include <fcitx-utils/utf8.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextmanager.h>
#include <fcitx/inputpanel.h>
#include <fcitx/statusarea.h>
#include <fcitx/text.h>
#include <fcitx/userinterface.h>
#include <fcitx/userinterfacemanager.h>

#include "hanjacandidates.h"

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
/// Where fcitx5 kept this addon's options before the daemon's settings file took them over.
constexpr const char *oldConfigFile = "conf/hanguld.conf";
constexpr const char *clientName = "fcitx5-hanguld " HANGULD_VERSION;
/// The X11 modifier bits a chord names (Shift, Control, Mod1, Mod4, Mod5); Lock, Mod2 and Mod3 are
/// ignored when matching, as PROTOCOL.md 9.3 says.
constexpr uint32_t chordModifierMask = 0x1u | 0x4u | 0x8u | 0x40u | 0x80u;
/// How much text before the cursor goes with a hanja key: the daemon matches words of at most 32
/// characters ending at the cursor (PROTOCOL.md 6.13), and 64 keeps us well inside its 4096 bytes.
constexpr size_t surroundingCharacters = 64;
constexpr size_t maxSurroundingBytes = 4096;

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

uint32_t foldAsciiLetter(uint32_t keysym) { return keysym >= 'A' && keysym <= 'Z' ? keysym + ('a' - 'A') : keysym; }

/// A non-negative integer member that fits an int; false when missing or anything else.
bool indexMember(const nlohmann::json &object, const char *name, int &value) {
    auto found = object.find(name);
    if (found == object.end() || !found->is_number_integer()) {
        return false;
    }
    const int64_t number = found->get<int64_t>();
    if (number < 0 || number > 1000000000) {
        return false;
    }
    value = static_cast<int>(number);
    return true;
}

bool autostartEnabled() {
    const char *value = std::getenv("HANGULD_AUTOSTART");
    return !(value && std::strcmp(value, "0") == 0);
}

} // namespace

bool KeyChord::parse(const std::string &text, KeyChord &chord) {
    KeyChord parsed;
    size_t start = 0;
    for (;;) {
        const size_t plus = text.find('+', start);
        if (plus == std::string::npos || plus == start) {
            break; // the rest is the keysym's name ("plus" is spelled out, so a '+' here is a separator)
        }
        std::string name = text.substr(start, plus - start);
        for (auto &c : name) {
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        if (name == "shift") {
            parsed.modifiers |= 0x1u;
        } else if (name == "control" || name == "ctrl") {
            parsed.modifiers |= 0x4u;
        } else if (name == "alt" || name == "mod1") {
            parsed.modifiers |= 0x8u;
        } else if (name == "super" || name == "mod4") {
            parsed.modifiers |= 0x40u;
        } else if (name == "altgr" || name == "mod5") {
            parsed.modifiers |= 0x80u;
        } else {
            return false;
        }
        start = plus + 1;
    }
    const fcitx::KeySym sym = fcitx::Key::keySymFromString(text.substr(start));
    if (sym == FcitxKey_None) {
        return false;
    }
    parsed.keysym = static_cast<uint32_t>(sym);
    chord = parsed;
    return true;
}

bool KeyChord::matches(uint32_t pressedKeysym, uint32_t pressedModifiers) const {
    return foldAsciiLetter(pressedKeysym) == foldAsciiLetter(keysym) &&
           (pressedModifiers & chordModifierMask) == modifiers;
}

HangulDaemonEngine::HangulDaemonEngine(fcitx::Instance *instance)
    : instance_(instance), factory_([](fcitx::InputContext &) { return new SessionState(); }),
      deadline_(defaultDeadline) {
    instance_->inputContextManager().registerProperty("hanguldSession", &factory_);
    instance_->userInterfaceManager().registerAction("hanguld-mode", &modeAction_);
    warnAboutOldConfiguration();
}

HangulDaemonEngine::~HangulDaemonEngine() = default;

void HangulDaemonEngine::warnAboutOldConfiguration() {
    fcitx::RawConfig old;
    fcitx::readAsIni(old, oldConfigFile);
    if (old.subItems().empty()) {
        return;
    }
    // A user who set a layout here must not find it silently gone: name the command that sets it now.
    std::string layout;
    if (const auto *value = old.valueByPath("Layout"); value && !value->empty()) {
        layout = *value;
    }
    const std::string path =
        fcitx::StandardPath::global().userDirectory(fcitx::StandardPath::Type::PkgConfig) + "/" + oldConfigFile;
    HANGULD_WARN() << path
                   << " holds options this addon no longer reads: hanguld's settings file decides them for "
                      "every frontend ("
                   << (layout.empty() ? std::string("hangulctl config set KEY VALUE")
                                      : "hangulctl config set layout " + layout)
                   << "; see `hangulctl config get`). Delete that file to silence this warning.";
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
            HANGULD_WARN() << "hanguld at " << (path.empty() ? "(no socket path: set XDG_RUNTIME_DIR)" : path) << ": "
                           << describe(why) << "; keys pass through until it answers";
        }
        return false;
    };
    if (status != CallStatus::Ok) {
        return fail(status);
    }
    nlohmann::json result;
    status = session.connection.call("hello", {{"protocol", 1}, {"client", clientName}}, deadline, result);
    if (status != CallStatus::Ok || !result.contains("protocol") || result["protocol"] != 1) {
        return fail(status == CallStatus::Ok || status == CallStatus::Refused ? CallStatus::Broken : status);
    }
    // No set_options: the session starts with the options and mode of the daemon's settings file
    // (README, Configuration), which the daemon keeps up to date as the user edits it. Sending our
    // own would pin them in this session and hide the user's later edits.
    if (auto options = result.find("options"); options != result.end()) {
        readHanjaKeys(session, *options);
    }
    const std::string startMode = stringMember(result, "mode");
    session.mode = startMode.empty() ? "hangul" : startMode;
    // After a break, the mode the user had chosen, whatever the file says new fields start in.
    if (!session.chosenMode.empty() && session.chosenMode != session.mode) {
        status = session.connection.call("set_mode", {{"mode", session.chosenMode}}, deadline, result);
        if (status != CallStatus::Ok && status != CallStatus::Refused) {
            return fail(status);
        }
        if (status == CallStatus::Ok) {
            session.mode = session.chosenMode;
        }
    }
    if (session.chosenMode.empty()) {
        session.chosenMode = session.mode;
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
    if (!applyState(ic, session, result)) {
        failOpen(ic, session, CallStatus::Broken);
        return false;
    }
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

bool HangulDaemonEngine::applyKeyReply(fcitx::InputContext *ic, SessionState &session, CallStatus status,
                                       const nlohmann::json &result) {
    if (status == CallStatus::Refused) {
        HANGULD_WARN() << "hanguld refused a key request"; // our bug: the session is unchanged
        return false;
    }
    if (status != CallStatus::Ok) {
        failOpen(ic, session, status);
        return false;
    }
    if (!applyState(ic, session, result)) {
        failOpen(ic, session, CallStatus::Broken);
        return false;
    }
    return true;
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
    hideCandidates(ic, session);
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
    if (ensureSession(ic, session) && request(ic, session, "toggle", nlohmann::json::object(), result) &&
        !applyState(ic, session, result)) {
        failOpen(ic, session, CallStatus::Broken);
    }
}

void HangulDaemonEngine::selectCandidate(fcitx::InputContext *ic, int index) {
    auto &session = state(ic);
    if (!session.connection.isOpen()) {
        hideCandidates(ic, session); // a list left from a dead session: nothing can pick from it
        return;
    }
    nlohmann::json result;
    CallStatus status =
        session.connection.call("select_candidate", {{"index", index}}, Clock::now() + deadline_, result);
    if (status == CallStatus::Refused) {
        // The daemon has no such list open (it closed it since the panel was drawn): stop showing it.
        hideCandidates(ic, session);
        return;
    }
    if (status != CallStatus::Ok) {
        failOpen(ic, session, status);
        return;
    }
    if (!applyState(ic, session, result)) {
        failOpen(ic, session, CallStatus::Broken);
    }
}

void HangulDaemonEngine::moveInCandidates(fcitx::InputContext *ic, uint32_t keysym) {
    auto &session = state(ic);
    if (!session.connection.isOpen()) {
        hideCandidates(ic, session);
        return;
    }
    // Press and release, as from a keyboard: the daemon tracks each press until its release (9.4).
    for (bool release : {false, true}) {
        nlohmann::json params = {{"keysym", keysym}};
        if (release) {
            params["release"] = true;
        }
        nlohmann::json result;
        CallStatus status = session.connection.call("key", params, Clock::now() + deadline_, result);
        if (!applyKeyReply(ic, session, status, result)) {
            return;
        }
    }
}

std::string ModeAction::shortText(fcitx::InputContext *ic) const {
    return engine_->modeLabel(ic) == "A" ? "A (Latin)" : "한 (Hangul)";
}

std::string ModeAction::longText(fcitx::InputContext * /*ic*/) const { return "Switch between Hangul and Latin"; }

std::string ModeAction::icon(fcitx::InputContext *ic) const {
    return engine_->modeLabel(ic) == "A" ? "input-keyboard" : "";
}

void ModeAction::activate(fcitx::InputContext *ic) { engine_->toggleMode(ic); }

bool HangulDaemonEngine::applyState(fcitx::InputContext *ic, SessionState &session, const nlohmann::json &result) {
    const auto candidates = result.find("candidates");
    if (candidates != result.end() && !candidates->is_null() && !candidates->is_object()) {
        return false;
    }
    int deleteBefore = 0;
    if (result.contains("delete_before") &&
        (!indexMember(result, "delete_before", deleteBefore) || deleteBefore == 0)) {
        return false;
    }
    if (deleteBefore > 0) {
        // Section 8: the preedit goes first, then the characters before the cursor the pick converts.
        showPreedit(ic, session, "");
        ic->deleteSurroundingText(-deleteBefore, static_cast<unsigned int>(deleteBefore));
    }
    const std::string commit = stringMember(result, "commit");
    if (!commit.empty()) {
        ic->commitString(commit);
    }
    showPreedit(ic, session, stringMember(result, "preedit"));
    if (candidates != result.end()) {
        if (candidates->is_null()) {
            hideCandidates(ic, session);
        } else if (!showCandidates(ic, session, *candidates)) {
            return false;
        }
    }
    if (auto options = result.find("options"); options != result.end()) {
        readHanjaKeys(session, *options); // the settings file changed, or set_options
    }
    setMode(ic, session, stringMember(result, "mode"));
    return true;
}

bool HangulDaemonEngine::showCandidates(fcitx::InputContext *ic, SessionState &session, const nlohmann::json &list) {
    int start = 0;
    int highlight = 0;
    int total = 0;
    auto items = list.find("items");
    if (!indexMember(list, "start", start) || !indexMember(list, "highlight", highlight) ||
        !indexMember(list, "total", total) || items == list.end() || !items->is_array() || items->empty() ||
        items->size() > static_cast<size_t>(candidatePageSize)) {
        return false;
    }
    const int count = static_cast<int>(items->size());
    // fcitx5's list throws on an index out of range, so the reply is checked before anything is built.
    if (start % candidatePageSize != 0 || highlight < start || highlight >= start + count || start + count > total) {
        return false;
    }
    auto candidateList = std::make_unique<HanjaCandidateList>(this, ic, start, total);
    for (int offset = 0; offset < count; ++offset) {
        const auto &item = (*items)[static_cast<size_t>(offset)];
        if (!item.is_object() || !item.contains("value") || !item["value"].is_string()) {
            return false;
        }
        candidateList->append<HanjaCandidate>(this, start + offset, item["value"].get<std::string>(),
                                              stringMember(item, "meaning"));
    }
    candidateList->setGlobalCursorIndex(highlight - start);
    ic->inputPanel().setCandidateList(std::move(candidateList));
    session.candidatesShown = true;
    ic->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
    return true;
}

void HangulDaemonEngine::hideCandidates(fcitx::InputContext *ic, SessionState &session) {
    if (!session.candidatesShown) {
        return;
    }
    session.candidatesShown = false;
    ic->inputPanel().setCandidateList(nullptr);
    ic->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

void HangulDaemonEngine::readHanjaKeys(SessionState &session, const nlohmann::json &options) {
    auto keys = options.find("hanja-keys");
    if (!options.is_object() || keys == options.end() || !keys->is_array()) {
        return;
    }
    session.hanjaKeys.clear();
    for (const auto &name : *keys) {
        KeyChord chord;
        if (name.is_string() && KeyChord::parse(name.get<std::string>(), chord)) {
            session.hanjaKeys.push_back(chord);
        }
    }
}

bool HangulDaemonEngine::sendSurroundingText(fcitx::InputContext *ic, SessionState &session) {
    const auto &surrounding = ic->surroundingText();
    const std::string &text = surrounding.text();
    const unsigned int cursor = surrounding.cursor();
    const unsigned int anchor = surrounding.anchor();
    std::string before;
    std::string selection;
    if (cursor != anchor) {
        // With a selection, the selection converts, as in ibus-hangul and fcitx5-hangul; sending the
        // text before it too would make the daemon convert that instead (PROTOCOL.md 9.5, rule 3).
        selection = surrounding.selectedText();
        if (selection.size() > maxSurroundingBytes) {
            selection.clear(); // no dictionary word is that long
        }
    } else {
        // fcitx5 keeps the surrounding text only when it is valid UTF-8 with the cursor inside it.
        const size_t from = cursor > surroundingCharacters ? cursor - surroundingCharacters : 0;
        const auto first = fcitx::utf8::nextNChar(text.begin(), from);
        const auto last = fcitx::utf8::nextNChar(text.begin(), cursor);
        before.assign(first, last);
    }
    nlohmann::json result;
    return request(ic, session, "set_surrounding_text", {{"text", before}, {"selection", selection}}, result);
}

void HangulDaemonEngine::keyEvent(const fcitx::InputMethodEntry & /*entry*/, fcitx::KeyEvent &event) {
    auto *ic = event.inputContext();
    auto &session = state(ic);
    if (!ensureSession(ic, session) || !syncContentType(ic, session)) {
        return; // not filtered: fcitx5 hands the key to the application
    }
    const fcitx::Key raw = event.rawKey();
    // A keysym past the protocol's range is no key a keyboard has (PROTOCOL.md section 6.2): the daemon
    // would refuse it, so it goes to the application untouched rather than as some other keysym.
    if (static_cast<uint32_t>(raw.sym()) > 0x1FFFFFFFu) {
        return;
    }
    nlohmann::json params = {{"keysym", static_cast<uint32_t>(raw.sym())}, {"modifiers", x11Modifiers(raw.states())}};
    // The xkb keycode lets the daemon find the physical key whatever the user's Latin layout;
    // 0 means the frontend did not say (synthetic events), and the keysym alone decides.
    if (raw.code() >= 8 && raw.code() <= 65535) {
        params["keycode"] = raw.code();
    }
    if (event.isRelease()) {
        params["release"] = true;
    }
    // Only just before a hanja key with nothing composed and no list open does the daemon need the
    // text around the cursor (to convert a word already typed); every other key makes it forget it.
    if (!event.isRelease() && session.shownPreedit.empty() && !session.candidatesShown && session.mode == "hangul" &&
        ic->capabilityFlags().test(fcitx::CapabilityFlag::SurroundingText) && ic->surroundingText().isValid()) {
        const uint32_t keysym = static_cast<uint32_t>(raw.sym());
        const uint32_t modifiers = x11Modifiers(raw.states());
        const bool hanjaKey = std::any_of(session.hanjaKeys.begin(), session.hanjaKeys.end(),
                                          [&](const KeyChord &chord) { return chord.matches(keysym, modifiers); });
        if (hanjaKey && !sendSurroundingText(ic, session)) {
            return; // the daemon failed: failed open already, the key goes to the application
        }
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
    if (!applyKeyReply(ic, session, status, result)) {
        return;
    }
    auto handled = result.find("handled");
    if (handled != result.end() && handled->is_boolean() && handled->get<bool>()) {
        event.filterAndAccept();
    }
}

void HangulDaemonEngine::activate(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContextEvent &event) {
    // Connect now rather than on the first key, so the indicator is right and the first key is fast.
    auto *ic = event.inputContext();
    auto &session = state(ic);
    ensureSession(ic, session);
    ic->statusArea().addAction(fcitx::StatusGroup::InputMethod, &modeAction_);
    refreshIndicator(ic);
}

void HangulDaemonEngine::endComposition(fcitx::InputContext *ic, SessionState &session, bool commitClientPreedit) {
    if (session.shownPreedit.empty()) {
        // Nothing composed: no round trip on every focus change, unless a list (of candidates for the
        // text before the cursor) is open, which closes without converting.
        if (session.candidatesShown) {
            nlohmann::json result;
            if (session.connection.isOpen() &&
                request(ic, session, "close_candidates", nlohmann::json::object(), result) &&
                !applyState(ic, session, result)) {
                failOpen(ic, session, CallStatus::Broken);
            }
            hideCandidates(ic, session);
        }
        return;
    }
    const bool clientOwnsIt = session.shownInClient && !commitClientPreedit;
    if (!session.connection.isOpen()) {
        hideCandidates(ic, session);
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
        if (request(ic, session, "cancel", nlohmann::json::object(), result) && !applyState(ic, session, result)) {
            failOpen(ic, session, CallStatus::Broken);
        }
        hideCandidates(ic, session); // cancel closes the daemon's list; a failed request closed the session
        return;
    }
    // The preedit is ours (in fcitx5's panel, or the user is leaving this input method): commit it.
    const std::string text = session.shownPreedit;
    showPreedit(ic, session, "");
    if (request(ic, session, "reset", nlohmann::json::object(), result)) {
        if (!applyState(ic, session, result)) {
            failOpen(ic, session, CallStatus::Broken);
        }
    } else {
        ic->commitString(text); // the daemon failed: the text on screen is still the user's
    }
    hideCandidates(ic, session);
}

void HangulDaemonEngine::deactivate(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContextEvent &event) {
    auto *ic = event.inputContext();
    // Switching to another input method keeps the focus, and no one else commits the preedit; on
    // focus out fcitx5 has already committed the client preedit.
    endComposition(ic, state(ic), event.type() == fcitx::EventType::InputContextSwitchInputMethod);
}

void HangulDaemonEngine::reset(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContextEvent &event) {
    auto *ic = event.inputContext();
    endComposition(ic, state(ic), false);
}

std::string HangulDaemonEngine::subModeLabelImpl(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContext &ic) {
    return modeLabel(&ic);
}

std::string HangulDaemonEngine::subModeIconImpl(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContext &ic) {
    // Latin shows a plain keyboard; Hangul keeps the input method's own icon.
    return modeLabel(&ic) == "A" ? "input-keyboard" : "";
}

} // namespace hanguld

FCITX_ADDON_FACTORY(hanguld::HangulDaemonEngineFactory);
