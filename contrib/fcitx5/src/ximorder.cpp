#include "ximorder.h"

#include <string_view>

#include <fcitx-utils/utf8.h>
#include <fcitx/addoninstance.h>
#include <fcitx/addonmanager.h>
#include <xkbcommon/xkbcommon.h>

// The one function of fcitx5's xcb addon used here, declared as its public header
// (fcitx-module/xcb/xcb_public.h) declares it: that header also needs xcb-ewmh's, which nothing
// else here does.
FCITX_ADDON_DECLARE_FUNCTION(XCBModule, xkbState, xkb_state *(const std::string &));

namespace hanguld {

namespace {

/// The X display an XIM context is on, as fcitx5's xcb addon names its connection: the context's
/// display is "x11:" and that name.
constexpr std::string_view x11Prefix = "x11:";

} // namespace

bool isXimClient(const fcitx::InputContext *ic) { return std::string_view(ic->frontend()) == "xim"; }

XimKeyText::~XimKeyText() {
    if (state_) {
        xkb_state_unref(state_);
    }
}

std::string XimKeyText::typedBy(fcitx::InputContext *ic, const fcitx::Key &raw) {
    // A shortcut stays a key, for the application's own bindings (Emacs's Meta keys).
    constexpr auto shortcut =
        static_cast<uint32_t>(fcitx::KeyState::Ctrl) | static_cast<uint32_t>(fcitx::KeyState::Alt) |
        static_cast<uint32_t>(fcitx::KeyState::Super) | static_cast<uint32_t>(fcitx::KeyState::Super2) |
        static_cast<uint32_t>(fcitx::KeyState::Meta);
    if ((raw.states().toInteger() & shortcut) != 0) {
        return {};
    }
    const std::string display = ic->display();
    auto *xcb = instance_->addonManager().addon("xcb");
    if (!xcb || display.compare(0, x11Prefix.size(), x11Prefix) != 0 || raw.code() == 0) {
        return {};
    }
    xkb_state *displayState = xcb->call<fcitx::IXCBModule::xkbState>(display.substr(x11Prefix.size()));
    if (!displayState) {
        return {};
    }
    xkb_keymap *keymap = xkb_state_get_keymap(displayState);
    if (!state_ || xkb_state_get_keymap(state_) != keymap) {
        if (state_) {
            xkb_state_unref(state_);
        }
        state_ = xkb_state_new(keymap);
        if (!state_) {
            return {};
        }
    }
    // The event's modifiers (Shift, Lock, AltGr) on the display's current layout group.
    const auto layout = xkb_state_serialize_layout(displayState, XKB_STATE_LAYOUT_EFFECTIVE);
    xkb_state_update_mask(state_, raw.states().toInteger() & 0xFFu, 0, 0, 0, 0, layout);
    const uint32_t character = xkb_state_key_get_utf32(state_, static_cast<xkb_keycode_t>(raw.code()));
    if (character < 0x20 || character == 0x7F || (character >= 0x80 && character < 0xA0)) {
        return {}; // none, or a control character (Return, Tab, BackSpace, Escape): a key, not text
    }
    return fcitx::utf8::UCS4ToUTF8(character);
}

} // namespace hanguld
