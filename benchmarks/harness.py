"""One measurement for every game: random playouts through the engine against a plain
hand-written simulator of the same game, in the same run.

A game's benchmark is a small file ``bench_<game>.py`` that defines ``BENCH = Bench(...)``
with two functions, each playing one uniformly random game from a seed and returning the
number of *decisions* it took (every action applied, chance outcomes included): the engine's
side is usually ``engine_playout(game)``, the other a hand-written simulator of the same
rules that offers the same choices in the same order and draws chance the same way.  Both sides
play the same seeded games, so their decision counts agree; the harness checks that, times
both sides alternately (best of ``--rounds``) and prints decisions per second and the ratio
engine / hand-written.  ``--profile engine`` (or ``hand``) runs the playouts under cProfile
and prints where the time goes.

    python benchmarks/bench_efo.py [--games N] [--seed S] [--rounds R] [--profile engine]
    python benchmarks/bench_all.py             # every game, one table
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("elevenes") is None:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT / "reference"))

Playout = Callable[[int], int]
"""One random game from a seed; returns its number of decisions."""


@dataclass(frozen=True)
class Bench:
    game: str
    engine: Playout
    hand: Playout
    games: int = 1000  # default games per round
    note: str = ""


@dataclass(frozen=True)
class Result:
    game: str
    games: int
    decisions: int
    engine_rate: float
    hand_rate: float
    ratio: float

    def lines(self) -> list[str]:
        return [
            f"{self.game}: {self.games} random games, {self.decisions:,} decisions each side",
            f"  engine       {self.engine_rate:>12,.0f} decisions/s",
            f"  hand-written {self.hand_rate:>12,.0f} decisions/s",
            f"  ratio engine/hand-written: {self.ratio:.2f}",
        ]


def engine_playout(game: Any, uniform_chance: bool = False) -> Playout:
    """The engine's fast path as a user writes it: ``legal_actions`` + ``apply_action``, a
    uniformly random choice at each decision; chance drawn by ``sample_chance`` (or, with
    ``uniform_chance``, uniformly among the legal outcomes, like any other decision)."""
    from elevenes.core.play import sample_chance

    def playout(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node() and not uniform_chance:
                action = sample_chance(state, rng)
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
            state.apply_action(action)
            decisions += 1
        return decisions

    return playout


def playouts(playout: Playout, seeds: Sequence[int]) -> tuple[int, float]:
    start = time.perf_counter()
    decisions = 0
    for seed in seeds:
        decisions += playout(seed)
    return decisions, time.perf_counter() - start


def measure(
    bench: Bench, games: int, seed: int = 0, rounds: int = 3, log: bool = True, batch: int = 20
) -> Result:
    """Both sides over the same seeded games, interleaved ``batch`` games at a time so that
    both see the same load of a shared machine.  Rates: the best round of each side; ratio:
    the median of the rounds' ratios."""
    best_engine = best_hand = 0.0
    ratios = []
    decisions = 0
    for round_ in range(rounds):
        n_engine = n_hand = 0
        t_engine = t_hand = 0.0
        for start in range(seed, seed + games, batch):
            seeds = range(start, min(start + batch, seed + games))
            n, t = playouts(bench.engine, seeds)
            n_engine, t_engine = n_engine + n, t_engine + t
            n, t = playouts(bench.hand, seeds)
            n_hand, t_hand = n_hand + n, t_hand + t
        if n_engine != n_hand:
            raise SystemExit(
                f"{bench.game}: the engine made {n_engine} decisions and the hand-written "
                f"simulator {n_hand}: they did not play the same games"
            )
        decisions = n_engine
        best_engine = max(best_engine, n_engine / t_engine)
        best_hand = max(best_hand, n_hand / t_hand)
        ratios.append((n_engine / t_engine) / (n_hand / t_hand))
        if log:
            print(
                f"  round {round_ + 1}/{rounds}: engine {n_engine / t_engine:,.0f}/s, "
                f"hand-written {n_hand / t_hand:,.0f}/s, ratio {ratios[-1]:.2f}",
                file=sys.stderr,
            )
    return Result(bench.game, games, decisions, best_engine, best_hand, statistics.median(ratios))


def profile(playout: Playout, seeds: Sequence[int], top: int = 20) -> str:
    """Where the time of these playouts goes: the ``top`` functions by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    playouts(playout, seeds)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def arguments(default_games: int) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=default_games, help="games per round")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--rounds", type=int, default=3, help="best of this many runs")
    parser.add_argument(
        "--profile", choices=("engine", "hand"), default=None, help="profile one side instead"
    )
    return parser


def main(bench: Bench, argv: Sequence[str] | None = None) -> int:
    args = arguments(bench.games).parse_args(argv)
    if args.profile:
        playout = bench.engine if args.profile == "engine" else bench.hand
        print(profile(playout, range(args.seed, args.seed + args.games)))
        return 0
    result = measure(bench, args.games, args.seed, args.rounds)
    print("\n".join(result.lines()))
    if bench.note:
        print(f"  ({bench.note})")
    return 0
