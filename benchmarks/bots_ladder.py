"""The bots' strength ladder: seeded games between bots, win rates with 95% intervals, an
Elo-style table, Bowling Solitaire's mean score per bot, and a chart.

Every pairing is played with the analysis machinery of ``elevenes analyse`` (each game's
``analyse.play_chunk``, seeded per game, seats turned from game to game), chunk by chunk, until
its number of games or its time is used up; the counts actually played are reported.  Results
go to a JSON file as each pairing ends, so a long run can be stopped and resumed (pairings
already in the file are kept unless ``--again``; ``--more`` adds games to them, after the ones
they hold, so a stopped run goes on where it stopped).

    nice -n 10 python benchmarks/bots_ladder.py                      # the published run
    python benchmarks/bots_ladder.py --cheap-games 5000 --search-games 400 --minutes 120
    python benchmarks/bots_ladder.py --report                         # tables and chart only
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from elevenes.bots.charts import spread
from elevenes.bots.runner import GameSpec, play_chunk

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent / "docs"
MODULES = {
    "elevenes": "elevenes.games.elevenes.analyse",
    "111": "elevenes.games.one_eleven.analyse",
    "bowling-solitaire": "elevenes.games.bowling_solitaire.analyse",
}


def pairings(budgets: Sequence[str]) -> list[tuple[str, int, tuple[str, ...]]]:
    """(game, players, seating) of every pairing; the first bot is the one measured."""
    found: list[tuple[str, int, tuple[str, ...]]] = []
    for game in ("elevenes", "111"):
        found.append((game, 2, ("greedy", "random")))
        found.append((game, 4, ("greedy", "random", "random", "random")))
        for budget in budgets:
            found.append((game, 2, (f"ismcts:{budget}", "greedy")))
        found.append((game, 4, (f"ismcts:{budgets[-1]}", "greedy", "greedy", "greedy")))
    for bot in ("random", "greedy", *(f"ismcts:{b}" for b in budgets)):
        found.append(("bowling-solitaire", 1, (bot,)))
    return found


def key(game: str, players: int, seating: Sequence[str]) -> str:
    return f"{game}/{players}/{','.join(seating)}"


def cheap(seating: Sequence[str]) -> bool:
    return not any(name.startswith("ismcts") for name in seating)


CUT = 5000
"""Elevenes sets no bound on a game's length (ELV.RULING.GAME-LENGTH): two players who both
refuse to end a round can go on for ever.  Here a game is cut after this many moves and
counted as a draw (each seat a fair share); the report says how many were cut."""


def play_pairing(game: str, players: int, seating: tuple[str, ...], games: int,
                 seconds: float, seed: int, chunk: int, first: int = 0,
                 save: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    import elevenes.games.elevenes.analyse as elevenes_analyse

    elevenes_analyse.MAX_ACTIONS = CUT
    options = {"players": players} if game != "bowling-solitaire" else {}
    spec = GameSpec.make(game, options, None)
    job: Any = seating if game != "bowling-solitaire" else seating[0]
    records: list[Any] = []
    start = time.perf_counter()
    while len(records) < games and time.perf_counter() - start < seconds:
        stop = min(games, len(records) + chunk)
        records.extend(play_chunk(spec, MODULES[game], job, seed, first + len(records),
                                  first + stop))
        print(f"  {key(game, players, seating)}: {len(records)} games, "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
        if save is not None:  # the games so far, in case the run is stopped
            save(played(game, players, seating, records, time.perf_counter() - start, first))
    return played(game, players, seating, records, time.perf_counter() - start, first)


def played(game: str, players: int, seating: tuple[str, ...], records: list[Any],
           elapsed: float, first: int) -> dict[str, Any]:
    """A run's entry: its tally and the games it holds (``first``..)."""
    entry = tally(game, players, seating, records, elapsed)
    entry["ranges"] = [[first, first + len(records)]]
    return entry


def tally(game: str, players: int, seating: tuple[str, ...], records: list[Any],
          elapsed: float) -> dict[str, Any]:
    """A pairing's entry from its games' records."""
    measured = seating[0]
    if game == "bowling-solitaire":
        scores = [float(r[0]) for r in records]
        mean, sd, half = spread(scores)
        return {"games": len(records), "seconds": elapsed, "bot": measured,
                "mean": mean, "sd": sd, "half": half, "scores": scores}
    shares = []
    cut = 0
    for record in records:
        seats, winners = record[0], record[1]
        mine = [s for s, name in enumerate(seats) if name == measured]
        if not winners:  # a game cut at CUT moves: a draw
            cut += 1
            shares.append(1.0 / players)
            continue
        share = 1.0 / len(winners)
        shares.append(sum(share for s in mine if s in winners) / len(mine))
    return summary(shares, elapsed, measured, seating[1], players, cut)


def summary(shares: list[float], seconds: float, bot: str, opponent: str, players: int,
            cut: int) -> dict[str, Any]:
    """A pairing's entry: its win rate over ``shares`` (the first bot's share of each game's
    victory), kept too so that runs of other games (``--first``) can be merged."""
    mean, _sd, half = spread(shares)
    return {"games": len(shares), "seconds": seconds, "bot": bot, "opponent": opponent,
            "win": mean, "half": half, "fair": 1.0 / players, "cut": cut, "shares": shares}


def ranges(entry: dict[str, Any]) -> list[list[int]]:
    """The game indices an entry holds, as [start, stop) ranges (an entry written before
    they were kept holds games 0.. of its count)."""
    return [list(r) for r in entry.get("ranges", [[0, entry["games"]]])]


def mergeable(entry: dict[str, Any] | None) -> bool:
    """Whether more games can be added to an entry: it keeps each game's result."""
    return entry is not None and ("shares" in entry or "scores" in entry)


def combine(name: str, mine: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """The entry of ``mine``'s games and ``entry``'s (other games of the same pairing)."""
    spans = ranges(mine) + ranges(entry)
    if "scores" in mine:
        joined = {**mine, "scores": mine["scores"] + entry["scores"]}
        mean, sd, half = spread(joined["scores"])
        joined.update(games=len(joined["scores"]), mean=mean, sd=sd, half=half,
                      seconds=mine["seconds"] + entry["seconds"])
    else:
        players = int(name.split("/")[1])
        joined = summary(mine["shares"] + entry["shares"], mine["seconds"] + entry["seconds"],
                         mine["bot"], mine["opponent"], players, mine["cut"] + entry["cut"])
    joined["ranges"] = spans
    return joined


def merge(results: dict[str, Any], other: dict[str, Any]) -> None:
    """Adds the games of ``other`` (a run of other games of the same pairings, ``--first``)
    to ``results``; a pairing without its games' results is replaced, not merged."""
    for name, entry in other.items():
        mine = results.get(name)
        if mine is None or not mergeable(mine) or not mergeable(entry):
            results[name] = entry
            continue
        if any(a < d and c < b for a, b in ranges(mine) for c, d in ranges(entry)):
            raise SystemExit(f"{name}: the runs share games ({ranges(mine)} and "
                             f"{ranges(entry)}); run the other with --first past them")
        results[name] = combine(name, mine, entry)


def elo(results: dict[str, Any], game: str) -> dict[str, float]:
    """Elo-style ratings from the 2-player pairings of ``game`` (Bradley-Terry, fitted by
    gradient steps on the log-likelihood), greedy at 1500."""
    rows = [r for k, r in results.items() if k.startswith(f"{game}/2/") and r["games"]]
    names = sorted({r["bot"] for r in rows} | {r["opponent"] for r in rows})
    rating = dict.fromkeys(names, 1500.0)
    for _ in range(5000):
        grad = dict.fromkeys(names, 0.0)
        for r in rows:
            p = min(max(r["win"], 0.005), 0.995)
            expected = 1 / (1 + 10 ** ((rating[r["opponent"]] - rating[r["bot"]]) / 400))
            grad[r["bot"]] += r["games"] * (p - expected)
            grad[r["opponent"]] -= r["games"] * (p - expected)
        total = sum(r["games"] for r in rows) or 1
        for name in names:
            rating[name] += 400 * grad[name] / total
        shift = 1500 - rating.get("greedy", 1500)
        rating = {name: value + shift for name, value in rating.items()}
    return rating


def elo_interval(win: float, half: float) -> tuple[float, float]:
    def diff(p: float) -> float:
        p = min(max(p, 0.001), 0.999)
        return 400 * math.log10(p / (1 - p))

    return diff(win - half), diff(win + half)


def wilson(p: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate ``p`` over ``n`` games (sensible at 0% and 100%,
    where the normal approximation's width is 0)."""
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def report(results: dict[str, Any]) -> str:
    lines = ["Win rates (the first bot's share of the victories, a shared victory split; "
             "95% Wilson interval):", ""]
    lines.append(f"{'game':<10} {'players':>7}  {'bot':<12} {'against':<8} {'games':>6} "
                 f"{'win rate':>9} {'95% interval':>16} {'fair':>5} {'Elo diff':>9} {'cut':>4}")
    for k, r in results.items():
        game, players, _ = k.split("/")
        if game == "bowling-solitaire" or not r["games"]:
            continue
        low, high = wilson(r["win"], r["games"])
        diff = ""
        if players == "2":
            win = min(max(r["win"], 0.001), 0.999)
            diff = f"{400 * math.log10(win / (1 - win)):+.0f}"
        lines.append(f"{game:<10} {players:>7}  {r['bot']:<12} {r['opponent']:<8} "
                     f"{r['games']:>6} {r['win']:>9.1%} [{low:>6.1%}, {high:>6.1%}] "
                     f"{r['fair']:>5.0%} {diff:>9} {r.get('cut', 0):>4}")
    for game in ("elevenes", "111"):
        ratings = elo(results, game)
        if ratings:
            lines += ["", f"Elo-style ratings, {game}, 2 players (greedy = 1500):"]
            for name, value in sorted(ratings.items(), key=lambda item: -item[1]):
                lines.append(f"  {name:<12} {value:6.0f}")
    lines += ["", "Bowling Solitaire, mean score per bot (95% interval):"]
    for k, r in results.items():
        if k.startswith("bowling-solitaire/") and r["games"]:
            lines.append(f"  {r['bot']:<12} {r['games']:>6} games  {r['mean']:6.1f} "
                         f"± {r['half']:.1f}  ({r['seconds'] / r['games']:.2f} s a game)")
    return "\n".join(lines)


def chart(results: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [(k, r) for k, r in results.items()
            if not k.startswith("bowling-solitaire/") and r["games"]]
    bowling = [r for k, r in results.items() if k.startswith("bowling-solitaire/") and r["games"]]
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(12, 1.2 + 0.45 * len(rows)), gridspec_kw={"width_ratios": [3, 1.4]})
    labels = [f"{k.split('/')[0]}, {k.split('/')[1]}p: {r['bot']} vs {r['opponent']} "
              f"({r['games']})" for k, r in rows]
    ys = list(range(len(rows)))[::-1]
    bounds = [wilson(r["win"], r["games"]) for _, r in rows]
    left.errorbar([100 * r["win"] for _, r in rows], ys,
                  xerr=[[100 * (r["win"] - lo) for (_, r), (lo, _) in zip(rows, bounds,
                                                                          strict=True)],
                        [100 * (hi - r["win"]) for (_, r), (_, hi) in zip(rows, bounds,
                                                                          strict=True)]],
                  fmt="o", capsize=4)
    for y, (_, r) in zip(ys, rows, strict=True):
        left.plot([100 * r["fair"]] * 2, [y - 0.35, y + 0.35], color="grey", linewidth=1)
    left.axvline(70, color="tab:red", linewidth=1, linestyle="--")
    left.set_yticks(ys)
    left.set_yticklabels(labels, fontsize=8)
    left.set_xlim(0, 100)
    left.set_xlabel("win rate of the first bot (%), 95% interval; grey: a fair share, "
                    "red: the 70% goal")
    left.set_title("Elevenes and 111 (games played in brackets)")
    names = [r["bot"] for r in bowling]
    right.barh(names[::-1], [r["mean"] for r in bowling][::-1],
               xerr=[r["half"] for r in bowling][::-1], capsize=4)
    right.set_xlabel("mean score")
    right.set_title("Bowling Solitaire")
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budgets", default="30,100",
                        help="ISMCTS iterations per decision, comma-separated (default 30,100)")
    parser.add_argument("--cheap-games", type=int, default=2000,
                        help="games of a pairing without the search bot (default 2000)")
    parser.add_argument("--search-games", type=int, default=200,
                        help="games at most of a pairing with the search bot (default 200)")
    parser.add_argument("--minutes", type=float, default=2.5,
                        help="minutes at most per pairing (default 2.5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first", type=int, default=0,
                        help="the index of the first game (another run's games: --merge)")
    parser.add_argument("--merge", nargs="*", default=[],
                        help="JSON files of runs of other games (--first) to add to --out")
    parser.add_argument("--chunk", type=int, default=10, help="games between time checks")
    parser.add_argument("--out", default=str(HERE / "bots_ladder.json"))
    parser.add_argument("--png", default=str(DOCS / "bots_ladder.png"))
    parser.add_argument("--only", default=None, help="only pairings whose key contains this")
    parser.add_argument("--cheap-only", action="store_true",
                        help="only the pairings without the search bot")
    parser.add_argument("--again", action="store_true", help="replay pairings already done")
    parser.add_argument("--more", action="store_true",
                        help="add games to pairings already done, up to --cheap-games or "
                             "--search-games in all (a pairing whose games' results the file "
                             "does not keep is played again); a run stopped part way is kept "
                             "and goes on from its last game")
    parser.add_argument("--report", action="store_true", help="no games: tables and chart")
    args = parser.parse_args(argv)
    out = Path(args.out)
    results: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    for extra in args.merge:
        merge(results, json.loads(Path(extra).read_text()))
    if args.merge:
        out.write_text(json.dumps(results, indent=1) + "\n")
    if not args.report and not args.merge:
        for game, players, seating in pairings(args.budgets.split(",")):
            name = key(game, players, seating)
            if args.only and args.only not in name:
                continue
            if args.cheap_only and not cheap(seating):
                continue
            games = args.cheap_games if cheap(seating) else args.search_games
            before = results.get(name)
            if before is not None and not args.again and not args.more:
                continue
            first = args.first
            if args.more and mergeable(before) and not args.again:
                assert before is not None
                if before["games"] >= games:
                    continue
                # the pairing goes on after the games it holds, up to ``games`` in all
                first = max(first, max(stop for _, stop in ranges(before)))
                games -= before["games"]
            else:
                before = None  # replayed from ``--first``

            def save(entry: dict[str, Any], name: str = name,
                     before: dict[str, Any] | None = before) -> None:
                results[name] = entry if before is None else combine(name, before, entry)
                out.write_text(json.dumps(results, indent=1) + "\n")

            save(play_pairing(game, players, seating, games, args.minutes * 60,
                              args.seed, args.chunk, first, save))
    print(report(results))
    if args.png:
        chart(results, Path(args.png))
    return 0


if __name__ == "__main__":
    sys.exit(main())
