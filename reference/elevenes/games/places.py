"""Where the cards of a state document lie, and moving one elsewhere: setting a position up by
clicks (the dispute board of ``elevenes serve``).

Each game says in its own ``places.py`` which fields of its state document hold cards (a
``Place`` each: a list the card is appended to, or a spot holding one card); this module
finds the cards and moves one.  It is the document's format, not the game's rules: whether the
position reached is one the rules allow is for ``state_from_json`` to say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ..core.api import Json
from ..core.errors import ElevenesError


def _same(value: Any) -> Any:
    return value


@attrs.frozen
class Place:
    """One place a card can lie: ``path`` the keys and indexes from the document's top to a
    list of cards (or, with ``spot``, to an object whose key ``spot`` holds one card or
    null).  ``entry`` writes a card as the place stores it; ``card`` reads an entry back
    (None: the entry belongs to another place sharing the list, e.g. face up and face down)."""

    key: str
    label: str
    path: tuple[str | int, ...]
    spot: str | None = None
    entry: Callable[[Any], Any] = _same
    card: Callable[[Any], Any] = _same
    displaced: str = ""  # a spot's card, when another is put there, goes to this place


@attrs.frozen
class Lying:
    """A card of the document: where it lies (``token``: place key and index, what a click
    names), its face (``card``) and the place's key."""

    token: str
    card: Any
    place: str


def _container(doc: Json, path: tuple[str | int, ...]) -> Any:
    value: Any = doc
    for step in path:
        if isinstance(step, int):
            value = value[step] if isinstance(value, list) and 0 <= step < len(value) else None
        else:
            value = value.get(step) if isinstance(value, dict) else None
    return value


def cards(doc: Json, places: list[Place]) -> list[Lying]:
    """Every card of the document, place by place (a malformed field is skipped: the
    document's own check says what is wrong with it)."""
    found = []
    for place in places:
        held = _container(doc, place.path)
        if place.spot is not None:
            if isinstance(held, dict) and held.get(place.spot) is not None:
                found.append(Lying(f"{place.key}.0", held[place.spot], place.key))
            continue
        if not isinstance(held, list):
            continue
        for index, entry in enumerate(held):
            try:
                card = place.card(entry)
            except (TypeError, ValueError, IndexError, KeyError, AttributeError):
                card = None
            if card is not None:
                found.append(Lying(f"{place.key}.{index}", card, place.key))
    return found


def move(doc: Json, places: list[Place], token: str, to: str) -> Json:
    """``doc`` with the card at ``token`` (a ``Lying.token``) taken from where it lies and put
    last in the place ``to`` (on a spot: the card there goes to the spot's ``displaced``)."""
    by_key = {place.key: place for place in places}
    if to not in by_key:
        raise ElevenesError(f"no place {to!r} in this game")
    lying = {item.token: item for item in cards(doc, places)}.get(token)
    if lying is None:
        raise ElevenesError(f"no card at {token!r} in the position")
    source = by_key[lying.place]
    if source.key == to:
        return doc
    held = _container(doc, source.path)
    if source.spot is not None:
        held[source.spot] = None
    else:
        del held[int(token.rsplit(".", 1)[1])]
    target = by_key[to]
    into = _container(doc, target.path)
    if target.spot is not None:
        if not isinstance(into, dict):
            raise ElevenesError(f"the position has no {target.label}")
        previous = into.get(target.spot)
        into[target.spot] = target.entry(lying.card)
        if previous is not None and target.displaced:
            _put(doc, by_key[target.displaced], target.card(previous))
        return doc
    _put(doc, target, lying.card)
    return doc


def _put(doc: Json, place: Place, card: Any) -> None:
    into = _container(doc, place.path)
    if into is None and len(place.path) == 1:  # an optional list left out of the document
        into = doc[place.path[0]] = []  # type: ignore[index]
    if not isinstance(into, list):
        raise ElevenesError(f"the position has no {place.label}")
    into.append(place.entry(card))


def places_of(game_id: str) -> Any:
    """The game's ``places`` module: ``places(doc)``, ``label(card, cards)`` and
    ``settle(doc)`` (see the shipped games)."""
    import importlib

    from . import REGISTRY

    return importlib.import_module(REGISTRY[game_id] + ".places")
