"""The registry of games: id -> the module that defines it (imported on first use)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from ..core.api import Game
from ..core.errors import UnknownGame

REGISTRY: dict[str, str] = {
    "elevenes-for-one": "elevenes.games.elevenes_for_one",
    "bowling-solitaire": "elevenes.games.bowling_solitaire",
    "elevenes": "elevenes.games.elevenes",
    "111": "elevenes.games.one_eleven",
}


def game_ids() -> list[str]:
    return sorted(REGISTRY)


def load_game(
    game_id: str, options: Mapping[str, Any] | None = None, cards: str | None = None
) -> Game:
    """Make a game by id.  ``cards`` is a path to a .cards file that replaces or adds cards."""
    if game_id not in REGISTRY:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    module = importlib.import_module(REGISTRY[game_id])
    game: Game = module.make_game(options=options, cards=cards)
    return game
