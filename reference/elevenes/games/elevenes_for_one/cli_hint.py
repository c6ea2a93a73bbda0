"""``elevenes hint STATE.json``: the best moves of an Elevenes for One position, with the value
of every legal move under each objective (the best chance to win, the best expected rating)."""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from ...core.solve import Progress
from .cli_solve import load_position
from .solver import OBJECTIVES, fmt, make_solver, native_passes


def approx(objective: str, value: Fraction) -> str:
    """A value rounded for the table: a percentage for a chance, points for a rating."""
    if objective == "win":
        return f"{float(value) * 100:.4f}%"
    return f"{float(value):.4f} points"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("state", metavar="STATE.json",
                        help="an Elevenes for One position (a canonical state file)")
    parser.add_argument("--cards", default=None, metavar="FILE",
                        help="the .cards file the game is played with")
    parser.add_argument("--max-positions", type=int, default=None, metavar="N",
                        help="give up beyond N positions explored")
    parser.add_argument("--engine", choices=["auto", "python"], default="auto",
                        help="auto (default): the native solver values the passes to come "
                             "(compiled on first use, values cached); python: all in Python")
    parser.add_argument("--exact", action="store_true",
                        help="also print each value as an exact fraction")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress line on stderr")


def run(args: argparse.Namespace) -> int:
    state = load_position(args.state, {}, args.cards)
    show = not args.no_progress and sys.stderr.isatty()
    if state.is_terminal():
        print(f"The game is over ({state.result}): rating {state.score()}.")
        return 0
    values: dict[str, dict[int, Fraction]] = {}
    for objective, (_, label) in OBJECTIVES.items():
        progress = Progress(f"solving ({label})") if show else None
        passes = native_passes(state, objective) if args.engine == "auto" else None
        solver = make_solver(objective, progress, args.max_positions, passes=passes)
        try:
            if state.is_chance_node():
                value = solver.value(state)
                print(f"A card is being laid out (chance); {label}: {fmt(objective, value)}")
            else:
                values[objective] = dict(solver.action_values(state))
        finally:
            if progress is not None:
                progress.close()
    if not values:
        return 0
    best = {objective: max(table.values()) for objective, table in values.items()}
    print((f"{'move':<16}" + "".join(f"{OBJECTIVES[o][1]:<24}" for o in values)).rstrip())
    for action in state.legal_actions():
        cells = []
        for objective, table in values.items():
            mark = " *" if table[action] == best[objective] else ""
            cells.append(f"{approx(objective, table[action])}{mark}".ljust(24))
        print(f"{state.action_to_string(action):<16}" + "".join(cells).rstrip())
    print("(* the best; values are exact, shown rounded" +
          ("" if args.exact else ": --exact prints the fractions") + ")")
    if args.exact:
        for objective, table in values.items():
            print(f"{OBJECTIVES[objective][1]}, exactly:")
            for action in state.legal_actions():
                print(f"  {state.action_to_string(action):<14}{table[action]}")
    for objective, table in values.items():
        moves = [state.action_to_string(a) for a, v in table.items() if v == best[objective]]
        print(f"best for the {OBJECTIVES[objective][1]}: {', '.join(moves)}")
    return 0
