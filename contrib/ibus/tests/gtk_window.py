#!/usr/bin/python3
"""A GTK 3 window with one text entry, for the IBus test: prints `ready` once it is shown, and
the entry's text when Return is pressed in it, then exits."""

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

window = Gtk.Window(title="hangul-ibus-test")
window.set_default_size(600, 120)
entry = Gtk.Entry()
style = Gtk.CssProvider()
style.load_from_data(b"entry { font: 36px NanumGothic; }")
Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), style, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
window.add(entry)


def on_shown():
    print("ready", flush=True)
    return False


def on_activate(widget):
    print(widget.get_text(), flush=True)
    Gtk.main_quit()


entry.connect("activate", on_activate)
window.connect("destroy", Gtk.main_quit)
window.show_all()
entry.grab_focus()
GLib.idle_add(on_shown)
Gtk.main()
