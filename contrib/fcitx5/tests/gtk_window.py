#!/usr/bin/python3
"""A GTK 3 window with one text entry, for typing into through an input method.

    gtk_window.py TITLE DONE_FILE OUTPUT_FILE

Shows the window titled TITLE with the entry focused; once DONE_FILE exists, writes the entry's text
to OUTPUT_FILE and exits. The input method is whatever GTK_IM_MODULE says.
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

title, done_file, output_file = sys.argv[1:4]
window = Gtk.Window(title=title)
entry = Gtk.Entry()
window.add(entry)
window.connect("destroy", Gtk.main_quit)
window.show_all()
entry.grab_focus()


def poll():
    if os.path.exists(done_file):
        with open(output_file, "w", encoding="utf-8") as output:
            output.write(entry.get_text())
        Gtk.main_quit()
        return False
    return True


GLib.timeout_add(50, poll)
Gtk.main()
