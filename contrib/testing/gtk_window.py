#!/usr/bin/python3
"""A GTK 3 window with one text entry, for the frontends' host tests (qt_window.py is its Qt side).

    gtk_window.py TITLE [DONE_FILE OUTPUT_FILE]

Shows a window titled TITLE, all of it one entry with the focus, and prints `ready` once it is
shown. With TITLE alone, Return in the entry prints its text and exits (the IBus tests); with
DONE_FILE and OUTPUT_FILE, once DONE_FILE exists the text is written to OUTPUT_FILE and the window
exits (the fcitx5 tests). The input method is whatever GTK_IM_MODULE names.
"""

import sys

from gtk_toolkit import Gtk, serve, use_font

title = sys.argv[1]
use_font(36)
window = Gtk.Window(title=title)
window.set_default_size(600, 120)
entry = Gtk.Entry()
window.add(entry)
window.connect("destroy", Gtk.main_quit)
window.show_all()
entry.grab_focus()
serve(entry.get_text, [entry], sys.argv[2:])
