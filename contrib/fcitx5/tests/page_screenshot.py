#!/usr/bin/python3
"""The picture of the addon's configuration page in the README: fcitx5-config-qt under Xvfb, against
a private fcitx5 and hanguld, "Hangul (hanguld)" selected in the input method list and its Configure
button clicked (with xdotool, at their places in fcitx5-config-qt 5.0.16's window), the dialog that
opens captured with ImageMagick's `import`.

    dbus-run-session -- /usr/bin/python3 page_screenshot.py --prefix PREFIX [--broken] [--output FILE]

PREFIX is where scripts/install put the addon. --broken shows the page for a settings file the
daemon refuses. Not a test (dbus_tests.py's page group tests the page through the same D-Bus calls);
it needs fcitx5-config-qt and imagemagick, which scripts/setup does not install (Debian 12's
fcitx5-config-qt has no plugin for /usr/libexec/fcitx5-qt5-gui-wrapper to open the page alone).
"""

import argparse
import os
import shutil
import subprocess
import tempfile
import time

from fcitx5_dbus import Fcitx, addon_environment, hangul_testing

# Where fcitx5-config-qt 5.0.16 draws, in its 800x600 window at the screen's corner: the second entry
# of the current input methods (keyboard-us first, then ours), and the Configure button beside the list.
OUR_ENTRY = (80, 127)
CONFIGURE_BUTTON = (399, 318)
SETTINGS = '# Written by hand; the page keeps this line\nlayout = "3f"\ntoggle-keys = ["Hangul", "Control+F9"]\n'
BROKEN = '# Written by hand\nlayout = "3f"\nauto_reorder = true\n'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--broken", action="store_true")
    parser.add_argument("--output", default=os.path.join(os.path.dirname(__file__), "..", "screenshot-page.png"))
    arguments = parser.parse_args()
    for program in ("fcitx5-config-qt", "import", "xdotool"):
        if shutil.which(program) is None:
            raise SystemExit(f"{program} is missing: apt-get install fcitx5-config-qt imagemagick")
    prefix = os.path.abspath(arguments.prefix)
    output = os.path.abspath(arguments.output)
    os.environ.setdefault("HANGULD", os.path.join(prefix, "bin", "hanguld"))  # the installed daemon
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="hanguld-screenshot-config-")
    work = tempfile.mkdtemp(prefix="hanguld-screenshot-")
    path = os.path.join(work, "config.toml")
    with open(path, "w", encoding="utf-8") as file:
        file.write(BROKEN if arguments.broken else SETTINGS)
    daemon = hangul_testing.Daemon(None, "--config", path)
    daemon.start()
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
    )
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        display = ":" + pipe.readline().strip()
    x11 = {**os.environ, "DISPLAY": display}

    def xdotool(*words):
        return subprocess.run(
            ["xdotool", *words], env=x11, capture_output=True, text=True, check=True, timeout=30
        ).stdout.strip()

    environment = {**addon_environment(prefix), **daemon.environment()}
    try:
        with Fcitx(["hanguld"], ["hanguld"], environment):
            tool = subprocess.Popen(["fcitx5-config-qt"], env={**x11, "QT_QPA_PLATFORM": "xcb", "LANG": "C.UTF-8"})
            xdotool("search", "--sync", "--onlyvisible", "--name", "Fcitx Configuration")
            time.sleep(2)  # the lists filled from fcitx5
            xdotool("mousemove", *map(str, OUR_ENTRY), "click", "1")
            time.sleep(0.5)
            xdotool("mousemove", *map(str, CONFIGURE_BUTTON), "click", "1")
            window = xdotool("search", "--sync", "--onlyvisible", "--name", "Hangul \\(hanguld\\)").split()[0]
            xdotool("windowmove", window, "0", "0")
            xdotool("windowsize", window, "1150", "860" if not arguments.broken else "300")
            time.sleep(2)
            subprocess.run(["import", "-display", display, "-window", window, output], check=True, timeout=30)
            tool.terminate()
            tool.wait(timeout=10)
        print(f"saved {output}")
    finally:
        xvfb.kill()
        daemon.stop()
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(os.environ["XDG_CONFIG_HOME"], ignore_errors=True)


if __name__ == "__main__":
    main()
