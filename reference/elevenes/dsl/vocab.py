"""A game's vocabulary: the words its cards may use.  The checker enforces it, the compiler
binds each word to the game's primitive operation of the same name."""

from __future__ import annotations

import importlib

import attrs

from ..core.errors import UnknownGame

# parameter kinds of a verb: "card" (a card reference or a bound card), "player" (me or a
# bound player), "zone" (a zone, owned or not), "int", "dir" (left / right), or a keyword
# such as "to" that must appear literally.
PARAM_KINDS = ("card", "player", "zone", "int", "dir")


@attrs.frozen
class Verb:
    name: str
    params: tuple[str, ...] = ()
    chosen: int | None = None  # how many chosen cards it takes after "->" (0 = any number)
    word: str = ""  # the action word of a choice that ends in this verb
    doc: str = ""
    # The zones a zone argument may name (E123) and the zones the cards it acts on must lie
    # in, chosen (`->`) or named (E124); empty means any.  A verb given anything else could
    # only do nothing, so the checker refuses it.
    zones: tuple[str, ...] = ()
    cards_from: tuple[str, ...] = ()


@attrs.frozen
class Vocabulary:
    game: str
    card_numbers: tuple[int, int]
    events: dict[str, str]
    zones: dict[str, bool]  # zone -> whether it needs an owner, e.g. kitchen(p)
    filters: dict[str, str]
    traits: dict[str, str]
    refs: dict[str, str]  # card references: self, next, first
    tests: dict[str, str]
    values: dict[str, str]
    grants: dict[str, str]
    verbs: dict[str, Verb]
    players: bool = False  # may cards choose players?
    guests: bool = False  # may the file define Special Guests?
    requires: bool = True  # does the game look at a card's `requires` (E122 if not)?
    # the zones a `choose` may pick cards from (E125); None means every zone
    choose_from: tuple[str, ...] | None = None
    # the zone each card reference always names a card of (E124), e.g. next -> pantry
    ref_zones: dict[str, str] = attrs.field(factory=dict)
    # the zones in which a filter can hold (E126), e.g. face_up -> pantry; others: any zone
    filter_zones: dict[str, tuple[str, ...]] = attrs.field(factory=dict)


# game id -> module that defines VOCABULARY
VOCABULARIES: dict[str, str] = {
    "elevenes-for-one": "elevenes.games.elevenes_for_one.vocab",
    "elevenes": "elevenes.games.elevenes.vocab",
}


def vocabulary_for(game: str) -> Vocabulary:
    if game not in VOCABULARIES:
        raise UnknownGame(f"no card vocabulary for game {game!r}")
    module = importlib.import_module(VOCABULARIES[game])
    vocabulary: Vocabulary = module.VOCABULARY
    return vocabulary
