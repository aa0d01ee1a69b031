"""fcitx5 over D-Bus, headless, as GTK and Qt applications reach it: a private fcitx5 with only the
D-Bus frontend and the input methods under test, and an input-context client that types keys and
keeps the text an application would hold.

Run inside `dbus-run-session` (contrib/fcitx5/test does). Used by dbus_tests.py and bench.py.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testing"))
import hangul_testing  # noqa: E402

BUS_NAME = "org.fcitx.Fcitx5"
PREEDIT_CAPABILITY = 1 << 1
FORMATTED_PREEDIT_CAPABILITY = 1 << 4
# The client commits its own copy of the preedit on focus out and before a reset (fcitx5-qt).
CLIENT_UNFOCUS_COMMIT_CAPABILITY = 1 << 5
PASSWORD_CAPABILITY = 1 << 3
SURROUNDING_TEXT_CAPABILITY = 1 << 6
# The client draws fcitx5's input panel itself (as the GTK and Qt modules can on Wayland): fcitx5 then
# sends the candidate list in UpdateClientSideUI, and the client pages and picks with PrevPage,
# NextPage and SelectCandidate, the same calls a panel makes on the list.
CLIENT_SIDE_PANEL_CAPABILITY = 1 << 39
# Every call to fcitx5 refuses D-Bus activation: a call racing an fcitx5 that is stopping would
# otherwise start the system's fully loaded fcitx5 (its service file) on the test bus.
NO_AUTO_START = Gio.DBusCallFlags.NO_AUTO_START


def addon_environment(prefix=None, build_dir=None):
    """FCITX_ADDON_DIRS and XDG_DATA_DIRS for the addon installed under `prefix`, or straight from
    the CMake `build_dir` (libhanguld.so, data/fcitx5/addon, data/fcitx5/inputmethod); neither: the system's."""

    def variable(name):
        return subprocess.run(
            ["pkg-config", f"--variable={name}", "Fcitx5Core"], capture_output=True, text=True, check=True
        ).stdout.strip()

    # Debian's 5.0.21 has no addondir variable; it loads from LIBDIR/fcitx5.
    system_addons = variable("addondir") or variable("libdir") + "/fcitx5"
    if build_dir is not None:
        return {"FCITX_ADDON_DIRS": f"{build_dir}:{system_addons}", "XDG_DATA_DIRS": f"{build_dir}/data:/usr/share"}
    if prefix is None:
        return {}
    return {
        "FCITX_ADDON_DIRS": f"{prefix}/lib/fcitx5:{system_addons}",
        "XDG_DATA_DIRS": f"{prefix}/share:/usr/share",
    }


def config_variant(value):
    """A configuration value as fcitx5's D-Bus API carries it: a string, or a{sv} of nested values."""
    if isinstance(value, dict):
        return GLib.Variant("a{sv}", {key: config_variant(item) for key, item in value.items()})
    return GLib.Variant("s", value)


class Fcitx:
    """A private fcitx5: its own HOME and XDG directories, a profile listing `input_methods`, and
    `configs` ({addon: ini text}) under conf/."""

    def __init__(self, input_methods, addons, environment=None, configs=None):
        self.work = tempfile.mkdtemp(prefix="fcitx5-test-")
        self.environment = dict(os.environ)
        for name in ("DISPLAY", "WAYLAND_DISPLAY"):
            self.environment.pop(name, None)
        self.environment.update(
            {
                "HOME": f"{self.work}/home",
                "XDG_CONFIG_HOME": f"{self.work}/config",
                "XDG_CACHE_HOME": f"{self.work}/cache",
                "XDG_DATA_HOME": f"{self.work}/data",
            }
        )
        self.environment.update(environment or {})
        config = f"{self.work}/config/fcitx5"
        os.makedirs(f"{config}/conf")
        os.makedirs(f"{self.work}/home")
        profile = ["[Groups/0]", "Name=Default", "Default Layout=us", f"DefaultIM={input_methods[0]}", ""]
        for index, name in enumerate(["keyboard-us", *input_methods]):
            profile += [f"[Groups/0/Items/{index}]", f"Name={name}", "Layout=", ""]
        profile += ["[GroupOrder]", "0=Default", ""]
        with open(f"{config}/profile", "w") as file:
            file.write("\n".join(profile))
        for addon, text in (configs or {}).items():
            with open(f"{config}/conf/{addon}.conf", "w") as file:
                file.write(text)
        self.log_path = f"{self.work}/fcitx5.log"
        self.addons = ["dbus", "dbusfrontend", "keyboard", *addons]
        self.process = None
        self.bus = None

    def start(self, timeout=15.0):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        if self.owned():
            raise RuntimeError(
                f"{BUS_NAME} is already owned on this bus: another fcitx5 runs there ({self.owner_command()})"
            )
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                ["fcitx5", "--disable=all", "--enable=" + ",".join(self.addons)],
                env=self.environment,
                stdout=log,
                stderr=log,
            )
        deadline = time.monotonic() + timeout
        # NameHasOwner, not a call to fcitx5 itself: that would D-Bus-activate a second, full fcitx5.
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"fcitx5 exited with {self.process.returncode}; log: {self.log_path}")
            if self.owned():
                if self.owner_pid() != self.process.pid:
                    raise RuntimeError(f"{BUS_NAME} was taken by another process ({self.owner_command()})")
                return self
            time.sleep(0.02)
        raise TimeoutError(f"fcitx5 did not own {BUS_NAME} within {timeout} s; log: {self.log_path}")

    def owned(self):
        return self.bus.call_sync(
            "org.freedesktop.DBus",
            "/org/freedesktop/DBus",
            "org.freedesktop.DBus",
            "NameHasOwner",
            GLib.Variant("(s)", (BUS_NAME,)),
            GLib.VariantType("(b)"),
            Gio.DBusCallFlags.NONE,
            -1,
            None,
        ).unpack()[0]

    def owner_pid(self):
        return self.bus.call_sync(
            "org.freedesktop.DBus",
            "/org/freedesktop/DBus",
            "org.freedesktop.DBus",
            "GetConnectionUnixProcessID",
            GLib.Variant("(s)", (BUS_NAME,)),
            GLib.VariantType("(u)"),
            Gio.DBusCallFlags.NONE,
            -1,
            None,
        ).unpack()[0]

    def owner_command(self):
        """The command line of the process owning the fcitx5 bus name, for error messages."""
        pid = self.owner_pid()
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip() + f", pid {pid}"

    def stop(self):
        hangul_testing.end_process(self.process)
        # The bus frees the name a moment after the process is gone; a next fcitx5 must not mistake
        # this one's name for its own.
        deadline = time.monotonic() + 5
        while self.bus and self.owned() and time.monotonic() < deadline:
            time.sleep(0.01)
        shutil.rmtree(self.work, ignore_errors=True)

    def log(self):
        with open(self.log_path, errors="replace") as file:
            return file.read()

    def set_current_input_method(self, name):
        """Controller1.SetCurrentIM: the input method of the focused input context."""
        self.bus.call_sync(
            BUS_NAME,
            "/controller",
            "org.fcitx.Fcitx.Controller1",
            "SetCurrentIM",
            GLib.Variant("(s)", (name,)),
            None,
            NO_AUTO_START,
            10000,
            None,
        )

    def config(self, uri):
        """Controller1.GetConfig: (values, description), what fcitx5-configtool shows for `uri`."""
        return self.bus.call_sync(
            BUS_NAME,
            "/controller",
            "org.fcitx.Fcitx.Controller1",
            "GetConfig",
            GLib.Variant("(s)", (uri,)),
            None,
            NO_AUTO_START,
            10000,
            None,
        ).unpack()

    def set_config(self, uri, values):
        """Controller1.SetConfig: saves a page as fcitx5-configtool's Apply does. `values` as GetConfig
        gives them: a dict of strings and dicts (a list option's items under "0", "1", …)."""
        self.bus.call_sync(
            BUS_NAME,
            "/controller",
            "org.fcitx.Fcitx.Controller1",
            "SetConfig",
            GLib.Variant("(sv)", (uri, config_variant(values))),
            None,
            NO_AUTO_START,
            30000,
            None,
        )

    def current_input_method(self):
        """The input method of the most recently focused input context; "" when there is none."""
        return self.bus.call_sync(
            BUS_NAME,
            "/controller",
            "org.fcitx.Fcitx.Controller1",
            "CurrentInputMethod",
            None,
            GLib.VariantType("(s)"),
            NO_AUTO_START,
            10000,
            None,
        ).unpack()[0]

    def context(self, capabilities=PREEDIT_CAPABILITY | FORMATTED_PREEDIT_CAPABILITY, input_method=None, program=None):
        return Context(self, capabilities, input_method, program)

    def panel_context(self, input_method=None):
        """A context that shows candidates (client-side panel) and reports its text around the cursor."""
        return Context(
            self,
            PREEDIT_CAPABILITY
            | FORMATTED_PREEDIT_CAPABILITY
            | SURROUNDING_TEXT_CAPABILITY
            | CLIENT_SIDE_PANEL_CAPABILITY,
            input_method,
        )

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.stop()  # an fcitx5 that did not come up right is not left running
            raise

    def __exit__(self, *exception):
        self.stop()


class Context:
    """An input context as a toolkit IM module holds it, and the text field behind it.

    With the surrounding-text capability the field has a cursor (`cursor`, None for the end of the
    text) and may have a selection (`select`), tells fcitx5 both before every key press, as the
    toolkits do, and obeys DeleteSurroundingText. With the client-side panel capability, `candidates`
    holds the shown list as (label, text) pairs, with `candidate_cursor`, `layout_hint`, `has_prev`
    and `has_next`, from the last UpdateClientSideUI."""

    def __init__(self, fcitx, capabilities, input_method, program=None):
        self.fcitx = fcitx
        self.bus = fcitx.bus
        self.capabilities = capabilities
        self.cursor = None
        self.selection = None
        self.candidates = []
        self.candidate_cursor = -1
        self.layout_hint = 0
        self.has_prev = self.has_next = False
        self.deletions = []
        self.path = self.bus.call_sync(
            BUS_NAME,
            "/org/freedesktop/portal/inputmethod",
            "org.fcitx.Fcitx.InputMethod1",
            "CreateInputContext",
            GLib.Variant("(a(ss))", ([("program", program or "fcitx5-hanguld-test")],)),
            GLib.VariantType("(oay)"),
            NO_AUTO_START,
            -1,
            None,
        ).unpack()[0]
        self.text = ""
        self.preedit = ""
        self.preedit_cursor = -1
        self.commits = []
        self.subscriptions = [
            self.bus.signal_subscribe(
                BUS_NAME, "org.fcitx.Fcitx.InputContext1", member, self.path, None, Gio.DBusSignalFlags.NONE, handler
            )
            for member, handler in (
                ("CommitString", self._on_commit),
                ("UpdateFormattedPreedit", self._on_preedit),
                ("ForwardKey", self._on_forward),
                ("UpdateClientSideUI", self._on_panel),
                ("DeleteSurroundingText", self._on_delete),
            )
        ]
        self.call("SetCapability", GLib.Variant("(t)", (capabilities,)))
        self.call("FocusIn")
        if input_method:
            self.set_input_method(input_method)

    def call(self, method, parameters=None, reply_type=None):
        result = self.bus.call_sync(
            BUS_NAME,
            self.path,
            "org.fcitx.Fcitx.InputContext1",
            method,
            parameters,
            GLib.VariantType(reply_type) if reply_type else None,
            NO_AUTO_START,
            10000,
            None,
        )
        self.pump()
        return result.unpack() if result is not None else None

    @staticmethod
    def pump():
        # Signals sent before a reply are queued in the main context: dispatch them before the
        # application acts on the reply (inserting an unhandled key), as the toolkits do.
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass

    def set_input_method(self, name):
        """Our context has the focus, so the controller's current input method is ours."""
        self.fcitx.set_current_input_method(name)
        self.pump()

    def _on_commit(self, connection, sender, path, interface, member, parameters):
        text = parameters.unpack()[0]
        self.commits.append(text)
        self._put(text)

    def _put(self, text):
        """Inserts at the cursor, replacing the selection, as a text field does."""
        if self.selection is not None:
            start, end = self.selection
            self.text = self.text[:start] + text + self.text[end:]
            self.cursor = start + len(text)
            self.selection = None
        elif self.cursor is None:
            self.text += text
        else:
            self.text = self.text[: self.cursor] + text + self.text[self.cursor :]
            self.cursor += len(text)

    def _on_panel(self, connection, sender, path, interface, member, parameters):
        _preedit, _cursor, _up, _down, candidates, index, layout, has_prev, has_next = parameters.unpack()
        self.candidates = [tuple(candidate) for candidate in candidates]
        self.candidate_cursor, self.layout_hint, self.has_prev, self.has_next = index, layout, has_prev, has_next

    def _on_delete(self, connection, sender, path, interface, member, parameters):
        offset, count = parameters.unpack()
        self.deletions.append((offset, count))
        cursor = len(self.text) if self.cursor is None else self.cursor
        start = max(0, cursor + offset)
        self.text = self.text[:start] + self.text[start + count :]
        self.cursor = None if self.cursor is None else start

    def select(self, start, end):
        """Selects characters start to end (the cursor at the end, as after Shift+Right)."""
        self.selection = (start, end)
        self.cursor = end

    def wait_for(self, condition, timeout=2.0):
        """Pumps signals until `condition()` holds (fcitx5 may send a panel update after its reply)."""
        deadline = time.monotonic() + timeout
        while not condition() and time.monotonic() < deadline:
            GLib.MainContext.default().iteration(False)
            time.sleep(0.005)
        return condition()

    def select_candidate(self, index):
        """SelectCandidate: a click on the index-th candidate of the shown page."""
        self.call("SelectCandidate", GLib.Variant("(i)", (index,)))

    def next_page(self):
        self.call("NextPage")

    def prev_page(self):
        self.call("PrevPage")

    def _tell_surrounding_text(self):
        cursor = len(self.text) if self.cursor is None else self.cursor
        anchor = cursor if self.selection is None else self.selection[0]
        self.bus.call_sync(
            BUS_NAME,
            self.path,
            "org.fcitx.Fcitx.InputContext1",
            "SetSurroundingText",
            GLib.Variant("(suu)", (self.text, cursor, anchor)),
            None,
            NO_AUTO_START,
            10000,
            None,
        )

    def _on_preedit(self, connection, sender, path, interface, member, parameters):
        segments, cursor = parameters.unpack()
        self.preedit = "".join(segment for segment, _format in segments)
        self.preedit_cursor = cursor  # in UTF-8 bytes, as fcitx5 sends it; the toolkits convert

    def _on_forward(self, connection, sender, path, interface, member, parameters):
        keysym, state, release = parameters.unpack()
        if not release:
            self._insert(keysym, state)

    def _insert(self, keysym, state):
        if state & (hangul_testing.CONTROL_MASK | 0x8 | 0x40):
            return
        if keysym == hangul_testing.KEY_BACKSPACE[0]:
            self.text = self.text[:-1]
        elif 0x20 <= keysym <= 0x7E:
            self._put(chr(keysym))

    def key(self, keysym, evdev, state=0, release=False):
        """One ProcessKeyEvent; an unhandled press inserts its character, as the application would."""
        if self.capabilities & SURROUNDING_TEXT_CAPABILITY and not release:
            self._tell_surrounding_text()
        parameters = GLib.Variant("(uuubu)", (keysym, evdev + 8, state, release, 0))
        start = time.perf_counter()
        result = self.bus.call_sync(
            BUS_NAME,
            self.path,
            "org.fcitx.Fcitx.InputContext1",
            "ProcessKeyEvent",
            parameters,
            GLib.VariantType("(b)"),
            NO_AUTO_START,
            10000,
            None,
        )
        self.last_call_seconds = time.perf_counter() - start
        self.pump()
        handled = result.unpack()[0]
        if not handled and not release:
            self._insert(keysym, state)
        return handled

    def stroke(self, keysym, evdev, shift, timings=None, release_timings=None):
        """Press and release one key, Shift_L around it when it needs Shift; `timings` collects the
        seconds each press took from the client's call to fcitx5's reply (signals included, since
        fcitx5 sends them before it replies), `release_timings` the same for releases."""
        state = hangul_testing.SHIFT_MASK if shift else 0
        if shift:
            self.key(hangul_testing.KEY_SHIFT_L[0], hangul_testing.KEY_SHIFT_L[1])
        self.key(keysym, evdev, state)
        if timings is not None:
            timings.append(self.last_call_seconds)
        self.key(keysym, evdev, state, release=True)
        if release_timings is not None:
            release_timings.append(self.last_call_seconds)
        if shift:
            self.key(hangul_testing.KEY_SHIFT_L[0], hangul_testing.KEY_SHIFT_L[1], hangul_testing.SHIFT_MASK, True)

    def type(self, keys, timings=None, release_timings=None):
        for keysym, evdev, shift in hangul_testing.key_strokes(keys):
            self.stroke(keysym, evdev, shift, timings, release_timings)

    def focus_out(self):
        self.call("FocusOut")

    def focus_in(self):
        self.call("FocusIn")

    def destroy(self):
        self.call("DestroyIC")
        for subscription in self.subscriptions:
            self.bus.signal_unsubscribe(subscription)
