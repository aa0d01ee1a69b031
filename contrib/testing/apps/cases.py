"""What the application matrix types, and the text each case must leave: hangul-compose's answer for
the same keys, so no expected text is written down here.

A case is a line of hangul-compose's key notation (US-QWERTY characters, `<Name>` for a named key)
with two actions of the harness in braces: `{click}`, a mouse click in the text with a syllable
showing, and `{switch}`, the focus to another window and back. Every case ends with Return, so it
leaves no syllable composing and a terminal's line reaches the program reading it.
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

import hangul_testing  # noqa: E402

SENTENCES = os.path.join(HERE, "sentences.txt")
ACTIONS = ("click", "switch")


class Case:
    def __init__(self, name, keys):
        self.name = name
        self.keys = keys + "<Return>"
        self.expected = None

    def steps(self):
        """("type", characters), ("key", keysym name) and ("click",) or ("switch",), in order."""
        steps = []
        for action, name, characters in re.findall(r"\{(\w+)\}|<([^>]+)>|([^<{]+)", self.keys):
            if action:
                if action not in ACTIONS:
                    raise ValueError(f"case {self.name!r}: unknown action {{{action}}}; known: {ACTIONS}")
                steps.append((action,))
            elif name:
                steps.append(("key", name))
            else:
                steps.append(("type", characters))
        return steps

    def compose_lines(self):
        """The case's keys cut where hangul-compose cannot follow (an action, which commits the
        syllable; Return, which it types as nothing): each piece is typed into a fresh field."""
        return [line for part in re.split(r"\{\w+\}", self.keys) for line in part.split("<Return>")]

    def assemble(self, texts):
        """The expected text from hangul-compose's text for each of `compose_lines()`."""
        texts = iter(texts)
        return "".join(
            "\n".join(next(texts) for _ in part.split("<Return>")) for part in re.split(r"\{\w+\}", self.keys)
        )


def sentences():
    with open(SENTENCES, encoding="utf-8") as file:
        return [line.rstrip("\n") for line in file if line.strip() and not line.startswith("#")]


def cases():
    """The cases every application types, in order: the sentences, then one case for each way the
    focus, the text or the syllable can change while a syllable is showing."""
    spelled = [hangul_testing.spell_dubeolsik(sentence) for sentence in sentences()]
    return [
        *(Case(f"sentence {index + 1}", keys) for index, keys in enumerate(spelled)),
        # 한 then a space, a digit, punctuation, Shift-punctuation: each right after the syllable.
        Case("space, digit, punctuation after a syllable", 'gks gks1gks.gks)gks"gks%gks'),
        # Return with 줄 showing: 줄 once, before the line break, and the next line typed after it.
        Case(
            "Return with a syllable showing",
            hangul_testing.spell_dubeolsik("첫 줄") + "<Return>" + hangul_testing.spell_dubeolsik("둘째 줄"),
        ),
        Case("BackSpace mid-syllable", "gksrmf<BackSpace>f dlq<BackSpace>qfur"),
        Case("click mid-syllable", "gks{click}rk"),
        Case("hanja key (F9, first candidate)", "gks<F9>1"),
        Case("window switch mid-syllable", "gks{switch}rk"),
    ]


def with_expected_texts(all_cases, hangul_compose):
    """Fills each case's `expected` from `hangul_compose` (one batch, in process)."""
    lines = [line for case in all_cases for line in case.compose_lines()]
    result = subprocess.run(
        [hangul_compose], input="".join(line + "\n" for line in lines), capture_output=True, text=True, check=True
    )
    texts = result.stdout.split("\n")[: len(lines)]
    if len(texts) != len(lines):
        raise RuntimeError(f"hangul-compose printed {len(texts)} lines for {len(lines)} inputs")
    position = 0
    for case in all_cases:
        count = len(case.compose_lines())
        case.expected = case.assemble(texts[position : position + count])
        position += count
    return all_cases
