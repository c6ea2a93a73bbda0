"""Bot decisions per second, and how long one decision takes (mean, 95th percentile, longest).

Each bot plays seeded games against the greedy bot (alone in Bowling Solitaire) until it has
made ``--decisions`` decisions; only its own decisions are timed.  A decision with a single
legal move is counted too (every bot answers it at once), as a person at the table meets it.

    nice -n 10 python benchmarks/bots_speed.py
    python benchmarks/bots_speed.py --bots ismcts:100,ismcts --decisions 400
    python benchmarks/bots_speed.py --clock cpu     # the process's own CPU time

On a machine whose cores are busy with other work, the time on the wall clock holds the
waits for a core; ``--clock cpu`` counts only the bot's own computing, what a decision takes
on an idle core.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Sequence

from elevenes.games import REGISTRY, load_game

SETUPS = [("elevenes", 2), ("elevenes", 4), ("111", 2), ("111", 4), ("bowling-solitaire", 1)]


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter
"""How a decision is timed (``--clock``)."""


def measure(game_id: str, players: int, bot_name: str, decisions: int,
            seconds: float) -> list[float]:
    options = {"players": players} if game_id != "bowling-solitaire" else {}
    game = load_game(game_id, options)
    bots = importlib.import_module(REGISTRY[game_id] + ".bots").BOTS
    times: list[float] = []
    started = time.perf_counter()
    index = 0
    while len(times) < decisions and time.perf_counter() - started < seconds:
        rng = random.Random(index)
        state = game.new_initial_state()
        seat = index % game.num_players()
        while not state.is_terminal() and len(times) < decisions and len(state.history) < 20_000:
            if state.is_chance_node():
                action = state.sample_chance(rng)
            elif state.current_player() == seat:
                tick = clock()
                action = bots[bot_name](state, rng)
                times.append(clock() - tick)
            else:
                action = bots["greedy"](state, rng)
            state.apply_action(action)
        index += 1
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="random,greedy,ismcts:30,ismcts:100,ismcts")
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=90.0,
                        help="seconds at most per game and bot (default 90)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall: time waited (default); cpu: the process's own CPU time")
    args = parser.parse_args(argv)
    global clock
    clock = CLOCKS[args.clock]
    print(f"({args.clock} clock)")
    print(f"{'game':<18} {'bot':<11} {'decisions':>9} {'per s':>9} {'mean ms':>8} "
          f"{'p95 ms':>8} {'max ms':>8}")
    for game_id, players in SETUPS:
        for bot in args.bots.split(","):
            times = measure(game_id, players, bot, args.decisions, args.seconds)
            if not times:
                continue
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            label = f"{game_id} {players}p" if game_id != "bowling-solitaire" else game_id
            print(f"{label:<18} {bot:<11} {len(times):>9} {len(times) / sum(times):>9.1f} "
                  f"{1000 * statistics.fmean(times):>8.1f} {1000 * p95:>8.1f} "
                  f"{1000 * ordered[-1]:>8.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
