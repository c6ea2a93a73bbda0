"""The checker: every problem of a parsed .cards file as a Diagnostic (never an exception)."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any

import attrs

from . import ast
from .diagnostics import Diagnostic, suggest
from .vocab import VOCABULARIES, Vocabulary, vocabulary_for


def _words(words: Iterable[str]) -> str:
    """`a`, `b` or `c`: the words of a hint."""
    quoted = [f"`{w}`" for w in words]
    return " or ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 2 else quoted)


def _at(positions: tuple[ast.Pos, ...], index: int, default: ast.Pos) -> ast.Pos:
    """The position of the ``index``-th word of a list, if the parser recorded it."""
    return positions[index] if index < len(positions) else default


class _Scope:
    def __init__(self) -> None:
        self.cards: set[str] = set()
        self.players: set[str] = {"me"}
        self.zones: dict[str, str] = {}  # bound card name -> the zone it was chosen from

    def copy(self) -> _Scope:
        other = _Scope()
        other.cards = set(self.cards)
        other.players = set(self.players)
        other.zones = dict(self.zones)
        return other


class Checker:
    def __init__(
        self,
        tree: ast.CardFile,
        vocabulary: Vocabulary,
        known_rule: Callable[[str], bool] | Collection[str] | None = None,
    ) -> None:
        self.tree = tree
        self.v = vocabulary
        self.known_rule = known_rule
        self.found: list[Diagnostic] = []

    def report(self, pos: ast.Pos, code: str, message: str, hint: str = "") -> None:
        self.found.append(Diagnostic(self.tree.path, pos.line, pos.column, code, message, hint))

    # -- file --------------------------------------------------------------------------------
    def run(self) -> list[Diagnostic]:
        low, high = self.v.card_numbers
        seen: dict[int, ast.CardDef] = {}
        for card in self.tree.cards:
            if card.number in seen:
                first = seen[card.number].pos
                self.report(
                    card.pos,
                    "E109",
                    f"card {card.number} is defined twice",
                    f"first defined at line {first.line}",
                )
            seen[card.number] = card
            if not low <= card.number <= high:
                self.report(
                    card.pos,
                    "E110",
                    f"card number {card.number} is outside {low}-{high} for {self.v.game}",
                )
            self.card(card)
        self.guests()
        return sorted(self.found, key=lambda d: (d.line, d.column, d.code))

    def guests(self) -> None:
        if self.tree.guests and not self.v.guests:
            self.report(self.tree.guests[0].pos, "E119", f"{self.v.game} has no Special Guests")
            return
        low, high = self.v.card_numbers
        numbers: set[int] = set()
        for guest in self.tree.guests:
            if guest.number in numbers:
                self.report(guest.pos, "E119", f"guest {guest.number} is defined twice")
            numbers.add(guest.number)
            if len(set(guest.wants)) != 3:
                self.report(guest.pos, "E119", "a guest wants three different cards")
            for want in guest.wants:
                if not low <= want <= high or want == high:
                    self.report(
                        guest.pos,
                        "E119",
                        f"guest {guest.number} wants card {want}, which is not a spread card",
                    )
            self.rule_id(guest.rule, guest.rule_pos or guest.pos)
            for kind, pos in guest.others:
                self.report(pos, "E122", f"a Special Guest has no `{kind}`",
                            "a guest's body holds only event handlers: on revealed { ... }")
            self.handlers(guest.number, guest.handlers, self.v.guest_events, "guest")

    def handlers(self, number: int, handlers: Iterable[ast.Handler], events: dict[str, str],
                 what: str) -> None:
        """E102 (an event the game does not know for a card or a guest: the hint lists those
        it knows), E114, then each handler's statements."""
        handled: dict[str, ast.Pos] = {}
        for handler in handlers:
            for index, event in enumerate(handler.events):
                at = _at(handler.event_pos, index, handler.pos)
                if event not in events:
                    names = ", ".join(f"`{e}`" for e in events)
                    known = (f"{what}s of {self.v.game} know: {names}" if events
                             else f"{what}s of {self.v.game} have no events")
                    close = difflib.get_close_matches(event, sorted(events), n=1, cutoff=0.6)
                    self.report(at, "E102", f"unknown event `{event}`",
                                f"did you mean `{close[0]}`? {known}" if close else known)
                elif event in handled:
                    self.report(
                        at,
                        "E114",
                        f"{what} {number} handles `{event}` twice",
                        f"first at line {handled[event].line}",
                    )
                handled.setdefault(event, at)
                self.event_fits(number, event, at, handler, what)
            if what == "guest":  # E140: a guest's effect has no card of its own
                for pos in _self_refs(handler.body, handler.pos):
                    self.report(pos, "E140", "`self` in a Special Guest's effect: a guest is "
                                "no card", "name the cards the effect acts on: choose them, "
                                "or name their zone")
            self.block(handler.body, _Scope())
            self.gathered(handler.body)

    def event_fits(self, number: int, event: str, at: ast.Pos, handler: ast.Handler,
                   what: str) -> None:
        """E142: an event that never happens to this card; E141: a verb that can only do
        nothing when this event happens."""
        never, why = self.v.never.get(event, ((), ""))
        if what == "card" and number in never:
            self.report(at, "E142", f"`{event}` never happens to card {number}", why)
        for call in calls(handler.body):
            verb = self.v.verbs.get(call.verb)
            if verb is not None and event in verb.idle_in:
                self.report(call.pos, "E141", f"`{call.verb}` does nothing on `{event}`",
                            f"what it does ({verb.doc}) has already happened when "
                            f"`{event}` does")

    def rule_id(self, rule: str | None, pos: ast.Pos) -> None:
        known = self.known_rule
        if not rule or known is None:
            return
        if callable(known):
            if not known(rule):
                self.report(pos, "E120", f"rule id {rule} is not in the rulebook")
        elif rule not in known:
            close = difflib.get_close_matches(rule, sorted(known), n=1, cutoff=0.8)
            hint = f"did you mean `{close[0]}`?" if close else ""
            self.report(pos, "E120", f"rule id {rule} is not in the rulebook", hint)

    # -- cards -------------------------------------------------------------------------------
    def card(self, card: ast.CardDef) -> None:
        self.rule_id(card.rule, card.rule_pos or card.pos)
        for name, pos in card.traits:
            if name not in self.v.traits:
                self.report(pos, "E105", f"unknown trait `{name}`", suggest(name, self.v.traits))
        for cond in card.requires:
            if not self.v.requires:
                self.report(
                    cond.pos, "E122", f"{self.v.game} never looks at `requires`",
                    "the card would be played as if the line were not there; remove it",
                )
            self.cond(cond, _Scope())
        for grant in card.grants:
            self.grant(grant)
            self.set(grant.set, _Scope())
            self.cond(grant.cond, _Scope())
        if card.value_expr is not None:
            if not self.v.scores_value:
                self.report(
                    card.value_expr.pos, "E122", f"{self.v.game} never reads a card's value",
                    "a number read in play can set what a use or score costs: "
                    "cost (count(face_down in pantry))",
                )
            self.expr(card.value_expr, _Scope())
        self.handlers(card.number, card.handlers, self.v.events, "card")

    def grant(self, grant: ast.Grant) -> None:
        """E116: a grant names one of the game's permissions (vocab.Grant); E123: its set lies
        in a zone the permission never looks at, so it could allow nothing."""
        spec = self.v.grants.get(grant.name)
        if spec is None:
            known = _words(self.v.grants)
            close = difflib.get_close_matches(grant.name, sorted(self.v.grants), n=1,
                                              cutoff=0.6)
            if close:
                hint = f"did you mean `{close[0]}`?"
            elif grant.name in self.v.verbs:
                hint = (f"`{grant.name}` is a verb: a card does it in a handler (on EVENT {{ "
                        f"{grant.name} ... }}); a grant is a lasting permission"
                        + (f": {known}" if known else ""))
            else:
                hint = (f"the grants of {self.v.game} are {known}" if known
                        else f"{self.v.game} has no grants")
            self.report(grant.pos, "E116", f"unknown grant `{grant.name}`", hint)
            return
        zone = grant.set.zone.name
        if spec.zones and zone in self.v.zones and zone not in spec.zones:
            self.report(
                grant.set.zone.pos, "E123", f"`grant {grant.name}` allows nothing in `{zone}`",
                f"`{grant.name}` looks at cards in {_words(spec.zones)}",
            )

    # -- statements --------------------------------------------------------------------------
    def block(self, body: Iterable[ast.Stmt], scope: _Scope) -> None:
        for stmt in body:
            self.stmt(stmt, scope)

    def stmt(self, stmt: ast.Stmt, scope: _Scope) -> None:
        if isinstance(stmt, ast.ChooseCards):
            self.choose(stmt, scope)
        elif isinstance(stmt, ast.ChoosePlayer):
            if not self.v.players:
                self.report(stmt.pos, "E113", f"cards of {self.v.game} cannot choose a player")
            self.player_name(stmt.by, stmt.pos, scope)
            self.bind(stmt.bind, stmt.pos, scope, scope.players)
            if stmt.where is not None:
                self.cond(stmt.where, scope)
                if stmt.bind not in _owners(stmt.where):
                    self.report(_cond_pos(stmt.where), "E152",
                                f"the condition of `choose player` never names `{stmt.bind}`: "
                                "it holds for every player or for none",
                                f"name the chosen player's zone: where any(... in "
                                f"ZONE({stmt.bind}))")
        elif isinstance(stmt, ast.EachPlayer):
            if not self.v.players:
                self.report(stmt.pos, "E113", f"cards of {self.v.game} cannot choose a player")
            if not stmt.body:
                self.report(stmt.pos, "E118", "`each player` needs something to do")
            inner = scope.copy()
            self.bind(stmt.bind, stmt.pos, scope, inner.players)
            self.block(stmt.body, inner)
        elif isinstance(stmt, ast.If):
            self.cond(stmt.cond, scope)
            self.block(stmt.then, scope.copy())
            self.block(stmt.orelse, scope.copy())
        elif isinstance(stmt, ast.May):
            self.player_name(stmt.by, stmt.pos, scope)
            if not stmt.body:
                self.report(stmt.pos, "E118", "`may` needs something to do")
            self.block(stmt.body, scope.copy())
        elif isinstance(stmt, ast.Repeat):
            if stmt.count < 1 or not stmt.body:
                self.report(
                    stmt.pos, "E118", "`repeat up to` needs a count of 1 or more and a body"
                )
            else:
                self.repeat_once(stmt)
            self.block(stmt.body, scope.copy())
        elif isinstance(stmt, ast.Call):
            self.call(stmt, scope, chosen=None)

    def repeat_once(self, stmt: ast.Repeat) -> None:
        """E128: a repeated block that chooses nothing and whose verbs, done again at once,
        change nothing: the owner is asked again and again for what can happen only once."""
        if stmt.count < 2:
            return
        verbs: list[str] = []
        for inner in stmt.body:
            if isinstance(inner, ast.Nothing):
                continue
            if not isinstance(inner, ast.Call):
                return  # a choice, a condition, a nested block: each round may differ
            verbs.append(inner.verb)
        known = [self.v.verbs[name] for name in verbs if name in self.v.verbs]
        if not known or len(known) != len(verbs) or any(verb.again for verb in known):
            return
        names = ", ".join(f"`{name}`" for name in dict.fromkeys(verbs))
        self.report(
            stmt.pos, "E128",
            f"`repeat up to {stmt.count}` repeats {names} on the same cards: it asks "
            f"{stmt.count} times and acts once",
            "drop the repeat, or choose the cards inside it: "
            f"repeat up to {stmt.count} {{ choose 1 ... -> {verbs[0]} }}",
        )

    def gathered(self, body: tuple[ast.Stmt, ...]) -> None:
        """E129: a verb that gathers what several players did (pass_aside) after a single
        statement of the verb it gathers (set_aside) outside `each player`: one card only,
        and it goes back to the player who set it aside."""
        sites: dict[str, int] = {}  # verb -> statements outside `each player` that use it
        looped: set[str] = set()  # verbs used inside `each player`

        def walk(stmts: Iterable[ast.Stmt], in_each: bool) -> None:
            for stmt in stmts:
                if isinstance(stmt, ast.EachPlayer):
                    walk(stmt.body, True)
                    continue
                if isinstance(stmt, ast.If):
                    walk(stmt.then, in_each)
                    walk(stmt.orelse, in_each)
                    continue
                if isinstance(stmt, ast.May | ast.Repeat):
                    if isinstance(stmt, ast.Repeat):
                        looped.update(c.verb for c in calls(stmt.body))
                    walk(stmt.body, in_each)
                    continue
                call = stmt.apply if isinstance(stmt, ast.ChooseCards) else stmt
                if not isinstance(call, ast.Call):
                    continue
                verb = self.v.verbs.get(call.verb)
                if verb is not None and verb.gathers and verb.gathers not in looped:
                    count = sites.get(verb.gathers, 0)
                    if count <= 1:
                        what = "nothing is" if count == 0 else "only one card can be"
                        self.report(
                            call.pos, "E129",
                            f"{what} `{verb.gathers}` before `{call.verb}` here: "
                            + ("it does nothing" if count == 0 else
                               f"`{call.verb}` hands it back to the player who set it aside"),
                            f"let every player {verb.gathers}: each player as q "
                            f"{{ choose 1 in ... by q -> {verb.gathers} }}",
                        )
                if in_each:
                    looped.add(call.verb)
                else:
                    sites[call.verb] = sites.get(call.verb, 0) + 1

        walk(body, False)

    def bind(self, name: str, pos: ast.Pos, scope: _Scope, into: set[str]) -> None:
        if (name in scope.cards or name in scope.players or name in self.v.refs
                or name in self.v.player_refs):
            self.report(pos, "E117", f"`{name}` is already a name here", "pick another name")
        into.add(name)

    def player_name(self, name: str | None, pos: ast.Pos, scope: _Scope, chooser: bool = True
                    ) -> None:
        """E108 unless ``name`` is `me` or a bound player, or (not for who chooses, `by`) a
        player the game names, such as `left`."""
        if name is not None and name in self.v.player_refs and chooser:
            self.report(pos, "E108", f"`{name}` cannot be the one who chooses",
                        "`by` names `me` or a player bound with `choose player` or `each "
                        f"player`; `{name}` names a zone's owner or a verb's player")
            return
        if name is not None and name not in scope.players and name not in self.v.player_refs:
            self.report(
                pos,
                "E108",
                f"unknown player `{name}`",
                suggest(name, [*scope.players, *self.v.player_refs])
                or "bind one first: choose player as NAME",
            )

    def choose(self, stmt: ast.ChooseCards, scope: _Scope) -> None:
        self.set(stmt.set, scope)
        zone = stmt.set.zone
        allowed = self.v.choose_from
        pickable = allowed is None or zone.name not in self.v.zones or zone.name in allowed
        if not pickable:
            self.report(
                zone.pos,
                "E125",
                f"no card of `{zone.name}` can be chosen in {self.v.game}",
                f"choose from {_words(allowed or ())}; look at `{zone.name}` with "
                f"count(in {zone.name}) or any(in {zone.name})",
            )
        self.player_name(stmt.by, stmt.pos, scope)
        quantity = stmt.quantity
        if quantity.count < 1:
            self.report(stmt.pos, "E118", "choose needs a count of 1 or more")
        if quantity.mode == "random" and quantity.count != 1:
            self.report(stmt.pos, "E107", "`at random` draws one card at a time")
        if stmt.bind is not None:
            if quantity.count != 1:
                self.report(stmt.pos, "E107", "`as NAME` names one chosen card: choose 1")
            self.bind(stmt.bind, stmt.pos, scope, scope.cards)
            scope.zones[stmt.bind] = zone.name
        if stmt.apply is not None:
            self.call(stmt.apply, scope, chosen=quantity.count)
            if pickable:
                self.cards_from(stmt.apply, zone.name, zone.pos)
            self.same_player(stmt.apply, zone)
            self.own_zone(stmt.apply, zone)

    def own_zone(self, call: ast.Call, zone: ast.ZoneRef) -> None:
        """E153: a card chosen in the owner's own zone moved into that same zone
        (`choose 1 in kitchen(me) -> take`): it stays where it is."""
        verb = self.v.verbs.get(call.verb)
        if verb is None or not verb.to_own or zone.name != verb.to_own or zone.owner != "me":
            return
        self.report(call.pos, "E153", f"`{call.verb}` of a card of {zone.name}(me) does nothing: "
                    f"it moves the card into {zone.name}(me), where it already lies",
                    f"choose in another player's {zone.name}: {zone.name}(left), "
                    f"{zone.name}(right), or one chosen with `choose player except me as p`")

    def same_player(self, call: ast.Call, zone: ast.ZoneRef) -> None:
        """E133: a card chosen in a player's zone moved to that same player (`choose 1 in
        kitchen(me) -> give to me`): a one-way transfer whose two sides are one player, so
        the card stays where it is."""
        verb = self.v.verbs.get(call.verb)
        if verb is None or not verb.has_target() or zone.owner is None:
            return
        for kind, arg in zip(verb.written(True), call.args, strict=False):
            if kind == "player" and arg.kind == "name" and arg.value == zone.owner:
                who = "the owner" if zone.owner == "me" else f"`{zone.owner}`"
                self.report(arg.pos, "E133",
                            f"`{call.verb}` of a card of {zone.name}({zone.owner}) to {who} "
                            "does nothing",
                            "name another player (left, right, or one chosen with `choose "
                            f"player except me as p`), or choose in another player's {zone.name}")

    def cards_from(self, call: ast.Call, zone: str | None, pos: ast.Pos) -> None:
        """E124: the verb acts only on cards of some zones, and these come from another."""
        verb = self.v.verbs.get(call.verb)
        if verb is None or not verb.cards_from or zone is None or zone not in self.v.zones:
            return
        if zone not in verb.cards_from:
            self.report(
                pos,
                "E124",
                f"`{call.verb}` does nothing to a card in `{zone}`",
                f"`{call.verb}` acts on cards in {_words(verb.cards_from)}",
            )

    def call(self, call: ast.Call, scope: _Scope, chosen: int | None) -> None:
        verb = self.v.verbs.get(call.verb)
        if verb is None:
            self.report(
                call.pos,
                "E106",
                f"unknown verb `{call.verb}` in {self.v.game}",
                suggest(call.verb, self.v.verbs),
            )
            return
        if chosen is not None:
            if verb.chosen is None:
                self.report(call.pos, "E111", f"`{call.verb}` cannot follow `->`")
            elif verb.chosen and verb.chosen != chosen:
                self.report(
                    call.pos,
                    "E111",
                    f"`{call.verb}` takes {verb.chosen} chosen card(s), not {chosen}",
                    f"write: choose exactly {verb.chosen} ... -> {call.verb}",
                )
        params = list(verb.written(after_arrow=chosen is not None))  # vocab.Verb: the target
        usage = " ".join([call.verb, *("int" if p == "signed" else p for p in params)])
        if len(call.args) != len(params):
            hint = f"usage: {usage}"
            names = set(self.v.refs) | scope.cards
            if (self.v.positions and params[:1] == ["card"] and len(call.args) > 1
                    and all(a.kind == "name" and a.value in names for a in call.args)):
                last = call.args[0].value
                hint += (f"; a card by its place: the card after `{last}` is `after {last}`, "
                         f"the one after that `2 after {last}`")
            self.report(
                call.pos,
                "E107",
                f"`{call.verb}` takes {len(params)} argument(s) here, got {len(call.args)}",
                hint,
            )
            return
        for arg, kind in zip(call.args, params, strict=True):
            self.arg(arg, kind, call, scope, usage)

    def arg(self, arg: ast.Arg, kind: str, call: ast.Call, scope: _Scope, usage: str) -> None:
        if arg.kind == "expr" and arg.expr is not None:
            if kind not in ("int", "signed"):
                self.report(arg.pos, "E107", f"`{call.verb}` wants a {kind} here, not a number",
                            f"usage: {usage}")
            self.expr(arg.expr, scope)
            return
        if kind in ("int", "signed"):
            if arg.kind != "int":
                self.report(
                    arg.pos, "E107", f"`{call.verb}` wants a number here", f"usage: {usage}"
                )
            elif kind == "int" and int(arg.value) < 0:
                self.report(
                    arg.pos, "E107", f"`{call.verb}` wants a number from 0 here",
                    f"usage: {usage}",
                )
        elif kind == "card" and arg.position is not None:
            self.position(arg.position, scope, call)
        elif kind == "card" and arg.kind == "zone":  # `next(next)`: not a way to name a card
            advice = (f"for the card after `{arg.owner}` write `after {arg.owner}`"
                      if self.v.positions else "name the card: a reference or a name bound "
                      "with `as`")
            self.report(arg.pos, "E108", f"`{arg.value}({arg.owner})` is not a card", advice)
        elif kind == "card":
            known = set(self.v.refs) | scope.cards
            if arg.kind != "name" or arg.value not in known:
                self.report(
                    arg.pos,
                    "E108",
                    f"unknown card reference `{arg.value}`",
                    suggest(str(arg.value), known),
                )
            else:
                name = str(arg.value)
                where = scope.zones.get(name) if name in scope.cards else self.v.ref_zones.get(name)
                self.cards_from(call, where, arg.pos)
        elif kind == "player":
            if arg.kind != "name" or (arg.value not in scope.players
                                      and arg.value not in self.v.player_refs):
                self.report(
                    arg.pos,
                    "E108",
                    f"unknown player `{arg.value}`",
                    suggest(str(arg.value), [*scope.players, *self.v.player_refs]),
                )
            elif arg.value == "me" and self.v.verbs[call.verb].other_player:
                self.report(arg.pos, "E132",
                            f"`{call.verb}` between the owner and herself does nothing",
                            "name another player: left, right, or one chosen with "
                            "`choose player except me as p`")
        elif kind == "zone":
            self.zone(ast.ZoneRef(str(arg.value), arg.owner, arg.pos), scope)
            verb = self.v.verbs[call.verb]
            if verb.zones and arg.value in self.v.zones and arg.value not in verb.zones:
                self.report(
                    arg.pos,
                    "E123",
                    f"`{call.verb}` does nothing to `{arg.value}`",
                    f"`{call.verb}` acts on {_words(verb.zones)}",
                )
        elif kind == "dir":
            if arg.value not in ("left", "right"):
                self.report(
                    arg.pos, "E107", f"`{call.verb}` wants left or right", f"usage: {usage}"
                )
        elif arg.kind != "name" or arg.value != kind:
            self.report(arg.pos, "E107", f"`{call.verb}` expects `{kind}` here", f"usage: {usage}")

    def position(self, where: ast.Position, scope: _Scope, call: ast.Call | None) -> None:
        """``N after X``, ``N before X``, ``card N of Z``, ``N ahead``: a card by its place
        in a row."""
        if where.kind == "ahead":
            if not self.no_pass(where.pos):
                if where.count < 1:
                    self.report(where.pos, "E107", "places count from 1", "write: 1 ahead")
                if call is not None:
                    self.cards_from(call, self.v.pass_row, where.pos)
            return
        if not self.v.positions:
            self.report(where.pos, "E131", f"{self.v.game} has no row to count places in",
                        "name the card: a reference or a name bound with `as`")
            return
        if where.count < 1:
            self.report(where.pos, "E107", "places count from 1", "write: 1 after self")
        if where.kind == "row":
            if where.base not in self.v.positions:
                self.report(where.pos, "E131", f"`{where.base}` is not a row of {self.v.game}",
                            f"write: card {where.count} of {self.v.positions[0]}")
                return
            zone = where.base
        else:
            self.card_name(where.base, where.pos, scope, "card reference")
            zone = self.v.positions[0]
        if call is not None:
            self.cards_from(call, zone, where.pos)

    # -- sets, zones, conditions ---------------------------------------------------------------
    def zone(self, zone: ast.ZoneRef, scope: _Scope) -> None:
        owned = self.v.zones.get(zone.name)
        if owned is None:
            self.report(
                zone.pos, "E103", f"unknown zone `{zone.name}`", suggest(zone.name, self.v.zones)
            )
        elif owned and zone.owner is None:
            self.report(
                zone.pos,
                "E112",
                f"zone `{zone.name}` needs an owner",
                f"write `{zone.name}(me)`",
            )
        elif not owned and zone.owner is not None:
            self.report(
                zone.pos, "E112", f"zone `{zone.name}` has no owner", f"write `{zone.name}`"
            )
        elif zone.owner is not None:
            self.player_name(zone.owner, zone.pos, scope, chooser=False)

    def set(self, chosen: ast.SetExpr, scope: _Scope) -> None:
        self.zone(chosen.zone, scope)
        low, high = self.v.card_numbers
        for index, item in enumerate((*chosen.filters, *chosen.exceptions)):
            at = _at(chosen.item_pos, index, chosen.pos)
            if isinstance(item, int):
                if not low <= item <= high:
                    self.report(at, "E110", f"there is no card {item} in {self.v.game}")
            elif item == "self" and index >= len(chosen.filters):
                continue
            elif item == ast.AHEAD and index < len(chosen.filters):
                self.ahead_zone(chosen.zone, at)
            elif item not in self.v.filters and item not in self.v.traits:
                words = [*self.v.filters, *self.v.traits]
                if index >= len(chosen.filters):
                    words.append("self")  # an exception may also be the card itself
                self.report(at, "E104", f"unknown filter `{item}`", suggest(item, words))
            elif index < len(chosen.filters):
                self.filter_zone(item, chosen.zone, at)

    def no_pass(self, pos: ast.Pos) -> bool:
        """E150: `ahead` in a game whose play walks no row (true when reported)."""
        if self.v.pass_row:
            return False
        self.report(pos, "E150", f"`ahead` means nothing in {self.v.game}: no pass walks a row "
                    "of its cards", "name the cards otherwise: a zone, a filter, a reference")
        return True

    def ahead_zone(self, zone: ast.ZoneRef, pos: ast.Pos) -> None:
        """E150 as ``no_pass``; E151: `ahead` in a set of another zone than the row the pass
        walks (the set is always empty)."""
        if self.no_pass(pos) or zone.name not in self.v.zones or zone.name == self.v.pass_row:
            return
        self.report(pos, "E151", f"no card in `{zone.name}` is ever `ahead`: the set is always "
                    "empty", f"the pass walks `{self.v.pass_row}`: write `ahead in "
                    f"{self.v.pass_row}`")

    def filter_zone(self, name: str, zone: ast.ZoneRef, pos: ast.Pos) -> None:
        """E126: a filter that can never hold for a card of the set's zone (the set is empty)."""
        where = self.v.filter_zones.get(name)
        if where and zone.name in self.v.zones and zone.name not in where:
            self.report(
                pos,
                "E126",
                f"no card in `{zone.name}` is ever `{name}`: the set is always empty",
                f"`{name}` holds only in {_words(where)}",
            )

    def cond(self, cond: ast.Cond, scope: _Scope) -> None:
        if isinstance(cond, ast.Compare):
            self.expr(cond.left, scope)
            self.expr(cond.right, scope)
        elif isinstance(cond, ast.AnyCond):
            self.set(cond.set, scope)
        elif isinstance(cond, ast.IsCard):
            self.card_name(cond.name, cond.pos, scope, "card name")
        elif isinstance(cond, ast.Test):
            if cond.name not in self.v.tests:
                self.report(
                    cond.pos,
                    "E115",
                    f"unknown test `{cond.name}`",
                    suggest(cond.name, self.v.tests),
                )
            if cond.position is not None:
                self.position(cond.position, scope, None)
            else:
                self.card_name(cond.arg, cond.pos, scope, "card reference")
        elif isinstance(cond, ast.Not):
            self.cond(cond.cond, scope)
        else:
            for part in cond.parts:
                self.cond(part, scope)

    def card_name(self, name: str, pos: ast.Pos, scope: _Scope, what: str) -> None:
        """E108 unless ``name`` is a card named in this scope or a reference of the game."""
        if name not in scope.cards and name not in self.v.refs:
            self.report(pos, "E108", f"unknown {what} `{name}`",
                        suggest(name, [*scope.cards, *self.v.refs]))

    def expr(self, expr: ast.Expr, scope: _Scope) -> None:
        if isinstance(expr, ast.BinExpr):
            self.expr(expr.left, scope)
            self.expr(expr.right, scope)
        elif isinstance(expr, ast.CountExpr):
            self.set(expr.set, scope)
        elif isinstance(expr, ast.NameExpr) and expr.name not in self.v.values:
            self.report(
                expr.pos, "E115", f"unknown value `{expr.name}`", suggest(expr.name, self.v.values)
            )


def check_tree(
    tree: ast.CardFile,
    expected_game: str | None = None,
    known_rule: Callable[[str], bool] | Collection[str] | None = None,
) -> list[Diagnostic]:
    """All diagnostics of a parsed file.  The game comes from its header or ``expected_game``."""
    game = tree.game or expected_game
    pos = tree.game_pos or ast.Pos(1, 1)

    def wrong_game(message: str, hint: str = "") -> list[Diagnostic]:
        return [Diagnostic(tree.path, pos.line, pos.column, "E101", message, hint)]

    if game is None:
        return wrong_game("the file does not say its game", "start it with: game elevenes-for-one")
    if game not in VOCABULARIES:
        return wrong_game(f"unknown game `{game}`", suggest(game, VOCABULARIES))
    if expected_game is not None and game != expected_game:
        return wrong_game(f"these cards are for `{game}`, not `{expected_game}`")
    return Checker(tree, vocabulary_for(game), known_rule).run()


def _self_refs(node: object, pos: ast.Pos) -> Iterator[ast.Pos]:
    """Where a handler's statements name the card reference ``self`` (E140)."""
    if isinstance(node, str):
        if node == "self":
            yield pos
    elif isinstance(node, ast.SetExpr):  # at the word itself, among the set's filters
        items = (*node.filters, *node.exceptions)
        for index, item in enumerate(items):
            if item == "self":
                yield _at(node.item_pos, index, node.pos)
    elif isinstance(node, tuple):
        for item in node:
            yield from _self_refs(item, pos)
    elif attrs.has(type(node)):
        here = getattr(node, "pos", pos)
        instance: Any = node
        for name in attrs.asdict(instance, recurse=False):
            if name not in ("pos", "item_pos", "event_pos"):
                yield from _self_refs(getattr(node, name), here)


def _owners(node: object) -> set[str]:
    """The players a condition names: the owners of the zones of its sets."""
    if isinstance(node, ast.ZoneRef):
        return {node.owner} if node.owner else set()
    if isinstance(node, tuple):
        return set().union(*(_owners(item) for item in node))
    if attrs.has(type(node)):
        instance: Any = node
        return set().union(*(_owners(getattr(node, name))
                             for name in attrs.asdict(instance, recurse=False)))
    return set()


def _cond_pos(cond: ast.Cond) -> ast.Pos:
    return cond.pos


def calls(body: Iterable[ast.Stmt]) -> Iterator[ast.Call]:
    """Every verb call of a block, nested blocks and `-> verb` included."""
    for stmt in body:
        if isinstance(stmt, ast.Call):
            yield stmt
        elif isinstance(stmt, ast.ChooseCards):
            if stmt.apply is not None:
                yield stmt.apply
        elif isinstance(stmt, ast.If):
            yield from calls(stmt.then)
            yield from calls(stmt.orelse)
        elif isinstance(stmt, ast.May | ast.Repeat | ast.EachPlayer):
            yield from calls(stmt.body)


def card_verbs(card: ast.CardDef) -> set[str]:
    return {call.verb for handler in card.handlers for call in calls(handler.body)}


def always_verbs(card: ast.CardDef) -> set[str]:
    """The verbs a card always calls when one of its events happens: the calls at the top of
    a handler, outside any `if`, `may`, `repeat`, `each player` or choice."""
    return {stmt.verb for handler in card.handlers for stmt in handler.body
            if isinstance(stmt, ast.Call)}


def check_set(trees: Sequence[ast.CardFile], vocabulary: Vocabulary) -> list[Diagnostic]:
    """E127: the cards in force (a later file replaces a card of the same number) must use
    each verb the game needs, e.g. Elevenes' `end_round`.  Reported in the last file, at the
    card that replaced one that used it."""
    if not trees:
        return []
    in_force: dict[int, ast.CardDef] = {}
    before: dict[int, set[str]] = {}  # the verbs of the cards the last file replaces
    in_force_before: dict[int, str] = {}  # and their names
    for index, tree in enumerate(trees):
        for card in tree.cards:
            if index == len(trees) - 1 and card.number in in_force:
                before.setdefault(card.number, card_verbs(in_force[card.number]))
                in_force_before.setdefault(card.number, in_force[card.number].name)
            in_force[card.number] = card
    used = set().union(*(always_verbs(card) for card in in_force.values()))
    last = trees[-1]
    found: list[Diagnostic] = []
    earlier: dict[int, ast.CardDef] = {}
    for tree in trees[:-1]:
        for card in tree.cards:
            earlier[card.number] = card
    for card in last.cards:
        replaced = earlier.get(card.number)
        if (vocabulary.scores_value and card.value is None and card.value_expr is None
                and replaced is not None
                and replaced.value):
            found.append(Diagnostic(
                last.path, card.pos.line, card.pos.column, "W130",
                f"card {card.number} has no `value`, so it is worth 0; the {replaced.name} it "
                f"replaces was worth {replaced.value}",
                f"write: card {card.number} \"{card.name}\" value {replaced.value} ..., "
                "or value 0 to mean it",
            ))
    for verb, why in vocabulary.needed.items():
        if verb in used:
            continue
        culprit = next((c for c in last.cards if verb in before.get(c.number, ())), None)
        pos = culprit.pos if culprit else (last.game_pos or ast.Pos(1, 1))
        what = (f"card {culprit.number} replaces {in_force_before[culprit.number]}, the card "
                "that did" if culprit else "")
        found.append(Diagnostic(
            last.path, pos.line, pos.column, "E127",
            f"no card always does `{verb}` when played: {why}",
            f"{what}; keep `{verb}` at the top of some card's effect, outside any `if`, "
            "`may` or `repeat`".lstrip("; "),
        ))
    return found
