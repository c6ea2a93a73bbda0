"""Seeded random playouts of 111: every game ends within its bound, and every position keeps
the invariants (cards and coins conserved, nothing negative, legal actions sorted)."""

from __future__ import annotations

import random

import pytest

from elevenes.games import load_game
from elevenes.games.one_eleven import OneElevenState

from .g111_helpers import check_invariants, random_step

GAMES = 1000
#: Every turn has a bounded number of actions (a fight has at most a few dozen strikes,
#: G111.RULING.COUNTER-LOOP); this is a generous ceiling per turn, checked below.
ACTIONS_PER_TURN = 400


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_within_the_bound_and_keep_the_invariants(players: int) -> None:
    limit = 100
    game = load_game("111", {"players": players, "turn_limit": limit})
    ended_by: dict[str, int] = {}
    for seed in range(GAMES // 5):
        rng = random.Random(seed * 10 + players)
        state = game.new_initial_state()
        assert isinstance(state, OneElevenState)
        steps = 0
        checked = seed % 10 == 0  # full invariants at every step in one game of ten
        while not state.is_terminal():
            action = random_step(state, rng)
            state.apply_action(action)
            steps += 1
            if checked:
                check_invariants(state)
            assert steps <= ACTIONS_PER_TURN * (limit + 1), "a game overran its bound"
        check_invariants(state)
        assert state.turn <= limit
        assert state.winners and state.returns() == [
            1.0 if p in state.winners else 0.0 for p in range(players)
        ]
        if state.ended_by == "coins":
            assert max(state.coins) >= 111
        else:
            assert state.turn == limit
        assert all(state.coins[w] == max(state.coins) for w in state.winners)
        ended_by[state.ended_by] = ended_by.get(state.ended_by, 0) + 1
    assert sum(ended_by.values()) == GAMES // 5


def test_legal_actions_are_sorted_and_unique() -> None:
    game = load_game("111", {"players": 3, "turn_limit": 40})
    for seed in range(10):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions == sorted(set(actions))
            texts = state.legal_action_strings()
            assert [state.string_to_action(t) for t in texts] == actions
            if state.is_chance_node():
                total = sum(p for _, p in state.chance_outcomes())
                assert abs(total - 1.0) < 1e-9
                assert [a for a, _ in state.chance_outcomes()] == actions
            state.apply_action(random_step(state, rng))


def test_the_default_game_ends_by_coins_or_at_the_turn_limit() -> None:
    game = load_game("111", {"players": 2})
    assert game.options["turn_limit"] == 1000
    state, = [game.new_initial_state()]
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply_action(random_step(state, rng))
    assert state.ended_by in ("coins", "turn limit")


def test_the_fast_legality_test_agrees_with_the_legal_list() -> None:
    from elevenes.games.one_eleven.cards import BUY, DEFEND, PARTY, party_code

    game = load_game("111", {"players": 3, "turn_limit": 30})
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, OneElevenState)
        while not state.is_terminal():
            legal = set(state.legal_actions())
            probes = set(legal) | {BUY, BUY + 1, BUY + 2, BUY + 9}
            for _ in range(10):
                ranks = (rng.randrange(-1, 13), rng.randrange(-1, 13), rng.randrange(-1, 13),
                         rng.randrange(-1, 13))
                probes |= {PARTY + party_code(ranks, rng.randrange(16)),
                           DEFEND + party_code(ranks, rng.randrange(16))}
            for action in probes:
                assert state.is_legal(action) == (action in legal)
            state.apply_action(random_step(state, rng))
