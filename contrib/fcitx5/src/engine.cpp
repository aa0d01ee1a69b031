#include "engine.h"

#include <algorithm>

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

/// fcitx5's names for keysyms (its own table, as xkbcommon spells them), for the key lists.
uint32_t fcitxKeysymNamed(const std::string &name) { return static_cast<uint32_t>(fcitx::Key::keySymFromString(name)); }

/// The settings page writes with the hangulctl installed beside hanguld (else the first on PATH).
std::string hangulctlBesideDaemon() {
    const std::string daemon = HANGULD_EXECUTABLE;
    const auto slash = daemon.rfind('/');
    return slash == std::string::npos ? std::string() : daemon.substr(0, slash + 1) + "hangulctl";
}

void logSession(SessionShared::Level level, const std::string &message) {
    if (level == SessionShared::Level::Info) {
        HANGULD_INFO() << message;
    } else {
        HANGULD_WARN() << message;
    }
}

nlohmann::json keyParams(const KeyEvent &key) {
    nlohmann::json params = {{"keysym", key.keysym}, {"modifiers", key.modifiers}};
    // The xkb keycode lets the daemon find the physical key whatever the user's Latin layout; 0
    // means the frontend did not say (synthetic events), and the keysym alone decides.
    if (key.keycode != 0) {
        params["keycode"] = key.keycode;
    }
    if (key.release) {
        params["release"] = true;
    }
    return params;
}

} // namespace

HangulDaemonEngine::HangulDaemonEngine(fcitx::Instance *instance)
    : instance_(instance),
      shared_{defaultDeadline, fcitxKeysymNamed, logSession, clientName, DaemonStarter(HANGULD_EXECUTABLE), {}, false},
      factory_([this](fcitx::InputContext &) { return new SessionState(shared_); }),
      settings_(hangulctlBesideDaemon(), shared_.starter) {
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

const fcitx::Configuration *HangulDaemonEngine::getConfig() const {
    const bool korean = koreanLocale();
    std::vector<std::string> notes;
    for (const auto &refused : refusedWrites_) {
        notes.push_back((korean ? "저장하지 못함: " : "Not saved: ") + refused);
    }
    page_ = std::make_unique<SettingsPage>(settings_.read(), notes, korean);
    return page_.get();
}

void HangulDaemonEngine::setConfig(const fcitx::RawConfig &config) {
    refusedWrites_.clear();
    const SettingsSnapshot now = settings_.read();
    for (const auto &change : changesFrom(config, now)) {
        const std::string refused = settings_.write(now, change.name, change.value);
        if (refused.empty()) {
            HANGULD_INFO() << "settings page: wrote " << change.name << " to " << now.configFile;
        } else {
            HANGULD_WARN() << "settings page: " << change.name << " not written: " << refused;
            refusedWrites_.push_back(change.name + ": " + refused);
        }
    }
    for (const auto &note : now.notes) {
        HANGULD_WARN() << "settings page: " << note;
    }
}

bool HangulDaemonEngine::ensureSession(fcitx::InputContext *ic, SessionState &state) {
    const bool wasOpen = state.session.isOpen();
    if (!state.session.ensure()) {
        if (wasOpen) {
            failOpen(ic, state); // silent by the reconnect rule: what this context shows is the user's text
        }
        return false;
    }
    if (!wasOpen) {
        state.contract.startSession(state.session.mode());
        refreshIndicator(ic);
    }
    return syncContentType(ic, state);
}

bool HangulDaemonEngine::syncContentType(fcitx::InputContext *ic, SessionState &state) {
    const bool password = ic->capabilityFlags().test(fcitx::CapabilityFlag::Password);
    StateReply reply;
    bool sent = false;
    const CallStatus status = state.session.syncContentType(password, reply, sent);
    if (status == CallStatus::Refused) {
        HANGULD_WARN() << "hanguld refused a set_content_type request"; // our bug: the session is unchanged
        return false;
    }
    if (status != CallStatus::Ok) {
        failOpen(ic, state);
        return false;
    }
    if (sent) {
        perform(ic, state, state.contract.apply(reply));
    }
    return true;
}

bool HangulDaemonEngine::request(fcitx::InputContext *ic, SessionState &state, const char *method,
                                 const nlohmann::json &params) {
    StateReply reply;
    const CallStatus status = state.session.call(method, params, reply);
    if (status == CallStatus::Refused) {
        // Our own request was malformed: a bug here, not in the daemon. The session is unchanged.
        HANGULD_WARN() << "hanguld refused a " << method << " request";
        return false;
    }
    if (status != CallStatus::Ok) {
        failOpen(ic, state);
        return false;
    }
    perform(ic, state, state.contract.apply(reply));
    return true;
}

void HangulDaemonEngine::failOpen(fcitx::InputContext *ic, SessionState &state) {
    state.session.close();
    perform(ic, state, state.contract.failOpen());
    refreshIndicator(ic);
}

void HangulDaemonEngine::perform(fcitx::InputContext *ic, SessionState &state, const std::vector<Effect> &effects) {
    for (const auto &effect : effects) {
        switch (effect.kind) {
        case Effect::Kind::Preedit:
            showPreedit(ic, state, effect.text);
            break;
        case Effect::Kind::DeleteBefore:
            ic->deleteSurroundingText(-effect.count, static_cast<unsigned int>(effect.count));
            break;
        case Effect::Kind::Commit:
            ic->commitString(effect.text);
            break;
        case Effect::Kind::ShowCandidates:
            showCandidates(ic, effect.page);
            break;
        case Effect::Kind::HideCandidates:
            hideCandidates(ic);
            break;
        case Effect::Kind::Mode:
            refreshIndicator(ic);
            instance_->showInputMethodInformation(ic);
            break;
        }
    }
    // A preedit left as it was, but the context now draws preedits itself (or stopped): show it where
    // it belongs now.
    const bool client = ic->capabilityFlags().test(fcitx::CapabilityFlag::Preedit);
    if (!state.contract.shownPreedit().empty() && client != state.shownInClient) {
        showPreedit(ic, state, state.contract.shownPreedit());
    }
}

void HangulDaemonEngine::refreshIndicator(fcitx::InputContext *ic) {
    modeAction_.update(ic);
    ic->updateUserInterface(fcitx::UserInterfaceComponent::StatusArea);
}

void HangulDaemonEngine::showPreedit(fcitx::InputContext *ic, SessionState &state, const std::string &preedit) {
    const bool client = ic->capabilityFlags().test(fcitx::CapabilityFlag::Preedit);
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
    state.shownInClient = client;
    ic->updatePreedit();
    ic->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

void HangulDaemonEngine::showCandidates(fcitx::InputContext *ic, const CandidatePage &page) {
    // The page was checked when read (reply.h): fcitx5's list throws on an index out of range.
    auto candidateList = std::make_unique<HanjaCandidateList>(this, ic, page.start, page.total);
    int index = page.start;
    for (const auto &item : page.items) {
        candidateList->append<HanjaCandidate>(this, index++, item.value, item.meaning);
    }
    candidateList->setGlobalCursorIndex(page.highlight - page.start);
    ic->inputPanel().setCandidateList(std::move(candidateList));
    ic->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

void HangulDaemonEngine::hideCandidates(fcitx::InputContext *ic) {
    ic->inputPanel().setCandidateList(nullptr);
    ic->updateUserInterface(fcitx::UserInterfaceComponent::InputPanel);
}

Mode HangulDaemonEngine::shownMode(fcitx::InputContext *ic) {
    auto &state = stateOf(ic);
    return hanguld::shownMode(state.session.isOpen(), state.contract.mode());
}

void HangulDaemonEngine::toggleMode(fcitx::InputContext *ic) {
    auto &state = stateOf(ic);
    if (ensureSession(ic, state)) {
        request(ic, state, "toggle", nlohmann::json::object());
    }
}

void HangulDaemonEngine::selectCandidate(fcitx::InputContext *ic, int index) {
    auto &state = stateOf(ic);
    if (!state.session.isOpen()) {
        perform(ic, state,
                state.contract.hideCandidates()); // a list left from a dead session: nothing can pick from it
        return;
    }
    StateReply reply;
    const CallStatus status = state.session.call("select_candidate", {{"index", index}}, reply);
    if (status == CallStatus::Refused) {
        // The daemon has no such list open (it closed it since the panel was drawn): stop showing it.
        perform(ic, state, state.contract.hideCandidates());
        return;
    }
    if (status != CallStatus::Ok) {
        failOpen(ic, state);
        return;
    }
    perform(ic, state, state.contract.apply(reply));
}

void HangulDaemonEngine::moveInCandidates(fcitx::InputContext *ic, uint32_t keysym) {
    auto &state = stateOf(ic);
    if (!state.session.isOpen()) {
        perform(ic, state, state.contract.hideCandidates());
        return;
    }
    // Press and release, as from a keyboard: the daemon tracks each press until its release (9.4).
    for (bool release : {false, true}) {
        KeyEvent key;
        KeyEvent::make(keysym, 0, 0, release, key);
        if (!request(ic, state, "key", keyParams(key))) {
            return;
        }
    }
}

std::string ModeAction::shortText(fcitx::InputContext *ic) const {
    return engine_->shownMode(ic) == Mode::Latin ? "A (Latin)" : "한 (Hangul)";
}

std::string ModeAction::longText(fcitx::InputContext * /*ic*/) const { return "Switch between Hangul and Latin"; }

std::string ModeAction::icon(fcitx::InputContext *ic) const {
    return engine_->shownMode(ic) == Mode::Latin ? "input-keyboard" : "";
}

void ModeAction::activate(fcitx::InputContext *ic) { engine_->toggleMode(ic); }

bool HangulDaemonEngine::sendSurroundingText(fcitx::InputContext *ic, SessionState &state) {
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
    // set_surrounding_text's reply is an empty result, not a state.
    nlohmann::json params = {{"text", before}, {"selection", selection}};
    StateReply reply;
    const CallStatus status = state.session.call("set_surrounding_text", params, reply);
    if (status == CallStatus::Refused) {
        HANGULD_WARN() << "hanguld refused a set_surrounding_text request";
        return false;
    }
    if (status != CallStatus::Ok) {
        failOpen(ic, state);
        return false;
    }
    return true;
}

void HangulDaemonEngine::keyEvent(const fcitx::InputMethodEntry & /*entry*/, fcitx::KeyEvent &event) {
    auto *ic = event.inputContext();
    auto &state = stateOf(ic);
    const fcitx::Key raw = event.rawKey();
    if (raw.sym() == FcitxKey_None && raw.code() == 0) {
        // No key at all: what Xlib sends an XIM server back when it mistook the event standing for a
        // commit for a key (ximorder.h). It goes back untouched, and the syllable stays.
        return;
    }
    if (!ensureSession(ic, state)) {
        return; // not filtered: fcitx5 hands the key to the application
    }
    KeyEvent key;
    if (!KeyEvent::make(static_cast<uint32_t>(raw.sym()), static_cast<uint32_t>(raw.code()), x11Modifiers(raw.states()),
                        event.isRelease(), key)) {
        return;
    }
    const bool hanjaKey = state.session.keyLists().matches(KeyList::Hanja, key.keysym, key.modifiers);
    const bool fixKey = state.session.keyLists().matches(KeyList::Fix, key.keysym, key.modifiers);
    if ((state.contract.wantsSurroundingBefore(hanjaKey, key.release) ||
         (state.contract.wantsSurroundingBeforeFix(fixKey, key.release) &&
          !ic->capabilityFlags().test(fcitx::CapabilityFlag::Password))) &&
        ic->capabilityFlags().test(fcitx::CapabilityFlag::SurroundingText) && ic->surroundingText().isValid() &&
        !sendSurroundingText(ic, state)) {
        return; // the daemon failed: failed open already, the key goes to the application
    }
    if (!key.release) {
        state.capsLockTap.pressed(key.keysym, key.modifiers);
    }
    const Mode modeBefore = state.contract.mode();
    const nlohmann::json params = keyParams(key);
    StateReply reply;
    CallStatus status = state.session.call("key", params, reply);
    if (status == CallStatus::Broken) {
        // The daemon went away since the last key (restarted, upgraded, crashed). A session dies with
        // its connection, so nothing of this key was applied: commit what is shown, open a new session
        // and send the key once more. Only if that fails too does the key pass through, so the first
        // key after a daemon restart composes instead of arriving as Latin.
        failOpen(ic, state);
        if (!ensureSession(ic, state)) {
            return;
        }
        status = state.session.call("key", params, reply);
    }
    if (status == CallStatus::Refused) {
        HANGULD_WARN() << "hanguld refused a key request"; // our bug: the session is unchanged
        return;
    }
    KeyOutcome outcome = state.contract.key(status == CallStatus::Ok ? &reply : nullptr);
    if (status == CallStatus::Ok && key.release) {
        // A Caps Lock tap that switched the mode leaves the lock as it was before the press (9.9).
        if (auto lock = state.capsLockTap.lockToRestore(key.keysym, state.contract.mode() != modeBefore)) {
            capsLock_.restore(ic, *lock);
        }
    }
    if (status != CallStatus::Ok) {
        state.session.close();
    } else if (isXimClient(ic)) {
        typeForXimClient(ic, state, raw, key, outcome);
    }
    perform(ic, state, outcome.effects);
    if (status != CallStatus::Ok) {
        refreshIndicator(ic);
    }
    if (outcome.swallowed) {
        event.filterAndAccept();
    }
}

void HangulDaemonEngine::typeForXimClient(fcitx::InputContext *ic, SessionState &state, const fcitx::Key &raw,
                                          const KeyEvent &key, KeyOutcome &outcome) {
    auto &typed = state.typedPresses;
    if (key.release) {
        if (auto press = std::find(typed.begin(), typed.end(), key.keycode); press != typed.end()) {
            typed.erase(press);
            outcome.swallowed = true;
        }
        return;
    }
    typed.erase(std::remove(typed.begin(), typed.end(), key.keycode), typed.end());
    // In Latin mode nothing is committed that a key could overtake: keys stay keys there.
    if (outcome.swallowed || key.keycode == 0 || state.contract.mode() != Mode::Hangul) {
        return;
    }
    const std::string text = ximKeyText_.typedBy(ic, raw);
    if (text.empty()) {
        return; // Return, BackSpace, a shortcut: passed back to the client, after the commit
    }
    appendToLastCommit(outcome.effects, text);
    outcome.swallowed = true;
    constexpr size_t rememberedPresses = 16; // keys held at once are few
    if (typed.size() >= rememberedPresses) {
        typed.erase(typed.begin());
    }
    typed.push_back(key.keycode);
}

void HangulDaemonEngine::activate(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContextEvent &event) {
    // Connect now rather than on the first key, so the indicator is right and the first key is fast.
    auto *ic = event.inputContext();
    auto &state = stateOf(ic);
    if (!state.heldOverFocusOut.empty()) {
        // The field has the focus again: the syllable held since it lost it, before any key.
        ic->commitString(state.heldOverFocusOut);
        state.heldOverFocusOut.clear();
    }
    ensureSession(ic, state);
    sendFocus(ic, state, true);
    ic->statusArea().addAction(fcitx::StatusGroup::InputMethod, &modeAction_);
    refreshIndicator(ic);
}

void HangulDaemonEngine::sendFocus(fcitx::InputContext *ic, SessionState &state, bool focused) {
    // The field's name for the daemon: fcitx5's UUID of the input context (PROTOCOL.md 6.17), stable
    // while the context lives; the application's as fcitx5 knows it (empty when the frontend did not say).
    std::string field;
    if (focused) {
        static const char digits[] = "0123456789abcdef";
        for (const uint8_t byte : ic->uuid()) {
            field += digits[byte >> 4];
            field += digits[byte & 0xF];
        }
    }
    StateReply reply;
    bool sent = false;
    const CallStatus status =
        state.session.setFocus(focused, focused ? ic->program() : std::string(), field, reply, sent);
    if (status == CallStatus::Refused) {
        HANGULD_WARN() << "hanguld refused a set_focus request"; // our bug: the session is unchanged
        return;
    }
    if (status != CallStatus::Ok) {
        failOpen(ic, state);
        return;
    }
    if (sent) {
        // At focus in mode-scope may give the field its scope's mode (nothing is composed then).
        perform(ic, state, state.contract.apply(reply));
    }
}

void HangulDaemonEngine::endComposition(fcitx::InputContext *ic, SessionState &state, bool commitClientPreedit) {
    auto &contract = state.contract;
    if (contract.shownPreedit().empty()) {
        // Nothing composed: no round trip on every focus change, unless a list (of candidates for the
        // text before the cursor) is open, which closes without converting.
        if (contract.candidatesShown()) {
            if (state.session.isOpen()) {
                request(ic, state, "close_candidates", nlohmann::json::object());
            }
            perform(ic, state, contract.hideCandidates());
        }
        return;
    }
    const bool clientOwnsIt = state.shownInClient && !commitClientPreedit;
    if (clientOwnsIt) {
        // fcitx5 (or the application, with ClientUnfocusCommit) commits the client preedit itself:
        // only forget it here, or it would appear twice.
        contract.forgetPreedit();
        if (state.session.isOpen()) {
            ic->inputPanel().setClientPreedit(fcitx::Text());
            request(ic, state, "cancel", nlohmann::json::object());
        } else {
            showPreedit(ic, state, "");
        }
        perform(ic, state, contract.hideCandidates()); // cancel closes the daemon's list
        return;
    }
    // The preedit is ours (in fcitx5's panel, or the user is leaving this input method): commit it,
    // through the daemon's `reset` when there is one, else as failing open does.
    if (!state.session.isOpen() || !request(ic, state, "reset", nlohmann::json::object())) {
        perform(ic, state, contract.failOpen());
    }
    perform(ic, state, contract.hideCandidates());
}

void HangulDaemonEngine::holdOverFocusOut(fcitx::InputContext *ic, SessionState &state) {
    StateReply reply;
    std::vector<Effect> effects;
    if (state.session.isOpen() && state.session.call("reset", nlohmann::json::object(), reply) == CallStatus::Ok) {
        effects = state.contract.apply(reply);
    } else {
        // No daemon to end the syllable: what is shown is held, as failing open would commit it.
        state.session.close();
        effects = state.contract.failOpen();
        refreshIndicator(ic);
    }
    std::vector<Effect> shown;
    for (auto &effect : effects) {
        if (effect.kind == Effect::Kind::Commit) {
            state.heldOverFocusOut += effect.text;
        } else {
            shown.push_back(std::move(effect));
        }
    }
    perform(ic, state, shown); // the preedit hidden
    perform(ic, state, state.contract.hideCandidates());
}

void HangulDaemonEngine::deactivate(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContextEvent &event) {
    auto *ic = event.inputContext();
    auto &state = stateOf(ic);
    if (event.type() == fcitx::EventType::InputContextFocusOut && isXimClient(ic) && !state.shownInClient &&
        !state.contract.shownPreedit().empty()) {
        holdOverFocusOut(ic, state);
    } else {
        // Switching to another input method keeps the focus, and no one else commits the preedit; on
        // focus out fcitx5 has already committed the client preedit.
        endComposition(ic, state, event.type() == fcitx::EventType::InputContextSwitchInputMethod);
    }
    // Focus out, or another input method chosen: either way `hangulctl mode` no longer reaches it.
    sendFocus(ic, state, false);
}

namespace {

/// Whether the application commits its own copy of the client preedit when it resets the input
/// context. fcitx5-qt does, and says so with ClientUnfocusCommit. Firefox (and Thunderbird, the same
/// Gecko code) does without saying so: when the addon committed the syllable on its reset too, a
/// click with 한 showing typed it twice (`한한가`, the application matrix), where every other GTK
/// application typed it once.
bool commitsItsOwnCopyOnReset(const fcitx::InputContext *ic) {
    if (ic->capabilityFlags().test(fcitx::CapabilityFlag::ClientUnfocusCommit)) {
        return true;
    }
    const std::string &program = ic->program();
    return program.find("firefox") != std::string::npos || program.find("thunderbird") != std::string::npos;
}

} // namespace

void HangulDaemonEngine::reset(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContextEvent &event) {
    // A reset (a click in the text, the application moving the cursor). fcitx5 commits a client
    // preedit on focus out, never on reset (5.0.21, Instance's InputContextReset watchers), and
    // fcitx5-gtk's GTK 3 and GTK 4 modules only pass the reset on. GTK 4's text views reset on every
    // click, so the syllable was lost there (`가` for `한`, click, `가`; fcitx5-hangul alike), and in
    // LibreOffice on GTK 3. The addon commits it, unless the application commits its own copy.
    auto *ic = event.inputContext();
    endComposition(ic, stateOf(ic), !commitsItsOwnCopyOnReset(ic));
}

std::string HangulDaemonEngine::subModeLabelImpl(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContext &ic) {
    return shownMode(&ic) == Mode::Latin ? "A" : "한";
}

std::string HangulDaemonEngine::subModeIconImpl(const fcitx::InputMethodEntry & /*entry*/, fcitx::InputContext &ic) {
    // Latin shows a plain keyboard; Hangul keeps the input method's own icon.
    return shownMode(&ic) == Mode::Latin ? "input-keyboard" : "";
}

} // namespace hanguld

FCITX_ADDON_FACTORY(hanguld::HangulDaemonEngineFactory);
