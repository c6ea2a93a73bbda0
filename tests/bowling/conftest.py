"""Shared fixtures of the Bowling Solitaire tests."""

from __future__ import annotations

from typing import Any

import pytest

from elevenes.games.bowling_solitaire import BowlingGame, make_game

X1_PINS = [6, 7, 8, 9, 3, 4, 5, 0, 1, 2]
X1_PILES = [[3, 2, 1, 9, 0], [4, 5, 6], [7, 8]]
SAMPLE_PINS = [2, 7, 1, 7, 2, 9, 5, 1, 8, 6]
SAMPLE_PILES = [[0, 5, 8, 3, 6], [0, 3, 9], [4, 4]]


def rack_doc(
    pins: list[int], piles: list[list[int]], pad: list[list[int]] | None = None
) -> dict[str, Any]:
    """A freshly dealt rack (first ball) as a canonical state document."""
    pad = pad if pad is not None else [[]]
    return {
        "game": "bowling-solitaire",
        "phase": "play",
        "frame": len(pad),
        "rack": 0,
        "ball": 1,
        "pins": dict(zip("ABCDEFGHIJ", pins, strict=True)),
        "piles": [list(p) for p in piles],
        "out": [],
        "pad": pad,
    }


@pytest.fixture(scope="session")
def game() -> BowlingGame:
    return make_game()
