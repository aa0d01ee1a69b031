#ifndef HANGUL_CAPS_LOCK_RESTORE_H
#define HANGUL_CAPS_LOCK_RESTORE_H

#include <glib.h>

/* Sets the X server's Caps Lock back to `on` (PROTOCOL.md section 9.9): the server turned it at the
 * press of a Caps Lock tap that switched the mode, and the typist expects a switch to leave the lock
 * as it was. Under X11 only (`$DISPLAY` set, `$WAYLAND_DISPLAY` and an `XDG_SESSION_TYPE` of
 * "wayland" not), through XKB's LatchLockState request on a connection of this process's own, opened
 * on the first call. Never during a key: the request is made from the main loop once the key's reply
 * has gone back to IBus, and a display that cannot be reached is given up until the next call. */
void hangul_ibus_restore_caps_lock(gboolean on);

#endif
