#include "CapsLockRestore.h"

#include <stdlib.h>
#include <string.h>
#include <xcb/xcb.h>
#include <xcb/xkb.h>

#define LOCK_MASK 2 /* X11's LockMask */

/* The engine's own connection to the X server of $DISPLAY, opened when first needed. xcb rather than
 * Xlib: Xlib ends the process when the server goes away, xcb only marks the connection broken. */
static xcb_connection_t *connection;

static gboolean is_x11_session(void) {
    const char *display = g_getenv("DISPLAY");
    const char *wayland = g_getenv("WAYLAND_DISPLAY");
    const char *session = g_getenv("XDG_SESSION_TYPE");
    /* Under Wayland $DISPLAY names Xwayland, whose lock follows the compositor's: not ours to set. */
    return display && *display && !(wayland && *wayland) && !(session && strcmp(session, "wayland") == 0);
}

static xcb_connection_t *x_connection(void) {
    if (connection && xcb_connection_has_error(connection)) {
        xcb_disconnect(connection); /* the server went away or restarted: a new one next */
        connection = NULL;
    }
    if (connection) return connection;
    xcb_connection_t *opened = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(opened)) {
        xcb_disconnect(opened);
        return NULL;
    }
    /* XKB must be enabled on a connection before its requests. */
    xcb_xkb_use_extension_reply_t *use = xcb_xkb_use_extension_reply(
        opened, xcb_xkb_use_extension(opened, XCB_XKB_MAJOR_VERSION, XCB_XKB_MINOR_VERSION), NULL);
    gboolean supported = use && use->supported;
    free(use);
    if (!supported) {
        xcb_disconnect(opened);
        return NULL;
    }
    connection = opened;
    return connection;
}

static gboolean restore_now(gpointer data) {
    xcb_connection_t *x = x_connection();
    if (!x) return G_SOURCE_REMOVE;
    guint8 locks = GPOINTER_TO_INT(data) ? LOCK_MASK : 0;
    xcb_xkb_latch_lock_state(x, XCB_XKB_ID_USE_CORE_KBD, LOCK_MASK, locks, 0, 0, 0, 0, 0);
    xcb_flush(x);
    return G_SOURCE_REMOVE;
}

void hangul_ibus_restore_caps_lock(gboolean on) {
    if (!is_x11_session()) return;
    g_idle_add(restore_now, GINT_TO_POINTER(on ? 1 : 0));
}
