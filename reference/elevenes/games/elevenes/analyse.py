"""``elevenes analyse elevenes``: bots against each other over many seeded games.

Every game seats the bots given (``--bots greedy,random``; repeated round the table when there
are fewer bots than seats) in a seating that rotates from game to game, so each bot plays
every seat equally often.  Printed: each bot's share of the victories (a shared victory
counts 1/k), its mean cubes and mean spread value at a round's end; each seat's share of the
victories; the mean rounds and decisions of a game.  A card variant (``--cards``) or a guest
file (``-o guest_file=``) shows its effect on these numbers.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict

from ...bots.charts import histogram
from ...core.errors import BadOption
from ...core.play import sample_chance
from .bots import BOTS
from .state import ElvGame, ElvState

MAX_ACTIONS = 100_000  # ELV.RULING.GAME-LENGTH


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


def run(game: ElvGame, args: argparse.Namespace) -> int:
    names = [b.strip() for b in (args.bots or "greedy,random").split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise BadOption(f"unknown bot {unknown[0]!r}; bots: {', '.join(sorted(BOTS))}")
    if args.png:
        raise BadOption("elevenes analyse elevenes prints its tables; --png is not offered")
    n = game.num_players()
    wins: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    cubes: dict[str, list[int]] = defaultdict(list)
    values: dict[str, list[int]] = defaultdict(list)
    seat_wins = [0.0] * n
    rounds: list[int] = []
    decisions: list[int] = []
    for index in range(args.games):
        seats = [names[(index + k) % len(names)] for k in range(n)]
        state, round_values = play_one(game, seats, args.seed * 1_000_003 + index)
        rounds.append(state.round)
        decisions.append(len(state.history))
        share = 1.0 / len(state.winners) if state.winners else 0.0
        for seat, name in enumerate(seats):
            played[name] += 1
            cubes[name].append(state.cubes[seat])
            values[name].extend(v[seat] for v in round_values)
            if seat in state.winners:
                wins[name] += share
                seat_wins[seat] += share
    out = sys.stdout
    options = ", ".join(f"{k}={v}" for k, v in game.options.items() if v not in ("", False))
    print(f"Elevenes ({options}): {args.games} games, bots {', '.join(names)}", file=out)
    print(f"{'bot':<10}{'seats':>7}{'wins':>9}{'cubes':>8}{'value':>8}", file=out)
    for name in dict.fromkeys(names):
        print(
            f"{name:<10}{played[name]:>7}{wins[name] / played[name]:>9.1%}"
            f"{sum(cubes[name]) / len(cubes[name]):>8.2f}"
            f"{sum(values[name]) / max(1, len(values[name])):>8.2f}",
            file=out,
        )
    print(
        "wins by seat: " + ", ".join(f"P{s} {w / args.games:.1%}" for s, w in enumerate(seat_wins)),
        file=out,
    )
    print(
        f"mean rounds {sum(rounds) / len(rounds):.2f}, mean decisions "
        f"{sum(decisions) / len(decisions):.0f} per game",
        file=out,
    )
    print("spread values at the end of a round (all bots):", file=out)
    for line in histogram([v for name in values for v in values[name]], width=2):
        print("  " + line, file=out)
    return 0
