"""The fix-rate benchmark's measurement computes what it says, on small inputs with known counts.

Run: /usr/bin/python3 -m unittest discover -s Benchmarks/FixRate (scripts/bench runs it before measuring).
"""

import struct
import tempfile
import unittest
from pathlib import Path

import fix_rate


def table(mapping):
    """A conversion that maps each word through `mapping` (a word not in it stays as it is)."""

    def convert(words):
        return [mapping.get(word, word) for word in words]

    return convert


class CountingTests(unittest.TestCase):
    english = ("the", "cat", "the", "xyz", "Hello", "the")
    korean = ("한글", "한글", "내", "재가", "한글")
    fix = staticmethod(
        table({"xyz": "툨", "gksrmf": "한글", "wkrk": "재가", "재가": "work", "ㅅㅗㄷ": "the", "ㅗ디ㅣㅐ": "hello"})
    )
    reverse = staticmethod(table({"한글": "gksrmf", "내": "so", "재가": "wkrk"}))
    type_hangul = staticmethod(table({"the": "ㅅㅗㄷ", "cat": "초ㅡ", "xyz": "툨", "Hello": "ㅗ디ㅣㅐ"}))

    def measured(self):
        return fix_rate.measure(list(self.english), list(self.korean), self.fix, self.reverse, self.type_hangul)

    def test_english_words_the_rule_converts_are_counted_as_running_words(self):
        a = self.measured()["a"]
        self.assertEqual((a.words, a.failed, a.distinct_failed), (6, 1, 1))
        self.assertEqual(a.failures, {"xyz": 1})
        self.assertAlmostEqual(a.rate, 1 / 6)

    def test_korean_keys_not_given_back_exactly_count_every_time_the_word_occurs(self):
        b = self.measured()["b"]
        # 한글 (3 times) and 재가 come back from their keys; 내 (`so`, a word) does not.
        self.assertEqual((b.words, b.failed), (5, 1))
        self.assertEqual(b.failures, {"내": 1})
        self.assertAlmostEqual(1 - b.rate, 0.8)

    def test_korean_typed_in_hangul_mode_and_converted_is_a_failure(self):
        c = self.measured()["c"]
        self.assertEqual((c.words, c.failed), (5, 1))
        self.assertEqual(c.failures, {"재가": 1})
        self.assertEqual(c.by_case, {"hangul": 1})

    def test_english_typed_in_hangul_mode_is_repaired_ignoring_case(self):
        d = self.measured()["d"]
        # the (3 times) and Hello (as hello) come back; cat (초ㅡ) and xyz (툨, left as it is) do not.
        self.assertEqual((d.words, d.failed, d.distinct_failed), (6, 2, 2))
        self.assertEqual(d.by_length, {"3-4": 2})

    def test_failures_are_sorted_into_length_and_case_categories(self):
        t = fix_rate.tally(["a", "Seoul", "Seoul", "NASA", "wOrk", "internationally", "4th", "행"], lambda _: True)
        self.assertEqual(t.by_length, {"1-2": 2, "5-6": 2, "3-4": 3, "7+": 1})
        self.assertEqual(
            t.by_case, {"lower": 2, "Capitalised": 2, "CAPITALS": 1, "mIxed": 1, "with digits": 1, "hangul": 1}
        )

    def test_the_table_row_shows_the_rate_the_counts_and_the_verdict(self):
        a = fix_rate.tally(["a"] * 999 + ["b"], lambda word: word == "b")
        rows = fix_rate.rows("held", {"a": a, "b": a, "c": a, "d": a})
        self.assertEqual(
            rows[0],
            "| fix, held: English words typed in Latin mode, converted | 0.10% (1 of 1,000) | — | — | ≤ 0.1% | pass |",
        )
        self.assertEqual(
            rows[1],
            "| fix, held: Korean words typed in Latin mode, repaired | 99.90% (999 of 1,000) | — | — | ≥ 95% | pass |",
        )
        two = fix_rate.tally(["a"] * 998 + ["b", "b"], lambda word: word == "b")
        self.assertTrue(fix_rate.rows("held", {"a": two, "b": a, "c": a, "d": a})[0].endswith("| short |"))


class TextTests(unittest.TestCase):
    def test_words_end_at_spaces_and_punctuation_and_keep_their_digits(self):
        self.assertEqual(
            fix_rate.english_words("Don't stop--it's the 4th, O'Neil! 2024 한글"),
            ["Don", "t", "stop", "it", "s", "the", "4th", "O", "Neil"],
        )
        self.assertEqual(
            fix_rate.korean_words("파일(%s)을 3개 열 수 없습니다: ㅋㅋ GTK를 2024"),
            ["파일", "을", "3개", "열", "수", "없습니다", "ㅋㅋ"],
        )

    def test_a_fortune_file_loses_its_separators(self):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "pets"
            path.write_text("A cat.\n%\nTwo dogs.\n\t-- Anonymous\n%\n", encoding="utf-8")
            self.assertEqual(
                fix_rate.english_words(fix_rate.fortune_text(path)), ["A", "cat", "Two", "dogs", "Anonymous"]
            )

    def test_a_catalog_gives_its_translations_and_plural_forms_but_not_its_header(self):
        entries = [(b"", b"Project-Id-Version: x\nContent-Type: text/plain; charset=UTF-8\n"),
                   (b"file", "파일".encode()), (b"one\0many", "하나\0여럿".encode())]  # fmt: skip
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "test.mo"
            path.write_bytes(self.catalog(entries))
            self.assertEqual(fix_rate.catalog_translations(path), ["파일", "하나", "여럿"])
            path.write_bytes(b"not a catalog at all")
            with self.assertRaisesRegex(ValueError, "not a GNU message catalog"):
                fix_rate.catalog_translations(path)

    @staticmethod
    def catalog(entries):
        """A little-endian GNU .mo file holding `entries` (msgid, msgstr), written as msgfmt does."""
        count = len(entries)
        originals_at = 28
        translations_at = originals_at + 8 * count
        data_at = translations_at + 8 * count
        header = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, 0)
        tables = [b"", b""]
        blob = b""
        for column in (0, 1):
            for entry in entries:
                text = entry[column]
                tables[column] += struct.pack("<2I", len(text), data_at + len(blob))
                blob += text + b"\0"
        return header + tables[0] + tables[1] + blob


if __name__ == "__main__":
    unittest.main()
