"""``elevenes hint STATE.json``: the best moves of an Elevenes for One position, with the value
of every legal move under each objective (the best chance to win, the best expected rating)."""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from ...core.errors import BadOption
from ...core.solve import Progress
from .cli_solve import load_position
from .hints import CHANCE_KEY, move_values
from .solver import OBJECTIVES, fmt


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
                        help="give up beyond N positions explored (by either engine)")
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="give up after this many seconds")
    parser.add_argument("--engine", choices=["auto", "python"], default="auto",
                        help="auto (default): the native solver values the passes to come "
                             "(compiled on first use, values cached); python: all in Python")
    parser.add_argument("--exact", action="store_true",
                        help="also print each value as an exact fraction")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress line on stderr")


def run(args: argparse.Namespace) -> int:
    for name in ("max_positions", "time_limit"):
        given = getattr(args, name)
        if given is not None and given <= 0:
            raise BadOption(f"--{name.replace('_', '-')} takes a number above 0, not {given}")
    state = load_position(args.state, {}, args.cards)
    show = not args.no_progress and sys.stderr.isatty()
    if state.is_terminal():
        print(f"The game is over ({state.result}): rating {state.score()}.")
        return 0
    if args.engine == "auto":
        from .game import EfoGame
        from .native import NativeUnavailable, lower

        try:  # a reading the native solver does not play: the Python search values it all
            assert isinstance(state.game, EfoGame)
            lower(state.game, solver=True)
        except NativeUnavailable as exc:
            print(f"note: using the Python search: {exc}", file=sys.stderr)
    progress = Progress("") if show else None
    try:
        found = move_values(state, list(OBJECTIVES), args.max_positions, args.time_limit,
                            args.engine, progress.draw if progress is not None else None)
    finally:
        if progress is not None:
            progress.close()
    if state.is_chance_node():
        for objective, table in found.items():
            print(f"A card is being laid out (chance); {OBJECTIVES[objective][1]}: "
                  f"{fmt(objective, table[CHANCE_KEY])}")
        return 0
    values: dict[str, dict[int, Fraction]] = found
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
