"""The Bowling Solitaire bots play every playable reading: the greedy bot (and the search bot,
whose playouts are greedy) only ever makes a move the readings in force allow."""

from __future__ import annotations

import random

import pytest

from elevenes.core.play import sample_chance
from elevenes.core.readings import choosable, option_name
from elevenes.games import load_game
from elevenes.games.bowling_solitaire.bots import get_bot

READINGS = [(r.id, x) for r in choosable("bowling-solitaire").values() for x in r.playable
            if x != r.decided]


@pytest.mark.parametrize(("ruling", "letter"), READINGS)
def test_greedy_plays_whole_games_under_every_reading(ruling: str, letter: str) -> None:
    game = load_game("bowling-solitaire", {option_name(ruling): letter})
    greedy = get_bot("greedy")
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            action = sample_chance(state, rng) if state.is_chance_node() else greedy(state, rng)
            assert state.is_chance_node() or action in state.legal_actions()
            state.apply_action(action)
