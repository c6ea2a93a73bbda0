"""Exact hints: the value of every legal move of a position under best play afterwards, for
``elevenes hint`` and the ``hint`` command of ``elevenes play``.

The values come from the pass-start values of the native solver (shipped with elevenes for
the printed cards, else kept in the cache, else solved on demand) and the Python search of
the pass in progress (solver.py).  A variant whose pass starts are not valued yet may take
long, so the work runs in a child process that the caller bounds: ``max_positions`` (the
positions either engine explores; the native engine reports them every million or so) and
``time_limit`` (seconds).  Past either, the child is stopped and a SolverError says why.
Progress reaches the caller as lines of text while the child works.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from multiprocessing.connection import Connection
from typing import Any

from ...core.api import Action
from ...core.solve import Progress, Solver, SolverError
from ...core.workers import worker_initializer
from .game import EfoState
from .solver import OBJECTIVES, make_solver, native_passes

Values = dict[str, dict[Action, Fraction]]
"""objective -> legal action -> its exact value (a chance node: {-1: its value})."""

CHANCE_KEY = -1  # the key of a chance node's own value in Values


def over_limit(limit: int) -> str:
    return (f"more than {limit:,} positions: too large to value exactly here (raise "
            "--max-positions, or solve these cards once with `elevenes solve`: hint then reads "
            "their values)")


def too_long(seconds: float) -> str:
    return (f"no exact answer within {seconds:g} s (these cards' pass starts are not valued "
            "yet: `elevenes solve` values them once and keeps them for every hint)")


class _Reporter(Progress):
    """In the child: progress lines sent to the parent instead of drawn, and the limit on
    positions checked for both engines together (NativeSolver.max_positions would count the
    native engine's positions alone)."""

    def __init__(self, conn: Connection, label: str, limit: int | None) -> None:
        super().__init__(label, every=0.25)
        self.conn = conn
        self.limit = limit
        self.python: Solver | None = None  # the Python search, whose positions count too
        self.engine: Any = None  # the native solver, asked to stop past the limit

    def draw(self, text: str) -> None:
        now = time.perf_counter()
        if now - self.last < self.every:
            return
        self.last = now
        self.conn.send(("progress", f"{self.label}{text}"))

    def native(self, explored: int) -> None:
        """Called with the native engine's positions explored so far in this hint."""
        total = explored + (self.python.visited if self.python is not None else 0)
        if self.limit is not None and total > self.limit and self.engine is not None:
            # the native search unwinds and raises SolverError(over_limit), sent as an error
            self.engine.halt(over_limit(self.limit))


def _native_progress(reporter: _Reporter, start: int) -> Any:
    """A native.Progress that forwards the native engine's progress to ``reporter``."""
    from .native import Progress as NativeProgress

    class Forward(NativeProgress):
        def draw(self, text: str) -> None:
            reporter.draw(text)

        def layouts(self, done: int, total: int, passes: int, explored: int,
                    inner: tuple[int, int, int, int] | None = None,
                    partial: float = 0.0) -> None:
            reporter.native(explored - start)
            super().layouts(done, total, passes, explored, inner, partial)

    return Forward(reporter.label)


def compute(state: EfoState, objectives: Sequence[str], max_positions: int | None = None,
            engine: str = "auto", reporter: _Reporter | None = None) -> Values:
    """The values of ``state``'s moves under each objective, in this process."""
    result: Values = {}
    for objective in objectives:
        passes = native_passes(state, objective) if engine == "auto" else None
        if reporter is not None:
            reporter.label = f"valuing the moves ({OBJECTIVES[objective][1]})"
            if passes is not None:
                native = passes.solver()
                assert native is not None  # native_passes gives None without it
                native.progress = _native_progress(reporter, native.explored())
                reporter.engine = native
        solver = make_solver(objective, reporter, max_positions, passes=passes)
        if reporter is not None:
            reporter.python = solver
        if state.is_chance_node():
            result[objective] = {CHANCE_KEY: solver.value(state)}
        else:
            result[objective] = dict(solver.action_values(state))
    return result


def _child(conn: Connection, parent: int, state: EfoState, objectives: Sequence[str],
           max_positions: int | None, engine: str) -> None:
    worker_initializer(parent)  # ended with the process that asked, however it ends
    try:
        values = compute(state, objectives, max_positions, engine,
                         _Reporter(conn, "valuing the moves", max_positions))
        conn.send(("done", values))
    except SolverError as exc:
        conn.send(("error", str(exc)))
    except Exception as exc:  # reported by the parent as an internal error
        conn.send(("internal", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def move_values(state: EfoState, objectives: Sequence[str] = ("win",),
                max_positions: int | None = None, time_limit: float | None = None,
                engine: str = "auto", progress: Callable[[str], None] | None = None) -> Values:
    """The exact value of every legal move of ``state`` under each objective, within the
    limits (else SolverError).  ``progress`` receives a line of text now and then."""
    if state.is_terminal():
        return {objective: {} for objective in objectives}
    if "fork" not in multiprocessing.get_all_start_methods():  # the work cannot be bounded
        return compute(state, objectives, max_positions, engine)
    if engine == "auto":  # the native solver is compiled on first use: not within the limit
        from .native import NativeUnavailable, library_path

        try:
            if progress is not None:
                progress("preparing the native solver")
            library_path()
        except NativeUnavailable:
            pass  # the child says so, or values the moves in Python
    context = multiprocessing.get_context("fork")
    # one child per objective: they run side by side on a machine with two cores or more
    pending: dict[Connection, Any] = {}
    try:
        for objective in objectives:
            receive, send = context.Pipe(duplex=False)
            child = context.Process(target=_child, daemon=True, args=(
                send, os.getpid(), state, (objective,), max_positions, engine))
            child.start()
            send.close()
            pending[receive] = child
        return _gather(pending, objectives, time_limit, progress)
    finally:
        for receive, child in pending.items():
            if child.is_alive():
                child.kill()
            child.join()
            receive.close()


def _gather(pending: dict[Connection, Any], objectives: Sequence[str],
            time_limit: float | None, progress: Callable[[str], None] | None) -> Values:
    """The children's answers, their progress passed on, within the time limit."""
    found: Values = {}
    waiting = dict(pending)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while waiting:
        wait = 0.5 if deadline is None else max(0.0, min(0.5, deadline - time.perf_counter()))
        ready = multiprocessing.connection.wait(list(waiting), wait)
        for receive in ready:
            assert isinstance(receive, Connection)
            try:
                kind, payload = receive.recv()
            except EOFError:
                raise SolverError("the search stopped without an answer") from None
            if kind == "progress":
                if progress is not None:
                    progress(payload)
            elif kind == "done":
                found.update(payload)
                del waiting[receive]
            elif kind == "internal":
                raise RuntimeError(payload)
            else:
                raise SolverError(payload)
        if deadline is not None and time.perf_counter() >= deadline:
            raise SolverError(too_long(time_limit or 0))
        if not ready and any(not child.is_alive() and not receive.poll()
                             for receive, child in waiting.items()):
            raise SolverError("the search stopped without an answer")
    return {objective: found[objective] for objective in objectives}


def ranked(state: EfoState, values: dict[Action, Fraction]) -> list[tuple[str, Fraction]]:
    """The moves with their values, best first (ties in the order of the legal actions)."""
    order = {action: i for i, action in enumerate(state.legal_actions())}
    moves = sorted(values.items(), key=lambda item: (-item[1], order.get(item[0], 0)))
    return [(state.action_to_string(action), value) for action, value in moves]


def percent(value: Fraction) -> str:
    """A chance in percent to four places; never rounded to a certainty it is not."""
    text = f"{float(value) * 100:.4f}%"
    if text == "100.0000%" and value != 1:
        return ">99.9999%"
    if text == "0.0000%" and value != 0:
        return "<0.0001%"
    return text


def hint_text(state: EfoState, values: dict[Action, Fraction]) -> str:
    """What ``hint`` says at the prompt: the best move with its exact chance to win, then
    every move's, best first."""
    moves = ranked(state, values)
    if not moves:
        return "No move to hint: the game is over."
    best = moves[0][1]
    width = max(len(text) for text, _ in moves)
    lines = [f"Best move: {moves[0][0]}, chance to win {percent(best)} (exact, with best play "
             "after it). Every move:"]
    for text, value in moves:
        mark = "  <- best" if value == best else ""
        lines.append(f"  {text:<{width}}  {percent(value):>9}{mark}")
    return "\n".join(lines)


def shown(objective: str, value: Fraction) -> str:
    return percent(value) if objective == "win" else f"{float(value):.4f} points"


def explain(state: EfoState, action: Action,
            values: Sequence[tuple[Action, Fraction]] | None, objective: str | None) -> str:
    """Why a solver bot played ``action`` (watch mode): its exact value under the bot's
    objective and the best of the other moves'; empty without values."""
    if not values or objective not in OBJECTIVES:
        return ""
    table = dict(values)
    if action not in table:
        return ""
    label = OBJECTIVES[objective][1]
    text = f"{label} {shown(objective, table[action])} with best play"
    others = ranked(state, {a: v for a, v in table.items() if a != action})
    if not others:
        return text + " (the only move)"
    name, value = others[0]
    if value == table[action]:
        return text + f" (as good: {name})"
    return text + f"; next best: {name}, {shown(objective, value)}"
