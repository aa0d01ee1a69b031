#!/usr/bin/env python3
"""Replay the conformance transcripts against a running hanguld.

Each transcript file is one connection: lines to send and the exact reply lines expected back.
The format is described in README.md beside this script. Standard library only (Python 3.8+).

    python3 replay.py [--socket PATH] [--timeout SECONDS] [FILE ...]

Prints one line per file, then "N passed, N failed"; exits 1 when a file failed, 2 on bad usage.
"""

import argparse
import contextlib
import os
import socket
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_SESSIONS_ERROR_CODE = b'"code":-32005'


class TranscriptError(Exception):
    """A malformed transcript line."""


class MismatchError(Exception):
    """The daemon did not do what the transcript expects."""


def default_socket_path():
    """The socket path by the spec's rules, without --socket: $HANGULD_SOCKET, then XDG."""
    if os.environ.get("HANGULD_SOCKET"):
        return os.environ["HANGULD_SOCKET"]
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return os.path.join(runtime, "hangul", "hanguld.sock")
    return None


def padded_line(line, total_bytes):
    """LINE widened with a "pad" member to total_bytes counting the newline (not included)."""
    if not (line.startswith("{") and line.endswith("}")):
        return None
    head = line[:-1]
    opening = '"pad":"' if head == "{" else ',"pad":"'
    fixed = len(head.encode()) + len(opening) + 2 + 1
    if total_bytes < fixed:
        return None
    return head + opening + "x" * (total_bytes - fixed) + '"}'


def parse_transcript(text):
    """Returns [(line_number, action, argument)] as ConformanceTranscript does in Swift."""
    steps = []
    sent = False
    for number, line in enumerate(text.split("\n"), start=1):
        if line == "" or line.startswith("#"):
            continue

        def count_and_rest(rest, name, number=number):
            count, _, payload = rest.partition(" ")
            if not count.isdigit() or int(count) <= 0 or payload == "":
                raise TranscriptError(f"line {number}: {name} wants a positive count and a line")
            return int(count), payload

        if line.startswith("> ") or line == ">":
            step = ("send", line[2:].encode())
        elif line.startswith("< "):
            step = ("expect", line[2:].encode())
        elif line == "<?":
            step = ("expect_any", None)
        elif line.startswith("<* "):
            step = ("expect_repeated", line[3:].encode())
        elif line == "!closed":
            step = ("closed", None)
        elif line.startswith("!bytes "):
            try:
                words = line[len("!bytes ") :].split()
                if not words or any(len(word) != 2 for word in words):
                    raise ValueError
                step = ("send_raw", bytes(int(word, 16) for word in words))
            except ValueError:
                raise TranscriptError(f"line {number}: !bytes wants hex byte pairs such as 7b 7d 0a") from None
        elif line.startswith("!padded "):
            count, payload = count_and_rest(line[len("!padded ") :], "!padded")
            padded = padded_line(payload, count)
            if padded is None:
                raise TranscriptError(f"line {number}: !padded wants a JSON object line shorter than its count")
            step = ("send", padded.encode())
        elif line.startswith("!fill "):
            count = line[len("!fill ") :]
            if not count.isdigit() or int(count) <= 0:
                raise TranscriptError(f"line {number}: !fill wants a positive byte count")
            step = ("send_raw", b"x" * int(count))
        elif line.startswith("!flood "):
            count, payload = count_and_rest(line[len("!flood ") :], "!flood")
            step = ("flood", (count, payload.encode()))
        elif line.startswith("!hold "):
            count = line[len("!hold ") :]
            if not count.isdigit() or int(count) <= 0 or sent or any(s[1] == "hold" for s in steps):
                raise TranscriptError(f"line {number}: !hold wants a positive count, once, before anything is sent")
            step = ("hold", int(count))
        else:
            raise TranscriptError(f"line {number}: a line starts with '> ', '< ', '<?', '<* ', '!' or '#'")
        if step[0] in ("send", "send_raw", "flood"):
            sent = True
        steps.append((number, *step))
    return steps


def show(data, limit=300):
    text = data.decode("utf-8", "replace")
    return text if len(text) <= limit else text[:limit] + f"... ({len(data)} bytes)"


class Connection:
    """One client connection: buffered sends, chunked reads split into lines."""

    def __init__(self, path, timeout):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        # A burst of connections can fill the listen backlog before the daemon accepts them; a Unix
        # socket then refuses with EAGAIN rather than queueing, so retry briefly as a frontend would.
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock.connect(path)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.01)
        self.outgoing = []
        self.incoming = b""
        self.eof = False

    def queue(self, data):
        self.outgoing.append(data)

    def flush(self):
        """Writes everything queued in one write; a server that already closed is not an error here."""
        if not self.outgoing:
            return
        data = b"".join(self.outgoing)
        self.outgoing = []
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.sock.sendall(data)

    def flood(self, line, count):
        """Sends LINE count times without reading. Stops early once the server has accepted nothing
        for half a second: a server past its pending bound stops reading and waits for this client
        to read the replies and the error it owes."""
        block = line * 1000
        timeout = self.sock.gettimeout()
        self.sock.settimeout(0.5)
        try:
            for start in range(0, count, 1000):
                self.sock.sendall(block if start + 1000 <= count else line * (count - start))
        except (TimeoutError, BrokenPipeError, ConnectionResetError):
            pass
        finally:
            self.sock.settimeout(timeout)

    def read_line(self, number):
        """The next reply line without its newline, or None at end of file."""
        self.flush()
        while b"\n" not in self.incoming:
            if self.eof:
                return None
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            except TimeoutError:
                raise MismatchError(f"line {number}: no reply within the timeout") from None
            if not chunk:
                self.eof = True
                if self.incoming:
                    raise MismatchError(
                        f"line {number}: the server closed after an unterminated line: {show(self.incoming)}"
                    )
                return None
            self.incoming += chunk
        line, _, self.incoming = self.incoming.partition(b"\n")
        return line

    def expect_end(self, number, what):
        line = self.read_line(number)
        if line is not None:
            raise MismatchError(f"{what}: unexpected reply {show(line)}")

    def close(self):
        with contextlib.suppress(OSError):
            self.sock.close()


def replay(steps, path, timeout):
    """Runs one transcript on a fresh connection; raises MismatchError on the first difference."""
    held = []
    try:
        if steps and steps[0][1] == "hold":
            held.extend(Connection(path, timeout) for _ in range(steps[0][2]))
        connection = Connection(path, timeout)
        pending = None  # a line read ahead by "<*" that belongs to the next expectation
        closed = False
        for number, action, argument in steps:
            if action == "hold":
                continue
            if action in ("send", "send_raw"):
                connection.queue(argument + b"\n" if action == "send" else argument)
                continue
            if action == "flood":
                connection.flush()
                count, line = argument
                connection.flood(line + b"\n", count)
                continue
            if action == "closed":
                if pending is not None:
                    raise MismatchError(f"line {number}: unexpected reply {show(pending)}")
                connection.expect_end(number, f"line {number}")
                closed = True
                continue
            if pending is not None:
                line, pending = pending, None
            else:
                line = connection.read_line(number)
            if action == "expect_repeated":
                while line == argument:
                    line = connection.read_line(number)
                pending = line
                continue
            if line is None:
                raise MismatchError(
                    f"line {number}: the server closed the connection, expected "
                    + ("a reply" if argument is None else show(argument))
                )
            if action == "expect" and line != argument:
                raise MismatchError(f"line {number}: expected {show(argument)}\n    got {show(line)}")
        if pending is not None:
            raise MismatchError(f"end of file: unexpected reply {show(pending)}")
        if not closed:
            connection.flush()
            with contextlib.suppress(OSError):
                connection.sock.shutdown(socket.SHUT_WR)
            try:
                connection.expect_end(0, "end of file")
            except MismatchError as error:
                if "no reply within the timeout" in str(error):
                    raise MismatchError(
                        "end of file: the server did not close after the client's end of input"
                    ) from None
                raise
        connection.close()
    finally:
        for other in held:
            other.close()
    if held:
        wait_for_free_session(path, timeout)


def wait_for_free_session(path, timeout):
    """After releasing held connections, waits until the daemon has noticed and accepts sessions again."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        probe = Connection(path, timeout)
        try:
            probe.queue(b'{"id":1,"method":"ping"}\n')
            line = probe.read_line(0)
        except MismatchError:
            line = None
        finally:
            probe.close()
        if line is not None and MAX_SESSIONS_ERROR_CODE not in line:
            return
        time.sleep(0.05)


def main(argv):
    parser = argparse.ArgumentParser(description="Replay hanguld conformance transcripts.")
    parser.add_argument(
        "--socket", help="the daemon's socket (default: $HANGULD_SOCKET, else $XDG_RUNTIME_DIR/hangul/hanguld.sock)"
    )
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for a reply (default 5)")
    parser.add_argument("files", nargs="*", help="transcripts to replay (default: every .txt beside this script)")
    args = parser.parse_args(argv)

    path = args.socket or default_socket_path()
    if not path:
        print("replay.py: no socket: pass --socket, or set HANGULD_SOCKET or XDG_RUNTIME_DIR", file=sys.stderr)
        return 2
    # A bare name such as "keys.txt" also finds the transcript beside this script.
    files = [
        f if os.path.exists(f) or not os.path.exists(os.path.join(HERE, f)) else os.path.join(HERE, f)
        for f in args.files
    ] or sorted(os.path.join(HERE, name) for name in os.listdir(HERE) if name.endswith(".txt"))
    if not files:
        print("replay.py: no transcripts found", file=sys.stderr)
        return 2

    passed = failed = 0
    for file in files:
        name = os.path.basename(file)
        try:
            with open(file, "rb") as handle:
                steps = parse_transcript(handle.read().decode("utf-8"))
            replay(steps, path, args.timeout)
        except (TranscriptError, MismatchError, OSError, UnicodeDecodeError) as error:
            failed += 1
            print(f"FAIL {name}: {error}")
        else:
            passed += 1
            print(f"ok   {name}")
        sys.stdout.flush()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
