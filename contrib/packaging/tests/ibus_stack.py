#!/usr/bin/python3
"""The IBus stack as installed: the installed component starts the installed engine, which talks to
a private hanguld (the installed one, $HANGULD), under a private ibus-daemon.

  ibus_stack.py COMPONENT_DIR --check     types the corpus through it and compares every line with
                                          what the installed hangul-compose ($HANGUL_COMPOSE) types
                                          in process; exits 1 on a difference
  ibus_stack.py COMPONENT_DIR --measure   the same typing, then prints the union of the resident
                                          pages of engine and daemon (resident.py) and each RSS, as
                                          rows of scripts/bench's table; the page cache of the
                                          two programs and their libraries is dropped first
                                          (read from disk)

Run with Debian's /usr/bin/python3 (PyGObject, gir1.2-ibus-1.0).
"""

import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "ibus", "tests"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testing"))

import hangul_testing  # noqa: E402
import resident  # noqa: E402
from ibus_host import Host  # noqa: E402


def engine_pid(executable):
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.readlink(f"/proc/{entry}/exe") == executable:
                    return int(entry)
            except OSError:
                continue
    return None


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("--check", "--measure"):
        print(__doc__, file=sys.stderr)
        return 64
    component_dir, action = sys.argv[1], sys.argv[2]
    keys = [hangul_testing.spell_dubeolsik(line) for line in hangul_testing.corpus_lines()]
    expected = hangul_testing.expected_texts(keys)
    if action == "--measure":
        # The engine the component starts and the daemon, with their libraries, read from disk.
        with open(os.path.join(component_dir, "hanguld.xml")) as component:
            engine = component.read().split("<exec>")[1].split()[0]
        daemon_binary = hangul_testing.binary("hanguld", "HANGULD")
        resident.evict_page_cache(resident.program_files(engine) + resident.program_files(daemon_binary))
    daemon = hangul_testing.Daemon().start()
    try:
        host = Host({**daemon.environment(), "IBUS_COMPONENT_PATH": component_dir}, engine_arguments=None).start()
        try:
            # As a desktop does (the CLI's `ibus engine hanguld`): the global engine, which a focused
            # context then takes. IBus 1.5.32 (Debian 13) leaves a context a client sets an engine on
            # itself with the dummy engine; 1.5.27 (Debian 12) accepts either way.
            if not host.bus.set_global_engine("hanguld"):
                raise RuntimeError("ibus-daemon refused hanguld as the global engine: is its component installed?")
            try:
                field = host.context("hanguld")
            except RuntimeError:
                with open(host.log_path, errors="replace") as log:
                    print(f"ibus-daemon's log:\n{log.read()}", file=sys.stderr)
                raise
            # The engine passes keys through until its daemon has answered hello (by design: never a
            # lost key); on a loaded machine that can outlast the first line, so wait for it first.
            deadline = time.monotonic() + 10
            while True:
                field.type("dkssud")
                if field.take_text() == "안녕" or time.monotonic() > deadline:
                    break
            typed = []
            for line in keys:
                field.type(line)
                typed.append(field.take_text())
            with open(os.path.join(component_dir, "hanguld.xml")) as component:
                engine = component.read().split("<exec>")[1].split()[0]
            pid = engine_pid(engine)
            if pid is None:
                raise RuntimeError(f"no process runs {engine}, the component's engine")
            if action == "--check":
                for index, (ours, want) in enumerate(zip(typed, expected, strict=False)):
                    if ours != want:
                        print(
                            f"line {index + 1} (keys {keys[index]!r}): IBus typed {ours!r}, hangul-compose {want!r}",
                            file=sys.stderr,
                        )
                        return 1
                print(f"IBus: {len(typed)} corpus lines typed as hangul-compose types them, by {engine}")
                return 0
            kib, how = resident.union_kib([pid, daemon.process.pid])
            engine_rss, daemon_rss = resident.rss_kib(pid), resident.rss_kib(daemon.process.pid)
            # Issue 25: ≤ 2× ibus-hangul's engine, 16 MB, with the files read from disk (evicted above).
            print(
                f"| IBus stack as installed, read from disk: engine + hanguld, {how} | {kib / 1024:.1f} MB "
                f"| RSS summed {(engine_rss + daemon_rss) / 1024:.1f} MB (engine {engine_rss / 1024:.1f}, "
                f"hanguld {daemon_rss / 1024:.1f}) | — | ≤ 16 MB (issue 25) | "
                f"{'pass' if kib <= 16 * 1024 else 'short'} |"
            )
            # The hanja table in use (issue 25: ≤ 20 MB): a hanja key on 한 loads the dictionaries in the
            # daemon (mapped from the user's cache once built), the list opens, 1 picks 韓.
            field.type_notation("gks<Hangul_Hanja>")
            field.sync()
            field.type("1")
            field.sync()
            field.take_text()
            kib, how = resident.union_kib([pid, daemon.process.pid])
            engine_rss, daemon_rss = resident.rss_kib(pid), resident.rss_kib(daemon.process.pid)
            print(
                f"| IBus stack as installed, read from disk, hanja table in use: engine + hanguld, {how} "
                f"| {kib / 1024:.1f} MB "
                f"| RSS summed {(engine_rss + daemon_rss) / 1024:.1f} MB (engine {engine_rss / 1024:.1f}, "
                f"hanguld {daemon_rss / 1024:.1f}) | — | ≤ 20 MB (issue 25) | "
                f"{'pass' if kib <= 20 * 1024 else 'short'} |"
            )
            return 0
        finally:
            host.stop()
    finally:
        daemon.stop()


if __name__ == "__main__":
    sys.exit(main())
