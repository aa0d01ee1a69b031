#!/usr/bin/python3
"""The preferences dialog (issue 28), opened as GNOME Settings and ibus-setup open it: from the
<setup> entry of the component scripts/install wrote. Under a fresh Xvfb, driven through AT-SPI
(widgets found by their accessible names, buttons pressed by their actions, the layout list's
selection) and xdotool (the chord the key-capture dialog records). Run inside dbus-run-session, so
the dialog and this test share an accessibility bus (contrib/ibus/test does).

Checks that the settings file changes and keeps its comment, that a session open on a hanguld
reading that file follows (get_options after the reload hangulctl asks for), and that a broken
file shows its problem with its line. HANGUL_SAVE_SCREENSHOT=1 saves contrib/ibus/screenshot-setup.png;
HANGUL_SETUP_TEST_PREFIX=DIR uses an installation made before instead of running scripts/install.

Prints one line per test and last `RESULT passed failed`; exits 1 on a failure.
"""

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from xml.etree import ElementTree

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "contrib", "testing"))
import hangul_testing  # noqa: E402

# The README's picture; replaced only with HANGUL_SAVE_SCREENSHOT=1 (as test_engine.py's), so a test
# run leaves the tree clean: otherwise the shot goes to the test's temporary directory.
SCREENSHOT = os.path.join(ROOT, "contrib", "ibus", "screenshot-setup.png")
COMMENT = "# a comment the user wrote, which the dialog must keep"


def equal(actual, expected, what):
    if actual != expected:
        raise AssertionError(f"{what}: expected {expected!r}, got {actual!r}")


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def eventually(condition, what, timeout=10.0):
    """Waits for `condition()` to return something true, and returns it."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout} s")
        time.sleep(0.1)


class Session:
    """One protocol connection to hanguld, as a frontend's input field holds it."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.reader = self.socket.makefile("r", encoding="utf-8")
        self.next_id = 1
        self.call("hello", {"protocol": 1, "client": "test_setup"})

    def call(self, method, params=None):
        request = {"id": self.next_id, "method": method}
        if params is not None:
            request["params"] = params
        self.next_id += 1
        self.socket.sendall((json.dumps(request) + "\n").encode())
        reply = json.loads(self.reader.readline())
        if "error" in reply:
            raise AssertionError(f"{method}: {reply['error']}")
        return reply["result"]

    def options(self):
        return self.call("get_options")["options"]

    def close(self):
        self.reader.close()
        self.socket.close()


def accessibles(node):
    """`node` and everything under it."""
    yield node
    for index in range(node.get_child_count()):
        child = node.get_child_at_index(index)
        if child is not None:
            yield from accessibles(child)


def find(root, role, name):
    """The first accessible under `root` with this role name (AT-SPI's, e.g. "push button") whose
    name contains `name`, or None."""
    for node in accessibles(root):
        try:
            if node.get_role_name() == role and name in (node.get_name() or ""):
                return node
        except gi.repository.GLib.Error:
            continue
    return None


def window(title):
    """The dialog's toplevel window named `title`, once AT-SPI lists it."""

    def look():
        desktop = Atspi.get_desktop(0)
        for index in range(desktop.get_child_count()):
            application = desktop.get_child_at_index(index)
            for child in range(application.get_child_count() if application else 0):
                node = application.get_child_at_index(child)
                if node is not None and node.get_name() == title:
                    return node
        return None

    return eventually(look, f"a window titled {title!r}", timeout=30)


def press(node):
    """Presses a button as a screen reader does: its first action ("click")."""
    node.do_action(0)


class Fixture:
    """scripts/install into a temporary prefix, a settings file with a comment, a hanguld reading
    it, a session on it, and a fresh Xvfb."""

    def __init__(self):
        self.work = tempfile.mkdtemp(prefix="hangul-setup-test-")
        self.prefix = os.path.join(self.work, "prefix")
        self.config_home = os.path.join(self.work, "config")
        self.settings = os.path.join(self.config_home, "hangul", "config.toml")
        os.makedirs(os.path.dirname(self.settings))
        self.runtime = os.path.join(self.work, "runtime")
        os.makedirs(self.runtime, mode=0o700)
        self.environment = dict(os.environ, HOME=os.path.join(self.work, "home"), XDG_CONFIG_HOME=self.config_home)
        self.daemon = None
        self.xvfb = None
        if os.environ.get("HANGUL_SETUP_TEST_PREFIX"):  # an installation made before, to try a change quickly
            self.prefix = os.environ["HANGUL_SETUP_TEST_PREFIX"]
            return
        result = subprocess.run(
            [os.path.join(ROOT, "scripts", "install"), "--prefix", self.prefix, "--frontends", "ibus"],
            env=self.environment,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(f"scripts/install failed: {result.stdout[-1500:]}{result.stderr[-1500:]}")

    def start(self):
        os.environ["HANGULD"] = os.path.join(self.prefix, "bin", "hanguld")
        self.daemon = hangul_testing.Daemon(self.runtime, "--config", self.settings).start()
        self.environment.update(self.daemon.environment())
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "760x860x24", "-nolisten", "tcp"],
            pass_fds=[write],
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as display:
            self.environment["DISPLAY"] = ":" + display.readline().strip()
        # GTK 4's GL renderer draws nothing Xvfb's screenshot sees; cairo draws the same widgets.
        self.environment["GSK_RENDERER"] = "cairo"
        return self

    def setup_command(self):
        """The <setup> of the installed component's engine, split as ibus does."""
        component = os.path.join(self.prefix, "share", "ibus", "component", "hanguld.xml")
        setup = ElementTree.parse(component).getroot().find("engines/engine/setup")
        if setup is None or not setup.text:
            raise AssertionError(f"{component} has no <setup> in its <engine>")
        return shlex.split(setup.text)

    def open_dialog(self, **environment):
        """Starts the <setup> command; its output goes to dialog.log, which close() checks."""
        with open(os.path.join(self.work, "dialog.log"), "w") as log:
            return subprocess.Popen(
                self.setup_command(), env=dict(self.environment, **environment), stdout=log, stderr=subprocess.STDOUT
            )

    def hangulctl(self, *arguments):
        return subprocess.run(
            [os.path.join(self.prefix, "bin", "hangulctl"), *arguments],
            env=self.environment,
            capture_output=True,
            text=True,
            check=False,
        )

    def xdotool(self, *arguments):
        # A bound, so a search that never matches fails the test instead of holding CI.
        subprocess.run(["xdotool", *arguments], env=self.environment, check=True, capture_output=True, timeout=60)

    def stop(self):
        if self.daemon:
            self.daemon.stop()
        if self.xvfb:
            self.xvfb.terminate()
            self.xvfb.wait()
        shutil.rmtree(self.work, ignore_errors=True)


def close(fixture, dialog):
    """Ends the dialog; a Python error it printed on the way (in a signal handler, which GTK
    survives) fails the test."""
    dialog.terminate()
    try:
        dialog.wait(timeout=5)
    except subprocess.TimeoutExpired:
        dialog.kill()
        dialog.wait()
    with open(os.path.join(fixture.work, "dialog.log")) as log:
        output = log.read()
    if "Traceback" in output:
        raise AssertionError(f"the dialog printed an error:\n{output}")


def the_dialog_sets_the_layout_a_switch_and_a_captured_toggle_key_and_an_open_session_follows(fixture):
    with open(fixture.settings, "w") as file:
        file.write(f'{COMMENT}\nlayout = "2"\n')
    listed = fixture.hangulctl("config", "list", "--json")
    if listed.returncode != 0:
        raise AssertionError(
            f"hangulctl config list --json failed ({listed.stderr.strip()}): the dialog is built from "
            "it, and it comes with the protocol's list_options (PROTOCOL.md section 6.16)"
        )
    options = {option["name"]: option for option in json.loads(listed.stdout)["options"]}
    session = Session(fixture.daemon.socket_path)
    dialog = fixture.open_dialog(LANG="C.UTF-8", LANGUAGE="", LC_ALL="", LC_MESSAGES="")
    try:
        equal(session.options()["layout"], "2", "the session's layout before")
        frame = window("Korean (hanguld) Preferences")
        # Every option the daemon lists has its row, found by its description.
        for option in options.values():
            description = option["description"]
            eventually(
                lambda description=description: find(frame, "label", description) or find(frame, "list", description),
                f"the row of {option['name']}",
            )

        layouts = find(frame, "list", options["layout"]["description"])
        names = [layouts.get_child_at_index(i).get_name() for i in range(layouts.get_child_count())]
        index = next(i for i, name in enumerate(names) if name.endswith("(3f)"))
        equal(names[index], "Sebeolsik Final · 세벌식 최종 (3f)", "the 3f row's name")
        layouts.select_child(index)
        eventually(lambda: session.options()["layout"] == "3f", "the open session's layout becoming 3f")
        text = read(fixture.settings)
        if 'layout = "3f"' not in text or COMMENT not in text:
            raise AssertionError(f"the settings file after choosing 3f: {text!r}")

        # A switch, pressed as a screen reader presses it, writes its flag.
        flag = options["auto-reorder"]
        before = session.options()["auto-reorder"]
        press(find(frame, "check box", flag["description"]))
        eventually(lambda: session.options()["auto-reorder"] == (not before), "the open session's auto-reorder")
        equal(
            fixture.hangulctl("config", "get", "auto-reorder").stdout.strip(),
            str(not before).lower(),
            "hangulctl's auto-reorder",
        )

        toggle = options["toggle-keys"]
        press(find(frame, "push button", f"Add a key… {toggle['description']}"))
        capture = window(toggle["description"])
        # --name is a regular expression, and the description has parentheses ("(Caps_Lock acts on
        # its tap)"): escaped, or the search never matches and waits for ever.
        fixture.xdotool("search", "--sync", "--name", f"^{re.escape(toggle['description'])}$", "windowfocus", "--sync")
        time.sleep(0.3)  # GTK takes the focus event before the key
        fixture.xdotool("key", "--clearmodifiers", "ctrl+F9")
        eventually(lambda: find(capture, "label", "Control+F9"), "the capture dialog showing Control+F9")
        press(find(capture, "push button", "Add"))
        expected = session.options()["toggle-keys"] + ["Control+F9"]
        eventually(lambda: session.options()["toggle-keys"] == expected, "the open session's toggle keys")
        text = read(fixture.settings)
        if "Control+F9" not in text or COMMENT not in text or 'layout = "3f"' not in text:
            raise AssertionError(f"the settings file after adding Control+F9: {text!r}")
        equal(
            json.loads(fixture.hangulctl("config", "get", "--json").stdout)["toggle-keys"],
            expected,
            "hangulctl's toggle keys",
        )
        # The row shows the new key with its remove button; removing it writes the list without it.
        eventually(lambda: find(frame, "push button", "Remove Control+F9"), "the row of the captured key")
        time.sleep(0.5)  # the capture window gone and the row drawn, for the screenshot
        shot = (
            SCREENSHOT
            if os.environ.get("HANGUL_SAVE_SCREENSHOT") == "1"
            else os.path.join(fixture.work, "screenshot-setup.png")
        )
        subprocess.run(["import", "-window", "root", shot], env=fixture.environment, check=True)
        if os.path.getsize(shot) < 10000:
            raise AssertionError(f"the screenshot {shot} is {os.path.getsize(shot)} bytes: an empty screen?")
        press(find(frame, "push button", "Remove Control+F9"))
        eventually(lambda: session.options()["toggle-keys"] == expected[:-1], "the key's removal reaching the session")
        if COMMENT not in read(fixture.settings):
            raise AssertionError("the comment was lost")
    finally:
        session.close()
        close(fixture, dialog)


def a_broken_file_shows_its_problem_with_its_line_in_korean(fixture):
    with open(fixture.settings, "w") as file:
        file.write(f'{COMMENT}\nlayout = "3f"\nauto_reorder = true\n')
    problem = fixture.hangulctl("config", "check").stdout.strip() or fixture.hangulctl("config", "check").stderr.strip()
    if ":3:" not in problem:
        raise AssertionError(f"hangulctl config check did not name line 3: {problem!r}")
    dialog = fixture.open_dialog(LANGUAGE="ko", LANG="C.UTF-8")
    try:
        frame = window("한국어 (hanguld) 설정")
        shown = eventually(lambda: find(frame, "label", ":3: unknown key"), "the problem with its line")
        if "설정 파일에 문제가" not in shown.get_name() or problem.splitlines()[0] not in shown.get_name():
            raise AssertionError(f"the dialog's message: {shown.get_name()!r}")
        equal(
            find(frame, "check box", ""), None, "a switch shown beside the problem (a default the daemon does not use)"
        )
    finally:
        close(fixture, dialog)


def ibus_daemon_gives_the_installed_dialog_as_the_engines_setup(fixture):
    """What GNOME Settings and ibus-setup read to show the Preferences button: the engine
    description's setup, as a private ibus-daemon reads it from the installed component. Last:
    the host takes this process's DISPLAY and session bus."""
    from ibus_host import Host

    component_dir = os.path.join(fixture.prefix, "share", "ibus", "component")
    host = Host({"IBUS_COMPONENT_PATH": component_dir, **fixture.daemon.environment()}, engine_arguments=None)
    try:
        host.start()
        engines = host.bus.get_engines_by_names(["hanguld"])
        equal(len(engines), 1, "engines named hanguld")
        equal(
            engines[0].get_setup(),
            os.path.join(fixture.prefix, "libexec", "hangul", "ibus-setup-hanguld"),
            "the engine's setup",
        )
    finally:
        host.stop()


TESTS = [
    the_dialog_sets_the_layout_a_switch_and_a_captured_toggle_key_and_an_open_session_follows,
    a_broken_file_shows_its_problem_with_its_line_in_korean,
    ibus_daemon_gives_the_installed_dialog_as_the_engines_setup,
]


def main():
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        print("test_setup.py: run it inside dbus-run-session (contrib/ibus/test does)", file=sys.stderr)
        return 64
    passed = failed = 0
    fixture = Fixture().start()
    os.environ["DISPLAY"] = fixture.environment["DISPLAY"]
    try:
        for function in TESTS:
            start = time.monotonic()
            try:
                function(fixture)
                passed += 1
                print(f"PASS {function.__name__} ({time.monotonic() - start:.1f} s)", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {function.__name__} ({time.monotonic() - start:.1f} s)", flush=True)
                traceback.print_exc()
    finally:
        fixture.stop()
    print(f"RESULT {passed} {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
