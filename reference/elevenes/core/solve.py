"""Exact expectimax over the engine API, for one-player games with chance.

The solver knows nothing of any game's cards: it walks ``legal_actions`` / ``apply_action``,
averages over ``chance_outcomes`` and keeps the best decision, with a transposition table keyed
on ``State.solver_key()``.  Values are exact fractions.

Two objectives: ``win`` (the first player's return: 1 for a win, 0 otherwise) and ``score``
(the game's own score of the final position, e.g. a rating).  Each is maximised on its own; the
policy that maximises one is in general not the one that maximises the other.

Cycles.  A decision may lead back to a position already being solved higher up (a move that
changes nothing that matters).  Going round such a loop forever never ends the game, and going
round it a finite number of times ends where leaving it at once ends, so a move back into a
position on the current path is simply not counted; a chance node with a single outcome (laying
out a one-card pantry) is no gamble and counts as a forced move here.  A value that relied on
such a cut is not stored, since it is only right while the position cut is on the path.  A loop
through a chance node with several outcomes (a free re-deal) cannot be cut that way: the solver
stops with an error rather than give a wrong value.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TextIO

from .api import Action, State
from .errors import ElevenesError
from .terminal import fit, terminal_columns

INFINITY = 1 << 62

Objective = Callable[[State], Fraction]


def win_value(state: State) -> Fraction:
    """1 for a won game, 0 otherwise: the first player's return, exactly."""
    return Fraction(state.returns()[0])


def score_value(state: State) -> Fraction:
    """The game's own score of a finished game (for Elevenes for One: the rating)."""
    return Fraction(state.score())


OBJECTIVES: dict[str, Objective] = {"win": win_value, "score": score_value}


FREE_REDEAL = ("a loop through a chance node: a line of play can deal again at no cost, which "
               "this solver cannot value exactly")


class SolverError(ElevenesError):
    """A position the solver cannot value exactly (too large, or a loop through chance)."""


def exact_outcomes(state: State) -> list[tuple[Action, Fraction]]:
    """The chance outcomes with exact probabilities: 1/n each when the engine gives them all
    alike (as every shuffle does), else each float's exact binary value, which must sum to 1."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise SolverError("a chance node without outcomes")
    first = outcomes[0][1]
    if all(p == first for _, p in outcomes):
        share = Fraction(1, len(outcomes))
        return [(a, share) for a, _ in outcomes]
    exact = [(a, Fraction(p)) for a, p in outcomes]
    if sum(p for _, p in exact) != 1:
        raise SolverError("chance probabilities that are not exact binary fractions summing to 1")
    return exact


class Progress:
    """A one-line counter of positions on stderr, redrawn at most a few times a second.
    ``log_every`` (seconds): for a stream that is not a terminal (a log file), a whole line
    at most that often instead, the first one that long after the start, so a long run
    written to a file shows how far it has got and a short one writes nothing."""

    def __init__(self, label: str, stream: TextIO | None = None, every: float = 0.25,
                 log_every: float | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.every = every if log_every is None else log_every
        self.logging = log_every is not None
        self.start = time.perf_counter()
        self.last = self.start if self.logging else 0.0
        self.shown = False
        self.width = 0

    def draw(self, text: str) -> None:
        """Redraw the line with ``text`` (after the label), unless it was drawn just now."""
        now = time.perf_counter()
        if now - self.last < self.every:
            return
        self.last = now
        line = f"{self.label}{text} {now - self.start:,.1f} s "
        if self.logging:
            self.stream.write(f"{line.rstrip()}\n")
            self.stream.flush()
            return
        columns = terminal_columns(self.stream)
        line = fit(line, columns)
        if columns is not None:  # never wider than the terminal, even after a resize
            self.width = min(self.width, columns - 1)
        self.width = max(self.width, len(line))
        self.stream.write("\r" + line.ljust(self.width))  # over a longer line drawn before
        self.stream.flush()
        self.shown = True

    def update(self, solver: Solver) -> None:
        self.draw(f": {solver.visited:,} positions explored, {len(solver.table):,} stored,")

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


class Solver:
    """The optimal value of positions of one game under one objective, with its table.

    ``max_positions`` bounds the work: beyond it the solve stops with a SolverError that says
    so (an exact answer or none).

    ``bound``, if given, is a value no line of play from a position can beat (for a win: 1).
    A decision stops trying moves once one reaches it, and skips a move whose position's bound
    is no better than the best move found: neither changes the value, which stays exact.

    ``known``, if given, returns the exact value of some positions (or None): another solver's
    answer, used as it is (Elevenes for One's native solver values the start of every pass).
    """

    def __init__(
        self,
        objective: str = "win",
        max_positions: int | None = None,
        progress: Progress | None = None,
        bound: Callable[[State], Fraction] | None = None,
        known: Callable[[State], Fraction | None] | None = None,
    ) -> None:
        if objective not in OBJECTIVES:
            raise SolverError(
                f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}"
            )
        self.objective = objective
        self.terminal_value = OBJECTIVES[objective]
        self.max_positions = max_positions
        self.progress = progress
        self.bound = bound
        self.known = known
        self.table: dict[Hashable, Fraction] = {}
        self.visited = 0  # positions expanded (terminal ones included)
        self._path: dict[Hashable, int] = {}  # position on the current path -> its depth
        self._chance_depths: list[int] = []  # depths of the chance nodes on the current path

    # -- public -----------------------------------------------------------------------------
    def value(self, state: State) -> Fraction:
        """The optimal value of ``state`` (the expected objective under best play)."""
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20_000))
        try:
            value, _ = self._value(state, 0)
        finally:
            sys.setrecursionlimit(limit)
        if value is None:
            raise SolverError("every line of play from this position loops without ending")
        return value

    def action_values(self, state: State) -> list[tuple[Action, Fraction]]:
        """Each legal decision of ``state`` with the optimal value after it."""
        if state.is_terminal() or state.is_chance_node():
            return []
        return [(action, self.value(state.child(action))) for action in state.legal_actions()]

    def best_actions(self, state: State) -> tuple[Fraction, list[Action]]:
        """The optimal value and every decision that reaches it."""
        values = self.action_values(state)
        if not values:
            return self.value(state), []
        best = max(v for _, v in values)
        return best, [a for a, v in values if v == best]

    # -- the search -------------------------------------------------------------------------
    def _value(
        self, state: State, depth: int, store: bool = True, key: Hashable | None = None
    ) -> tuple[Fraction | None, int]:
        """(value or None when every line loops back, shallowest depth of a cut relied on).

        ``store`` is False for the outcomes of a gamble: a position right after a chance draw
        is in general reached by that draw only (each layout of a shuffle once), so keeping it
        would fill the table for nothing.  Only speed depends on it, never a value."""
        self.visited += 1
        if self.progress is not None and self.visited & 1023 == 0:
            self.progress.update(self)
        if self.max_positions is not None and self.visited > self.max_positions:
            raise SolverError(
                f"more than {self.max_positions:,} positions: too large to solve exactly here"
            )
        if state.is_terminal():
            return self.terminal_value(state), INFINITY
        if self.known is not None:
            given = self.known(state)
            if given is not None:
                return given, INFINITY
        if key is None:
            key = state.solver_key()
        known = self.table.get(key)
        if known is not None:
            return known, INFINITY
        self._path[key] = depth
        chance = state.is_chance_node()
        low = INFINITY
        best: Fraction | None = None
        try:
            if chance:
                outcomes = exact_outcomes(state)
                if len(outcomes) == 1:  # no gamble: the outcome is as good as a forced move
                    best, low = self._child(state, outcomes[0][0], depth)
                else:
                    self._chance_depths.append(depth)
                    uniform = all(p == outcomes[0][1] for _, p in outcomes)
                    total = Fraction(0)
                    for action, probability in outcomes:
                        value, cut = self._child(state, action, depth, store=False)
                        if value is None:
                            raise SolverError(FREE_REDEAL)
                        low = min(low, cut)
                        total += value if uniform else probability * value
                    best = total / len(outcomes) if uniform else total
                    self._chance_depths.pop()
            else:
                ceiling = self.bound(state) if self.bound is not None else None
                for action in state.legal_actions():
                    value, cut = self._child(state, action, depth, floor=best)
                    low = min(low, cut)
                    if value is not None and (best is None or value > best):
                        best = value
                        if ceiling is not None and best >= ceiling:
                            break
        finally:
            del self._path[key]
        if best is not None and low >= depth:
            if store:
                self.table[key] = best
            low = INFINITY
        return best, low

    def _child(
        self, state: State, action: Action, depth: int, store: bool = True,
        floor: Fraction | None = None,
    ) -> tuple[Fraction | None, int]:
        """The value of the child after ``action``; None when it loops back to the path, or
        when its bound shows it cannot beat ``floor``, the best move found so far."""
        child = state.child(action)
        if child.is_terminal():
            return self._value(child, depth + 1, store)
        if floor is not None and self.bound is not None and self.bound(child) <= floor:
            return None, INFINITY
        key = child.solver_key()
        seen = self._path.get(key)
        if seen is not None:  # back to a position on the path: cut (see the docstring)
            if self._chance_depths and self._chance_depths[-1] >= seen:
                raise SolverError(FREE_REDEAL)
            return None, seen
        return self._value(child, depth + 1, store, key)
