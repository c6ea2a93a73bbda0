"""The exact solver against an independent hand-written solver of the same rules
(benchmarks/efo_solver_handwritten.py and its C file, written from the rulebook with no engine
code): both must give the same best chance to win and best expected rating, to 1e-9 relative,
on small endgames (3 to 6 cards to lay out, with clocks that run out and clocks to spare) and
on pass starts with cards in the discard pile (Servants' returns, Elevenses' scores from the
pile, the pass of Servants alone that comes back to itself).

The endgames checked here have (4) to (11) still in play. ``ELEVENES_HANDWRITTEN_CARDS=N``
checks the endgames up to N cards to lay out instead (8 brings in Sugar, 9 Milk, 10 Tea; an
endgame of 9 or 10 cards takes minutes)."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import elevenes
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.game import EfoGame, EfoState
from elevenes.games.elevenes_for_one.native import NativeSolver, pass_start_of, table_entries

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import efo_solver_handwritten  # noqa: E402

pytestmark = pytest.mark.skipif(
    shutil.which((shlex.split(os.environ.get("CC") or "cc") or ["cc"])[0]) is None,
    reason="no C compiler: neither native solver can be built")

MAX_CARDS = int(os.environ.get("ELEVENES_HANDWRITTEN_CARDS", "6"))
MEMORY_GIB = 0.25


def _need(top: int) -> int:
    """Minutes that scoring every card from top + 1 to (10) costs ((4) costs two)."""
    return max(0, 10 - top) + (top < 4)


def _endgames() -> list[tuple[int, int]]:
    """(cards to lay out, minutes): the clock running out, the least clock that can win, one
    and two minutes more, and the full clock."""
    cases = []
    for cards in range(3, MAX_CARDS + 1):
        need = _need(11 - cards)
        for minutes in sorted({2, need, need + 1, need + 2, 15}):
            if 1 <= minutes <= 15:
                cases.append((cards, minutes))
    return cases


# (top card, discard pile, minutes): every card above the top is in play (the pile's cards
# come back through Servants), so these are as small as endgames of 11 - top cards.
PILES = [
    (4, (6, 11), 7), (4, (6, 7, 9), 9), (4, (8, 9, 11), 7), (5, (6, 8), 5), (6, (7, 8, 9), 5),
    (7, (8, 9, 11), 3), (9, (11,), 3), (9, (11,), 15),
]


def _project_value(game: EfoGame, state: EfoState, objective: str, cards: int) -> Fraction:
    solver = NativeSolver(game, objective, memo_entries=table_entries(cards, MEMORY_GIB),
                          threads=1)
    try:
        leaf = pass_start_of(state)
        assert leaf is not None
        value: Fraction = solver.solve(leaf)
        return value
    finally:
        solver.close()


def _same(hand: float, exact: Fraction) -> bool:
    return abs(Fraction(hand) - exact) <= Fraction(1, 10**9) * max(Fraction(1), abs(exact))


@pytest.mark.parametrize("objective", ["win", "rating"])
@pytest.mark.parametrize(("cards", "minutes"), _endgames())
def test_endgame_values_agree(cards: int, minutes: int, objective: str) -> None:
    game = elevenes.load_game("elevenes-for-one", options={"minutes": minutes})
    assert isinstance(game, EfoGame)
    exact = _project_value(game, endgame(game, 11 - cards), objective, cards)
    hand = efo_solver_handwritten.solve(objective, 11 - cards, minutes, MEMORY_GIB)
    assert _same(hand.value, exact), (float(exact), hand.value)


@pytest.mark.parametrize("objective", ["win", "rating"])
@pytest.mark.parametrize(("top", "pile", "minutes"), PILES)
def test_values_with_a_discard_pile_agree(top: int, pile: tuple[int, ...], minutes: int,
                                          objective: str) -> None:
    game = elevenes.load_game("elevenes-for-one", options={"minutes": minutes})
    assert isinstance(game, EfoGame)
    start = game.new_initial_state().to_json()
    start["trolley"] = list(range(1, top + 1))
    start["discard"] = list(pile)
    start["deck"] = [card for card in range(top + 1, 12) if card not in pile]
    state = game.state_from_json(start)
    assert isinstance(state, EfoState)
    exact = _project_value(game, state, objective, 11 - top)
    hand = efo_solver_handwritten.solve(objective, top, minutes, MEMORY_GIB, pile)
    assert _same(hand.value, exact), (float(exact), hand.value)


@pytest.mark.parametrize("minutes", [5, 9, 15])
@pytest.mark.parametrize("cards", [3, 4, 5])
def test_the_rating_values_no_pass_start_the_independent_solver_does_not_need(
        cards: int, minutes: int) -> None:
    """A move is bounded after its card has cost its minute, so a pass start no line can need
    is never solved: on these endgames the native engine values exactly the pass starts the
    hand-written solver does (it used to value 169 against 43 with four cards at 15 minutes)."""
    game = elevenes.load_game("elevenes-for-one", options={"minutes": minutes})
    assert isinstance(game, EfoGame)
    solver = NativeSolver(game, "rating", memo_entries=table_entries(cards, MEMORY_GIB),
                          threads=1)
    try:
        leaf = pass_start_of(endgame(game, 11 - cards))
        assert leaf is not None
        solver.solve(leaf)
        native_pass_starts = solver.pass_starts()
    finally:
        solver.close()
    hand = efo_solver_handwritten.solve("rating", 11 - cards, minutes, MEMORY_GIB)
    assert native_pass_starts == hand.pass_starts


def test_the_whole_work_is_reported() -> None:
    """The seven-card endgame's best chance to win with one spare minute (the docs' solver
    page gives the fraction) and what the run did."""
    result = efo_solver_handwritten.solve("win", 4, 7, MEMORY_GIB)
    assert _same(result.value, Fraction(41177, 151200))
    assert result.positions > 0 and result.stored > 0 and result.pass_starts > 0
    assert result.visited >= result.positions  # every search follows a visit
    assert result.table_entries > 0 and result.seconds >= 0


def test_bad_arguments_are_refused_with_a_message() -> None:
    with pytest.raises(efo_solver_handwritten.SolverError, match="bad arguments"):
        efo_solver_handwritten.solve("win", 4, 7, MEMORY_GIB, (5,))  # (5) is never discarded
    with pytest.raises(efo_solver_handwritten.SolverError, match="objective"):
        efo_solver_handwritten.solve("points", 4, 7)
