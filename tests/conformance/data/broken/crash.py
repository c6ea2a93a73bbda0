"""Crashes (exit code 3, a message on stderr) whenever it is asked to play `add 2`."""

import sys

from _base import serve


def hook(request, subject):
    if request["cmd"] == "act" and request["action"] == "add 2":
        print("boom: add 2 broke the engine", file=sys.stderr, flush=True)
        sys.exit(3)
    return None


sys.exit(serve(hook))
