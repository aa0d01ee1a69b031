#include "CapsLockRestore.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <xcb/xcb.h>
#include <xcb/xkb.h>

#define LOCK_MASK 2 /* X11's LockMask */

/* The engine's own connection to the X server of $DISPLAY, opened when first needed. xcb rather than
 * Xlib: Xlib ends the process when the server goes away, xcb only marks the connection broken. */
static xcb_connection_t *connection;

/* xcb is loaded when a Caps Lock tap first has to be set back, not at the engine's start: most
 * engines never do it (a Wayland session, or Caps Lock not among the toggle keys), and linked in,
 * xcb, xcb-xkb and what they load (Xau, Xdmcp, bsd, md) held about 0.35 MB of resident pages in every
 * engine for it (README, "Without swift-log"). The package still depends on both libraries. */
static struct {
    gboolean tried, loaded;
    __typeof__(&xcb_connect) connect;
    __typeof__(&xcb_connection_has_error) connection_has_error;
    __typeof__(&xcb_disconnect) disconnect;
    __typeof__(&xcb_flush) flush;
    __typeof__(&xcb_xkb_use_extension) xkb_use_extension;
    __typeof__(&xcb_xkb_use_extension_reply) xkb_use_extension_reply;
    __typeof__(&xcb_xkb_latch_lock_state) xkb_latch_lock_state;
} xcb;

static gboolean load_xcb(void) {
    if (xcb.tried) return xcb.loaded;
    xcb.tried = TRUE;
    void *core = dlopen("libxcb.so.1", RTLD_NOW | RTLD_LOCAL);
    void *xkb = core ? dlopen("libxcb-xkb.so.1", RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!xkb) {
        g_warning("Caps Lock is not set back after a mode switch: %s (install libxcb1 and libxcb-xkb1)", dlerror());
        return FALSE;
    }
    xcb.connect = (__typeof__(xcb.connect))dlsym(core, "xcb_connect");
    xcb.connection_has_error = (__typeof__(xcb.connection_has_error))dlsym(core, "xcb_connection_has_error");
    xcb.disconnect = (__typeof__(xcb.disconnect))dlsym(core, "xcb_disconnect");
    xcb.flush = (__typeof__(xcb.flush))dlsym(core, "xcb_flush");
    xcb.xkb_use_extension = (__typeof__(xcb.xkb_use_extension))dlsym(xkb, "xcb_xkb_use_extension");
    xcb.xkb_use_extension_reply = (__typeof__(xcb.xkb_use_extension_reply))dlsym(xkb, "xcb_xkb_use_extension_reply");
    xcb.xkb_latch_lock_state = (__typeof__(xcb.xkb_latch_lock_state))dlsym(xkb, "xcb_xkb_latch_lock_state");
    xcb.loaded = xcb.connect && xcb.connection_has_error && xcb.disconnect && xcb.flush && xcb.xkb_use_extension &&
                 xcb.xkb_use_extension_reply && xcb.xkb_latch_lock_state;
    if (!xcb.loaded) g_warning("Caps Lock is not set back after a mode switch: libxcb lacks a function it needs");
    return xcb.loaded;
}

static gboolean is_x11_session(void) {
    const char *display = g_getenv("DISPLAY");
    const char *wayland = g_getenv("WAYLAND_DISPLAY");
    const char *session = g_getenv("XDG_SESSION_TYPE");
    /* Under Wayland $DISPLAY names Xwayland, whose lock follows the compositor's: not ours to set. */
    return display && *display && !(wayland && *wayland) && !(session && strcmp(session, "wayland") == 0);
}

static xcb_connection_t *x_connection(void) {
    if (!load_xcb()) return NULL;
    if (connection && xcb.connection_has_error(connection)) {
        xcb.disconnect(connection); /* the server went away or restarted: a new one next */
        connection = NULL;
    }
    if (connection) return connection;
    xcb_connection_t *opened = xcb.connect(NULL, NULL);
    if (xcb.connection_has_error(opened)) {
        xcb.disconnect(opened);
        return NULL;
    }
    /* XKB must be enabled on a connection before its requests. */
    xcb_xkb_use_extension_reply_t *use = xcb.xkb_use_extension_reply(
        opened, xcb.xkb_use_extension(opened, XCB_XKB_MAJOR_VERSION, XCB_XKB_MINOR_VERSION), NULL);
    gboolean supported = use && use->supported;
    free(use);
    if (!supported) {
        xcb.disconnect(opened);
        return NULL;
    }
    connection = opened;
    return connection;
}

static gboolean restore_now(gpointer data) {
    xcb_connection_t *x = x_connection();
    if (!x) return G_SOURCE_REMOVE;
    guint8 locks = GPOINTER_TO_INT(data) ? LOCK_MASK : 0;
    xcb.xkb_latch_lock_state(x, XCB_XKB_ID_USE_CORE_KBD, LOCK_MASK, locks, 0, 0, 0, 0, 0);
    xcb.flush(x);
    return G_SOURCE_REMOVE;
}

void hangul_ibus_restore_caps_lock(gboolean on) {
    if (!is_x11_session()) return;
    g_idle_add(restore_now, GINT_TO_POINTER(on ? 1 : 0));
}
