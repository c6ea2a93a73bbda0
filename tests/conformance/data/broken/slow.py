"""Answers `state` requests correctly, but only after 3 seconds (past a short time-out)."""

import sys
import time

from _base import serve


def hook(request, subject):
    if request["cmd"] == "state":
        time.sleep(3)
    return None


sys.exit(serve(hook))
