// Sets the X server's Caps Lock (PROTOCOL.md section 9.9, capslocktap.h says when) through the
// connections fcitx5's own `xcb` addon holds, with XKB's LatchLockState request. Nothing happens for
// a field on Wayland (the compositor owns the lock: no input method can set it) or when the xcb addon
// is not loaded (fcitx5 without an X display).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include <fcitx-utils/handlertable.h>
#include <fcitx/addoninstance.h>
#include <fcitx/inputcontext.h>
#include <fcitx/instance.h>
#include <xcb/xcb.h>

namespace hanguld {

class CapsLockRestore {
public:
    explicit CapsLockRestore(fcitx::Instance *instance) : instance_(instance) {}
    /// Sets the lock of the X server `ic` types on to `on`. The request is sent, not waited for.
    void restore(fcitx::InputContext *ic, bool on);

private:
    /// Learns the xcb addon's connections on first use, and follows them as they open and close.
    void watchConnections();
    fcitx::Instance *instance_;
    bool watching_ = false;
    fcitx::AddonInstance *xcb_ = nullptr;
    std::unordered_map<std::string, xcb_connection_t *> connections_;
    std::unique_ptr<fcitx::HandlerTableEntryBase> created_, closed_;
};

} // namespace hanguld
