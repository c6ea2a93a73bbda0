"""What a compiled card effect runs on: frames (one per effect in progress) and the
instructions a program is made of.  A program is a flat tuple of instructions, each holding
Python closures made once by the compiler; running an effect is a loop over them with a
program counter, so an effect can stop at a player's choice and resume after it, and the
whole state (frames included) stays copyable.  The program counter and variables are the
engine's own: the canonical state describes a frame in rules terms (frames.py)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any, Protocol

import attrs

from ..core.api import CHANCE

# A state as the compiled code sees it: any object; only the host's primitives touch it.
St = Any


@attrs.define(slots=True)
class Frame:
    """One card effect in progress."""

    card: int
    event: str
    owner: int = 0
    cost: int = 1
    pc: int = 0
    vars: dict[str, int] = attrs.field(factory=dict)

    def copy(self) -> Frame:
        return Frame(self.card, self.event, self.owner, self.cost, self.pc, dict(self.vars))


@attrs.frozen
class Statement:
    """One statement of a card's effect text, as the canonical state names it.

    Statements are numbered from 1 in reading order, nested ones included (a block's statements
    follow the statement that opens it; ``else`` follows ``then``).  ``first``..``end`` are its
    instructions; ``own`` is the instruction that belongs to the statement itself (a choice, a
    verb, a test), or None when it has none (``nothing``; a ``may`` opened by its choice).
    """

    number: int
    kind: str
    first: int
    own: int | None = None
    end: int = 0
    binds: tuple[tuple[str, str], ...] = ()
    """The names it gives (``as p``): (name, "player" or "card")."""
    counter: str | None = None
    """The frame variable counting the rounds of a ``repeat`` or ``each player``."""


CardsFn = Callable[[St, Frame], list[int]]
CondFn = Callable[[St, Frame], bool]
IntFn = Callable[[St, Frame], int]
EffectFn = Callable[[St, Frame], None]
VerbFn = Callable[..., None]


def chooser(by: str | None, fr: Frame) -> int:
    """The player who decides: the one bound to ``by``, else (or for ``by me``) the owner."""
    return fr.vars[by] if by and by != "me" else fr.owner


class Host(Protocol):
    """The primitive operations a game offers its cards (see each game's primitives)."""

    PASS: int
    YES: int

    def encode(self, word: str, items: tuple[int, ...]) -> int: ...

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]: ...


@attrs.frozen
class Choice:
    """A decision an effect waits for: the options (sorted actions) and who decides."""

    options: list[int]
    player: int


class Instr:
    """One step of a program.  ``run`` either finishes the step (returns None, having set
    the frame's pc) or returns the Choice the step waits for; ``resume`` applies it."""

    rule: str = ""

    def run(self, st: St, fr: Frame) -> Choice | None:
        raise NotImplementedError

    def resume(self, st: St, fr: Frame, action: int) -> None:
        raise NotImplementedError

    def explain(self, st: St, fr: Frame, action: int) -> tuple[str, str]:
        return self.rule, "not one of the choices this card offers"


class Op(Instr):
    __slots__ = ("fn",)

    def __init__(self, fn: EffectFn) -> None:
        self.fn = fn

    def run(self, st: St, fr: Frame) -> Choice | None:
        fr.pc += 1
        self.fn(st, fr)
        return None


class Jump(Instr):
    __slots__ = ("target",)

    def __init__(self, target: int = -1) -> None:
        self.target = target

    def run(self, st: St, fr: Frame) -> Choice | None:
        fr.pc = self.target
        return None


class JumpUnless(Instr):
    __slots__ = ("cond", "target")

    def __init__(self, cond: CondFn, target: int = -1) -> None:
        self.cond = cond
        self.target = target

    def run(self, st: St, fr: Frame) -> Choice | None:
        fr.pc = fr.pc + 1 if self.cond(st, fr) else self.target
        return None


class MayGate(Instr):
    """A yes/no decision: do the optional block, or skip to ``skip``."""

    __slots__ = ("host", "by", "skip", "rule")

    def __init__(self, host: Host, by: str | None, rule: str, skip: int = -1) -> None:
        self.host = host
        self.by = by
        self.rule = rule
        self.skip = skip

    def run(self, st: St, fr: Frame) -> Choice | None:
        player = chooser(self.by, fr)
        return Choice([self.host.PASS, self.host.YES], player)

    def resume(self, st: St, fr: Frame, action: int) -> None:
        fr.pc = self.skip if action == self.host.PASS else fr.pc + 1


class ChoosePlayer(Instr):
    """Choose a player among ``players``; with ``skip`` set (a choice limited by a
    condition), when none is left the program goes on at ``skip``, the end of its block."""

    __slots__ = ("host", "players", "by", "bind", "rule", "skip")

    def __init__(
        self,
        host: Host,
        players: Callable[[St, Frame], list[int]],
        by: str | None,
        bind: str,
        rule: str,
    ) -> None:
        self.host = host
        self.players = players
        self.by = by
        self.bind = bind
        self.rule = rule
        self.skip = -1

    def run(self, st: St, fr: Frame) -> Choice | None:
        players = self.players(st, fr)
        if not players and self.skip >= 0:
            fr.pc = self.skip
            return None
        if len(players) == 1:
            fr.vars[self.bind] = players[0]
            fr.pc += 1
            return None
        return Choice([self.host.encode("player", (p,)) for p in players], chooser(self.by, fr))

    def resume(self, st: St, fr: Frame, action: int) -> None:
        fr.vars[self.bind] = self.host.decode(action)[1][0]
        fr.pc += 1


class ChooseCards(Instr):
    """Choose cards from a set; apply a verb to them or name the chosen card.

    ``mode``: "up_to" takes as many as there are, at most ``count`` (mandatory);
    "exactly" needs ``count`` candidates or does nothing; "random" is a chance draw.
    An optional choice (first statement of a ``may``) adds a PASS option that skips the block.
    A choice with a single possible outcome is made without asking (each game rules this,
    e.g. EFO.EFFECT.FORCED), unless ``ask`` is set (a choice among hidden cards): it is then
    always put to the player, and an optional one with no candidate still offers its PASS.
    """

    __slots__ = (
        "host",
        "candidates",
        "count",
        "mode",
        "verb",
        "word",
        "bind",
        "by",
        "optional",
        "skip",
        "rule",
        "why_not",
        "ask",
        "encode_all",
    )

    def __init__(
        self,
        host: Host,
        candidates: CardsFn,
        count: int,
        mode: str,
        verb: VerbFn | None,
        word: str,
        bind: str | None,
        by: str | None,
        rule: str,
        why_not: Callable[[St, Frame, int], str | None],
        ask: bool = False,
    ) -> None:
        self.host = host
        self.candidates = candidates
        self.count = count
        self.mode = mode
        self.verb = verb
        self.word = word
        self.bind = bind
        self.by = by
        self.optional = False
        self.skip = -1
        self.rule = rule
        self.why_not = why_not
        self.ask = ask
        # a host may encode all the options of a choice in one call (else one at a time)
        self.encode_all: Callable[[str, list[tuple[int, ...]]], list[int]] | None = getattr(
            host, "encode_all", None)

    def run(self, st: St, fr: Frame) -> Choice | None:
        found = sorted(self.candidates(st, fr))
        count = self.count
        if not found or count <= 0 or (len(found) < count and self.mode == "exactly"):
            # no set of cards to choose
            if self.optional and self.ask and self.mode != "random":
                return Choice([self.host.PASS], chooser(self.by, fr))
            fr.pc = self.skip if self.optional else fr.pc + 1
            return None
        if len(found) <= count:  # a single set: all the candidates
            if not self.optional and self.mode != "random" and not self.ask:
                self._do(st, fr, tuple(found))
                return None
            size = len(found)
        else:
            size = count
        if self.encode_all is not None:
            options = self.encode_all(self.word, list(combinations(found, size)))
        else:
            encode, word = self.host.encode, self.word
            options = [encode(word, chosen) for chosen in combinations(found, size)]
        if self.optional:
            options.append(self.host.PASS)
        options.sort()
        if self.mode == "random":
            return Choice(options, CHANCE)
        return Choice(options, chooser(self.by, fr))

    def _do(self, st: St, fr: Frame, chosen: tuple[int, ...]) -> None:
        fr.pc += 1
        if self.bind is not None:
            fr.vars[self.bind] = chosen[0]
        if self.verb is not None:
            self.verb(st, fr, chosen)

    def resume(self, st: St, fr: Frame, action: int) -> None:
        if action == self.host.PASS:
            fr.pc = self.skip
            return
        self._do(st, fr, self.host.decode(action)[1])

    def explain(self, st: St, fr: Frame, action: int) -> tuple[str, str]:
        word, chosen = self.host.decode(action)
        if word != self.word:
            return self.rule, f"this card asks for `{self.word}`, not `{word}`"
        # every card is judged; the rule cited is the earliest in the game's precedence
        # (host.rule_rank, e.g. EFO.PRECEDENCE), then the first card's
        rank: Callable[[str], int] = getattr(self.host, "rule_rank", lambda rule: 0)
        reasons = [(reason, card) for card in chosen
                   if (reason := self.why_not(st, fr, card)) is not None]
        if reasons:
            reason, card = min(reasons, key=lambda found: rank(found[0]))
            return reason, f"card {card} cannot be chosen here"
        return self.rule, f"this card needs {self.count} card(s) chosen here"


Program = tuple[Instr, ...]
