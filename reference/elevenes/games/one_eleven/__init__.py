"""111, The Game: bosses, parties and coins for 2-6 players; game id ``111`` (rule prefix
G111).  The rules are in rulebook/111/rules.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import BadOption
from .state import GAME_ID, OneElevenGame, OneElevenState


def make_game(options: Mapping[str, Any] | None = None, cards: str | None = None) -> OneElevenGame:
    """The game; it has no card effects, so ``cards`` must be None."""
    if cards is not None:
        raise BadOption("111 has no card effects: a .cards file does not apply")
    return OneElevenGame(options)


__all__ = ["GAME_ID", "OneElevenGame", "OneElevenState", "make_game"]
