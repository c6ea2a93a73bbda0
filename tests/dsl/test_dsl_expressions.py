"""Numbers read in play: `value count(...)` in Elevenes, `cost (EXPR)` in Elevenes for One,
with + - * min max; what the checker refuses, and that the solvers stay exact."""

from __future__ import annotations

from pathlib import Path

import pytest

import elevenes
from elevenes.dsl import ast
from elevenes.dsl.load import check_file
from elevenes.dsl.parser import parse_text
from elevenes.games.elevenes.state import ElvState
from elevenes.games.elevenes_for_one.card_facts import bounds
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.game import EfoGame, EfoState
from elevenes.games.elevenes_for_one.solver import make_solver

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SERVANTS = EXAMPLES / "crowded-servants.cards"
SUGAR = EXAMPLES / "patient-sugar.cards"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "variant.cards"
    path.write_text(text, encoding="utf-8")
    return path


def test_arithmetic_binds_as_usual() -> None:
    tree = parse_text('game elevenes\ncard 10 "S" value 1 + 2 * count(in spread(me)) - 3 { }\n')
    value = tree.cards[0].value_expr
    assert isinstance(value, ast.BinExpr) and value.op == "-"
    assert isinstance(value.left, ast.BinExpr) and value.left.op == "+"
    assert isinstance(value.left.right, ast.BinExpr) and value.left.right.op == "*"
    assert tree.cards[0].value is None


def test_a_plain_value_stays_a_number() -> None:
    tree = parse_text('game elevenes\ncard 10 "S" value 3 { }\n')
    assert tree.cards[0].value == 3 and tree.cards[0].value_expr is None


@pytest.mark.parametrize("path", [SERVANTS, SUGAR])
def test_the_worked_variants_check(path: Path) -> None:
    assert check_file(path)[1] == []


@pytest.mark.parametrize(("text", "found"), [
    ('game elevenes-for-one\ncard 4 "S" { on use { cost (minute + 1) } }\n',
     ("E115", 2, 29, "unknown value `minute`")),
    ('game elevenes-for-one\ncard 2 "T" { on use { flip_down (1) } }\n',
     ("E107", 2, 33, "`flip_down` wants a card here, not a number")),
    ('game elevenes-for-one\ncard 4 "S" value max(1, minutes) { }\n',
     ("E122", 2, 18, "elevenes-for-one never reads a card's value")),
    ('game elevenes\ncard 10 "S" value count(in spred(me)) { on play { end_round } }\n',
     ("E103", 2, 28, "unknown zone `spred`")),
])
def test_what_the_checker_refuses(tmp_path: Path, text: str,
                                  found: tuple[str, int, int, str]) -> None:
    [problem] = check_file(write(tmp_path, text))[1]
    assert (problem.code, problem.line, problem.column, problem.message) == found


def test_a_value_is_read_when_the_spread_is_valued() -> None:
    """ELV.SCORE.VALUE: Crowded Servants are worth the face-up cards beyond two."""
    game = elevenes.load_game("elevenes", {"players": 2}, cards=str(SERVANTS))
    state = game.new_initial_state()
    assert isinstance(state, ElvState)
    for position in range(2, 11):  # set a's card N is card N - 1
        state.spread[0][position] = position - 1
    values = state.game.values
    for face_up, worth in ((1, 0), (3, 1), (5, 3)):
        positions = [10, 2, 3, 4, 5][:face_up]
        state.up[0] = sum(1 << p for p in positions)
        others = sum(values[p] for p in positions if p != 10)
        assert state.value(0) == others + worth


def efo_after_use(path: Path, discarded: list[int]) -> int:
    """The minutes left after using Sugar, first card of the pantry, with ``discarded`` on
    the pile (each discard is free: EFO.DISCARD.LIMIT)."""
    state = elevenes.load_game("elevenes-for-one", {"minutes": 10},
                               cards=str(path)).new_initial_state()
    order = [*discarded, 4, *[c for c in range(2, 12) if c != 4 and c not in discarded]]
    for card in order:
        state.apply_action(f"deal {card}")
    state.apply_action("pass")
    for _ in discarded:
        state.apply_action("discard")
    state.apply_action("use")
    minutes: int = state.to_json()["minutes"]
    return minutes


@pytest.mark.parametrize(("discarded", "cost"), [([], 2), ([2], 1), ([2, 3], 0), ([2, 3, 6], 0)])
def test_a_cost_is_read_when_the_card_is_used(discarded: list[int], cost: int) -> None:
    assert efo_after_use(SUGAR, discarded) == 10 - cost


def test_bounds_of_a_number_read_in_play() -> None:
    tree = parse_text("game elevenes-for-one\ncard 4 \"S\" { on use { cost (max(0, 2 - "
                      "count(in discard)) * 2 - minutes) } }\n")
    [handler] = tree.cards[0].handlers
    [call] = handler.body
    assert isinstance(call, ast.Call) and call.args[0].expr is not None
    assert bounds(call.args[0].expr) == (-15, 4)


def sugar_endgame(minutes: int, reductions: bool = True) -> EfoState:
    game = elevenes.load_game("elevenes-for-one", {"minutes": minutes}, cards=str(SUGAR))
    assert isinstance(game, EfoGame)
    return endgame(game if reductions else game.without_reductions(), 3)


@pytest.mark.parametrize("objective", ["win", "rating"])
def test_the_solver_stays_exact_with_a_cost_read_in_play(objective: str) -> None:
    """The key and the bound derived for the variant change no value: the search without
    either agrees."""
    state = sugar_endgame(3)
    bounded = make_solver(objective).value(state)
    plain = make_solver(objective, bounded=False).value(sugar_endgame(3, reductions=False))
    assert bounded == plain
