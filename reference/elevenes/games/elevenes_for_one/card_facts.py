"""What a set of Elevenes for One cards can read and cost, derived from their programs.

The solvers share work between positions that differ only in what no card can ever read
(the table's key) and stop a line as soon as it cannot beat the best found (the bound).  Both
depend on the cards: a variant card file may read the row in places the printed cards never
look, or cost other minutes.  So neither is written for "the printed cards": both are read
off the card programs here, for whatever cards are in play, and every solver (the Python
search, the native one) takes them from ``EfoGame.card_facts()``.

**The row** (:attr:`CardFacts.row_as_set`).  Between two cards of a pass, when every card
the pass has left behind lies face down, the key may keep those cards as a set, and (once no
card can read the first place) count a run of face-down cards ahead as one blocker and drop
the face-down cards after the last face-up one.  That is sound when, in every program:

- a swap of chosen pantry cards takes face-up cards only (``face_up`` is one of its filters).
  Other choices may offer face-down cards: the options are cards by number (the pantry is a
  set the key holds), and nothing they lead to reads a face-down card's place (turning it
  face down, scoring or returning it from the pile do nothing to a card in the row);
- ``first`` is only ever sent to the end (``send_to_end first``), by one card only, once per
  program, in its ``use`` or ``score`` programs (after either, the card lies face down or on
  the trolley for the rest of the pass, so it reads the first place at most once more); the
  key keeps the first card while that card may still act;
- no card is named by its place in the row (``2 after self``, ``card 3 of pantry``);
- no card has an effect on ``flipped`` or ``laid_out`` (such an effect runs in the middle of
  another card's, or before the first card of a pass: the argument below is not made for it);
- ``next`` is only ever turned face down (``flip_down next``: nothing happens to a face-down
  card, so which face-down card it is, and how many follow, never matters);
- no other card is sent to the end (that would move a card past the dropped face-down cards);
- no card has conditions or grants (``requires``, ``grant``), whose reach is not analysed;
- every set of the cards ``ahead`` (a count, an ``any(...)``, a choice's set, a number read
  in a cost) takes face-up cards only (``face_up`` is one of its filters).  The cards ahead
  are the row from the pass's place on: which face-down cards lie there, how many lie in a
  run and whether any follow the last face-up one are what the key drops (the native key
  keeps neither the place of the pass nor the face-down cards ahead), so ``count(ahead in
  pantry)``, ``any(face_down ahead in pantry)`` or ``choose 1 ahead in pantry`` (a choice
  that may offer a face-down card, which then does nothing) read them.  ``face_up ahead``
  is the face-up cards from the pass's place on, which the key holds in order.

Counts and ``any(...)`` over the whole pantry are always allowed: the key holds every face-up
card and the pantry as a set, so how many lie face down follows.  The card language has no
other set of cards by their place (``after X`` and ``before X`` name one card, a place,
refused above).

**The bound** (:attr:`CardFacts.score_cost`, :meth:`CardFacts.ceiling`).  With the printed
cards minutes never come back (a cost is a whole number from 0 up); a variant whose program
sets a cost below 0 (a number, or an expression that can be below 0: :func:`bounds`) gives
them back, up to the clock's 15, and then gets the general bound
with 15 minutes (:attr:`CardFacts.minutes_back`).  A scored card other than (11) costs at least the
fewest minutes its ``score`` program can set (1 when a path sets none); (11) costs none
(EFO.GOAL.WIN).  When every ``score`` statement sits in an ``on discard`` program, at most one
per program and not in a ``repeat``, no chain of effects scores two cards, so each score
starts from a turn with at least a minute left (EFO.CLOCK.ZERO ends the game at none).  Then
the best rating and whether a win is still possible follow from the top card and the minutes
alone (:meth:`CardFacts.ceiling`).  Otherwise the bound is the general one: a win is worth 1
and the rating at most 11 plus the minutes left.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import attrs

from ...dsl import ast
from ...dsl.compile import CardSet

TOP, MINUTES = 12, 16  # the trolley's top card 0-11, the minutes 0-15


@attrs.frozen(cache_hash=True)  # looked up on every bound the Python search takes
class CardFacts:
    """The reductions a set of cards allows (see the module's docstring)."""

    row_as_set: bool
    first_reader: int
    """the one card that reads the first place of the row (0: none)"""
    why_whole_row: str
    """when ``row_as_set`` is False: the construct that prevents it, at file:line:col"""
    score_cost: tuple[int, ...] | None
    """the fewest minutes scoring each card 0-11 costs; None: the general bound"""
    why_general_bound: str
    minutes_back: bool = False
    """some program sets a cost below 0: minutes may come back (up to 15)"""
    stuck_cap: int = 11
    """the most cards the discard pile holds when a pass ends (EfoGame.card_facts: the
    discard limit, 3, unless a reading lets a card go onto a full pile): a game ends with
    minutes left only won or stuck, and stuck only when every card off the trolley lies in
    the pile (EFO.GOAL.STUCK), so the rating's bound lets it stop early only there"""

    def ceiling(self, objective: str, top: int, minutes: int) -> int:
        """What no line of play from a position with this top card and these minutes left
        can beat: 1 or 0 for ``win`` (0: a win is out of reach), the best rating for
        ``rating``."""
        return ceiling_table(self, objective)[top * MINUTES + minutes]

    def describe(self) -> list[str]:
        """The reductions in words, for the solve command and the docs."""
        lines = []
        if self.row_as_set:
            reader = (f", the first card while ({self.first_reader}) may act"
                      if self.first_reader else "")
            lines.append(f"key: passed cards as a set, face-down cards ahead as blockers{reader}")
        else:
            lines.append(f"key: the whole row ({self.why_whole_row})")
        if self.score_cost is not None:
            costs = "".join(f", ({c}) {m}" for c, m in enumerate(self.score_cost)
                            if c and c < 11 and m != 1)
            lines.append(f"bound: the minutes each card costs to score (1{costs}, (11) none)")
        else:
            lines.append(f"bound: the general one ({self.why_general_bound})")
        return lines


GENERAL = CardFacts(row_as_set=False, first_reader=0, why_whole_row="no reductions asked for",
                    score_cost=None, why_general_bound="no reductions asked for")
"""No reductions: the whole row in the key and the general bound (for checking that the
derived ones change no value)."""


@cache
def ceiling_table(facts: CardFacts, objective: str) -> tuple[int, ...]:
    """:meth:`CardFacts.ceiling` for every top card and minutes, ``top * 16 + minutes``
    (top 11 is a won game: the general bound is then exact)."""
    table: list[int] = []
    for top in range(TOP):
        for minutes in range(MINUTES):
            if facts.score_cost is None:  # minutes that may come back: up to the clock's 15
                most = MINUTES - 1 if facts.minutes_back else minutes
                table.append(1 if objective == "win" else 11 + most)
            else:
                win, rating = _scoring_on(facts.score_cost, top, minutes, facts.stuck_cap)
                table.append(win if objective == "win" else rating)
    return tuple(table)


def _scoring_on(cost: Sequence[int], top: int, minutes: int, cap: int) -> tuple[int, int]:
    """Whether a win is still possible (1 or 0) and the best rating, scoring the next cards
    one after the other at their fewest minutes each.  The game ends won (11 plus the minutes
    left), out of time (the top card, no minute left) or stuck with the minutes left, which
    needs the 11 - top cards off the trolley all in the discard pile (at most ``cap``)."""
    if top == 11 or (top == 10 and minutes > 0):  # EFO.GOAL.WIN: (11) costs no minute
        return 1, 11 + minutes
    if minutes == 0:  # EFO.CLOCK.ZERO: the game is over, no score starts without a minute
        return 0, top
    # EFO.RATING: the top card plus the minutes left; EFO.GOAL.STUCK: an empty pantry
    here = top + minutes if 11 - top <= cap else top
    left = minutes - cost[top + 1]  # EFO.SCORE.MINUTE (or the card's own cost)
    if left <= 0:  # the clock runs out with that card on the trolley
        return 0, max(here, top + 1)
    win, rating = _scoring_on(cost, top + 1, left, cap)
    return win, max(here, rating)


def derive(cards: CardSet) -> CardFacts:
    """Read the facts off the card definitions in force (``EfoGame.card_facts`` keeps them)."""
    row = _RowReading()
    costs = _ScoreCosts()
    for number, (path, card) in sorted(cards.definitions().items()):
        row.card(path, number, card)
        costs.card(path, number, card)
    return CardFacts(row_as_set=not row.why, first_reader=row.reader if not row.why else 0,
                     why_whole_row=row.why, score_cost=None if costs.why else costs.table(),
                     why_general_bound=costs.why, minutes_back=costs.back)


def _where(path: str, number: int, pos: ast.Pos) -> str:
    return f"{path}:{pos.line}:{pos.column}: card {number}"


def _walk(body: Sequence[ast.Stmt], repeated: bool = False
          ) -> Iterator[tuple[ast.Stmt, bool]]:
    """Every statement of a body, nested ones too, with whether it sits in a ``repeat``."""
    for stmt in body:
        yield stmt, repeated
        if isinstance(stmt, ast.If):
            yield from _walk(stmt.then, repeated)
            yield from _walk(stmt.orelse, repeated)
        elif isinstance(stmt, (ast.May, ast.EachPlayer)):
            yield from _walk(stmt.body, repeated)
        elif isinstance(stmt, ast.Repeat):
            yield from _walk(stmt.body, True)


def _conditions(stmt: ast.Stmt) -> Iterator[ast.Cond]:
    if isinstance(stmt, ast.If):
        stack: list[ast.Cond] = [stmt.cond]
        while stack:
            cond = stack.pop()
            yield cond
            if isinstance(cond, ast.Not):
                stack.append(cond.cond)
            elif isinstance(cond, (ast.And, ast.Or)):
                stack.extend(cond.parts)


_READS = {ast.CountExpr: "counts", ast.AnyCond: "asks about", ast.ChooseCards: "chooses among"}


def _sets(node: object, read: str = "reads") -> Iterator[tuple[str, ast.SetExpr]]:
    """Every set of cards written anywhere in a program (a count, an ``any(...)``, a
    choice, nested in conditions, numbers and blocks), with how the program reads it."""
    if isinstance(node, ast.SetExpr):
        yield read, node
    elif isinstance(node, (tuple, list)):
        for item in node:
            yield from _sets(item, read)
    elif attrs.has(type(node)):
        kind: Any = type(node)
        read = _READS.get(kind, read)
        for field in attrs.fields(kind):
            yield from _sets(getattr(node, field.name), read)


class _RowReading:
    """Where the programs read the row (see the module's docstring)."""

    def __init__(self) -> None:
        self.why = ""
        self.reader = 0
        self.reader_at = ""

    def refuse(self, path: str, number: int, pos: ast.Pos, what: str) -> None:
        if not self.why:
            self.why = f"{_where(path, number, pos)} {what}"

    def card(self, path: str, number: int, card: ast.CardDef) -> None:
        if card.requires or card.grants:
            self.refuse(path, number, card.pos, "has conditions or grants")
        for handler in card.handlers:
            firsts = 0
            events = sorted(set(handler.events) - {"use", "score", "discard"})
            if events:  # EFO.CARDS.FLIPPED, EFO.CARDS.LAID-OUT: effects at other moments
                self.refuse(path, number, handler.pos, f"has an effect on {events[0]}")
            for read, found in _sets(handler.body):
                self.ahead(path, number, read, found)
            for stmt, repeated in _walk(handler.body):
                for cond in _conditions(stmt):
                    if isinstance(cond, ast.IsCard) and cond.name in ("first", "next"):
                        self.refuse(path, number, cond.pos, f"asks which card is {cond.name}")
                    if isinstance(cond, ast.Test) and cond.arg in ("first", "next"):
                        self.refuse(path, number, cond.pos, f"tests the {cond.arg} card")
                    if isinstance(cond, ast.Test) and cond.position is not None:
                        self.refuse(path, number, cond.pos, "tests a card by its place")
                if isinstance(stmt, ast.ChooseCards):
                    verb = stmt.apply.verb if stmt.apply is not None else ""
                    if stmt.set.zone.name == "pantry" and "face_up" not in stmt.set.filters \
                            and verb == "swap":
                        self.refuse(path, number, stmt.pos,
                                    "swaps pantry cards that may lie face down")
                    if stmt.apply is not None and stmt.apply.verb == "send_to_end":
                        self.refuse(path, number, stmt.pos, "sends chosen cards to the end")
                if isinstance(stmt, ast.Call):
                    firsts += self.call(path, number, stmt, handler, repeated)
            if firsts > 1:
                self.refuse(path, number, handler.pos, "reads the first place twice")

    def ahead(self, path: str, number: int, read: str, found: ast.SetExpr) -> None:
        """A set of the cards ``ahead`` that may hold face-down ones reads what the key
        drops: where the pass is, and the face-down cards from there on."""
        if ast.AHEAD not in found.filters or "face_up" in found.filters:
            return
        index = found.filters.index(ast.AHEAD)
        pos = found.item_pos[index] if index < len(found.item_pos) else found.pos
        self.refuse(path, number, pos,
                    f"{read} the cards ahead, face-down ones too (no `face_up`)")

    def call(self, path: str, number: int, stmt: ast.Call, handler: ast.Handler,
             repeated: bool) -> int:
        names = [str(a.value) for a in stmt.args if a.kind == "name"]
        if any(a.position is not None for a in stmt.args):
            self.refuse(path, number, stmt.pos, f"does {stmt.verb} to a card by its place")
        if "next" in names and stmt.verb != "flip_down":
            self.refuse(path, number, stmt.pos, f"does {stmt.verb} to the next card")
        if stmt.verb == "send_to_end" and names != ["first"]:
            self.refuse(path, number, stmt.pos, "sends a card other than the first to the end")
        if "first" not in names:
            return 0
        if stmt.verb != "send_to_end":
            self.refuse(path, number, stmt.pos, f"does {stmt.verb} to the first card")
        elif repeated:
            self.refuse(path, number, stmt.pos, "reads the first place in a repeat")
        elif not set(handler.events) <= {"use", "score"}:
            self.refuse(path, number, stmt.pos, "reads the first place when discarded")
        elif self.reader and self.reader != number:
            self.refuse(path, number, stmt.pos,
                        f"reads the first place, as card {self.reader} does ({self.reader_at})")
        self.reader = number
        self.reader_at = f"{path}:{stmt.pos.line}:{stmt.pos.column}"
        return 1


class _ScoreCosts:
    """The fewest minutes each card's ``score`` program can cost, and whether a chain of
    effects can score two cards (see the module's docstring)."""

    def __init__(self) -> None:
        self.why = ""
        self.costs = [1] * TOP
        self.back = False  # a cost below 0 somewhere: minutes come back

    def table(self) -> tuple[int, ...]:
        return tuple(self.costs)

    def card(self, path: str, number: int, card: ast.CardDef) -> None:
        if card.requires or card.grants:
            self.why = self.why or f"{_where(path, number, card.pos)} has conditions or grants"
        for handler in card.handlers:
            scores = 0
            for stmt, repeated in _walk(handler.body):
                if isinstance(stmt, ast.Call) and stmt.verb == "cost" and any(
                        least_cost(a) < 0 for a in stmt.args):
                    self.back = True  # minutes come back: no bound from the minutes left
                    self.why = self.why or (
                        f"{_where(path, number, stmt.pos)} gives minutes back")
                verb = stmt.verb if isinstance(stmt, ast.Call) else (
                    stmt.apply.verb if isinstance(stmt, ast.ChooseCards) and stmt.apply else "")
                if verb == "put_on_trolley":  # EFO.RULING.ELEVENSES (b): a card for no minute
                    self.why = self.why or (
                        f"{_where(path, number, stmt.pos)} puts a card on the trolley for no "
                        "minute")
                if verb != "score":
                    continue
                scores += 1
                if tuple(handler.events) != ("discard",) or repeated or scores > 1:
                    self.why = self.why or (
                        f"{_where(path, number, stmt.pos)} scores a card in a chain of "
                        "effects that may score another")
            if "score" in handler.events:
                self.costs[number] = _fewest_minutes(handler.body)

    # a card without a score program costs the rules' one minute (EFO.SCORE.MINUTE): kept


def bounds(expr: ast.Expr) -> tuple[int, int]:
    """The least and the most a number read in play (``cost (count(in discard) - 1)``) can
    be: a count is 0 to 11 cards, the minutes 0 to 15."""
    if isinstance(expr, ast.IntExpr):
        return expr.value, expr.value
    if isinstance(expr, ast.CountExpr):
        return 0, 11
    if isinstance(expr, ast.NameExpr):
        return 0, MINUTES - 1
    (a, b), (c, d) = bounds(expr.left), bounds(expr.right)
    if expr.op == "+":
        return a + c, b + d
    if expr.op == "-":
        return a - d, b - c
    if expr.op == "*":
        products = (a * c, a * d, b * c, b * d)
        return min(products), max(products)
    if expr.op == "min":
        return min(a, c), min(b, d)
    return max(a, c), max(b, d)


def least_cost(arg: ast.Arg) -> int:
    """The fewest minutes a ``cost`` argument can set (a number, or the least its
    expression can be)."""
    if arg.kind == "expr" and arg.expr is not None:
        return bounds(arg.expr)[0]
    return int(arg.value) if arg.kind == "int" else 0


def _fewest_minutes(body: Sequence[ast.Stmt]) -> int:
    """The fewest minutes a ``score`` program can leave set: the least of every cost it
    names (0 for a cost that is not a plain number), and the rules' one minute unless the
    program begins by setting a cost (then every path sets one: a program cannot stop before
    its first statement)."""
    costs: set[int] = set()
    for stmt, _ in _walk(body):
        if isinstance(stmt, ast.Call) and stmt.verb == "cost":
            arg = stmt.args[0] if stmt.args else None
            costs.add(least_cost(arg) if arg is not None else 0)
        elif isinstance(stmt, ast.ChooseCards) and stmt.apply and stmt.apply.verb == "cost":
            costs.add(0)
    first = body[0] if body else None
    if not (isinstance(first, ast.Call) and first.verb == "cost" and first.args
            and first.args[0].kind in ("int", "expr")):
        costs.add(1)
    return min(costs)
