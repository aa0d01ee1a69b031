"""The applications of the matrix: how to start each one from Debian on the X display with its
default input-method module, how to find its window, and how to read its text back.

Text comes back the way a user would get it out: Ctrl+A Ctrl+C and the clipboard (`xclip`) for
graphical editors, then Ctrl+A Delete to start the next case empty; a file for the two programs
where that is the natural way: xterm runs `cat > FILE`, so each line lands in the file when Return
sends it; Emacs writes its buffer to a file when the harness asks through `emacsclient`, since
Ctrl+A is not select-all there.
"""

import os
import shutil
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TEXT_VIEW = os.path.join(HERE, "text_view.py")
PAGE = os.path.join(HERE, "textarea.html")
PAGE_TITLE = "hangul-matrix-textarea"


def xdotool(display, *arguments, timeout=60):
    return subprocess.run(
        ["xdotool", *arguments],
        env=dict(os.environ, DISPLAY=display),
        check=True,
        capture_output=True,
        text=True,
        timeout=timeout,
    ).stdout


class ClipboardReader:
    """Ctrl+A Ctrl+C, the clipboard read with xclip, then Ctrl+A Delete. A marker put on the clipboard
    first tells a copy that has not happened yet (or copied nothing) from one that has."""

    MARKER = "hangul-matrix: nothing copied"

    def __init__(self, display, work):
        self.display = display

    def before_case(self):
        pass

    def read(self, timeout=5.0):
        """The text as it is now; the selection Ctrl+A left is replaced by the next read or clear."""
        environment = dict(os.environ, DISPLAY=self.display)
        # xclip -i stays in the background serving the marker until the application takes the clipboard.
        subprocess.run(
            ["xclip", "-selection", "clipboard", "-i"],
            input=self.MARKER,
            text=True,
            env=environment,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        xdotool(self.display, "key", "--delay", "100", "ctrl+a", "ctrl+c")
        deadline = time.monotonic() + timeout
        text = self.MARKER
        while time.monotonic() < deadline:
            result = subprocess.run(
                ["xclip", "-o", "-selection", "clipboard", "-t", "UTF8_STRING"],
                check=False,
                capture_output=True,
                env=environment,
                timeout=10,
            )
            text = result.stdout.decode("utf-8", errors="replace")
            if result.returncode == 0 and text != self.MARKER:
                break
            time.sleep(0.1)
        return "" if text == self.MARKER else text

    def clear(self):
        xdotool(self.display, "key", "--delay", "100", "ctrl+a", "Delete")
        time.sleep(0.2)


class LinesFileReader:
    """The lines a terminal's `cat > FILE` has written: what the file gained since the last read, once
    it has stopped growing. Ctrl+U before each case drops whatever a wrong case left unsent in the
    terminal's line."""

    def __init__(self, display, work):
        self.display = display
        self.path = os.path.join(work, "terminal-lines")
        self.offset = 0

    def before_case(self):
        xdotool(self.display, "key", "ctrl+u")

    def read(self, timeout=4.0, quiet=0.5):
        """What the file gained since the last clear, once it has grown and then been quiet a while."""
        deadline = time.monotonic() + timeout
        size, changed = -1, time.monotonic()
        while time.monotonic() < deadline:
            current = os.path.getsize(self.path) if os.path.exists(self.path) else 0
            if current != size:
                size, changed = current, time.monotonic()
            elif current > self.offset and time.monotonic() - changed >= quiet:
                break
            time.sleep(0.05)
        with open(self.path, "rb") as file:
            file.seek(self.offset)
            self.data = file.read()
        return self.data.decode("utf-8", errors="replace")

    def clear(self):
        self.offset += len(self.data)


class EmacsReader:
    """Emacs writes its buffer to a file, or empties it, when `emacsclient` asks (EMACS_LISP).

    Emacs 28's GTK build hands a key to the input method (XFilterEvent) only when its own read loop
    takes the key from GTK; when `pselect` returns with none of its own descriptors ready (a timeout,
    a GLib source: xgselect.c), it dispatches GLib's main loop directly, and a key waiting there is
    typed as it is, a Latin letter, whatever the input method (README.md, known limits). So nothing
    of ours wakes Emacs (emacsclient's request comes through the server's socket, where a timer
    polling for a request file woke it ten times a second), and Emacs goes through its first
    redisplay after a change, when keys were lost this way (`오f느` for `오늘`, about one run in
    six), before any key.
    """

    def __init__(self, display, work):
        self.socket = os.path.join(work, EMACS_SERVER_DIRECTORY, EMACS_SERVER_NAME)
        self.output = os.path.join(work, "emacs-text")
        # Hangul shown and the buffer changed once, before the first key (see above).
        self.ask("warm-up", 10.0)

    def before_case(self):
        pass

    def read(self, timeout=5.0):
        return self.ask("read", timeout)

    def clear(self):
        self.ask("clear", 5.0)

    def ask(self, what, timeout):
        """Runs `(matrix-request WHAT)` in Emacs; "read" returns the buffer's text."""
        deadline = time.monotonic() + timeout
        while True:
            result = subprocess.run(
                ["emacsclient", f"--socket-name={self.socket}", "--eval", f'(matrix-request "{what}")'],
                check=False,
                capture_output=True,
                text=True,
                timeout=max(1.0, deadline - time.monotonic()) + 5,
            )
            if result.returncode == 0:
                break
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"emacsclient could not reach Emacs at {self.socket} within {timeout} s: {result.stderr.strip()}"
                )
            time.sleep(0.1)  # the server starts with Emacs's --eval, just after its window shows
        if what != "read":
            return ""
        with open(self.output, encoding="utf-8", errors="replace") as file:
            text = file.read()
        os.remove(self.output)
        return text


# Emacs's server socket, in the application's work directory (Emacs makes the directory, mode 0700).
EMACS_SERVER_DIRECTORY = "emacs-server"
EMACS_SERVER_NAME = "matrix"
# No timer of ours runs in Emacs (see EmacsReader): the server answers emacsclient's requests.
EMACS_LISP = """
(progn
  (electric-indent-mode -1)
  (switch-to-buffer (get-buffer-create "matrix"))
  (fundamental-mode)
  (defun matrix-request (what)
    (with-current-buffer "matrix"
      (cond ((equal what "clear") (erase-buffer))
            ((equal what "warm-up") (insert "한글") (redisplay t) (erase-buffer) (redisplay t))
            (t (let ((coding-system-for-write 'utf-8-unix))
                 (write-region nil nil "{output}" nil 'silent)))))
    t)
  (setq server-socket-dir "{server_directory}" server-name "{server_name}")
  (server-start))
"""

# LibreOffice: a user profile of its own with the autocorrection that rewrites typed text turned off
# (typographic quotes, word completion accepting a suggestion on Return, dashes, the replacement
# table), and no tip-of-the-day dialog taking the focus on first start.
LIBREOFFICE_SETTINGS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
{items}
</oor:items>
"""
LIBREOFFICE_ITEMS = [
    ("/org.openoffice.Office.Common/Misc", "ShowTipOfTheDay", "false"),
    ("/org.openoffice.Office.Common/Misc", "FirstRun", "false"),
    ("/org.openoffice.Office.Common/AutoCorrect", "ReplaceDoubleQuote", "false"),
    ("/org.openoffice.Office.Common/AutoCorrect", "ReplaceSingleQuote", "false"),
    ("/org.openoffice.Office.Common/AutoCorrect", "UseReplacementTable", "false"),
    ("/org.openoffice.Office.Common/AutoCorrect", "ChangeDash", "false"),
    ("/org.openoffice.Office.Common/AutoCorrect", "AddNonBreakingSpace", "false"),
    ("/org.openoffice.Office.Common/AutoCorrect", "CapitalAtStartSentence", "false"),
    ("/org.openoffice.Office.Writer/AutoFunction/Format/ByInput", "Enable", "false"),
    ("/org.openoffice.Office.Writer/AutoFunction/Completion", "Enable", "false"),
]

# Firefox: a profile that opens the page and nothing else (no welcome tab, no default-browser question).
FIREFOX_PREFERENCES = """
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("browser.tabs.warnOnClose", false);
user_pref("browser.sessionstore.resume_from_crash", false);
"""


class Application:
    """One application: `command(work, display)` gives its command line (and prepares any profile it
    needs under `work`), `window` the xdotool search that finds its window, `reader` how its text
    comes back, `environment` what it adds to the input-method host's, `frontends` the hosts it runs
    on (IBus's synchronous mode means nothing to fcitx5), `executables` what must be installed, and
    `packages` the Debian packages that provide them."""

    def __init__(
        self,
        name,
        command,
        window,
        reader,
        packages,
        executables,
        environment=None,
        frontends=("ibus", "fcitx5"),
        settle=1.0,
    ):
        self.name = name
        self.command = command
        self.window = window
        self.reader = reader
        self.packages = packages
        self.executables = executables
        self.environment = environment or {}
        self.frontends = frontends
        self.settle = settle

    def missing(self):
        """The Debian packages of this application that are not installed, and executables not found."""
        packages = [name for name in self.packages if not package_installed(name)]
        return packages + [
            name
            for name in self.executables
            if not (os.path.isabs(name) and os.access(name, os.X_OK)) and shutil.which(name) is None
        ]


def package_installed(name):
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}", name], check=False, capture_output=True, text=True)
    return result.returncode == 0 and "install ok installed" in result.stdout


def text_view(toolkit, title):
    return lambda work, display: ["/usr/bin/python3", TEXT_VIEW, toolkit, title]


def xterm(work, display):
    output = os.path.join(work, "terminal-lines")
    return [
        "xterm",
        "-T",
        "hangul-matrix-xterm",
        "-geometry",
        "100x20+0+0",
        "-u8",
        "-e",
        "sh",
        "-c",
        f'exec cat > "{output}"',
    ]


def emacs(work, display):
    lisp = EMACS_LISP.format(
        output=os.path.join(work, "emacs-text"),
        server_directory=os.path.join(work, EMACS_SERVER_DIRECTORY),
        server_name=EMACS_SERVER_NAME,
    )
    return ["emacs", "-Q", "--no-splash", "-T", "hangul-matrix-emacs", "--geometry", "100x25+0+0", "--eval", lisp]


def libreoffice(work, display):
    profile = os.path.join(work, "libreoffice")
    os.makedirs(os.path.join(profile, "user"), exist_ok=True)
    items = "\n".join(
        f'<item oor:path="{path}"><prop oor:name="{name}" oor:op="fuse"><value>{value}</value></prop></item>'
        for path, name, value in LIBREOFFICE_ITEMS
    )
    with open(os.path.join(profile, "user", "registrymodifications.xcu"), "w") as file:
        file.write(LIBREOFFICE_SETTINGS.format(items=items))
    return [
        "soffice",
        f"-env:UserInstallation=file://{profile}",
        "--norestore",
        "--nologo",
        "--nolockcheck",
        "--writer",
    ]


def chromium(work, display):
    arguments = [
        "chromium",
        f"--user-data-dir={work}/chromium",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-gpu",
        "--ozone-platform=x11",
        "--password-store=basic",
        "--disable-extensions",
        "--window-position=0,0",
        "--window-size=1000,600",
    ]
    if os.geteuid() == 0:
        arguments.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox (CI runs as root)
    return [*arguments, f"file://{PAGE}"]


def firefox(work, display):
    profile = os.path.join(work, "firefox")
    os.makedirs(profile, exist_ok=True)
    with open(os.path.join(profile, "user.js"), "w") as file:
        file.write(FIREFOX_PREFERENCES)
    return [
        "firefox-esr",
        "--no-remote",
        "--new-instance",
        "--profile",
        profile,
        "--width",
        "1000",
        "--height",
        "600",
        f"file://{PAGE}",
    ]


SYNC = {"IBUS_ENABLE_SYNC_MODE": "1"}
APPLICATIONS = [
    Application("xterm", xterm, ["--name", "^hangul-matrix-xterm$"], LinesFileReader, ["xterm"], ["xterm"]),
    Application(
        "GTK 3 text view",
        text_view("gtk3", "hangul-matrix-gtk3"),
        ["--name", "^hangul-matrix-gtk3$"],
        ClipboardReader,
        ["gir1.2-gtk-3.0", "ibus-gtk3", "fcitx5-frontend-gtk3"],
        ["/usr/bin/python3"],
    ),
    Application(
        "GTK 3 text view, IBus sync mode",
        text_view("gtk3", "hangul-matrix-gtk3"),
        ["--name", "^hangul-matrix-gtk3$"],
        ClipboardReader,
        ["gir1.2-gtk-3.0", "ibus-gtk3"],
        ["/usr/bin/python3"],
        SYNC,
        frontends=("ibus",),
    ),
    Application(
        "GTK 4 text view",
        text_view("gtk4", "hangul-matrix-gtk4"),
        ["--name", "^hangul-matrix-gtk4$"],
        ClipboardReader,
        ["gir1.2-gtk-4.0", "ibus-gtk4", "fcitx5-frontend-gtk4"],
        ["/usr/bin/python3"],
    ),
    Application(
        "GTK 4 text view, IBus sync mode",
        text_view("gtk4", "hangul-matrix-gtk4"),
        ["--name", "^hangul-matrix-gtk4$"],
        ClipboardReader,
        ["gir1.2-gtk-4.0", "ibus-gtk4"],
        ["/usr/bin/python3"],
        SYNC,
        frontends=("ibus",),
    ),
    Application(
        "Qt 5 text edit",
        text_view("qt5", "hangul-matrix-qt5"),
        ["--name", "^hangul-matrix-qt5$"],
        ClipboardReader,
        ["python3-pyqt5", "fcitx5-frontend-qt5"],
        ["/usr/bin/python3"],
        {"QT_QPA_PLATFORM": "xcb"},
    ),
    Application(
        "Qt 6 text edit",
        text_view("qt6", "hangul-matrix-qt6"),
        ["--name", "^hangul-matrix-qt6$"],
        ClipboardReader,
        ["python3-pyqt6", "fcitx5-frontend-qt6"],
        ["/usr/bin/python3"],
        {"QT_QPA_PLATFORM": "xcb"},
    ),
    Application(
        "gedit",
        lambda work, display: ["gedit", "--standalone"],
        ["--class", "^gedit$"],
        ClipboardReader,
        ["gedit"],
        ["gedit"],
        settle=2.0,
    ),
    Application(
        "gnome-text-editor",
        lambda work, display: ["gnome-text-editor", "--standalone", "--ignore-session"],
        ["--class", "gnome-text-editor"],
        ClipboardReader,
        ["gnome-text-editor"],
        ["gnome-text-editor"],
        settle=2.0,
    ),
    Application(
        "Emacs (XIM)",
        emacs,
        ["--name", "^hangul-matrix-emacs$"],
        EmacsReader,
        ["emacs"],
        ["emacs", "emacsclient"],
        settle=2.0,
    ),
    Application(
        "LibreOffice Writer (GTK 3)",
        libreoffice,
        ["--name", "LibreOffice Writer$"],
        ClipboardReader,
        ["libreoffice-writer", "libreoffice-gtk3"],
        ["soffice"],
        {"SAL_USE_VCLPLUGIN": "gtk3"},
        settle=4.0,
    ),
    Application(
        "LibreOffice Writer (X11)",
        libreoffice,
        ["--name", "LibreOffice Writer$"],
        ClipboardReader,
        ["libreoffice-writer"],
        ["soffice"],
        {"SAL_USE_VCLPLUGIN": "gen"},
        settle=4.0,
    ),
    Application(
        "Chromium",
        chromium,
        ["--name", f"^{PAGE_TITLE} - Chromium$"],
        ClipboardReader,
        ["chromium"],
        ["chromium"],
        settle=3.0,
    ),
    Application(
        "Firefox",
        firefox,
        ["--name", f"^{PAGE_TITLE} .+ Mozilla Firefox$"],
        ClipboardReader,
        ["firefox-esr"],
        ["firefox-esr"],
        settle=4.0,
    ),
]
