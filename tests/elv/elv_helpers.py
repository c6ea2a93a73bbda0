"""Helpers shared by the Elevenes tests: random play and the invariants every state keeps."""

from __future__ import annotations

import random
from typing import Any

import elevenes
from elevenes.games.elevenes.notation import NUMBERS
from elevenes.games.elevenes.state import DEALING, GUESTS, OVER, ElvGame, ElvState

# Four players, the bowl down to one cube: whoever plays Elevenses next empties it.
SHORT_BOWL: dict[str, Any] = {
    "game": "elevenes", "round": 6, "phase": "turn", "server": 1, "turn": 0, "bowl": 1,
    "players": [
        {"cubes": 7, "kitchen": ["1a", "10a", "11a"],
         "spread": [None, "2a", "3a", "4a", "5a", "6a", "~7a", "~8a", "~9a", None]},
        {"cubes": 7, "kitchen": ["2b", "10b", "11b"],
         "spread": [None, "~1b", "~3b", "~4b", "~5b", "6b", "~7b", "8b", "~9b", None]},
        {"cubes": 7, "kitchen": ["9c", "11c"],
         "spread": ["1c", "~2c", "~3c", "~4c", "~5c", "6c", "~7c", "~8c", "~10c", None]},
        {"cubes": 8, "kitchen": ["6d", "7d", "11d"],
         "spread": [None, "~1d", "~2d", "~3d", "~4d", "~5d", "~8d", "~9d", "~10d", None]},
    ],
}

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "edition": "fr"},
    {"players": 3, "edition": "fr", "guests": True},
    {"players": 4, "guests": True},
    {"players": 4, "edition": "fr", "target": 11},
    {"players": 2, "guests": True, "outright": True},
]
MAX_ACTIONS = 100_000  # ELV.RULING.GAME-LENGTH: the rules set no bound; the tests do

_GAMES: dict[str, ElvGame] = {}


def game(options: dict[str, Any]) -> ElvGame:
    key = repr(sorted(options.items()))
    if key not in _GAMES:
        made = elevenes.load_game("elevenes", options)
        assert isinstance(made, ElvGame)
        _GAMES[key] = made
    return _GAMES[key]


def random_state(options: dict[str, Any], seed: int, steps: int) -> ElvState:
    """The state after ``steps`` uniformly random actions (or the end of the game)."""
    rng = random.Random(seed)
    state = game(options).new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return state


def check_invariants(state: ElvState) -> None:
    n = state.n
    places: list[int] = []
    for p in range(n):
        places.extend(c for c in state.spread[p] if c >= 0)
        places.extend(state.kitchen[p])
        if state.aside[p] >= 0:
            places.append(state.aside[p])
    if state.centre >= 0:
        places.append(state.centre)
    if state.phase == DEALING:
        places.extend(state.deck)
    # every card of every set exactly once
    assert sorted(places) == list(range(n * NUMBERS)), state.to_json()
    # cubes and the bowl
    assert state.bowl >= 0 and state.bowl + sum(state.cubes) == state.game.total_cubes
    if state.phase in (DEALING, GUESTS, OVER):
        return
    for p in range(n):
        # exactly one Elevenses per set, and it stays with its owner (ELV.KEEP.ELEVENSES)
        elevenses = p * NUMBERS + NUMBERS - 1
        held = state.kitchen[p] + [c for c in state.spread[p] if c >= 0]
        mine = [c for c in held if c % NUMBERS == NUMBERS - 1]
        assert mine == [elevenses] or (state.centre == elevenses and not mine), state.to_json()
        # a face-up card lies at its own position; rows are full; flanks never face down
        for pos in range(1, 11):
            card = state.spread[p][pos]
            if state.up[p] >> pos & 1:
                assert card % NUMBERS + 1 == pos
            elif 2 <= pos <= 9:
                assert card >= 0
            else:
                assert card < 0
        # ELV.RULING.EMPTY-KITCHEN
        assert state.kitchen[p] or state.aside[p] >= 0
