#!/usr/bin/python3
"""A GTK 3 window with two entries, and a second window with a third, for the frontends' focus tests
(qt_focus_window.py is the same in Qt 5).

    gtk_focus_window.py TITLE [DONE_FILE OUTPUT_FILE]

The window TITLE holds the first entry across its top (y 0 to 40) and the second below it (y 70 to
110); the window "TITLE-other" holds the third. Prints `ready` once both are shown with the focus in
the first entry. The result is the three texts joined by `|`: with TITLE alone it is printed when
Return is pressed in either of TITLE's entries, then the window exits (the IBus tests); with
DONE_FILE and OUTPUT_FILE it is written to OUTPUT_FILE once DONE_FILE exists (the fcitx5 tests,
which decide when every key has been applied). The input method is whatever GTK_IM_MODULE names.
"""
import os
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

title = sys.argv[1]
done_file, output_file = sys.argv[2:4] if len(sys.argv) > 3 else (None, None)
style = Gtk.CssProvider()
style.load_from_data(b"entry { font: 20px NanumGothic; }")
Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), style, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
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


def texts():
    return "|".join(field.get_text() for field in (first, second, other))


def on_activate(_):
    print(texts(), flush=True)
    Gtk.main_quit()


def poll():
    if not os.path.exists(done_file):
        return True
    with open(output_file, "w", encoding="utf-8") as output:
        output.write(texts())
    Gtk.main_quit()
    return False


def on_shown():
    print("ready", flush=True)
    return False


if done_file:
    GLib.timeout_add(50, poll)
else:
    first.connect("activate", on_activate)
    second.connect("activate", on_activate)
window.connect("destroy", Gtk.main_quit)
other_window.show_all()
window.show_all()
window.present()
first.grab_focus()
GLib.idle_add(on_shown)
Gtk.main()
