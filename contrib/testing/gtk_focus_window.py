#!/usr/bin/python3
"""A GTK 3 window with two entries, and a second window with a third, for the frontends' focus tests
(qt_focus_window.py is the same in Qt).

    gtk_focus_window.py TITLE [DONE_FILE OUTPUT_FILE]

The window TITLE holds the first entry across its top (y 0 to 40) and the second below it (y 70 to
110); the window "TITLE-other" holds the third. Prints `ready` once both are shown with the focus in
the first entry. The result is the three texts joined by `|`: with TITLE alone it is printed when
Return is pressed in either of TITLE's entries, then the window exits (the IBus tests); with
DONE_FILE and OUTPUT_FILE it is written to OUTPUT_FILE once DONE_FILE exists (the fcitx5 tests,
which decide when every key has been applied). The input method is whatever GTK_IM_MODULE names.
"""

import sys

from gtk_toolkit import Gtk, serve, use_font

title = sys.argv[1]
use_font(20)
other_window = Gtk.Window(title=f"{title}-other")
other = Gtk.Entry()
other_window.add(other)
window = Gtk.Window(title=title)
window.set_default_size(600, 120)
fixed = Gtk.Fixed()
first, second = Gtk.Entry(), Gtk.Entry()
for field, top in ((first, 0), (second, 70)):
    field.set_size_request(600, 40)
    fixed.put(field, 0, top)
window.add(fixed)
window.connect("destroy", Gtk.main_quit)
other_window.show_all()
window.show_all()
window.present()
first.grab_focus()
serve(lambda: "|".join(field.get_text() for field in (first, second, other)), [first, second], sys.argv[2:])
