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


def _mean_and_error(values: list[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, (variance / n) ** 0.5


@pytest.mark.parametrize("minutes", [15, 5])
def test_the_one_shuffle_simulator_plays_the_same_game(minutes: int) -> None:
    """benchmarks/efo_shuffled.py (the pantry shuffled in one call) plays other games than the
    engine from the same seeds, but games of the same rules: over 2,000 seeded random games
    each, the decisions per game, the top card and the minutes left agree on average (within
    four standard errors)."""
    import efo_shuffled

    game = elevenes.load_game("elevenes-for-one", options={"minutes": minutes})
    engine: dict[str, list[int]] = {"decisions": [], "top": [], "minutes": []}
    hand: dict[str, list[int]] = {"decisions": [], "top": [], "minutes": []}
    for seed in range(2000):
        state, _ = play(game, seed=seed)
        engine["decisions"].append(len(state.history))
        engine["top"].append(state.top())
        engine["minutes"].append(state.minutes)
        result, top, left, decisions = efo_shuffled.playout(random.Random(seed), minutes)
        hand["decisions"].append(decisions)
        hand["top"].append(top)
        hand["minutes"].append(left)
    for measure in engine:
        mean_e, error_e = _mean_and_error(engine[measure])
        mean_h, error_h = _mean_and_error(hand[measure])
        assert abs(mean_e - mean_h) <= 4 * (error_e**2 + error_h**2) ** 0.5, measure


def test_the_what_if_of_a_deal_at_no_cost_plays_the_same_game() -> None:
    """bench_efo.py's bound on a one-call deal (each pass shuffled straight into the state)
    is only a fair figure if it plays games of the same rules: over 2,000 seeded games, its
    steps per game agree with the engine's on average (within four standard errors)."""
    import bench_efo

    game = elevenes.load_game("elevenes-for-one")
    playout = bench_efo.dealt_at_once(game)
    engine = [len(play(game, seed=seed)[0].history) for seed in range(2000)]
    what_if = [playout(seed) for seed in range(2000)]
    mean_e, error_e = _mean_and_error(engine)
    mean_w, error_w = _mean_and_error(what_if)
    assert abs(mean_e - mean_w) <= 4 * (error_e**2 + error_w**2) ** 0.5
