"""Players for 111: ``random`` (any legal action) and ``greedy`` (a one-step heuristic).

The greedy player looks only at what its seat may see (its hand, the bosses, the parties on
the table and the coins).  Coins are the score, so it spends them only where they pay: it
sells diamonds whenever it can, keeps optional bosses in hand, forms the party with the most
attack, shield and health, attacks the boss it is likeliest to beat or else the richest other
player, defends with its strongest cards, buys nothing at the store or the discount,
and surrenders only when the next strike would surely beat it and its own cannot win.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from ...bots import random_player
from ...bots.ismcts import BotTable
from ...core.api import Action, State
from ...core.errors import BadOption
from .cards import (
    ATTACK_DEEP,
    ATTACK_PLAYER,
    BUY_NOTHING,
    DEFEND,
    DISCOUNT_NONE,
    END_TURN,
    FIGHT_ON,
    KEEP,
    PARTY,
    SURRENDER,
)
from .state import A_COINS, A_PARTY, A_TARGET, OneElevenState, Party

Player = Callable[[State, random.Random], Action]

PLAYER_GUESS = 18  # shield + health a defending party is guessed to have


@functools.lru_cache(maxsize=1 << 16)
def _strength(code: int) -> int:
    """Attack + shield + health of a party action (a function of the code alone: kept, the
    search asks it again and again)."""
    from .cards import party_decode

    ranks, bonus = party_decode(code)
    party = Party(ranks, bonus)
    return party.attack + party.shield + party.health


def _target_cost(state: OneElevenState, action: Action) -> float:
    """Strikes (roughly) needed against a target: its shield and health over our attack."""
    party = state.parties[state.who]
    attack = (party.attack if party is not None else 0) + 3.5
    if action < ATTACK_PLAYER or action >= ATTACK_DEEP:
        boss = state.boss_for(action)  # the boss the action fights (G111.RULING.WHICH-BOSS)
        danger = boss[4] / 10
        return (boss[1] + boss[2]) / attack * danger - boss[3] / 10
    return PLAYER_GUESS / attack * 1.2


def greedy_player(state: State, rng: random.Random) -> Action:
    assert isinstance(state, OneElevenState)
    actions = state.legal_actions()
    asking = state.asking
    if KEEP in actions:
        return KEEP
    if asking == A_COINS:
        return actions[0] if len(actions) > 1 else END_TURN
    if asking == A_PARTY:
        return max(actions, key=lambda a: _strength(a - PARTY))
    if asking == A_TARGET:
        # among equal targets the richest player, then chance (no seat is everyone's prey)
        ties = {a: rng.random() for a in actions}
        return min(actions, key=lambda a: (round(_target_cost(state, a), 6),
                                           -state.coins[a - ATTACK_PLAYER]
                                           if ATTACK_PLAYER <= a < ATTACK_DEEP else 0, ties[a]))
    if actions and actions[0] >= DEFEND:
        return max(actions, key=lambda a: _strength(a - DEFEND))
    if DISCOUNT_NONE in actions:
        return DISCOUNT_NONE
    if SURRENDER in actions and BUY_NOTHING in actions and _should_surrender(state):
        return SURRENDER  # at the store (G111.RULING.SURRENDER-WHEN (d))
    if BUY_NOTHING in actions:
        return BUY_NOTHING
    if SURRENDER in actions:
        return SURRENDER if _should_surrender(state) else FIGHT_ON
    return actions[rng.randrange(len(actions))]


def _should_surrender(state: OneElevenState) -> bool:
    """Surrender when the other side's next strike beats us for sure and ours cannot win."""
    me = state.parties[state.who]
    assert me is not None
    if state.target_boss >= 0:
        boss = state.slots[state.target_boss][state.target_at]
        their_attack, their_shield, their_health = boss[4], boss[1], boss[2]
    else:
        other = state.parties[state.active if state.who != state.active else state.target_player]
        assert other is not None
        their_attack, their_shield, their_health = other.attack, other.shield, other.health
    we_can_win = me.attack + 6 >= their_shield + their_health
    sure_defeat = their_attack + 1 >= me.shield + me.health
    return sure_defeat and not we_can_win


BOTS: dict[str, Player] = BotTable(
    {"random": random_player, "greedy": greedy_player}, "elevenes.games.one_eleven"
)
"""``ismcts`` (and ``ismcts:BUDGET``) is the search bot of ``elevenes.bots.ismcts``."""


def get_bot(name: str) -> Player:
    if name not in BOTS:
        raise BadOption(f"unknown bot {name!r} for 111; bots: {', '.join(sorted(BOTS))}")
    return BOTS[name]


__all__ = ["BOTS", "get_bot", "greedy_player"]
