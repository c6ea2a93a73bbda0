"""Where a card of Elevenes can lie in a state document (docs/formats/elevenes.md) and be put
by a click: a player's kitchen or the deck.  A spread's positions, a Special Guest and a card
set aside are set up by typing.  For setting a position up by clicks (``games/places.py``)."""

from __future__ import annotations

from typing import Any

from ...core.api import Json
from ..places import Place


def places(doc: Json) -> list[Place]:
    players = doc.get("players")
    seats = len(players) if isinstance(players, list) else 0
    return [*(Place(f"kitchen-{n}", f"P{n}'s kitchen", ("players", n, "kitchen"))
              for n in range(seats)),
            Place("deck", "deck", ("deck",))]


def label(card: Any, cards: Any) -> str:
    return str(card)


def settle(doc: Json) -> Json:
    return doc
