"""The syntax tree of a .cards file: small frozen value classes, one per construct."""

from __future__ import annotations

import attrs


@attrs.frozen
class Pos:
    line: int
    column: int


@attrs.frozen
class ZoneRef:
    name: str
    owner: str | None
    pos: Pos


@attrs.frozen
class SetExpr:
    """``filters in zone except exceptions``: filters and exceptions are names or card numbers."""

    filters: tuple[str | int, ...]
    zone: ZoneRef
    exceptions: tuple[str | int, ...]
    pos: Pos
    item_pos: tuple[Pos, ...] = ()  # where each filter, then each exception, is written


# -- expressions and conditions -----------------------------------------------------------


@attrs.frozen
class IntExpr:
    value: int
    pos: Pos


@attrs.frozen
class CountExpr:
    set: SetExpr
    pos: Pos


@attrs.frozen
class NameExpr:
    name: str
    pos: Pos


@attrs.frozen
class BinExpr:
    """``a + b``, ``a - b``, ``a * b``, ``min(a, b)``, ``max(a, b)`` (``op`` is the sign or
    the word): read when the number is used."""

    op: str
    left: Expr
    right: Expr
    pos: Pos


Expr = IntExpr | CountExpr | NameExpr | BinExpr


@attrs.frozen
class Compare:
    left: Expr
    op: str
    right: Expr
    pos: Pos


@attrs.frozen
class AnyCond:
    set: SetExpr
    pos: Pos


@attrs.frozen
class IsCard:
    name: str
    card: int
    pos: Pos


# the filter `ahead` of a set (a keyword, so no vocabulary word can be named so): the cards of
# the row the pass has still to reach
AHEAD = "ahead"


@attrs.frozen
class Position:
    """A card by its place in the row: ``N after X`` / ``N before X`` (``kind`` after or
    before, ``base`` the card reference X), ``card N of Z`` (``kind`` row, ``base`` the
    zone Z) or ``N ahead`` (``kind`` ahead, ``base`` empty: the N-th card the pass has still
    to reach); ``count`` is N, from 1."""

    kind: str
    count: int
    base: str
    pos: Pos


@attrs.frozen
class Test:
    """``face_up(self)``: a named test of the game's vocabulary applied to a card reference,
    or to a position (``face_up(2 after self)``: then ``arg`` is empty)."""

    name: str
    arg: str
    pos: Pos
    position: Position | None = None


@attrs.frozen
class Not:
    cond: Cond
    pos: Pos


@attrs.frozen
class And:
    parts: tuple[Cond, ...]
    pos: Pos


@attrs.frozen
class Or:
    parts: tuple[Cond, ...]
    pos: Pos


Cond = Compare | AnyCond | IsCard | Test | Not | And | Or


# -- statements ----------------------------------------------------------------------------


@attrs.frozen
class Arg:
    """A verb argument: a number, a name (reference, variable, keyword) or an owned zone."""

    kind: str  # "int" | "name" | "zone" | "position" | "expr"
    value: int | str
    owner: str | None
    pos: Pos
    position: Position | None = None  # for kind "position" (value is then empty)
    expr: Expr | None = None  # for kind "expr": `(count(in discard) - 1)`


@attrs.frozen
class Call:
    verb: str
    args: tuple[Arg, ...]
    pos: Pos


@attrs.frozen
class Quantity:
    count: int
    mode: str  # "up_to" (as many as possible, at most count) | "exactly" | "random"


@attrs.frozen
class ChooseCards:
    quantity: Quantity
    set: SetExpr
    by: str | None
    apply: Call | None  # "-> verb": the verb is applied to the chosen cards
    bind: str | None  # "as name": the chosen card is named for later statements
    pos: Pos


@attrs.frozen
class ChoosePlayer:
    """``choose player [except me] [by X] as NAME [where COND]``: ``where``, read with NAME
    naming each candidate, keeps only the players for whom it holds."""

    except_me: bool
    by: str | None
    bind: str
    pos: Pos
    where: Cond | None = None


@attrs.frozen
class EachPlayer:
    """``each player [except me] as NAME { ... }``: the block once per player, in turn order
    from the card's owner, with NAME bound to that player."""

    except_me: bool
    bind: str
    body: tuple[Stmt, ...]
    pos: Pos


@attrs.frozen
class If:
    cond: Cond
    then: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...]
    pos: Pos


@attrs.frozen
class May:
    """An optional block: its owner (or ``by``) may decline it."""

    by: str | None
    body: tuple[Stmt, ...]
    pos: Pos


@attrs.frozen
class Repeat:
    """``repeat up to N``: the block may be done up to N times; its owner may stop earlier."""

    count: int
    body: tuple[Stmt, ...]
    pos: Pos


@attrs.frozen
class Nothing:
    pos: Pos


Stmt = ChooseCards | ChoosePlayer | EachPlayer | If | May | Repeat | Nothing | Call


# -- top level -----------------------------------------------------------------------------


@attrs.frozen
class Handler:
    events: tuple[str, ...]
    body: tuple[Stmt, ...]
    pos: Pos
    event_pos: tuple[Pos, ...] = ()  # where each event name is written


@attrs.frozen
class Grant:
    name: str
    set: SetExpr
    cond: Cond
    pos: Pos


@attrs.frozen
class CardDef:
    number: int
    name: str
    value: int | None
    rule: str | None
    traits: tuple[tuple[str, Pos], ...]
    requires: tuple[Cond, ...]
    grants: tuple[Grant, ...]
    handlers: tuple[Handler, ...]
    pos: Pos
    rule_pos: Pos | None = None  # where the rule id is written
    value_expr: Expr | None = None  # a value read when it is counted (`value count(...)`)


@attrs.frozen
class GuestDef:
    number: int
    name: str
    wants: tuple[int, int, int]
    rule: str | None
    pos: Pos
    rule_pos: Pos | None = None  # where the rule id is written
    handlers: tuple[Handler, ...] = ()  # its effects (`guest ... { on revealed { ... } }`)
    others: tuple[tuple[str, Pos], ...] = ()  # members a guest cannot have: (kind, where)


@attrs.frozen
class CardFile:
    path: str
    game: str | None
    game_pos: Pos | None
    cards: tuple[CardDef, ...]
    guests: tuple[GuestDef, ...]
