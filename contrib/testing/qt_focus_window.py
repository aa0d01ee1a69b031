#!/usr/bin/python3
"""A Qt window (5, or 6 with HANGUL_TEST_QT=6) with two line edits, and a second window with a third,
for the frontends' focus tests: the Qt side of gtk_focus_window.py, with the same layout, arguments
and output.

    qt_focus_window.py TITLE [DONE_FILE OUTPUT_FILE]

The window TITLE holds the first line edit across its top (y 0 to 40) and the second below it (y 70
to 110); the window "TITLE-other" holds the third. Prints `ready` once both are shown with the focus
in the first line edit. The result is the three texts joined by `|`: with TITLE alone it is printed
when Return is pressed in either of TITLE's line edits, then the window exits; with DONE_FILE and
OUTPUT_FILE it is written to OUTPUT_FILE once DONE_FILE exists. The input method is whatever
QT_IM_MODULE names, on QT_QPA_PLATFORM=xcb.
"""

import sys

from qt_toolkit import QApplication, QFont, QLineEdit, QWidget, serve

title = sys.argv[1]
application = QApplication([sys.argv[0]])
other = QLineEdit()
other.setWindowTitle(f"{title}-other")
other.resize(300, 40)
window = QWidget()
window.setWindowTitle(title)
window.resize(600, 120)
first, second = QLineEdit(window), QLineEdit(window)
for field, top in ((first, 0), (second, 70)):
    field.setFont(QFont("NanumGothic", 20))
    field.setGeometry(0, top, 600, 40)
other.show()
window.show()
window.activateWindow()
first.setFocus()
sys.exit(
    serve(
        application, lambda: "|".join(field.text() for field in (first, second, other)), [first, second], sys.argv[2:]
    )
)
