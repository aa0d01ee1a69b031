#!/usr/bin/python3
"""A window that is all one multi-line text view, in GTK 3, GTK 4, Qt 5 or Qt 6, for the application
matrix (matrix.py): the plain text widget each toolkit's applications are built on.

    text_view.py gtk3|gtk4|qt5|qt6 TITLE [X Y WIDTH HEIGHT]

The window is titled TITLE, placed at X, Y (GTK 3 and Qt; GTK 4 cannot place its windows) with the
given size (default 900 x 500 at 0, 0), and the view has the focus. The matrix reads the text back
as from any application, with Ctrl+A Ctrl+C and the clipboard, so the window needs no side channel.
The input method is whatever GTK_IM_MODULE or QT_IM_MODULE names.
"""

import sys

toolkit, title = sys.argv[1], sys.argv[2]
x, y, width, height = (int(value) for value in sys.argv[3:7]) if len(sys.argv) >= 7 else (0, 0, 900, 500)

if toolkit in ("gtk3", "gtk4"):
    import gi

    gi.require_version("Gtk", "3.0" if toolkit == "gtk3" else "4.0")
    from gi.repository import GLib, Gtk

    view = Gtk.TextView()
    if toolkit == "gtk3":
        window = Gtk.Window(title=title)
        window.set_default_size(width, height)
        window.move(x, y)
        window.add(view)
        window.connect("destroy", Gtk.main_quit)
        window.show_all()
        view.grab_focus()
        Gtk.main()
    else:
        loop = GLib.MainLoop()
        window = Gtk.Window(title=title)
        window.set_default_size(width, height)
        window.set_child(view)
        window.connect("close-request", lambda _window: loop.quit())
        window.present()
        view.grab_focus()
        loop.run()
elif toolkit in ("qt5", "qt6"):
    if toolkit == "qt5":
        from PyQt5.QtWidgets import QApplication, QPlainTextEdit
    else:
        from PyQt6.QtWidgets import QApplication, QPlainTextEdit
    application = QApplication([sys.argv[0]])
    view = QPlainTextEdit()
    view.setWindowTitle(title)
    view.setGeometry(x, y, width, height)
    view.show()
    view.setFocus()
    sys.exit(application.exec())
else:
    raise SystemExit(f"text_view.py: unknown toolkit {toolkit!r}; say gtk3, gtk4, qt5 or qt6")
