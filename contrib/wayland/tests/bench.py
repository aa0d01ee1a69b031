#!/usr/bin/python3
"""Per-key latency under a headless sway, as an application sees it: from the virtual keyboard's key
press to the commit landing in a GTK 4 text view, through hangul-wayland and hanguld (ours) and through
fcitx5's Wayland input-method frontend with Debian's fcitx5-hangul (the reference), same sway, same
keys, same run. Run under dbus-run-session (fcitx5 needs a session bus).

    bench.py BUILD_DIR [--quick]

Keys: ㄱ ㅏ ㄱ, then ㅏ ㄱ repeated; each ㅏ takes the ㄱ from 각 and commits 가, and that press is timed
(CLOCK_MONOTONIC, from writing the key to the keyboard until the GTK window's buffer changes). Prints
markdown rows for scripts/bench.
"""

import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "fcitx5", "tests"))
import sway_tests as harness  # noqa: E402  (reads BUILD_DIR from argv[1])
from sway_tests import hangul_testing  # noqa: E402

KEY_R, KEY_K = 19, 37


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def changes(path):
    try:
        with open(path) as file:
            return [tuple(int(field) for field in line.split()) for line in file if line.count(" ") == 1]
    except OSError:
        return []


def measure(sway, keyboard, work, name, count, ready_check):
    """Opens a timed GTK 4 window, types ㄱㅏ `count` + 1 times, returns the latencies in seconds."""
    output = os.path.join(work, name)
    window, ready = harness.gtk4_window(sway, "timed", output)
    times = output + ".times"
    latencies = []
    try:
        if not ready:
            raise RuntimeError(f"the GTK 4 window for {name} did not show")
        ready_check()
        # 각 in the preedit: ㄱ ㅏ ㄱ.
        keyboard.send([f"p {KEY_R}", f"r {KEY_R}", f"p {KEY_K}", f"r {KEY_K}", f"p {KEY_R}", f"r {KEY_R}"])
        keyboard.sync()
        time.sleep(0.3)
        for _ in range(count):
            seen = len(changes(times))
            start = time.monotonic_ns()
            keyboard.send([f"p {KEY_K}"])  # ㅏ takes the ㄱ: 가 is committed, 가 composes
            landed = harness.wait_for(lambda: len(changes(times)) > seen, 2, step=0.0005)
            if not landed:
                raise RuntimeError(f"{name}: a key's commit did not reach the window within 2 s")
            latencies.append((changes(times)[seen][0] - start) / 1e9)
            keyboard.send([f"r {KEY_K}", f"p {KEY_R}", f"r {KEY_R}"])  # 각 again
            keyboard.sync()
            time.sleep(0.005)
        length = changes(times)[-1][1]
        if length < count:
            raise RuntimeError(f"{name}: the window holds {length} characters after {count} syllables")
    finally:
        harness.end(window)
    return latencies


def row(figure, ours, reference, target):
    ratio = ours / reference
    return (
        f"| {figure} | {ours * 1e6:.0f} µs | fcitx5-hangul {reference * 1e6:.0f} µs | {ratio:.2f}× "
        f"| ≤ {target:.2f}× | {'pass' if ratio <= target else 'short'} |"
    )


def main():
    quick = "--quick" in sys.argv[2:]
    count = 60 if quick else 450
    work = tempfile.mkdtemp(prefix="hangul-wayland-bench-")
    os.chmod(work, 0o755)
    os.environ["XDG_CONFIG_HOME"] = os.path.join(work, "config")
    os.environ.pop("WAYLAND_DISPLAY", None)
    os.environ.pop("DISPLAY", None)
    settings = os.path.join(work, "hanguld.toml")
    with open(settings, "w") as file:
        file.write("extended-vowels = false\n")
    sway = harness.Sway(work)
    daemon = hangul_testing.Daemon(None, "--config", settings).start()
    keyboard = harness.Keyboard(sway)
    keyboard.sync()
    results = {"ours": [], "fcitx5": []}
    # Rounds alternate between the two, so both share the shared machine's moods.
    rounds = 1 if quick else 3
    from fcitx5_dbus import Fcitx  # needs a session bus

    try:
        for round_number in range(rounds):
            method = harness.InputMethod(sway, daemon.environment(), "--no-start")

            def ours_ready():
                keyboard.tap(harness.KEY_SHIFT_L, pace=1)
                method.wait("trace: activate", 10)
                method.wait("trace: keymap", 5)

            try:
                results["ours"] += measure(sway, keyboard, work, f"ours-{round_number}", count // rounds, ours_ready)
            finally:
                method.stop()
            time.sleep(0.5)
            environment = {"WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": sway.runtime}
            with Fcitx(["hangul"], ["hangul", "wayland", "waylandim"], environment) as fcitx:

                def fcitx_ready():
                    keyboard.tap(harness.KEY_SHIFT_L, pace=1)
                    time.sleep(1.0)
                    fcitx.set_current_input_method("hangul")
                    time.sleep(0.3)
                    current = fcitx.current_input_method()
                    if current != "hangul":
                        raise RuntimeError(
                            f"fcitx5's Wayland context uses {current!r}, not hangul; log: {fcitx.log_path}"
                        )

                results["fcitx5"] += measure(
                    sway, keyboard, work, f"fcitx5-{round_number}", count // rounds, fcitx_ready
                )
            time.sleep(0.5)
    finally:
        keyboard.stop()
        daemon.stop()
        sway.stop()
    ours, reference = results["ours"], results["fcitx5"]
    print(
        row(
            "Wayland (sway): key press → commit in a GTK 4 window, p50",
            statistics.median(ours),
            statistics.median(reference),
            1.0,
        )
    )
    print(
        row(
            "Wayland (sway): key press → commit in a GTK 4 window, p99",
            percentile(ours, 0.99),
            percentile(reference, 0.99),
            1.0,
        )
    )


if __name__ == "__main__":
    main()
