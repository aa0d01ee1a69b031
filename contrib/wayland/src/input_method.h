// The input-method-v2 client: the compositor's text-input state, the keyboard grab, and the virtual
// keyboard that gives the application the keys the daemon does not handle. One object per seat.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include <xkbcommon/xkbcommon.h>

#include "daemon_link.h"
#include "input-method-unstable-v2-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"

namespace hangul_wayland {

class InputMethod {
public:
    InputMethod(wl_display *display, wl_seat *seat, zwp_input_method_manager_v2 *manager,
                zwp_virtual_keyboard_manager_v1 *keyboards, DaemonLink &daemon);
    ~InputMethod();
    InputMethod(const InputMethod &) = delete;
    InputMethod &operator=(const InputMethod &) = delete;

    /// The timerfd that drives key repeat; call `repeatTimerFired` when it is readable.
    int repeatTimer() const { return repeatTimer_; }
    void repeatTimerFired();
    /// False once the compositor said another input method has the seat.
    bool available() const { return available_; }
    /// Before exit: the visible preedit becomes text and no key stays held in the application.
    void shutdown();
    /// With --trace: one line on standard error per activation, deactivation and keymap (never a key
    /// or any text), for the tests to wait on.
    void setTrace(bool trace) { trace_ = trace; }

    // Wayland events (the listener tables in input_method.cpp call these).
    void onActivate() {
        pending_ = State{};
        pending_.active = true;
    }
    void onDeactivate() { pending_.active = false; }
    void onSurroundingText(const char *text, uint32_t cursor, uint32_t anchor);
    void onContentType(uint32_t hint, uint32_t purpose) {
        (void)hint;
        pending_.purpose = purpose;
    }
    void onDone();
    void onUnavailable();
    void onKeymap(uint32_t format, int fd, uint32_t size);
    void onKey(uint32_t time, uint32_t key, uint32_t state);
    void onModifiers(uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group);
    void onRepeatInfo(int32_t rate, int32_t delay) {
        repeatRate_ = rate;
        repeatDelay_ = delay;
    }

private:
    struct State {
        bool active = false;
        uint32_t purpose = 0; // zwp_text_input_v3.content_purpose
        std::string surrounding;
        uint32_t cursor = 0;
        uint32_t anchor = 0;
    };

    void activate();
    void deactivate();
    bool isPassword() const;
    void syncContentType();
    void sendSurroundingText();
    void press(uint32_t time, uint32_t key, bool repeated);
    void release(uint32_t time, uint32_t key);
    struct Reply {
        std::string commit;
        std::string preedit;
        uint32_t deleteBytes;
    };
    Reply readReply(const nlohmann::json &state) const;
    /// The open candidate list as text to show after the preedit; empty when none is open.
    std::string candidateText(const nlohmann::json &state) const;
    /// Section 8.1's rule 1: commits `commit` with the character `key` types, as one string; false
    /// when the key types no character or a shortcut modifier is held.
    bool typeAlong(uint32_t key, xkb_keycode_t code, const std::string &commit, const std::string &preedit,
                   uint32_t deleteBytes);
    /// Tells the daemon this field has the focus (`set_focus`), once per activation and per session.
    void sayFocus();
    /// Applies a state reply (PROTOCOL.md section 8, steps 1-4) in one input-method commit.
    void apply(const nlohmann::json &state);
    /// The daemon could not answer: the text the user sees becomes text (section 8, fail open).
    void commitVisiblePreedit();
    void commitText(const std::string &text, const std::string &preedit, uint32_t deleteBytes);
    void forward(uint32_t time, uint32_t key, uint32_t state);
    void releaseHeldKeys();
    void sendDefaultKeymap();
    void startRepeat(uint32_t key);
    void stopRepeat();
    uint32_t x11Modifiers() const;

    wl_display *display_;
    zwp_input_method_v2 *inputMethod_ = nullptr;
    zwp_input_method_keyboard_grab_v2 *grab_ = nullptr;
    zwp_virtual_keyboard_v1 *virtualKeyboard_ = nullptr;
    DaemonLink &daemon_;

    State pending_;
    State current_;
    uint32_t serial_ = 0; // `done` events so far: what every commit request carries
    bool available_ = true;
    bool trace_ = false;

    xkb_context *xkb_ = nullptr;
    xkb_keymap *keymap_ = nullptr;
    xkb_state *xkbState_ = nullptr;
    uint32_t depressed_ = 0, latched_ = 0, locked_ = 0, group_ = 0;

    std::string visiblePreedit_;  ///< the daemon's preedit as shown (the user's text)
    std::string shownCandidates_; ///< the hanja list shown after it, as text
    std::string sentPurpose_ = "normal";
    std::string lastMode_;         ///< the mode of the last reply, restored in a new session after a break
    bool focusSaid_ = false;       ///< this session heard `set_focus` true for the active field
    std::set<uint32_t> consumed_;  ///< pressed keys the daemon handled: their releases are swallowed
    std::set<uint32_t> heldInApp_; ///< keys pressed in the application through the virtual keyboard

    int repeatTimer_ = -1;
    int32_t repeatRate_ = 25;
    int32_t repeatDelay_ = 600;
    uint32_t repeatKey_ = 0;
    bool repeating_ = false;
};

} // namespace hangul_wayland
