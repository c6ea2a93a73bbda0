"""``elevenes analyse elevenes``: bots against each other over many seeded games.

Every game seats the bots given (``--bots greedy,random``; repeated round the table when there
are fewer bots than seats) in a seating that rotates from game to game, so each bot plays
every seat equally often.  Printed: each bot's share of the victories (a shared victory
counts 1/k), its mean cubes and mean spread value at a round's end; each seat's share of the
victories; the mean rounds and decisions of a game.  A card variant (``--cards``) or a guest
file (``-o guest_file=``) shows its effect on these numbers; ``--vs B.cards`` compares each
bot's share of the victories, its cubes, each seat's share of the victories and the rounds of
a game under both rule sets; its default line-up is greedy against greedy (``VS_BOTS``): greedy
against random wins every game under almost any rules, so it shows no difference.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ...bots.charts import histogram
from ...bots.compare import Measure
from ...bots.runner import Record
from ...core.errors import BadOption
from ...core.play import sample_chance
from .bots import BOTS
from .state import ElvGame, ElvState

HAS_CARDS = True
MAX_ACTIONS = 100_000  # ELV.RULING.GAME-LENGTH
# ``analyse --vs`` without --bots: two equal bots, so that a rule change shows in the seats'
# shares of the victories and in the cubes, not only in who is the stronger bot
VS_BOTS = "greedy,greedy"


def play_one(game: ElvGame, seats: list[str], seed: int) -> tuple[ElvState, list[list[int]]]:
    rng = random.Random(seed)
    bots = [BOTS[name] for name in seats]
    state = game.new_initial_state()
    values: list[list[int]] = []
    rounds = state.round
    while not state.is_terminal() and len(state.history) < MAX_ACTIONS:
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = bots[state.current_player()](state, rng)
        state.apply_action(action)
        if state.round != rounds or state.is_terminal():
            rounds = state.round
            if state.last is not None:
                values.append(list(state.last["values"]))
    return state, values


def jobs(game: ElvGame, bots: str | None) -> list[Hashable]:
    """One job: the bots named (default greedy,random), seated in turn round the table."""
    names = [b.strip() for b in (bots or "greedy,random").split(",") if b.strip()]
    if not names:
        raise BadOption("--bots names no bot")
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise BadOption(f"unknown bot {unknown[0]!r}; bots: {', '.join(sorted(BOTS))}")
    return [tuple(names)]


def play_chunk(game: ElvGame, job: Hashable, seed: int, start: int, stop: int) -> list[Record]:
    """Games ``start``..``stop - 1``: (seats, winners, cubes, spread values at each round's
    end, rounds, decisions) each; the seating turns by one seat from game to game."""
    names = list(job) if isinstance(job, tuple) else [str(job)]
    n = game.num_players()
    records: list[Record] = []
    for index in range(start, stop):
        seats = tuple(names[(index + k) % len(names)] for k in range(n))
        state, values = play_one(game, list(seats), seed * 1_000_003 + index)
        records.append((
            seats,
            tuple(state.winners),
            tuple(state.cubes),
            tuple(tuple(v) for v in values),
            state.round,
            len(state.history),
        ))
    return records


def measures(job: Hashable, record: Record) -> list[Measure]:
    """Per bot: its share of this game's victory (over its seats) and its mean cubes; per seat
    of the table (P0, P1, ...): its share of the victory; whether the game ended with no
    winner (ELV.RULING.BOWL-EMPTY (f)); and the game's rounds."""
    seats, winners, cubes, _, rounds, _ = record
    share = 1.0 / len(winners) if winners else 0.0
    found: list[Measure] = []
    names = job if isinstance(job, tuple) and len(job) <= len(seats) else ()
    for name in dict.fromkeys(names):  # (more bots than seats: some sit out, no per-bot numbers)
        mine = [s for s, bot in enumerate(seats) if bot == name]
        found.append((f"{name} wins", sum(share for s in mine if s in winners) / len(mine), True))
        found.append((f"{name} cubes", sum(cubes[s] for s in mine) / len(mine), False))
    for seat in range(len(seats)):
        found.append((f"P{seat} wins", share if seat in winners else 0.0, True))
    found.append(("no winner", 0.0 if winners else 1.0, True))
    found.append(("rounds", float(rounds), False))
    return found


def title(game: ElvGame, args: argparse.Namespace) -> str:
    options = ", ".join(f"{k}={v}" for k, v in game.options.items() if v not in ("", False))
    names = [b.strip() for b in (args.bots or "greedy,random").split(",") if b.strip()]
    return f"Elevenes ({options}): {args.games} games, bots {', '.join(names)}, seed {args.seed}"


def tally(game: ElvGame, records: Sequence[Record]) -> dict[str, Any]:
    n = game.num_players()
    wins: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    cubes: dict[str, list[int]] = defaultdict(list)
    values: dict[str, list[int]] = defaultdict(list)
    seat_wins = [0.0] * n
    for seats, winners, final, round_values, _, _ in records:
        share = 1.0 / len(winners) if winners else 0.0
        for seat, name in enumerate(seats):
            played[name] += 1
            cubes[name].append(final[seat])
            values[name].extend(v[seat] for v in round_values)
            if seat in winners:
                wins[name] += share
                seat_wins[seat] += share
    return {"wins": wins, "played": played, "cubes": cubes, "values": values,
            "seat_wins": seat_wins}


def report(
    game: ElvGame, results: dict[Hashable, list[Record]], args: argparse.Namespace
) -> list[str]:
    records = [r for job_records in results.values() for r in job_records]
    t = tally(game, records)
    lines = [f"{'bot':<10}{'seats':>7}{'wins':>9}{'cubes':>8}{'value':>8}"]
    for name in t["played"]:
        lines.append(
            f"{name:<10}{t['played'][name]:>7}{t['wins'][name] / t['played'][name]:>9.1%}"
            f"{sum(t['cubes'][name]) / len(t['cubes'][name]):>8.2f}"
            f"{sum(t['values'][name]) / max(1, len(t['values'][name])):>8.2f}"
        )
    lines.append(
        "wins by seat: "
        + ", ".join(f"P{s} {w / len(records):.1%}" for s, w in enumerate(t["seat_wins"]))
    )
    nobody = sum(1 for r in records if not r[1])
    if nobody:  # ELV.RULING.BOWL-EMPTY (f): the empty bowl ended it with nobody at the target
        lines.append(f"games with no winner: {nobody} ({nobody / len(records):.1%})")
    rounds = [r[4] for r in records]
    decisions = [r[5] for r in records]
    lines.append(
        f"mean rounds {sum(rounds) / len(rounds):.2f}, mean decisions "
        f"{sum(decisions) / len(decisions):.0f} per game"
    )
    lines.append("spread values at the end of a round (all bots):")
    all_values = [v for name in t["values"] for v in t["values"][name]]
    lines.extend("  " + line for line in histogram(all_values, width=2))
    return lines


def drawing(
    game: ElvGame, results: dict[Hashable, list[Record]], args: argparse.Namespace
) -> Callable[[Any], Any]:
    """Each bot's share of the victories and its spread values at a round's end."""
    records = [r for job_records in results.values() for r in job_records]
    t = tally(game, records)
    names = list(t["played"])

    def draw(plt: Any) -> Any:
        figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4.5))
        left.bar(names, [100 * t["wins"][b] / t["played"][b] for b in names])
        left.set_ylabel("share of the victories per seat played (%)")
        left.set_title("wins by bot")
        for name in names:
            right.hist(t["values"][name], bins=range(0, 26), alpha=0.6, label=name)
        right.set_xlabel("spread value at a round's end")
        right.set_ylabel("rounds")
        right.set_title("spread values")
        right.legend()
        figure.suptitle(f"Elevenes: {len(records)} games")
        return figure

    return draw
