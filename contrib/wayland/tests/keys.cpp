// hangul-wayland-keys: the tests' keyboard. A virtual keyboard (another client than hangul-wayland, so
// its keys reach the input method's grab as a hardware keyboard's do) with a real US keymap, so that
// keycodes are the physical positions the daemon reads. Reads commands from standard input:
//   p CODE    press the key with this evdev code      r CODE   release it
//   s MS      sleep                                   sync     round trip, then print "synced"
// Modifiers follow the keys through its own xkb state, as a keyboard's would.
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#include "virtual-keyboard-unstable-v1-client-protocol.h"

namespace {
wl_seat *seat = nullptr;
zwp_virtual_keyboard_manager_v1 *manager = nullptr;

const wl_registry_listener registryListener = {
    .global =
        [](void *, wl_registry *registry, uint32_t name, const char *interface, uint32_t) {
            if (std::strcmp(interface, wl_seat_interface.name) == 0 && !seat) {
                seat = static_cast<wl_seat *>(wl_registry_bind(registry, name, &wl_seat_interface, 1));
            } else if (std::strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0) {
                manager = static_cast<zwp_virtual_keyboard_manager_v1 *>(
                    wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1));
            }
        },
    .global_remove = [](void *, wl_registry *, uint32_t) {},
};

uint32_t now() {
    timespec time{};
    clock_gettime(CLOCK_MONOTONIC, &time);
    return static_cast<uint32_t>(time.tv_sec * 1000 + time.tv_nsec / 1000000);
}
} // namespace

int main() {
    wl_display *display = wl_display_connect(nullptr);
    if (!display) {
        std::fprintf(stderr, "hangul-wayland-keys: no Wayland display (WAYLAND_DISPLAY)\n");
        return 1;
    }
    wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registryListener, nullptr);
    wl_display_roundtrip(display);
    if (!seat || !manager) {
        std::fprintf(stderr, "hangul-wayland-keys: the compositor has no seat or no virtual-keyboard-v1\n");
        return 1;
    }
    xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    xkb_rule_names names{"evdev", "pc105", "us", "", ""};
    xkb_keymap *keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS);
    xkb_state *state = xkb_state_new(keymap);
    char *text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
    size_t size = std::strlen(text) + 1;
    int fd = memfd_create("keys-keymap", MFD_CLOEXEC);
    if (fd < 0 || write(fd, text, size) != static_cast<ssize_t>(size)) {
        return 1;
    }
    zwp_virtual_keyboard_v1 *keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat);
    zwp_virtual_keyboard_v1_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, static_cast<uint32_t>(size));
    close(fd);
    wl_display_roundtrip(display);

    char line[256];
    while (std::fgets(line, sizeof(line), stdin)) {
        char command[16] = {0};
        long value = 0;
        int fields = std::sscanf(line, "%15s %ld", command, &value);
        if (fields < 1) {
            continue;
        }
        if ((std::strcmp(command, "p") == 0 || std::strcmp(command, "r") == 0) && fields == 2) {
            const bool press = command[0] == 'p';
            zwp_virtual_keyboard_v1_key(keyboard, now(), static_cast<uint32_t>(value),
                                        press ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
            if (xkb_state_update_key(state, static_cast<xkb_keycode_t>(value + 8), press ? XKB_KEY_DOWN : XKB_KEY_UP) !=
                0) {
                zwp_virtual_keyboard_v1_modifiers(keyboard, xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                                                  xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                                                  xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                                                  xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE));
            }
            // Keys one by one, each seen by the compositor before the next: libwayland's buffers are
            // small, and a flood would cut this client (or the input method behind it) off.
            wl_display_roundtrip(display);
        } else if (std::strcmp(command, "s") == 0 && fields == 2) {
            wl_display_flush(display);
            usleep(static_cast<useconds_t>(value) * 1000);
        } else if (std::strcmp(command, "sync") == 0) {
            wl_display_roundtrip(display);
            std::printf("synced\n");
            std::fflush(stdout);
        } else {
            std::fprintf(stderr, "hangul-wayland-keys: unknown command: %s", line);
            return 64;
        }
    }
    wl_display_roundtrip(display);
    return 0;
}
