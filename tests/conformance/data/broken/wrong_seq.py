"""Answers every `legal` request with the seq of the request before it."""

import sys

from _base import handle, serve


def hook(request, subject):
    if request["cmd"] == "legal":
        return {**handle(subject, request), "seq": request["seq"] - 1}
    return None


sys.exit(serve(hook))
