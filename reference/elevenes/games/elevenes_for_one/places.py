"""Where a card of Elevenes for One can lie in a state document (docs/formats/
elevenes-for-one.md): the trolley, the pantry face up or face down, the discard pile, and the
cards still to be laid out.  For setting a position up by clicks (``games/places.py``)."""

from __future__ import annotations

from typing import Any

from ...core.api import Json
from ..cardbook import CardBook
from ..places import Place


def _pantry(side: str) -> Place:
    def card(entry: Any) -> Any:
        return entry[0] if isinstance(entry, list) and len(entry) == 2 and \
            (entry[1] == "down") == (side == "down") else None

    return Place(side, f"pantry, face {side}", ("pantry",), entry=lambda c: [c, side],
                 card=card)


def places(doc: Json) -> list[Place]:
    return [Place("trolley", "trolley", ("trolley",)), _pantry("up"), _pantry("down"),
            Place("discard", "discard pile", ("discard",)),
            Place("deck", "still to be laid out", ("deck",))]


def label(card: Any, cards: Any) -> str:
    return CardBook(cards).label(card) if isinstance(card, int) else str(card)


def settle(doc: Json) -> Json:
    """The step the cards now say: a pass with cards still to lay out is at step 1 (phase
    ``deal``), one with none left is at step 2 (phase ``front``) when it was laying out."""
    deck = doc.get("deck")
    if doc.get("phase") == "deal" and isinstance(deck, list) and not deck:
        doc["phase"] = "front"
    elif doc.get("phase") == "front" and isinstance(deck, list) and deck:
        doc["phase"] = "deal"
    return doc
