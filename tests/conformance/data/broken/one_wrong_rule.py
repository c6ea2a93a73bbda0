"""Plays the toy game right but for one rule, TOY.ADD.LIMIT: it lets the total go one past
the target (and then counts the game as won)."""

import sys

from _base import serve


def over_by_one(subject):
    state = subject.current
    return state.rolled and state.total + 2 == state.target + 1


def hook(request, subject):
    if subject._state is None or not over_by_one(subject):
        return None
    seq = request["seq"]
    if request["cmd"] == "legal":
        return {"seq": seq, "ok": True, "actions": ["add 1", "add 2"]}
    if request["cmd"] == "act" and request["action"] == "add 2":
        state = subject.current
        state.total += 2
        state.history.append(11)
        return {"seq": seq, "ok": True}
    return None


sys.exit(serve(hook))
