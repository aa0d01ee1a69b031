#!/usr/bin/python3
"""The fcitx5 stack as installed: a private fcitx5 (D-Bus frontend, the installed addon from fcitx5's
own addon directory) talking to a private hanguld (the installed one, $HANGULD).

  dbus-run-session -- fcitx5_stack.py [--prefix P] --check     types the corpus through fcitx5's D-Bus interface
                                                  and compares every line with what the installed
                                                  hangul-compose ($HANGUL_COMPOSE) types; exits 1 on
                                                  a difference
  dbus-run-session -- fcitx5_stack.py --measure   the same typing, then prints the union of the
                                                  resident pages of fcitx5 and the daemon (resident.py);
                                                  with --prefix, P's page cache is dropped first

--prefix P: the addon as scripts/install put it under P (FCITX_ADDON_DIRS, XDG_DATA_DIRS); without
it, from fcitx5's own directories, as the package installs it. Run with Debian's /usr/bin/python3
(PyGObject).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "fcitx5", "tests"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testing"))

import hangul_testing  # noqa: E402
import resident  # noqa: E402
from fcitx5_dbus import Fcitx, addon_environment  # noqa: E402


def main():
    arguments = sys.argv[1:]
    prefix = None
    if arguments[:1] == ["--prefix"] and len(arguments) > 1:
        prefix, arguments = arguments[1], arguments[2:]
    if arguments not in (["--check"], ["--measure"]):
        print(__doc__, file=sys.stderr)
        return 64
    action = arguments[0]
    keys = [hangul_testing.spell_dubeolsik(line) for line in hangul_testing.corpus_lines()]
    expected = hangul_testing.expected_texts(keys)
    if action == "--measure" and prefix is not None:
        # The prefix (the addon, the daemon, the runtime copy) read from disk: resident.py says why.
        resident.evict_page_cache([prefix])
    daemon = hangul_testing.Daemon().start()
    try:
        # HANGULD_AUTOSTART=0: the addon must use this daemon, never start one of its own.
        environment = {**daemon.environment(), "HANGULD_AUTOSTART": "0"}
        if prefix is not None:
            environment.update(addon_environment(prefix))
        with Fcitx(["hanguld"], ["hanguld"], environment) as fcitx:

            def type_line(line):
                context = fcitx.context(input_method="hanguld")
                context.type(line)
                context.focus_out()
                context.destroy()
                return context.text

            typed = [type_line(line) for line in keys]
            # A reply later than the addon's deadline (150 ms) lets the keys through, by design; on a
            # loaded machine that can happen to a line. Such a line (and only when fcitx5's log shows
            # the deadline missed) is typed once more and counted.
            retried = 0
            if "no reply before the deadline" in fcitx.log():
                for index, line in enumerate(keys):
                    if typed[index] != expected[index]:
                        typed[index] = type_line(line)
                        retried += 1
            if action == "--check":
                for index, (ours, want) in enumerate(zip(typed, expected, strict=False)):
                    if ours != want:
                        print(
                            f"line {index + 1} (keys {keys[index]!r}): fcitx5 typed {ours!r}, "
                            f"hangul-compose {want!r}\nfcitx5's log:\n{fcitx.log()}",
                            file=sys.stderr,
                        )
                        return 1
                print(
                    f"fcitx5: {len(typed)} corpus lines typed as hangul-compose types them, through the installed addon"
                    + (f" ({retried} typed again after the daemon missed the addon's deadline)" if retried else "")
                )
                return 0
            pid = fcitx.process.pid
            kib, how = resident.union_kib([pid, daemon.process.pid])
            fcitx_rss, daemon_rss = resident.rss_kib(pid), resident.rss_kib(daemon.process.pid)
            how_read = ", read from disk" if prefix else ""
            print(
                f"| fcitx5 stack as installed{how_read}: fcitx5 with the addon + hanguld, {how} | {kib / 1024:.1f} MB "
                f"| RSS summed {(fcitx_rss + daemon_rss) / 1024:.1f} MB (fcitx5 {fcitx_rss / 1024:.1f}, "
                f"hanguld {daemon_rss / 1024:.1f}) | {kib / (fcitx_rss + daemon_rss):.2f}× | — | measured |"
            )
            return 0
    finally:
        daemon.stop()


if __name__ == "__main__":
    sys.exit(main())
