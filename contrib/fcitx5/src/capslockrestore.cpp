#include "capslockrestore.h"

#include <cstdlib>

#include <fcitx/addonmanager.h>
// xkb.h names a field `explicit`, a C++ keyword (fcitx5's own xcb addon includes it the same way).
#define explicit explicit_
#include <xcb/xkb.h>
#undef explicit
#include <xcb_public.h>

namespace hanguld {

void CapsLockRestore::watchConnections() {
    watching_ = true;
    xcb_ = instance_->addonManager().addon("xcb");
    auto *xcb = xcb_;
    if (!xcb) {
        return; // no X display for fcitx5: nothing to set
    }
    // The callback is also called at once for each connection already open.
    created_ = xcb->call<fcitx::IXCBModule::addConnectionCreatedCallback>(
        [this](const std::string &name, xcb_connection_t *connection, int, fcitx::FocusGroup *) {
            connections_[name] = connection;
        });
    closed_ = xcb->call<fcitx::IXCBModule::addConnectionClosedCallback>(
        [this](const std::string &name, xcb_connection_t *) { connections_.erase(name); });
}

void CapsLockRestore::restore(fcitx::InputContext *ic, bool on) {
    // A field's display is "x11:NAME" (an X client, through XIM or the toolkit modules), "wayland:…"
    // or empty when the client did not say.
    const std::string display = ic->display();
    if (display.rfind("wayland", 0) == 0) {
        return;
    }
    if (!watching_) {
        watchConnections();
    }
    if (!xcb_) {
        restoreOnOwnConnection(display.rfind("x11:", 0) == 0 ? display.substr(4) : "", on);
        return;
    }
    auto found = display.rfind("x11:", 0) == 0 ? connections_.find(display.substr(4)) : connections_.end();
    // An X client that named no display ("x11:"), or one fcitx5 has no connection of its own to: the
    // display fcitx5 itself started on.
    if (found == connections_.end()) {
        found = connections_.find(xcb_->call<fcitx::IXCBModule::mainDisplay>());
    }
    if (found == connections_.end() || xcb_connection_has_error(found->second)) {
        return;
    }
    // The xcb addon enabled XKB on its connections (it reads the keymap through it).
    setLock(found->second, on);
}

void CapsLockRestore::setLock(xcb_connection_t *connection, bool on) {
    const uint8_t lock = XCB_MOD_MASK_LOCK;
    xcb_xkb_latch_lock_state(connection, XCB_XKB_ID_USE_CORE_KBD, lock, on ? lock : 0, 0, 0, 0, 0, 0);
    xcb_flush(connection);
}

void CapsLockRestore::restoreOnOwnConnection(const std::string &name, bool on) {
    if (own_ && (xcb_connection_has_error(own_) || ownName_ != name)) {
        xcb_disconnect(own_); // the server went away, or the field is on another display
        own_ = nullptr;
    }
    if (!own_) {
        // An empty name is $DISPLAY: fcitx5's own, which it was started with in an X session.
        xcb_connection_t *opened = xcb_connect(name.empty() ? nullptr : name.c_str(), nullptr);
        if (xcb_connection_has_error(opened)) {
            xcb_disconnect(opened);
            return;
        }
        // XKB must be enabled on a connection before its requests.
        auto *use = xcb_xkb_use_extension_reply(
            opened, xcb_xkb_use_extension(opened, XCB_XKB_MAJOR_VERSION, XCB_XKB_MINOR_VERSION), nullptr);
        const bool supported = use && use->supported;
        free(use);
        if (!supported) {
            xcb_disconnect(opened);
            return;
        }
        own_ = opened;
        ownName_ = name;
    }
    setLock(own_, on);
}

CapsLockRestore::~CapsLockRestore() {
    if (own_) {
        xcb_disconnect(own_);
    }
}

} // namespace hanguld
