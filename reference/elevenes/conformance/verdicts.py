"""A move's verdict under each reading of the rulings it touches (``judge``, the dispute board).

The moves are played again from the set-up and the last one tried with the consultation of
readings recorded (core/readings.py): the rulings with playable readings that the rules
consulted to decide it are the ones it touches.  For each of them the set-up is read again
under every playable reading of the ruling (the other options as they were), the moves before
are played again under it, and the move is tried there: refused, with the rule id the engine
cites, or accepted, with the game's own words for what it did, how the position changed, and
where the position it leaves differs from the decided reading's.  A set-up the rules cannot
read under a reading (a reading that remembers more than a position holds) says so.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..core.api import Json, State
from ..core.errors import ElevenesError, IllegalAction
from ..core.readings import PREFIX, choosable, consultation, in_force, option_name

MAX_CHANGES = 6


@attrs.frozen
class Tried:
    """One move tried on one position: refused (``rule_id``) or accepted (``lines``)."""

    action: str
    rule_id: str = ""
    message: str = ""
    lines: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    after: State | None = attrs.field(default=None, eq=False)
    """The position after the move (the same position when it was refused)."""

    @property
    def refused(self) -> bool:
        return bool(self.rule_id)

    def describe(self) -> str:
        """``refused: RULE (message)`` or ``accepted: what it did; changed: ...``."""
        if self.refused:
            return f"refused: {self.rule_id}" + (f" ({self.message})" if self.message else "")
        words = " ".join(line.strip() for line in self.lines)
        text = "accepted" + (f": {words}" if words else "")
        if self.changes:
            text += f" Changed: {'; '.join(self.changes)}"
        return text


@attrs.frozen
class ReadingVerdict:
    """The move under one reading of a ruling."""

    letter: str
    decided: bool
    in_force: bool
    tried: Tried | None = None
    problem: str = ""
    """Why the position cannot be read under this reading (``tried`` is then None)."""
    versus: tuple[str, ...] = ()
    """Where the position it leaves differs from the one the decided reading leaves."""
    decided_letter: str = ""

    def describe(self) -> str:
        if self.tried is None:
            return f"the position cannot be read under it: {self.problem}"
        text = self.tried.describe()
        if self.versus:
            text += f" Unlike ({self.decided_letter}): {'; '.join(self.versus)}"
        return text

    def label(self) -> str:
        marks = [m for m, on in (("decided", self.decided), ("in force", self.in_force)) if on]
        return f"({self.letter})" + (f" {', '.join(marks)}" if marks else "")


@attrs.frozen
class RulingVerdicts:
    """A ruling the move touches and the move's verdict under each of its playable readings."""

    ruling: str
    verdicts: tuple[ReadingVerdict, ...]

    @property
    def differ(self) -> bool:
        """Whether the readings give different verdicts (refusal, rule, or what was done)."""
        seen = {(v.tried.rule_id, v.tried.lines, v.tried.changes) if v.tried else v.problem
                for v in self.verdicts}
        return len(seen) > 1

    def lines(self) -> list[str]:
        width = max(len(v.label()) for v in self.verdicts)
        return [f"{v.label():<{width}}  {v.describe()}" for v in self.verdicts]

    def letters(self) -> str:
        """The readings as a list for a sentence: ``(a), (b) and (c)``."""
        named = [f"({v.letter})" for v in self.verdicts]
        return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def try_move(state: State, text: str) -> Tried:
    """Play ``text`` on ``state`` if the rules allow it (``state`` changes, ``after`` is it);
    else the refusal and the rule that forbids it (``state`` unchanged)."""
    from ..web import tables

    text = text.strip()
    try:
        action = state.string_to_action(text)
        if action not in state.legal_actions():
            raise state.explain_illegal(action)
    except IllegalAction as exc:
        return Tried(text, exc.rule_id, exc.message, after=state)
    canonical = state.action_to_string(action)
    before = state.to_json()
    lines = tuple(line for line, _ in tables.play(state, action))
    return Tried(canonical, lines=lines, changes=tuple(differences(before, state.to_json())),
                 after=state)


def differences(before: Any, after: Any, path: str = "") -> list[str]:
    """Where two state documents differ, ``path: old -> new``, a few at most."""
    found: list[str] = []

    def walk(a: Any, b: Any, where: str) -> None:
        if isinstance(a, dict) and isinstance(b, dict):
            for key in [*a, *(k for k in b if k not in a)]:
                walk(a.get(key), b.get(key), f"{where}.{key}" if where else str(key))
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and a != b:
            for index, (x, y) in enumerate(zip(a, b, strict=True)):
                walk(x, y, f"{where}[{index}]")
        elif isinstance(a, list) and isinstance(b, list) and a != b:
            gone = [x for x in a if x not in b]
            new = [x for x in b if x not in a]
            if len(gone) + len(new) < len(a) + len(b):  # a few items came or went
                found.append(f"{where}: " + ", ".join(
                    [*(f"-{_short(x)}" for x in gone), *(f"+{_short(x)}" for x in new)]))
            else:
                found.append(f"{where}: {_short(a)} -> {_short(b)}")
        elif a != b:
            found.append(f"{where}: {_short(a)} -> {_short(b)}")

    walk(before, after, path)
    if len(found) > MAX_CHANGES:
        found[MAX_CHANGES - 1:] = [f"... ({len(found) - MAX_CHANGES + 1} more)"]
    return found


def _short(value: Any) -> str:
    import json

    text = "none" if value is None else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _load(game_id: str, options: Mapping[str, Any], doc: Json | None,
          cards: str | None) -> State:
    from ..games import load_game

    game = load_game(game_id, options=dict(options), cards=cards)
    if doc is None:
        return game.new_initial_state()
    doc = copy.deepcopy(doc)
    written = doc.get("options")
    if isinstance(written, dict):  # the document names the readings in force: these ones
        doc["options"] = {k: v for k, v in written.items() if not k.startswith(PREFIX)}
        doc["options"].update({option_name(k): v for k, v in in_force(game.options).items()})
    return game.state_from_json(doc)


def _play_quietly(state: State, text: str) -> None:
    """Play ``text`` if the rules in force allow it; a refused move changes nothing."""
    try:
        action = state.string_to_action(text)
    except IllegalAction:
        return
    if action in state.legal_actions():
        state.apply_action(action)


class Readings:
    """The moves of one dispute (or scenario) from its set-up, and beside them the same moves
    under each reading that a move has touched so far, each kept up to date as a move is
    played (one load and one pass over the moves per reading)."""

    def __init__(self, game_id: str, options: Mapping[str, Any], setup: Json | None,
                 cards: str | None = None) -> None:
        self.game_id = game_id
        self.options = dict(options)
        self.setup = setup
        self.cards = cards
        self.played: list[str] = []
        self.beside: dict[tuple[str, str], State | str] = {}
        """(ruling, letter) -> the position under that reading, or why it cannot be read"""
        try:
            self.own: State | None = _load(game_id, self.options, setup, cards)
        except ElevenesError:
            self.own = None
        """the moves played from the set-up under the options in force, never read again from
        a document: it remembers what the position's document may not write (the discards
        made, which reading (b) of EFO.RULING.DISCARD-LIMIT counts)"""

    def touched(self, state: State, action: str) -> list[str]:
        """The rulings with playable readings the rules consult to read the position of
        ``state`` and decide ``action`` there: on a fresh copy read from its document, so
        that nothing the position has worked out already is left out, and on the moves as
        played from the set-up (``own``), which may remember more than the document writes."""
        offered = choosable(self.game_id)
        with consultation() as seen:
            try:
                fresh = state.game.state_from_json(state.to_json())
            except ElevenesError:
                fresh = state.clone()
            try_move(fresh, action)
            if self.own is not None:
                try_move(self.own.clone(), action)
        return [r for r in seen if r in offered]

    def _position(self, ruling_id: str, letter: str) -> State | str:
        key = (ruling_id, letter)
        if key not in self.beside:
            chosen = {**self.options, option_name(ruling_id): letter}
            try:
                state: State | str = _load(self.game_id, chosen, self.setup, self.cards)
            except ElevenesError as exc:
                state = str(exc).splitlines()[0]
            if not isinstance(state, str):
                for text in self.played:
                    _play_quietly(state, text)
            self.beside[key] = state
        return self.beside[key]

    def verdicts(self, state: State, action: str) -> list[RulingVerdicts]:
        """The verdict on ``action``, the next move, under each playable reading of every
        ruling it touches at ``state`` (empty when it touches none).  Under each reading the
        moves so far were played under it: a reading may have decided an earlier move
        otherwise, and an effect under way follows its own text."""
        found: list[RulingVerdicts] = []
        for ruling_id in self.touched(state, action):
            ruling = choosable(self.game_id)[ruling_id]
            current = str(self.options.get(option_name(ruling_id), ruling.decided))
            verdicts = []
            for letter in ruling.playable:
                marks = (letter, letter == ruling.decided, letter == current)
                position = self._position(ruling_id, letter)
                if isinstance(position, str):
                    verdicts.append(ReadingVerdict(*marks, problem=position))
                else:
                    verdicts.append(ReadingVerdict(*marks, try_move(position.clone(), action)))
            found.append(RulingVerdicts(ruling_id, tuple(_versus(verdicts, ruling.decided))))
        return found

    def advance(self, action: str) -> None:
        """``action`` was played: each position beside plays it too, as its rules allow."""
        self.played.append(action)
        if self.own is not None:
            _play_quietly(self.own, action)
        for position in self.beside.values():
            if not isinstance(position, str):
                _play_quietly(position, action)


def _versus(verdicts: list[ReadingVerdict], decided_letter: str) -> list[ReadingVerdict]:
    """Each accepted rival verdict with where its position differs from the decided one's."""
    decided = next(v for v in verdicts if v.decided)
    if decided.tried is None or decided.tried.after is None or decided.tried.refused:
        return verdicts
    settled = decided.tried.after.to_json()
    return [attrs.evolve(v, decided_letter=decided_letter, versus=tuple(
                d for d in differences(settled, v.tried.after.to_json())
                if not d.startswith("options.")))
            if not v.decided and v.tried is not None and v.tried.after is not None
            and not v.tried.refused else v
            for v in verdicts]


def by_reading(game_id: str, options: Mapping[str, Any], setup: Json | None,
               before: Sequence[str], action: str, cards: str | None = None,
               ) -> list[RulingVerdicts]:
    """``action`` played after the moves ``before`` from ``setup``, under each reading of the
    rulings it touches (``Readings`` for one move)."""
    readings = Readings(game_id, options, setup, cards)
    state = _load(game_id, options, setup, cards)
    for text in before:
        _play_quietly(state, text)
        readings.advance(text)
    return readings.verdicts(state, action)
