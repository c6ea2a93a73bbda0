"""Where a card of Bowling Solitaire can lie in a state document (docs/formats/
bowling-solitaire.md): on a spot of the pins (the card standing there goes out), in one of
the three piles (appended under the others), or out of play.  For setting a position up by
clicks (``games/places.py``)."""

from __future__ import annotations

from typing import Any

from ...core.api import Json
from ..places import Place

SPOTS = "ABCDEFGHIJ"


def places(doc: Json) -> list[Place]:
    return [*(Place(f"spot-{s}", f"spot {s}", ("pins",), spot=s, displaced="out")
              for s in SPOTS),
            *(Place(f"pile-{n}", f"pile {n}", ("piles", n)) for n in range(3)),
            Place("out", "out of play", ("out",))]


def label(card: Any, cards: Any) -> str:
    return str(card)


def settle(doc: Json) -> Json:
    """``out`` is written ascending."""
    if isinstance(doc.get("out"), list) and all(isinstance(c, int) for c in doc["out"]):
        doc["out"] = sorted(doc["out"])
    return doc
