"""Where a card of 111, The Game can lie in a state document (docs/formats/111.md): a
player's hand, the draw pile or the discards.  Bosses and parties carry more than a card and
are set up by typing.  For setting a position up by clicks (``games/places.py``)."""

from __future__ import annotations

from typing import Any

from ...core.api import Json
from ..places import Place


def places(doc: Json) -> list[Place]:
    players = doc.get("players")
    seats = len(players) if isinstance(players, list) else 0
    return [*(Place(f"hand-{n}", f"P{n}'s hand", ("players", n, "hand"))
              for n in range(seats)),
            Place("draw", "draw pile", ("draw_pile",)),
            Place("discards", "discards", ("discards",))]


def label(card: Any, cards: Any) -> str:
    return str(card)


def settle(doc: Json) -> Json:
    return doc
