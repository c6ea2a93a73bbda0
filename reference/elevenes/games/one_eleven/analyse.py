"""``elevenes analyse 111``: bots against each other over many seeded games.

Every game seats the bots given (``--bots greedy,random``; repeated round the table when there
are fewer bots than seats) in a seating that turns by one seat from game to game.  Printed:
the game length in turns (mean, spread and a histogram) and how games end (111 coins or the
turn limit); each seat's share of the victories (the first player's advantage); each bot's
share; and how often each reward and penalty path pays, per game (events.PATHS, read from
the same view differences as the terminal's log).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ...bots.charts import histogram, spread
from ...bots.compare import Measure
from ...bots.runner import Record
from ...core.errors import BadOption
from ...core.play import sample_chance
from .bots import BOTS
from .events import PATHS, reward_paths
from .state import A_DISCARD, A_DRAW, OneElevenGame, OneElevenState

HAS_CARDS = False  # no card effects: --cards / --vs do not apply
PATH_INDEX = {path: i for i, path in enumerate(PATHS)}


def play_one(game: OneElevenGame, seats: Sequence[str], seed: int) -> tuple[OneElevenState,
                                                                             list[int]]:
    """One game; the count of each reward path (PATHS order)."""
    rng = random.Random(seed)
    bots = [BOTS[name] for name in seats]
    state = game.new_initial_state()
    paths = [0] * len(PATHS)
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = bots[state.current_player()](state, rng)
        text = state.action_to_string(action)
        if _may_pay(state, text):
            before = state.to_json()
            state.apply_action(action)
            for path, _ in reward_paths(before, state.to_json(), text):
                paths[PATH_INDEX[path]] += 1
        else:
            state.apply_action(action)
    return state, paths


def _may_pay(state: OneElevenState, text: str) -> bool:
    """Whether the action can end a fight, sell diamonds or end a turn (a bail-out): only
    then are the views compared (the rest of the game runs at engine speed)."""
    return (state.target_boss >= 0 or state.target_player >= 0 or text.startswith("coins")
            or state.asking in (A_DRAW, A_DISCARD) or text == "end turn")


def jobs(game: OneElevenGame, bots: str | None) -> list[Hashable]:
    """One job: the bots named (default greedy,random), seated in turn round the table."""
    names = [b.strip() for b in (bots or "greedy,random").split(",") if b.strip()]
    if not names:
        raise BadOption("--bots names no bot")
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise BadOption(f"unknown bot {unknown[0]!r} for 111; bots: {', '.join(sorted(BOTS))}")
    return [tuple(names)]


def play_chunk(game: OneElevenGame, job: Hashable, seed: int, start: int,
               stop: int) -> list[Record]:
    """Games ``start``..``stop - 1``: (seats, winners, coins, turns, ended by, path counts)."""
    names = list(job) if isinstance(job, tuple) else [str(job)]
    n = game.num_players()
    records: list[Record] = []
    for index in range(start, stop):
        seats = tuple(names[(index + k) % len(names)] for k in range(n))
        state, paths = play_one(game, seats, seed * 1_000_003 + index)
        records.append((seats, tuple(state.winners), tuple(state.coins), state.turn,
                        state.ended_by, tuple(paths)))
    return records


def measures(job: Hashable, record: Record) -> list[Measure]:
    seats, winners, _, turns, _, _ = record
    share = 1.0 / len(winners) if winners else 0.0
    return [("first player wins", share if 0 in winners else 0.0, True),
            ("turns", float(turns), False)]


def title(game: OneElevenGame, args: argparse.Namespace) -> str:
    names = [b.strip() for b in (args.bots or "greedy,random").split(",") if b.strip()]
    return (f"111, The Game ({game.num_players()} players): {args.games} games, bots "
            f"{', '.join(names)} (seating turned each game), seed {args.seed}")


def tally(game: OneElevenGame, records: Sequence[Record]) -> dict[str, Any]:
    n = game.num_players()
    seat_wins = [0.0] * n
    bot_wins: dict[str, float] = defaultdict(float)
    bot_seats: Counter[str] = Counter()
    paths = [0] * len(PATHS)
    games_with = [0] * len(PATHS)
    for seats, winners, _, _, _, counts in records:
        share = 1.0 / len(winners) if winners else 0.0
        for seat, name in enumerate(seats):
            bot_seats[name] += 1
            if seat in winners:
                seat_wins[seat] += share
                bot_wins[name] += share
        for i, c in enumerate(counts):
            paths[i] += c
            games_with[i] += c > 0
    return {"seat_wins": seat_wins, "bot_wins": bot_wins, "bot_seats": bot_seats,
            "paths": paths, "games_with": games_with,
            "turns": [r[3] for r in records], "ends": Counter(r[4] for r in records)}


def report(game: OneElevenGame, results: dict[Hashable, list[Record]],
           args: argparse.Namespace) -> list[str]:
    records = [r for job_records in results.values() for r in job_records]
    t = tally(game, records)
    games = len(records)
    mean, sd, half = spread(t["turns"])
    lines = [f"game length: mean {mean:.1f} turns (±{half:.1f}, sd {sd:.1f}), "
             f"min {min(t['turns'])}, max {max(t['turns'])}; ended by "
             + ", ".join(f"{why} {k}" for why, k in sorted(t["ends"].items()))]
    lines.append("wins by seat: " + ", ".join(
        f"P{s} {w / games:.1%}" for s, w in enumerate(t["seat_wins"]))
        + f"  (fair share {1 / game.num_players():.1%})")
    lines.append("wins by bot (per seat played): " + ", ".join(
        f"{b} {t['bot_wins'][b] / k:.1%}" for b, k in t["bot_seats"].items()))
    lines.append("")
    lines.append(f"{'reward / penalty path':<26}{'per game':>9}{'games with it':>15}")
    for i, path in enumerate(PATHS):
        lines.append(f"{path:<26}{t['paths'][i] / games:>9.2f}"
                     f"{t['games_with'][i] / games:>15.1%}")
    lines.append("")
    lines.append("game length in turns:")
    width = max(10, -(-(max(t["turns"]) - min(t["turns"]) + 1) // 20 // 10) * 10)
    lines.extend("  " + line for line in histogram(t["turns"], width=width))
    return lines


def drawing(game: OneElevenGame, results: dict[Hashable, list[Record]],
            args: argparse.Namespace) -> Callable[[Any], Any]:
    """Game lengths, wins by seat, and the reward paths per game."""
    records = [r for job_records in results.values() for r in job_records]
    t = tally(game, records)
    games = len(records)

    def draw(plt: Any) -> Any:
        figure, (left, middle, right) = plt.subplots(1, 3, figsize=(14, 4.5))
        left.hist(t["turns"], bins=30)
        left.set_xlabel("turns")
        left.set_ylabel("games")
        left.set_title("game length")
        middle.bar([f"P{s}" for s in range(len(t["seat_wins"]))],
                   [100 * w / games for w in t["seat_wins"]])
        middle.set_ylabel("share of the victories (%)")
        middle.set_title("wins by seat")
        right.barh(list(PATHS), [c / games for c in t["paths"]])
        right.set_xlabel("times per game")
        right.set_title("reward and penalty paths")
        figure.suptitle(f"111, The Game: {games} games")
        figure.tight_layout()
        return figure

    return draw
