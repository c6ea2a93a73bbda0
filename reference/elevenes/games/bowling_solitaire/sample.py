"""Bowling Solitaire positions as the player might believe them to be (for the search bot).

``sample_state(state, player, rng)`` returns a full position that looks exactly the same to
the player as ``state`` does: the cards under the face-up top card of each ball pile
(BWL.SETUP.PILES) are dealt afresh from the cards she has not seen (all twenty but the
standing pins, the top cards and the cards out of play: ``cards_left`` less the tops), sorted
and shuffled with ``rng``, each pile keeping its size.  What lies under a pile in the result
depends on what she sees and on ``rng`` only.
"""

from __future__ import annotations

import random

from ...core.api import State
from .bots import greedy_player
from .scoring import FRAMES
from .state import OVER, PLAY, BowlingState

STRIKE_WORTH = 9.0  # a strike's bonus (the next two balls), as a guess when it is not known
SPARE_WORTH = 5.0  # a spare's bonus (the next ball)


def sample_state(state: State, player: int, rng: random.Random) -> BowlingState:
    """A position equal to ``state`` in all the player sees, the piles' hidden cards dealt
    afresh."""
    assert isinstance(state, BowlingState)
    det = state.clone()
    if state.phase != PLAY:
        return det
    unseen = state.cards_left()
    for pile in state.piles:
        if pile:
            unseen[pile[-1]] -= 1
    pool = [value for value in range(10) for _ in range(unseen[value])]
    rng.shuffle(pool)
    for index, pile in enumerate(state.piles):
        if pile:
            below = len(pile) - 1
            det.piles[index] = [*pool[:below], pile[-1]]
            del pool[:below]
    return det


def horizon(root: State, state: State) -> bool:
    """A simulation stops when the frame it started in is over."""
    assert isinstance(root, BowlingState) and isinstance(state, BowlingState)
    return state.frame != root.frame


def evaluate(state: State) -> list[float]:
    """The worth of the frame just ended, over 30: its pins, plus a guess at a strike's or a
    spare's bonus (BWL.SCORE.STRIKE-BONUS, BWL.SCORE.SPARE-BONUS) outside the tenth frame."""
    assert isinstance(state, BowlingState)
    ended = state.pad[-1] if state.phase == OVER else state.pad[-2]
    frame = state.frame if state.phase == OVER else state.frame - 1
    worth = float(sum(ended))
    if frame < FRAMES and ended and ended[0] == 10:
        worth += STRIKE_WORTH
    elif frame < FRAMES and len(ended) == 2 and sum(ended) == 10:
        worth += SPARE_WORTH
    return [worth / 30.0]


ROLLOUT = greedy_player
"""Simulations are played by the greedy bot."""

__all__ = ["ROLLOUT", "evaluate", "horizon", "sample_state"]
