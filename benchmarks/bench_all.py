"""Every game's random-playout benchmark (each ``bench_*.py`` that defines ``BENCH``), one
table: decisions per second through the engine and through the hand-written simulator, and
their ratio, measured in the same run.

    python benchmarks/bench_all.py [--scale 1.0] [--rounds 3]

``--scale`` multiplies each benchmark's default number of games.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import Bench, Result, measure  # noqa: E402


def benches() -> list[Bench]:
    found = []
    for path in sorted(HERE.glob("bench_*.py")):
        if path.stem == "bench_all":
            continue
        bench = getattr(importlib.import_module(path.stem), "BENCH", None)
        if isinstance(bench, Bench):
            found.append(bench)
    return found


def table(results: list[Result]) -> list[str]:
    lines = [
        "| game | games | decisions | engine (decisions/s) | hand-written (decisions/s) | ratio |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r.game} | {r.games:,} | {r.decisions:,} | {r.engine_rate:,.0f} | "
            f"{r.hand_rate:,.0f} | {r.ratio:.2f} |"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="times the default games")
    parser.add_argument("--rounds", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    results = []
    for bench in benches():
        print(bench.game, file=sys.stderr)
        results.append(measure(bench, max(1, round(bench.games * args.scale)), 0, args.rounds))
    print("\n".join(table(results)))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n{os.cpu_count()} CPUs, load average {load} (1, 5, 15 min) at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
