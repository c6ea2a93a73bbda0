"""Bowling Solitaire: the average score under each playable reading, played by the best bot.

Every playable reading of every ruling of Bowling Solitaire that offers a choice
(core/readings.py) is played on its own, the other rulings at their decided readings, by the
same bot on the same seeded deals as the decided rules (``analyse.play_chunk``: game ``i``
draws its cards from ``(seed, i)``).  For each reading: the mean score with its 95% interval,
and the mean of the paired differences (reading minus decided, game by game) with its 95%
interval.  Results go to a JSON file as each chunk ends, so a run can be stopped and resumed.

    nice -n 10 python benchmarks/readings_bowling.py                 # ismcts, 200 games each
    python benchmarks/readings_bowling.py --bot greedy --games 2000
    python benchmarks/readings_bowling.py --report                   # the table only

docs/readings.md publishes the table this prints.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from elevenes.bots.charts import spread
from elevenes.core.readings import choosable, option_name
from elevenes.games import load_game
from elevenes.games.bowling_solitaire.analyse import play_chunk

GAME = "bowling-solitaire"
HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "readings_bowling.json"


def readings() -> list[tuple[str, str | None, str | None]]:
    """(label, ruling id, letter) of the decided rules and of every other playable reading."""
    found: list[tuple[str, str | None, str | None]] = [("decided", None, None)]
    for ruling in choosable(GAME).values():
        for letter in ruling.playable:
            if letter != ruling.decided:
                found.append((f"{ruling.id}={letter}", ruling.id, letter))
    return found


def run(bot: str, games: int, seed: int, chunk: int, minutes: float, out: Path) -> dict[str, Any]:
    results: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    if results.get("bot", bot) != bot or results.get("seed", seed) != seed:
        results = {}
    results.update({"bot": bot, "seed": seed})
    runs: dict[str, list[int]] = results.setdefault("scores", {})
    start = time.perf_counter()
    for label, ruling_id, letter in readings():
        options = {option_name(ruling_id): letter} if ruling_id and letter else {}
        game = load_game(GAME, options)
        scores = runs.setdefault(label, [])
        while len(scores) < games and time.perf_counter() - start < minutes * 60:
            stop = min(games, len(scores) + chunk)
            records = play_chunk(game, bot, seed, len(scores), stop)  # type: ignore[arg-type]
            scores.extend(int(r[0]) for r in records)
            out.write_text(json.dumps(results, indent=0) + "\n")
            print(f"  {label}: {len(scores)} games, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    return results


def report(results: dict[str, Any]) -> str:
    runs: dict[str, list[int]] = results.get("scores", {})
    base = runs.get("decided", [])
    lines = [f"Bowling Solitaire, bot {results.get('bot')}, seed {results.get('seed')}: "
             "mean score (95% interval) and the paired difference from the decided rules",
             f"{'reading':<32} {'games':>5} {'mean':>7} {'±95%':>5} {'diff':>7} {'±95%':>5}"]
    for label, _, _ in readings():
        scores = runs.get(label, [])
        if not scores:
            continue
        mean, _, half = spread([float(s) for s in scores])
        n = min(len(scores), len(base))
        if label == "decided" or n < 2:
            lines.append(f"{label:<32} {len(scores):>5} {mean:>7.1f} {half:>5.1f}")
            continue
        diff, _, dhalf = spread([float(a - b) for a, b in zip(scores[:n], base[:n], strict=True)])
        lines.append(f"{label:<32} {len(scores):>5} {mean:>7.1f} {half:>5.1f} {diff:>+7.1f} "
                     f"{dhalf:>5.1f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="ismcts", help="the bot (default ismcts, the best)")
    parser.add_argument("--games", type=int, default=200, help="games per reading")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--report", action="store_true", help="print the table only")
    args = parser.parse_args(argv)
    if args.report:
        results = json.loads(args.out.read_text()) if args.out.exists() else {}
    else:
        results = run(args.bot, args.games, args.seed, args.chunk, args.minutes, args.out)
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
