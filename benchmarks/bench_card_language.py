"""The card-language property at scale: card files generated from the grammar and each
game's vocabulary (tests/dsl/card_gen.py), every one the checker accepts played to the end in
random games and, for Elevenes for One, solved in a small endgame (cards 1-8 on the trolley,
3 minutes, the Python solver).  Prints, per game, how many files were generated, accepted by
the checker, the random games played, the refusals met on the way and the endgames solved;
any other failure is printed with the file (already shrunk by Hypothesis) and exits 1.
A file whose random game reaches the move limit (a round that can end only on a condition
that never holds, which the checker cannot always see) is counted as endless and printed.

    python benchmarks/bench_card_language.py [--examples N] [--games G] [--seed S]

The normal test run keeps a fast, derandomised sample of this (tests/dsl/test_dsl_generated.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "dsl"))

from card_gen import Counts, card_files, exercise  # noqa: E402

from elevenes.dsl.vocab import VOCABULARIES  # noqa: E402


def run_game(game: str, examples: int, games: int, chosen_seed: int) -> Counts:
    counts = Counts()
    with tempfile.TemporaryDirectory() as directory:

        @seed(chosen_seed)
        @settings(max_examples=examples, database=None, deadline=None, derandomize=False,
                  suppress_health_check=list(HealthCheck))
        @given(card_files(game))
        def run(text: str) -> None:
            exercise(text, game, Path(directory), chosen_seed, counts, games=games)

        run()
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500, help="files generated per game")
    parser.add_argument("--games", type=int, default=2, help="random games per accepted file")
    parser.add_argument("--seed", type=int, default=11, help="the generator's seed")
    args = parser.parse_args(argv)
    failed = False
    print(f"{'game':18} {'generated':>9} {'accepted':>8} {'games':>6} {'refusals':>8} "
          f"{'solved':>6} {'endless':>7} {'seconds':>7}")
    for game in sorted(VOCABULARIES):
        start = time.perf_counter()
        try:
            counts = run_game(game, args.examples, args.games, args.seed)
        except Exception as exc:  # the property failed: Hypothesis has shrunk the file
            print(f"{game}: FAILED: {type(exc).__name__}: {exc}")
            failed = True
            continue
        print(f"{game:18} {counts.generated:9} {counts.accepted:8} {counts.games:6} "
              f"{counts.refusals:8} {counts.solved:6} {len(counts.endless):7} "
              f"{time.perf_counter() - start:7.1f}")
        for text in counts.endless:  # a round that can never end: shown, not a crash
            print("  endless game with:\n    " + text.strip().replace("\n", "\n    "))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
