"""``elevenes show STATE.json``: draw a position as SVG (or PNG where a converter exists).

The file is a canonical state document or a game saved by ``elevenes play``; it is loaded
through the game (``state_from_json``: the same checks as ``setup``), so a picture is only
ever drawn of a position the rules allow.  ``--player N`` draws that player's view.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..core.errors import ElevenesError
from ..games import load_game
from ..games.prompt import SAVE_KEY
from . import observation_svg, png_converter, shipped_names, state_svg, svg_to_png


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("state", metavar="STATE.json",
                        help="a canonical state document, or a game saved by `elevenes play`")
    parser.add_argument("--svg", default=None, metavar="OUT.svg",
                        help="write the picture here (without --svg or --png: to stdout)")
    parser.add_argument("--png", default=None, metavar="OUT.png",
                        help="write a PNG (needs cairosvg, rsvg-convert or chromium)")
    parser.add_argument("--player", type=int, default=None, metavar="N",
                        help="draw what player N sees (hidden cards as backs)")
    parser.add_argument("--cards", default=None, metavar="FILE.cards",
                        help="the card file the position is played with (its names are shown)")


def read_state(path: str) -> dict[str, Any]:
    """The JSON object in ``path``, with one-line errors for a missing file or bad JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ElevenesError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise ElevenesError(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise ElevenesError(f"{path}: expected a state document (a JSON object)")
    if not isinstance(doc.get("game"), str):
        raise ElevenesError(f"{path}: the document names no game (its \"game\" field)")
    return doc


def picture(path: str, player: int | None, cards: str | None) -> str:
    """The SVG of the position in ``path`` (as ``player`` sees it, if given)."""
    doc = read_state(path)
    game_id = doc["game"]
    meta = doc.get(SAVE_KEY)
    if cards is None and isinstance(meta, dict) and isinstance(meta.get("cards"), dict):
        cards = str(meta["cards"].get("path"))
    options = doc.get("options") if isinstance(doc.get("options"), dict) else None
    game = load_game(game_id, options=options, cards=cards)
    state = game.state_from_json({k: v for k, v in doc.items() if k != SAVE_KEY})
    names = shipped_names(game_id, cards)
    if player is None:
        return state_svg(game_id, state.to_json(), names)
    if not 0 <= player < game.num_players():
        raise ElevenesError(
            f"--player {player}: this game has players 0 to {game.num_players() - 1}")
    return observation_svg(game_id, state.observation(player), names)


def run(args: argparse.Namespace) -> int:
    svg = picture(args.state, args.player, args.cards)
    if args.png is not None and png_converter() is None:
        raise ElevenesError(
            "--png needs a converter: pip install cairosvg, or install rsvg-convert "
            "(librsvg2-bin) or chromium; --svg writes the picture without one")
    if args.svg is None and args.png is None:
        sys.stdout.write(svg + "\n")
        return 0
    if args.svg is not None:
        try:
            Path(args.svg).write_text(svg + "\n", encoding="utf-8")
        except OSError as exc:
            raise ElevenesError(f"cannot write {args.svg}: {exc.strerror or exc}") from None
        print(f"wrote {args.svg}")
    if args.png is not None:
        svg_to_png(svg, args.png)
        print(f"wrote {args.png}")
    return 0
