"""Elevenes for One: the engine against two hand-written simulators of the same rules.

- efo_handwritten.py lays the pantry out card by card and offers the same actions in the same
  order, drawing chance with the same arithmetic, so the same seed gives the same game on both
  sides: decisions per second, game for game.
- efo_shuffled.py, a tight simulator, shuffles the pantry in one call at each pass: it plays
  other games from the same seeds, so the two sides are compared in whole games per second
  over the same number of seeded random games.

    python benchmarks/bench_efo.py [--games N] [--seed S] [--rounds R] [--profile engine]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import efo_handwritten  # noqa: E402
import efo_shuffled  # noqa: E402
from harness import Bench, Playout, arguments, engine_playout, main, playouts  # noqa: E402

import elevenes  # noqa: E402

engine = engine_playout(elevenes.load_game("elevenes-for-one"))


def hand(seed: int) -> int:
    return efo_handwritten.playout(random.Random(seed))[0]


def shuffled(seed: int) -> int:
    return efo_shuffled.playout(random.Random(seed))[3]


BENCH = Bench("elevenes-for-one", engine, hand, games=5000)


def whole_games(
    engine: Playout, other: Playout, games: int, seed: int = 0, rounds: int = 3, batch: int = 20
) -> tuple[float, float, float]:
    """Whole games per second of each side (best round) and the median of the rounds' ratios
    engine / other, both sides interleaved ``batch`` games at a time."""
    best_engine = best_other = 0.0
    ratios = []
    for round_ in range(rounds):
        t_engine = t_other = 0.0
        for start in range(seed, seed + games, batch):
            seeds = range(start, min(start + batch, seed + games))
            t_engine += playouts(engine, seeds)[1]
            t_other += playouts(other, seeds)[1]
        best_engine = max(best_engine, games / t_engine)
        best_other = max(best_other, games / t_other)
        ratios.append(t_other / t_engine)
        print(f"  round {round_ + 1}/{rounds}: engine {games / t_engine:,.0f} games/s, "
              f"one-shuffle simulator {games / t_other:,.0f} games/s, ratio {ratios[-1]:.2f}",
              file=sys.stderr)
    return best_engine, best_other, statistics.median(ratios)


def run(argv: list[str] | None = None) -> int:
    args = arguments(BENCH.games).parse_args(argv)
    if args.profile:
        return main(BENCH, argv)
    main(BENCH, argv)  # decisions per second against the card-by-card simulator
    started = time.perf_counter()
    rate, other, ratio = whole_games(engine, shuffled, args.games, args.seed, args.rounds)
    print(f"elevenes-for-one: {args.games} random games per side, whole games per second")
    print(f"  engine                 {rate:>12,.0f} games/s")
    print(f"  one-shuffle simulator  {other:>12,.0f} games/s")
    print(f"  ratio engine/one-shuffle simulator: {ratio:.2f}")
    print(f"  ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(run())
