#!/usr/bin/python3
"""A GTK 3 window with one text entry, for the IBus test: prints `ready` once it is shown, and
the entry's text when Return is pressed in it, then exits."""

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk, Pango  # noqa: E402

window = Gtk.Window(title="hangul-ibus-test")
window.set_default_size(600, 120)
entry = Gtk.Entry()
entry.modify_font(Pango.FontDescription("NanumGothic 28"))
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
