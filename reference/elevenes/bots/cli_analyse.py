"""``elevenes analyse GAME``: simulate many games with bots and summarise the results;
``--vs B.cards`` compares two rule sets on the same seeds, and ``--vs-option KEY=VALUE`` two
sets of options (a ruling's reading, for instance).

What is played and reported is the game's own: ``elevenes.games.<package>.analyse`` supplies

- ``HAS_CARDS``: whether ``--cards`` / ``--vs`` apply;
- ``jobs(game, bots)``: what to simulate (a bot, or a seating of bots), checked up front;
- ``play_chunk(game, job, seed, start, stop)``: games ``start``..``stop - 1`` as records;
- ``title(game, args)``, ``report(game, results, args)`` and ``drawing(game, results, args)``
  (the PNG chart) for one rule set;
- ``measures(job, record)``: the numbers of one game that ``--vs`` compares.

The games run in seeded chunks on an executor (runner.py), so the numbers are the same with
any ``--workers`` or ``--scheduler``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from ..core.errors import BadOption, ElevenesError
from ..games import REGISTRY, game_ids, load_game
from ..games.cli import parse_options, user_cards
from . import compare
from .charts import Progress, pyplot, write_png
from .runner import GameSpec, chunk_size, default_workers, executor_for, run_jobs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=game_ids(), help="which game")
    parser.add_argument(
        "--games", type=int, default=1000, metavar="N", help="games per bot (default 1000)"
    )
    parser.add_argument(
        "--bots", default=None, metavar="A,B",
        help="comma-separated bots (default: the game's quick ones); ismcts is the search "
        "bot, ismcts:N with N iterations per decision, ismcts:Xs with X seconds",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument(
        "--png", default=None, metavar="FILE", help="also draw the charts to FILE (matplotlib)"
    )
    parser.add_argument(
        "-o", "--option", action="append", metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument(
        "--cards", default=None, metavar="FILE", help="a .cards file replacing or adding cards"
    )
    parser.add_argument(
        "--vs", default=None, metavar="FILE",
        help="compare with the rules of this .cards file (B) on the same seeds; "
        "A is --cards, or the rulebook's cards",
    )
    parser.add_argument(
        "--vs-option", action="append", metavar="KEY=VALUE",
        help="compare with these options (B) on the same seeds, e.g. a reading of a ruling: "
        "--vs-option reading.G111.RULING.EXACT-KILL=b; with --vs, B takes both",
    )
    parser.add_argument(
        "--workers", type=int, default=None, metavar="N",
        help=f"local worker processes (default: one per CPU, here {default_workers()})",
    )
    parser.add_argument(
        "--scheduler", default=None, metavar="ADDRESS",
        help="run on the Dask cluster of this scheduler (needs elevenes[dask])",
    )
    parser.add_argument(
        "--chunk", type=int, default=None, metavar="N",
        help="games per unit of work (default: chosen from --games and --workers)",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress bar on the terminal"
    )


def analysis_module(game_id: str) -> ModuleType:
    name = REGISTRY[game_id] + ".analyse"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            raise ElevenesError(f"{game_id} has no analysis yet") from None
        raise


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise BadOption(f"--games takes a positive number, not {args.games}")
    if args.chunk is not None and args.chunk < 1:
        raise BadOption(f"--chunk takes a positive number, not {args.chunk}")
    module = analysis_module(args.game)
    if not module.HAS_CARDS and (args.cards or args.vs):
        raise BadOption(
            f"{args.game} has no card effects, so --cards and --vs do not apply; "
            "analyse it without them"
        )
    options = parse_options(args.option)
    b_options = {**options, **parse_options(args.vs_option)}
    comparing = bool(args.vs or args.vs_option)
    if comparing and args.bots is None and getattr(module, "VS_BOTS", None):
        args.bots = module.VS_BOTS  # a line-up that can show a difference between A and B
    game = load_game(args.game, options=options, cards=args.cards)
    variant = load_game(args.game, options=b_options, cards=args.vs) if comparing else None
    jobs = module.jobs(game, args.bots)
    if args.png:
        pyplot()  # no matplotlib: say so before the games, not after
    workers = args.workers if args.workers is not None else default_workers()
    # a search bot takes seconds a game: chunks of one game, so that progress shows
    searching = "ismcts" in (args.bots or "")
    chunk = args.chunk or (1 if searching else chunk_size(args.games, workers))
    specs = [GameSpec.make(args.game, options, args.cards)]
    if comparing:
        specs.append(GameSpec.make(args.game, b_options, args.vs))
    progress = Progress(
        args.games * len(jobs) * len(specs), sys.stderr, enabled=not args.no_progress
    )
    with executor_for(workers, args.scheduler) as executor:
        results = [
            run_jobs(spec, module.__name__, jobs, args.games, args.seed, executor, chunk,
                     progress.advance)
            for spec in specs
        ]
    progress.finish()
    print(module.title(game, args))
    if variant is None:
        if args.cards:
            print(user_cards(game, args.cards))
        print()
        print("\n".join(module.report(game, results[0], args)))
        if args.png:
            write_png(args.png, module.drawing(game, results[0], args), sys.stderr)
        return 0
    print(f"A: {user_cards(game, args.cards) if module.HAS_CARDS else 'the decided rules'}")
    b_cards = user_cards(variant, args.vs) if module.HAS_CARDS else "the decided rules"
    b_with = f" with {', '.join(args.vs_option)}" if args.vs_option else ""
    print(f"B: {b_cards}{b_with}")
    print(f"the same {args.games} seeded game(s) under A and under B, for each bot\n")
    rows = [
        row
        for job in jobs
        for row in compare.paired(job, results[0][job], results[1][job], module.measures)
    ]
    print("\n".join(compare.report(rows)))
    if args.png:
        b_name = ", ".join([*([args.vs] if args.vs else []), *(args.vs_option or [])])
        title = f"{args.game}: B ({b_name}) - A ({args.cards or 'rulebook'}), 95% intervals"
        write_png(args.png, compare.drawing(rows, title), sys.stderr)
    return 0
