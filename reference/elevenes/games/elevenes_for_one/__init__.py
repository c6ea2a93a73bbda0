"""Elevenes for One (solo): game id ``elevenes-for-one``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dsl.load import load_card_set
from .game import PRIMITIVES, EfoGame, EfoState, rating


def make_game(options: Mapping[str, Any] | None = None, cards: str | None = None) -> EfoGame:
    """The game with its options; ``cards`` is a user's .cards file replacing or adding cards."""
    card_set = load_card_set("elevenes-for-one", PRIMITIVES, cards) if cards else None
    return EfoGame(options, card_set)


__all__ = ["EfoGame", "EfoState", "make_game", "rating"]
