"""111's readings judged under search play: the paired report of ``elevenes analyse 111
--vs-option reading.RULING=LETTER --bots BOTS`` for several readings at once, the decided
rules' games played once for all of them.

Game ``i`` under the decided rules (A) and under each reading (B) is the very game ``elevenes
analyse`` plays as its game ``i`` (the same seed, ``analyse.play_chunk``), so the figures are
those of the command with ``--games`` the number of games played here.  The games are played
a chunk at a time, A's first and then each reading's, and saved to a JSON file after every
chunk: a stopped run keeps what it played and goes on from there when started again.

    nice -n 15 python benchmarks/bots_variants.py --games 60 --minutes 25
    python benchmarks/bots_variants.py --report
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from elevenes.bots import compare
from elevenes.bots.runner import GameSpec, play_chunk

HERE = Path(__file__).resolve().parent
MODULE = "elevenes.games.one_eleven.analyse"
READINGS = [
    "G111.RULING.EMPTY-PILE=c",
    "G111.RULING.MANDATORY-ORDER=b",
    "G111.RULING.LAST-OF-KIND=c",
    "G111.RULING.PVP-PARTIES=c",
    "G111.RULING.REFILL-ORDER=b",
    "G111.RULING.DEFEATED-PARTY=b",
]
"""The readings weighed by default: those that change a game's length under greedy play, or
give a player a choice more (MANDATORY-ORDER (b)), whose games stay short enough to play
(EMPTY-PILE (b) and NO-PARTY-COINS (a) run to hundreds of turns)."""


def options_of(reading: str, players: int) -> dict[str, Any]:
    ruling, _, letter = reading.partition("=")
    options: dict[str, Any] = {"players": players}
    if ruling:
        options[f"reading.{ruling}"] = letter
    return options


def play(spec: GameSpec, seating: tuple[str, ...], start: int, stop: int,
         seed: int) -> list[Any]:
    return [list(r) for r in play_chunk(spec, MODULE, seating, seed, start, stop)]


def run(args: argparse.Namespace, results: dict[str, Any], out: Path) -> None:
    seating = tuple(b.strip() for b in args.bots.split(","))
    name = f"111/{args.players}/{','.join(seating)}/seed {args.seed}"
    entry = results.setdefault(name, {})
    sets = ["", *args.readings]  # "" is A: the decided rules
    specs = {r: GameSpec.make("111", options_of(r, args.players), None) for r in sets}
    started = time.perf_counter()
    while time.perf_counter() - started < args.minutes * 60:
        done = min(len(entry.get(r, [])) for r in sets)
        if done >= args.games:
            break
        stop = min(args.games, done + args.chunk)
        for r in sets:
            have = entry.setdefault(r, [])
            if len(have) < stop:
                have.extend(play(specs[r], seating, len(have), stop, args.seed))
                out.write_text(json.dumps(results) + "\n")
        print(f"  {name}: {stop} games under A and {len(args.readings)} readings, "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)


def report(results: dict[str, Any]) -> str:
    from elevenes.games.one_eleven.analyse import measures

    lines = []
    for name, entry in results.items():
        a = entry.get("", [])
        lines += ["", f"{name} (A: the decided rules)"]
        for reading, b in entry.items():
            if not reading:
                continue
            n = min(len(a), len(b))
            if n < 2:
                continue
            seating = tuple(name.split("/")[2].split(","))
            rows = compare.paired(seating, a[:n], b[:n], measures)
            lines.append(f"B: reading {reading}, {n} paired games")
            lines += [line for line in compare.report(rows) if line.strip()][:1 + len(rows)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="ismcts:30,ismcts:30",
                        help="the seating, turned each game (default ismcts:30,ismcts:30)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--readings", nargs="*", default=READINGS,
                        help="RULING=LETTER, each played as B against the decided rules")
    parser.add_argument("--games", type=int, default=60, help="games (default 60)")
    parser.add_argument("--minutes", type=float, default=30.0, help="minutes at most")
    parser.add_argument("--chunk", type=int, default=5, help="games between saves")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(HERE / "bots_variants.json"))
    parser.add_argument("--report", action="store_true", help="no games: the tables only")
    args = parser.parse_args(argv)
    out = Path(args.out)
    results: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    if not args.report:
        run(args, results, out)
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
