"""Elevenes for 2-4 players: game id ``elevenes`` (rule prefix ELV)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.errors import BadOption
from ...dsl.compile import CardSet, compile_cards
from ...dsl.diagnostics import CardFileError
from ...dsl.load import check_files, shipped_card_files
from ...dsl.vocab import vocabulary_for
from .primitives import PRIMITIVES
from .state import ElvGame, ElvState

ILLUSTRATIVE_GUESTS = "guests-illustrative.cards"


def load_cards(cards: str | None = None, guest_file: str | None = None,
               readings: Sequence[Path] = ()) -> CardSet:
    """The shipped cards and illustrative guests, then the card files of the readings in force
    (``readings``: core/readings.card_files), then a user's card file and guest file (each
    replaces the cards or guests of the same numbers).  Problems raise CardFileError."""
    paths: list[Path | str] = [*shipped_card_files("elevenes"), *readings]
    for extra in (cards, guest_file):
        if extra:
            if not Path(extra).is_file():
                raise BadOption(f"no such card file: {extra}")
            paths.append(extra)
    trees, problems = check_files(paths, "elevenes")
    if problems:
        raise CardFileError(problems)
    return compile_cards(trees, vocabulary_for("elevenes"), PRIMITIVES)


def make_game(options: Mapping[str, Any] | None = None, cards: str | None = None) -> ElvGame:
    """The game with its options; ``cards`` is a user's .cards file replacing or adding cards
    (or guests), read after the card files of the readings in force; the option
    ``guest_file`` names a file of the real Special Guests."""
    return ElvGame(options, user_file=cards)


def guest_cards(options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The Special Guests in play with ``options`` (the shipped illustrative guests, those of
    the ``guest_file`` option replacing the ones of the same numbers), as the adapter protocol
    sends them with ``start``: ``{number, name, wants}`` in ascending number."""
    guest_file = str((options or {}).get("guest_file", "") or "") or None
    guests = load_cards(None, guest_file).guests
    return [
        {"number": g.number, "name": g.name, "wants": list(g.wants)}
        for _, g in sorted(guests.items())
    ]


def guests_are_illustrative(game: ElvGame) -> bool:
    """True while every guest in play comes from the shipped illustrative file."""
    return all(
        g.source.split(":")[0].endswith(ILLUSTRATIVE_GUESTS) for g in game.cards.guests.values()
    )


__all__ = [
    "ElvGame", "ElvState", "guest_cards", "guests_are_illustrative", "load_cards", "make_game",
]
