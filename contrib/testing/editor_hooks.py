#!/usr/bin/python3
"""The README's editor hooks, as written there, against a real hanguld and hangulctl: Neovim's
InsertLeave autocommand and Emacs's evil-insert-state-exit-hook must switch the field that has the
focus to Latin when the editor leaves insert mode.

    editor_hooks.py          # needs nvim and emacs on PATH, and the release hanguld and hangulctl

A stand-in field (a client that says `set_focus`, as the frontends do) has the focus in Hangul mode;
the editor runs headless with only the README's snippet as its configuration, enters and leaves
insert mode (Emacs: runs the hook, as Evil does when it leaves insert state, since Evil is not
installed here); then the field's next key must be Latin. `hangulctl` is found on PATH, as the
snippets expect. Prints PASS/FAIL per editor and `N passed, N failed`; exits 1 on a failure.
"""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hangul_testing

README = os.path.join(hangul_testing.ROOT, "README.md")
NVIM = ["nvim", "--headless", "-i", "NONE", "-n"]
results = []


def check(ok, name, why=""):
    results.append(ok)
    print(f"PASS {name}" if ok else f"FAIL {name}: {why}", flush=True)


def readme_block(language, marker):
    """The README's fenced `language` block that contains `marker`."""
    with open(README, encoding="utf-8") as file:
        text = file.read()
    for block in re.findall(rf"```{language}\n(.*?)```", text, re.S):
        if marker in block:
            return block
    raise AssertionError(f"README.md has no ```{language} block with {marker!r}")


class Field:
    """A focused input field as a frontend makes one: a session that said set_focus."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.file = self.socket.makefile("rwb")
        self.next_id = 1
        self.call("hello", protocol=1, client="editor-hooks-test")
        self.call("set_focus", focused=True, application="editor-hooks-test", field="1")

    def call(self, method, **params):
        line = json.dumps({"id": self.next_id, "method": method, "params": params}, separators=(",", ":"))
        self.next_id += 1
        self.file.write(line.encode() + b"\n")
        self.file.flush()
        reply = json.loads(self.file.readline())
        if "error" in reply:
            raise AssertionError(f"{method} refused: {reply['error']}")
        return reply["result"]

    def key_mode(self):
        """The mode the field's next key is read in (a press and release of r)."""
        mode = self.call("key", keysym=ord("r"))["mode"]
        self.call("key", keysym=ord("r"), release=True)
        self.call("cancel")
        return mode


def wait_for_latin(field, timeout=10.0):
    """The hooks start hangulctl without waiting for it: poll until the field is Latin."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if field.call("focused_mode")["mode"] == "latin":
            return field.key_mode()
        time.sleep(0.05)
    return field.key_mode()


def main():
    for editor in ("nvim", "emacs"):
        if not shutil.which(editor):
            check(False, f"{editor} is installed", "apt-get install neovim emacs-nox")
    if not all(results):
        print(f"{results.count(True)} passed, {results.count(False)} failed")
        return 1
    hangulctl = hangul_testing.binary("hangulctl", "HANGULCTL")
    work = tempfile.mkdtemp(prefix="editor-hooks-")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(work, "config")  # no settings of the user's
    daemon = hangul_testing.Daemon(None).start()
    # The hooks run `hangulctl` from PATH and find the daemon as every client does ($HANGULD_SOCKET).
    environment = dict(
        os.environ, **daemon.environment(), PATH=os.path.dirname(hangulctl) + ":" + os.environ["PATH"], HOME=work
    )
    try:
        field = Field(daemon.socket_path)

        init = os.path.join(work, "init.lua")
        with open(init, "w", encoding="utf-8") as file:
            file.write(readme_block("lua", "InsertLeave"))
        check(field.key_mode() == "hangul", "the field starts in Hangul mode")
        subprocess.run(
            [*NVIM, "-u", init, "-c", r'call feedkeys("ihello\<Esc>", "tx")', "-c", "sleep 1", "-c", "qa!"],
            env=environment,
            check=True,
            timeout=60,
            capture_output=True,
        )
        mode = wait_for_latin(field)
        check(mode == "latin", "Neovim's InsertLeave autocommand from the README switches the field to Latin", mode)

        field.call("focused_mode", mode="hangul")
        check(field.key_mode() == "hangul", "the field is back in Hangul mode")
        hook = readme_block("elisp", "evil-insert-state-exit-hook")
        subprocess.run(
            ["emacs", "-Q", "--batch", "--eval", f"(progn {hook} (run-hooks 'evil-insert-state-exit-hook))"],
            env=environment,
            check=True,
            timeout=60,
            capture_output=True,
        )
        mode = wait_for_latin(field)
        check(mode == "latin", "Emacs's evil-insert-state-exit-hook from the README switches the field to Latin", mode)
    finally:
        daemon.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{results.count(True)} passed, {results.count(False)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
