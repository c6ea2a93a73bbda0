"""Thousands of random 2-4 player games: every one ends, and every state on the way keeps the
invariants (all cards conserved, one Elevenses per set with its owner, cubes conserved with
the bowl, full rows, non-empty kitchens)."""

from __future__ import annotations

import random

import pytest
from elv_helpers import CONFIGS, MAX_ACTIONS, check_invariants, game

from elevenes.games.elevenes.state import OVER

GAMES_PER_CONFIG = 260  # 8 configurations: 2080 games


@pytest.mark.parametrize(
    "options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items())
)
def test_random_games_end_and_keep_the_invariants(options: dict[str, object]) -> None:
    played = game(options)
    rounds = 0
    for seed in range(GAMES_PER_CONFIG):
        rng = random.Random(seed)
        state = played.new_initial_state()
        steps = 0
        round_now = state.round
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            state._apply(legal[rng.randrange(len(legal))])
            steps += 1
            assert steps < MAX_ACTIONS, f"seed {seed}: no end after {MAX_ACTIONS} actions"
            if state.round != round_now or steps % 37 == 0:
                check_invariants(state)
                round_now = state.round
        rounds += state.round
        check_invariants(state)
        assert state.phase == OVER and state.winners
        best = max(state.cubes)
        assert state.winners == [p for p in range(state.n) if state.cubes[p] == best]
        assert best >= state.game.options["target"] or state.bowl == 0
        assert state.returns() == [1.0 if p in state.winners else 0.0 for p in range(state.n)]
    assert rounds >= GAMES_PER_CONFIG
