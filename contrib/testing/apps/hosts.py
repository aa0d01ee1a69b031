"""The displays and input-method hosts the application matrix types through: an Xvfb, and on it a
private ibus-daemon with ibus-x11, or a private fcitx5 with its D-Bus and XIM frontends.

The hosts are the frontends' own test hosts (contrib/ibus/tests/ibus_host.py,
contrib/fcitx5/tests/fcitx5_dbus.py), seeing the frontends installed under a prefix by
scripts/install, with Debian's ibus-hangul and fcitx5-hangul beside ours for `--references`. Each
host says which engines it offers, how to pick one, and what environment makes an application use it.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "contrib", "testing"))
sys.path.insert(0, os.path.join(ROOT, "contrib", "ibus", "tests"))
sys.path.insert(0, os.path.join(ROOT, "contrib", "fcitx5", "tests"))

import fcitx5_dbus  # noqa: E402
import hangul_testing  # noqa: E402
import ibus_host  # noqa: E402

# The session bus of dbus-run-session, which the run script starts: fcitx5 and the applications use
# it. ibus_host.Host.start takes it out of this process's environment (ibus-daemon has its own bus),
# so it is kept here.
SESSION_BUS = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "")
ADDRESS_FILE = os.path.join(tempfile.mkdtemp(prefix="hangul-matrix-ibus-"), "address")


class Display:
    """An Xvfb of its own. -r: no autorepeat (a key released late, on a loaded machine, would repeat)."""

    def __init__(self, width=1280, height=800):
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp", "-r"],
            pass_fds=(write_end,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not report a display number")
        self.name = f":{number}"

    def close(self):
        hangul_testing.end_process(self.process)


class IBusHost:
    """ibus-daemon with our component from the prefix (and ibus-hangul's), ibus-x11 on the display for
    XIM clients. ibus-hangul starts in Hangul mode here (`initial-input-mode`), as ours does, so both
    type from the first key."""

    name = "ibus"

    def __init__(self, prefix, daemon_environment, display, references):
        self.engines = {"ours": "hanguld", **({"reference": "hangul"} if references else {})}
        self.host = ibus_host.Host(
            daemon_environment,
            engine_arguments=None,
            with_ibus_hangul=references,
            ibus_hangul_settings={"initial-input-mode": "'hangul'"},
        )
        components = os.path.join(self.host.work, "components")
        self.host.environment["IBUS_COMPONENT_PATH"] = f"{prefix}/share/ibus/component:{components}"
        # libibus reads IBUS_ADDRESS_FILE once per process (ibus_get_socket_path keeps the first answer),
        # so every host of this process writes its address to the same file, emptied before it starts.
        self.host.environment["IBUS_ADDRESS_FILE"] = ADDRESS_FILE
        # ibus-daemon owns org.freedesktop.IBus on the session bus, as in a desktop session: IBus's GTK
        # module (GTK 4, and GTK 3 where keys bypass its key snooper, as in Chromium and Firefox) sends
        # keys to IBus only while it sees that name there, and types them itself otherwise.
        if SESSION_BUS:
            self.host.environment["DBUS_SESSION_BUS_ADDRESS"] = SESSION_BUS
        self.display = display
        self.x11 = None
        self.x11_log = os.path.join(self.host.work, "ibus-x11.log")

    def start(self):
        if os.path.exists(ADDRESS_FILE):
            os.remove(ADDRESS_FILE)
        try:
            self.host.start()
        finally:
            os.environ["DBUS_SESSION_BUS_ADDRESS"] = SESSION_BUS
        # ibus-x11 finds the daemon through IBUS_ADDRESS_FILE, which Host.start put in this environment.
        # It gives up when it cannot reach the daemon at once (a loaded machine): start it again then.
        deadline = time.monotonic() + 30
        while True:
            with open(self.x11_log, "ab") as log:
                self.x11 = subprocess.Popen(
                    ["/usr/libexec/ibus-x11"], env=dict(os.environ, DISPLAY=self.display.name), stdout=log, stderr=log
                )
            try:
                wait_for_xim_server(self.display.name, "ibus", timeout=10, process=self.x11)
                return self
            except (RuntimeError, TimeoutError) as error:
                hangul_testing.end_process(self.x11)
                if time.monotonic() > deadline:
                    with open(self.x11_log, errors="replace") as log:
                        raise RuntimeError(f"ibus-x11 did not register its XIM server: {log.read()[-500:]}") from error

    def select(self, engine):
        self.host.bus.set_global_engine(engine)
        ibus_host.pump(0.2)

    def application_environment(self):
        return {
            "GTK_IM_MODULE": "ibus",
            "QT_IM_MODULE": "ibus",
            "XMODIFIERS": "@im=ibus",
            "IBUS_ADDRESS_FILE": self.host.environment["IBUS_ADDRESS_FILE"],
        }

    def diagnostics(self):
        """What ibus-daemon and ibus-x11 logged (an engine that exited, a lost connection): the last lines."""
        lines = []
        for path in (self.host.log_path, self.x11_log):
            if os.path.exists(path):
                with open(path, errors="replace") as file:
                    lines += [line for line in file.read().splitlines() if line.strip()][-15:]
        return lines

    def stop(self):
        hangul_testing.end_process(self.x11)
        self.host.stop()
        shutil.rmtree(self.host.work, ignore_errors=True)


class FcitxHost:
    """fcitx5 with our addon from the prefix (and fcitx5-hangul), its D-Bus frontend for GTK and Qt and
    its XIM frontend (xcb, xim) on the display. Every input context starts active, in the group's
    default input method, and shares its state, so a new window types Hangul from the first key."""

    name = "fcitx5"

    def __init__(self, prefix, daemon_environment, display, references):
        self.engines = {"ours": "hanguld", **({"reference": "hangul"} if references else {})}
        input_methods = list(self.engines.values())
        environment = {
            **fcitx5_dbus.addon_environment(prefix),
            **daemon_environment,
            "HANGULD_AUTOSTART": "0",
            "DISPLAY": display.name,
        }
        self.fcitx = fcitx5_dbus.Fcitx(input_methods, [*input_methods, "xcb", "xim"], environment)
        with open(f"{self.fcitx.work}/config/fcitx5/config", "w") as file:
            file.write("[Behavior]\nActiveByDefault=True\nShareInputState=All\n")
        self.display = display

    def start(self):
        self.fcitx.start()
        wait_for_xim_server(self.display.name, "fcitx")
        return self

    def select(self, engine):
        """The current input method of the focused context, shared by all (ShareInputState=All)."""
        deadline = time.monotonic() + 10
        while self.fcitx.current_input_method() != engine:
            if time.monotonic() > deadline:
                raise TimeoutError(f"fcitx5 did not switch to {engine}; log: {self.fcitx.log_path}")
            self.fcitx.set_current_input_method(engine)
            time.sleep(0.1)

    def application_environment(self):
        return {"GTK_IM_MODULE": "fcitx", "QT_IM_MODULE": "fcitx", "XMODIFIERS": "@im=fcitx"}

    def diagnostics(self):
        """What our addon logged (a missed deadline, a reconnect), which tells a slow daemon on a loaded
        machine from a wrong order of effects."""
        return [line for line in self.fcitx.log().splitlines() if re.search(r"engine\.cpp|daemonconnection", line)]

    def stop(self):
        self.fcitx.stop()


HOSTS = {"ibus": IBusHost, "fcitx5": FcitxHost}


def wait_for_xim_server(display, name, timeout=15.0, process=None):
    """Until the XIM server `name` has registered on the display (its selection @server=NAME has an
    owner), so an XIM application started next finds it. RuntimeError when `process`, the server,
    has exited first."""
    deadline = time.monotonic() + timeout
    while True:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the XIM server {name} exited with {process.returncode}")
        result = subprocess.run(
            ["xprop", "-display", display, "-root", "XIM_SERVERS"], check=False, capture_output=True, text=True
        )
        if f"@server={name}" in result.stdout:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(
                f"the XIM server {name} did not register on {display} within {timeout} s "
                f"(XIM_SERVERS: {result.stdout.strip()})"
            )
        time.sleep(0.1)
