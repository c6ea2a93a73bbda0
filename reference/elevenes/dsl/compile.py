"""Compile a checked .cards file into closures over the game's primitives.

Every vocabulary word is bound once, here, to the host method of the same name
(``zone_pantry``, ``filter_face_up``, ``ref_next``, ``verb_swap``, ...); a card's handler
becomes a flat Program of instructions (runtime.py).  Nothing is interpreted per call and no
user text is ever evaluated as Python."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from . import ast
from .runtime import (
    CardsFn,
    ChooseCards,
    ChoosePlayer,
    CondFn,
    Frame,
    Instr,
    IntFn,
    Jump,
    JumpUnless,
    MayGate,
    Op,
    Program,
    St,
    Statement,
)
from .vocab import Vocabulary, host_problems

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}

_ARITHMETIC: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "min": min,
    "max": max,
}


_KINDS: dict[type, str] = {
    ast.Call: "call",
    ast.ChooseCards: "choose",
    ast.ChoosePlayer: "choose player",
    ast.EachPlayer: "each player",
    ast.If: "if",
    ast.May: "may",
    ast.Repeat: "repeat",
    ast.Nothing: "nothing",
}


def _player_arg(owner: Callable[[St, Frame], int]) -> Callable[[St, Frame], int]:
    return owner


def _zone_arg(
    name: str, owner: Callable[[St, Frame], int]
) -> Callable[[St, Frame], tuple[str, int]]:
    return lambda st, fr: (name, owner(st, fr))


def _at_least_zero(number: IntFn) -> IntFn:
    return lambda st, fr: max(0, number(st, fr))


def _constant_arg(value: int | str) -> Callable[[St, Frame], int | str]:
    return lambda st, fr: value


@attrs.frozen
class CompiledCard:
    number: int
    name: str
    value: int
    rule: str
    traits: frozenset[str]
    programs: dict[str, Program]
    statements: dict[str, tuple[Statement, ...]]
    """Per event: the statements of the effect text, numbered in reading order (frames.py)."""
    requires: tuple[CondFn, ...]
    grants: tuple[tuple[str, CardsFn, CondFn], ...]
    source: str
    value_fn: IntFn | None = None
    """a value read when it is counted (``value count(...)``): called with a frame of the
    card, event ``value`` and its owner; None: ``value`` is the number"""


@attrs.frozen
class Guest:
    number: int
    name: str
    wants: tuple[int, int, int]
    rule: str
    source: str
    programs: dict[str, Program] = attrs.field(factory=dict)
    statements: dict[str, tuple[Statement, ...]] = attrs.field(factory=dict)


@attrs.frozen
class CardSet:
    game: str
    cards: dict[int, CompiledCard]
    guests: dict[int, Guest]
    sources: tuple[str, ...]
    trees: tuple[ast.CardFile, ...] = ()
    """the checked files the set was compiled from, in order (a later card replaces one of
    the same number): what the native solver lowers and card_facts.py reads"""

    def definitions(self) -> dict[int, tuple[str, ast.CardDef]]:
        """The card definitions in force by number, each with the file it comes from."""
        found: dict[int, tuple[str, ast.CardDef]] = {}
        for tree in self.trees:
            for card in tree.cards:
                found[card.number] = (tree.path, card)
        return found

    def has(self, card: int, trait: str) -> bool:
        found = self.cards.get(card)
        return found is not None and trait in found.traits

    def program(self, card: int, event: str) -> Program:
        found = self.cards.get(card)
        return found.programs.get(event, ()) if found is not None else ()

    def statements(self, card: int, event: str) -> tuple[Statement, ...]:
        found = self.cards.get(card)
        return found.statements.get(event, ()) if found is not None else ()


class Compiler:
    def __init__(self, vocabulary: Vocabulary, host: Any, traits: dict[int, frozenset[str]]):
        self.v = vocabulary
        self.host = host
        self.traits = traits
        self.rule = ""
        self.table: list[Statement] = []
        # per block being compiled, its `choose player ... where` (their skip: its end)
        self.skips: list[list[ChoosePlayer]] = []

    def bind_host(self, prefix: str, name: str) -> Any:
        method = getattr(self.host, f"{prefix}_{name}", None)
        if method is None:
            raise NotImplementedError(f"{self.v.game} has no primitive {prefix}_{name}")
        return method

    # -- sets and references ------------------------------------------------------------------
    def owner(self, name: str | None) -> Callable[[St, Frame], int]:
        if name is None or name == "me":
            return lambda st, fr: fr.owner
        if name in self.v.player_refs:  # a player named by the game: `left`, `right`
            seat: Callable[[St, Frame], int] = self.bind_host("player", name)
            return seat
        return lambda st, fr: fr.vars[name]

    def card_test(self, item: str | int) -> Callable[[St, Frame, int], bool]:
        # A host whose card identifiers are not the card numbers (several sets of the same
        # cards) offers ``number_of(card) -> number``; numbers and traits then go by it.
        number_of: Callable[[int], int] | None = getattr(self.host, "number_of", None)
        if isinstance(item, int):
            if number_of is not None:
                return lambda st, fr, card: number_of(card) == item
            return lambda st, fr, card: card == item
        if item == "self":
            return lambda st, fr, card: card == fr.card
        if item == ast.AHEAD:  # the cards of the row the pass has still to reach
            row_fn = self.bind_host("zone", self.v.pass_row)
            ahead_from = self.host.ahead_from

            def ahead(st: St, fr: Frame, card: int) -> bool:
                row = row_fn(st, fr, fr.owner)
                return card in row and row.index(card) >= ahead_from(st, fr)

            return ahead
        if item in self.v.traits:
            traits = self.traits
            empty: frozenset[str] = frozenset()
            if number_of is not None:
                return lambda st, fr, card: item in traits.get(number_of(card), empty)
            return lambda st, fr, card: item in traits.get(card, empty)
        test: Callable[[St, Frame, int], bool] = self.bind_host("filter", item)
        return test

    def cards(self, chosen: ast.SetExpr) -> CardsFn:
        zone_fn = self.bind_host("zone", chosen.zone.name)
        owner = self.owner(chosen.zone.owner)
        keep = [self.card_test(f) for f in chosen.filters]
        drop = [self.card_test(e) for e in chosen.exceptions]

        tests = [(t, True) for t in keep] + [(t, False) for t in drop]
        if not tests:
            return lambda st, fr: list(zone_fn(st, fr, owner(st, fr)))
        if len(tests) == 1:
            only, wanted = tests[0]
            return lambda st, fr: [
                c for c in zone_fn(st, fr, owner(st, fr)) if only(st, fr, c) is wanted
            ]
        if len(tests) == 2:  # the common "filter ... except ...": one comprehension
            (one, want_one), (two, want_two) = tests
            return lambda st, fr: [
                c for c in zone_fn(st, fr, owner(st, fr))
                if bool(one(st, fr, c)) is want_one and bool(two(st, fr, c)) is want_two
            ]

        def cards(st: St, fr: Frame) -> list[int]:
            found: list[int] = []
            for card in zone_fn(st, fr, owner(st, fr)):
                for test, wanted in tests:
                    if bool(test(st, fr, card)) is not wanted:
                        break
                else:
                    found.append(card)
            return found

        return cards

    def position(self, where: ast.Position) -> Callable[[St, Frame], int | None]:
        """The card at a place of a row: the host's ``position_after(st, fr, card, n)``,
        ``position_before`` (none when X names no card) or ``position_row(st, fr, zone, n)``."""
        count = where.count
        if where.kind == "ahead":  # the count-th card the pass has still to reach
            row_fn = self.bind_host("zone", self.v.pass_row)
            ahead_from = self.host.ahead_from

            def ahead(st: St, fr: Frame) -> int | None:
                row = row_fn(st, fr, fr.owner)
                index = ahead_from(st, fr) + count - 1
                return row[index] if 0 <= index < len(row) else None

            return ahead
        if where.kind == "row":
            row = self.bind_host("position", "row")
            zone = where.base
            return lambda st, fr: row(st, fr, zone, count)
        step = self.bind_host("position", where.kind)
        base = self.ref(where.base)

        def placed(st: St, fr: Frame) -> int | None:
            card = base(st, fr)
            return None if card is None else step(st, fr, card, count)

        return placed

    def card_arg(self, arg: ast.Arg) -> Callable[[St, Frame], int | None]:
        return self.position(arg.position) if arg.position is not None else self.ref(
            str(arg.value))

    def ref(self, name: str) -> Callable[[St, Frame], int | None]:
        if name in self.v.refs:
            ref: Callable[[St, Frame], int | None] = self.bind_host("ref", name)
            return ref
        return lambda st, fr: fr.vars.get(name)

    # -- conditions ----------------------------------------------------------------------------
    def expr(self, expr: ast.Expr) -> IntFn:
        if isinstance(expr, ast.BinExpr):
            left, right, op = self.expr(expr.left), self.expr(expr.right), _ARITHMETIC[expr.op]
            return lambda st, fr: op(left(st, fr), right(st, fr))
        if isinstance(expr, ast.IntExpr):
            number = expr.value
            return lambda st, fr: number
        if isinstance(expr, ast.CountExpr):
            cards = self.cards(expr.set)
            return lambda st, fr: len(cards(st, fr))
        value: IntFn = self.bind_host("value", expr.name)
        return value

    def cond(self, cond: ast.Cond) -> CondFn:
        if isinstance(cond, ast.Compare):
            left, right, op = self.expr(cond.left), self.expr(cond.right), _COMPARE[cond.op]
            return lambda st, fr: op(left(st, fr), right(st, fr))
        if isinstance(cond, ast.AnyCond):
            cards = self.cards(cond.set)
            return lambda st, fr: bool(cards(st, fr))
        if isinstance(cond, ast.IsCard):
            ref, number = self.ref(cond.name), cond.card
            number_of: Callable[[int], int] | None = getattr(self.host, "number_of", None)
            if number_of is not None:

                def is_card(st: St, fr: Frame) -> bool:
                    card = ref(st, fr)
                    return card is not None and number_of(card) == number

                return is_card
            return lambda st, fr: ref(st, fr) == number
        if isinstance(cond, ast.Test):
            test = self.bind_host("test", cond.name)
            ref = self.position(cond.position) if cond.position is not None else self.ref(
                cond.arg)

            def tested(st: St, fr: Frame) -> bool:
                card = ref(st, fr)
                return card is not None and bool(test(st, fr, card))

            return tested
        if isinstance(cond, ast.Not):
            inner = self.cond(cond.cond)
            return lambda st, fr: not inner(st, fr)
        parts = [self.cond(p) for p in cond.parts]
        if isinstance(cond, ast.And):
            return lambda st, fr: all(p(st, fr) for p in parts)
        return lambda st, fr: any(p(st, fr) for p in parts)

    # -- statements ----------------------------------------------------------------------------
    def args(self, call: ast.Call, params: Sequence[str]) -> list[Callable[[St, Frame], Any]]:
        """The functions giving the written arguments ``call.args`` of kinds ``params``."""
        resolved: list[Callable[[St, Frame], Any]] = []
        for arg, kind in zip(call.args, params, strict=True):
            if kind == "card":
                resolved.append(self.card_arg(arg))
            elif kind == "player":
                resolved.append(_player_arg(self.owner(str(arg.value))))
            elif kind == "zone":
                resolved.append(_zone_arg(str(arg.value), self.owner(arg.owner)))
            elif arg.expr is not None:  # `(count(in discard) - 1)`: read when the verb runs
                number = self.expr(arg.expr)
                if kind == "int":  # a count: a result below 0 is 0
                    resolved.append(_at_least_zero(number))
                else:
                    resolved.append(number)
            else:
                resolved.append(_constant_arg(arg.value))
        return resolved

    def verb(
        self, call: ast.Call, chosen: bool = False
    ) -> Callable[[St, Frame, tuple[int, ...] | None], None]:
        """The call of a verb's primitive, by the one convention of vocab.Verb: the target
        card in ``chosen`` (the cards chosen before `->`, or the card the call names), then
        the other arguments."""
        spec = self.v.verbs[call.verb]
        fn = self.bind_host("verb", call.verb)
        args = self.args(call, spec.written(after_arrow=chosen))
        if spec.has_target() and not chosen:
            target, *args = args

            def aimed(st: St, fr: Frame, _: tuple[int, ...] | None) -> None:
                card = target(st, fr)
                fn(st, fr, () if card is None else (card,), *[a(st, fr) for a in args])

            return aimed
        if not args:
            verb: Callable[[St, Frame, tuple[int, ...] | None], None] = fn
            return verb
        if len(args) == 1:
            (arg,) = args
            return lambda st, fr, chosen: fn(st, fr, chosen, arg(st, fr))

        def run_verb(st: St, fr: Frame, chosen: tuple[int, ...] | None) -> None:
            fn(st, fr, chosen, *[a(st, fr) for a in args])

        return run_verb

    def block(self, body: Sequence[ast.Stmt], out: list[Instr]) -> None:
        self.skips.append([])
        for stmt in body:
            self.stmt(stmt, out)
        for chosen in self.skips.pop():  # `choose player ... where` that finds no player
            chosen.skip = len(out)

    @staticmethod
    def players_where(found: Callable[[St, Frame], list[int]], bind: str, cond: CondFn
                      ) -> Callable[[St, Frame], list[int]]:
        """The players of ``found`` for whom ``cond`` holds, each named ``bind`` in turn
        (the name's binding, if any, is left as it was)."""

        def players(st: St, fr: Frame) -> list[int]:
            had = bind in fr.vars
            before = fr.vars[bind] if had else 0
            kept = []
            for player in found(st, fr):
                fr.vars[bind] = player
                if cond(st, fr):
                    kept.append(player)
            if had:
                fr.vars[bind] = before
            else:
                fr.vars.pop(bind, None)
            return kept

        return players

    def choose(self, stmt: ast.ChooseCards) -> ChooseCards:
        base = self.cards(stmt.set)
        verb = self.verb(stmt.apply, chosen=True) if stmt.apply is not None else None
        spec = self.v.verbs[stmt.apply.verb] if stmt.apply is not None else None
        applicable = getattr(self.host, f"applicable_{spec.name}", None) if spec else None
        zone_fn = self.bind_host("zone", stmt.set.zone.name)
        owner = self.owner(stmt.set.zone.owner)
        keep = [self.card_test(f) for f in stmt.set.filters]
        drop = [self.card_test(e) for e in stmt.set.exceptions]
        drop_names = [str(e) for e in stmt.set.exceptions]
        rule = self.rule
        host = self.host

        def candidates(st: St, fr: Frame) -> list[int]:
            found = base(st, fr)
            if applicable is not None:
                found = [c for c in found if applicable(st, fr, c) is None]
            return found

        def why_not(st: St, fr: Frame, card: int) -> str | None:
            if card not in zone_fn(st, fr, owner(st, fr)) or not all(t(st, fr, card) for t in keep):
                return rule
            for name, test in zip(drop_names, drop, strict=True):
                if test(st, fr, card):
                    reason: str = host.rule_for_exception(name, rule)
                    return reason
            if applicable is not None:
                verdict: str | None = applicable(st, fr, card)
                if verdict is not None:
                    return verdict
            return None

        word = spec.word if spec is not None else "take"
        # A host may ask that choices from some zones (hidden hands) always be put to the
        # player, even with a single answer, so that the pace of play reveals nothing.
        always_ask = getattr(self.host, "always_ask", None)
        ask = bool(always_ask(stmt.set.zone.name)) if always_ask is not None else False
        return ChooseCards(
            self.host,
            candidates,
            stmt.quantity.count,
            stmt.quantity.mode,
            verb,
            word if stmt.quantity.mode != "random" else "draw",
            stmt.bind,
            stmt.by,
            rule,
            why_not,
            ask,
        )

    def stmt(self, stmt: ast.Stmt, out: list[Instr]) -> None:
        """Compile one statement, recording its number and instructions in ``self.table``."""
        index = len(self.table)
        self.table.append(Statement(index + 1, _KINDS[type(stmt)], len(out)))
        self._stmt(stmt, out)
        entry = self.table[index]
        own = entry.first if isinstance(stmt, ast.Call | ast.ChooseCards | ast.ChoosePlayer
                                        | ast.If | ast.Repeat | ast.EachPlayer) else None
        if isinstance(stmt, ast.May) and len(out) > entry.first and isinstance(
            out[entry.first], MayGate
        ):
            own = entry.first
        if isinstance(stmt, ast.Nothing) or len(out) == entry.first:
            own = None
        binds: tuple[tuple[str, str], ...] = ()
        if isinstance(stmt, ast.ChooseCards) and stmt.bind:
            binds = ((str(stmt.bind), "card"),)
        elif isinstance(stmt, ast.ChoosePlayer | ast.EachPlayer):
            binds = ((str(stmt.bind), "player"),)
        counter = None
        if isinstance(stmt, ast.Repeat):
            counter = f"_repeat{entry.first}"
        elif isinstance(stmt, ast.EachPlayer):
            counter = f"_each{entry.first}"
        self.table[index] = attrs.evolve(entry, own=own, end=len(out), binds=binds,
                                         counter=counter)

    def _stmt(self, stmt: ast.Stmt, out: list[Instr]) -> None:
        if isinstance(stmt, ast.Nothing):
            return
        if isinstance(stmt, ast.Call):
            verb = self.verb(stmt)
            out.append(Op(lambda st, fr: verb(st, fr, None)))
        elif isinstance(stmt, ast.ChooseCards):
            out.append(self.choose(stmt))
        elif isinstance(stmt, ast.ChoosePlayer):
            players = self.host.players
            except_me = stmt.except_me

            def every(st: St, fr: Frame) -> list[int]:
                found: list[int] = players(st, fr, except_me)
                return found

            offered = every if stmt.where is None else self.players_where(
                every, stmt.bind, self.cond(stmt.where))
            chosen = ChoosePlayer(self.host, offered, stmt.by, stmt.bind, self.rule)
            if stmt.where is not None:  # no player fits: the rest of the block is skipped
                self.skips[-1].append(chosen)
            out.append(chosen)
        elif isinstance(stmt, ast.EachPlayer):
            self.each_player(stmt, out)
        elif isinstance(stmt, ast.If):
            test = JumpUnless(self.cond(stmt.cond))
            out.append(test)
            self.block(stmt.then, out)
            if stmt.orelse:
                skip = Jump()
                out.append(skip)
                test.target = len(out)
                self.block(stmt.orelse, out)
                skip.target = len(out)
            else:
                test.target = len(out)
        elif isinstance(stmt, ast.May):
            self.optional_block(stmt.body, stmt.by, out)
        elif isinstance(stmt, ast.Repeat):
            counter = f"_repeat{len(out)}"
            limit = stmt.count
            out.append(Op(lambda st, fr: fr.vars.__setitem__(counter, 0)))
            head = len(out)
            test = JumpUnless(lambda st, fr: fr.vars[counter] < limit)
            out.append(test)
            gates = self.optional_block(stmt.body, None, out, close=False)
            out.append(Op(lambda st, fr: fr.vars.__setitem__(counter, fr.vars[counter] + 1)))
            out.append(Jump(head))
            test.target = len(out)
            for gate in gates:
                gate.skip = len(out)

            def forget(st: St, fr: Frame) -> None:
                fr.vars.pop(counter, None)

            out.append(Op(forget))

    def each_player(self, stmt: ast.EachPlayer, out: list[Instr]) -> None:
        """The block once per player (``host.players``: turn order from the owner)."""
        counter = f"_each{len(out)}"
        players = self.host.players
        except_me = stmt.except_me
        bind = stmt.bind
        out.append(Op(lambda st, fr: fr.vars.__setitem__(counter, 0)))
        head = len(out)

        def more(st: St, fr: Frame) -> bool:
            found: list[int] = players(st, fr, except_me)
            index = fr.vars[counter]
            if index < len(found):
                fr.vars[bind] = found[index]
                return True
            return False

        test = JumpUnless(more)
        out.append(test)
        self.block(stmt.body, out)
        out.append(Op(lambda st, fr: fr.vars.__setitem__(counter, fr.vars[counter] + 1)))
        out.append(Jump(head))
        test.target = len(out)

        def done(st: St, fr: Frame) -> None:
            fr.vars.pop(counter, None)
            fr.vars.pop(bind, None)

        out.append(Op(done))

    def optional_block(
        self, body: Sequence[ast.Stmt], by: str | None, out: list[Instr], close: bool = True
    ) -> list[Any]:
        """Compile a block its owner may decline; return the instructions whose skip target
        is the end of the block (set here unless ``close`` is False)."""
        first = body[0] if body else None
        gate: ChooseCards | MayGate
        if (
            isinstance(first, ast.ChooseCards)
            and first.quantity.mode != "random"
            and (by is None or first.by == by)
        ):
            gate = self.choose(first)
            gate.optional = True
            rest = body[1:]
            self.table.append(  # the choice that opens the block is a statement of its own
                Statement(len(self.table) + 1, "choose", len(out), own=len(out),
                          end=len(out) + 1,
                          binds=((first.bind, "card"),) if first.bind else ())
            )
        else:
            gate = MayGate(self.host, by, self.rule)
            rest = body
        out.append(gate)
        self.block(rest, out)
        if close:
            gate.skip = len(out)
        return [gate]

    # -- cards -------------------------------------------------------------------------------
    def handlers(self, handlers: Sequence[ast.Handler]) -> tuple[
        dict[str, Program], dict[str, tuple[Statement, ...]]
    ]:
        programs: dict[str, Program] = {}
        statements: dict[str, tuple[Statement, ...]] = {}
        for handler in handlers:
            out: list[Instr] = []
            self.table = []
            self.block(handler.body, out)
            for event in handler.events:
                programs[event] = tuple(out)
                statements[event] = tuple(self.table)
        return programs, statements

    def guest(self, guest: ast.GuestDef, source: str) -> Guest:
        self.rule = guest.rule or f"{self.v.game.upper()}.GUEST.{guest.number}"
        programs, statements = self.handlers(guest.handlers)
        return Guest(guest.number, guest.name, guest.wants, guest.rule or "", source,
                     programs, statements)

    def card(self, card: ast.CardDef, source: str) -> CompiledCard:
        self.rule = card.rule or f"{self.v.game.upper()}.CARD.{card.number}"
        programs, statements = self.handlers(card.handlers)
        return CompiledCard(
            number=card.number,
            name=card.name,
            value=card.value or 0,
            rule=self.rule,
            traits=self.traits.get(card.number, frozenset()),
            programs=programs,
            statements=statements,
            requires=tuple(self.cond(c) for c in card.requires),
            grants=tuple((g.name, self.cards(g.set), self.cond(g.cond)) for g in card.grants),
            source=source,
            value_fn=None if card.value_expr is None else self.expr(card.value_expr),
        )


def compile_cards(files: Sequence[ast.CardFile], vocabulary: Vocabulary, host: Any) -> CardSet:
    """Compile checked files in order; a card in a later file replaces the same number."""
    chosen: dict[int, tuple[ast.CardDef, str]] = {}
    guest_defs: dict[int, tuple[ast.GuestDef, str]] = {}
    for tree in files:
        for card in tree.cards:
            chosen[card.number] = (card, f"{tree.path}:{card.pos.line}")
        for guest in tree.guests:
            guest_defs[guest.number] = (guest, f"{tree.path}:{guest.pos.line}")
    problems = host_problems(vocabulary, host)
    if problems:  # the vocabulary promises what the primitives do not take: a bug of elevenes
        raise NotImplementedError("; ".join(problems))
    traits = {n: frozenset(t for t, _ in card.traits) for n, (card, _) in chosen.items()}
    compiler = Compiler(vocabulary, host, traits)
    cards = {n: compiler.card(card, source) for n, (card, source) in sorted(chosen.items())}
    guests = {n: compiler.guest(guest, source)
              for n, (guest, source) in sorted(guest_defs.items())}
    return CardSet(vocabulary.game, cards, guests, tuple(t.path for t in files), tuple(files))
