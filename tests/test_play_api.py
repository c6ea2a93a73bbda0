"""The game-independent play API: play, replay, perft on any registered game."""

from __future__ import annotations

import pytest

import elevenes
from elevenes.core.play import divide, perft, play, replay

GAMES = [("elevenes-for-one", {}), ("bowling-solitaire", {}), ("elevenes", {"players": 3})]


@pytest.mark.parametrize("game_id, options", GAMES)
def test_play_from_a_given_position_records_its_own_actions(
    game_id: str, options: dict[str, object]
) -> None:
    game = elevenes.load_game(game_id, options=options)
    start, first = play(game, seed=5, max_actions=30)
    assert len(first.actions) == 30 and not first.terminal
    final, rest = play(game, seed=6, state=start.clone(), max_actions=200)
    assert len(rest.actions) == len(final.history) - 30
    again = replay(game, list(first.actions) + list(rest.actions))
    assert again.to_json() == final.to_json()


@pytest.mark.parametrize("game_id, options", GAMES)
def test_divide_adds_up_to_perft(game_id: str, options: dict[str, object]) -> None:
    game = elevenes.load_game(game_id, options=options)
    state, _ = play(game, seed=3, max_actions=12)
    assert sum(divide(state, 2).values()) == perft(state, 2)
    assert perft(state, 1) == len(state.legal_actions())
