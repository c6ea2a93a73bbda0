"""Throughput of ``elevenes analyse``: games per second with 1 and 2 local worker processes
(the seeded chunks of elevenes.bots.runner on a process pool), for every game with its
default bots.

    python benchmarks/bench_analyse.py [--scale 1.0] [--workers 1,2] [--rounds 2]

The time includes starting the worker processes (a pool per run), as ``elevenes analyse``
does once per command.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402, F401  (finds the package in a checkout)

from elevenes.bots.runner import GameSpec, chunk_size, executor_for, run_jobs  # noqa: E402
from elevenes.games import REGISTRY  # noqa: E402

# game id -> (bots of each job, games per job at scale 1)
CASES: dict[str, tuple[list[object], int]] = {
    "elevenes-for-one": (["greedy", "random"], 2000),
    "bowling-solitaire": (["greedy", "random"], 1000),
    "elevenes": ([("greedy", "random")], 100),
}


def spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def parallel_capacity(n: int = 5_000_000) -> float:
    """How many CPUs two processes actually get here: the time of two busy loops one after
    the other over their time in two processes (2.0 on two free CPUs)."""
    start = time.perf_counter()
    spin(n)
    spin(n)
    serial = time.perf_counter() - start
    with cf.ProcessPoolExecutor(2) as pool:
        list(pool.map(spin, [1, 1]))  # the pool is up
        start = time.perf_counter()
        list(pool.map(spin, [n, n]))
        return serial / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="times the default games")
    parser.add_argument("--workers", default="1,2", help="worker counts to try")
    parser.add_argument("--rounds", type=int, default=2, help="best of this many runs")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    print("| game | bots | games | " + " | ".join(f"{w} worker(s), games/s" for w in counts)
          + " |")
    print("|---|---|---:|" + "---:|" * len(counts))
    for game_id, (jobs, games) in CASES.items():
        games = max(1, round(games * args.scale))
        spec = GameSpec.make(game_id, {}, None)
        module = REGISTRY[game_id] + ".analyse"
        rates = [0.0] * len(counts)
        reference = None
        for _ in range(args.rounds):  # the worker counts in turn, best of the rounds
            for k, workers in enumerate(counts):
                start = time.perf_counter()
                with executor_for(workers, None) as executor:
                    results = run_jobs(spec, module, jobs, games, 0, executor,
                                       chunk_size(games, workers))
                rates[k] = max(rates[k], games * len(jobs) / (time.perf_counter() - start))
                assert reference is None or results == reference, "results differ by workers"
                reference = results
        bots = " + ".join(",".join(j) if isinstance(j, tuple) else str(j) for j in jobs)
        print(f"| {game_id} | {bots} | {games * len(jobs):,} | "
              + " | ".join(f"{r:,.0f}" for r in rates) + " |")
    print(f"\ncontrol: two busy loops in two processes run {parallel_capacity():.2f}x as fast "
          "as one after the other (2.00 with two free CPUs)")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n{os.cpu_count()} CPUs, load average {load} (1, 5, 15 min) at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
