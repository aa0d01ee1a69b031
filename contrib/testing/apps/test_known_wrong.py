#!/usr/bin/python3
"""How matrix.py reads known-wrong.txt: which results a row of each kind excuses, and which fail.
Runs without any application: `python3 contrib/testing/apps/test_known_wrong.py` (contrib/testing/test
runs it)."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import matrix
from cases import Case


def result(case_name, seen, application="Emacs (XIM)", frontend="fcitx5"):
    case = Case(case_name, "gks")
    case.expected = "한\n"
    return matrix.Result(application, frontend, "ours", case, seen)


HUNG = matrix.NO_TEXT + "emacsclient timed out)"


def known(text):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as file:
        file.write(text)
    try:
        return matrix.read_known_wrong(file.name)
    finally:
        os.remove(file.name)


class KnownWrongTests(unittest.TestCase):
    def test_a_varies_row_excuses_a_wrong_text_but_not_an_application_that_stopped_answering(self):
        rows = known("Emacs (XIM) | fcitx5 | varies | reversals\n")
        self.assertEqual(matrix.known_reason(rows, result("sentence 1", "ㅎ나\n")), "reversals")
        hung = result("window switch mid-syllable", HUNG)
        self.assertTrue(hung.unanswered)
        self.assertIsNone(matrix.known_reason(rows, hung))

    def test_an_unanswered_row_excuses_a_hang_but_not_a_wrong_text(self):
        rows = known("Emacs (XIM) | fcitx5 | unanswered | Xlib hangs\n")
        self.assertEqual(matrix.known_reason(rows, result("window switch mid-syllable", HUNG)), "Xlib hangs")
        self.assertIsNone(matrix.known_reason(rows, result("sentence 1", "ㅎ나\n")))

    def test_both_rows_together_excuse_each_its_own_kind(self):
        rows = known("Emacs (XIM) | fcitx5 | varies | reversals\nEmacs (XIM) | fcitx5 | unanswered | Xlib hangs\n")
        self.assertEqual(matrix.known_reason(rows, result("sentence 1", "ㅎ나\n")), "reversals")
        self.assertEqual(matrix.known_reason(rows, result("sentence 1", HUNG)), "Xlib hangs")

    def test_a_row_of_another_frontend_or_application_excuses_nothing(self):
        rows = known("Emacs (XIM) | fcitx5 | unanswered | Xlib hangs\n")
        self.assertIsNone(matrix.known_reason(rows, result("sentence 1", HUNG, frontend="ibus")))
        self.assertIsNone(matrix.known_reason(rows, result("sentence 1", HUNG, application="xterm")))

    def test_a_row_naming_the_case_excuses_it_whatever_went_wrong(self):
        rows = known("xterm | ibus | sentence 1 | why\n")
        self.assertEqual(
            matrix.known_reason(rows, result("sentence 1", HUNG, application="xterm", frontend="ibus")), "why"
        )
        self.assertEqual(
            matrix.known_reason(rows, result("sentence 1", "x", application="xterm", frontend="ibus")), "why"
        )

    def test_a_text_that_only_looks_like_the_marker_later_is_a_wrong_text(self):
        self.assertFalse(result("sentence 1", "한 " + HUNG).unanswered)

    def test_a_row_for_an_unknown_host_is_refused_with_the_expected_form(self):
        with self.assertRaises(SystemExit) as raised:
            known("Emacs (XIM) | kime | unanswered | why\n")
        self.assertIn("unanswered", str(raised.exception))

    def test_the_repository_list_reads_and_lists_the_emacs_hang_as_unanswered(self):
        rows = matrix.read_known_wrong(os.path.join(os.path.dirname(os.path.abspath(__file__)), "known-wrong.txt"))
        self.assertIn(("Emacs (XIM)", "fcitx5", matrix.UNANSWERED), rows)


if __name__ == "__main__":
    unittest.main()
