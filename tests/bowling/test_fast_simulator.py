"""The engine against the fast hand-written simulator that benchmarks/bench_bowling.py times
it against: from the same seed both deal the same racks card by card, offer the same moves in
the same order and so play the same game to the same score (the benchmark's ratio compares
equal work)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_bench() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location("bench_bowling", BENCHMARKS / "bench_bowling.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fast_simulator_plays_the_engines_games() -> None:
    bench = load_bench()
    scores = set()
    for seed in range(150):
        engine = bench.engine_game(random.Random(seed))
        assert bench.fast_playout(random.Random(seed)) == engine, seed
        assert bench.hand(seed) == bench.BENCH.engine(seed) == engine[0]
        scores.add(engine[1])
    assert len(scores) > 10  # different games, not one game over and over


def test_the_deal_draws_the_card_the_generic_sampling_draws() -> None:
    from elevenes.core.api import State
    from elevenes.games.bowling_solitaire import make_game

    game = make_game()
    rng = random.Random(3)
    drawn = set()
    for _ in range(200):
        state = game.new_initial_state()
        for _ in range(rng.randrange(20)):  # somewhere in the first rack's deal
            state.apply_action(state.sample_chance(rng))
        seed = rng.random()
        mine = state.sample_chance(random.Random(seed))
        assert mine == State.sample_chance(state, random.Random(seed))
        assert mine in dict(state.chance_outcomes())
        drawn.add(mine)
    assert drawn == set(range(10))
