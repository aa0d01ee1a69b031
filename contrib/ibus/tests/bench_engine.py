#!/usr/bin/python3
"""Measures the IBus engine beside ibus-hangul through one private ibus-daemon (see ../bench).

Latency: the corpus typed in rounds, ours and ibus-hangul alternating line by line, each key press
and release timed around `process_key_event` as a client (the toolkit's IM module) makes it, so both
engines share the machine's load. Start-up: a fresh ibus-daemon, hanguld already running (as under
systemd), from `set_engine` to the first key press the engine reports handled (ibus-hangul: its
Hangul key). RSS: each engine process's VmRSS after the run.
"""

import subprocess
import sys
import time

# ibus_host puts contrib/testing on sys.path, so it is imported first.
from ibus_host import HANGUL, Host, pump

# isort: split
import hangul_testing


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed_line(field, keys, timings):
    for keysym, code, shift in hangul_testing.key_strokes(keys):
        state = 1 if shift else 0
        start = time.perf_counter()
        field.ic.process_key_event(keysym, code, state)
        timings.append(time.perf_counter() - start)
        pump()
        start = time.perf_counter()
        field.ic.process_key_event(keysym, code, state | (1 << 30))
        timings.append(time.perf_counter() - start)
        pump()
    field.take_text()


def rss_kib(executable):
    found = subprocess.run(["pgrep", "-f", executable], check=False, capture_output=True, text=True).stdout.split()
    for pid in found:
        try:
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            continue
    return None


def start_to_first_key(daemon, engine):
    """Milliseconds, measured in a process of its own: libibus keeps its first bus address."""
    result = subprocess.run(
        [sys.executable, __file__, "--start-up", engine, daemon.runtime_dir, daemon.socket_path],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(result.stdout.strip().splitlines()[-1])


def measure_start_up(engine, runtime_dir, socket_path):
    first_keys = [(ord("g"), 34, 0)] if engine == "hanguld" else [(HANGUL[0], HANGUL[1], 0)]
    host = Host({"XDG_RUNTIME_DIR": runtime_dir, "HANGULD_SOCKET": socket_path}, with_ibus_hangul=True).start()
    try:
        start = time.perf_counter()
        field = host.context(engine)
        deadline = time.monotonic() + 5
        for keysym, code, state in first_keys:
            while not field.ic.process_key_event(keysym, code, state):
                pump()
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{engine} handled no key within 5 s")
            print((time.perf_counter() - start) * 1000)
    finally:
        host.stop()


def row(figure, ours, reference, ratio, target, result):
    print(f"| {figure} | {ours} | {reference} | {ratio} | {target} | {result} |")


def main():
    quick = "--quick" in sys.argv[1:]
    lines = [hangul_testing.spell_dubeolsik(text) for text in hangul_testing.corpus_lines()]
    if quick:
        lines = lines[:20]
    rounds = 1 if quick else 3
    daemon = hangul_testing.Daemon()
    daemon.start()
    try:
        host = Host(daemon.environment(), with_ibus_hangul=True).start()
        try:
            ours_field = host.context("hanguld")
            theirs_field = host.context("hangul")
            theirs_field.stroke(*HANGUL)
            theirs_field.take_text()
            ours, theirs = [], []
            for keys in lines[:3]:  # warm-up, both
                for field in (ours_field, theirs_field):
                    field.focus_in()
                    timed_line(field, keys, [])
            for _ in range(rounds):
                for keys in lines:
                    ours_field.focus_in()
                    timed_line(ours_field, keys, ours)
                    theirs_field.focus_in()
                    timed_line(theirs_field, keys, theirs)
            ours_rss = rss_kib("ibus-engine-hanguld")
            theirs_rss = rss_kib("/usr/libexec/ibus-engine-hangul")
        finally:
            host.stop()
        starts_ours, starts_theirs = [], []
        for _ in range(1 if quick else 3):
            starts_ours.append(start_to_first_key(daemon, "hanguld"))
            starts_theirs.append(start_to_first_key(daemon, "hangul"))
    finally:
        daemon.stop()

    count = len(ours)
    for name, fraction, target in (("p50", 0.5, 1.2), ("p99", 0.99, 1.5)):
        a, b = percentile(ours, fraction) * 1e6, percentile(theirs, fraction) * 1e6
        ratio = a / b
        row(
            f"IBus process_key_event {name}, {count} events (press and release)",
            f"{a:.0f} µs",
            f"ibus-hangul {b:.0f} µs",
            f"{ratio:.2f}×",
            f"≤ {target:.2f}×",
            "pass" if ratio <= target else "short",
        )
    a, b = sorted(starts_ours)[len(starts_ours) // 2], sorted(starts_theirs)[len(starts_theirs) // 2]
    row(
        "IBus engine start to first key handled",
        f"{a:.0f} ms",
        f"ibus-hangul {b:.0f} ms",
        f"{a / b:.2f}×",
        "≤ 150 ms",
        "pass" if a <= 150 else "short",
    )
    if ours_rss is None or theirs_rss is None:
        raise RuntimeError("an engine process was not found for its RSS")
    row(
        "IBus engine RSS",
        f"{ours_rss / 1024:.1f} MB",
        f"ibus-hangul {theirs_rss / 1024:.1f} MB",
        f"{ours_rss / theirs_rss:.2f}×",
        "≤ 15 MB",
        "pass" if ours_rss <= 15 * 1024 else "short",
    )
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--start-up"]:
        measure_start_up(*sys.argv[2:5])
        sys.exit(0)
    sys.exit(main())
