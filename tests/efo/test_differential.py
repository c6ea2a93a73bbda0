"""The engine against an independent hand-written simulator of the same rules
(benchmarks/efo_handwritten.py): the same seeded random choices must give the same game."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import elevenes
from elevenes.core.play import play

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import efo_handwritten  # noqa: E402


@pytest.mark.parametrize("seed", range(300))
def test_same_game_as_the_handwritten_simulator(seed: int) -> None:
    game = elevenes.load_game("elevenes-for-one")
    state, record = play(game, seed=seed)
    steps, result, top, minutes, log = efo_handwritten.playout(random.Random(seed))
    assert list(record.actions) == log
    assert (state.result, state.top(), state.minutes) == (result, top, minutes)
    assert len(state.history) == steps
