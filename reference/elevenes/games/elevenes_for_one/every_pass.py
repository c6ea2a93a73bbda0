"""The values of every pass start of the printed cards, for hints.

The whole game's values that ship with the native solver (native/printed-*.json) are those its
search of the best play needed; a move off that play (the alternatives a hint values) may lead
to other pass starts, which the native solver would then value on the spot, sometimes for
minutes.  This module values every pass start a game with the printed cards can reach that
the whole game's values lack, and writes them to ``printed-every-pass-OBJECTIVE.json`` beside
it (solver.every_pass_file reads them):

    python -m elevenes.games.elevenes_for_one.every_pass win
    python -m elevenes.games.elevenes_for_one.every_pass rating

A pass start is the top card of the trolley, the minutes left and the discard pile.  One a
game can reach has the top card t from 1 to 10; a pile of at most three cards
(EFO.DISCARD.LIMIT) above t (a card below the top has left the pile to be scored) that may be
discarded (EFO.DISCARD.NEVER); at least one card to lay out; and at most 15 minutes at the
first pass start (1 on the trolley, nothing discarded), 14 at any other: the first pass costs a
minute at least (of its ten cards at most three are discarded; each other leaves the row by a
score, a minute at least, or a use, a minute but for Servants bringing back a discarded card,
which then has to leave the row too; Fine China's new pass costs its minute), and no minute
ever comes back.  With t on the trolley at most 16 - t are left: scoring each of 2 to t cost
a minute at least (EFO.SCORE.MINUTE).  Some of these cannot be reached; valuing them costs
only time.
"""

from __future__ import annotations

import sys
import time
from itertools import combinations
from pathlib import Path

from . import make_game
from .native import NativeSolver, pantry_size, pass_id, pass_start, shipped_file


def reachable_pass_starts() -> list[int]:
    """Every pass start (native.pass_id) a game with the printed cards can reach, and some
    it cannot (see the module's docstring)."""
    found: list[int] = []
    for top in range(1, 11):
        above = [c for c in range(top + 1, 12) if c not in (5, 10)]  # EFO.DISCARD.NEVER
        for size in range(4):
            for pile in combinations(above, size):
                mask = sum(1 << c for c in pile)
                if pantry_size(top, mask) == 0:
                    continue
                most = 15 if top == 1 and not pile else min(14, 16 - top)
                found.extend(pass_id(top, minutes, mask) for minutes in range(1, most + 1))
    return found


def target(objective: str) -> Path:
    return Path(__file__).with_name(f"printed-every-pass-{objective}.json")


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in ("win", "rating"):
        print("usage: python -m elevenes.games.elevenes_for_one.every_pass win|rating",
              file=sys.stderr)
        return 2
    objective = argv[0]
    game = make_game()
    solver = NativeSolver(game, objective, None, 24)
    shipped = shipped_file(game, objective)
    if shipped is not None:
        solver.load(shipped)
    whole_game = set(solver.values)
    path = target(objective)
    solver.load(path)  # a run stopped early goes on from there
    todo = sorted((pantry_size(*pass_start(leaf)[::2]), pass_start(leaf)[1], leaf)
                  for leaf in reachable_pass_starts() if leaf not in solver.values)
    print(f"{len(todo)} pass starts to value", file=sys.stderr)
    started = saved = time.perf_counter()
    for done, (cards, minutes, leaf) in enumerate(todo, 1):
        solver.error = None
        solver.solve(leaf)
        if time.perf_counter() - saved > 60 or done == len(todo):
            saved = time.perf_counter()
            for known in whole_game:  # only what the whole game's values lack
                solver.values.pop(known, None)
            solver.save(path)
            if shipped is not None:
                solver.load(shipped)
            print(f"{done}/{len(todo)} valued ({cards} cards, {minutes} min), "
                  f"{saved - started:,.0f} s", file=sys.stderr)
    solver.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
