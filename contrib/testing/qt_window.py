#!/usr/bin/python3
"""A Qt window (Qt 5, or Qt 6 with HANGUL_TEST_QT=6: qt_toolkit.py) with one line edit, for the
frontends' host tests: the Qt side of their GTK windows.

    qt_window.py TITLE [DONE_FILE OUTPUT_FILE]

Shows a window titled TITLE, all of it one QLineEdit with the focus (so a click anywhere in the
window lands in the text), and prints `ready` once the window is shown. With TITLE alone, Return in
the line edit prints its text and exits (the IBus tests, as gtk_window.py does); with DONE_FILE and
OUTPUT_FILE, once DONE_FILE exists the text is written to OUTPUT_FILE and the window exits (the
fcitx5 tests, which decide when every key has been applied). The input method is whatever
QT_IM_MODULE names (`ibus`: Qt's own plugin in libqt5gui5 or libqt6gui6; `fcitx`:
fcitx5-frontend-qt5's or -qt6's), on QT_QPA_PLATFORM=xcb under Xvfb. The font is NanumGothic
(fonts-nanum), so a screenshot shows Hangul and hanja rather than boxes.
"""

import sys

from qt_toolkit import EXPANDING, QApplication, QFont, QLineEdit, QVBoxLayout, QWidget, serve

title = sys.argv[1] if len(sys.argv) > 1 else "hangul-qt-test"
application = QApplication([sys.argv[0]])
window = QWidget()
window.setWindowTitle(title)
window.resize(600, 120)
line_edit = QLineEdit(window)
line_edit.setFont(QFont("NanumGothic", 28))
line_edit.setSizePolicy(EXPANDING, EXPANDING)
layout = QVBoxLayout(window)
layout.setContentsMargins(0, 0, 0, 0)
layout.addWidget(line_edit)
window.show()
line_edit.setFocus()
sys.exit(serve(application, line_edit.text, [line_edit], sys.argv[2:]))
