"""Numbers below zero: `cost -1` gives a minute back (the clock stopping at 15), a verb whose
argument is a count refuses one, and the solvers stay exact for a variant that uses it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import elevenes
from elevenes.dsl import ast
from elevenes.dsl.check import Checker
from elevenes.dsl.load import check_file
from elevenes.dsl.parser import parse_text
from elevenes.dsl.vocab import Verb, Vocabulary
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.game import EfoGame, EfoState
from elevenes.games.elevenes_for_one.solver import make_solver

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "minute-back.cards"

HONEY = """\
game elevenes-for-one

card 4 "Honey" value 4 {
  on use { cost -2 }
}
"""


def test_a_negative_number_parses_at_its_minus_sign() -> None:
    tree = parse_text(HONEY, "honey.cards")
    [handler] = tree.cards[0].handlers
    [call] = handler.body
    assert isinstance(call, ast.Call)
    assert call.args == (ast.Arg("int", -2, None, ast.Pos(4, 17)),)


def test_cost_below_zero_checks() -> None:
    assert check_file(EXAMPLE)[1] == []


def test_a_count_refuses_a_number_below_zero() -> None:
    vocabulary = Vocabulary(
        game="toy", card_numbers=(1, 9), events={"play": ""}, zones={"row": False},
        filters={}, traits={}, refs={"self": ""}, tests={}, values={}, grants={},
        verbs={"gain": Verb("gain", ("int",))},
    )
    tree = parse_text('game toy\ncard 1 "X" {\n  on play { gain -1 }\n}\n', "toy.cards")
    [found] = Checker(tree, vocabulary).run()
    assert (found.code, found.line, found.column) == ("E107", 3, 18)
    assert found.message == "`gain` wants a number from 0 here"


def minutes_after_using_honey(tmp_path: Path, start: int) -> int:
    path = tmp_path / "honey.cards"
    path.write_text(HONEY, encoding="utf-8")
    state = elevenes.load_game("elevenes-for-one", {"minutes": start},
                               cards=str(path)).new_initial_state()
    for card in (4, 2, 3, 5, 6, 7, 8, 9, 10, 11):
        state.apply_action(f"deal {card}")
    state.apply_action("pass")
    state.apply_action("use")
    minutes: int = state.to_json()["minutes"]
    return minutes


def test_cost_below_zero_gives_minutes_back(tmp_path: Path) -> None:
    assert minutes_after_using_honey(tmp_path, 10) == 12


def test_the_clock_stops_at_fifteen(tmp_path: Path) -> None:
    assert minutes_after_using_honey(tmp_path, 14) == 15
    assert minutes_after_using_honey(tmp_path, 15) == 15


def lazy_cakes_endgame(minutes: int) -> EfoState:
    game = elevenes.load_game("elevenes-for-one", {"minutes": minutes}, cards=str(EXAMPLE))
    assert isinstance(game, EfoGame)
    return endgame(game, 8)


def test_the_solver_bound_allows_for_minutes_given_back() -> None:
    facts = lazy_cakes_endgame(3).game.card_facts()  # type: ignore[attr-defined]
    assert facts.minutes_back and facts.score_cost is None
    assert facts.ceiling("rating", 8, 2) == 11 + 15  # not 11 + 2: minutes may come back


@pytest.mark.parametrize("objective", ["win", "rating"])
def test_the_bounded_search_agrees_with_the_unbounded_one(objective: str) -> None:
    bounded = make_solver(objective).value(lazy_cakes_endgame(3))
    unbounded = make_solver(objective, bounded=False).value(lazy_cakes_endgame(3))
    assert bounded == unbounded


def test_the_figures_of_the_worked_variant() -> None:
    """docs/language.md, "Numbers below zero": the 3-minute endgame after (8)."""
    assert make_solver("win").value(lazy_cakes_endgame(3)) == 1
    assert make_solver("rating").value(lazy_cakes_endgame(3)) == Fraction(41, 3)
