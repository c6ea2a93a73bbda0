"""Driving another program over the adapter protocol (docs/protocol.md).

The program reads one JSON request per line on its standard input and answers one JSON
response per line on its standard output.  Every request waits at most ``timeout`` seconds.
A crash, a time-out, a response that is not JSON or answers another ``seq`` raises
``SubjectError`` and ends the program; the next request starts it again.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

from ..core.api import Json
from .model import PROFILES, RULES
from .schemas import first_error, format_path, validator
from .start_fields import start_fields
from .subject import (
    Refusal,
    SetupRefused,
    StateView,
    Subject,
    SubjectError,
    Unsupported,
    parse_fraction,
)

DEFAULT_TIMEOUT = 10.0
STARTUP_ALLOWANCE = 10.0
"""Seconds added to the time-out of a program's first request, while it starts up."""
MAX_FAILED_STARTS = 3

REQUIRED = ("start", "act", "legal", "state", "stop")
"""Requests every program must carry out."""
OPTIONAL = ("setup", "observe", "perft", "chances")
"""Requests a program may answer with ``"unsupported": true``: the checks that need them are
skipped (and so is ``start`` for a game or options it does not implement)."""


def _reader(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Move the program's output lines to ``lines`` until the end of it, then close it.

    Only this thread closes the stream: closing it from another thread while a read waits
    would wait too, for ever if some process the program started holds the pipe open."""
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):
        pass
    finally:
        lines.put(None)
        with contextlib.suppress(OSError, ValueError):
            stream.close()


class AdapterSubject(Subject):
    """Another implementation, run as a program that speaks the protocol."""

    def __init__(
        self,
        command: str | Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        startup: float = STARTUP_ALLOWANCE,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise SubjectError("the adapter command is empty")
        self.name = " ".join(self.argv)
        self.timeout = timeout
        self.cwd = cwd
        self.env = env
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: IO[bytes] | None = None
        self._seq = 0
        self.requests = 0
        self.restarts = 0
        self.startup = startup
        self._game = ""  # the game of the last start: its schemas check state and observe
        self._fresh = False  # the next answer is the program's first
        self._failed_starts = 0

    # -- the process --------------------------------------------------------------------
    def launch(self) -> None:
        """Start the program (if it is not running).

        A program that fails on its very first request ``MAX_FAILED_STARTS`` times in a row is
        not started again: every later request fails at once instead of waiting for it.
        """
        if self._proc is not None and self._proc.poll() is None:
            return
        self._reap()
        if self._failed_starts >= MAX_FAILED_STARTS:
            raise SubjectError(
                f"{self.name!r} failed on its first request {self._failed_starts} times in a row; "
                "it is not started again"
            )
        # Kept open while the program runs: it holds the program's stderr for messages.
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                cwd=self.cwd,
                env=self.env,
                start_new_session=True,
            )
        except OSError as exc:
            self._stderr.close()
            self._stderr = None
            raise SubjectError(f"cannot start {self.name!r}: {exc.strerror or exc}") from None
        self._lines = queue.Queue()
        assert self._proc.stdout is not None
        threading.Thread(target=_reader, args=(self._proc.stdout, self._lines), daemon=True).start()
        self.restarts += 1
        self._fresh = True

    def _kill(self) -> None:
        """End the program and everything it started: its process group (its own, see
        ``launch``) is killed even when the program itself has exited already."""
        proc = self._proc
        if proc is None:
            return
        if hasattr(os, "killpg"):
            with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
                os.killpg(proc.pid, signal.SIGKILL)
        if proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        self._reap()

    def _reap(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is not None and proc.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                proc.stdin.close()  # (its output is closed by its reader thread)
        if self._stderr is not None:
            with contextlib.suppress(OSError):
                self._stderr.close()
            self._stderr = None

    def stderr_tail(self, lines: int = 5) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.flush()
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - 4000))
            text = self._stderr.read().decode("utf-8", "replace")
        except OSError:
            return ""
        return "\n".join(text.strip().splitlines()[-lines:])

    def _fail(self, message: str) -> SubjectError:
        """End the program and describe what went wrong, with the end of its stderr."""
        if self._fresh:
            self._failed_starts += 1
            self._fresh = False
        proc = self._proc
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=0.2)
        code = proc.poll() if proc is not None else None
        tail = self.stderr_tail()
        self._kill()
        if code is not None:
            message += f" (exit code {code})"
        if tail:
            message += "\n    stderr: " + tail.replace("\n", "\n    stderr: ")
        return SubjectError(message)

    def close(self) -> None:
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            with contextlib.suppress(SubjectError):
                self._exchange({"cmd": "stop"}, timeout=min(self.timeout, 2.0))
            if proc.stdin is not None:
                with contextlib.suppress(OSError, ValueError):
                    proc.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=min(self.timeout, 2.0))
        self._kill()

    def after_error(self) -> None:
        """A program that misbehaved has been ended already (and starts again on the next
        request); one that answered with an error stays: ``start`` resets it."""
        if self._proc is not None and self._proc.poll() is not None:
            self._kill()

    # -- one request ----------------------------------------------------------------------
    def request(self, cmd: str, **fields: Any) -> Json:
        """Send one request and return its response (``ok`` may be false)."""
        return self._exchange({"cmd": cmd, **fields}, timeout=self.timeout)

    def _exchange(self, body: Json, timeout: float) -> Json:
        self.launch()
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        self._seq += 1
        seq = self._seq
        cmd = body["cmd"]
        request = {"seq": seq, **body}
        if self._fresh:
            timeout += self.startup  # the program may still be starting up
        self.requests += 1
        try:
            proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            raise self._fail(f"the program exited before the {cmd} request") from None
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise queue.Empty
                line = self._lines.get(timeout=left)
            except queue.Empty:
                raise self._fail(f"no answer to the {cmd} request within {timeout:g} s") from None
            if line is None:
                raise self._fail(f"the program exited without answering the {cmd} request")
            if line.strip():
                break
        try:
            response = json.loads(line)
        except ValueError:
            raise self._fail(
                f"the answer to the {cmd} request is not JSON: {line.strip()[:200]!r}"
            ) from None
        if not isinstance(response, dict):
            raise self._fail(
                f"the answer to the {cmd} request is not a JSON object: {line[:200]!r}"
            )
        if response.get("seq") != seq:
            raise self._fail(
                f"the answer to the {cmd} request has seq {response.get('seq')!r}, expected {seq}"
            )
        if not isinstance(response.get("ok"), bool):
            raise self._fail(f"the answer to the {cmd} request has no boolean 'ok'")
        self._fresh = False
        self._failed_starts = 0
        return response

    def _ok(self, cmd: str, **fields: Any) -> Json:
        response = self.request(cmd, **fields)
        if not response["ok"]:
            if response.get("unsupported") is True and cmd in OPTIONAL:
                raise Unsupported(f"{cmd} is unsupported: {_error_text(response)}")
            raise SubjectError(f"{cmd}: {_error_text(response)}")
        return response

    def _field(self, response: Json, cmd: str, name: str, kind: type | tuple[type, ...]) -> Any:
        value = response.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self._fail(f"the answer to {cmd} lacks a valid {name!r}: {value!r}")
        return value

    # -- the Subject operations ---------------------------------------------------------
    def start(self, game: str, options: Json) -> None:
        self._game = game
        response = self.request("start", game=game, options=options, **start_fields(game, options))
        if not response["ok"]:
            if response.get("unsupported"):
                raise Unsupported(_error_text(response))
            raise SubjectError(f"start refused: {_error_text(response)}")
        declared = response.get("profiles", [RULES])
        if not isinstance(declared, list) or not all(isinstance(p, str) for p in declared):
            raise self._fail(
                f"the answer to start has 'profiles' that is not a list of strings: {declared!r}"
            )
        # A profile this runner does not know is left out: a later suite may add one.
        self.profiles = tuple(p for p in PROFILES if p in declared)

    def setup(self, state: Json) -> None:
        response = self.request("setup", state=state)
        if not response["ok"]:
            if response.get("unsupported") is True:
                raise Unsupported(f"setup is unsupported: {_error_text(response)}")
            raise SetupRefused(f"setup refused: {_error_text(response)}")

    def act(self, action: str) -> Refusal | None:
        response = self.request("act", action=action)
        if response["ok"]:
            return None
        violation = response.get("violation")
        if isinstance(violation, str) and violation:
            message = response.get("message")
            return Refusal(violation, message if isinstance(message, str) else "")
        raise SubjectError(f"act {action!r}: {_error_text(response)}")

    def legal(self) -> list[str]:
        response = self._ok("legal")
        actions = self._field(response, "legal", "actions", list)
        if not all(isinstance(a, str) for a in actions):
            raise self._fail("the answer to legal has actions that are not strings")
        return list(actions)

    def state(self) -> StateView:
        response = self._ok("state")
        doc = self._field(response, "state", "state", dict)
        terminal = self._field(response, "state", "terminal", bool)
        returns = self._field(response, "state", "returns", list)
        if not all(isinstance(r, int | float) and not isinstance(r, bool) for r in returns):
            raise self._fail(f"the answer to state has returns that are not numbers: {returns!r}")
        player = self._field(response, "state", "current_player", int)
        score = response.get("score")
        if score is not None and (not isinstance(score, int) or isinstance(score, bool)):
            raise self._fail(
                f"the answer to state has a score that is not a whole number: {score!r}"
            )
        self._check_schema(doc, "state")
        return StateView(doc, terminal, [float(r) for r in returns], player, score)

    def observe(self, player: int) -> Json:
        response = self._ok("observe", player=player)
        observation: Json = self._field(response, "observe", "observation", dict)
        self._check_schema(observation, "observation")
        return observation

    def _check_schema(self, doc: Json, kind: str) -> None:
        """A whole state or observation must match its game's published schema
        (``conformance/schema/<kind>-<game>.schema.json``), not only the parts a scenario
        compares; a game without such a schema is not checked."""
        schema = validator(f"{kind}-{self._game}.schema.json") if self._game else None
        if schema is None:
            return
        problem = first_error(schema, doc)
        if problem is not None:
            path, message = problem
            raise SubjectError(
                f"the {kind} answered does not match {kind}-{self._game}.schema.json at "
                f"{format_path(path)}: {message}"
            )

    def perft(self, depth: int) -> tuple[list[int], dict[str, int]]:
        response = self._ok("perft", depth=depth)
        counts = self._field(response, "perft", "counts", list)
        divide = self._field(response, "perft", "divide", dict)
        if not all(isinstance(c, int) and not isinstance(c, bool) for c in counts):
            raise self._fail(
                f"the answer to perft has counts that are not whole numbers: {counts!r}"
            )
        if not all(isinstance(c, int) and not isinstance(c, bool) for c in divide.values()):
            raise self._fail("the answer to perft has divide counts that are not whole numbers")
        return list(counts), dict(divide)


    def chances(self) -> dict[str, str]:
        response = self.request("chances")
        if not response["ok"]:
            # Optional, and newer than the other requests: a program written before it answers
            # with an error for an unknown command, which is read as unsupported too.
            raise Unsupported(f"chances is unsupported: {_error_text(response)}")
        found = self._field(response, "chances", "chances", dict)
        bad = [a for a, p in found.items() if parse_fraction(p) is None]
        if bad:
            raise self._fail(
                f"the answer to chances has probabilities that are not fractions \"p/q\" "
                f"between 0 and 1: {bad[0]!r}: {found[bad[0]]!r}"
            )
        return dict(found)


def _error_text(response: Json) -> str:
    error = response.get("error")
    return str(error) if error else f"refused without a message: {json.dumps(response)[:200]}"


def add_adapter_arguments(parser: argparse.ArgumentParser, what: str) -> None:
    """``--adapter CMD`` and ``--timeout S``, shared by the commands that can drive another
    program over the protocol."""
    parser.add_argument(
        "--adapter", metavar="CMD", default=None,
        help=f'{what} with this program over the adapter protocol, e.g. "node my-engine.js"',
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help=f"seconds the program may take per request (default {DEFAULT_TIMEOUT:g})",
    )
