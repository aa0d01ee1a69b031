#include "input_method.h"

#include <cstdio>
#include <cstring>
#include <ctime>

#include <sys/mman.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "utf8.h"

namespace hangul_wayland {

namespace {

// input-method-v2 carries at most 4000 bytes per string (Wayland's message bound).
constexpr size_t maxStringBytes = 4000;
// zwp_text_input_v3.content_purpose: password and pin compose nothing (the daemon's set_content_type).
constexpr uint32_t purposePassword = 8;
constexpr uint32_t purposePin = 9;
// wl_keyboard.key_state: wl_seat version 10 adds `repeated`, which a compositor such as KWin 6.7 may
// send through the grab for a held key.
constexpr uint32_t keyReleased = 0;
constexpr uint32_t keyRepeated = 2;

uint32_t nowMilliseconds() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<uint32_t>(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

InputMethod *self(void *data) { return static_cast<InputMethod *>(data); }

// constexpr: the table is filled in at compile time, so its initialisation cannot throw.
constexpr zwp_input_method_v2_listener inputMethodListener = {
    .activate = [](void *data, zwp_input_method_v2 *) { self(data)->onActivate(); },
    .deactivate = [](void *data, zwp_input_method_v2 *) { self(data)->onDeactivate(); },
    .surrounding_text = [](void *data, zwp_input_method_v2 *, const char *text, uint32_t cursor,
                           uint32_t anchor) { self(data)->onSurroundingText(text, cursor, anchor); },
    .text_change_cause = [](void *, zwp_input_method_v2 *, uint32_t) {},
    .content_type = [](void *data, zwp_input_method_v2 *, uint32_t hint,
                       uint32_t purpose) { self(data)->onContentType(hint, purpose); },
    .done = [](void *data, zwp_input_method_v2 *) { self(data)->onDone(); },
    .unavailable = [](void *data, zwp_input_method_v2 *) { self(data)->onUnavailable(); },
};

constexpr zwp_input_method_keyboard_grab_v2_listener grabListener = {
    .keymap = [](void *data, zwp_input_method_keyboard_grab_v2 *, uint32_t format, int32_t fd,
                 uint32_t size) { self(data)->onKeymap(format, fd, size); },
    .key = [](void *data, zwp_input_method_keyboard_grab_v2 *, uint32_t, uint32_t time, uint32_t key,
              uint32_t state) { self(data)->onKey(time, key, state); },
    .modifiers = [](void *data, zwp_input_method_keyboard_grab_v2 *, uint32_t, uint32_t depressed, uint32_t latched,
                    uint32_t locked, uint32_t group) { self(data)->onModifiers(depressed, latched, locked, group); },
    .repeat_info = [](void *data, zwp_input_method_keyboard_grab_v2 *, int32_t rate,
                      int32_t delay) { self(data)->onRepeatInfo(rate, delay); },
};

} // namespace

InputMethod::InputMethod(wl_display *display, wl_seat *seat, zwp_input_method_manager_v2 *manager,
                         zwp_virtual_keyboard_manager_v1 *keyboards, DaemonLink &daemon)
    : display_(display), daemon_(daemon) {
    xkb_ = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    repeatTimer_ = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
    // The virtual keyboard first, with a keymap and a modifiers event: sway 1.7 crashes when an input
    // method grabs the keyboard of a seat that has none yet (swaywm/sway#6836, fixed in 1.8), and
    // wlroots refuses keys from a virtual keyboard before it has a keymap.
    virtualKeyboard_ = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(keyboards, seat);
    sendDefaultKeymap();
    inputMethod_ = zwp_input_method_manager_v2_get_input_method(manager, seat);
    zwp_input_method_v2_add_listener(inputMethod_, &inputMethodListener, this);
}

InputMethod::~InputMethod() {
    stopRepeat();
    if (grab_) {
        zwp_input_method_keyboard_grab_v2_release(grab_);
    }
    if (inputMethod_) {
        zwp_input_method_v2_destroy(inputMethod_);
    }
    if (virtualKeyboard_) {
        zwp_virtual_keyboard_v1_destroy(virtualKeyboard_);
    }
    if (xkbState_) {
        xkb_state_unref(xkbState_);
    }
    if (keymap_) {
        xkb_keymap_unref(keymap_);
    }
    xkb_context_unref(xkb_);
    if (repeatTimer_ >= 0) {
        close(repeatTimer_);
    }
}

void InputMethod::sendDefaultKeymap() {
    // The default keymap of the environment (XKB_DEFAULT_LAYOUT and friends, else us), until the grab
    // sends the real one.
    xkb_keymap *keymap = xkb_keymap_new_from_names(xkb_, nullptr, XKB_KEYMAP_COMPILE_NO_FLAGS);
    if (!keymap) {
        return;
    }
    char *text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
    xkb_keymap_unref(keymap);
    if (!text) {
        return;
    }
    size_t size = std::strlen(text) + 1;
    int fd = memfd_create("hangul-wayland-keymap", MFD_CLOEXEC);
    if (fd >= 0 && write(fd, text, size) == static_cast<ssize_t>(size)) {
        zwp_virtual_keyboard_v1_keymap(virtualKeyboard_, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd,
                                       static_cast<uint32_t>(size));
        zwp_virtual_keyboard_v1_modifiers(virtualKeyboard_, 0, 0, 0, 0);
    }
    if (fd >= 0) {
        close(fd);
    }
    free(text);
}

void InputMethod::onSurroundingText(const char *text, uint32_t cursor, uint32_t anchor) {
    pending_.surrounding = text ? text : "";
    pending_.cursor = cursor;
    pending_.anchor = anchor;
}

void InputMethod::onUnavailable() {
    available_ = false;
    std::fprintf(stderr, "hangul-wayland: the compositor says another input method already serves this seat; "
                         "stop it (fcitx5, ibus, kime, ...) and start hangul-wayland again\n");
}

void InputMethod::onDone() {
    ++serial_;
    const bool wasActive = current_.active;
    const bool surroundingChanged = pending_.surrounding != current_.surrounding ||
                                    pending_.cursor != current_.cursor || pending_.anchor != current_.anchor;
    current_ = pending_;
    if (wasActive && !current_.active) {
        deactivate();
    } else if (!wasActive && current_.active) {
        activate();
    } else if (current_.active && surroundingChanged) {
        sendSurroundingText();
    }
}

bool InputMethod::isPassword() const { return current_.purpose == purposePassword || current_.purpose == purposePin; }

void InputMethod::activate() {
    if (!grab_) {
        grab_ = zwp_input_method_v2_grab_keyboard(inputMethod_);
        zwp_input_method_keyboard_grab_v2_add_listener(grab_, &grabListener, this);
    }
    syncContentType();
    sendSurroundingText();
    if (trace_) {
        std::fprintf(stderr, "trace: activate purpose=%u\n", current_.purpose);
    }
}

void InputMethod::deactivate() {
    stopRepeat();
    // Every key we pressed in the application goes up there: after the grab ends, its release would
    // reach the application only if the compositor still routed it there (the stuck-key bugs).
    const size_t held = heldInApp_.size();
    releaseHeldKeys();
    consumed_.clear();
    // The user's syllable stays as text, once: we commit what we show and the daemon forgets it
    // (`cancel`, not `reset`, which would hand it back to commit a second time).
    commitVisiblePreedit();
    daemon_.notify("cancel", nlohmann::json::object());
    if (focusSaid_) {
        daemon_.notify("set_focus", {{"focused", false}});
        focusSaid_ = false;
    }
    if (grab_) {
        zwp_input_method_keyboard_grab_v2_release(grab_);
        grab_ = nullptr;
    }
    if (trace_) {
        std::fprintf(stderr, "trace: deactivate released=%zu\n", held);
    }
}

void InputMethod::shutdown() {
    if (current_.active) {
        deactivate();
    }
    wl_display_flush(display_);
}

void InputMethod::syncContentType() {
    const char *wanted = isPassword() ? "password" : "normal";
    if (daemon_.takeFreshSession()) {
        sentPurpose_ = "normal"; // a new session starts in a normal field
        focusSaid_ = false;      // nor does it know that this field has the focus
        // After a break, the 한/A mode the user was in, whatever the settings file starts new
        // sessions in (PROTOCOL.md 8: restore only what the user changed in this context).
        if (!lastMode_.empty()) {
            if (auto state = daemon_.call("set_mode", {{"mode", lastMode_}})) {
                apply(*state);
            }
        }
    }
    // In a password field keys pass through without asking (below); the daemon is told too, so that
    // what it holds for this session says the same.
    if (sentPurpose_ != wanted && (daemon_.isOpen() || isPassword())) {
        if (auto state = daemon_.call("set_content_type", {{"purpose", wanted}})) {
            sentPurpose_ = wanted;
            apply(*state);
        }
    }
    sayFocus();
}

void InputMethod::sayFocus() {
    // PROTOCOL.md 6.17: `hangulctl mode` reaches only a field that said it has the focus, and a new
    // session after a break must hear it again. input-method-v2 names neither the application nor the
    // field, so both are left out and the daemon's scope for them is this one session.
    if (focusSaid_ || !current_.active || !daemon_.isOpen()) {
        return;
    }
    focusSaid_ = true; // once per activation and session, even if this daemon does not know the method
    if (auto state = daemon_.call("set_focus", {{"focused", true}})) {
        apply(*state);
    }
}

void InputMethod::sendSurroundingText() {
    // The text before the cursor feeds the hanja key on the word already typed (PROTOCOL.md 9.5).
    if (!daemon_.isOpen() || current_.surrounding.empty() || isPassword()) {
        return;
    }
    const std::string_view text = current_.surrounding;
    const size_t cursor = characterStart(text, current_.cursor);
    const size_t anchor = characterStart(text, current_.anchor);
    const size_t from = std::min(cursor, anchor);
    const size_t to = std::max(cursor, anchor);
    daemon_.notify("set_surrounding_text",
                   {{"text", std::string(tailUtf8(text.substr(0, from), 4096))},
                    {"selection", std::string(text.substr(from, std::min<size_t>(to - from, 4096)))}});
}

void InputMethod::onKeymap(uint32_t format, int fd, uint32_t size) {
    if (format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 && size > 0) {
        void *text = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (text != MAP_FAILED) {
            xkb_keymap *keymap = xkb_keymap_new_from_buffer(xkb_, static_cast<const char *>(text),
                                                            strnlen(static_cast<const char *>(text), size),
                                                            XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
            munmap(text, size);
            if (keymap) {
                if (xkbState_) {
                    xkb_state_unref(xkbState_);
                }
                if (keymap_) {
                    xkb_keymap_unref(keymap_);
                }
                keymap_ = keymap;
                xkbState_ = xkb_state_new(keymap_);
                // Keys we pass on must mean in the application what they meant here: the virtual
                // keyboard gets the grab's keymap before any of them.
                zwp_virtual_keyboard_v1_keymap(virtualKeyboard_, format, fd, size);
                if (trace_) {
                    std::fprintf(stderr, "trace: keymap\n");
                }
            }
        }
    }
    close(fd);
}

void InputMethod::onModifiers(uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group) {
    depressed_ = depressed;
    latched_ = latched;
    locked_ = locked;
    group_ = group;
    if (xkbState_) {
        xkb_state_update_mask(xkbState_, depressed, latched, locked, 0, 0, group);
    }
    zwp_virtual_keyboard_v1_modifiers(virtualKeyboard_, depressed, latched, locked, group);
}

uint32_t InputMethod::x11Modifiers() const {
    // The X11 mask of PROTOCOL.md 6.2, from the real modifiers xkbcommon keeps under X11's names.
    static const char *const names[] = {"Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"};
    uint32_t mask = 0;
    if (!xkbState_) {
        return 0;
    }
    for (uint32_t bit = 0; bit < 8; ++bit) {
        if (xkb_state_mod_name_is_active(xkbState_, names[bit], XKB_STATE_MODS_EFFECTIVE) > 0) {
            mask |= 1u << bit;
        }
    }
    return mask;
}

void InputMethod::onKey(uint32_t time, uint32_t key, uint32_t state) {
    if (!xkbState_) {
        forward(time, key, state == keyReleased ? WL_KEYBOARD_KEY_STATE_RELEASED : WL_KEYBOARD_KEY_STATE_PRESSED);
        return;
    }
    if (state == keyReleased) {
        release(time, key);
    } else if (state == keyRepeated) {
        // The compositor repeats for us: a key held in the application repeats there by itself; a key
        // the daemon took repeats as what it composes, never as the raw key.
        if (consumed_.contains(key)) {
            stopRepeat();
            press(time, key, true);
        }
    } else {
        stopRepeat();
        press(time, key, false);
    }
}

void InputMethod::press(uint32_t time, uint32_t key, bool repeated) {
    const xkb_keycode_t code = key + 8;
    if (!current_.active || isPassword()) {
        // No field, or a password field: the key is the application's, untouched.
        forward(time, key, WL_KEYBOARD_KEY_STATE_PRESSED);
        return;
    }
    // A new session (the first key, or the first after a break) gets this field's content type and
    // the user's mode before the key.
    if (daemon_.ensureSession()) {
        syncContentType();
    }
    const xkb_keysym_t keysym = xkb_state_key_get_one_sym(xkbState_, code);
    auto state = daemon_.call("key", {{"keysym", keysym}, {"keycode", code}, {"modifiers", x11Modifiers()}});
    if (!state) {
        // Daemon gone, slow or confused: what the user sees becomes text, then the key passes on.
        if (!repeated && !visiblePreedit_.empty() && typeAlong(key, code, visiblePreedit_, std::string(), 0)) {
            return;
        }
        commitVisiblePreedit();
        if (repeated) {
            stopRepeat(); // the key stays ours, so its release is swallowed after this one keystroke
            forward(time, key, WL_KEYBOARD_KEY_STATE_PRESSED);
            forward(time, key, WL_KEYBOARD_KEY_STATE_RELEASED);
        } else {
            consumed_.erase(key);
            forward(time, key, WL_KEYBOARD_KEY_STATE_PRESSED);
        }
        return;
    }
    auto handled = state->find("handled");
    const bool wasHandled = handled != state->end() && handled->is_boolean() && handled->get<bool>();
    if (!wasHandled) {
        Reply reply = readReply(*state);
        const bool textChanged = !reply.commit.empty() || reply.deleteBytes > 0 ||
                                 (!visiblePreedit_.empty() && reply.preedit != visiblePreedit_);
        auto mode = state->find("mode");
        const bool hangulMode = mode != state->end() && mode->is_string() && mode->get<std::string>() == "hangul";
        // In Hangul mode a character key follows the text even when nothing is on screen: the next
        // syllable's commit must not overtake it (GTK 4 handles queued keys after the commits that came
        // with them, as the IBus engine found for GTK 4 too). In Latin mode keys go out as keys.
        if (textChanged || hangulMode) {
            const std::string candidates = shownCandidates_;
            shownCandidates_ = candidateText(*state);
            if (typeAlong(key, code, reply.commit, reply.preedit, reply.deleteBytes)) {
                if (hangulMode) {
                    lastMode_ = "hangul";
                }
                if (!repeated && keymap_ && xkb_keymap_key_repeats(keymap_, code)) {
                    startRepeat(key); // typed as text, so it repeats here (the application never saw it)
                }
                return;
            }
            shownCandidates_ = candidates; // not typed along: apply() below decides
        }
    }
    apply(*state);
    if (wasHandled) {
        consumed_.insert(key);
        if (!repeated && keymap_ && xkb_keymap_key_repeats(keymap_, code)) {
            startRepeat(key);
        }
    } else if (repeated) {
        // A repeat the daemon passes on (BackSpace once the syllable is gone) is one whole keystroke in
        // the application; the key stays ours, so it goes on repeating here and its release is swallowed.
        forward(time, key, WL_KEYBOARD_KEY_STATE_PRESSED);
        forward(time, key, WL_KEYBOARD_KEY_STATE_RELEASED);
    } else {
        consumed_.erase(key);
        forward(time, key, WL_KEYBOARD_KEY_STATE_PRESSED);
    }
}

void InputMethod::release(uint32_t time, uint32_t key) {
    if (repeating_ && key == repeatKey_) {
        stopRepeat();
    }
    const bool wasConsumed = consumed_.erase(key) > 0;
    if (current_.active && daemon_.isOpen() && !isPassword()) {
        // Every release goes to the daemon too (its table of handled keys, PROTOCOL.md 9.4), but our own
        // record decides: the application never sees half a keystroke, whatever happened in between.
        const xkb_keysym_t keysym = xkb_state_key_get_one_sym(xkbState_, key + 8);
        daemon_.call("key",
                     {{"keysym", keysym}, {"keycode", key + 8}, {"modifiers", x11Modifiers()}, {"release", true}});
    }
    if (!wasConsumed) {
        forward(time, key, WL_KEYBOARD_KEY_STATE_RELEASED);
    }
}

InputMethod::Reply InputMethod::readReply(const nlohmann::json &state) const {
    auto text = [&](const char *name) {
        auto member = state.find(name);
        return member != state.end() && member->is_string() ? member->get<std::string>() : std::string();
    };
    Reply reply{text("commit"), text("preedit"), 0};
    if (auto before = state.find("delete_before"); before != state.end() && before->is_number_unsigned()) {
        // The daemon counts characters; input-method-v2 counts bytes of the text before the cursor.
        const std::string_view surrounding = current_.surrounding;
        const size_t cursor = characterStart(surrounding, current_.cursor);
        reply.deleteBytes =
            static_cast<uint32_t>(bytesOfLastCharacters(surrounding.substr(0, cursor), before->get<uint64_t>()));
    }
    return reply;
}

void InputMethod::apply(const nlohmann::json &state) {
    if (auto mode = state.find("mode"); mode != state.end() && mode->is_string() && !isPassword()) {
        lastMode_ = mode->get<std::string>(); // a password field always says latin: not the user's choice
    }
    Reply reply = readReply(state);
    const std::string candidates = candidateText(state);
    if (reply.commit.empty() && reply.deleteBytes == 0 && reply.preedit == visiblePreedit_ &&
        candidates == shownCandidates_) {
        return;
    }
    shownCandidates_ = candidates;
    commitText(reply.commit, reply.preedit, reply.deleteBytes);
}

std::string InputMethod::candidateText(const nlohmann::json &state) const {
    // input-method-v2's popup surface needs a whole toolkit to draw in; until then the open hanja list
    // is shown after the preedit, as text: `한 1.韓 [2.漢] 3.寒 (2/27)`, the highlight in brackets.
    auto list = state.find("candidates");
    if (list == state.end()) {
        return shownCandidates_; // absent: the window stays as it is (PROTOCOL.md 8, step 5)
    }
    if (!list->is_object()) {
        return {};
    }
    auto items = list->find("items");
    if (items == list->end() || !items->is_array()) {
        return {};
    }
    const int64_t start = list->value("start", int64_t{0});
    const int64_t highlight = list->value("highlight", int64_t{0});
    const int64_t total = list->value("total", int64_t{0});
    std::string text;
    for (size_t index = 0; index < items->size(); ++index) {
        const auto &item = (*items)[index];
        const std::string value = item.is_object() ? item.value("value", std::string()) : std::string();
        const bool highlighted = start + static_cast<int64_t>(index) == highlight;
        text += " ";
        text += highlighted ? "[" : "";
        text += std::to_string(index + 1) + "." + value;
        text += highlighted ? "]" : "";
    }
    text += " (" + std::to_string(highlight + 1) + "/" + std::to_string(total) + ")";
    return text;
}

bool InputMethod::typeAlong(uint32_t key, xkb_keycode_t code, const std::string &commit, const std::string &preedit,
                            uint32_t deleteBytes) {
    // PROTOCOL.md 8.1, rule 1: a key that types a character, passed on right after a commit, is
    // committed with that text as one string and swallowed. The text-input commit and the virtual
    // keyboard's key reach the application by two paths, and foot, for one, can put the key first
    // (measured here: `나누 어가졌다` for `나누어 가졌다`). Other keys (Return, shortcuts) are forwarded.
    static const char *const shortcutModifiers[] = {"Control", "Mod1", "Mod3", "Mod4"};
    for (const char *name : shortcutModifiers) {
        if (xkb_state_mod_name_is_active(xkbState_, name, XKB_STATE_MODS_EFFECTIVE) > 0) {
            return false;
        }
    }
    const uint32_t character = xkb_state_key_get_utf32(xkbState_, code);
    if (character < 0x20 || character == 0x7F || (character >= 0x80 && character < 0xA0)) {
        return false;
    }
    char encoded[8] = {0};
    if (xkb_keysym_to_utf8(xkb_state_key_get_one_sym(xkbState_, code), encoded, sizeof(encoded)) <= 1) {
        return false;
    }
    commitText(commit + encoded, preedit, deleteBytes);
    consumed_.insert(key); // its release is swallowed too: the application never sees half a keystroke
    return true;
}

void InputMethod::commitText(const std::string &text, const std::string &preedit, uint32_t deleteBytes) {
    // One input-method commit applies, in the order of PROTOCOL.md section 8: the old preedit goes, the
    // text before the cursor is deleted, the commit is inserted, the new preedit is shown. A commit
    // longer than a Wayland string is sent in pieces, each in its own commit, never dropped.
    std::vector<std::string> pieces = splitUtf8(text, maxStringBytes);
    if (deleteBytes > 0) {
        zwp_input_method_v2_delete_surrounding_text(inputMethod_, deleteBytes, 0);
    }
    for (size_t index = 0; index + 1 < pieces.size(); ++index) {
        zwp_input_method_v2_commit_string(inputMethod_, pieces[index].c_str());
        zwp_input_method_v2_commit(inputMethod_, serial_);
    }
    if (!pieces.empty()) {
        zwp_input_method_v2_commit_string(inputMethod_, pieces.back().c_str());
    }
    if (!preedit.empty() || !shownCandidates_.empty()) {
        const std::string shown(splitUtf8(preedit + shownCandidates_, maxStringBytes).front());
        // The cursor in bytes, at the end of the preedit proper (before a candidate list shown after it).
        const int32_t cursor = static_cast<int32_t>(std::min(preedit.size(), shown.size()));
        zwp_input_method_v2_set_preedit_string(inputMethod_, shown.c_str(), cursor, cursor);
    }
    zwp_input_method_v2_commit(inputMethod_, serial_);
    visiblePreedit_ = preedit;
}

void InputMethod::commitVisiblePreedit() {
    if (visiblePreedit_.empty()) {
        if (!shownCandidates_.empty()) {
            shownCandidates_.clear();
            commitText(std::string(), std::string(), 0);
        }
        return;
    }
    const std::string text = visiblePreedit_;
    shownCandidates_.clear(); // the daemon's session is gone or told to forget: so is its list
    commitText(text, std::string(), 0);
}

void InputMethod::forward(uint32_t time, uint32_t key, uint32_t state) {
    // The modifiers in force first, so the application reads the key as the user typed it.
    zwp_virtual_keyboard_v1_modifiers(virtualKeyboard_, depressed_, latched_, locked_, group_);
    zwp_virtual_keyboard_v1_key(virtualKeyboard_, time, key, state);
    if (state == WL_KEYBOARD_KEY_STATE_PRESSED) {
        heldInApp_.insert(key);
    } else {
        heldInApp_.erase(key);
    }
}

void InputMethod::releaseHeldKeys() {
    const uint32_t time = nowMilliseconds();
    for (uint32_t key : heldInApp_) {
        zwp_virtual_keyboard_v1_key(virtualKeyboard_, time, key, WL_KEYBOARD_KEY_STATE_RELEASED);
    }
    heldInApp_.clear();
    zwp_virtual_keyboard_v1_modifiers(virtualKeyboard_, 0, 0, locked_, group_);
}

void InputMethod::startRepeat(uint32_t key) {
    if (repeatRate_ <= 0 || repeatTimer_ < 0) {
        return; // rate 0: the compositor asks for no repeat
    }
    const long interval = 1000000000L / repeatRate_;
    itimerspec timer{};
    timer.it_value.tv_sec = repeatDelay_ / 1000;
    timer.it_value.tv_nsec = (repeatDelay_ % 1000) * 1000000L;
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_nsec == 0) {
        timer.it_value.tv_nsec = 1;
    }
    timer.it_interval.tv_sec = interval / 1000000000L;
    timer.it_interval.tv_nsec = interval % 1000000000L;
    timerfd_settime(repeatTimer_, 0, &timer, nullptr);
    repeatKey_ = key;
    repeating_ = true;
}

void InputMethod::stopRepeat() {
    if (!repeating_) {
        return;
    }
    itimerspec off{};
    timerfd_settime(repeatTimer_, 0, &off, nullptr);
    repeating_ = false;
}

void InputMethod::repeatTimerFired() {
    uint64_t expirations = 0;
    if (read(repeatTimer_, &expirations, sizeof(expirations)) != sizeof(expirations) || !repeating_) {
        return;
    }
    if (!consumed_.contains(repeatKey_) || !current_.active) {
        stopRepeat();
        return;
    }
    // One repeat per wake-up, however late: a stalled loop must not burst keys afterwards.
    press(nowMilliseconds(), repeatKey_, true);
}

} // namespace hangul_wayland
