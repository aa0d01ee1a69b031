#!/usr/bin/python3
"""A GTK 4 window, a text-input-v3 client for the Wayland tests.

    gtk4_entry.py password OUTPUT_FILE   an entry with the password purpose; on Return its text goes
                                         to OUTPUT_FILE and the window exits
    gtk4_entry.py text OUTPUT_FILE       a text view (Return is a new line); OUTPUT_FILE.live holds
                                         its text as it changes; once OUTPUT_FILE.done exists, its
                                         text goes to OUTPUT_FILE and the window exits
    gtk4_entry.py timed OUTPUT_FILE      the same text view; OUTPUT_FILE.times gets a line per change:
                                         CLOCK_MONOTONIC in ns and the length (for the benchmark)

Writes `ready` to OUTPUT_FILE.ready once shown. GTK 4 applies every commit the input method sends;
foot drops a commit whose text-input serial lags behind its own (a race with its cursor updates when
keys come faster than frames), so the corpus is typed here.
"""

import os
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

kind, output = sys.argv[1], sys.argv[2]
loop = GLib.MainLoop()


def save(text):
    with open(output + ".tmp", "w", encoding="utf-8") as file:
        file.write(text)
    os.rename(output + ".tmp", output)
    loop.quit()


def on_map(_window):
    with open(output + ".ready", "w") as file:
        file.write("ready\n")


Gtk.init()
window = Gtk.Window(title="gtk4-" + kind)
window.set_default_size(600, 300)
if kind == "password":
    widget = Gtk.Entry()
    widget.set_input_purpose(Gtk.InputPurpose.PASSWORD)
    widget.set_visibility(False)
    widget.connect("activate", lambda entry: save(entry.get_text()))
else:
    widget = Gtk.TextView()
    buffer = widget.get_buffer()

    def poll():
        if os.path.exists(output + ".done"):
            save(buffer.get_text(buffer.get_start_iter(), buffer.get_end_iter(), True))
            return False
        return True

    def on_changed(text_buffer):
        # The text so far, for a test that waits for a key to land before it types the next.
        text = text_buffer.get_text(text_buffer.get_start_iter(), text_buffer.get_end_iter(), True)
        with open(output + ".live.tmp", "w", encoding="utf-8") as file:
            file.write(text)
        os.rename(output + ".live.tmp", output + ".live")

    times = open(output + ".times", "w", buffering=1) if kind == "timed" else None

    def on_changed_timed(text_buffer):
        # When each change landed (CLOCK_MONOTONIC, as the benchmark's own clock), and the length.
        times.write(f"{time.monotonic_ns()} {text_buffer.get_char_count()}\n")

    buffer.connect("changed", on_changed_timed if times else on_changed)
    GLib.timeout_add(50, poll)
window.set_child(widget)
window.connect("map", on_map)
window.connect("close-request", lambda *_: loop.quit())
window.present()
widget.grab_focus()
loop.run()
