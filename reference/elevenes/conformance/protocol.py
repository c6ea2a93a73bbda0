"""The serving side of the adapter protocol (docs/protocol.md): one JSON request per line in,
one JSON response per line out, answered by a ``Subject`` (the reference by default).

Every request gets exactly one response echoing its ``seq``; nothing a request contains can
stop the loop except ``stop`` or the end of the input.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import IO, Any

from ..core.api import Json
from ..core.errors import ElevenesError
from .subject import ReferenceSubject, Subject, Unsupported

COMMANDS = ("start", "setup", "act", "legal", "state", "observe", "perft", "chances", "stop")


class _BadRequest(Exception):
    pass


def whole_number(value: Any) -> int | None:
    """A whole number of a request, written ``3`` or ``3.0`` (docs/protocol.md: a JSON reader
    that cannot tell them apart reads either), else None; ``true`` and ``3.5`` are none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _need(request: Json, name: str, kind: type, what: str) -> Any:
    value = request.get(name)
    if kind is int:
        number = whole_number(value)
        if number is None:
            raise _BadRequest(f"{request.get('cmd')} needs {name!r}: {what}")
        return number
    if not isinstance(value, kind):
        raise _BadRequest(f"{request.get('cmd')} needs {name!r}: {what}")
    return value


def handle(subject: Subject, request: Any) -> Json:
    """The response to one request (already parsed from JSON)."""
    if not isinstance(request, dict):
        return {"seq": None, "ok": False, "error": "a request is a JSON object"}
    seq = whole_number(request.get("seq"))
    if seq is None or seq < 0:
        return {"seq": None, "ok": False, "error": "a request needs 'seq', a whole number >= 0"}
    try:
        body = _dispatch(subject, request)
    except Unsupported as exc:
        return {"seq": seq, "ok": False, "unsupported": True, "error": str(exc)}
    except (_BadRequest, ElevenesError) as exc:
        return {"seq": seq, "ok": False, "error": str(exc)}
    except Exception as exc:  # noqa: BLE001 - the server answers, whatever happens
        return {"seq": seq, "ok": False, "error": f"internal error: {type(exc).__name__}: {exc}"}
    return {"seq": seq, **body}


def _dispatch(subject: Subject, request: Json) -> Json:
    cmd = request.get("cmd")
    if cmd == "start":
        game = _need(request, "game", str, "a game id")
        options = request.get("options")
        if options is None:  # absent or null: every option at its default
            options = {}
        if not isinstance(options, dict):  # an error, not unsupported (docs/protocol.md)
            raise _BadRequest(f"start: 'options' must be an object (or null), not "
                              f"{json.dumps(options)}")
        subject.start(game, options)
        body: Json = {"ok": True}
        if isinstance(subject, ReferenceSubject):
            body["num_players"] = subject.game.num_players()
        body["profiles"] = list(subject.profiles)
        return body
    if cmd == "setup":
        subject.setup(_need(request, "state", dict, "a canonical state object"))
        return {"ok": True}
    if cmd == "act":
        refusal = subject.act(_need(request, "action", str, "an action string"))
        if refusal is None:
            return {"ok": True}
        return {"ok": False, "violation": refusal.rule_id, "message": refusal.message}
    if cmd == "legal":
        return {"ok": True, "actions": subject.legal()}
    if cmd == "state":
        view = subject.state()
        body = {
            "ok": True,
            "state": view.state,
            "terminal": view.terminal,
            "returns": view.returns,
            "current_player": view.current_player,
        }
        if view.score is not None:
            body["score"] = view.score
        return body
    if cmd == "observe":
        player = _need(request, "player", int, "a player index")
        return {"ok": True, "observation": subject.observe(player)}
    if cmd == "perft":
        depth = _need(request, "depth", int, "a whole number >= 1")
        if depth < 1:
            raise _BadRequest("perft needs 'depth' >= 1")
        counts, divide = subject.perft(depth)
        return {"ok": True, "counts": counts, "divide": divide}
    if cmd == "chances":
        return {"ok": True, "chances": subject.chances()}
    if cmd == "stop":
        return {"ok": True}
    raise _BadRequest(f"unknown cmd {cmd!r}; the commands are: {', '.join(COMMANDS)}")


def serve(
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    subject: Subject | None = None,
) -> int:
    """Answer requests until ``stop`` or the end of the input.

    While a request is handled, anything the engine prints goes to stderr, so the output
    stream carries nothing but responses.
    """
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    server = subject if subject is not None else ReferenceSubject()
    try:
        for line in source:
            if not line.strip():
                continue
            request: Any = None
            try:
                request = json.loads(line)
            except ValueError as exc:
                response: Json = {"seq": None, "ok": False, "error": f"not JSON: {exc}"}
            else:
                with contextlib.redirect_stdout(sys.stderr):
                    response = handle(server, request)
            sink.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")
            sink.flush()
            if isinstance(request, dict) and request.get("cmd") == "stop" and response["ok"]:
                break
    finally:
        server.close()
    return 0
