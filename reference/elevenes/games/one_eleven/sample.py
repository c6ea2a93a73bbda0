"""111 positions as one player might believe them to be (for the search bot).

``sample_state(state, player, rng)`` returns a full position that looks exactly the same to
``player`` as ``state`` does: the other players' hands are dealt afresh, with their sizes kept,
from the cards she has not seen (those hands and the draw pile together: every card of the
decks but her hand, the bosses, the parties, the defeated bosses and the discards), sorted,
shuffled with ``rng``; what is left is the draw pile (kept as a multiset, G111.CHANCE.DRAW).
What the result holds in a hidden place depends on what she sees and on ``rng`` only.
"""

from __future__ import annotations

import random

from ...core.api import State
from .bots import greedy_player
from .cards import NUM_CARDS, WIN_COINS
from .state import OneElevenState


def sample_state(state: State, player: int, rng: random.Random) -> OneElevenState:
    """A position equal to ``state`` in all ``player`` sees, hidden cards dealt afresh."""
    assert isinstance(state, OneElevenState)
    det = state.clone()
    others = [p for p in range(state.n) if p != player]
    # the unseen cards: no secret which ones they are, only where each lies
    unseen = list(state.pile)
    for p in others:
        for card in state.hands[p]:
            unseen[card] += 1
    pool = [card for card in range(NUM_CARDS) for _ in range(unseen[card])]
    rng.shuffle(pool)
    for p in others:
        size = len(state.hands[p])
        det.hands[p] = sorted(pool[:size])
        del pool[:size]
    pile = [0] * NUM_CARDS
    for card in pool:
        pile[card] += 1
    det.pile = pile
    return det


def evaluate(state: State) -> list[float]:
    """A position's worth to each player when a simulation stops before the game's end: her
    coins over the coins that win (G111.WIN.COINS), at most 1, shared out as a winning chance
    (equal shares when nobody has any)."""
    assert isinstance(state, OneElevenState)
    if state.is_terminal():
        return state.returns()
    progress = [min(c, WIN_COINS) / WIN_COINS for c in state.coins]
    total = sum(progress)
    if total == 0:
        return [1.0 / state.n] * state.n
    return [v / total for v in progress]


def horizon(root: State, state: State) -> bool:
    """A simulation stops when every player has had two more turns (G111.TURN.ORDER)."""
    assert isinstance(root, OneElevenState) and isinstance(state, OneElevenState)
    return state.turn >= root.turn + 2 * root.n


ROLLOUT = greedy_player
"""Simulations are played by the greedy bot."""

__all__ = ["ROLLOUT", "evaluate", "horizon", "sample_state"]
