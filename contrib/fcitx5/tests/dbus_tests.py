#!/usr/bin/python3
"""The installed addon in a real fcitx5, through the D-Bus interface applications use: the corpus
side by side with Debian's fcitx5-hangul, the daemon's settings file deciding the options (and its
live reload reaching an open field), the configuration page (Controller1 GetConfig/SetConfig), hanja
and symbol candidates beside fcitx5-hangul's, switching input method mid-syllable, the daemon
killed, stalled and restarted under it (a candidate list open too), word-commit mode from the
settings file (beside fcitx5-hangul's WordCommit), and the daemon started by the addon when none
runs.

    dbus-run-session -- /usr/bin/python3 dbus_tests.py --prefix PREFIX

PREFIX is where scripts/install put the addon; fcitx5 finds it through FCITX_ADDON_DIRS and
XDG_DATA_DIRS, as a user's non-system install would. Prints PASS/FAIL per check and a count; the exit
status is 1 when anything failed.
"""

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time

# fcitx5_dbus puts contrib/testing on sys.path, so it is imported first.
from fcitx5_dbus import (
    BUS_NAME,
    CLIENT_UNFOCUS_COMMIT_CAPABILITY,
    FORMATTED_PREEDIT_CAPABILITY,
    NO_AUTO_START,
    PASSWORD_CAPABILITY,
    PREEDIT_CAPABILITY,
    Fcitx,
    addon_environment,
    hangul_testing,
)

# isort: split
import libhangul_hanja
from gi.repository import GLib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
DEADLINE = 0.150  # the addon's reply deadline (src/engine.cpp)
# A key that did not wait for the deadline: far below it, with room for a loaded machine's D-Bus
# hiccups (milliseconds at the 99th percentile here, rarely tens).
NO_WAIT = 0.100
results = []
KEY_F9 = (0xFFC6, 67)
KEY_DOWN = (0xFF54, 108)
KEY_HANJA = (0xFF34, 123)  # Hangul_Hanja, evdev KEY_HANJA
VERTICAL = 1  # fcitx5's CandidateLayoutHint::Vertical in UpdateClientSideUI


def check(ok, name, why=""):
    results.append(ok)
    print(f"PASS {name}" if ok else f"FAIL {name}: {why}", flush=True)


def private_daemon(settings=None):
    """A hanguld whose settings file (`--config`) holds `settings` (TOML), or that has no file; its
    path is returned too, for editing."""
    work = tempfile.mkdtemp(prefix="hanguld-settings-")
    path = os.path.join(work, "config.toml")
    if settings is not None:
        with open(path, "w", encoding="utf-8") as file:
            file.write(settings)
    return hangul_testing.Daemon(None, "--config", path), path


def press(context, key, state=0):
    """Press and release of a named key; returns whether the press was handled."""
    handled = context.key(key[0], key[1], state)
    context.key(key[0], key[1], state, release=True)
    return handled


def values(candidates):
    """The hanja of each shown candidate: its text up to the meaning."""
    return [text.split(" ", 1)[0] for _label, text in candidates]


def corpus_keys():
    return [hangul_testing.spell_dubeolsik(line) for line in hangul_testing.corpus_lines()]


def type_line(fcitx, input_method, keys):
    context = fcitx.context(input_method=input_method)
    context.type(keys)
    context.focus_out()
    context.destroy()
    return context.text


def side_by_side(prefix):
    """Same keys, same committed text: ours (extended-vowels off), fcitx5-hangul, hangul-compose."""
    lines = corpus_keys()
    expected = hangul_testing.expected_texts(lines, "--option", "extended-vowels=off")
    # Strict KS X 5002, as fcitx5-hangul (libhangul) has it: set in the daemon's settings file, the
    # one place the options live.
    daemon, settings_path = private_daemon("extended-vowels = false\n")
    daemon.start()
    environment = {**addon_environment(prefix), **daemon.environment(), "HANGULD_AUTOSTART": "0"}
    try:
        with Fcitx(["hanguld", "hangul"], ["hanguld", "hangul"], environment) as fcitx:
            ours = [type_line(fcitx, "hanguld", keys) for keys in lines]
            theirs = [type_line(fcitx, "hangul", keys) for keys in lines]
            # ㅘ then ㅣ: 왜 with extended-vowels on (the daemon's default), 와ㅣ with it off as the file says.
            configured = type_line(fcitx, "hanguld", "dhkl")
    finally:
        daemon.stop()
        shutil.rmtree(os.path.dirname(settings_path), ignore_errors=True)
    check(
        configured == "와ㅣ",
        "the daemon's settings file decides the options (extended-vowels = false)",
        f"ㅇㅗㅏㅣ typed {configured!r}",
    )
    differ = [i for i in range(len(lines)) if ours[i] != expected[i]]
    check(
        not differ,
        f"through D-Bus, all {len(lines)} corpus lines type what hangul-compose types",
        f"{len(differ)} differ; first, line {differ[0] + 1}: {ours[differ[0]]!r} vs {expected[differ[0]]!r}"
        if differ
        else "",
    )
    differ = [i for i in range(len(lines)) if ours[i] != theirs[i]]
    check(
        not differ,
        f"all {len(lines)} corpus lines commit the same text as fcitx5-hangul",
        f"{len(differ)} differ; first, line {differ[0] + 1}: ours {ours[differ[0]]!r}, "
        f"fcitx5-hangul {theirs[differ[0]]!r}"
        if differ
        else "",
    )


def reverse_keys(text, layout):
    """The US-QWERTY keys that type `text` on `layout`, from hangul-compose --reverse."""
    return subprocess.run(
        [hangul_testing.binary("hangul-compose", "HANGUL_COMPOSE"), "--reverse", "--layout", layout, text],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.rstrip("\n")


def settings_from_the_daemon(prefix):
    """The addon sends no options: the daemon's settings file decides, and its live reload reaches
    a field already open. A reload changes only the options a session has not set itself, so the
    open field following the edit also shows that the addon set none. The options an older addon kept
    in fcitx5's configuration are ignored, with a warning naming the command that sets them now."""
    word = "한글 세벌식"
    sebeolsik, dubeolsik = reverse_keys(word, "3f"), reverse_keys(word, "2")
    daemon, path = private_daemon('layout = "3f"\n')
    daemon.start()
    environment = {**addon_environment(prefix), **daemon.environment(), "HANGULD_AUTOSTART": "0"}
    hangulctl = os.path.join(os.path.dirname(hangul_testing.binary("hanguld", "HANGULD")), "hangulctl")
    try:
        with Fcitx(["hanguld"], ["hanguld"], environment, {"hanguld": "Layout=39\nExtendedVowels=False\n"}) as fcitx:
            context = fcitx.context(input_method="hanguld")
            context.type(sebeolsik)
            context.focus_out()
            check(
                "hangulctl config set layout 39" in fcitx.log(),
                "an old fcitx5 configuration of the addon (Layout=39) is not applied, and fcitx5's log says "
                "which command sets it now",
                "no such warning in fcitx5's log",
            )
            check(
                context.text == word,
                f'a daemon whose settings file says layout = "3f" types 세벌식 최종 '
                f"through fcitx5 ({sebeolsik!r} gives {word!r})",
                f"it typed {context.text!r}",
            )
            # The user changes the layout in the file (as an editor or `hangulctl config set` would)
            # and has the daemon read it: the next word in the same field follows.
            with open(path, "w", encoding="utf-8") as file:
                # Each field its own mode: under the default, one mode for every field, a new field
                # takes the mode the others share, and start-mode decides only the first.
                file.write('layout = "2"\nstart-mode = "latin"\nmode-scope = "field"\n')
            reload = subprocess.run(
                [hangulctl, "reload", "--socket", daemon.socket_path],
                check=False,
                capture_output=True,
                text=True,
                timeout=30,
            )
            context.text = ""
            context.focus_in()
            context.type(dubeolsik)
            context.focus_out()
            check(
                reload.returncode == 0 and context.text == word,
                'after the file says layout = "2" and `hangulctl reload`, the next word in the open field '
                "types dubeolsik",
                f"reload: {reload.returncode} {reload.stdout.strip()} "
                f"{reload.stderr.strip()}; {dubeolsik!r} typed {context.text!r}",
            )
            context.destroy()
            # The starting mode applies to new fields only: a new one starts in Latin, as the file now says.
            fresh = fcitx.context(input_method="hanguld")
            fresh.type(dubeolsik)
            latin = fresh.text
            fresh.text = ""
            fresh.stroke(0x20, 57, True)  # Shift+space
            fresh.type(dubeolsik)
            fresh.focus_out()
            fresh.destroy()
            check(
                latin == dubeolsik and fresh.text == word,
                "a new field starts in the file's start-mode (Latin), and Shift+space then types dubeolsik",
                f"{dubeolsik!r} typed {latin!r}, then {fresh.text!r}",
            )
    finally:
        daemon.stop()
        shutil.rmtree(os.path.dirname(path), ignore_errors=True)


PAGE_URIS = ("fcitx://config/inputmethod/hanguld", "fcitx://config/addon/hanguld")
CONTROL = 1 << 2  # fcitx5's KeyState::Ctrl, as the D-Bus frontend takes it
COMMENT = "# My settings: every edit keeps this line"


def page_options(description):
    """GetConfig's description as {option name: (type, label, {extra: value})}, for the page's own type."""
    types = dict(description)
    return {
        name: (kind, label, dict(extras)) for name, kind, label, _default, extras in types.get("HangulSettings", [])
    }


def enum_values(extras):
    """An Enum option's values and the names shown for them, in order (extras Enum and EnumI18n,
    each {"0": …, "1": …})."""
    values, names = extras.get("Enum", {}), extras.get("EnumI18n", {})
    return [(values[str(index)], names.get(str(index), "")) for index in range(len(values))]


def settings_page(prefix):
    """fcitx5's configuration page for the addon (what fcitx5-configtool and KDE's settings show),
    read and saved through Controller1 as those tools do: generated from the daemon's option list,
    at the values in force; a save goes through `hangulctl config set` into the daemon's settings
    file (its comment kept) and an open field follows; a refused value is named on the page; a file
    the daemon refuses shows its problem with its line instead of the options."""
    word = "한글 세벌식"
    dubeolsik, sebeolsik = reverse_keys(word, "2"), reverse_keys(word, "3f")
    daemon, path = private_daemon(f'{COMMENT}\nlayout = "2"\n')
    daemon.start()
    hangulctl = os.path.join(os.path.dirname(hangul_testing.binary("hanguld", "HANGULD")), "hangulctl")
    listed = json.loads(
        subprocess.run(
            [hangulctl, "config", "list", "--json"], capture_output=True, text=True, check=True, timeout=30
        ).stdout
    )["options"]
    environment = {**addon_environment(prefix), **daemon.environment(), "HANGULD_AUTOSTART": "0"}
    try:
        with Fcitx(["hanguld"], ["hanguld"], environment) as fcitx:
            context = fcitx.context(input_method="hanguld")
            context.type(dubeolsik)
            context.focus_out()
            before = context.text
            pages = {uri: fcitx.config(uri) for uri in PAGE_URIS}
            values, description = pages[PAGE_URIS[0]]
            options = page_options(description)
            expected_types = {"flag": "Boolean", "choice": "Enum", "layout": "Enum", "keys": "List|Key"}
            wrong = [
                (entry["name"], options.get(entry["name"], ("missing",))[0])
                for entry in listed
                if options.get(entry["name"], ("missing",))[0] != expected_types.get(entry["type"])
            ]
            check(
                not wrong and before == word,
                f"the page has every option hangulctl config list lists ({len(listed)}), each as the type "
                "fcitx5's tools draw: a switch a Boolean, a choice or the layout an Enum, a key list a List|Key",
                f"{wrong}; the field typed {before!r} before",
            )
            layouts = enum_values(options.get("layout", ("", "", {}))[2])
            check(
                ("3f", "Sebeolsik Final · 세벌식 최종 (3f)") in layouts and len(layouts) == len(listed[0]["values"]),
                "the layout is an Enum of every layout the daemon knows, with its English and Korean names",
                f"{layouts}",
            )
            check(
                values.get("layout") == "2"
                and values.get("toggle-keys") == {"0": "Hangul", "1": "Shift+space"}
                and values.get("start-mode") == "hangul"
                and values.get("auto-reorder") == "False",
                "the page shows the values in force: the file's layout, the default keys, mode and switches",
                f"{values}",
            )
            check(
                pages[PAGE_URIS[1]][0] == values,
                "the addon's page (fcitx://config/addon/hanguld) is the input method's page",
                f"{pages[PAGE_URIS[1]][0]}",
            )
            # Apply, as fcitx5-configtool does after the layout is picked and Control+F9 captured.
            changed = {**values, "layout": "3f", "toggle-keys": {"0": "Hangul", "1": "Control+F9"}}
            started = time.monotonic()
            fcitx.set_config(PAGE_URIS[0], changed)
            took = time.monotonic() - started
            with open(path, encoding="utf-8") as file:
                written = file.read()
            check(
                written.startswith(COMMENT + "\n")
                and 'layout = "3f"' in written
                and "Control+F9" in written
                and not os.path.exists(f"{fcitx.work}/config/fcitx5/conf/hanguld.conf"),
                "SetConfig writes the layout and the toggle keys into the daemon's settings file, its comment "
                "kept, and nothing into fcitx5's own configuration",
                f"the file holds {written!r}",
            )
            print(f"   (SetConfig of two options took {took * 1000:.0f} ms)")
            context.text = ""
            context.focus_in()
            context.type(sebeolsik)
            press(context, KEY_F9, CONTROL)
            context.type("abc")
            context.focus_out()
            check(
                context.text == word + "abc",
                "the open field follows: it types 세벌식 최종, and the new toggle key Control+F9 switches to Latin",
                f"{sebeolsik!r}, Control+F9, abc typed {context.text!r}",
            )
            values, _ = fcitx.config(PAGE_URIS[0])
            check(
                values.get("layout") == "3f" and values.get("toggle-keys") == {"0": "Hangul", "1": "Control+F9"},
                "the page, read again, shows what was saved",
                f"{values}",
            )
            # A key the daemon has no modifier for: hangulctl refuses it, the file stays, the page says why.
            fcitx.set_config(PAGE_URIS[0], {**values, "hanja-keys": {"0": "Hyper+a"}})
            _, description = fcitx.config(PAGE_URIS[0])
            labels = [label for _kind, label, _extras in page_options(description).values()]
            with open(path, encoding="utf-8") as file:
                unchanged = file.read() == written
            check(
                unchanged and any(label.startswith("Not saved: hanja-keys:") for label in labels),
                "a value hangulctl refuses leaves the file as it was, and the page names the option and why",
                f"file unchanged: {unchanged}; labels {labels[:3]}",
            )
            # A hand edit the daemon refuses: its problem with its line, and no options to edit.
            with open(path, "w", encoding="utf-8") as file:
                file.write(f'{COMMENT}\nlayout = "3f"\nauto_reorder = true\n')
            values, description = fcitx.config(PAGE_URIS[0])
            shown = page_options(description)
            labels = [label for _kind, label, _extras in shown.values()]
            check(
                any(":3:" in label and "auto_reorder" in label for label in labels)
                and not any(kind in ("Boolean", "Enum", "List|Key") for kind, *_ in shown.values())
                and not values,
                "a settings file the daemon refuses shows its problem with its line (:3:), and no options",
                f"{labels}; values {values}",
            )
            fcitx.set_config(PAGE_URIS[0], {"layout": "2"})
            with open(path, encoding="utf-8") as file:
                kept = file.read()
            check(
                "auto_reorder" in kept and 'layout = "3f"' in kept,
                "a save while the file is refused writes nothing",
                f"the file holds {kept!r}",
            )
            # A daemon that is there but stopped: fcitx5 (and every field's typing) waits for the page
            # only as long as hello's deadline (0.5 s), not the page's 3 s, and the page says why.
            daemon.stall()
            started = time.perf_counter()
            try:
                values, description = fcitx.config(PAGE_URIS[0])
            finally:
                waited = time.perf_counter() - started
                daemon.resume()
            labels = [label for _kind, label, _extras in page_options(description).values()]
            check(
                0.45 <= waited < 2.0
                and not values
                and any("(hello): no reply before the deadline" in label for label in labels),
                "a stopped daemon holds fcitx5 for the page's hello (0.5 s), not 3 s, and the page says so",
                f"waited {waited:.2f} s; {labels}",
            )
            context.destroy()
    finally:
        daemon.stop()
        shutil.rmtree(os.path.dirname(path), ignore_errors=True)


def user_layout_on_the_page(prefix):
    """A layout file of the user's is on the page with its names, and saving it as the layout types
    with it. fcitx5 and the daemon share the user's configuration directory here, as on a desktop,
    so hangulctl (run by the addon) knows the user's layouts too."""
    fcitx = Fcitx(["hanguld"], ["hanguld"])
    layouts = f"{fcitx.work}/config/hangul/layouts"
    os.makedirs(layouts)
    with open(os.path.join(ROOT, "Fuzz", "Corpus", "layout", "dubeolsik.layout"), encoding="utf-8") as file:
        lines = [line for line in file.read().splitlines() if not line.startswith(("id ", "alias ", "name"))]
    with open(f"{layouts}/mine.layout", "w", encoding="utf-8") as file:
        file.write("\n".join(["id mine", "name My Dubeolsik", "name-ko 나의 두벌식", *lines]) + "\n")
    daemon, path = private_daemon(f"{COMMENT}\n")
    saved = os.environ["XDG_CONFIG_HOME"]
    os.environ["XDG_CONFIG_HOME"] = f"{fcitx.work}/config"
    try:
        daemon.start()
    finally:
        os.environ["XDG_CONFIG_HOME"] = saved
    fcitx.environment.update({**addon_environment(prefix), **daemon.environment(), "HANGULD_AUTOSTART": "0"})
    try:
        with fcitx:
            context = fcitx.context(input_method="hanguld")
            values, description = fcitx.config(PAGE_URIS[0])
            layouts = enum_values(page_options(description).get("layout", ("", "", {}))[2])
            fcitx.set_config(PAGE_URIS[0], {**values, "layout": "mine"})
            with open(path, encoding="utf-8") as file:
                written = file.read()
            context.type("dkssud")
            context.focus_out()
            context.destroy()
        check(
            ("mine", "My Dubeolsik · 나의 두벌식 (mine)") in layouts
            and 'layout = "mine"' in written
            and context.text == "안녕",
            "a layout file of the user's is on the page with its names, and saved as the layout it types",
            f"layouts {layouts[-2:]}; the file holds {written!r}; dkssud typed {context.text!r}",
        )
    finally:
        daemon.stop()
        shutil.rmtree(os.path.dirname(path), ignore_errors=True)


def hanja(prefix):
    """Hanja and symbols through fcitx5's candidate list, beside fcitx5-hangul on the same keys; the
    expected candidates are read from libhangul's dictionary files."""
    dictionary = libhangul_hanja.match("prefix", "한")
    symbols = libhangul_hanja.match("exact", "ㅁ", libhangul_hanja.SYMBOLS)
    daemon, path = private_daemon()  # no settings file: the default hanja keys, Hangul_Hanja and F9
    daemon.start()
    environment = {**addon_environment(prefix), **daemon.environment(), "HANGULD_AUTOSTART": "0"}
    shown = lambda context: bool(context.candidates)  # noqa: E731
    hidden = lambda context: not context.candidates  # noqa: E731
    try:
        with Fcitx(["hanguld", "hangul"], ["hanguld", "hangul"], environment) as fcitx:
            theirs = fcitx.panel_context(input_method="hangul")
            theirs.type("gks")
            press(theirs, KEY_F9)
            theirs.wait_for(lambda: shown(theirs))
            their_han = values(theirs.candidates)
            theirs.focus_out()
            theirs.destroy()
            theirs = fcitx.panel_context(input_method="hangul")
            theirs.type("a")
            press(theirs, KEY_F9)
            theirs.wait_for(lambda: shown(theirs))
            their_symbols = values(theirs.candidates)
            theirs.focus_out()
            theirs.destroy()

            context = fcitx.panel_context(input_method="hanguld")
            context.type("gks")
            handled = press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            first = [f"{value} {meaning}" if meaning else value for value, meaning in dictionary[:9]]
            check(
                handled
                and context.preedit == "한"
                and [text for _, text in context.candidates] == first
                and [label for label, _ in context.candidates] == [f"{n}. " for n in range(1, 10)]
                and context.candidate_cursor == 0
                and context.layout_hint == VERTICAL
                and not context.has_prev
                and context.has_next == (len(dictionary) > 9),
                "한 then F9 shows libhangul's candidates for 한 (hanja.txt's first nine, with meanings), "
                "labelled 1. to 9., the first highlighted, vertical, more pages after",
                f"handled {handled}, preedit {context.preedit!r}, candidates {context.candidates[:3]}…, "
                f"cursor {context.candidate_cursor}, layout {context.layout_hint}, "
                f"prev/next {context.has_prev}/{context.has_next}",
            )
            common = min(len(their_han), len(context.candidates))
            check(
                common > 0 and values(context.candidates)[:common] == their_han[:common],
                f"fcitx5-hangul shows the same candidates for 한 on the same keys (its first {common})",
                f"ours {values(context.candidates)[:common]}, fcitx5-hangul's {their_han}",
            )
            press(context, KEY_DOWN)
            context.wait_for(lambda: context.candidate_cursor == 1)
            check(
                context.candidate_cursor == 1,
                "Down highlights the second candidate",
                f"cursor {context.candidate_cursor}",
            )
            context.type("1")
            context.wait_for(lambda: hidden(context))
            check(
                context.text == dictionary[0][0] and context.preedit == "" and hidden(context),
                f"1 commits the first candidate, {dictionary[0][0]}, and the list closes",
                f"text {context.text!r}, preedit {context.preedit!r}, candidates {context.candidates[:2]}",
            )

            # The list's own interface, as a panel uses it: next page, previous page, a click.
            context.text = ""
            context.type("gks")
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            context.next_page()
            context.wait_for(lambda: context.has_prev)
            second = values(context.candidates)
            check(
                second == [value for value, _ in dictionary[9:18]]
                and context.has_prev
                and context.candidate_cursor == 0,
                "NextPage shows the second page of nine (hanja.txt's 10th to 18th), its first highlighted",
                f"page {second}, prev {context.has_prev}, cursor {context.candidate_cursor}",
            )
            context.prev_page()
            context.wait_for(lambda: not context.has_prev)
            check(
                values(context.candidates) == [value for value, _ in dictionary[:9]],
                "PrevPage goes back to the first page",
                f"page {values(context.candidates)}",
            )
            context.next_page()
            context.wait_for(lambda: context.has_prev)
            context.select_candidate(2)
            context.wait_for(lambda: hidden(context))
            check(
                context.text == dictionary[11][0] and context.preedit == "" and hidden(context),
                f"SelectCandidate (a click) on the third of page two commits {dictionary[11][0]}, hanja.txt's "
                "12th for 한",
                f"text {context.text!r}, preedit {context.preedit!r}",
            )

            # Escape closes the list and keeps the syllable; so does focus out, which then commits it.
            context.text = ""
            context.type("gks")
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            escaped = press(context, hangul_testing.KEY_ESCAPE)
            context.wait_for(lambda: hidden(context))
            check(
                escaped and hidden(context) and context.preedit == "한" and context.text == "",
                "Escape closes the list; the preedit stays",
                f"preedit {context.preedit!r}, text {context.text!r}",
            )
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            context.focus_out()
            context.wait_for(lambda: hidden(context))
            check(
                hidden(context) and context.text == "한",
                "focus out closes the list and keeps the syllable, once",
                f"text {context.text!r}, candidates {context.candidates[:2]}",
            )
            context.focus_in()
            # The Hanja key opens it too; a reset from the application (a click, a cursor move) closes it.
            context.text = ""
            context.type("gks")
            handled = press(context, KEY_HANJA)
            context.wait_for(lambda: shown(context))
            opened = values(context.candidates)[:1]
            context.call("Reset")
            context.wait_for(lambda: hidden(context))
            check(
                handled and opened == [dictionary[0][0]] and hidden(context),
                "Hangul_Hanja opens the same list, and a reset from the application closes it",
                f"handled {handled}, first {opened}, candidates after Reset {context.candidates[:2]}",
            )
            context.focus_out()
            context.focus_in()
            # Switching input method commits the syllable once and closes the list.
            context.text, context.commits = "", []
            context.type("gks")
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            context.set_input_method("keyboard-us")
            context.wait_for(lambda: hidden(context))
            check(
                context.commits == ["한"] and hidden(context),
                "switching input method with the list open commits the syllable once and closes the list",
                f"commits {context.commits}, candidates {context.candidates[:2]}",
            )
            context.set_input_method("hanguld")
            # The field turning into a password field closes it too, the syllable committed, the key typed.
            context.text = ""
            context.type("gks")
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            context.call("SetCapability", GLib.Variant("(t)", (context.capabilities | PASSWORD_CAPABILITY,)))
            context.type("r")
            context.wait_for(lambda: hidden(context))
            check(
                context.text == "한r" and hidden(context),
                "a field that becomes a password field closes the list; the syllable is committed, r typed",
                f"text {context.text!r}, candidates {context.candidates[:2]}",
            )
            context.call("SetCapability", GLib.Variant("(t)", (context.capabilities,)))

            # A lone jamo lists its symbols; Return picks the highlighted one.
            context.text = ""
            context.type("a")
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            ours = values(context.candidates)
            check(
                ours == [value for value, _ in symbols[:9]],
                "ㅁ then F9 lists mssymbol.txt's symbols for ㅁ",
                f"ours {ours}, the file's {[value for value, _ in symbols[:9]]}",
            )
            common = min(len(their_symbols), len(ours))
            check(
                common > 0 and ours[:common] == their_symbols[:common],
                f"fcitx5-hangul shows the same symbols for ㅁ (its first {common})",
                f"ours {ours}, fcitx5-hangul's {their_symbols}",
            )
            press(context, KEY_DOWN)
            press(context, hangul_testing.KEY_RETURN)
            context.wait_for(lambda: hidden(context))
            check(
                context.text == symbols[1][0] and hidden(context),
                f"Down then Return picks the second symbol, {symbols[1][0]}",
                f"text {context.text!r}",
            )
            context.focus_out()
            context.destroy()

            # A word already typed converts from the text before the cursor: the pick deletes it.
            sentence = "우리 대한민국"
            word, entries = libhangul_hanja.longest_suffix(sentence)
            results_by_im = {}
            for name in ("hanguld", "hangul"):
                context = fcitx.panel_context(input_method=name)
                context.text = sentence
                press(context, KEY_F9)
                context.wait_for(lambda context=context: shown(context))
                listed = values(context.candidates)
                context.type("1")
                context.wait_for(lambda context=context: hidden(context))
                results_by_im[name] = (listed, context.text, context.deletions)
                context.focus_out()
                context.destroy()
            listed, text, deletions = results_by_im["hanguld"]
            check(
                listed[:1] == [entries[0][0]]
                and text == sentence[: -len(word)] + entries[0][0]
                and deletions == [(-len(word), len(word))],
                f"with nothing composed, F9 converts the word before the cursor ({word} → {entries[0][0]}, the "
                f"dictionary's longest match): 1 deletes it (DeleteSurroundingText) and commits the hanja",
                f"listed {listed[:3]}, text {text!r}, deletions {deletions}",
            )
            check(
                results_by_im["hangul"][1] == text,
                "fcitx5-hangul converts the same text the same way",
                f"fcitx5-hangul: {results_by_im['hangul'][1]!r}, ours {text!r}",
            )

            # A selection converts as a whole and is replaced, nothing deleted before it.
            context = fcitx.panel_context(input_method="hanguld")
            context.text = "대한민국 만세"
            context.select(0, 4)
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            context.type("1")
            context.wait_for(lambda: hidden(context))
            selected = libhangul_hanja.match("exact", "대한민국")[0][0]
            check(
                context.text == f"{selected} 만세" and context.deletions == [],
                f"a selected word converts in place ({selected} 만세)",
                f"text {context.text!r}, deletions {context.deletions}",
            )
            context.focus_out()
            context.destroy()

            # The daemon gone with a list open: the syllable is committed, the list hidden, the key typed.
            context = fcitx.panel_context(input_method="hanguld")
            context.type("gks")
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            daemon.kill()
            context.type("1")
            context.wait_for(lambda: hidden(context))
            check(
                context.text == "한1" and context.preedit == "" and hidden(context),
                "daemon killed with the list open: the syllable is committed, the list hidden, 1 typed",
                f"text {context.text!r}, preedit {context.preedit!r}, candidates {context.candidates[:2]}",
            )
            daemon.start()
            context.text = ""
            context.type("gks")
            press(context, KEY_F9)
            context.wait_for(lambda: shown(context))
            daemon.stall()
            start = time.perf_counter()
            handled = press(context, KEY_DOWN)
            waited = time.perf_counter() - start
            daemon.resume()
            context.wait_for(lambda: hidden(context))
            check(
                not handled
                and context.text == "한"
                and context.preedit == ""
                and hidden(context)
                and waited < DEADLINE + 0.25,
                "daemon stalled with the list open: after the deadline the syllable is committed, the list "
                "hidden and Down passes",
                f"handled {handled}, text {context.text!r}, "
                f"candidates {context.candidates[:2]}, {waited * 1000:.0f} ms",
            )
            context.focus_out()
            context.destroy()
    finally:
        daemon.stop()
        shutil.rmtree(os.path.dirname(path), ignore_errors=True)


def timed_type(context, keys):
    """Types `keys`; returns the longest press, in seconds."""
    timings = []
    context.type(keys, timings)
    return max(timings)


def faults_and_switching(prefix):
    daemon = hangul_testing.Daemon().start()
    environment = {**addon_environment(prefix), **daemon.environment(), "HANGULD_AUTOSTART": "0"}
    try:
        with Fcitx(["hanguld"], ["hanguld"], environment) as fcitx:
            # A reset with a syllable in the client preedit (a click in a GTK 4 text view): fcitx5
            # commits a client preedit only on focus out, and fcitx5-gtk's modules do not commit their
            # copy on reset, so the addon commits it, once; a client with ClientUnfocusCommit
            # (fcitx5-qt), and Firefox without saying so, commit their own copy when they reset, and
            # the addon only forgets it.
            client_preedit = PREEDIT_CAPABILITY | FORMATTED_PREEDIT_CAPABILITY
            for name, capabilities, program, client_commits_its_copy in (
                ("fcitx5-gtk", client_preedit, None, False),
                ("fcitx5-qt", client_preedit | CLIENT_UNFOCUS_COMMIT_CAPABILITY, None, True),
                ("Firefox", client_preedit, "firefox-esr", True),
            ):
                context = fcitx.context(capabilities, input_method="hanguld", program=program)
                context.type("gks")
                if client_commits_its_copy:
                    context.text += context.preedit
                context.call("Reset")
                context.type("rk")
                if capabilities & CLIENT_UNFOCUS_COMMIT_CAPABILITY:
                    context.text += context.preedit  # on focus out too; otherwise fcitx5 does
                context.focus_out()
                check(
                    context.text == "한가",
                    f"a reset with the syllable in the client preedit leaves it once ({name})",
                    f"commits {context.commits}, text {context.text!r}",
                )
                context.destroy()

            # Switching input method mid-syllable commits the syllable, once.
            context = fcitx.context(input_method="hanguld")
            context.type("gks")
            context.set_input_method("keyboard-us")
            check(
                context.commits == ["한"] and context.preedit == "",
                "switching to another input method mid-syllable commits it once",
                f"commits {context.commits}, preedit {context.preedit!r}",
            )
            context.set_input_method("hanguld")
            context.type("rk")
            check(context.preedit == "가", "switching back composes again", f"preedit {context.preedit!r}")
            context.focus_out()
            context.destroy()

            # Values no keyboard produces, every combination of edge values (issue 21: the IBus engine
            # trapped on ibus-x11's keycode 0xFFFFFFF8): fcitx5 and the addon stay up, the session composes.
            context = fcitx.context(input_method="hanguld")
            edges = [0, 1, 8, 0x20, 0xFF0D, 0xFFFF, 0x1FFFFFFF, 0x20000000, 0xFFFFFFF8, 0xFFFFFFFF]
            sent = 0
            for keysym in edges:
                for keycode in edges:
                    for state in edges:
                        for release in (False, True):
                            fcitx.bus.call_sync(
                                BUS_NAME,
                                context.path,
                                "org.fcitx.Fcitx.InputContext1",
                                "ProcessKeyEvent",
                                GLib.Variant("(uuubu)", (keysym, keycode, state, release, 0)),
                                GLib.VariantType("(b)"),
                                NO_AUTO_START,
                                10000,
                                None,
                            )
                            sent += 1
            context.focus_out()
            context.focus_in()
            context.type("rk")
            check(
                fcitx.owned() and context.preedit == "가" and sent == 2000,
                "after key events with every edge value the addon still composes",
                f"{sent} events; fcitx5 running {fcitx.owned()}, preedit {context.preedit!r}",
            )
            context.focus_out()
            context.destroy()

            # Killed mid-word: the syllable on screen is committed, every later key reaches the
            # application at once, and none is lost.
            context = fcitx.context(input_method="hanguld")
            context.type("dkssudgk")
            shown = context.preedit
            daemon.kill()
            longest = timed_type(context, "stpdy")
            check(
                shown == "하" and context.text == "안녕하stpdy" and context.preedit == "",
                "daemon killed mid-word: the preedit is committed and the keys pass through",
                f"preedit before {shown!r}, text {context.text!r}",
            )
            check(
                longest < NO_WAIT,
                "daemon killed: no key waits (the broken connection is seen at once)",
                f"longest press {longest * 1000:.1f} ms",
            )
            # Restarted: the next key reconnects (hello and the options) and composes, fcitx5 untouched.
            daemon.start()
            context.type(" dkssud")
            context.focus_out()
            check(
                context.text == "안녕하stpdy 안녕",
                "daemon restarted: typing composes again without restarting fcitx5",
                f"text {context.text!r}",
            )
            # Restarted while the window sat idle: the old connection is found broken on the next key,
            # which is sent again on a new session, so it composes rather than arriving as Latin.
            context.text = ""
            daemon.stop()
            daemon.start()
            context.type("dkssud")
            context.focus_out()
            check(
                context.text == "안녕",
                "daemon restarted while idle: the very next key composes",
                f"text {context.text!r}",
            )
            # The user's Latin mode survives a restart: the new session is told, not left in Hangul.
            context.text = ""
            context.stroke(0x20, 57, True)  # Shift+space
            daemon.kill()
            daemon.start()
            context.type("dkssud")
            check(
                context.text == "dkssud",
                "Latin mode chosen before a daemon restart is kept after it",
                f"text {context.text!r}",
            )
            # The field had the focus all along: the new session said set_focus again, so an editor
            # hook's hangulctl mode reaches it (exit status 2 would mean no field has the focus).
            hangulctl = os.path.join(os.path.dirname(hangul_testing.binary("hanguld", "HANGULD")), "hangulctl")
            printed = subprocess.run(
                [hangulctl, "mode", "--socket", daemon.socket_path],
                check=False,
                capture_output=True,
                text=True,
                timeout=20,
            )
            check(
                (printed.returncode, printed.stdout.strip()) == (0, "latin"),
                "after a daemon restart hangulctl mode reaches the focused field (set_focus said again)",
                f"exit status {printed.returncode}, output {printed.stdout.strip()!r} {printed.stderr.strip()!r}",
            )
            context.stroke(0x20, 57, True)
            context.type("rk")
            check(
                context.preedit == "가", "and Shift+space still switches back to Hangul", f"preedit {context.preedit!r}"
            )
            context.focus_out()
            context.destroy()

            # Stalled (SIGSTOP): one key waits for the deadline, then passes with the preedit
            # committed; the next keys pass at once instead of each waiting again.
            other = fcitx.context(input_method="hanguld")  # another window, composing too
            other.type("rk")
            context = fcitx.context(input_method="hanguld")
            context.type("gks")
            daemon.stall()
            start = time.perf_counter()
            first = timed_type(context, "r")
            rest = timed_type(context, "kdkssud")
            stalled_for = time.perf_counter() - start
            other_longest = timed_type(other, "s")
            daemon.resume()
            check(
                other.text == "가s" and other_longest < NO_WAIT,
                "daemon stalled: another window does not wait the deadline again; its syllable is committed",
                f"text {other.text!r}, its key took {other_longest * 1000:.1f} ms",
            )
            other.destroy()
            check(
                context.text == "한rkdkssud" and context.preedit == "",
                "daemon stalled: the preedit is committed and the keys pass through",
                f"text {context.text!r}, preedit {context.preedit!r}",
            )
            check(
                DEADLINE * 0.9 <= first < DEADLINE + 0.25 and rest < NO_WAIT,
                "daemon stalled: one key waits the 150 ms deadline, the others none",
                f"first press {first * 1000:.1f} ms, slowest of the rest {rest * 1000:.1f} ms, "
                f"{stalled_for * 1000:.0f} ms in all",
            )
            # Resumed: after the back-off (1 s after a first silence) the addon reconnects. A sleep,
            # not a poll: the back-off's length is what is tested, and only a key would probe it.
            time.sleep(1.1)
            context.type(" dkssud")
            context.focus_out()
            check(
                context.text == "한rkdkssud 안녕",
                "daemon resumed: composing resumes after the back-off",
                f"text {context.text!r}",
            )
            context.destroy()
            log = fcitx.log()
            check(
                "dkssud" not in log and "안녕" not in log,
                "fcitx5's log holds no typed text",
                "the log quotes typed keys or text",
            )
    finally:
        daemon.stop()


# Each field keeps its own mode (mode-scope = "field"): these tests switch one field to Latin and
# expect the next new field in Hangul, as fcitx5 kept modes before the addon said set_focus. The
# daemon's default, one mode for every field, is tested in window_test.py.
WORD_SETTINGS = 'commit-unit = "word"\nmode-scope = "field"\n'
WORD_OPTIONS = ("--option", "commit-unit=word")


def compose_steps(keys, *options):
    """hangul-compose's (commit, preedit) after each key of `keys` (its --json key lines)."""
    import json

    lines = subprocess.run(
        [hangul_testing.binary("hangul-compose", "HANGUL_COMPOSE"), "--json", *options, keys],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return [(step["commit"], step["preedit"]) for step in map(json.loads, lines) if "key" in step]


def longest_known_start(word):
    """The longest start of `word` libhangul's dictionary knows, and its entries."""
    for length in range(len(word), 0, -1):
        entries = libhangul_hanja.match("exact", word[:length])
        if entries:
            return word[:length], entries
    return "", []


def word_mode(prefix):
    """Word-commit mode, set in the daemon's settings file (the addon sends no options): the preedit
    holds the whole word, committed once by whatever ends it, with the daemon failing mid-word too;
    BackSpace inside it; the hanja key on a word; the corpus, beside fcitx5-hangul's WordCommit."""
    lines = corpus_keys()
    strict = ("--option", "extended-vowels=off")
    expected_words = hangul_testing.expected_texts(lines, *WORD_OPTIONS, *strict)
    expected_syllables = hangul_testing.expected_texts(lines, *strict)
    typed = compose_steps("gksrmf<space>", *WORD_OPTIONS)
    backspaced = compose_steps("gksrmf" + "<BackSpace>" * 4 + "sk", *WORD_OPTIONS)
    sentence = "대한민국만세"
    keys = hangul_testing.spell_dubeolsik(sentence)
    start, entries = longest_known_start(sentence)
    rest, rest_entries = longest_known_start(sentence[len(start) :])
    # Extended vowels off, as in libhangul, so fcitx5-hangul is comparable on the corpus.
    daemon, path = private_daemon(WORD_SETTINGS + "extended-vowels = false\n")
    daemon.start()
    environment = {**addon_environment(prefix), **daemon.environment(), "HANGULD_AUTOSTART": "0"}
    try:
        with Fcitx(["hanguld", "hangul"], ["hanguld", "hangul"], environment, {"hangul": "WordCommit=True\n"}) as fcitx:
            context = fcitx.context(input_method="hanguld")
            context.type("gksrmf")
            check(
                context.preedit == typed[5][1] == "한글"
                and context.commits == []
                and context.preedit_cursor == len("한글".encode()),
                "word mode from the settings file: 한글 typed stays preedit (as hangul-compose "
                "--option commit-unit=word shows), the cursor at its end, nothing committed",
                f"preedit {context.preedit!r} (hangul-compose {typed[5][1]!r}), cursor "
                f"{context.preedit_cursor}, commits {context.commits}",
            )
            context.type(" ")
            check(
                context.commits == [typed[6][0]] == ["한글"] and context.text == "한글 " and context.preedit == "",
                "space commits the word 한글 in one piece and then types itself",
                f"commits {context.commits}, text {context.text!r}, preedit {context.preedit!r}",
            )
            context.focus_out()
            context.destroy()

            # BackSpace inside the word takes it apart jamo by jamo, into the finished syllable.
            context = fcitx.context(input_method="hanguld")
            shown = []
            context.type("gksrmf")
            for _ in range(4):
                press(context, hangul_testing.KEY_BACKSPACE)
                shown.append(context.preedit)
            context.type("sk")
            shown.append(context.preedit)
            want = [preedit for _, preedit in backspaced[6:10] + backspaced[-1:]]
            context.focus_out()
            check(
                shown == want and context.text == "하나" and context.commits == ["하나"],
                f"BackSpace inside a word preedit edits it as hangul-compose does ({' '.join(want)}), "
                "nothing reaching the application; focus out commits 하나 once",
                f"preedits {shown}, text {context.text!r}, commits {context.commits}",
            )
            context.destroy()

            # Focus out mid-word commits the word once, whether fcitx5 or the addon owns the preedit;
            # so does a reset from the application.
            for name, make in (
                ("a client preedit", lambda: fcitx.context(input_method="hanguld")),
                ("fcitx5's panel", lambda: fcitx.context(0, input_method="hanguld")),
            ):
                context = make()
                context.type("dkssudgktpdy")
                context.focus_out()
                context.focus_in()
                context.type(" ")
                context.focus_out()
                check(
                    context.commits == ["안녕하세요"] and context.text == "안녕하세요 ",
                    f"focus out mid-word commits the word once ({name})",
                    f"commits {context.commits}, text {context.text!r}",
                )
                context.destroy()
            context = fcitx.context(0, input_method="hanguld")  # the addon owns the preedit: it commits
            context.type("dkssudgktpdy")
            context.call("Reset")
            context.type("rk")
            context.focus_out()
            check(
                context.text == "안녕하세요가" and context.commits == ["안녕하세요", "가"],
                "a reset from the application mid-word commits the word once; typing goes on",
                f"commits {context.commits}, text {context.text!r}",
            )
            context.destroy()

            # Switching input method, or 한/A with Shift+space, mid-word commits the word once.
            context = fcitx.context(input_method="hanguld")
            context.type("gksrmf")
            context.set_input_method("keyboard-us")
            switched = list(context.commits)
            context.set_input_method("hanguld")
            context.type("dlqfur")
            context.stroke(0x20, 57, True)  # Shift+space
            context.type("ab")
            context.focus_out()
            check(
                switched == ["한글"] and context.commits == ["한글", "입력"] and context.text == "한글입력ab",
                "switching input method mid-word commits the word once; so does Shift+space (to Latin)",
                f"commits on the switch {switched}, in all {context.commits}, text {context.text!r}",
            )
            context.destroy()

            # The field turning into a password field mid-word: the word is committed, the key typed.
            context = fcitx.context(input_method="hanguld")
            context.type("gksrmf")
            context.call("SetCapability", GLib.Variant("(t)", (context.capabilities | PASSWORD_CAPABILITY,)))
            context.type("rk")
            check(
                context.commits == ["한글"] and context.text == "한글rk" and context.preedit == "",
                "a field that becomes a password field mid-word: the word is committed once, the keys typed",
                f"commits {context.commits}, text {context.text!r}, preedit {context.preedit!r}",
            )
            context.destroy()

            # The daemon killed, then stalled, mid-word: the visible word is committed, keys pass.
            context = fcitx.context(input_method="hanguld")
            context.type("gksrnrdj")
            shown = context.preedit
            daemon.kill()
            longest = timed_type(context, "dk")
            check(
                shown == "한국어" and context.text == "한국어dk" and context.preedit == "" and longest < NO_WAIT,
                "daemon killed mid-word: the whole word shown is committed and the keys pass at once",
                f"preedit before {shown!r}, text {context.text!r}, longest press {longest * 1000:.1f} ms",
            )
            daemon.start()
            context.text, context.commits = "", []
            context.type("gksrmf")
            daemon.stall()
            first = timed_type(context, "r")
            second = timed_type(context, "k")
            daemon.resume()
            check(
                context.text == "한글rk"
                and context.commits == ["한글"]
                and context.preedit == ""
                and DEADLINE * 0.9 <= first < DEADLINE + 0.25
                and second < NO_WAIT,
                "daemon stalled mid-word: after the deadline the word is committed once and the keys pass",
                f"text {context.text!r}, commits {context.commits}, first press {first * 1000:.1f} ms, "
                f"next {second * 1000:.1f} ms",
            )
            context.destroy()
            time.sleep(1.1)  # the back-off after a silence: its length, tested above, not pollable

            # The hanja key on a word, ours and fcitx5-hangul's WordCommit on the same keys.
            outcome = {}
            for name in ("hanguld", "hangul"):
                context = fcitx.panel_context(input_method=name)
                context.type(keys)
                preedit = context.preedit
                press(context, KEY_F9)
                context.wait_for(lambda context=context: bool(context.candidates))
                listed = values(context.candidates)
                context.type("1")
                context.wait_for(lambda context=context: not context.candidates)
                after_first = (context.text, context.preedit)
                press(context, KEY_F9)
                context.wait_for(lambda context=context: bool(context.candidates))
                listed_rest = values(context.candidates)
                context.type("1")
                context.wait_for(lambda context=context: not context.candidates)
                context.focus_out()
                outcome[name] = (preedit, listed, after_first, listed_rest, context.text)
                context.destroy()
            preedit, listed, after_first, listed_rest, text = outcome["hanguld"]
            check(
                preedit == sentence and listed[:1] == [entries[0][0]],
                f"{sentence} typed stays preedit; F9 lists first libhangul's first hanja for its longest known "
                f"start, {start} → {entries[0][0]}",
                f"preedit {preedit!r}, listed {listed[:3]}",
            )
            check(
                after_first == (entries[0][0], rest),
                f"1 commits {entries[0][0]} and {rest} stays preedit",
                f"text and preedit {after_first}",
            )
            check(
                listed_rest[:1] == [rest_entries[0][0]] and text == entries[0][0] + rest_entries[0][0],
                f"F9 again converts the rest: the field ends with {entries[0][0] + rest_entries[0][0]}",
                f"listed {listed_rest[:3]}, text {text!r}",
            )
            theirs = outcome["hangul"]
            check(
                theirs[0] == preedit and theirs[1][:1] == listed[:1] and theirs[2] == after_first,
                "fcitx5-hangul with WordCommit=True on the same keys: the same preedit, the same first "
                "candidate, and 1 leaves the same text and preedit",
                f"fcitx5-hangul: preedit {theirs[0]!r}, listed {theirs[1][:3]}, after 1 {theirs[2]}",
            )
            # Where they part: fcitx5-hangul's F9 on the word left after a pick opens no list (1 then
            # commits the rest and types itself); ours converts it, as PROTOCOL.md 9.5 says.
            print(
                f"   (fcitx5-hangul then: F9 lists {theirs[3][:3]}, the field ends {theirs[4]!r}; ours "
                f"lists {listed_rest[:3]} and ends {text!r})"
            )

            ours = [type_line(fcitx, "hanguld", keys) for keys in lines]
            theirs = [type_line(fcitx, "hangul", keys) for keys in lines]
    finally:
        daemon.stop()
        shutil.rmtree(os.path.dirname(path), ignore_errors=True)
    differ = [i for i in range(len(lines)) if ours[i] != expected_words[i]]
    check(
        not differ,
        f"in word mode all {len(lines)} corpus lines type what hangul-compose types in word mode",
        f"{len(differ)} differ; first, line {differ[0] + 1}: {ours[differ[0]]!r} vs {expected_words[differ[0]]!r}"
        if differ
        else "",
    )
    differ = [i for i in range(len(lines)) if ours[i] != expected_syllables[i]]
    check(
        not differ,
        f"in word mode all {len(lines)} corpus lines commit the same text as syllable mode",
        f"{len(differ)} differ; first, line {differ[0] + 1}: {ours[differ[0]]!r} vs {expected_syllables[differ[0]]!r}"
        if differ
        else "",
    )
    differ = [i for i in range(len(lines)) if ours[i] != theirs[i]]
    check(
        not differ,
        f"in word mode all {len(lines)} corpus lines commit the same text as fcitx5-hangul's WordCommit",
        f"{len(differ)} differ; first, line {differ[0] + 1}: ours {ours[differ[0]]!r}, "
        f"fcitx5-hangul {theirs[differ[0]]!r}"
        if differ
        else "",
    )


def peer_pid(path):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.connect(path)
        credentials = probe.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        return struct.unpack("3i", credentials)[0]


def autostart(prefix):
    """No daemon and no socket: with autostart off, keys pass through untouched and at once; with it
    on, the addon starts the installed hanguld and the first key composes."""
    nowhere = hangul_testing.Daemon()  # only for a private runtime directory; never started
    with Fcitx(
        ["hanguld"], ["hanguld"], {**addon_environment(prefix), **nowhere.environment(), "HANGULD_AUTOSTART": "0"}
    ) as fcitx:
        context = fcitx.context(input_method="hanguld")
        longest = timed_type(context, "dkssud")
        context.focus_out()
        context.destroy()
    check(
        context.text == "dkssud" and longest < NO_WAIT,
        "no daemon at all: every key reaches the application at once",
        f"text {context.text!r}, longest press {longest * 1000:.1f} ms",
    )
    runtime = hangul_testing.Daemon()
    environment = {**addon_environment(prefix), **runtime.environment()}
    environment.pop("HANGULD_AUTOSTART", None)
    try:
        with Fcitx(["hanguld"], ["hanguld"], environment) as fcitx:
            context = fcitx.context(input_method="hanguld")
            # The first key starts the daemon and waits for it within the deadline: it composes
            # when the daemon is up within 150 ms (about 20 ms here when the machine is idle), and
            # passes through otherwise; either way the daemon must come up, and typing compose.
            started = time.monotonic()
            context.type("d")
            while not os.path.exists(runtime.socket_path) and time.monotonic() - started < 10:
                time.sleep(0.01)
            up_after = time.monotonic() - started
            context.focus_out()
            first = context.text
            context.text = ""
            context.focus_in()
            context.type("dkssud")
            context.focus_out()
            context.destroy()
        up = os.path.exists(runtime.socket_path)
        check(
            up and context.text == "안녕",
            "with no daemon running, the addon starts hanguld and typing composes",
            f"socket {'present' if up else 'absent'} after {up_after:.2f} s, text {context.text!r}",
        )
        print(f"   (the first key gave {first!r}; the socket existed {up_after * 1000:.0f} ms after it was sent)")
        if up:
            pid = peer_pid(runtime.socket_path)
            executable = os.readlink(f"/proc/{pid}/exe")
            check(
                executable == f"{prefix}/bin/hanguld",
                "the daemon it started is the installed one",
                f"{executable} is not {prefix}/bin/hanguld",
            )
    finally:
        # The started daemon is detached from fcitx5: stop it by the pid behind its socket.
        if os.path.exists(runtime.socket_path):
            with contextlib.suppress(OSError):
                os.kill(peer_pid(runtime.socket_path), signal.SIGTERM)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--prefix", required=True, help="where scripts/install put the addon")
    parser.add_argument(
        "--only", choices=["side-by-side", "settings", "page", "user-layout", "hanja", "faults", "word", "autostart"]
    )
    arguments = parser.parse_args()
    prefix = os.path.abspath(arguments.prefix)
    os.environ.pop("HANGULD_AUTOSTART", None)
    # The daemons read no settings, layouts or hanja of the user running the tests.
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="hanguld-test-config-")
    for name, test in (
        ("side-by-side", side_by_side),
        ("settings", settings_from_the_daemon),
        ("page", settings_page),
        ("user-layout", user_layout_on_the_page),
        ("hanja", hanja),
        ("faults", faults_and_switching),
        ("word", word_mode),
        ("autostart", autostart),
    ):
        if arguments.only in (None, name):
            started = time.monotonic()
            test(prefix)
            print(f"-- {name}: {time.monotonic() - started:.1f} s", flush=True)
    shutil.rmtree(os.environ["XDG_CONFIG_HOME"], ignore_errors=True)
    print(f"{results.count(True)} passed, {results.count(False)} failed")
    raise SystemExit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
