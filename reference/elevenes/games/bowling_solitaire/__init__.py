"""Bowling Solitaire (Sid Sackson, Grail edition): ten frames of ten-pin bowling with twenty
cards.  The rules are in rulebook/bowling-solitaire/rules.md (prefix BWL)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import BadOption
from .state import END_BALL, GAME_ID, KNOCK_BASE, BowlingGame, BowlingState, knock_action


def make_game(options: Mapping[str, Any] | None = None, cards: str | None = None) -> BowlingGame:
    """The game; it has no options and no card effects, so ``cards`` must be None."""
    if cards is not None:
        raise BadOption("Bowling Solitaire has no card effects: a .cards file does not apply")
    return BowlingGame(options)


__all__ = [
    "END_BALL",
    "GAME_ID",
    "KNOCK_BASE",
    "BowlingGame",
    "BowlingState",
    "knock_action",
    "make_game",
]
