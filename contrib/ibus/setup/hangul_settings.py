"""The settings file, read and written only through `hangulctl` (and `hangul-compose` for previews).

The dialog knows no option by name: `hangulctl config list --json` says which options exist, their
types, allowed values, defaults and descriptions (the daemon's own table, protocol section 6.16), so
a new option appears without a change here. `hangulctl config set` writes each change: it checks the
value, keeps the file's comments, and makes a running daemon reload (open fields follow).

The programs are looked for beside this one's installation (PREFIX/libexec/hangul/ here,
PREFIX/bin/hangulctl there), then on PATH.
"""

import json
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.realpath(__file__))
PREFIX = os.path.dirname(os.path.dirname(HERE))
# The three letter rows of a US keyboard, typed one key at a time for a layout's preview.
PREVIEW_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


class SettingsError(Exception):
    """A hangulctl run that failed; the message is what it printed, which names the problem."""


def program(name):
    """PREFIX/bin/NAME when installed beside this program, else NAME on PATH, else None."""
    beside = os.path.join(PREFIX, "bin", name)
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which(name)


def _run(name, *arguments):
    path = program(name)
    if path is None:
        raise SettingsError(f"{name} was not found in {PREFIX}/bin or on PATH: install hanguld (scripts/install)")
    result = subprocess.run([path, *arguments], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        message = (result.stderr or result.stdout).strip()
        raise SettingsError(message or f"{name} {' '.join(arguments)} exited with status {result.returncode}")
    return result.stdout


def options():
    """Every option, as `hangulctl config list --json` lists it (PROTOCOL.md section 6.16)."""
    return json.loads(_run("hangulctl", "config", "list", "--json"))["options"]


def problems():
    """The settings file's problems with their lines (`hangulctl config check`), or "" for none."""
    try:
        _run("hangulctl", "config", "check")
        return ""
    except SettingsError as error:
        return str(error)


def values():
    """The file's value of every option (its default when the file leaves it out)."""
    return json.loads(_run("hangulctl", "config", "get", "--json"))


def set_value(option, value):
    """Writes one option through `hangulctl config set`, in the form it takes: true/false, a word, or
    key names separated by commas (empty for none). Raises SettingsError with hangulctl's message."""
    if option["type"] == "flag":
        text = "true" if value else "false"
    elif option["type"] == "keys":
        text = ",".join(value)
    else:
        text = str(value)
    _run("hangulctl", "config", "set", option["name"], text)


def preview(layout):
    """What each key of the three letter rows types alone on `layout`, one string per row; [] when
    hangul-compose is missing or cannot type it."""
    keys = [key for row in PREVIEW_ROWS for key in row]
    try:
        typed = _run("hangul-compose", "--layout", layout, *keys).split("\n")
    except SettingsError:
        return []
    rows, start = [], 0
    for row in PREVIEW_ROWS:
        rows.append(" ".join(character or "·" for character in typed[start : start + len(row)]))
        start += len(row)
    return rows
