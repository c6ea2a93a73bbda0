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
from elevenes.games.elevenes_for_one.game import PROCEDURE_READINGS, EfoGame, EfoState
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


# the card-file readings whose words the native solver plays (put_on_trolley, from_discard,
# ahead): it must solve them, not refuse them
NATIVE_CARD_READINGS = {("reading.EFO.RULING.ELEVENSES", "b"),
                        ("reading.EFO.RULING.ELEVENSES", "d"),
                        ("reading.EFO.RULING.BISCUITS", "a"),
                        ("reading.EFO.RULING.CAKES-ELEVENSES", "a")}
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
    try:
        solver = NativeSolver(game, "rating", memo_entries=table_entries(2, 0.25), threads=1)
    except NativeUnavailable as refused:  # a card file with words it lacks
        assert "the native solver has no" in str(refused)
        assert (option, letter) not in NATIVE_CARD_READINGS, refused
        return
    try:
        leaf = pass_start_of(state)
        assert leaf is not None
        assert solver.solve(leaf) == plain_value(state, "rating", {})
    finally:
        solver.close()


# Pass starts where a reading of the procedure gives another value than the decided reading
# (found by searching small pass starts with the Python solver), so that a solver that ignored
# the reading would be seen: (option, letter, top card, minutes, discard pile, the discards
# made when the reading remembers them).  (8) Sandwiches is laid out in the first three, used
# while first or with a card behind it; the fourth fills the pile; the last has made its three
# discards, all of them taken back out of the pile.
TELLING = [
    ("reading.EFO.RULING.USE-FLIP-MOVED", "b", 4, 4, (6, 9, 11), None),
    ("reading.EFO.RULING.NEXT-CARD", "a", 4, 3, (7, 9, 11), None),
    ("reading.EFO.RULING.NEXT-CARD", "c", 4, 3, (7, 9, 11), None),
    ("reading.EFO.RULING.ELEVENSES", "c", 6, 2, (7, 8, 9), None),
    ("reading.EFO.RULING.DISCARD-LIMIT", "b", 7, 2, (), 3),
]
# the procedure readings that give the decided values of both objectives (docs/readings.md,
# "How much each reading matters"): no position tells them apart by value
SAME_VALUES = {("EFO.RULING.FRONT-FIRST", "a"), ("EFO.RULING.FRONT-LAST-MINUTE", "a"),
               ("EFO.RULING.TIME-AND-STUCK", "b")}


def pass_start(options: dict[str, object], top: int, minutes: int, pile: tuple[int, ...],
               discards: int | None) -> EfoState:
    """Step 1 of a pass with (1) to ``top`` on the trolley and ``pile`` discarded."""
    game = load_game("elevenes-for-one", {**options, "minutes": minutes})
    assert isinstance(game, EfoGame)
    doc = game.new_initial_state().to_json()
    doc.pop("remembered", None)
    doc["trolley"] = list(range(1, top + 1))
    doc["discard"] = list(pile)
    doc["deck"] = [c for c in range(top + 1, 12) if c not in pile]
    if discards is not None:
        doc["remembered"] = {"discards": discards}
    return game.state_from_json(doc)


def test_every_procedure_reading_that_can_change_a_value_has_a_telling_endgame() -> None:
    told = {(option.removeprefix("reading."), letter) for option, letter, *_ in TELLING}
    assert told | SAME_VALUES == set(PROCEDURE_READINGS)


@pytest.mark.parametrize(("option", "letter", "top", "minutes", "pile", "discards"), TELLING)
def test_the_solvers_agree_where_the_reading_changes_the_value(
        option: str, letter: str, top: int, minutes: int, pile: tuple[int, ...],
        discards: int | None) -> None:
    """The plain search, the Python solver and the native one (or its refusal) under a
    procedure reading, on a pass start whose value the reading changes."""
    decided = plain_value(pass_start({}, top, minutes, pile, None), "rating", {})
    state = pass_start({option: letter}, top, minutes, pile, discards)
    plain = plain_value(state, "rating", {})
    assert plain != decided
    assert solve(state, "rating").value == plain
    if not HAS_CC:
        return
    from elevenes.games.elevenes_for_one.native import (
        SOLVER_PROCEDURE,
        NativeSolver,
        NativeUnavailable,
        lower,
        pass_start_of,
        table_entries,
    )

    game = state.game
    assert isinstance(game, EfoGame)
    if (option.removeprefix("reading."), letter) not in SOLVER_PROCEDURE:
        with pytest.raises(NativeUnavailable):
            lower(game, solver=True)
        return
    solver = NativeSolver(game, "rating", memo_entries=table_entries(2, 0.25), threads=1)
    try:
        leaf = pass_start_of(state)
        assert leaf is not None
        assert solver.solve(leaf) == plain
    finally:
        solver.close()


# Pass starts for the card-file readings the native solver plays: (option, letter, top card,
# minutes, discard pile, whether the reading changes the value).  Under ELEVENSES (b), (9) put
# on the trolley by (11) costs no minute: with two minutes the game is won (decided: lost,
# rating 10 against 12).  ELEVENSES (d) changes no value of the printed cards (a Servants
# scored from the pile by (11) has nothing to return: with (9) on top the pile holds at most
# (10), and (11) reaches it last), so its pass starts only show the solvers agreeing.  Nor do
# BISCUITS (a) (at a pass start every face-up card lies ahead, and stays there: the ruling's
# note) and CAKES-ELEVENSES (a) (a Cakes scored from the pile flips the card after (11)'s
# place, which is (10), the next to score, or none: no pass start of the printed cards with 2
# to 5 minutes, (5) to (8) on the trolley and (9) on the pile changes value); their pass starts
# run their words (`ahead` in a swap's set, `flip_down ahead` after (11) scores (9)).
# tests/efo/test_native_places.py holds `ahead` where it changes values.
CARD_TELLING = [
    ("reading.EFO.RULING.ELEVENSES", "b", 8, 2, (9,), True),
    ("reading.EFO.RULING.ELEVENSES", "d", 9, 2, (10,), False),
    ("reading.EFO.RULING.BISCUITS", "a", 6, 2, (8, 9), False),
    ("reading.EFO.RULING.CAKES-ELEVENSES", "a", 8, 3, (9,), False),
]


@pytest.mark.skipif(not HAS_CC, reason="no C compiler: the native solver cannot be built")
@pytest.mark.parametrize(("option", "letter", "top", "minutes", "pile", "changes"),
                         CARD_TELLING)
@pytest.mark.parametrize("objective", ["win", "rating"])
def test_the_native_solver_plays_the_card_readings_it_has_the_words_for(
        option: str, letter: str, top: int, minutes: int, pile: tuple[int, ...],
        changes: bool, objective: str) -> None:
    """The plain search, the Python solver and the native one agree under a card-file
    reading, the native solver solving it itself (no refusal, no fall back)."""
    from elevenes.games.elevenes_for_one.native import NativeSolver, pass_start_of, table_entries

    assert {(o, x) for o, x, *_ in CARD_TELLING} == NATIVE_CARD_READINGS
    state = pass_start({option: letter}, top, minutes, pile, None)
    plain = plain_value(state, objective, {})
    if changes:
        decided = plain_value(pass_start({}, top, minutes, pile, None), objective, {})
        assert plain != decided
    assert solve(state, objective).value == plain
    game = state.game
    assert isinstance(game, EfoGame)
    solver = NativeSolver(game, objective, memo_entries=table_entries(2, 0.25), threads=1)
    try:
        leaf = pass_start_of(state)
        assert leaf is not None
        assert solver.solve(leaf) == plain
    finally:
        solver.close()


def test_the_native_solver_plays_every_playable_reading() -> None:
    """No playable reading of Elevenes for One is left to the Python search: the native
    solver lowers each (its card file or its procedure flag), so the whole game can be solved
    under it and hints under it read shipped values."""
    from elevenes.games.elevenes_for_one.native import NativeUnavailable, lower

    refused = {}
    for option, letter in READINGS:
        game = load_game("elevenes-for-one", {option: letter})
        assert isinstance(game, EfoGame)
        try:
            lower(game, solver=True)
        except NativeUnavailable as exc:
            refused[option, letter] = str(exc)
    assert refused == {}


# EFO.RULING.DISCARD-LIMIT (b): pass starts that differ only in the discards made so far in
# the game, (1) to (7) on the trolley and an empty pile: each count gives another value, so a
# pass start or a position of the table that dropped the count would be seen
@pytest.mark.skipif(not HAS_CC, reason="no C compiler: the native solver cannot be built")
@pytest.mark.parametrize("objective", ["win", "rating"])
def test_the_discards_made_are_part_of_the_native_pass_start(objective: str) -> None:
    from elevenes.games.elevenes_for_one.native import NativeSolver, pass_start_of, table_entries

    option = "reading.EFO.RULING.DISCARD-LIMIT"
    values = []
    for made in range(4):
        state = pass_start({option: "b"}, 7, 4, (), made)
        expected = solve(state, objective).value
        game = state.game
        assert isinstance(game, EfoGame)
        solver = NativeSolver(game, objective, memo_entries=table_entries(4, 0.25), threads=1)
        try:
            leaf = pass_start_of(state)
            assert leaf is not None
            assert solver.solve(leaf) == expected, made
        finally:
            solver.close()
        values.append(expected)
    assert len(set(values)) == 4
    # the plain search agrees where it is quick: one minute less
    state = pass_start({option: "b"}, 7, 3, (), 2)
    assert solve(state, objective).value == plain_value(state, objective, {})
