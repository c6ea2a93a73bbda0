"""Every value ``apply_action`` does not accept is refused without changing the position: an
integer that is no legal action raises IllegalAction naming a rule of the game's rulebook (the
game's notation rule for a number that is no action of the game at all), and a value of
another type raises TypeError naming the types an action has.  Random games of every game,
trying numbers near the legal ones and far outside any action's range at every position."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import elevenes
from elevenes.core.api import State
from elevenes.core.errors import IllegalAction
from elevenes.rulebook.index import load_rulebook

# (game, options, rule prefix, notation rule)
GAMES = [
    ("elevenes-for-one", {}, "EFO.", "EFO.ACTIONS"),
    ("elevenes-for-one", {"challenge": True}, "EFO.", "EFO.ACTIONS"),
    ("elevenes", {"players": 2}, "ELV.", "ELV.ACTIONS"),
    ("elevenes", {"players": 4, "guests": True}, "ELV.", "ELV.ACTIONS"),
    ("bowling-solitaire", {}, "BWL.", "BWL.NOTATION.ACTIONS"),
    ("111", {"players": 2}, "G111.", "G111.NOTATION.ACTIONS"),
    ("111", {"players": 5}, "G111.", "G111.NOTATION.ACTIONS"),
]
FAR = 10**9  # beyond every game's action numbers (the largest are below 2 ** 22)
WRONG_TYPES: list[Any] = [None, 3.0, 0.5, True, False, [1], (1,), b"use", {"action": 1}]


def assert_refused(state: State, action: Any, rule_ids: frozenset[str], prefix: str,
                   notation: str) -> None:
    before = state.to_json()
    history = list(state.history)
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(action)
    rule = refused.value.rule_id
    assert rule.startswith(prefix) and rule in rule_ids, (action, rule)
    if abs(action) >= FAR or action < 0:
        assert rule == notation, (action, rule)
    assert state.to_json() == before, action
    assert state.history == history


@pytest.mark.parametrize(("game_id", "options", "prefix", "notation"), GAMES,
                         ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}"
                              for g, o, _, _ in GAMES])
@settings(max_examples=12)
@given(
    seed=st.integers(0, 2**32 - 1),
    probes=st.lists(
        st.one_of(
            st.integers(-3, 3).map(lambda d: ("near", d)),
            st.integers(-(2**24), 2**24).map(lambda n: ("any", n)),
            st.integers(FAR, 2**63).flatmap(
                lambda n: st.sampled_from([("far", n), ("far", -n)])),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_every_integer_not_legal_is_refused_and_changes_nothing(
    game_id: str, options: dict[str, Any], prefix: str, notation: str, seed: int,
    probes: list[tuple[str, int]],
) -> None:
    rule_ids = frozenset(load_rulebook().ids())
    game = elevenes.load_game(game_id, options=options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(80):
        legal = state.legal_actions()
        for kind, value in probes:
            action = rng.choice(legal) + value if kind == "near" and legal else value
            if action in legal:
                continue
            assert_refused(state, action, rule_ids, prefix, notation)
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else rng.choice(legal))


@pytest.mark.parametrize(("game_id", "options"), [(g, o) for g, o, _, _ in GAMES])
def test_a_value_of_another_type_is_a_type_error_and_changes_nothing(
    game_id: str, options: dict[str, Any]
) -> None:
    game = elevenes.load_game(game_id, options=options)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        legal = state.legal_actions()
        before = state.to_json()
        # the float and the bool equal to a legal action's number are refused too
        for value in [*WRONG_TYPES, float(legal[0]) if legal else 1.0, legal[0] == 1]:
            with pytest.raises(TypeError, match="an action is an int or an action string"):
                state.apply_action(value)
            assert state.to_json() == before
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else rng.choice(legal))


def test_an_integer_type_other_than_int_is_read_as_its_value() -> None:
    class Numbered:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    game = elevenes.load_game("bowling-solitaire")
    state = game.new_initial_state()
    first = state.legal_actions()[0]
    state.apply_action(Numbered(first))  # type: ignore[arg-type]
    assert state.history == [first]
    assert type(state.history[0]) is int
