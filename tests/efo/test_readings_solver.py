"""Under every playable reading of Elevenes for One the exact solver agrees with a plain
search written here (expectimax over the API: chance averaged, decisions maximised, positions
remembered by their canonical document) on small endgames; where the native solver cannot
follow a reading it refuses it (NativeUnavailable), and where it can, it agrees too."""

from __future__ import annotations

import json
import os
import shlex
import shutil
from fractions import Fraction

import pytest

from elevenes.core.api import State
from elevenes.core.readings import choosable
from elevenes.games import load_game
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.game import EfoGame, EfoState
from elevenes.games.elevenes_for_one.solver import solve

READINGS = [(ruling.option, letter) for ruling in choosable("elevenes-for-one").values()
            for letter in ruling.playable]
# (top card on the trolley, minutes): (10) and (11) to lay out, a clock that runs out at once,
# soon, and one to spare (the plain search re-walks every loop of free passes: larger endgames
# take minutes)
ENDGAMES = [(9, 1), (9, 2), (9, 4)]


def plain_value(state: State, objective: str, memo: dict[str, Fraction]) -> Fraction:
    value, _ = _plain(state, objective, memo, set())
    assert value is not None
    return value


def _plain(state: State, objective: str, memo: dict[str, Fraction],
           path: set[str]) -> tuple[Fraction | None, bool]:
    """The value, and whether it relied on cutting a move back into a position on the path
    (EFO.RULING.ENDLESS: going round a loop that costs no minute ends where leaving it at
    once ends, so such a move adds nothing; a value that relied on it is not remembered).
    None: every move leads back into the path."""
    if state.is_terminal():
        assert isinstance(state, EfoState)
        if objective == "win":
            return Fraction(1 if state.result == "won" else 0), False
        return Fraction(state.score()), False
    key = json.dumps(state.to_json(), sort_keys=True)
    if key in memo:
        return memo[key], False
    path.add(key)
    values = []
    cut = False
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if not child.is_terminal() and json.dumps(child.to_json(), sort_keys=True) in path:
            assert not (state.is_chance_node() and len(state.legal_actions()) > 1)
            cut = True
            continue
        value, child_cut = _plain(child, objective, memo, path)
        cut = cut or child_cut
        if value is None:
            assert not (state.is_chance_node() and len(state.legal_actions()) > 1)
            continue
        values.append(value)
    path.discard(key)
    if not values:
        return None, True
    # chance: the outcomes are equally likely (EFO.PASS.SHUFFLE); a decision: the best
    chance = state.is_chance_node()
    result = sum(values, Fraction(0)) / len(values) if chance else max(values)
    if not cut:
        memo[key] = result
    return result, cut


@pytest.mark.parametrize(("option", "letter"), READINGS)
@pytest.mark.parametrize("objective", ["win", "rating"])
def test_the_solver_agrees_with_a_plain_search(option: str, letter: str, objective: str) -> None:
    game = load_game("elevenes-for-one", {option: letter})
    assert isinstance(game, EfoGame)
    for top, minutes in ENDGAMES:
        game = load_game("elevenes-for-one", {option: letter, "minutes": minutes})
        assert isinstance(game, EfoGame)
        state = endgame(game, top)
        plain = plain_value(state, objective, {})
        assert solve(state, objective).value == plain, (option, letter, top, minutes)


HAS_CC = shutil.which((shlex.split(os.environ.get("CC") or "cc") or ["cc"])[0]) is not None


@pytest.mark.skipif(not HAS_CC, reason="no C compiler: the native solver cannot be built")
@pytest.mark.parametrize(("option", "letter"), READINGS)
def test_the_native_solver_agrees_or_refuses(option: str, letter: str) -> None:
    from elevenes.games.elevenes_for_one.native import (
        SOLVER_PROCEDURE,
        NativeSolver,
        NativeUnavailable,
        lower,
        pass_start_of,
        table_entries,
    )

    game = load_game("elevenes-for-one", {option: letter, "minutes": 5})
    assert isinstance(game, EfoGame)
    if set(game.procedure_readings().items()) - set(SOLVER_PROCEDURE):
        with pytest.raises(NativeUnavailable):
            lower(game, solver=True)
        return
    state = endgame(game, 9)
    solver = NativeSolver(game, "rating", memo_entries=table_entries(2, 0.25), threads=1)
    try:
        leaf = pass_start_of(state)
        assert leaf is not None
        assert solver.solve(leaf) == plain_value(state, "rating", {})
    finally:
        solver.close()


@pytest.mark.skipif(not HAS_CC, reason="no C compiler: the native solver cannot be built")
def test_the_solvers_agree_where_a_used_sandwiches_escapes_the_turn() -> None:
    """The endgames above never lay out Sandwiches; here (8) to (11) are laid out, so a
    Sandwiches used while first moves itself, which USE-FLIP-MOVED (b) leaves face up: the
    Python solver and the native one agree with the plain search under it."""
    from elevenes.games.elevenes_for_one.native import NativeSolver, pass_start_of, table_entries

    game = load_game("elevenes-for-one", {"reading.EFO.RULING.USE-FLIP-MOVED": "b", "minutes": 2})
    assert isinstance(game, EfoGame)
    state = endgame(game, 7)
    plain = plain_value(state, "rating", {})
    assert solve(state, "rating").value == plain
    solver = NativeSolver(game, "rating", memo_entries=table_entries(2, 0.25), threads=1)
    try:
        leaf = pass_start_of(state)
        assert leaf is not None
        assert solver.solve(leaf) == plain
    finally:
        solver.close()
