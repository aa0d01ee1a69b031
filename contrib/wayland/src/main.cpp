// hangul-wayland: hanguld's input method for Wayland compositors that speak input-method-unstable-v2
// and virtual-keyboard-unstable-v1 (sway, Hyprland, river, labwc, Wayfire). See ../README.md.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include <poll.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <wayland-client.h>

#include "daemon_link.h"
#include "input_method.h"

#ifndef HANGULD_EXECUTABLE
#define HANGULD_EXECUTABLE "/usr/local/bin/hanguld"
#endif

using namespace hangul_wayland;

namespace {

struct Globals {
    wl_seat *seat = nullptr;
    zwp_input_method_manager_v2 *inputMethods = nullptr;
    zwp_virtual_keyboard_manager_v1 *keyboards = nullptr;
};

// constexpr: the table is filled in at compile time, so its initialisation cannot throw.
constexpr wl_registry_listener registryListener = {
    .global =
        [](void *data, wl_registry *registry, uint32_t name, const char *interface, uint32_t) {
            auto *globals = static_cast<Globals *>(data);
            if (std::strcmp(interface, wl_seat_interface.name) == 0 && !globals->seat) {
                globals->seat = static_cast<wl_seat *>(wl_registry_bind(registry, name, &wl_seat_interface, 1));
            } else if (std::strcmp(interface, zwp_input_method_manager_v2_interface.name) == 0) {
                globals->inputMethods = static_cast<zwp_input_method_manager_v2 *>(
                    wl_registry_bind(registry, name, &zwp_input_method_manager_v2_interface, 1));
            } else if (std::strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0) {
                globals->keyboards = static_cast<zwp_virtual_keyboard_manager_v1 *>(
                    wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1));
            }
        },
    .global_remove = [](void *, wl_registry *, uint32_t) {},
};

void usage(FILE *to) {
    std::fprintf(to,
                 "usage: hangul-wayland [--socket PATH] [--daemon PATH|--no-start] [--deadline-ms N] [--trace]\n"
                 "  Korean input for Wayland compositors with input-method-v2 (sway, Hyprland, river),\n"
                 "  composed by hanguld. Run it from the compositor's config; see contrib/wayland/README.md.\n"
                 "  --socket PATH     hanguld's socket (default $HANGULD_SOCKET, else\n"
                 "                    $XDG_RUNTIME_DIR/hangul/hanguld.sock)\n"
                 "  --daemon PATH     hanguld to start when nothing listens (default %s)\n"
                 "  --no-start        never start hanguld\n"
                 "  --deadline-ms N   how long a key waits for hanguld before it passes through (default 150)\n"
                 "  --trace           say on standard error when a field gains or loses the input method\n",
                 HANGULD_EXECUTABLE);
}

} // namespace

int main(int argc, char **argv) {
    DaemonSettings settings;
    settings.socketPath = hanguld::defaultSocketPath();
    settings.daemonPath = HANGULD_EXECUTABLE;
    bool trace = false;
    for (int index = 1; index < argc; ++index) {
        const std::string argument = argv[index];
        const bool hasValue = index + 1 < argc;
        if (argument == "--socket" && hasValue) {
            settings.socketPath = argv[++index];
        } else if (argument == "--daemon" && hasValue) {
            settings.daemonPath = argv[++index];
        } else if (argument == "--trace") {
            trace = true;
        } else if (argument == "--no-start") {
            settings.daemonPath.clear();
        } else if (argument == "--deadline-ms" && hasValue) {
            long value = std::strtol(argv[++index], nullptr, 10);
            if (value < 1 || value > 10000) {
                std::fprintf(stderr, "hangul-wayland: --deadline-ms wants 1 to 10000 milliseconds\n");
                return 64;
            }
            settings.deadline = std::chrono::milliseconds(value);
        } else if (argument == "--help" || argument == "-h") {
            usage(stdout);
            return 0;
        } else if (argument == "--version") {
            std::printf("hangul-wayland %s\n", HANGULD_VERSION);
            return 0;
        } else {
            std::fprintf(stderr, "hangul-wayland: unknown argument '%s'\n", argument.c_str());
            usage(stderr);
            return 64;
        }
    }

    wl_display *display = wl_display_connect(nullptr);
    if (!display) {
        std::fprintf(stderr, "hangul-wayland: cannot connect to a Wayland compositor (is WAYLAND_DISPLAY set? "
                             "start hangul-wayland from the compositor's config)\n");
        return 1;
    }
    Globals globals;
    wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registryListener, &globals);
    wl_display_roundtrip(display);
    if (!globals.seat || !globals.inputMethods || !globals.keyboards) {
        std::fprintf(stderr,
                     "hangul-wayland: this compositor lacks %s; it needs zwp_input_method_manager_v2 and "
                     "zwp_virtual_keyboard_manager_v1 (sway, Hyprland, river, labwc, Wayfire have them; GNOME "
                     "and KDE reach hanguld through IBus or fcitx5 instead)\n",
                     !globals.seat           ? "a seat"
                     : !globals.inputMethods ? "input-method-v2"
                                             : "virtual-keyboard-v1");
        return 1;
    }

    // SIGTERM and SIGINT end the loop cleanly: the preedit becomes text and no key stays held.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGHUP);
    sigprocmask(SIG_BLOCK, &signals, nullptr);
    int signalFd = signalfd(-1, &signals, SFD_CLOEXEC | SFD_NONBLOCK);
    std::signal(SIGPIPE, SIG_IGN);

    DaemonLink daemon(settings);
    auto inputMethod =
        std::make_unique<InputMethod>(display, globals.seat, globals.inputMethods, globals.keyboards, daemon);
    inputMethod->setTrace(trace);
    wl_display_roundtrip(display);

    int status = 0;
    while (inputMethod->available()) {
        while (wl_display_prepare_read(display) != 0) {
            wl_display_dispatch_pending(display);
        }
        wl_display_flush(display);
        pollfd fds[3] = {
            {wl_display_get_fd(display), POLLIN, 0}, {inputMethod->repeatTimer(), POLLIN, 0}, {signalFd, POLLIN, 0}};
        int ready = poll(fds, 3, -1);
        if (ready < 0 && errno != EINTR) {
            wl_display_cancel_read(display);
            status = 1;
            break;
        }
        if (ready > 0 && (fds[0].revents & POLLIN)) {
            if (wl_display_read_events(display) < 0) {
                status = 1;
                break;
            }
        } else {
            wl_display_cancel_read(display);
        }
        if (wl_display_dispatch_pending(display) < 0 || (fds[0].revents & (POLLERR | POLLHUP))) {
            std::fprintf(stderr, "hangul-wayland: the compositor closed the connection\n");
            status = 1;
            break;
        }
        if (fds[1].revents & POLLIN) {
            inputMethod->repeatTimerFired();
        }
        if (fds[2].revents & POLLIN) {
            inputMethod->shutdown();
            break;
        }
    }
    if (!inputMethod->available()) {
        status = 2;
    }
    inputMethod.reset();
    wl_display_flush(display);
    wl_display_disconnect(display);
    return status;
}
