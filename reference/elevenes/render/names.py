"""Card names for the pictures, read from the rulebook's card files through the card language
(the same compiled card set the games play with), once per game."""

from __future__ import annotations

import functools

import attrs


@attrs.frozen
class Names:
    """What the pictures print on the cards of one game: names, values (Elevenes) and the
    Special Guests."""

    cards: dict[int, str] = attrs.field(factory=dict)
    values: dict[int, int] = attrs.field(factory=dict)
    guests: dict[int, str] = attrs.field(factory=dict)

    def name(self, number: int) -> str:
        return self.cards.get(number, "")


@functools.cache
def shipped_names(game_id: str, cards: str | None = None) -> Names:
    """The names in force for ``game_id``: the shipped card files, or with ``cards`` a user's
    card file replacing or adding cards (a broken file raises the checker's error)."""
    if game_id == "elevenes-for-one":
        from ..games.elevenes_for_one import make_game

        card_set = make_game({}, cards).cards
    elif game_id == "elevenes":
        from ..games.elevenes import load_cards

        card_set = load_cards(cards)
    else:
        return Names()
    return Names(
        cards={n: c.name for n, c in card_set.cards.items()},
        values={n: c.value for n, c in card_set.cards.items()},
        guests={n: g.name for n, g in card_set.guests.items()},
    )
