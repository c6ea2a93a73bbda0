"""Players for Elevenes for One: ``random``, ``greedy`` (a one-move look-ahead), and
``solver`` / ``solver-rating`` (exact best play, solver.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...bots import random_player
from ...core.api import Action, State
from .game import DEAL, EFFECT, OVER, EfoState
from .solver import solver_bots


def evaluate(state: EfoState) -> float:
    """How promising a position is: cards scored first, then minutes, then readiness."""
    if state.phase == OVER:
        return 1000.0 if state.result == "won" else 10.0 * state.top() + 2.0 * state.minutes
    top, wanted = state.top(), state.top() + 1
    value = 10.0 * top + 2.0 * state.minutes
    if wanted in state.pantry:
        index = state.pantry.index(wanted)
        if wanted not in state.down:
            value += 4.0 if index >= state.cursor else 2.0
    elif wanted in state.discard:
        value -= 3.0  # only Servants or Elevenses can bring it back
    # cards far from being needed are better out of the way: face down or discarded
    for card in state.pantry:
        if card not in state.down and card > wanted + 2:
            value -= 0.3
    return value


def _best_value(state: EfoState, depth: int) -> float:
    if depth == 0 or state.phase in (OVER, DEAL) or state.is_chance_node():
        return evaluate(state)
    if state.phase != EFFECT:
        return evaluate(state)
    best = -1e9
    for action in state.legal_actions():
        child = state.clone()
        child._apply(action)
        best = max(best, _best_value(child, depth - 1))
    return best


def greedy_player(state: State, rng: random.Random) -> Action:
    """Try each legal action, resolve the effect choices it leads to greedily, keep the best;
    ties are broken at random (seeded)."""
    assert isinstance(state, EfoState)
    scored: list[tuple[float, float, Action]] = []
    for action in state.legal_actions():
        child = state.clone()
        child._apply(action)
        scored.append((_best_value(child, 3), rng.random(), action))
    return max(scored)[2]


Player = Callable[[State, random.Random], Action]

# the bots that play any game quickly (the ones an analysis runs by default)
BOTS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}
# every bot `elevenes play --bot` offers: the solver's only play small positions in good time
ALL_BOTS: dict[str, Player] = {**BOTS, **solver_bots()}
