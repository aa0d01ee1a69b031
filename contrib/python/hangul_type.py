#!/usr/bin/env python3
"""Type US-QWERTY keys through hanguld and print the text: a complete frontend in miniature."""

import json
import os
import socket
import sys

path = os.environ.get("HANGULD_SOCKET") or os.path.join(os.environ["XDG_RUNTIME_DIR"], "hangul", "hanguld.sock")
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(path)
pending = b""


def call(method, **params):
    global pending
    sock.sendall(json.dumps({"id": 1, "method": method, "params": params}).encode() + b"\n")
    while b"\n" not in pending:  # read in chunks until a whole line has arrived
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("hanguld closed the connection")
        pending += chunk
    line, pending = pending.split(b"\n", 1)
    reply = json.loads(line)
    if "error" in reply:
        raise RuntimeError(reply["error"]["message"])
    return reply["result"]


call("hello", protocol=1, client="hangul_type.py")
text = ""
for key in sys.argv[1]:  # printable ASCII keysyms equal their code points
    result = call("key", keysym=ord(key))
    text += result["commit"] + ("" if result["handled"] else key)  # commit, then forward
    call("key", keysym=ord(key), release=True)
print(text + call("reset")["commit"])
