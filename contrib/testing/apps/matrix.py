#!/usr/bin/python3
"""The application matrix: real applications from Debian typed into through our IBus engine and our
fcitx5 addon (and, with --references, Debian's ibus-hangul and fcitx5-hangul), under Xvfb, with the
text read back and compared with what hangul-compose types for the same keys.

    matrix.py --prefix PREFIX [--applications NAME,...] [--frontends ibus,fcitx5] [--references]
              [--markdown FILE] [--delay MS]

PREFIX holds our frontends as scripts/install put them there (the `run` script beside this file
installs them and starts this under dbus-run-session). Per application and host, one Xvfb, one host
and one start of the application; every engine of that host then types every case into it. Prints a
table (application x engine x case, the text seen when wrong), each application's start-up time,
and exits 1 when any text typed through OUR frontends is wrong; a reference engine's wrong text is
reported, not failed. With CI set, a missing application fails; otherwise it is skipped with a note.
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import applications  # noqa: E402
import cases as case_module  # noqa: E402
import hangul_testing  # noqa: E402  (contrib/testing, on the path hosts.py set)
from applications import APPLICATIONS, xdotool  # noqa: E402
from hosts import HOSTS, SESSION_BUS, Display  # noqa: E402

ENGINE_NAMES = {
    ("ibus", "ours"): "ours (IBus)",
    ("fcitx5", "ours"): "ours (fcitx5)",
    ("ibus", "reference"): "ibus-hangul",
    ("fcitx5", "reference"): "fcitx5-hangul",
}
# The second window the focus visits mid-syllable: a GTK 3 text view in the screen's corner, clear of
# the application's window and of the point clicked in it.
OTHER_TITLE = "hangul-matrix-other"


class Result:
    def __init__(self, application, frontend, engine, case, seen, first_try=None):
        self.application, self.frontend, self.engine, self.case = application, frontend, engine, case
        self.seen = seen
        # What the first try typed, when the case was wrong there and typed again (a `retried` row).
        self.first_try = first_try

    @property
    def ours(self):
        return self.engine == "ours"

    @property
    def right(self):
        return normalized(self.seen) == normalized(self.case.expected)

    @property
    def unanswered(self):
        """The application stopped answering (no text could be read back): not a wrong text, and
        never one a `varies` row absorbs."""
        return self.seen.startswith(NO_TEXT)

    @property
    def engine_name(self):
        return ENGINE_NAMES[(self.frontend, self.engine)]


def read_known_wrong(path):
    """{(application, frontend, case or "*"): why} from known-wrong.txt."""
    known = {}
    with open(path, encoding="utf-8") as file:
        for number, raw in enumerate(file, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split("|")]
            if len(fields) != 4 or fields[1] not in HOSTS:
                raise SystemExit(
                    f"{path}:{number}: expected APPLICATION | ibus or fcitx5 | "
                    "CASE, varies, retried, unanswered or * | why"
                )
            known[tuple(fields[:3])] = fields[3]
    return known


# Case `varies` in known-wrong.txt: the row runs, and its wrong texts are reported as known, never
# failed, because timing on a loaded machine decides which case goes wrong (XIM through fcitx5).
VARIES = "varies"
# Case `retried`: a wrong case of the row is typed once more, and counts as right only when the second
# try is; both tries are reported. For an application whose own bug now and then loses a key with any
# input method (Emacs 28, Firefox), where one wrong try says nothing about ours but two in a row would.
RETRIED = "retried"
# Case `unanswered`: any case of the row may find the application no longer answering (hung in a
# library it calls, whatever the engine): reported as known, never failed, and the application is
# started again for the cases after it. A wrong text in such a row still fails.
UNANSWERED = "unanswered"


def known_reason(known, result):
    """Why known-wrong.txt expects this result to be wrong, or None. A `varies` row stands for wrong
    texts only, an `unanswered` row for an application that stopped answering only."""
    row = (result.application, result.frontend)
    return (
        known.get((*row, result.case.name))
        or known.get((*row, UNANSWERED if result.unanswered else VARIES))
        or known.get((*row, "*"))
    )


def normalized(text):
    """Text as compared: line ends as \\n, and no trailing line breaks (an editor's last empty
    paragraph, or a copy that leaves out the final newline, changes nothing a user typed)."""
    return text.replace("\r\n", "\n").rstrip("\n")


def find_window(display, search, timeout):
    """The last visible window matching the xdotool search, waiting up to `timeout` s for it."""
    deadline = time.monotonic() + timeout
    while True:
        result = subprocess.run(
            ["xdotool", "search", "--onlyvisible", *search],
            check=False,
            capture_output=True,
            text=True,
            env=dict(os.environ, DISPLAY=display),
        )
        windows = result.stdout.split()
        if windows:
            return windows[-1]
        if time.monotonic() > deadline:
            raise TimeoutError(f"no window matching {' '.join(search)} within {timeout} s")
        time.sleep(0.2)


def geometry(display, window):
    values = dict(line.split("=", 1) for line in xdotool(display, "getwindowgeometry", "--shell", window).split())
    return int(values["WIDTH"]), int(values["HEIGHT"])


def stop_process_group(process):
    """Ends an application and the processes it started (browsers, LibreOffice), by its own group."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        except ProcessLookupError:
            pass


class Session:
    """One application started once on one host, typed into by each engine of the host."""

    def __init__(self, application, host, display, work, delay):
        self.application, self.host, self.display, self.work, self.delay = application, host, display, work, delay
        self.environment = dict(
            os.environ,
            DISPLAY=display.name,
            HOME=os.path.join(work, "home"),
            XDG_CONFIG_HOME=os.path.join(work, "config"),
            XDG_CACHE_HOME=os.path.join(work, "cache"),
            XDG_DATA_HOME=os.path.join(work, "data"),
            XDG_RUNTIME_DIR=os.path.join(work, "runtime"),
            DBUS_SESSION_BUS_ADDRESS=SESSION_BUS,
            LANG="C.UTF-8",
            LC_ALL="C.UTF-8",
            NO_AT_BRIDGE="1",
            GDK_BACKEND="x11",
            GSETTINGS_BACKEND="memory",
            **host.application_environment(),
            **application.environment,
        )
        for name in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR"):
            os.makedirs(self.environment[name], mode=0o700, exist_ok=True)
        self.log = open(os.path.join(work, "application.log"), "ab")  # noqa: SIM115 (closed by stop(), after the processes writing to it end)
        self.process = self.other = None

    def start(self):
        started = time.monotonic()
        self.process = subprocess.Popen(
            self.application.command(self.work, self.display.name),
            env=self.environment,
            stdout=self.log,
            stderr=self.log,
            start_new_session=True,
        )
        self.window = find_window(self.display.name, self.application.window, timeout=120)
        time.sleep(self.application.settle)
        self.startup_seconds = time.monotonic() - started
        self.other = subprocess.Popen(
            ["/usr/bin/python3", applications.TEXT_VIEW, "gtk3", OTHER_TITLE, "1040", "640", "220", "140"],
            env=self.environment,
            stdout=self.log,
            stderr=self.log,
            start_new_session=True,
        )
        self.other_window = find_window(self.display.name, ["--name", f"^{OTHER_TITLE}$"], timeout=30)
        self.focus(self.window)
        width, height = geometry(self.display.name, self.window)
        self.click_point = (str(int(width * 0.6)), str(int(height * 0.7)))
        self.reader = self.application.reader(self.display.name, self.work)
        return self

    def focus(self, window):
        xdotool(self.display.name, "windowfocus", "--sync", window)
        time.sleep(0.3)

    def refocus(self):
        self.focus(self.other_window)
        self.focus(self.window)

    def type_case(self, case):
        self.reader.before_case()
        delay = str(self.delay)
        for step in case.steps():
            if step[0] == "type":
                xdotool(self.display.name, "type", "--delay", delay, "--", step[1])
            elif step[0] == "key":
                xdotool(self.display.name, "key", "--delay", delay, step[1])
            elif step[0] == "click":
                time.sleep(0.3)  # the syllable shown before the click
                xdotool(self.display.name, "mousemove", "--window", self.window, *self.click_point, "click", "1")
                time.sleep(0.3)
            elif step[0] == "switch":
                time.sleep(0.3)
                self.refocus()
        time.sleep(0.3)
        return self.settled_text(case.expected)

    def settled_text(self, expected, tries=2):
        """The text once the keys have landed: read again while it is wrong and still changing (on a
        loaded machine, XIM and D-Bus round trips can trail xdotool by seconds), then emptied for
        the next case."""
        text = self.reader.read()
        for _ in range(tries):
            if normalized(text) == normalized(expected):
                break
            time.sleep(1.0)
            again = self.reader.read()
            if again == text:
                break
            text = again
        self.reader.clear()
        return text

    def stop(self):
        for process in (self.other, self.process):
            if process is not None:
                stop_process_group(process)
        self.log.close()


def run_application(application, frontend, prefix, daemon, all_cases, references, delay, retried, results, timings):
    display = Display()
    work = tempfile.mkdtemp(prefix="hangul-matrix-")
    host = session = None
    first_result = len(results)
    try:
        host = HOSTS[frontend](prefix, daemon.environment(), display, references).start()
        session = Session(application, host, display, work, delay).start()
        startup_seconds = session.startup_seconds
        started = time.monotonic()
        for engine, engine_id in host.engines.items():
            host.select(engine_id)
            # As a user does after choosing the input method: into the window again, so its input
            # context is the focused one and has the engine (IBus gives the global engine to the
            # context focused when it is chosen, which may be the other window's).
            session.refocus()
            for case in all_cases:
                result = Result(application.name, frontend, engine, case, type_case(session, case))
                if result.unanswered:
                    session = restarted(session, host, engine_id)
                if retried and not result.right:
                    result = Result(
                        application.name, frontend, engine, case, type_case(session, case), first_try=result.seen
                    )
                    if result.unanswered:
                        session = restarted(session, host, engine_id)
                results.append(result)
                mark = (
                    "right"
                    if result.right
                    else f"NO ANSWER: {result.seen}"
                    if result.unanswered
                    else f"WRONG: {result.seen!r} for {case.expected!r}"
                )
                if result.first_try is not None:
                    mark += f" (typed twice: the first try gave {result.first_try!r})"
                print(f"  {application.name} | {result.engine_name} | {case.name}: {mark}", flush=True)
        timings.append((application.name, frontend, startup_seconds, time.monotonic() - started))
        if any(result.ours and not result.right for result in results[first_result:]):
            # The frontend's own account (a missed deadline, a reconnect) tells a slow daemon on a
            # loaded machine from a wrong order of effects.
            for line in host.diagnostics():
                print(f"  {frontend} log: {line}", flush=True)
    except Exception as error:
        print(f"  {application.name} | {frontend}: could not run: {error} (work directory {work})", flush=True)
        # Every case not typed yet counts as wrong, once (an application that did not start again
        # after it stopped answering has typed some).
        typed = {(r.engine, r.case.name) for r in results[first_result:]}
        for engine in ["ours", "reference"] if references else ["ours"]:
            for case in all_cases:
                if (engine, case.name) not in typed:
                    results.append(Result(application.name, frontend, engine, case, f"(not run: {error})"))
        return
    finally:
        if session:
            session.stop()
        if host:
            host.stop()
        display.close()
    shutil.rmtree(work, ignore_errors=True)


# What a case saw when the application stopped answering (the text could not be read back).
NO_TEXT = "(no text: "


def type_case(session, case):
    """What typing the case left in the application, or NO_TEXT and why when it stopped answering."""
    try:
        return session.type_case(case)
    except Exception as error:
        return f"{NO_TEXT}{error})"


def restarted(session, host, engine_id):
    """The application started again after it stopped answering (a hung application answers no later
    case), in the same work directory, with the engine chosen again."""
    print(f"  {session.application.name} stopped answering: started again", flush=True)
    session.stop()
    session = Session(session.application, host, session.display, session.work, session.delay).start()
    host.select(engine_id)
    session.refocus()
    return session


def summary_rows(results, applications_run):
    """(application, {engine name: "right/N"}) in the order the applications ran."""
    rows = []
    for name in applications_run:
        cells = {}
        for result in results:
            if result.application == name:
                right, total = cells.get(result.engine_name, (0, 0))
                cells[result.engine_name] = (right + result.right, total + 1)
        rows.append((name, {engine: f"{right}/{total}" for engine, (right, total) in cells.items()}))
    return rows


def print_report(results, applications_run, timings, seconds):
    engines = [name for name in ENGINE_NAMES.values() if any(r.engine_name == name for r in results)]
    print("\nright out of cases typed, per application and engine:")
    width = max(len(name) for name in [*applications_run, "application"]) + 2
    print("application".ljust(width) + "".join(engine.ljust(16) for engine in engines))
    for name, cells in summary_rows(results, applications_run):
        print(name.ljust(width) + "".join(cells.get(engine, "-").ljust(16) for engine in engines))
    wrong = [result for result in results if not result.right]
    if wrong:
        print("\nwrong text (application | engine | case: keys; expected; seen):")
        for result in wrong:
            print(
                f"  {result.application} | {result.engine_name} | {result.case.name}: {result.case.keys!r}; "
                f"expected {result.case.expected!r}; seen {result.seen!r}"
            )
    print("\nstart-up and typing time per application and host (seconds):")
    for name, frontend, startup, typing in timings:
        print(f"  {name} on {frontend}: start {startup:.1f}, typing {typing:.1f}")
    print(f"matrix time: {seconds:.0f} s")


def write_markdown(path, results, applications_run):
    engines = [name for name in ENGINE_NAMES.values() if any(r.engine_name == name for r in results)]
    lines = ["| Application | " + " | ".join(engines) + " |", "|---" * (len(engines) + 1) + "|"]
    for name, cells in summary_rows(results, applications_run):
        lines.append(f"| {name} | " + " | ".join(cells.get(engine, "-") for engine in engines) + " |")
    ours = {(r.application, r.frontend, r.case.name): r for r in results if r.ours}
    switch = [
        r
        for r in results
        if not r.ours
        and not r.right
        and ours.get((r.application, r.frontend, r.case.name))
        and ours[(r.application, r.frontend, r.case.name)].right
    ]
    lines += [
        "",
        "Where a reference engine is wrong and ours, through the same host, is right:",
        "",
        "| Application | Reference | Case | Expected (ours) | Reference typed |",
        "|---|---|---|---|---|",
    ]
    lines += [
        f"| {r.application} | {r.engine_name} | {r.case.name} | `{escape(r.case.expected)}` | `{escape(r.seen)}` |"
        for r in switch
    ]
    lines += ["", "Every wrong text:", "", "| Application | Engine | Case | Expected | Seen |", "|---|---|---|---|---|"]
    lines += [
        f"| {r.application} | {r.engine_name} | {r.case.name} | `{escape(r.case.expected)}` | `{escape(r.seen)}` |"
        for r in results
        if not r.right
    ]
    retyped = [r for r in results if r.first_try is not None]
    if retyped:
        lines += [
            "",
            "Typed twice (a row known-wrong.txt lists as `retried`; right only when the second try is):",
            "",
            "| Application | Engine | Case | Expected | First try | Second try |",
            "|---|---|---|---|---|---|",
        ]
        lines += [
            f"| {r.application} | {r.engine_name} | {r.case.name} | `{escape(r.case.expected)}` | "
            f"`{escape(r.first_try)}` | {'right' if r.right else f'`{escape(r.seen)}`'} |"
            for r in retyped
        ]
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


def escape(text):
    return text.replace("\n", "⏎").replace("|", "\\|").replace("`", "'")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--prefix", required=True, help="where scripts/install put our frontends")
    parser.add_argument("--applications", help="comma-separated names or name starts (default: all)")
    parser.add_argument("--frontends", default="ibus,fcitx5")
    parser.add_argument("--references", action="store_true", help="also type through ibus-hangul and fcitx5-hangul")
    parser.add_argument("--markdown", help="write the table, and each wrong text, to this file as Markdown")
    parser.add_argument("--delay", type=int, default=40, help="milliseconds between keys (xdotool)")
    parser.add_argument(
        "--known-wrong",
        default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "known-wrong.txt"),
        help="cases of ours known to be wrong, with why (they are reported, not failed; "
        "rows listed with case * are not run, rows listed as retried type a wrong case once more)",
    )
    parser.add_argument("--all", action="store_true", help="run the rows known-wrong.txt lists with case * too")
    arguments = parser.parse_args()
    prefix = os.path.abspath(arguments.prefix)
    frontends = arguments.frontends.split(",")
    for frontend in frontends:
        if frontend not in HOSTS:
            parser.error(f"unknown frontend {frontend!r}; known: {', '.join(HOSTS)}")
    chosen = APPLICATIONS
    if arguments.applications:
        wanted = [name.strip().lower() for name in arguments.applications.split(",")]
        chosen = [a for a in APPLICATIONS if any(a.name.lower().startswith(name) for name in wanted)]
        if not chosen:
            parser.error(
                f"no application named {arguments.applications!r}; known: " + ", ".join(a.name for a in APPLICATIONS)
            )
    runnable, missing = [], []
    for application in chosen:
        (missing if application.missing() else runnable).append(application)
    for application in missing:
        print(
            f"{'FAIL' if os.environ.get('CI') else 'skipping'} {application.name}: "
            f"{', '.join(application.missing())} not installed (Debian: {' '.join(application.packages)}; "
            "scripts/setup installs them)",
            flush=True,
        )

    known = read_known_wrong(arguments.known_wrong)
    all_cases = case_module.with_expected_texts(case_module.cases(), os.path.join(prefix, "bin", "hangul-compose"))
    os.environ["HANGULD"] = os.path.join(prefix, "bin", "hanguld")
    configuration = tempfile.mkdtemp(prefix="hangul-matrix-config-")
    daemon = hangul_testing.Daemon(None, "--config", os.path.join(configuration, "absent.toml")).start()
    results, timings = [], []
    started = time.monotonic()
    try:
        for application in runnable:
            for frontend in frontends:
                if frontend in application.frontends:
                    unmeasured = known.get((application.name, frontend, "*"))
                    if unmeasured and not arguments.all and not arguments.references:
                        print(
                            f"== {application.name} on {frontend}: not run ({unmeasured}; known-wrong.txt)", flush=True
                        )
                        continue
                    print(f"== {application.name} on {frontend} (at {time.monotonic() - started:.0f} s)", flush=True)
                    run_application(
                        application,
                        frontend,
                        prefix,
                        daemon,
                        all_cases,
                        arguments.references,
                        arguments.delay,
                        (application.name, frontend, RETRIED) in known,
                        results,
                        timings,
                    )
    finally:
        daemon.stop()
        shutil.rmtree(configuration, ignore_errors=True)
    applications_run = [a.name for a in runnable]
    print_report(results, applications_run, timings, time.monotonic() - started)
    if arguments.markdown:
        write_markdown(arguments.markdown, results, applications_run)
    ours_wrong = [result for result in results if result.ours and not result.right]
    expected_wrong = [result for result in ours_wrong if known_reason(known, result)]
    unexpected = [result for result in ours_wrong if not known_reason(known, result)]
    now_right = [
        result
        for result in results
        if result.ours and result.right and known.get((result.application, result.frontend, result.case.name))
    ]
    second_tries = [result for result in results if result.ours and result.first_try is not None]
    if second_tries:
        print("\ntyped twice, as known-wrong.txt says for the row (right only when the second try is):")
        for result in second_tries:
            print(
                f"  {result.application} | {result.frontend} | {result.case.name}: first {result.first_try!r}, "
                f"then {'right' if result.right else repr(result.seen)}"
            )
    if expected_wrong:
        print("\nwrong as known-wrong.txt says (not failed):")
        for result in expected_wrong:
            print(f"  {result.application} | {result.frontend} | {result.case.name}: {known_reason(known, result)}")
    for result in now_right:
        print(
            f"now right, remove it from known-wrong.txt: {result.application} | {result.frontend} | {result.case.name}"
        )
    for result in unexpected:
        print(
            f"FAIL {result.application} | {result.engine_name} | {result.case.name}: expected "
            f"{result.case.expected!r}, seen {result.seen!r}"
        )
    failed = len(unexpected) + (len(missing) if os.environ.get("CI") else 0)
    print(
        f"{sum(r.right for r in results if r.ours)} right, {len(unexpected)} wrong through our frontends"
        f" ({len(expected_wrong)} more wrong as known-wrong.txt lists)"
        + (f"; {len(missing)} application(s) missing" if missing else "")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
