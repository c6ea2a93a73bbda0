"""Players for any game: random; game packages add their own heuristics."""

from __future__ import annotations

import random

from ..core.api import Action, State


def random_player(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]
