"""Card files generated from the grammar (grammar/cards.lark) and a game's vocabulary, as a
Hypothesis strategy, and what every file the checker accepts must do: play random games of
its game to the end with no error but a refusal, and (Elevenes for One) solve small endgames.

Most words are drawn from what is in scope (the vocabulary, the names bound so far), so most
files check; now and then a word of another kind is drawn instead, so that the checker's
refusals are exercised too.  Shrinking works on the draws, so a failing file shrinks to a
short one.  Used by tests/dsl/test_dsl_generated.py (a fast sample) and
benchmarks/bench_card_language.py (a larger run with counts).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
from hypothesis import strategies as st

from elevenes.core.errors import ElevenesError, IllegalAction
from elevenes.dsl.diagnostics import Diagnostic
from elevenes.dsl.load import check_file
from elevenes.dsl.vocab import Verb, Vocabulary, vocabulary_for

Draw = Callable[[st.SearchStrategy[Any]], Any]

NAMES = ("a", "b", "p", "q", "x")
CARD_NAMES = ("Tea", "Jam", "Scones", "Crumpets", "Cream")
OPS = (">=", "<=", "==", "!=", ">", "<")


@attrs.define
class Scope:
    cards: list[str] = attrs.field(factory=list)
    players: list[str] = attrs.field(factory=lambda: ["me"])

    def copy(self) -> Scope:
        return Scope(list(self.cards), list(self.players))


class Writer:
    """Draws the pieces of one card file for ``v``; ``depth`` bounds nested blocks."""

    def __init__(self, draw: Draw, v: Vocabulary) -> None:
        self.draw = draw
        self.v = v
        self.in_guest = False  # a guest's effect names no `self` (E140)
        self.event = ""  # the event of the handler being written
        words = [*v.zones, *v.filters, *v.traits, *v.refs, *v.tests, *v.values, *v.verbs]
        self.any_word = sorted(set(words))

    def pick(self, valid: list[str] | tuple[str, ...]) -> str:
        """Mostly a word of ``valid``; one time in 48 any word of the vocabulary."""
        if not valid or self.draw(st.integers(0, 47)) == 23:  # 0 would be drawn more often
            return str(self.draw(st.sampled_from(self.any_word)))
        return str(self.draw(st.sampled_from(sorted(valid))))

    def number(self) -> int:
        low, high = self.v.card_numbers
        return int(self.draw(st.integers(low, high)))

    # -- sets, conditions ------------------------------------------------------------------
    def zone(self, scope: Scope, zones: tuple[str, ...] | None = None) -> str:
        name = self.pick(list(zones or self.v.zones))
        if self.v.zones.get(name):  # an owner: `me`, a bound player or a neighbour (`left`)
            return f"{name}({self.pick([*scope.players, *self.v.player_refs])})"
        return name

    def set(self, scope: Scope, zones: tuple[str, ...] | None = None) -> str:
        zone = self.zone(scope, zones)
        where = zone.split("(")[0]
        items = [f for f in [*self.v.filters, *self.v.traits]
                 if where in self.v.filter_zones.get(f, (where,))]
        if where == self.v.pass_row:  # the cards the pass has still to reach (E151 elsewhere)
            items.append("ahead")
        filters = [
            self.pick(items) if self.draw(st.booleans()) else str(self.number())
            for _ in range(self.draw(st.integers(0, 2)))
        ]
        text = " ".join([*filters, "in", zone])
        itself = [] if self.in_guest else ["self"]  # a guest is no card (E140)
        exceptions = [
            self.pick([*itself, *self.v.traits]) if self.draw(st.booleans())
            else str(self.number())
            for _ in range(self.draw(st.integers(0, 2)))
        ]
        if exceptions:
            text += " except " + ", ".join(exceptions)
        return text

    def expr(self, scope: Scope, depth: int = 1) -> str:
        """A number: a whole number, a count, a value of the game, or (``depth`` allowing)
        arithmetic on them, read in play."""
        kind = self.draw(st.integers(0, 4 if depth > 0 else 2))
        if kind == 0:
            return str(self.draw(st.integers(0, 4)))
        if kind == 1:
            return f"count({self.set(scope)})"
        if kind == 2:
            return self.pick(list(self.v.values))
        left, right = self.expr(scope, depth - 1), self.expr(scope, depth - 1)
        if kind == 3:
            return f"{left} {self.draw(st.sampled_from(('+', '-', '*')))} {right}"
        return f"{self.draw(st.sampled_from(('min', 'max')))}({left}, {right})"

    def cond(self, scope: Scope, depth: int = 2) -> str:
        kind = self.draw(st.integers(0, 6 if depth > 0 else 3))
        refs = [*self.refs(), *scope.cards]
        if kind == 0:
            return f"{self.expr(scope)} {self.draw(st.sampled_from(OPS))} {self.expr(scope)}"
        if kind == 1:
            return f"any({self.set(scope)})"
        if kind == 2:
            return f"{self.pick(refs)} is {self.number()}"
        if kind == 3:
            return f"{self.pick(list(self.v.tests))}({self.card_ref(scope)})"
        if kind == 4:
            return f"not {self.cond(scope, depth - 1)}"
        joiner = " and " if kind == 5 else " or "
        return f"({self.cond(scope, depth - 1)}{joiner}{self.cond(scope, depth - 1)})"

    # -- statements -------------------------------------------------------------------------
    def args(self, verb: Verb, params: tuple[str, ...], scope: Scope) -> list[str]:
        out: list[str] = []
        for kind in params:
            if kind == "card":
                out.append(self.card_ref(scope))
            elif kind == "player":
                players = [*scope.players, *self.v.player_refs]
                if verb.other_player:  # `me` there is refused (E132): another player
                    players = [p for p in players if p != "me"] or players
                out.append(self.pick(players))
            elif kind == "zone":
                out.append(self.zone(scope, verb.zones))
            elif kind in ("int", "signed") and self.draw(st.integers(0, 3)) == 0:
                out.append(f"({self.expr(scope)})")  # a number read when the verb runs
            elif kind in ("int", "signed"):
                out.append(str(self.draw(st.integers(-2 if kind == "signed" else 0, 4))))
            elif kind == "dir":
                out.append(str(self.draw(st.sampled_from(("left", "right")))))
            else:
                out.append(kind)
        return out

    def card_ref(self, scope: Scope) -> str:
        """A card reference, a bound name or (now and then) a place in the row."""
        name = self.pick([*self.refs(), *scope.cards])
        # a place in the row mostly in a game that has rows (E131 otherwise)
        kind = self.draw(st.integers(0, 6 if self.v.pass_row else 5 if self.v.positions
                                     else 23))
        zones = self.v.positions or ("pantry",)
        if kind == 6:  # the card the pass reaches next, or a later one (`2 ahead`)
            count = self.draw(st.integers(1, 3))
            return "ahead" if count == 1 else f"{count} ahead"
        if kind == 4:
            count = self.draw(st.integers(1, 3))
            return f"{count} {self.draw(st.sampled_from(('after', 'before')))} {name}"
        if kind == 5:
            return f"card {self.draw(st.integers(1, 11))} of {self.draw(st.sampled_from(zones))}"
        return name

    def refs(self) -> list[str]:
        """The card references an effect may name: a guest's none of the card's own."""
        return [r for r in self.v.refs if not (self.in_guest and r == "self")]

    def name(self, scope: Scope) -> str:
        taken = {*scope.cards, *scope.players, *self.v.refs, *self.v.player_refs}
        free = [n for n in NAMES if n not in taken] or list(NAMES)
        return str(self.draw(st.sampled_from(free)))

    def block(self, scope: Scope, depth: int) -> str:
        count = self.draw(st.integers(1, 3))
        return "{ " + "; ".join(self.stmt(scope, depth) for _ in range(count)) + " }"

    def choose(self, scope: Scope) -> str:
        mode = self.draw(st.integers(0, 2))
        count = self.draw(st.integers(1, 2))
        quantity = (f"{count}", f"exactly {count}", "1 at random")[mode]
        arrow = [n for n, verb in self.v.verbs.items() if verb.chosen is not None]
        verb_name = self.pick(arrow) if self.draw(st.booleans()) else None
        verb = self.v.verbs.get(verb_name or "")
        zones = verb.cards_from if verb is not None and self.draw(st.integers(0, 7)) else None
        text = f"choose {quantity} {self.set(scope, zones or self.v.choose_from)}"
        if self.v.players and self.draw(st.integers(0, 3)) == 0:
            text += f" by {self.pick(scope.players)}"
        if verb is not None:
            if verb.chosen:  # the count the verb wants
                text = text.replace(f"choose {quantity} ", f"choose exactly {verb.chosen} ", 1)
            args = self.args(verb, verb.written(after_arrow=True), scope)
            return f"{text} -> {' '.join([verb.name, *args])}"
        bound = self.name(scope)
        scope.cards.append(bound)
        return f"{text.replace(f'choose {quantity} ', 'choose 1 ', 1)} as {bound}"

    def call(self, scope: Scope) -> str:
        # mostly a verb that can do something on the handler's event (E141)
        name = self.pick([n for n, v in self.v.verbs.items() if self.event not in v.idle_in])
        verb = self.v.verbs.get(name)
        if verb is None:
            return name
        return " ".join([name, *self.args(verb, verb.written(after_arrow=False), scope)])

    def stmt(self, scope: Scope, depth: int) -> str:
        kind = self.draw(st.integers(0, 8 if depth > 0 else 3))
        if kind == 0:
            return "nothing"
        if kind == 1:
            return self.choose(scope)
        if kind in (2, 3):
            return self.call(scope)
        if kind == 4 and self.v.players:
            bound = self.name(scope)
            mine = "except me " if self.draw(st.booleans()) else ""
            scope.players.append(bound)
            text = f"choose player {mine}as {bound}"
            if self.draw(st.integers(0, 2)) == 0:  # only the players a condition holds for
                only = Scope(list(scope.cards), [bound])
                owned = tuple(z for z, owner in self.v.zones.items() if owner)
                text += f" where any({self.set(only, owned)})"
            return text
        if kind == 5 and self.v.players:
            inner = scope.copy()
            bound = self.name(scope)
            inner.players.append(bound)
            mine = "except me " if self.draw(st.booleans()) else ""
            return f"each player {mine}as {bound} {self.block(inner, depth - 1)}"
        if kind == 6:
            text = f"if {self.cond(scope)} {self.block(scope.copy(), depth - 1)}"
            if self.draw(st.booleans()):
                text += f" else {self.block(scope.copy(), depth - 1)}"
            return text
        if kind == 7:
            count = self.draw(st.integers(1, 3))
            return f"repeat up to {count} {self.block(scope.copy(), depth - 1)}"
        return f"may {self.block(scope.copy(), depth - 1)}"

    # -- cards ------------------------------------------------------------------------------
    def card(self, number: int) -> str:
        head = f'card {number} "{self.draw(st.sampled_from(CARD_NAMES))}"'
        value = self.draw(st.integers(0, 5))
        if value == 5 and self.v.scores_value:  # a value read when it is counted
            head += f" value {self.expr(Scope())}"
        elif value:
            head += f" value {self.draw(st.integers(0, 4))}"
        members: list[str] = []
        if self.draw(st.integers(0, 3)) == 0:
            members.append(f"trait {self.pick(list(self.v.traits))}")
        if self.v.requires and self.draw(st.integers(0, 3)) == 0:
            members.append(f"requires {self.cond(Scope())}")
        if self.v.grants and self.draw(st.integers(0, 3)) == 0:
            grant = self.pick(list(self.v.grants))
            spec = self.v.grants.get(grant)
            zones = spec.zones if spec is not None and self.draw(st.integers(0, 7)) else None
            members.append(f"grant {grant} {self.set(Scope(), zones or None)} "
                           f"while {self.cond(Scope())}")
        # mostly the events that can happen to this card (E142)
        events = [e for e in self.v.events if number not in self.v.never.get(e, ((), ""))[0]]
        # one handler at most, now and then two: each more statement may be refused
        handlers = self.draw(st.integers(0, 1)) + (self.draw(st.integers(0, 3)) == 0)
        for _ in range(min(handlers, len(events))):
            event = self.pick(events)
            if event in events:
                events.remove(event)
            self.event = event
            members.append(f"on {event} {self.block(Scope(), 2)}")
        return head + " {\n  " + "\n  ".join(members) + "\n}"

    def guest(self) -> str:
        low, high = self.v.card_numbers
        wants = self.draw(st.lists(st.integers(low, high - 1), min_size=3, max_size=3,
                                   unique=True))
        head = (f'guest {self.draw(st.integers(1, 4))} "Guest" wants '
                + ", ".join(str(w) for w in wants))
        events = list(self.v.guest_events)  # a guest's effects (ELV.CARDS.GUEST-EFFECTS)
        members = []
        self.in_guest = True
        for _ in range(self.draw(st.integers(0, min(2, len(events))))):
            event = self.pick(events)
            if event in events:
                events.remove(event)
            self.event = event
            members.append(f"on {event} {self.block(Scope(), 2)}")
        self.in_guest = False
        return head + (" {\n  " + "\n  ".join(members) + "\n}" if members else "")


@st.composite
def card_files(draw: Draw, game: str) -> str:
    """The text of one card file for ``game``: one or two cards, and for a game with Special
    Guests sometimes a guest."""
    v = vocabulary_for(game)
    writer = Writer(draw, v)
    numbers = draw(st.lists(st.integers(*v.card_numbers), min_size=1, max_size=2, unique=True))
    parts = [f"game {game}", *(writer.card(n) for n in numbers)]
    if v.guests and draw(st.integers(0, 4)) == 0:
        parts.append(writer.guest())
    return "\n\n".join(parts) + "\n"


# -- the property ------------------------------------------------------------------------------


def check_text(text: str, path: Path) -> list[Diagnostic]:
    """What ``elevenes check`` says of ``text`` written at ``path`` (nothing: accepted)."""
    path.write_text(text, encoding="utf-8")
    return check_file(path)[1]


@attrs.define
class Counts:
    generated: int = 0
    accepted: int = 0
    games: int = 0
    refusals: int = 0
    solved: int = 0
    endless: list[str] = attrs.field(factory=list)
    """files whose random game reached the move limit (their texts): a card set whose round
    can end only on a condition that never holds, which the checker cannot always see"""


class Endless(Exception):
    """A random game that did not end within its moves."""


def play_out(game: Any, rng: random.Random, max_moves: int = 20_000) -> int:
    """Play one random game to its end; now and then try a move at random, which may only be
    refused (IllegalAction).  Returns how many refusals there were."""
    state = game.new_initial_state()
    refusals = 0
    for _ in range(max_moves):
        if state.is_terminal():
            return refusals
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        assert legal, "a state that is not over has no legal move"
        if rng.random() < 0.05:
            try:
                state.child(rng.randrange(0, 1 << 16))
            except IllegalAction:
                refusals += 1
        state.apply_action(rng.choice(legal))
    raise Endless(f"the game did not end within {max_moves} moves")


def exercise(text: str, game: str, directory: Path, seed: int, counts: Counts,
             games: int = 2) -> None:
    """The property for one generated file: if it checks, it plays (and solves) cleanly."""
    import elevenes
    from elevenes.core.solve import SolverError

    counts.generated += 1
    path = directory / "generated.cards"
    if check_text(text, path):
        return
    counts.accepted += 1
    rng = random.Random(seed)
    options: dict[str, Any] = {}
    if game == "elevenes":
        options = {"players": rng.choice((2, 3, 4)), "guests": "guest " in text}
    loaded = elevenes.load_game(game, options, cards=str(path))
    for _ in range(games):
        try:
            counts.refusals += play_out(loaded, rng)
        except Endless:
            counts.endless.append(text)
            return
        counts.games += 1
    if game == "elevenes-for-one":
        from elevenes.games.elevenes_for_one.cli_solve import endgame
        from elevenes.games.elevenes_for_one.solver import solve

        small = elevenes.load_game(game, {"minutes": 3}, cards=str(path))
        # too big, or a loop through chance: a clear message (SolverError), not a crash
        with contextlib.suppress(SolverError):
            solve(endgame(small, 8), "win", max_positions=20_000)  # type: ignore[arg-type]
        counts.solved += 1


__all__ = ["Counts", "Endless", "card_files", "check_text", "exercise", "play_out",
           "ElevenesError"]
