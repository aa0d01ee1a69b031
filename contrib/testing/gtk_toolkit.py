"""What the GTK 3 test windows share: GTK itself, the font, and how a window gives its text back.

The windows (gtk_window.py, gtk_focus_window.py) print `ready` once shown, then give back their text
either on Return (the IBus tests) or once a DONE_FILE exists (the fcitx5 tests, which decide when
every key has been applied): the same contract as qt_toolkit.serve.
"""

import os

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

__all__ = ["Gtk", "serve", "use_font"]


def use_font(pixels):
    """Entries in NanumGothic (fonts-nanum), so a screenshot shows Hangul and hanja, not boxes."""
    style = Gtk.CssProvider()
    style.load_from_data(f"entry {{ font: {pixels}px NanumGothic; }}".encode())
    Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), style, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)


def serve(text, return_fields, arguments):
    """Runs GTK's main loop, with the windows already shown and focused, and gives back `text()`:
    printed when Return activates one of `return_fields`, or with DONE_FILE and OUTPUT_FILE in
    `arguments` (the script's, after TITLE), written to OUTPUT_FILE once DONE_FILE exists. Prints
    `ready` first."""
    done_file, output_file = arguments[:2] if len(arguments) > 1 else (None, None)

    def on_activate(_):
        print(text(), flush=True)
        Gtk.main_quit()

    def poll():
        if not os.path.exists(done_file):
            return True
        with open(output_file, "w", encoding="utf-8") as output:
            output.write(text())
        Gtk.main_quit()
        return False

    def on_shown():
        print("ready", flush=True)
        return False

    if done_file:
        GLib.timeout_add(50, poll)
    else:
        for field in return_fields:
            field.connect("activate", on_activate)
    GLib.idle_add(on_shown)
    Gtk.main()
