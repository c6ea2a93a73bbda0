"""Elevenes' paired search races its moves: a move that cannot catch up with the greedy move
is no longer simulated, so a decision costs fewer simulations than its budget, and the race
stays seeded (the same seed, the same move)."""

from __future__ import annotations

import random

import attrs

from elevenes.bots.ismcts import Search, search_for
from elevenes.core.api import State
from elevenes.games import load_game


def decisions(count: int) -> list[State]:
    """Seeded 2-player Elevenes decisions of more than one move, reached by greedy play."""
    from elevenes.games.elevenes.bots import greedy_player

    found: list[State] = []
    rng = random.Random(7)
    state = load_game("elevenes", {"players": 2}).new_initial_state()
    while len(found) < count and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1 and len(state.history) % 3 == 0:
            found.append(state.clone())
        state.apply_action(greedy_player(state, rng))
    return found


def counted(search: Search) -> tuple[Search, list[int]]:
    """The search with its simulations counted (each ends in one ``evaluate``)."""
    calls = [0]
    judge = search.evaluate

    def evaluate(state: State) -> list[float]:
        calls[0] += 1
        return judge(state)

    return attrs.evolve(search, evaluate=evaluate), calls


def test_the_race_spends_fewer_simulations_than_the_budget() -> None:
    base = search_for("elevenes.games.elevenes", iterations=60)
    raced, raced_calls = counted(base)
    full, full_calls = counted(attrs.evolve(base, race=False))
    states = decisions(12)
    assert len(states) == 12
    for index, state in enumerate(states):
        raced(state, random.Random(index))
        full(state, random.Random(index))
    assert raced_calls[0] < 0.8 * full_calls[0]


def test_a_raced_decision_is_reproducible() -> None:
    search = search_for("elevenes.games.elevenes", iterations=60)
    for index, state in enumerate(decisions(6)):
        assert search(state, random.Random(index)) == search(state.clone(), random.Random(index))
