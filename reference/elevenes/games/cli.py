"""``elevenes play GAME``: hands the game to its own terminal front end."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from ..core.api import Game
from ..core.errors import BadOption
from . import REGISTRY, game_ids, load_game
from .prompt import check_resume, read_saved


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``-o key=value`` pairs as a dict (values stay text; the game coerces them)."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise BadOption(f"option {pair!r} is not of the form key=value")
        options[key.strip()] = value.strip()
    return options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=game_ids(), help="which game")
    parser.add_argument("--seed", type=int, default=None, help="seed for shuffles and bots")
    parser.add_argument("--bot", default=None,
                        help="let this bot play (random, greedy, ismcts: the search bot; "
                             "ismcts:N searches N iterations a move, ismcts:Xs X seconds)")
    parser.add_argument("--against", default=None, metavar="BOT",
                        help="play seat 0 yourself against this bot in the other seats "
                             "(Elevenes and 111; default greedy; named as for --bot)")
    parser.add_argument("--cards", default=None, help="a .cards file replacing or adding cards")
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument(
        "-o", "--option", action="append", metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument("--quiet", action="store_true", help="with --bot: only the result")
    parser.add_argument("--resume", default=None, metavar="FILE",
                        help="continue a saved game (a canonical state JSON file)")


def run(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    if args.players is not None:
        options["players"] = args.players
    args.saved = read_saved(args.resume, args.game) if args.resume else None
    if args.saved is not None:  # a saved game keeps its options and its card file
        options, args.cards = check_resume(
            args.saved, args.resume, options,
            lambda given: load_game(args.game, options=given).options, args.cards)
    game = load_game(args.game, options=options, cards=args.cards)
    if getattr(args, "against", None) is not None:
        if args.bot is not None:
            raise BadOption("--against seats you against a bot, --bot lets bots play every "
                            "seat: give one of them")
        if game.num_players() < 2:
            raise BadOption(f"--against: {args.game} has no other seats to give a bot")
    front_end = importlib.import_module(REGISTRY[args.game] + ".terminal")
    code: int = front_end.run(game, args)
    return code


def user_cards(game: Game, path: str | None) -> str:
    """The cards a user's file brings, by number and the user's name for them."""
    if path is None:
        return "the rulebook's cards"
    card_set: Any = getattr(game, "cards", None)
    if card_set is None:
        return f"cards from {path}"
    mine = [c for c in card_set.cards.values() if c.source.startswith(f"{path}:")]
    guests = [g for g in card_set.guests.values() if g.source.startswith(f"{path}:")]
    named = [f'{c.number} "{c.name}"' for c in mine]
    named += [f'guest {g.number} "{g.name}"' for g in guests]
    return f"cards from {path}: {', '.join(named) or 'no card'}"
