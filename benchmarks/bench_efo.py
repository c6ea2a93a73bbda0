"""Elevenes for One: the engine against efo_handwritten.py, a plain hand-written simulator of
the same rules.  Both offer the same actions in the same order and draw chance with the same
arithmetic, so the same seed gives the same game on both sides.

    python benchmarks/bench_efo.py [--games N] [--seed S] [--rounds R] [--profile engine]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import efo_handwritten  # noqa: E402
from harness import Bench, engine_playout, main  # noqa: E402

import elevenes  # noqa: E402

engine = engine_playout(elevenes.load_game("elevenes-for-one"))


def hand(seed: int) -> int:
    return efo_handwritten.playout(random.Random(seed))[0]


BENCH = Bench("elevenes-for-one", engine, hand, games=5000)

if __name__ == "__main__":
    sys.exit(main(BENCH))
