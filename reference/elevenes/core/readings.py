"""Readings are rulesets too: a ruling's rival readings that are rules of play, as game options.

A ruling of the rulebook lists its readings under **Readings:**, one line each::

    - (b) *playable* a pin removed earlier in this rack, in either ball;
    - (a) *not playable: the text rules it out: ...* ...

and its **Decision:** names the reading the game plays by default.  Every ruling of a game with
two playable readings or more becomes the option ``reading.<RULING-ID>`` whose values are its
playable letters, the decided one the default (``-o reading.EFO.RULING.SANDWICHES=b``).  The
options are derived from the rulebook's text here and nowhere else, so the rulebook and the
engine cannot drift (tests/test_readings_mechanism.py holds them to each other).

A reading is implemented in one of two ways, one per kind:

- it changes a card's effect: a card file ``rulebook/<game>/readings/<NAME>-<letter>.cards``
  (``NAME`` the ruling id after ``RULING.``), loaded on top of the game's cards while the
  reading is in force; the engine has no branch for it;
- it changes the procedure: the game reads its option at the rule site, the ruling id beside
  the code, and lists the reading in its ``PROCEDURE_READINGS``.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..paths import rulebook_dir
from .api import OptionSpec
from .errors import BadOption

PREFIX = "reading."

_BLOCK = re.compile(r"\*\*Readings:\*\*(.*?)(?:\n\n|\Z)", re.S)
_ITEM = re.compile(r"^- \(([a-z])\) ", re.M)
_MARK = re.compile(r"^- \(([a-z])\) \*(playable|not playable: ([^*]+[^*\s]))\* (.*?)(?=^- \(|\Z)",
                   re.M | re.S)
_DECISION = re.compile(r"\*\*Decision:\*\* \(([a-z])\)")


@dataclass(frozen=True)
class Reading:
    """One reading of a ruling: its letter, whether it is playable (else why not) and what it
    says (the rulebook's words, joined on one line)."""

    letter: str
    playable: bool
    why_not: str
    text: str


@dataclass(frozen=True)
class Ruling:
    """A ruling whose readings are marked: its id, game, decided letter and readings."""

    id: str
    game: str
    decided: str
    readings: tuple[Reading, ...]

    @property
    def option(self) -> str:
        return option_name(self.id)

    @property
    def playable(self) -> tuple[str, ...]:
        return tuple(r.letter for r in self.readings if r.playable)

    def reading(self, letter: str) -> Reading | None:
        return next((r for r in self.readings if r.letter == letter), None)


def option_name(ruling_id: str) -> str:
    return PREFIX + ruling_id


def short_name(ruling_id: str) -> str:
    """``SANDWICHES`` for ``EFO.RULING.SANDWICHES``: the stem of a reading's card file."""
    return ruling_id.split(".RULING.", 1)[-1]


def marked_readings(text: str) -> tuple[Reading, ...]:
    """The readings of a ruling's text in the notation above (empty when it is not written
    that way).  A reading line that does not follow the notation is an error."""
    found = _BLOCK.search(text)
    if found is None:
        return ()
    block = found.group(1)
    items = _ITEM.findall(block)
    if not items:
        return ()
    readings = tuple(
        Reading(letter, mark == "playable", why.strip(), " ".join(rest.split()))
        for letter, mark, why, rest in _MARK.findall(block)
    )
    if [r.letter for r in readings] != items:
        raise ValueError(f"badly marked readings: {block!r}")
    return readings


def ruling_of(rule_id: str, game: str, text: str) -> Ruling | None:
    """The ruling with its marked readings, or None when its readings are not marked."""
    readings = marked_readings(text)
    if not readings:
        return None
    decision = _DECISION.search(text)
    if decision is None:
        raise ValueError(f"{rule_id}: the decision names no reading")
    return Ruling(rule_id, game, decision.group(1), readings)


@functools.cache
def rulings(game: str) -> dict[str, Ruling]:
    """The rulings of ``game`` with marked readings, by id."""
    from ..rulebook.index import load_rulebook

    found: dict[str, Ruling] = {}
    for rule in load_rulebook():
        if rule.game != game or not rule.is_ruling:
            continue
        ruling = ruling_of(rule.id, game, rule.text)
        if ruling is not None:
            found[rule.id] = ruling
    return found


def choosable(game: str) -> dict[str, Ruling]:
    """The rulings of ``game`` that offer a choice: two playable readings or more."""
    return {k: r for k, r in rulings(game).items() if len(r.playable) > 1}


class ReadingSpec(OptionSpec):
    """The option of one ruling: its playable letters, the decided one the default."""

    def __init__(self, ruling: Ruling, letters: Sequence[str] | None = None) -> None:
        """``letters``: the playable letters the engine plays (all of them by default)."""
        self.letters = tuple(letters) if letters is not None else ruling.playable
        super().__init__(ruling.option, ruling.decided, list(self.letters),
                         doc=f"the reading of {ruling.id} in force", rule=ruling.id)
        self.ruling = ruling

    def coerce(self, value: Any) -> Any:
        text = str(value).strip().lower()
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1]
        playable = ", ".join(self.ruling.playable)
        reading = self.ruling.reading(text)
        if reading is None:
            raise BadOption(f"{self.ruling.id} has no reading {value!r}; its playable readings "
                            f"are {playable} ({self.ruling.decided} decided)")
        if not reading.playable:
            raise BadOption(f"reading ({text}) of {self.ruling.id} is not playable "
                            f"({reading.why_not}); its playable readings are {playable}")
        if text not in self.letters:
            raise BadOption(f"reading ({text}) of {self.ruling.id} is playable but not played "
                            f"by this engine yet; it plays {', '.join(self.letters)}")
        return text


def reading_specs(game: str) -> tuple[OptionSpec, ...]:
    return tuple(ReadingSpec(r) for r in choosable(game).values())


def game_specs(game: str, base: Sequence[OptionSpec], given: Mapping[str, Any] | None,
               implemented: Collection[tuple[str, str]] | None = None,
               ) -> tuple[OptionSpec, ...]:
    """A game's option specs, its readings' after its own; an unknown ``reading.`` option is
    refused here, naming the rulings that offer a choice.  ``implemented``: for a game that
    plays only some of its playable readings, the (ruling id, letter) pairs it plays besides
    the decided ones; a ruling with none of them is then no option, and a playable letter it
    does not play is refused as such."""
    offered = choosable(game)
    letters: dict[str, tuple[str, ...]] = {}
    if implemented is not None:
        for key, choice in offered.items():
            letters[key] = tuple(x for x in choice.playable
                                 if x == choice.decided or (key, x) in implemented)
        offered = {k: r for k, r in offered.items() if len(letters[k]) > 1}
    for name in given or {}:
        if name.startswith(PREFIX) and name[len(PREFIX):] not in offered:
            ruling = name[len(PREFIX):]
            known = rulings(game).get(ruling)
            why = (f"{ruling} is no ruling of {game} with readings to choose" if known is None
                   else f"{ruling} has one playable reading ({known.decided})"
                   if len(known.playable) < 2
                   else f"the rival readings of {ruling} are playable but not played by this "
                        f"engine yet")
            raise BadOption(f"unknown option {name!r}: {why}; the readings of {game} are "
                            f"chosen for: {', '.join(offered) or 'none'}")
    return (*base, *(ReadingSpec(r, letters.get(k)) for k, r in offered.items()))


def in_force(options: Mapping[str, Any]) -> dict[str, str]:
    """The rulings set to a reading other than the decided one: ruling id -> letter."""
    result: dict[str, str] = {}
    for name, value in options.items():
        if name.startswith(PREFIX):
            ruling_id = name[len(PREFIX):]
            game = _game_of(ruling_id)
            ruling = rulings(game).get(ruling_id) if game else None
            if ruling is not None and value != ruling.decided:
                result[ruling_id] = str(value)
    return result


@functools.lru_cache(maxsize=4096)
def _game_of(ruling_id: str) -> str | None:
    """The game of a ruling id (its prefix names it: looked up once per id)."""
    from ..rulebook.index import load_rulebook

    return load_rulebook().game_of(ruling_id)


def card_file(game: str, ruling_id: str, letter: str) -> Path:
    """Where the card file of a reading that changes a card's effect lives."""
    return rulebook_dir(game) / "readings" / f"{short_name(ruling_id)}-{letter}.cards"


def card_clash(game: str, chosen: Mapping[str, str]) -> str:
    """Why the readings ``chosen`` (ruling id -> letter) cannot be played together: two of
    them have card files that write the same card (empty when none do)."""
    pairs = sorted(chosen.items())
    for i, (first, a) in enumerate(pairs):
        for second, b in pairs[i + 1:]:
            both = rewritten_cards(game, first, a) & rewritten_cards(game, second, b)
            if both:
                cards = ", ".join(f"({n})" for n in sorted(both))
                return (f"the readings {first}={a} and {second}={b} both rewrite card {cards}: "
                        "they cannot be played together")
    return ""


def card_files(game: str, options: Mapping[str, Any]) -> list[Path]:
    """The card files of the readings in force, to load on top of the game's cards.  Two
    readings whose files write the same card cannot be played together (the later file would
    replace the whole card, the earlier reading with it): refused, naming both."""
    chosen = sorted(in_force(options).items())
    why = card_clash(game, dict(chosen))
    if why:
        raise BadOption(why)
    return [path for ruling_id, letter in chosen
            if (path := card_file(game, ruling_id, letter)).is_file()]


def card_readings(game: str) -> set[tuple[str, str]]:
    """(ruling id, letter) of every reading written as a card file."""
    folder = rulebook_dir(game) / "readings"
    found: set[tuple[str, str]] = set()
    by_short = {short_name(r): r for r in rulings(game)}
    for path in sorted(folder.glob("*.cards")) if folder.is_dir() else []:
        stem, _, letter = path.stem.rpartition("-")
        found.add((by_short.get(stem, stem), letter))
    return found


def describe(options: Mapping[str, Any]) -> str:
    """``EFO.RULING.SANDWICHES=b, ...`` for the readings in force; empty for the decided ones."""
    return ", ".join(f"{k}={v}" for k, v in sorted(in_force(options).items()))


# -- which rulings a play consulted ----------------------------------------------------------------
# A rule site whose outcome depends on the reading of a ruling calls ``consult(RULING-ID)`` (one
# line, beside the ``if`` that reads the option), whatever reading is in force: a procedure
# reading where its branch would decide differently, a card-file reading where the replaced
# card's effect runs (``consult_card``).  While no ``consultation()`` is open the call only reads
# one attribute, so play, search and solving pay nothing measurable for it.


class _Switch:
    """Whether a ``consultation`` is open in any thread (read by ``consult`` on every call)."""

    __slots__ = ("on",)

    def __init__(self) -> None:
        self.on = 0


_SWITCH = _Switch()
CONSULTING = _SWITCH
"""``CONSULTING.on``: true while a consultation is open; a hot rule site may test it before
working out whether its outcome depends on a reading."""
_LOCAL = threading.local()
_OPEN_LOCK = threading.Lock()


def consult(ruling_id: str) -> None:
    """A rule site is deciding something that depends on the reading of ``ruling_id`` (under
    any reading in force, the decided one included)."""
    if _SWITCH.on:
        _note(ruling_id)


def consult_card(game: str, card: int, event: str) -> None:
    """The effect of ``card`` on ``event`` runs: the rulings whose card-file readings write
    that effect otherwise are consulted (``card_sites``)."""
    if _SWITCH.on:
        for ruling_id in card_sites(game).get((card, event), ()):
            _note(ruling_id)


def _note(ruling_id: str) -> None:
    found: dict[str, None] | None = getattr(_LOCAL, "found", None)
    if found is not None:
        found[ruling_id] = None


class Consulted:
    """The rulings consulted while a ``consultation`` was open, in the order first consulted."""

    def __init__(self) -> None:
        self.found: dict[str, None] = {}

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(self.found))

    def __contains__(self, ruling_id: object) -> bool:
        return ruling_id in self.found

    def __len__(self) -> int:
        return len(self.found)


@contextmanager
def consultation(into: Consulted | None = None) -> Iterator[Consulted]:
    """Record the rulings the engine consults in this thread until the block ends (nested
    blocks each see what is consulted inside them)."""
    record = into if into is not None else Consulted()
    outer: dict[str, None] | None = getattr(_LOCAL, "found", None)
    _LOCAL.found = record.found
    with _OPEN_LOCK:
        _SWITCH.on += 1
    try:
        yield record
    finally:
        with _OPEN_LOCK:
            _SWITCH.on -= 1
        _LOCAL.found = outer
        if outer is not None:
            outer.update(record.found)


@functools.cache
def card_sites(game: str) -> dict[tuple[int, str], tuple[str, ...]]:
    """(card, event) -> the rulings whose card-file readings give that card's effect on that
    event another text than the decided one (the effects compared as written, positions
    aside).  Read from the card files once, when first asked."""
    from ..dsl.load import check_files, shipped_card_files

    def effects(paths: Sequence[Path]) -> dict[int, dict[str, Any]]:
        trees, problems = check_files(list(paths), game)
        if problems:
            return {}
        found: dict[int, dict[str, Any]] = {}
        for tree in trees:
            for card in tree.cards:
                by_event: dict[str, Any] = {}
                for handler in card.handlers:
                    for event in handler.events:
                        by_event[event] = _written(handler.body)
                found[card.number] = by_event
        return found

    decided = effects(shipped_card_files(game))
    sites: dict[tuple[int, str], list[str]] = {}
    for ruling_id, letter in sorted(card_readings(game)):
        for number, by_event in effects([card_file(game, ruling_id, letter)]).items():
            before = decided.get(number, {})
            for event in sorted(set(by_event) | set(before)):
                if by_event.get(event) != before.get(event):
                    found = sites.setdefault((number, event), [])
                    if ruling_id not in found:
                        found.append(ruling_id)
    return {key: tuple(value) for key, value in sites.items()}


def _written(node: Any) -> Any:
    """A syntax tree as plain values, where it is written left out."""
    import attrs

    if attrs.has(type(node)):
        return (type(node).__name__, tuple(
            (f.name, _written(getattr(node, f.name))) for f in attrs.fields(type(node))
            if not f.name.endswith("pos")))
    if isinstance(node, tuple | list):
        return tuple(_written(x) for x in node)
    return node


@functools.cache
def rewritten_cards(game: str, ruling_id: str, letter: str) -> frozenset[int]:
    """The numbers of the cards the card file of a reading writes (empty for a reading of the
    procedure).  Two readings whose files write the same card are not played together: the
    later file replaces the whole card."""
    from ..dsl.load import check_files

    path = card_file(game, ruling_id, letter)
    if not path.is_file():
        return frozenset()
    trees, _ = check_files([path], game)
    return frozenset(card.number for tree in trees for card in tree.cards)
