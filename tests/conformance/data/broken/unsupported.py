"""Plays the toy game, but answers `observe` and `perft` with "unsupported"."""

import sys

from _base import serve


def hook(request, subject):
    if request["cmd"] in ("observe", "perft"):
        return {"seq": request["seq"], "ok": False, "unsupported": True,
                "error": f"{request['cmd']} is not implemented here"}
    return None


sys.exit(serve(hook))
