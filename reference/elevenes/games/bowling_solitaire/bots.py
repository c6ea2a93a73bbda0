"""Players for Bowling Solitaire: ``random`` and ``greedy``.

The greedy player sees what a player at the table sees: the pins, the face-up top cards and
the cards out of play.  It never peeks under a pile.  Its policy, in order:

1. if the face-up top cards alone can clear every standing pin (a strike, or a spare in the
   second ball), start that run;
2. otherwise weigh each knock: pins taken, minus a heavy charge for each pin it leaves
   *hopeless* (no set of standing pins around it can match any card still to come), plus a
   small bonus for turning up a new card;
3. in a ball that a second ball follows and that has downed a pin, stop (``end ball``)
   rather than make a standing pin hopeless while none is: that keeps the spare alive, as
   in the rules' sample frame.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...bots import random_player
from ...bots.ismcts import BotTable
from ...core.api import Action, State
from ...core.errors import BadOption
from .layout import BACK_ROW, CENTRE, FULL, PIN_SETS, TOUCH
from .state import END_BALL, KNOCK_BASE, BowlingState, knock_action

Player = Callable[[State, random.Random], Action]


def _allowed(mask: int, standing: int) -> bool:
    """The first-card and touch rules (BWL.FIRST.BACK-ROW, BWL.FIRST.CENTRE,
    BWL.LATER.TOUCH) for a set of standing pins."""
    if standing == FULL:
        return not (mask & BACK_ROW or mask == CENTRE)
    return bool(mask & TOUCH[FULL ^ standing])


def clear_plan(state: BowlingState) -> list[Action]:
    """Knocks that clear every standing pin using only the face-up top cards (each pile at
    most once, as the card beneath is unknown); empty when there is none."""
    tops = state.tops()
    # the first knock is one the state allows under the readings in force (a reading of
    # BWL.RULING.FIRST-CARD or BWL.RULING.TOUCH-FRAME may refuse what _allowed accepts)
    legal = set(state.legal_actions())

    def search(standing: int, used: int) -> list[Action] | None:
        for pile, top in enumerate(tops):
            if top is None or used >> pile & 1:
                continue
            for mask in state.masks_for(top):
                if mask & standing != mask or not _allowed(mask, standing):
                    continue
                if not used and knock_action(pile, mask) not in legal:
                    continue
                rest = standing & ~mask
                if rest == 0:
                    return [knock_action(pile, mask)]
                more = search(rest, used | 1 << pile)
                if more is not None:
                    return [knock_action(pile, mask), *more]
        return None

    return search(state.standing, 0) or []


def hopeless(state: BowlingState, standing: int, left: list[int]) -> int:
    """How many standing pins no pin set can take with any card still to come."""
    hopeful = 0
    for mask in PIN_SETS:
        if mask & standing == mask and left[state.digit_of(mask)] > 0:
            hopeful |= mask
    return (standing & ~hopeful).bit_count()


def greedy_player(state: State, rng: random.Random) -> Action:
    """Prefers strikes and spares; see the module's notes."""
    del rng  # deterministic
    if not isinstance(state, BowlingState):
        raise BadOption("the greedy Bowling Solitaire player plays only Bowling Solitaire")
    knocks = state.legal_actions()[1:]
    if not knocks:
        return END_BALL
    plan = clear_plan(state)
    if plan:
        return plan[0]
    left = state.cards_left()
    now = hopeless(state, state.standing, left)
    best, best_value, best_hopeless = knocks[0], -1_000, 0
    for action in knocks:
        pile, mask = divmod(action - KNOCK_BASE, KNOCK_BASE)
        top = state.piles[pile][-1]
        left[top] -= 1
        rest = state.standing & ~mask
        lost = hopeless(state, rest, left)
        left[top] += 1
        value = 10 * mask.bit_count() - 25 * lost + (1 if len(state.piles[pile]) > 1 else 0)
        if value > best_value:
            best, best_value, best_hopeless = action, value, lost
    if state.second_ball_follows() and now == 0 and best_hopeless > 0 and state.ball_pins():
        return END_BALL
    return best


BOTS: dict[str, Player] = BotTable(
    {"random": random_player, "greedy": greedy_player}, "elevenes.games.bowling_solitaire"
)
"""``ismcts`` (and ``ismcts:BUDGET``) is the search bot of ``elevenes.bots.ismcts``."""


def get_bot(name: str) -> Player:
    if name not in BOTS:
        raise BadOption(f"unknown bot {name!r}; Bowling Solitaire has: {', '.join(BOTS)}")
    return BOTS[name]
