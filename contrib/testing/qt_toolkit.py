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
__all__ = ["EXPANDING", "MAJOR", "QApplication", "QFont", "QLineEdit", "QTimer", "QVBoxLayout", "QWidget", "run"]


def run(application):
    """Runs the event loop and returns its exit code (exec in Qt 6, exec_ in PyQt5)."""
    return application.exec() if MAJOR == "6" else application.exec_()
