#!/usr/bin/python3
"""How often the wrong-mode rule (`hangul-compose fix`) is right, word by word, on prose it never saw.

Automatic repair (issue 27) judges one word at a time, when the word ends (a space or punctuation),
with nothing else to go on. A false repair is worse than none, so this measures, on prose extracted
at run time from installed Debian packages, judged word by word as automatic repair sees words: a
word is a maximal run of ASCII letters, digits and Hangul (syllables and letters ㄱ…ㅣ), so a space,
punctuation or an apostrophe ends it (`doesn't` is `doesn`, then `t`) and digits stay in it (`4th`,
`3개`). English words are those with a Latin letter and no Hangul, Korean words those with Hangul
and no Latin letter (`GTK를` cannot be typed in one mode and is left out):

  (a) English prose typed in Latin mode: the share of words the rule converts (wrongly); target <= 0.1%.
  (b) Korean prose typed in Latin mode by mistake (each word turned into its dubeolsik keys by
      `hangul-compose reverse`): the share of words the rule gives back exactly; target >= 95%.
  (c) Korean prose typed in Hangul mode: the share of words the rule converts (wrongly).
  (d) English prose typed in Hangul mode (its letters typed as dubeolsik keys by `hangul-compose`):
      the share of words the rule gives back, ignoring case (Hangul mode loses most capitals: H and
      h both type ㅗ).

The words are running words (a frequent word counts each time it occurs), as a typist meets them.
Each corpus has two halves: the tuning half, which may be looked at while changing the rule
(`--examples` prints its failing words), and the held half, which is only ever counted: its
failures are printed as categories (length, case), never as words.

Corpora (all read from files of packages scripts/setup installs; nothing is committed):
  English: the `fortunes` package's files in /usr/share/games/fortunes (quotations, jokes, poems;
    distributed under the BSD licence of /usr/share/doc/fortunes/copyright). In alphabetical
    order the files alternate: the 1st, 3rd, ... are the tuning half, the 2nd, 4th, ... the held half
    (`ascii-art` is left out: it is pictures).
  Korean: the Korean translations (msgstr) of message catalogs in /usr/share/locale/ko/LC_MESSAGES,
    each under its package's licence (GPL or LGPL): tuning from coreutils, tar, dpkg, bash (command
    line tools); held from gtk30, gtk40 (libgtk-3-common, libgtk-4-common), ibus10 (ibus-data),
    fcitx5 (fcitx5-data), gedit (gedit-common) and systemd (desktop and system software).

Prints rows of scripts/bench's markdown table on standard output, the failure categories on standard
error. Exits 1 when a corpus file is missing (a CI machine without them must fail, not skip), 2 when
hangul-compose fails or answers with the wrong number of lines.

Usage: fix_rate.py [--quick] [--examples] PATH-TO-hangul-compose
  --quick     the same corpora (the run takes seconds); accepted for scripts/bench's sake
  --examples  also print the tuning half's failing words with their counts, for whoever tunes the rule
"""

import struct
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

FORTUNES = Path("/usr/share/games/fortunes")
FORTUNES_LEFT_OUT = {"ascii-art"}
CATALOGS = Path("/usr/share/locale/ko/LC_MESSAGES")
KOREAN_TUNING = ["coreutils", "tar", "dpkg", "bash"]
KOREAN_HELD = ["gtk30", "gtk40", "ibus10", "fcitx5", "gedit", "systemd"]

ENGLISH_WRONG_TARGET = 0.001
KOREAN_REPAIRED_TARGET = 0.95


def is_latin_letter(character):
    return ("a" <= character <= "z") or ("A" <= character <= "Z")


def is_hangul(character):
    """A Hangul syllable or compatibility letter ㄱ…ㅣ: what the rule counts as a Hangul run."""
    code = ord(character)
    return 0xAC00 <= code <= 0xD7A3 or 0x3131 <= code <= 0x3163


def is_word_character(character):
    """What a word is made of: ASCII letters and digits, Hangul. Anything else (spaces, punctuation,
    apostrophes) ends a word, as it ends the word automatic repair judges."""
    return is_latin_letter(character) or ("0" <= character <= "9") or is_hangul(character)


def words(text):
    """The words of a text, in order: maximal runs of word characters."""
    result = []
    current = []
    for character in text:
        if is_word_character(character):
            current.append(character)
        elif current:
            result.append("".join(current))
            current = []
    if current:
        result.append("".join(current))
    return result


def english_words(text):
    """The words with a Latin letter and no Hangul: what an English typist types in Latin mode."""
    return [word for word in words(text) if any(map(is_latin_letter, word)) and not any(map(is_hangul, word))]


def korean_words(text):
    """The words with Hangul and no Latin letter: words typed in one mode (`GTK를` takes two)."""
    return [word for word in words(text) if any(map(is_hangul, word)) and not any(map(is_latin_letter, word))]


def length_class(word):
    if len(word) <= 2:
        return "1-2"
    if len(word) <= 4:
        return "3-4"
    if len(word) <= 6:
        return "5-6"
    return "7+"


def case_class(word):
    """How a word is written: with digits, or lower, Capitalised, CAPITALS or mIxed; Korean words are `hangul`."""
    if any("0" <= character <= "9" for character in word):
        return "with digits"
    if not word.isascii():
        return "hangul"
    if word.islower():
        return "lower"
    if word.isupper():
        return "CAPITALS"
    if word[0].isupper() and word[1:].islower():
        return "Capitalised"
    return "mIxed"


@dataclass
class Tally:
    """Running words and how many of them came out wrong, with the wrong ones by category."""

    words: int = 0
    failed: int = 0
    distinct_failed: int = 0
    by_length: Counter = field(default_factory=Counter)
    by_case: Counter = field(default_factory=Counter)
    failures: Counter = field(default_factory=Counter)

    @property
    def rate(self):
        return self.failed / self.words if self.words else 0.0


def tally(words, failed):
    """Counts running `words`, of which those with `failed(word)` true are failures (asked once per word)."""
    counts = Counter(words)
    result = Tally(words=sum(counts.values()))
    for word, count in counts.items():
        if failed(word):
            result.failed += count
            result.distinct_failed += 1
            result.by_length[length_class(word)] += count
            result.by_case[case_class(word)] += count
            result.failures[word] = count
    return result


def measure(english, korean, fix, reverse, type_hangul):
    """The four tallies for English and Korean running words, given the three conversions.

    `fix`, `reverse` and `type_hangul` each map a list of words to the list of their results, in
    order: the rule, Korean text to its dubeolsik keys, and English keys typed in Hangul mode.
    """
    english_distinct = sorted(set(english))
    korean_distinct = sorted(set(korean))
    keys = reverse(korean_distinct)
    typed = type_hangul(english_distinct)
    fixed = fix(english_distinct + korean_distinct + keys + typed)
    e, k = len(english_distinct), len(korean_distinct)
    english_fixed = dict(zip(english_distinct, fixed[:e], strict=True))
    korean_fixed = dict(zip(korean_distinct, fixed[e : e + k], strict=True))
    keys_fixed = dict(zip(korean_distinct, fixed[e + k : e + 2 * k], strict=True))
    typed_fixed = dict(zip(english_distinct, fixed[e + 2 * k :], strict=True))
    return {
        "a": tally(english, lambda word: english_fixed[word] != word),
        "b": tally(korean, lambda word: keys_fixed[word] != word),
        "c": tally(korean, lambda word: korean_fixed[word] != word),
        "d": tally(english, lambda word: typed_fixed[word].lower() != word.lower()),
    }


def fortune_text(path):
    """A fortune file's text without its `%` separator lines."""
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return "\n".join(line for line in lines if line.strip() != "%")


def catalog_translations(path):
    """The translations (msgstr, every plural form) of a GNU .mo catalog, without its header entry."""
    data = path.read_bytes()
    if data[:4] == b"\xde\x12\x04\x95":
        order = "<"
    elif data[:4] == b"\x95\x04\x12\xde":
        order = ">"
    else:
        raise ValueError(f"{path} is not a GNU message catalog (its magic number is wrong)")
    count, _, translations = struct.unpack(order + "3I", data[8:20])
    result = []
    for index in range(count):
        length, offset = struct.unpack(order + "2I", data[translations + 8 * index : translations + 8 * index + 8])
        text = data[offset : offset + length].decode("utf-8", errors="replace")
        if text.startswith("Project-Id-Version") or "Content-Type:" in text:
            continue
        result.extend(text.split("\0"))
    return result


def english_halves():
    files = sorted(path for path in FORTUNES.iterdir() if path.suffix == "" and path.name not in FORTUNES_LEFT_OUT)
    if len(files) < 10:
        raise FileNotFoundError(f"{FORTUNES} holds {len(files)} fortune files; install `fortunes` (scripts/setup)")
    halves = ([], [])
    for index, path in enumerate(files):
        halves[index % 2].extend(english_words(fortune_text(path)))
    return halves


def korean_half(names):
    words = []
    for name in names:
        path = CATALOGS / f"{name}.mo"
        if not path.is_file():
            raise FileNotFoundError(f"{path} is missing; install the package that ships it (scripts/setup)")
        for text in catalog_translations(path):
            words.extend(korean_words(text))
    return words


def compose(binary, arguments, lines):
    """Runs hangul-compose on one word a line and returns its output lines, one per input line."""
    text = "".join(line + "\n" for line in lines)
    completed = subprocess.run([binary, *arguments], input=text.encode(), capture_output=True, check=False, timeout=600)
    output = completed.stdout.decode("utf-8", errors="replace").split("\n")
    if completed.returncode != 0 or output[-1] != "" or len(output) - 1 != len(lines):
        print(
            f"fix_rate: `hangul-compose {' '.join(arguments)}` exited {completed.returncode} with "
            f"{len(output) - 1} lines for {len(lines)}: {completed.stderr.decode(errors='replace')[:500]}",
            file=sys.stderr,
        )
        sys.exit(2)
    return output[:-1]


def percent(rate):
    return f"{100 * rate:.2f}%"


def row(figure, part, tally_, target, passes):
    ours = f"{percent(tally_.rate)} ({tally_.failed:,} of {tally_.words:,})"
    if part == "repaired":
        ours = f"{percent(1 - tally_.rate)} ({tally_.words - tally_.failed:,} of {tally_.words:,})"
    verdict = "—" if passes is None else ("pass" if passes else "short")
    return f"| {figure} | {ours} | — | — | {target} | {verdict} |"


def rows(half, tallies):
    a, b, c, d = (tallies[key] for key in "abcd")
    return [
        row(f"fix, {half}: English words typed in Latin mode, converted", "wrong", a, "≤ 0.1%",
            a.rate <= ENGLISH_WRONG_TARGET),
        row(f"fix, {half}: Korean words typed in Latin mode, repaired", "repaired", b, "≥ 95%",
            1 - b.rate >= KOREAN_REPAIRED_TARGET),
        row(f"fix, {half}: Korean words typed in Hangul mode, converted", "wrong", c, "—", None),
        row(f"fix, {half}: English words typed in Hangul mode, repaired", "repaired", d, "—", None),
    ]  # fmt: skip


def categories(half, tallies):
    names = {
        "a": "English in Latin mode converted",
        "b": "Korean in Latin mode not repaired",
        "c": "Korean in Hangul mode converted",
        "d": "English in Hangul mode not repaired",
    }
    lines = []
    for key, name in names.items():
        t = tallies[key]
        lengths = ", ".join(f"{length} letters {t.by_length[length]:,}" for length in ("1-2", "3-4", "5-6", "7+"))
        cases = ", ".join(f"{case} {count:,}" for case, count in sorted(t.by_case.items()))
        lines.append(
            f"fix_rate {half}, {name}: {t.failed:,} running words ({t.distinct_failed:,} distinct); "
            f"by length: {lengths}; by case: {cases or 'none'}"
        )
    return lines


def main(arguments):
    examples = "--examples" in arguments
    arguments = [argument for argument in arguments if argument not in ("--quick", "--examples")]
    if len(arguments) != 1:
        print("usage: fix_rate.py [--quick] [--examples] PATH-TO-hangul-compose", file=sys.stderr)
        return 64
    binary = arguments[0]
    try:
        english_tuning, english_held = english_halves()
        korean_tuning, korean_held = korean_half(KOREAN_TUNING), korean_half(KOREAN_HELD)
    except (FileNotFoundError, ValueError) as error:
        print(f"fix_rate: {error}", file=sys.stderr)
        return 1
    conversions = {
        "fix": lambda words: compose(binary, ["fix"], words),
        "reverse": lambda words: compose(binary, ["reverse"], words),
        "type_hangul": lambda words: compose(binary, ["type"], words),
    }
    output = []
    for half, english, korean in (("tuning", english_tuning, korean_tuning), ("held", english_held, korean_held)):
        tallies = measure(english, korean, **conversions)
        output += rows(half, tallies)
        for line in categories(half, tallies):
            print(line, file=sys.stderr)
        if examples and half == "tuning":
            for key, t in tallies.items():
                listed = ", ".join(f"{word} {count}" for word, count in t.failures.most_common(80))
                print(f"fix_rate tuning ({key}) failing words: {listed}", file=sys.stderr)
    print("\n".join(output))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
