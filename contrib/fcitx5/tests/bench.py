#!/usr/bin/python3
"""Per-key latency through fcitx5's D-Bus frontend, as an application sees it: ours (the addon and
hanguld) beside Debian's fcitx5-hangul (libhangul in-process), same fcitx5, same keys, same run.

    dbus-run-session -- /usr/bin/python3 bench.py --build-dir DIR [--quick]

Each ProcessKeyEvent is timed from the client's call to fcitx5's reply (its commit and preedit
signals come before the reply). The corpus is typed line by line, alternating which input method goes
first, so both share the machine's moods. Prints markdown rows for scripts/bench.
"""

import argparse
import gc
import os
import shutil
import statistics
import tempfile

from fcitx5_dbus import Fcitx, addon_environment, hangul_testing


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def row(figure, ours, reference, target=None):
    ratio = ours / reference
    result = "—" if target is None else ("pass" if ratio <= target else "short")
    target_text = "—" if target is None else f"≤ {target:.2f}×"
    return (
        f"| {figure} | {ours * 1e6:.1f} µs | fcitx5-hangul {reference * 1e6:.1f} µs | {ratio:.2f}× "
        f"| {target_text} | {result} |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir", required=True, help="the CMake build directory holding libhanguld.so")
    parser.add_argument("--quick", action="store_true", help="a third of the corpus, one round")
    arguments = parser.parse_args()

    lines = [hangul_testing.spell_dubeolsik(line) for line in hangul_testing.corpus_lines()]
    rounds = 1 if arguments.quick else 2
    if arguments.quick:
        lines = lines[::3]
    # Strict KS X 5002 on our side, as fcitx5-hangul (libhangul) types: the daemon's settings file says
    # so, and nothing of the user's own settings is read.
    work = tempfile.mkdtemp(prefix="hanguld-bench-")
    os.environ["XDG_CONFIG_HOME"] = work
    settings = os.path.join(work, "config.toml")
    with open(settings, "w", encoding="utf-8") as file:
        file.write("extended-vowels = false\n")
    daemon = hangul_testing.Daemon(None, "--config", settings).start()
    environment = {**addon_environment(build_dir=arguments.build_dir), **daemon.environment(), "HANGULD_AUTOSTART": "0"}
    presses = {"hanguld": [], "hangul": []}
    releases = {"hanguld": [], "hangul": []}
    texts = {"hanguld": [], "hangul": []}
    try:
        with Fcitx(["hanguld", "hangul"], ["hanguld", "hangul"], environment) as fcitx:
            contexts = {name: fcitx.context(input_method=name) for name in presses}
            for context in contexts.values():  # warm-up: connect, load libhangul, fill caches
                context.type(lines[0])
                context.focus_out()
                context.focus_in()
            gc.disable()
            for number in range(rounds):
                for index, keys in enumerate(lines):
                    order = ["hanguld", "hangul"] if (index + number) % 2 == 0 else ["hangul", "hanguld"]
                    for name in order:
                        context = contexts[name]
                        context.text = ""
                        context.type(keys, presses[name], releases[name])
                        context.focus_out()
                        context.focus_in()
                        texts[name].append(context.text)
            gc.enable()
    finally:
        daemon.stop()
        shutil.rmtree(work, ignore_errors=True)
    if texts["hanguld"] != texts["hangul"]:
        first = next(i for i, (a, b) in enumerate(zip(texts["hanguld"], texts["hangul"], strict=False)) if a != b)
        raise SystemExit(
            f"bench: the input methods typed different text (ours {texts['hanguld'][first]!r}, "
            f"fcitx5-hangul {texts['hangul'][first]!r}); run contrib/fcitx5/test"
        )
    ours, theirs = presses["hanguld"], presses["hangul"]
    print(
        row(
            f"fcitx5 key press through D-Bus, p50 ({len(ours)} presses)",
            statistics.median(ours),
            statistics.median(theirs),
            1.2,
        )
    )
    print(row("fcitx5 key press through D-Bus, p99", percentile(ours, 0.99), percentile(theirs, 0.99), 1.5))
    print(
        row(
            "fcitx5 key release through D-Bus, p50",
            statistics.median(releases["hanguld"]),
            statistics.median(releases["hangul"]),
        )
    )


if __name__ == "__main__":
    main()
