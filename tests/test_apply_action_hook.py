"""One way to apply a move: every game's state uses ``State.apply_action`` (core/api.py),
whose only refusal is ``refusal`` (the rule by id); a game speeds it up with ``is_legal``, which
must agree with ``legal_actions`` everywhere."""

from __future__ import annotations

import random

import pytest

from elevenes.core.api import State
from elevenes.core.errors import IllegalAction
from elevenes.games import game_ids, load_game


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_applies_moves_through_the_base_class(game_id: str) -> None:
    state = load_game(game_id).new_initial_state()
    assert type(state).apply_action is State.apply_action


@pytest.mark.parametrize("game_id", game_ids())
def test_is_legal_agrees_with_the_legal_actions_and_refusals_change_nothing(
        game_id: str) -> None:
    rng = random.Random(f"is-legal {game_id}")
    for _ in range(6):
        state = load_game(game_id).new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < 400:
            legal = state.legal_actions()
            top = max(legal)
            for action in {*legal, -1, 0, top + 1, *(rng.randrange(-3, top + 60)
                                                     for _ in range(12))}:
                assert state.is_legal(action) == (action in legal), (game_id, action)
            illegal = next((a for a in range(top + 2) if a not in legal), None)
            if illegal is not None and rng.random() < 0.2:
                before = (state.to_json(), list(state.history))
                with pytest.raises(IllegalAction) as refused:
                    state.apply_action(illegal)
                assert refused.value.rule_id
                assert (state.to_json(), list(state.history)) == before
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(legal))
            steps += 1
