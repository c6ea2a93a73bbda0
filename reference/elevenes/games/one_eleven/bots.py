"""Players for 111: ``random`` (any legal action) and ``greedy`` (a simple heuristic)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...bots import random_player
from ...core.api import Action, State
from ...core.errors import BadOption
from .cards import BUY, BUY_NOTHING, END_TURN, FIGHT_ON, KEEP, PARTY, party_decode
from .state import OneElevenState

Player = Callable[[State, random.Random], Action]


def _party_strength(action: Action) -> int:
    ranks, _ = party_decode(action - PARTY)
    return sum(r for r in ranks)


def greedy_player(state: State, rng: random.Random) -> Action:
    """Keep face cards (no optional bosses), form the strongest party, attack the weakest
    boss or a player, buy shield when it can, never surrender, always buy coins."""
    assert isinstance(state, OneElevenState)
    actions = state.legal_actions()
    if KEEP in actions:
        return KEEP
    if FIGHT_ON in actions:
        return FIGHT_ON
    if actions and PARTY <= actions[0] < 2 * PARTY:
        return max(actions, key=_party_strength)
    if END_TURN in actions and len(actions) > 1:
        return actions[0]
    if BUY_NOTHING in actions:
        return BUY + 1 if BUY + 1 in actions else BUY_NOTHING
    return actions[rng.randrange(len(actions))]


BOTS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}


def get_bot(name: str) -> Player:
    if name not in BOTS:
        raise BadOption(f"unknown bot {name!r} for 111; bots: {', '.join(sorted(BOTS))}")
    return BOTS[name]
