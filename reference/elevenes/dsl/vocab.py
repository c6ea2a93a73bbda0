"""A game's vocabulary: the words its cards may use.  The checker enforces it, the compiler
binds each word to the game's primitive operation of the same name."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import attrs

from ..core.errors import UnknownGame

# parameter kinds of a verb: "card" (a card reference or a bound card), "player" (me or a
# bound player), "zone" (a zone, owned or not), "int" (a number from 0), "signed" (a whole
# number, below 0 too: `cost -1`), "dir" (left / right), or a keyword such as "to" that must
# appear literally.
PARAM_KINDS = ("card", "player", "zone", "int", "signed", "dir")


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
    example: str = ""  # a line of a card using the word (the reference table shows it)
    # False when doing it again at once, with the same arguments, changes nothing (flip a
    # card face down twice): `repeat up to N` of only such calls is refused (E128)
    again: bool = True
    # a verb that acts on what several players did with another verb before it in the same
    # effect (pass_aside on the cards of set_aside): with one player's card it does nothing
    # (E129)
    gathers: str = ""
    # True when the player argument is the other side of a move whose one side is the
    # owner (give_cube, steal_cube): naming `me` could only do nothing (E132)
    other_player: bool = False
    # the events whose effect runs when this verb can only do nothing (end_round once the
    # round is over): used there, the checker refuses it (E141)
    idle_in: tuple[str, ...] = ()
    # the zone the verb moves its target into, the owner's (take: into kitchen(me)): a card
    # chosen in that same zone of the owner's stays where it is (E153)
    to_own: str = ""

    # The one calling convention, read by the checker, the compiler and the host check below:
    # a verb that can follow `->` (``chosen`` is not None) and whose first argument is a card
    # acts on that card as its *target*.  After `->` the chosen cards are the target; written
    # out (``set_aside stolen``) the named card is (none if the reference names no card).
    # Either way the primitive receives the target in ``chosen`` and only the other
    # arguments after it: ``verb_X(st, fr, chosen, *passed())``.
    def has_target(self) -> bool:
        return self.chosen is not None and bool(self.params) and self.params[0] == "card"

    def written(self, after_arrow: bool) -> tuple[str, ...]:
        """The arguments written after the verb's name in a card file."""
        if after_arrow and self.has_target():
            return self.params[1:]
        return self.params

    def passed(self) -> tuple[str, ...]:
        """The arguments the primitive receives after ``(st, fr, chosen)``."""
        return self.params[1:] if self.has_target() else self.params


@attrs.frozen
class Grant:
    """A lasting permission a card may give its owner (``grant NAME SET while COND``): it
    lifts one rule of the game (``lifts``, a rule id) for the cards of SET while COND holds.
    The game consults it where that rule is applied."""

    doc: str
    lifts: str = ""
    # the zones the cards of its set may lie in (E123 otherwise: the grant could allow nothing)
    zones: tuple[str, ...] = ()
    example: str = ""


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
    grants: dict[str, Grant]
    verbs: dict[str, Verb]
    players: bool = False  # may cards choose players?
    guests: bool = False  # may the file define Special Guests?
    requires: bool = True  # does the game look at a card's `requires` (E122 if not)?
    scores_value: bool = True  # does a card's `value` count in the game (W130 if left out)?
    # the zones whose cards lie in a row that places count in (`2 after self`, `card 3 of
    # pantry`); `after` / `before` count in the first; empty: the game has none (E131)
    positions: tuple[str, ...] = ()
    # the row a pass walks card by card (Elevenes for One's pantry): its cards the pass has
    # still to reach are `ahead`, bound to the host's ``ahead_from(st, fr) -> index`` (the
    # index of the first of them); empty: the game has no pass and `ahead` means nothing (E150)
    pass_row: str = ""
    # the zones a `choose` may pick cards from (E125); None means every zone
    choose_from: tuple[str, ...] | None = None
    # the zone each card reference always names a card of (E124), e.g. next -> pantry
    ref_zones: dict[str, str] = attrs.field(factory=dict)
    # the zones in which a filter can hold (E126), e.g. face_up -> pantry; others: any zone
    filter_zones: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    # verbs some card of the set in force must use, and why (E127), e.g. end_round: without
    # it no round of Elevenes could ever end
    needed: dict[str, str] = attrs.field(factory=dict)
    # the events a Special Guest's handler may name (E102), e.g. revealed
    guest_events: dict[str, str] = attrs.field(factory=dict)
    # event -> (the card numbers it never happens to, why): such a handler is refused (E142),
    # e.g. Elevenes' flipped for cards 1, 10 and 11, which no effect turns face down
    never: dict[str, tuple[tuple[int, ...], str]] = attrs.field(factory=dict)
    # players a card may name besides `me` (`kitchen(left)`, `give to right`), each bound to
    # the host's ``player_NAME(st, fr) -> seat``
    player_refs: dict[str, str] = attrs.field(factory=dict)


# word kind -> the prefix of its host method and how many arguments it takes after (st, fr)
_HOST_WORDS: dict[str, tuple[str, int]] = {
    "zones": ("zone", 1),
    "filters": ("filter", 1),
    "tests": ("test", 1),
    "refs": ("ref", 0),
    "values": ("value", 0),
}


def _fits(method: Any, count: int) -> bool:
    """Does ``method`` take exactly ``count`` positional arguments (no more, no fewer)?"""
    try:
        signature = inspect.signature(method)
    except (TypeError, ValueError):
        return False
    positional = [
        p for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    try:
        signature.bind(*range(count))
    except TypeError:
        return False
    return len(positional) == count


def host_problems(vocabulary: Vocabulary, host: Any) -> list[str]:
    """Every word of ``vocabulary`` whose primitive on ``host`` is missing or takes other
    arguments than the vocabulary says: the checker accepts what the vocabulary allows, so a
    mismatch would be a crash at play.  Empty when the two agree."""
    found: list[str] = []
    for kind, (prefix, count) in _HOST_WORDS.items():
        words: dict[str, Any] = getattr(vocabulary, kind)
        for word in words:
            method = getattr(host, f"{prefix}_{word}", None)
            if method is None:
                found.append(f"{vocabulary.game}: no primitive {prefix}_{word}")
            elif not _fits(method, 2 + count):
                found.append(f"{vocabulary.game}: {prefix}_{word} does not take (st, fr"
                             + ", x" * count + ")")
    for name in vocabulary.player_refs:
        method = getattr(host, f"player_{name}", None)
        if method is None or not _fits(method, 2):
            found.append(f"{vocabulary.game}: player_{name} must take (st, fr)")
    if vocabulary.positions:
        for kind in ("after", "before", "row"):
            method = getattr(host, f"position_{kind}", None)
            if method is None or not _fits(method, 4):
                found.append(f"{vocabulary.game}: position_{kind} must take (st, fr, x, count)")
    if vocabulary.pass_row:
        method = getattr(host, "ahead_from", None)
        if method is None or not _fits(method, 2):
            found.append(f"{vocabulary.game}: ahead_from must take (st, fr)")
    for name, verb in vocabulary.verbs.items():
        if verb.name != name:
            found.append(f"{vocabulary.game}: verb {name!r} is defined as {verb.name!r}")
        if verb.chosen is not None and "card" in verb.params[1:] and not verb.has_target():
            found.append(f"{vocabulary.game}: {name} follows `->` but its target card is not "
                         "its first argument")
        method = getattr(host, f"verb_{name}", None)
        passed = verb.passed()
        if method is None:
            found.append(f"{vocabulary.game}: no primitive verb_{name}")
        elif not _fits(method, 3 + len(passed)):
            found.append(f"{vocabulary.game}: verb_{name} must take (st, fr, chosen"
                         + "".join(f", {p}" for p in passed) + ")")
    return found


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
