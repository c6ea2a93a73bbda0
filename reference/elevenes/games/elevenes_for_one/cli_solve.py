"""``elevenes solve elevenes-for-one``: the best chance to win and the best expected rating,
exactly, from the start of a game (or from a saved position)."""

from __future__ import annotations

import argparse
import json
import sys

from ...core.errors import BadOption, BadState
from ...core.solve import Progress
from ..cli import parse_options
from ..prompt import read_saved
from . import make_game
from .game import EfoGame, EfoState
from .solver import OBJECTIVES, fmt, solve

LARGEST = 8  # cards to lay out: about five minutes and 2 GB per objective (bench_solver.py)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=["elevenes-for-one"], help="which game")
    parser.add_argument("--cards", default=None, metavar="FILE",
                        help="a .cards file replacing or adding cards")
    parser.add_argument("--minutes", type=int, default=None, metavar="N",
                        help="minutes on the clock at the start (the option minutes)")
    parser.add_argument("-o", "--option", action="append", metavar="KEY=VALUE",
                        help="a game option")
    parser.add_argument("--trolley", type=int, default=None, metavar="K",
                        help="start a pass with cards 1 to K already on the trolley and the "
                             "others shuffled into the pantry (an endgame)")
    parser.add_argument("--from", dest="position", default=None, metavar="STATE.json",
                        help="solve from this position (a canonical state file) instead")
    parser.add_argument("--objective", choices=[*OBJECTIVES, "both"], default="both",
                        help="what to maximise (default: both, each on its own)")
    parser.add_argument("--max-positions", type=int, default=None, metavar="N",
                        help="give up beyond N positions explored")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress line on stderr")


def load_position(path: str, options: dict[str, object], cards: str | None) -> EfoState:
    """A saved Elevenes for One position; the command's options override the saved ones."""
    doc = read_saved(path)
    if doc.get("game") != "elevenes-for-one":
        raise BadState(f"{path} is a position of {doc.get('game')!r}, not of elevenes-for-one")
    saved = doc.get("options")
    game = make_game({**(saved if isinstance(saved, dict) else {}), **options}, cards)
    state = game.state_from_json(doc)
    return state


def endgame(game: EfoGame, top: int) -> EfoState:
    """The start of a pass with cards 1 to ``top`` on the trolley, the rest to be laid out and
    the game's starting minutes on the clock."""
    if not 1 <= top <= 10:
        raise BadOption(f"--trolley takes a number from 1 to 10, not {top}")
    start = game.new_initial_state().to_json()
    start["trolley"] = list(range(1, top + 1))
    start["deck"] = list(range(top + 1, 12))
    return game.state_from_json(start)


def run(args: argparse.Namespace) -> int:
    options: dict[str, object] = dict(parse_options(args.option))
    if args.minutes is not None:
        options["minutes"] = args.minutes
    if args.position is not None:
        if args.trolley is not None:
            raise BadOption("--trolley and --from cannot be used together")
        state = load_position(args.position, options, args.cards)
    elif args.trolley is not None:
        state = endgame(make_game(options, args.cards), args.trolley)
    else:
        state = make_game(options, args.cards).new_initial_state()
    cards = len(state.pantry) + len(state.deck)
    if cards > LARGEST and args.max_positions is None:
        print(f"note: {cards} cards to lay out; exact solving is practical up to {LARGEST} "
              "(each card more costs about seven times the time and memory, see the docs' "
              "solver page); --max-positions N stops it early", file=sys.stderr)
    objectives = list(OBJECTIVES) if args.objective == "both" else [args.objective]
    show = not args.no_progress and sys.stderr.isatty()
    results = []
    for objective in objectives:
        progress = Progress(f"solving ({OBJECTIVES[objective][1]})") if show else None
        results.append(solve(state, objective, progress, args.max_positions))
    game_options = dict(state.game.options)
    if args.json:
        print(json.dumps({
            "game": state.game.id,
            "options": game_options,
            "cards": args.cards,
            "from": args.position,
            "trolley": args.trolley,
            "results": [{
                "objective": r.objective, "value": str(r.value), "float": float(r.value),
                "positions_explored": r.explored, "positions_stored": r.stored,
                "seconds": round(r.seconds, 3)} for r in results],
        }, indent=1))
        return 0
    where = (f"from {args.position}" if args.position else
             f"from a pass with 1-{args.trolley} on the trolley" if args.trolley else
             "from the start")
    setting = ", ".join(f"{k}={v}" for k, v in sorted(game_options.items()))
    print(f"Elevenes for One ({setting}; {args.cards or 'printed cards'}), {where}:")
    for r in results:
        print(f"  best {OBJECTIVES[r.objective][1]}: {fmt(r.objective, r.value)}"
              f"  [policy maximising the {OBJECTIVES[r.objective][1]}; "
              f"{r.explored:,} positions explored, {r.stored:,} stored, {r.seconds:.1f} s]")
    return 0
