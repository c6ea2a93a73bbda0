"""111, The Game (three players): the engine against one_eleven_handwritten.py, a plain
hand-written simulator of the same rules.  Both offer the same actions in the same order and
draw chance with the same arithmetic, so the same seed gives the same game on both sides.

    python benchmarks/bench_111.py [--games N] [--seed S] [--rounds R] [--profile engine]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import one_eleven_handwritten  # noqa: E402
from harness import Bench, engine_playout, main  # noqa: E402

import elevenes  # noqa: E402

PLAYERS = 3
engine = engine_playout(elevenes.load_game("111", options={"players": PLAYERS}))


def hand(seed: int) -> int:
    return one_eleven_handwritten.playout(random.Random(seed), players=PLAYERS)


BENCH = Bench("111 (3 players)", engine, hand, games=100)

if __name__ == "__main__":
    sys.exit(main(BENCH))
