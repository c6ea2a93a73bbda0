"""Time and positions of the exact Elevenes for One solver (core/solve.py), per setting.

    python benchmarks/bench_solver.py [--cards N ...] [--minutes M ...] [--objective win|rating]

Each setting is the start of a pass with cards 1 to 11-N on the trolley and N cards to lay out
(``elevenes solve elevenes-for-one --trolley 11-N --minutes M``): the whole game from the first
deal is N = 10.  For each it prints both objectives' values, the positions explored and stored
and the time, as a Markdown table (the docs' solver page shows one).  The work grows about
seven-fold per card; N = 8 takes minutes and some 2 GB, N = 10 is out of reach (see the page).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

import elevenes
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.game import EfoGame
from elevenes.games.elevenes_for_one.solver import OBJECTIVES, make_solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, nargs="+", default=[2, 3, 4, 5, 6, 7],
                        help="cards to lay out (2-10; default 2 to 7)")
    parser.add_argument("--minutes", type=int, nargs="+", default=[5, 10, 15],
                        help="minutes on the clock (default 5 10 15)")
    parser.add_argument("--objective", choices=[*OBJECTIVES, "both"], default="both")
    args = parser.parse_args()
    objectives = list(OBJECTIVES) if args.objective == "both" else [args.objective]
    print("| cards | minutes | objective | value | exact | positions explored "
          "| positions stored | seconds |")
    print("|---:|---:|---|---:|---|---:|---:|---:|")
    for cards in args.cards:
        for minutes in args.minutes:
            game = elevenes.load_game("elevenes-for-one", options={"minutes": minutes})
            assert isinstance(game, EfoGame)
            for objective in objectives:
                solver = make_solver(objective)
                start = time.perf_counter()
                value = solver.value(endgame(game, 11 - cards))
                seconds = time.perf_counter() - start
                print(f"| {cards} | {minutes} | {OBJECTIVES[objective][1]} | {float(value):.4f} "
                      f"| {value} | {solver.visited:,} | {len(solver.table):,} "
                      f"| {seconds:.2f} |", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"peak memory: {peak} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
