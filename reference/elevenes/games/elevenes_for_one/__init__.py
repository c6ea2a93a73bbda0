"""Elevenes for One (solo): game id ``elevenes-for-one``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .game import EfoGame, EfoState, rating


def make_game(options: Mapping[str, Any] | None = None, cards: str | None = None) -> EfoGame:
    """The game with its options; ``cards`` is a user's .cards file replacing or adding cards."""
    return EfoGame(options, None, cards)


__all__ = ["EfoGame", "EfoState", "make_game", "rating"]
