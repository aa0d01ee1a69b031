"""What every frontend's host test needs, whatever the host: the corpus as keys, and a private daemon.

The frontend tests (contrib/ibus, contrib/fcitx5, ...) type the same corpus through a real host and
compare the committed text with `hangul-compose` typing the same keys in process. This module holds the
host-independent half, so each host's test holds only the host's API:

- `corpus_lines()` reads the Korean sentences of Differential/Corpus/sentences.txt.
- `spell_dubeolsik(text)` turns text into the US-QWERTY characters that type it on dubeolsik, the way a
  person types: each syllable as initial, medial (compound vowels as their two keys) and final
  (clusters as their two keys); ASCII punctuation, digits and spaces as themselves.
- `key_strokes(keys)` turns those characters into key strokes: X keysym, evdev code and whether Shift is
  held, as a physical US keyboard would produce them.
- `expected_texts(lines)` asks `hangul-compose` what each key line types (in process, one batch).
- `Daemon` runs a private `hanguld` in a temporary runtime directory and can kill, stall and restart it,
  for the fault tests.

Binaries come from $HANGULD and $HANGUL_COMPOSE, else the root package's release build.
Standard library only: the tests run with Debian's /usr/bin/python3 (which has PyGObject).
"""

import os
import signal
import socket
import subprocess
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "Differential", "Corpus", "sentences.txt")


def binary(name, variable):
    """The built product `name`: $variable if set, else the root package's release build."""
    path = os.environ.get(variable) or os.path.join(ROOT, ".build", "release", name)
    if not os.access(path, os.X_OK):
        raise FileNotFoundError(f"{name} not found at {path}: run `swift build -c release` or set ${variable}")
    return path


def corpus_lines():
    """The corpus sentences, comments and blank lines left out."""
    with open(CORPUS, encoding="utf-8") as corpus:
        return [line.rstrip("\n") for line in corpus if line.strip() and not line.startswith("#")]


# Dubeolsik, read backwards: which US-QWERTY key types each compatibility jamo. Compounds are their parts.
_CONSONANT_KEYS = {
    "ㄱ": "r",
    "ㄲ": "R",
    "ㄴ": "s",
    "ㄷ": "e",
    "ㄸ": "E",
    "ㄹ": "f",
    "ㅁ": "a",
    "ㅂ": "q",
    "ㅃ": "Q",
    "ㅅ": "t",
    "ㅆ": "T",
    "ㅇ": "d",
    "ㅈ": "w",
    "ㅉ": "W",
    "ㅊ": "c",
    "ㅋ": "z",
    "ㅌ": "x",
    "ㅍ": "v",
    "ㅎ": "g",
    "ㄳ": "rt",
    "ㄵ": "sw",
    "ㄶ": "sg",
    "ㄺ": "fr",
    "ㄻ": "fa",
    "ㄼ": "fq",
    "ㄽ": "ft",
    "ㄾ": "fx",
    "ㄿ": "fv",
    "ㅀ": "fg",
    "ㅄ": "qt",
}
_VOWEL_KEYS = {
    "ㅏ": "k",
    "ㅐ": "o",
    "ㅑ": "i",
    "ㅒ": "O",
    "ㅓ": "j",
    "ㅔ": "p",
    "ㅕ": "u",
    "ㅖ": "P",
    "ㅗ": "h",
    "ㅘ": "hk",
    "ㅙ": "ho",
    "ㅚ": "hl",
    "ㅛ": "y",
    "ㅜ": "n",
    "ㅝ": "nj",
    "ㅞ": "np",
    "ㅟ": "nl",
    "ㅠ": "b",
    "ㅡ": "m",
    "ㅢ": "ml",
    "ㅣ": "l",
}
# Unicode's order of initials, medials and finals in precomposed syllables (U+AC00 + (i*21 + m)*28 + f).
_INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_FINALS = ["", *"ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"]


def spell_dubeolsik(text):
    """The US-QWERTY characters that type `text` on dubeolsik; characters it cannot type are left out."""
    keys = []
    for character in text:
        code = ord(character)
        if 0xAC00 <= code <= 0xD7A3:
            index = code - 0xAC00
            initial, medial, final = index // (21 * 28), index // 28 % 21, index % 28
            keys.append(_CONSONANT_KEYS[_INITIALS[initial]] + _VOWEL_KEYS[_MEDIALS[medial]])
            keys.append(_CONSONANT_KEYS.get(_FINALS[final], ""))
        elif character in _CONSONANT_KEYS:
            keys.append(_CONSONANT_KEYS[character])
        elif character in _VOWEL_KEYS:
            keys.append(_VOWEL_KEYS[character])
        elif 32 <= code <= 126:
            keys.append(character)
    return "".join(keys)


# A physical US keyboard: evdev code of each key, its unshifted and shifted characters.
_ROWS = [
    (2, "1234567890-=", "!@#$%^&*()_+"),
    (16, "qwertyuiop[]", "QWERTYUIOP{}"),
    (30, "asdfghjkl;'", 'ASDFGHJKL:"'),
    (44, "zxcvbnm,./", "ZXCVBNM<>?"),
]
US_KEYS = {"`": (41, False), "~": (41, True), "\\": (43, False), "|": (43, True), " ": (57, False)}
for _first, _plain, _shifted in _ROWS:
    for _offset, (_p, _s) in enumerate(zip(_plain, _shifted, strict=False)):
        US_KEYS[_p] = (_first + _offset, False)
        US_KEYS[_s] = (_first + _offset, True)

KEY_SHIFT_L = (0xFFE1, 42)
KEY_BACKSPACE = (0xFF08, 14)
KEY_RETURN = (0xFF0D, 28)
KEY_ESCAPE = (0xFF1B, 1)
KEY_HANGUL = (0xFF31, 122)  # KEY_HANGEUL; xkb's evdev keymap maps it to the Hangul keysym
SHIFT_MASK = 0x1
CONTROL_MASK = 0x4


def key_strokes(keys):
    """(keysym, evdev code, shift) for each character of `keys`, as a US keyboard produces them.

    Printable ASCII keysyms equal their code points (space is 0x20).
    """
    strokes = []
    for character in keys:
        evdev, shift = US_KEYS[character]
        strokes.append((ord(character), evdev, shift))
    return strokes


def expected_texts(key_lines, *options):
    """What `hangul-compose` types for each line of keys, in process; `options` are extra arguments,
    such as "--option", "extended-vowels=off"."""
    notation = [line.replace("<", "<less>") for line in key_lines]
    result = subprocess.run(
        [binary("hangul-compose", "HANGUL_COMPOSE"), *options],
        input="".join(line + "\n" for line in notation),
        capture_output=True,
        text=True,
        check=True,
    )
    texts = result.stdout.split("\n")[: len(key_lines)]
    if len(texts) != len(key_lines):
        raise RuntimeError(f"hangul-compose printed {len(texts)} lines for {len(key_lines)} inputs")
    return texts


def end_process(process, timeout=10):
    """SIGTERM, then SIGKILL if `process` has not exited within `timeout` s; returns once it has.
    Every test host and daemon is ended this way: one that hangs in its own exit must not hang the
    run (ibus-x11 once waited on a futex for ten minutes after SIGTERM, and the application matrix
    with it)."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Daemon:
    """A private hanguld: its own runtime directory, socket and log; killed, stalled and restarted at will.

    The environment a frontend needs to find it is `environment()` (XDG_RUNTIME_DIR and HANGULD_SOCKET).
    """

    def __init__(self, runtime_dir=None, *arguments):
        self.runtime_dir = runtime_dir or tempfile.mkdtemp(prefix="hanguld-test-")
        os.chmod(self.runtime_dir, 0o700)
        self.socket_path = os.path.join(self.runtime_dir, "hangul", "hanguld.sock")
        self.arguments = list(arguments)
        self.process = None
        self.log_path = os.path.join(self.runtime_dir, "hanguld.log")

    def environment(self):
        return {"XDG_RUNTIME_DIR": self.runtime_dir, "HANGULD_SOCKET": self.socket_path}

    def start(self, timeout=10.0):
        """Starts the daemon and waits until its socket accepts a connection."""
        environment = dict(os.environ, **self.environment())
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [binary("hanguld", "HANGULD"), "--socket", self.socket_path, *self.arguments],
                env=environment,
                stdout=log,
                stderr=log,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"hanguld exited with {self.process.returncode}; log: {self.log_path}")
            try:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
                    probe.connect(self.socket_path)
                    return self
            except OSError:
                time.sleep(0.01)
        raise TimeoutError(f"hanguld did not accept connections within {timeout} s; log: {self.log_path}")

    def kill(self):
        """SIGKILL: the daemon vanishes mid-word, as after a crash."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stall(self):
        """SIGSTOP: connections stay open, nothing is answered. Returns once every thread of the
        daemon has stopped: kill() returns before a thread running on the other CPU is stopped, and
        such a thread could still answer one more key."""
        self.process.send_signal(signal.SIGSTOP)
        deadline = time.monotonic() + 5
        tasks = f"/proc/{self.process.pid}/task"
        while time.monotonic() < deadline:
            states = []
            for task in os.listdir(tasks):
                try:
                    with open(f"{tasks}/{task}/stat") as file:
                        states.append(file.read().rsplit(")", 1)[1].split()[0])
                except OSError:
                    pass
            if states and all(state in ("T", "t") for state in states):
                return
            time.sleep(0.001)
        raise TimeoutError(f"hanguld (pid {self.process.pid}) did not stop within 5 s of SIGSTOP")

    def resume(self):
        self.process.send_signal(signal.SIGCONT)

    def stop(self):
        """SIGTERM, as a user's session manager ends it; waits for it to exit."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
        end_process(self.process)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exception):
        self.stop()
