"""Elevenes for One solved exactly: the best chance to win and the best expected rating.

The search is core/solve.py's: expectimax over the engine's own moves and shuffles (every
``deal N``), so a variant card file is solved the same way as the printed cards.  This module
only names the two objectives in the game's words, builds positions and plays the solver as a
bot.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from ...core.api import Action, State
from ...core.errors import ElevenesError
from ...core.solve import Progress, Solver, SolverError
from .game import EfoGame, EfoState

if TYPE_CHECKING:
    from .native import PassValues

# objective name -> (the core objective, what it measures)
OBJECTIVES = {
    "win": ("win", "chance to win"),
    "rating": ("score", "expected rating"),
}


@attrs.frozen
class Solved:
    """One objective's optimal value from a position, with the work it took."""

    objective: str
    value: Fraction
    explored: int
    stored: int
    seconds: float
    passes: int = 0
    """pass starts valued (the native engine)"""
    table_bytes: int = 0
    """the size of the table of positions (the native engine)"""


def best_possible(objective: str) -> Callable[[State], Fraction]:
    """What no line of play from a position can beat, from its top card and minutes
    (card_facts.py, ``CardFacts.ceiling``): minutes never come back, and where the card
    programs allow it each card still to score costs at least the minutes its program sets
    ((11) none), so a win may be out of reach and the rating is bounded by what scoring on
    leaves.  Otherwise a win is worth 1 and the rating at most 11 plus the minutes left."""
    def bound(state: State) -> Fraction:
        assert isinstance(state, EfoState) and isinstance(state.game, EfoGame)
        facts = state.game.card_facts()  # a won game has (11) on top: its bound is exact
        return Fraction(facts.ceiling(objective, state.top(), state.minutes))

    return bound


def make_solver(objective: str, progress: Progress | None = None,
                max_positions: int | None = None, bounded: bool = True,
                passes: Callable[[State], Fraction | None] | None = None) -> Solver:
    """A solver for ``win`` or ``rating``; ``bounded=False`` turns off the stop at the best
    possible value (for checking that it changes no value).  ``passes`` values pass starts
    (native.PassValues: the native solver, on demand and cached), so the Python search only
    walks the pass in progress."""
    if objective not in OBJECTIVES:
        raise ElevenesError(
            f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}")
    return Solver(OBJECTIVES[objective][0], max_positions=max_positions, progress=progress,
                  bound=best_possible(objective) if bounded else None, known=passes)


def native_passes(state: State, objective: str, max_positions: int | None = None,
                  label: str | None = None) -> PassValues | None:
    """The native solver's pass-start values for ``state``'s game, or None without one
    (``max_positions`` and ``label``: see PassValues)."""
    from .native import PassValues

    assert isinstance(state.game, EfoGame)
    values = PassValues(state.game, objective, max_positions=max_positions, label=label)
    solver = values.solver()
    if solver is None:
        return None
    every = every_pass_file(state.game, objective)
    if every is not None:
        solver.load(every)
    return values


def every_pass_file(game: EfoGame, objective: str) -> Path | None:
    """The values shipped for the pass starts of the printed cards that the whole game's best
    play never reaches (so the native solver's values of the whole game lack them) but a move
    off that play may: with them a hint reads every pass start it meets.  None when the file
    is missing or of other cards (the native solver then values what is needed, once)."""
    from .native import CACHE_FORMAT, cards_digest

    path = Path(__file__).with_name(f"printed-every-pass-{objective}.json")
    if not game.printed_cards or not path.exists():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc["format"] != CACHE_FORMAT or doc["cards"] != cards_digest(game):
            return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return path


def solve(state: EfoState, objective: str, progress: Progress | None = None,
          max_positions: int | None = None) -> Solved:
    """The optimal value of ``state`` under ``objective`` (``win`` or ``rating``)."""
    solver = make_solver(objective, progress, max_positions)
    start = time.perf_counter()
    try:
        value = solver.value(state)
    finally:
        if progress is not None:
            progress.close()
    return Solved(objective, value, solver.visited, len(solver.table),
                  time.perf_counter() - start)


def fmt(objective: str, value: Fraction) -> str:
    """A value as an exact fraction and a decimal (a percentage for a chance)."""
    exact = str(value)
    if objective == "win":
        return f"{exact} ({float(value) * 100:.4f}%)"
    return f"{exact} ({float(value):.4f} points)"


NATIVE_MOVE_POSITIONS = 300_000_000
"""How many positions the native solver may search for one move of the solver bot (valuing
pass starts that neither the shipped values nor the cache hold): a few minutes at most."""


class SolverBot:
    """A player that always takes a best move under one objective.  One table per game, kept
    between moves and games: positions solved once are not solved again.  Each move may explore
    at most ``max_positions`` new positions in the pass under way (a few seconds per million)
    and ``native_positions`` in the native solver for the pass starts it meets that are not
    valued yet (shipped, or in the cache), with a progress line on a terminal; beyond either,
    the bot stops with a clear error rather than think for hours."""

    def __init__(self, objective: str, max_positions: int | None = 5_000_000,
                 native: bool = True,
                 native_positions: int | None = NATIVE_MOVE_POSITIONS) -> None:
        self.objective = objective
        self.max_positions = max_positions
        self.native = native
        self.native_positions = native_positions
        self.solvers: list[tuple[object, Solver]] = []
        self.last_values: list[tuple[Action, Fraction]] = []
        """Every move of the last position played with its exact value (for explaining)."""

    def solver_for(self, state: State) -> Solver:
        for game, solver in self.solvers:
            if game is state.game:
                return solver
        passes = (native_passes(state, self.objective, self.native_positions,
                                f"solver bot, valuing a pass start ({self.objective}): ")
                  if self.native else None)
        solver = make_solver(self.objective, max_positions=self.max_positions, passes=passes)
        self.solvers = [(state.game, solver)]  # one game at a time: the last one played
        return solver

    def __call__(self, state: State, rng: random.Random) -> Action:
        solver = self.solver_for(state)
        solver.visited = 0  # the bounds are per move
        start_count = getattr(solver.known, "start_count", None)  # native.PassValues
        if start_count is not None:
            start_count()
        try:
            self.last_values = solver.action_values(state)
        except SolverError as exc:
            if solver.known is not None and getattr(solver.known, "halted", False):
                raise SolverError(
                    f"the solver bot cannot play this position: {exc}; solve the game first "
                    "(`elevenes solve elevenes-for-one` with the same options and "
                    f"`--objective {self.objective}` keeps the values it finds in the cache), then "
                    "play again") from None
            raise SolverError(
                f"the solver bot cannot play this position: {exc} (without the native solver "
                "it plays positions with up to about eight cards in the pantry; see "
                "`elevenes solve --help`)") from None
        top = max(value for _, value in self.last_values)
        best = [action for action, value in self.last_values if value == top]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def solver_bots() -> dict[str, Callable[[State, random.Random], Action]]:
    """``solver`` (best chance to win) and ``solver-rating`` (best expected rating); ties
    between equally good moves are broken with the seeded generator."""
    return {"solver": SolverBot("win"), "solver-rating": SolverBot("rating")}
