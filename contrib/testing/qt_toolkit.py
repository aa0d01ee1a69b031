"""The Qt the test windows run on: Qt 5 (PyQt5) unless HANGUL_TEST_QT=6 asks for Qt 6 (PyQt6).

Both majors are in use (KDE Plasma 6 applications are Qt 6, many others still Qt 5), and each ships
its own IBus plugin and fcitx5 has a frontend for each, so the frontends' tests type into both.
"""

import os

MAJOR = os.environ.get("HANGUL_TEST_QT", "5")
if MAJOR == "6":
    from PyQt6.QtCore import QTimer
    from PyQt6.QtGui import QFont
    from PyQt6.QtWidgets import QApplication, QLineEdit, QSizePolicy, QVBoxLayout, QWidget
elif MAJOR == "5":
    from PyQt5.QtCore import QTimer
    from PyQt5.QtGui import QFont
    from PyQt5.QtWidgets import QApplication, QLineEdit, QSizePolicy, QVBoxLayout, QWidget
else:
    raise SystemExit(f"HANGUL_TEST_QT is {MAJOR!r}: say 5 or 6")

EXPANDING = QSizePolicy.Policy.Expanding if MAJOR == "6" else QSizePolicy.Expanding
__all__ = ["EXPANDING", "MAJOR", "QApplication", "QFont", "QLineEdit", "QVBoxLayout", "QWidget", "serve"]


def serve(application, text, return_fields, arguments):
    """Runs a test window's event loop once its windows are shown and focused, and gives back
    `text()` as the window scripts promise: printed on Return in one of `return_fields`, or with
    DONE_FILE and OUTPUT_FILE in `arguments` (the script's, after TITLE), written to OUTPUT_FILE once
    DONE_FILE exists. Prints `ready` first; returns the loop's exit code."""
    done_file, output_file = arguments[:2] if len(arguments) > 1 else (None, None)

    def on_return():
        print(text(), flush=True)
        application.quit()

    def poll():
        if os.path.exists(done_file):
            with open(output_file, "w", encoding="utf-8") as output:
                output.write(text())
            application.quit()

    timer = QTimer()
    if done_file:
        timer.timeout.connect(poll)
        timer.start(50)
    else:
        for field in return_fields:
            field.returnPressed.connect(on_return)
    # A zero timer fires once the event loop runs, after the show and focus events have been handled.
    QTimer.singleShot(0, lambda: print("ready", flush=True))
    return application.exec() if MAJOR == "6" else application.exec_()
