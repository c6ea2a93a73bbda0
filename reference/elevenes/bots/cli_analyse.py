"""``elevenes analyse GAME``: simulate many games with bots and summarise the results.

The work is the game's own: this command loads ``elevenes.games.<package>.analyse`` and calls
its ``run(game, args)``.  A game without such a module has no analysis yet.
"""

from __future__ import annotations

import argparse
import importlib

from ..core.errors import BadOption, ElevenesError
from ..games import REGISTRY, game_ids, load_game
from ..games.cli import parse_options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=game_ids(), help="which game")
    parser.add_argument(
        "--games", type=int, default=1000, metavar="N", help="games per bot (default 1000)"
    )
    parser.add_argument(
        "--bots", default=None, metavar="A,B", help="comma-separated bots (default: all)"
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


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise BadOption(f"--games takes a positive number, not {args.games}")
    game = load_game(args.game, options=parse_options(args.option), cards=args.cards)
    module_name = REGISTRY[args.game] + ".analyse"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            raise ElevenesError(f"{args.game} has no analysis yet") from None
        raise
    code: int = module.run(game, args)
    return code
