"""A card effect in progress, in the words of the rules and back.

The engine runs an effect with a program counter and private variables (runtime.Frame); the
canonical state never shows them.  It says instead, for each effect in progress:

- ``at``: the number of the statement of the card's effect text being carried out
  (statements are numbered from 1 in reading order, nested ones included).  For the effect
  that waits for a decision (the last one), the statement that asks it; for an effect under
  another, the statement whose action started the effect above it.
- ``names``: the values the text's ``as NAME`` names have been given so far (a player, a card).
- ``rounds``: for each ``repeat`` or ``each player`` statement being carried out (by its
  number), how many rounds are complete.

The functions here convert between the two; the game turns names' values into its own
notation (``encode`` / ``decode``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.errors import BadState
from .runtime import Frame, Statement

Encode = Callable[[str, int], Any]
"""(kind, engine value) -> JSON value; kind is "player" or "card"."""
Decode = Callable[[str, Any], int]
"""(kind, JSON value) -> engine value; raises BadState for a value the game does not know."""

LEAVES = ("call", "choose", "choose player")
"""Statements that can start another effect (and so stand under it)."""


def statement_at(frame: Frame, statements: Sequence[Statement], waiting: bool) -> int:
    """The statement number ``at`` of a frame (see the module docstring)."""
    pc = frame.pc if waiting else frame.pc - 1
    for entry in statements:
        if entry.own == pc:
            return entry.number
    inner = [s for s in statements if s.first <= frame.pc < s.end]
    if inner:
        return inner[-1].number
    return len(statements) + 1  # past the last statement: the effect is ending


def pc_of(at: int, statements: Sequence[Statement], waiting: bool, where: str) -> int:
    """The program counter of a frame ``at`` a statement: the statement's first instruction
    when the frame waits (the effect resumes there), the one after its own when it stands
    under another effect."""
    if not 1 <= at <= len(statements) + (0 if waiting else 1):
        raise BadState(f"{where}: the effect text has no statement {at} "
                       f"(it has {len(statements)})")
    if at == len(statements) + 1:
        return max((s.end for s in statements), default=0)
    entry = statements[at - 1]
    if waiting:
        return entry.own if entry.own is not None else entry.first
    if entry.kind not in LEAVES or entry.own is None:
        raise BadState(f"{where}: statement {at} is a {entry.kind!r}, which starts no effect; "
                       "an effect under another stands at a verb or a choice")
    return entry.own + 1


def _binds(statements: Sequence[Statement]) -> dict[str, str]:
    return {name: kind for entry in statements for name, kind in entry.binds}


def frame_rules(frame: Frame, statements: Sequence[Statement], waiting: bool,
                encode: Encode) -> dict[str, Any]:
    """``at``, and ``names`` / ``rounds`` when there are any, of an engine frame."""
    doc: dict[str, Any] = {"at": statement_at(frame, statements, waiting)}
    kinds = _binds(statements)
    counters = {entry.counter: entry.number for entry in statements if entry.counter}
    names = {str(name): encode(kinds[name], value)
             for name, value in sorted(frame.vars.items()) if name in kinds}
    rounds = {str(counters[name]): value
              for name, value in sorted(frame.vars.items()) if name in counters}
    if names:
        doc["names"] = names
    if rounds:
        doc["rounds"] = rounds
    return doc


def frame_machine(doc: Mapping[str, Any], statements: Sequence[Statement], waiting: bool,
                  decode: Decode, where: str) -> tuple[int, dict[str, int]]:
    """The program counter and variables of a frame described by ``at``/``names``/``rounds``."""
    pc = pc_of(int(doc.get("at", 1)), statements, waiting, where)
    kinds = _binds(statements)
    variables: dict[str, int] = {}
    for name, value in dict(doc.get("names", {})).items():
        if name not in kinds:
            known = ", ".join(sorted(kinds)) or "none"
            raise BadState(f"{where}: the effect text names no {name!r} (its names: {known})")
        variables[name] = decode(kinds[name], value)
    loops = {str(entry.number): entry for entry in statements if entry.counter}
    for number, count in dict(doc.get("rounds", {})).items():
        entry = loops.get(str(number))
        if entry is None or entry.counter is None:
            raise BadState(f"{where}: statement {number} is not a repeat or each player")
        variables[entry.counter] = int(count)
    for entry in loops.values():  # a loop being carried out knows how far it has come
        if entry.first <= pc < entry.end and entry.counter not in variables:
            raise BadState(f"{where}: statement {entry.number} ({entry.kind}) is being carried "
                           f"out, so rounds must say how many of its rounds are complete")
    return pc, variables
