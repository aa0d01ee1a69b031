"""A private ibus-daemon and a test input context that behaves like an application's text field.

Used by the tests (test_engine.py) and the benchmark (../bench). Run with Debian's /usr/bin/python3,
which has PyGObject. The recipe is ../../shared/FRONTENDS.md's: HOME and XDG_* in a temporary
directory, IBUS_COMPONENT_PATH naming only the components under test, the in-memory config component
(ibus-hangul exits without one), no panel, no XIM.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testing"))

import gi  # noqa: E402

gi.require_version("IBus", "1.0")
import hangul_testing  # noqa: E402
from gi.repository import GLib, IBus  # noqa: E402

ENGINE_TEMPLATE = os.path.join(HERE, "..", "component", "hanguld.xml.in")
VERSION_FILE = os.path.join(HERE, "..", "..", "..", "VERSION")
DEBIAN_HANGUL_COMPONENT = "/usr/share/ibus/component/hangul.xml"

RELEASE = int(IBus.ModifierType.RELEASE_MASK)
SYNC_PROCESS_KEY = 1 << 7  # IBUS_CAP_SYNC_PROCESS_KEY: GTK's default modes, which wait for each reply
SHIFT = int(IBus.ModifierType.SHIFT_MASK)
CONTROL = int(IBus.ModifierType.CONTROL_MASK)
BACKSPACE = (0xFF08, 14)
HANGUL = (0xFF31, 122)
SPACE = (0x20, 57)
F9 = (0xFFC6, 67)
HANGUL_HANJA = (0xFF34, 123)  # KEY_HANJA; xkb's evdev keymap maps it to Hangul_Hanja
ESCAPE = (0xFF1B, 1)
RETURN = (0xFF0D, 28)
DOWN = (0xFF54, 108)
RIGHT = (0xFF53, 106)
LEFT = (0xFF51, 105)
NAMED_KEYS = {
    "BackSpace": BACKSPACE,
    "space": SPACE,
    "F9": F9,
    "Hangul_Hanja": HANGUL_HANJA,
    "Escape": ESCAPE,
    "Return": RETURN,
    "Down": DOWN,
    "Right": RIGHT,
    "Left": LEFT,
    "Hangul": HANGUL,
}


def engine_executable():
    path = os.environ.get("IBUS_ENGINE_HANGULD") or os.path.join(
        HERE, "..", "..", "..", ".build-frontend-ibus", "release", "ibus-engine-hanguld"
    )
    if not os.access(path, os.X_OK):
        raise FileNotFoundError(f"ibus-engine-hanguld not found at {path}: run contrib/ibus/test, which builds it")
    return os.path.abspath(path)


class Host:
    """A private ibus-daemon in a temporary directory, seeing only the components given.

    `engine_arguments` are appended to our engine's command line (such as --hanguld PATH); `None`
    writes no component of ours (`environment`'s IBUS_COMPONENT_PATH then names an installed one);
    `with_ibus_hangul` adds Debian's ibus-hangul component for side-by-side runs; `ibus_hangul_settings`
    (a dict of its GSettings keys, `{"preedit-mode": "'word'"}`, values in GVariant text) are given to it
    through GLib's keyfile backend, the one way to reach an engine process's GSettings from outside
    (the default memory backend keeps each process's settings to itself). `environment` is added to
    what ibus-daemon (and so every engine) inherits.
    """

    def __init__(self, environment, engine_arguments=(), with_ibus_hangul=False, ibus_hangul_settings=None):
        self.work = tempfile.mkdtemp(prefix="ibus-test-")
        components = os.path.join(self.work, "components")
        os.makedirs(components)
        if engine_arguments is not None:
            with open(ENGINE_TEMPLATE) as template:
                command = " ".join([engine_executable(), "--ibus", *engine_arguments])
                with open(VERSION_FILE) as version:
                    xml = template.read().replace("@EXEC@", command).replace("@VERSION@", version.read().strip())
                xml = xml.replace("@SETUP@", os.path.join(HERE, "..", "setup", "ibus-setup-hanguld"))
            with open(os.path.join(components, "hanguld.xml"), "w") as out:
                out.write(xml)
        if with_ibus_hangul:
            shutil.copy(DEBIAN_HANGUL_COMPONENT, components)
        self.environment = {
            "HOME": os.path.join(self.work, "home"),
            "XDG_CONFIG_HOME": os.path.join(self.work, "config"),
            "XDG_CACHE_HOME": os.path.join(self.work, "cache"),
            "IBUS_ADDRESS_FILE": os.path.join(self.work, "ibus-address"),
            "GSETTINGS_BACKEND": "memory",
            "IBUS_COMPONENT_PATH": components,
            **environment,
        }
        if ibus_hangul_settings:
            self.environment["GSETTINGS_BACKEND"] = "keyfile"
            keyfile = os.path.join(self.environment["XDG_CONFIG_HOME"], "glib-2.0", "settings", "keyfile")
            os.makedirs(os.path.dirname(keyfile))
            with open(keyfile, "w") as out:
                out.write("[org/freedesktop/ibus/engine/hangul]\n")
                out.writelines(f"{key}={value}\n" for key, value in ibus_hangul_settings.items())
        self.log_path = os.path.join(self.work, "ibus-daemon.log")
        self.process = None
        self.bus = None

    def start(self, timeout=20.0):
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "IBUS_ADDRESS"):
            os.environ.pop(name, None)
        os.environ.update(self.environment)
        for name in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
            os.makedirs(self.environment[name], exist_ok=True)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [
                    "ibus-daemon",
                    "--panel=disable",
                    "--emoji-extension=disable",
                    "--config=/usr/libexec/ibus-memconf",
                    "--cache=none",
                ],
                stdout=log,
                stderr=log,
                env=dict(os.environ),
            )
        address = self.environment["IBUS_ADDRESS_FILE"]
        deadline = time.monotonic() + timeout
        while not (os.path.exists(address) and os.path.getsize(address) > 0):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"ibus-daemon did not start; log: {self.log_path}")
            time.sleep(0.02)
        IBus.init()
        self.bus = IBus.Bus.new()
        while not self.bus.is_connected():
            if time.monotonic() > deadline:
                raise RuntimeError(f"cannot connect to the private ibus-daemon; log: {self.log_path}")
            pump(0.02)
        return self

    def stop(self):
        if self.bus is not None:
            self.bus = None
        hangul_testing.end_process(self.process)

    def context(
        self,
        engine="hanguld",
        surrounding=False,
        name="gtk3-im:hangul-test",
        synchronous=False,
        capabilities=SYNC_PROCESS_KEY,
        qt68=False,
    ):
        return TextField(
            self, engine, surrounding, name=name, synchronous=synchronous, capabilities=capabilities, qt68=qt68
        )


def pump(seconds=0.0):
    """Dispatches what the bus delivered; with `seconds`, keeps doing so for that long."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while True:
        while context.iteration(False):
            pass
        if time.monotonic() >= end:
            return
        time.sleep(0.005)


class TextField:
    """An input context plus the text an application would hold: commits inserted, unhandled
    printable keys typed after them (PROTOCOL.md section 8), an unhandled BackSpace deleting one
    character, shortcuts (Control, Alt, Super) inserting nothing. The cursor is always at the end.

    The candidate window is what the engine last sent: `candidates` (each row's text), `labels`,
    `cursor` (row in the page), `orientation`, `table_visible`, and `auxiliary` (the text above it,
    None while hidden). With `surrounding=True` the field reports
    surrounding text as GTK's IM module does (the capability, and the text before every key press,
    which IBus sends on only when the engine asked for it) and honours `delete-surrounding-text`;
    `surrounding_deletes` records each deletion as (offset, count).

    `name` is the client name the context is created with (the engine learns it with focus_in_id:
    `xim`, `gtk3-im:PROGRAM`, `gtk4-im:PROGRAM`, `QIBusInputContext`). A `synchronous` field inserts a
    key the engine did not handle as soon as `process_key_event` returns, before it dispatches the
    signals the engine sent meanwhile, as ibus-x11 (every XIM application) and GTK with
    `IBUS_ENABLE_SYNC_MODE=1` do; otherwise it dispatches them first, as GTK's default modes do.
    `capabilities` are added to the field's own. By default the field is GTK 3's module in its default
    mode: named `gtk3-im:...`, with IBUS_CAP_SYNC_PROCESS_KEY.
    """

    def __init__(
        self,
        host,
        engine,
        surrounding=False,
        name="gtk3-im:hangul-test",
        synchronous=False,
        capabilities=SYNC_PROCESS_KEY,
        qt68=False,
    ):
        self.host = host
        self.synchronous = synchronous
        # Qt's plugin keeps its own copy of the preedit and commits it itself on a click and before
        # the focus moves inside the application; it draws the preedit's text whatever `visible` says
        # (which only hides its caret). Qt 6.8's plugin (`qt68=True`) also tells ibus-daemon so
        # (ClientCommitPreedit), and commits its copy only in COMMIT mode; Qt 5's, whatever the mode.
        self.commits_own_preedit = name.startswith("QIBusInputContext")
        self.qt68 = qt68
        self.preedit_mode = None  # the focus mode of the last preedit, when ibus-daemon says it
        self.preedit_marked_visible = None  # its `visible` flag
        # Through ibus-x11 the engine keeps a syllable over a focus out and commits it at the next
        # focus in (a commit after XIM's focus out never reaches the application).
        self.engine_holds_preedit = name == "xim"
        # Whether Return inserts a line break, so a test can see where it landed (off by default, as
        # hangul-compose inserts nothing for it).
        self.return_types_newline = False
        self.may_hold_output = False
        self.ic = host.bus.create_input_context(name)
        self.text = ""
        self.preedit = ""
        self.preedit_cursor = 0  # where the engine puts the cursor in the preedit, in characters
        self.commits = []
        self.surrounding = surrounding
        self.surrounding_deletes = []
        self.candidates = []
        self.labels = []
        self.cursor = None
        self.orientation = None
        self.table_visible = False
        self.ic.connect("update-lookup-table", self._on_update_lookup_table)
        self.ic.connect("show-lookup-table", self._on_show_lookup_table)
        self.ic.connect("hide-lookup-table", self._on_hide_lookup_table)
        self.ic.connect("delete-surrounding-text", self._on_delete_surrounding_text)
        self.auxiliary = None  # the auxiliary text shown above the candidates; None while hidden
        self._auxiliary_text = ""
        self.ic.connect("update-auxiliary-text", self._on_update_auxiliary_text)
        self.ic.connect("show-auxiliary-text", self._on_show_auxiliary_text)
        self.ic.connect("hide-auxiliary-text", self._on_hide_auxiliary_text)
        self.ic.connect("commit-text", self._on_commit)
        self.ic.connect("update-preedit-text", self._on_preedit)
        self.ic.connect("update-preedit-text-with-mode", self._on_preedit_with_mode)
        self.ic.connect("hide-preedit-text", self._on_hide_preedit)
        self.ic.connect("forward-key-event", self._on_forward)
        self.mode_label = None
        self.ic.connect("register-properties", self._on_register_properties)
        self.ic.connect("update-property", self._on_update_property)
        # LOOKUP_TABLE, AUXILIARY_TEXT: the field draws the candidate window itself, so ibus-daemon sends the table to
        # it (without a panel, which the recipe disables, it would go nowhere).
        own = (
            IBus.Capabilite.PREEDIT_TEXT
            | IBus.Capabilite.FOCUS
            | IBus.Capabilite.PROPERTY
            | IBus.Capabilite.LOOKUP_TABLE
            | IBus.Capabilite.AUXILIARY_TEXT
        )
        if surrounding:
            own |= IBus.Capabilite.SURROUNDING_TEXT
        self.ic.set_capabilities(int(own) | capabilities)
        if qt68:
            self.ic.set_client_commit_preedit(True)
        self.ic.focus_in()
        self.engine = engine
        # In IBus's global-engine mode a focused context takes the global engine. Setting it again
        # makes ibus-daemon create another instance asynchronously, and a key typed meanwhile would
        # reach the previous one: set it only when it is not already the global engine.
        current = host.bus.get_global_engine()
        if current is None or current.get_name() != engine:
            self.ic.set_engine(engine)
        deadline = time.monotonic() + 10
        while True:
            description = self.ic.get_engine()
            if description is not None and description.get_name() == engine:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"engine {engine} was not set; ibus-daemon log: {host.log_path}")
            pump(0.01)
        pump()

    def _on_commit(self, _ic, text):
        self.commits.append(text.get_text())
        self.text += text.get_text()

    def _on_preedit(self, _ic, text, cursor, visible):
        self.preedit_marked_visible = visible
        shown = visible or self.commits_own_preedit
        self.preedit = text.get_text() if shown else ""
        self.preedit_cursor = cursor if shown else 0

    def _on_preedit_with_mode(self, _ic, text, cursor, visible, mode):
        self.preedit_mode = mode
        self._on_preedit(_ic, text, cursor, visible)

    def _on_hide_preedit(self, _ic):
        self.preedit = ""
        self.preedit_cursor = 0

    def _on_update_lookup_table(self, _ic, table, visible):
        count = table.get_number_of_candidates()
        self.candidates = [table.get_candidate(i).get_text() for i in range(count)]
        self.labels = [table.get_label(i).get_text() if table.get_label(i) else None for i in range(count)]
        self.cursor = table.get_cursor_pos()
        self.orientation = table.get_orientation()
        self.table_visible = bool(visible)

    def _on_update_auxiliary_text(self, _ic, text, visible):
        self._auxiliary_text = text.get_text()
        self.auxiliary = self._auxiliary_text if visible else None

    def _on_show_auxiliary_text(self, _ic):
        self.auxiliary = self._auxiliary_text

    def _on_hide_auxiliary_text(self, _ic):
        self.auxiliary = None

    def _on_show_lookup_table(self, _ic):
        self.table_visible = True

    def _on_hide_lookup_table(self, _ic):
        self.table_visible = False

    def _on_delete_surrounding_text(self, _ic, offset, count):
        self.surrounding_deletes.append((offset, count))
        if offset < 0 and -offset <= len(self.text) and count <= -offset:
            start = len(self.text) + offset
            self.text = self.text[:start] + self.text[start + count :]

    def report_surrounding_text(self):
        """What GTK's IM module does before each key press: the field's text, the cursor at its end."""
        self.ic.set_surrounding_text(IBus.Text.new_from_string(self.text), len(self.text), len(self.text))

    def _on_register_properties(self, _ic, properties):
        index = 0
        while (prop := properties.get(index)) is not None:
            self._on_update_property(_ic, prop)
            index += 1

    def _on_update_property(self, _ic, prop):
        if prop.get_key() == "InputMode":
            self.mode_label = prop.get_label().get_text()

    def _on_forward(self, _ic, keysym, _code, state):
        if not state & RELEASE:
            self._insert(keysym, state)

    def _insert(self, keysym, state):
        if state & (CONTROL | int(IBus.ModifierType.MOD1_MASK) | int(IBus.ModifierType.MOD4_MASK)):
            return
        if keysym == RETURN[0] and self.return_types_newline:
            self.text += "\n"
        elif keysym == BACKSPACE[0]:
            self.text = self.text[:-1]
        elif 0x20 <= keysym <= 0x7E:
            self.text += chr(keysym)

    def sync(self):
        """A synchronous round trip through ibus-daemon, then dispatch: every signal the engine sent
        before it has arrived."""
        self.ic.get_engine()
        pump()

    def press(self, keysym, code, state=0):
        # A key that types no character may be forwarded later, with output held behind it (see take_text).
        self.may_hold_output = self.may_hold_output or not 0x20 <= keysym <= 0x7E
        if self.surrounding:
            self.report_surrounding_text()
        handled = self.ic.process_key_event(keysym, code, state)
        if self.synchronous and not handled:
            self._insert(keysym, state)
        pump()
        if not self.synchronous and not handled:
            self._insert(keysym, state)
        return handled

    def release(self, keysym, code, state=0):
        handled = self.ic.process_key_event(keysym, code, state | RELEASE)
        pump()
        return handled

    def stroke(self, keysym, code, state=0):
        """Press then release; returns whether the press was handled."""
        handled = self.press(keysym, code, state)
        self.release(keysym, code, state)
        return handled

    def type(self, keys):
        """Types US-QWERTY characters (hangul_testing's notation without <names>); returns the
        handled flag of each press."""
        return [
            self.stroke(keysym, code, SHIFT if shift else 0) for keysym, code, shift in hangul_testing.key_strokes(keys)
        ]

    def type_notation(self, keys):
        """Types `keys` in hangul-compose's notation: US-QWERTY characters and <names> from `NAMED_KEYS`
        (`<BackSpace>`, `<space>`, `<F9>`...); returns the handled flag of each press."""
        handled = []
        for name, character in re.findall(r"<([^>]+)>|(.)", keys):
            if name:
                handled.append(self.stroke(*NAMED_KEYS[name]))
            else:
                handled += self.type(character)
        return handled

    def focus_out(self):
        if self.commits_own_preedit:
            self.qt_commit()
        self.ic.focus_out()
        self.sync()

    def qt_commit(self):
        """What Qt's plugin does on a click and before a focus change inside the application (its
        commit()): its own copy of the preedit committed (Qt 6.8's only in COMMIT mode, dropped
        otherwise), then Reset."""
        if not self.qt68 or self.preedit_mode == int(IBus.PreeditFocusMode.COMMIT):
            self.text += self.preedit
        self.preedit = ""
        self.ic.reset()
        self.sync()

    def focus_in(self):
        self.ic.focus_in()
        self.sync()

    def wait_for_commit_after(self, count, timeout=10.0):
        """Pumps until a commit past the first `count` has arrived (none is awaited for None): the
        engine commits a held syllable when ibus-daemon tells it of the focus in, after the client's
        own round trip has returned."""
        deadline = time.monotonic() + timeout
        while count is not None and len(self.commits) <= count:
            if time.monotonic() > deadline:
                raise AssertionError(f"no commit within {timeout} s of the focus in")
            pump(0.01)

    def take_text(self):
        """Focus out (the client commits the visible preedit; through ibus-x11 the engine does, at the
        focus in that follows), returns the field's text and empties it, then focuses in again for
        the next line."""
        if self.engine_holds_preedit and self.may_hold_output:
            # Through ibus-x11 the engine forwards a key after a commit up to 50 ms later and holds
            # what follows up to 150 ms more while no key comes (IBusClient.forwardDelayAfterText):
            # let it arrive, as it would before the user moved on.
            pump(0.4)
        self.may_hold_output = False
        shown, committed = self.preedit, len(self.commits)
        self.focus_out()
        if self.engine_holds_preedit:
            self.focus_in()
            self.wait_for_commit_after(committed if shown else None)
        text = self.text
        self.text = ""
        self.commits = []
        if not self.engine_holds_preedit:
            self.focus_in()
        return text
