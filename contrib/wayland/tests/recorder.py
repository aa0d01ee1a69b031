"""Runs inside a terminal (foot) as the tests' text-input-v3 client: puts the terminal in raw mode and
appends every byte the terminal delivers to FILE as it arrives, so a test sees text, control keys
(Control+C is 0x03, Return 0x0d) and their order exactly. Writes READY to FILE.ready once raw.
    recorder.py FILE"""

import os
import sys
import tty

path = sys.argv[1]
tty.setraw(0)
with open(path + ".ready", "w") as ready:
    ready.write("READY\n")
with open(path, "ab", buffering=0) as out:
    while True:
        data = os.read(0, 4096)
        if not data:
            break
        out.write(data)
