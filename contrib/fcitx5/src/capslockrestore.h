// Sets the X server's Caps Lock (PROTOCOL.md section 9.9, capslocktap.h says when) with XKB's
// LatchLockState request: through the connections fcitx5's own `xcb` addon holds, or, when that addon
// is not loaded, a connection of the addon's own to the field's display (else $DISPLAY), opened on
// the first tap that needs it. Nothing happens for a field on Wayland (the compositor owns the lock:
// no input method can set it) or when no X server can be reached.
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
    ~CapsLockRestore();
    CapsLockRestore(const CapsLockRestore &) = delete;
    CapsLockRestore &operator=(const CapsLockRestore &) = delete;
    /// Sets the lock of the X server `ic` types on to `on`. The request is sent, not waited for.
    void restore(fcitx::InputContext *ic, bool on);

private:
    /// Learns the xcb addon's connections on first use, and follows them as they open and close.
    void watchConnections();
    void restoreOnOwnConnection(const std::string &name, bool on);
    static void setLock(xcb_connection_t *connection, bool on);
    fcitx::Instance *instance_;
    bool watching_ = false;
    fcitx::AddonInstance *xcb_ = nullptr;
    std::unordered_map<std::string, xcb_connection_t *> connections_;
    std::unique_ptr<fcitx::HandlerTableEntryBase> created_, closed_;
    xcb_connection_t *own_ = nullptr; ///< without the xcb addon: ours, to `ownName_` ("" is $DISPLAY)
    std::string ownName_;
};

} // namespace hanguld
