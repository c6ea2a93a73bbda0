"""Answers every `state` request with a line that is not JSON."""

import sys

from _base import serve


def hook(request, subject):
    if request["cmd"] == "state":
        return "state: total=5 (this is not JSON)"
    return None


sys.exit(serve(hook))
