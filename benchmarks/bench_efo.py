"""Random-playout throughput of the Elevenes for One engine against a plain hand-written
simulator of the same rules (efo_handwritten.py), in the same run.

    python benchmarks/bench_efo.py [--games N] [--seed S]

Both play the same seeded games (they offer the same actions in the same order), so they
make exactly the same decisions; the figure is decisions (chance outcomes included) per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import efo_handwritten  # noqa: E402

import elevenes  # noqa: E402
from elevenes.bots import random_player  # noqa: E402
from elevenes.core.play import sample_chance  # noqa: E402


def engine_playouts(games: int, seed: int) -> tuple[int, float]:
    game = elevenes.load_game("elevenes-for-one")
    decisions = 0
    start = time.perf_counter()
    for index in range(games):
        rng = random.Random(seed + index)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                action = random_player(state, rng)
            state.apply_action(action)
            decisions += 1
    return decisions, time.perf_counter() - start


def handwritten_playouts(games: int, seed: int) -> tuple[int, float]:
    decisions = 0
    start = time.perf_counter()
    for index in range(games):
        decisions += efo_handwritten.playout(random.Random(seed + index))[0]
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3, help="best of this many runs each")
    args = parser.parse_args()
    best_engine = best_hand = 0.0
    for round_ in range(args.rounds):
        n_engine, t_engine = engine_playouts(args.games, args.seed)
        n_hand, t_hand = handwritten_playouts(args.games, args.seed)
        assert n_engine == n_hand, "the two simulators disagree on the games"
        best_engine = max(best_engine, n_engine / t_engine)
        best_hand = max(best_hand, n_hand / t_hand)
        print(f"round {round_ + 1}/{args.rounds}: engine {n_engine / t_engine:,.0f}/s, "
              f"hand-written {n_hand / t_hand:,.0f}/s", file=sys.stderr)
    print(f"games per run:        {args.games} ({n_engine:,} decisions)")
    print(f"engine:               {best_engine:,.0f} decisions/s")
    print(f"hand-written:         {best_hand:,.0f} decisions/s")
    print(f"ratio engine/hand:    {best_engine / best_hand:.2f}")


if __name__ == "__main__":
    main()
