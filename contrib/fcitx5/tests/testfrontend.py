#!/usr/bin/python3
"""Runs the testfrontend program (testhanguld.cpp) against a private hanguld.

    testfrontend.py BUILD_DIR            the tests
    testfrontend.py --word BUILD_DIR     the corpus cases only, with the daemon in word-commit mode
    testfrontend.py --bench BUILD_DIR    per-key time in process beside fcitx5-hangul (the corpus only)

Writes its cases: the corpus as keys, then the corpus again with typos taken back (a wrong letter and
BackSpace every ninth key), each with the text hangul-compose types for the same keys (with --word,
in word mode: the same texts as syllable mode's, since each typo is taken back at once, but every
BackSpace then edits inside a preedit a word long and each word is committed only when it ends).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testing"))
import hangul_testing  # noqa: E402

BACKSPACE = "\b"


def with_typos(keys):
    typed = []
    for index, character in enumerate(keys):
        if index % 9 == 8 and character.isalpha():
            typed += ["q" if character != "q" else "w", BACKSPACE]
        typed.append(character)
    return "".join(typed)


def notation(keys):
    return "".join("<BackSpace>" if c == BACKSPACE else "<less>" if c == "<" else c for c in keys)


def strokes(keys):
    result = []
    for character in keys:
        if character == BACKSPACE:
            result.append([hangul_testing.KEY_BACKSPACE[0], hangul_testing.KEY_BACKSPACE[1], False])
        else:
            result.extend(list(stroke) for stroke in hangul_testing.key_strokes(character))
    return result


def main():
    bench = sys.argv[1] == "--bench"
    word = sys.argv[1] == "--word"
    build_dir = sys.argv[-1]
    plain = [hangul_testing.spell_dubeolsik(line) for line in hangul_testing.corpus_lines()]
    lines = plain if bench else plain + [with_typos(keys) for keys in plain]
    compose = subprocess.run(
        [
            hangul_testing.binary("hangul-compose", "HANGUL_COMPOSE"),
            *(["--option", "commit-unit=word"] if word else []),
        ],
        input="".join(notation(keys) + "\n" for keys in lines),
        capture_output=True,
        text=True,
        check=True,
    )
    expected = compose.stdout.split("\n")[: len(lines)]
    work = tempfile.mkdtemp(prefix="fcitx5-testfrontend-")
    cases_path = os.path.join(work, "cases.json")
    with open(cases_path, "w", encoding="utf-8") as file:
        json.dump(
            [{"keys": strokes(keys), "expected": text} for keys, text in zip(lines, expected, strict=False)],
            file,
            ensure_ascii=False,
        )
    # The daemon reads no settings, layouts or hanja of the user running the tests; for the bench its
    # settings file turns extended vowels off (strict KS X 5002, as fcitx5-hangul types).
    os.environ["XDG_CONFIG_HOME"] = os.path.join(work, "config")
    settings = os.path.join(work, "config.toml")
    with open(settings, "w", encoding="utf-8") as file:
        file.write("extended-vowels = false\n" if bench else 'commit-unit = "word"\n' if word else "")
    with hangul_testing.Daemon(None, "--config", settings) as daemon:
        environment = dict(os.environ, **daemon.environment(), HANGULD_AUTOSTART="0")
        command = [os.path.join(build_dir, "testhanguld"), *(sys.argv[1:2] if bench or word else []), cases_path]
        result = subprocess.run(
            command, check=False, env=environment, timeout=300, stdout=subprocess.PIPE if bench else None, text=True
        )
    if bench:
        # Only the table's rows: the program's check lines are for the test run.
        sys.stdout.write("".join(line + "\n" for line in result.stdout.splitlines() if line.startswith("|")))
        if result.returncode != 0:
            sys.stderr.write(result.stdout)
    shutil.rmtree(work, ignore_errors=True)
    raise SystemExit(result.returncode)


if __name__ == "__main__":
    main()
