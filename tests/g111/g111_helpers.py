"""Shared helpers of the 111 tests: invariants every position must keep."""

from __future__ import annotations

import random

from elevenes.core.play import sample_chance
from elevenes.games.one_eleven import OneElevenState
from elevenes.games.one_eleven.cards import NUM_CARDS


def card_counts(state: OneElevenState) -> list[int]:
    """Copies of each card across draw pile, hands, parties, bosses, defeated and discards."""
    counts = [state.pile[c] + state.discards[c] for c in range(NUM_CARDS)]
    for hand in state.hands:
        for c in hand:
            counts[c] += 1
    for party in state.parties:
        if party is not None:
            for c in party.cards():
                counts[c] += 1
    for slot in state.slots:
        for boss in slot:
            counts[boss[0]] += 1
    for c in state.defeated:
        counts[c] += 1
    return counts


def check_invariants(state: OneElevenState) -> None:
    """Cards conserved, coins conserved with the bank's record, nothing negative."""
    assert card_counts(state) == [state.decks] * NUM_CARDS
    assert state.pile_size == sum(state.pile)
    held = sum(state.coins) + sum(boss[3] for slot in state.slots for boss in slot)
    assert held == state.issued - state.taken
    assert min(state.coins) >= 0
    for slot in state.slots:
        for boss in slot:
            assert boss[1] >= 0 and boss[2] > 0 and boss[3] >= 0
    for party in state.parties:
        if party is not None:
            assert min(party.attack, party.shield, party.health, party.money) >= 0


def random_step(state: OneElevenState, rng: random.Random) -> int:
    """One random action: a sampled chance outcome or a uniformly random legal decision."""
    if state.is_chance_node():
        return sample_chance(state, rng)
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]
