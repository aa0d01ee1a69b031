#!/usr/bin/python3
"""A Qt 5 window with two line edits, and a second window with a third, for the IBus test's focus
changes: the Qt side of focus_window.py, with the same layout and output.

    qt_focus_window.py TITLE

The window TITLE holds the first line edit across its top (y 0 to 40) and the second below it (y 70
to 110); the window "TITLE-other" holds the third. Prints `ready` once both are shown with the focus
in the first line edit, and, when Return is pressed in either of TITLE's line edits, the three texts
joined by `|`, then exits.
"""
import sys

from PyQt5.QtCore import QTimer
from PyQt5.QtGui import QFont
from PyQt5.QtWidgets import QApplication, QLineEdit, QWidget

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


def on_return():
    print("|".join(field.text() for field in (first, second, other)), flush=True)
    application.quit()


first.returnPressed.connect(on_return)
second.returnPressed.connect(on_return)
other.show()
window.show()
window.activateWindow()
first.setFocus()
# A zero timer fires once the event loop runs, after the show and focus events have been handled.
QTimer.singleShot(0, lambda: print("ready", flush=True))
sys.exit(application.exec_())
