"""Random-playout throughput of Elevenes: the reference engine (card effects compiled from
rulebook/elevenes/cards.cards) against a plain hand-written simulator of the same rules.

The plain simulator below is the whole game as one Python generator: every decision is a
``yield (options, player)`` of the same sorted action numbers the engine uses, so that with
the same random choices both play exactly the same game (``agree`` checks this, and the
tests use it as a differential check).  It keeps no history, memory of seen cards or JSON.

    python benchmarks/bench_elevenes.py [--games N] [--seed S] [--rounds R] [--profile engine]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402
from harness import Bench, main  # noqa: E402

from elevenes import load_game
from elevenes.games.elevenes.notation import (
    ARRANGE,
    DEAL,
    GUEST,
    PASS,
    PICK,
    PLAY,
    PLAYER,
    REVEAL,
    WORD_BASE,
    WORD_SPAN,
)
from elevenes.games.elevenes.state import EDITIONS

CHANCE = -1
FLIP, TAKE, GIVE, PASS_CARD, DRAW = (WORD_BASE + i * WORD_SPAN for i in range(5))
VALUES = (0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 0)  # by number (index 0 unused)
ILLUSTRATIVE_WANTS = {
    1: (2, 3, 4),
    2: (5, 6, 7),
    3: (7, 8, 9),
    4: (1, 5, 9),
    5: (3, 6, 10),
    6: (2, 8, 10),
}

Decision = tuple[list[int], int]
Flow = Generator[Decision, int, Any]


class PlainElevenes:
    """The rules of rulebook/elevenes/rules.md, hand-written."""

    def __init__(
        self,
        players: int = 4,
        edition: str = "en",
        target: int = 0,
        guests: bool = False,
        outright: bool = False,
        wants: dict[int, tuple[int, int, int]] | None = None,
    ) -> None:
        self.n = players
        ed = EDITIONS[edition]
        self.target = target or int(ed["target"])
        self.any_turn = bool(ed["any_turn"])
        self.announce = bool(ed["announce"])
        self.guests_on = guests
        self.outright = outright
        self.wants = wants or ILLUSTRATIVE_WANTS
        self.masks = {g: sum(1 << w for w in ws) for g, ws in self.wants.items()}
        self.bowl = int(ed["cubes"])
        self.cubes = [0] * players
        self.server = 0
        self.winners: list[int] = []
        self.over = False
        self.flow = self.game()
        self.pending: Decision = next(self.flow)

    # -- the driver ---------------------------------------------------------------------------
    def legal(self) -> list[int]:
        return self.pending[0]

    def player(self) -> int:
        return self.pending[1]

    def apply(self, action: int) -> None:
        try:
            self.pending = self.flow.send(action)
        except StopIteration:
            self.over = True
            self.pending = ([], -4)

    # -- the game -------------------------------------------------------------------------------
    def game(self) -> Flow:
        while True:
            yield from self.round()
            best = max(self.cubes)
            leaders = [p for p in range(self.n) if self.cubes[p] == best]
            if (best >= self.target and (len(leaders) == 1 or not self.outright)) or not self.bowl:
                self.winners = leaders
                return
            fewest = min(self.cubes)
            for k in range(1, self.n + 1):
                if self.cubes[(self.server + k) % self.n] == fewest:
                    self.server = (self.server + k) % self.n
                    break

    def round(self) -> Flow:
        n = self.n
        self.spread = [[-1] * 11 for _ in range(n)]
        self.up = [0] * n
        self.kitchen: list[list[int]] = [[] for _ in range(n)]
        self.guest = [0] * n
        self.revealed = [False] * n
        for p in range(n):
            deck = list(range(p * 11, p * 11 + 11))
            for pos in range(2, 10):
                card = (yield (sorted(DEAL + c for c in deck), CHANCE)) - DEAL
                deck.remove(card)
                self.spread[p][pos] = card
            self.kitchen[p] = deck
        if self.guests_on:
            pool = sorted(self.wants)
            for p in range(n):
                g = (yield ([GUEST + x for x in pool], CHANCE)) - GUEST
                pool.remove(g)
                self.guest[p] = g
        turn = self.server
        while True:
            p = turn
            action = yield (self.turn_actions(p), p)
            if action >= ARRANGE:
                self.arrange(p, action)
                second = yield ([PASS, *self.arrange_actions(p)], p)
                if second != PASS:
                    self.arrange(p, second)
            elif action >= PLAY:
                card = action - PLAY
                ended = yield from self.play(p, card)
                if ended:
                    self.score(turn)
                    return
            if self.guests_on:
                order = [(turn + k) % n for k in range(n)] if self.any_turn else [turn]
                # everyone who might reveal is asked (a hidden guest, three face-up cards)
                asked = [
                    q
                    for q in order
                    if self.guest[q] and not self.revealed[q] and bin(self.up[q]).count("1") >= 3
                ]
                for q in asked:
                    mask = self.masks[self.guest[q]]
                    options = [PASS, REVEAL] if self.up[q] & mask == mask else [PASS]
                    if (yield (options, q)) == REVEAL:
                        self.revealed[q] = True
            turn = (turn + 1) % n

    def turn_actions(self, p: int) -> list[int]:
        up = self.up[p]
        actions = []
        for c in self.kitchen[p]:
            number = c % 11 + 1
            if number == 11:
                if bin(up).count("1") >= 4:
                    actions.append(PLAY + c)
            elif not up >> number & 1:
                actions.append(PLAY + c)
        actions.extend(self.arrange_actions(p))
        actions.sort()
        return actions or [PASS]

    def arrange_actions(self, p: int) -> list[int]:
        up = self.up[p]
        return [
            ARRANGE + c * 8 + pos - 2
            for c in sorted(self.kitchen[p])
            for pos in range(2, 10)
            if not up >> pos & 1
        ]

    def arrange(self, p: int, action: int) -> None:
        card, slot = divmod(action - ARRANGE, 8)
        self.kitchen[p].remove(card)
        self.kitchen[p].append(self.spread[p][slot + 2])
        self.spread[p][slot + 2] = card

    def value(self, p: int) -> int:
        row, up = self.spread[p], self.up[p]
        return sum(VALUES[row[pos] % 11 + 1] for pos in range(1, 11) if up >> pos & 1) + (
            2 if self.revealed[p] else 0
        )

    def score(self, ender: int) -> None:
        n = self.n
        values = [self.value(p) for p in range(n)]
        best = max(values)
        top = [p for p in range(n) if values[p] == best]
        places = [0] * n
        if len(top) > 1:
            for p in top:
                places[p] = 1
        else:
            places[top[0]] = 2
            if n >= 3:
                second = max(v for p, v in enumerate(values) if p != top[0])
                seconds = [p for p in range(n) if p != top[0] and values[p] == second]
                if len(seconds) == 1:
                    places[seconds[0]] = 1
        trolley = [1 if self.up[p] & 2 else 0 for p in range(n)]
        order = [(self.server + k) % n for k in range(n)]
        for group, awards in ((sorted(order, key=lambda q: -places[q]), places), (order, trolley)):
            for p in group:
                paid = min(awards[p], self.bowl)
                self.bowl -= paid
                self.cubes[p] += paid

    # -- playing a card and its special action ----------------------------------------------------
    def others(self, p: int, include_me: bool) -> list[int]:
        return [(p + k) % self.n for k in range(0 if include_me else 1, self.n)]

    def choose_player(self, p: int, include_me: bool) -> Flow:
        seats = self.others(p, include_me)
        if len(seats) == 1:
            return seats[0]
        return (yield (sorted(PLAYER + q for q in seats), p)) - PLAYER

    def holder(self, card: int) -> int:
        return next(q for q in range(self.n) if card in self.kitchen[q])

    def exchange(self, given: int, other: int) -> None:
        giver, taker = self.holder(given), self.holder(other)
        self.kitchen[giver].remove(given)
        self.kitchen[taker].remove(other)
        self.kitchen[giver].append(other)
        self.kitchen[taker].append(given)

    def play(self, p: int, card: int) -> Flow:
        self.kitchen[p].remove(card)
        number = card % 11 + 1
        if number == 11:
            return True
        row = self.spread[p]
        if row[number] >= 0:
            self.kitchen[p].append(row[number])
        row[number] = card
        self.up[p] |= 1 << number
        if number == 2:  # Tea
            q = yield from self.choose_player(p, True)
            flippable = sorted(self.spread[q][pos] for pos in range(2, 10) if self.up[q] >> pos & 1)
            if len(flippable) == 1:
                self.up[q] &= ~(1 << (flippable[0] % 11 + 1))
            elif flippable:
                target = (yield ([FLIP + c for c in flippable], p)) - FLIP
                self.up[q] &= ~(1 << (target % 11 + 1))
        elif number in (3, 9):  # Milk: I look, take and give; Cakes: q looks, takes, gives
            q = yield from self.choose_player(p, False)
            looker, looked = (p, q) if number == 3 else (q, p)
            takes = sorted(TAKE + c for c in self.kitchen[looked] if c % 11 != 10)
            taken = yield ([PASS, *takes], looker)
            if taken != PASS:
                gives = sorted(GIVE + c for c in self.kitchen[looker] if c % 11 != 10)
                if gives:
                    given = yield (gives, looker)
                    self.exchange(given - GIVE, taken - TAKE)
        elif number == 5:  # Cups & Saucers
            for _ in range(3):
                options = [a for a in self.arrange_actions(p)]
                if not options:
                    break
                choice = yield ([PASS, *sorted(options)], p)
                if choice == PASS:
                    break
                self.arrange(p, choice)
        elif number in (6, 7):  # Fine China, Biscuits
            aside = [-1] * self.n
            for q in self.others(p, True):
                cards = sorted(PASS_CARD + c for c in self.kitchen[q] if c % 11 != 10)
                if cards:
                    chosen = (yield (cards, q)) - PASS_CARD
                    self.kitchen[q].remove(chosen)
                    aside[q] = chosen
            step = 1 if number == 6 else -1
            moves = []
            for q in range(self.n):
                if aside[q] >= 0:
                    r = (q + step) % self.n
                    while aside[r] < 0:
                        r = (r + step) % self.n
                    moves.append((r, aside[q]))
            for r, c in moves:
                self.kitchen[r].append(c)
        elif number == 8:  # Sandwiches
            q = yield from self.choose_player(p, False)
            backs = sorted({c // 11 for c in self.kitchen[p]})
            back = backs[0] if len(backs) == 1 else (yield ([PICK + b for b in backs], q)) - PICK
            drawn = (
                yield (sorted(DRAW + c for c in self.kitchen[p] if c // 11 == back), CHANCE)
            ) - DRAW
            if drawn % 11 != 10:
                gives = sorted(GIVE + c for c in self.kitchen[q] if c % 11 != 10)
                given = yield ([PASS, *gives], q)
                if given != PASS:
                    self.exchange(given - GIVE, drawn)
        return False


# -- playouts -------------------------------------------------------------------------------
def plain_playout(seed: int, options: dict[str, Any]) -> tuple[int, list[int], list[int]]:
    rng = random.Random(seed)
    game = PlainElevenes(
        players=int(options.get("players", 2)),
        edition=str(options.get("edition", "en")),
        target=int(options.get("target", 0)),
        guests=bool(options.get("guests", False)),
        outright=bool(options.get("outright", False)),
    )
    decisions = 0
    while not game.over:
        legal = game.pending[0]
        game.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions, game.cubes, game.winners


def engine_playout(
    seed: int, options: dict[str, Any], game: Any = None
) -> tuple[int, list[int], list[int]]:
    rng = random.Random(seed)
    game = game or load_game("elevenes", options)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions, list(state.cubes), list(state.winners)


def agree(seed: int, options: dict[str, Any], game: Any = None) -> str | None:
    """None when both implementations play the same game step by step, else the difference."""
    rng = random.Random(seed)
    game = game or load_game("elevenes", options)
    state = game.new_initial_state()
    plain = PlainElevenes(
        players=int(options.get("players", 2)),
        edition=str(options.get("edition", "en")),
        target=int(options.get("target", 0)),
        guests=bool(options.get("guests", False)),
        outright=bool(options.get("outright", False)),
    )
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if legal != plain.legal() or state.current_player() != plain.player():
            return (
                f"seed {seed} step {step}: engine {state.current_player()} "
                f"{state.legal_action_strings()[:8]} plain {plain.player()} "
                f"{[state.action_to_string(a) for a in plain.legal()[:8]]}"
            )
        action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        plain.apply(action)
        step += 1
    if not plain.over or plain.cubes != state.cubes or plain.winners != state.winners:
        return f"seed {seed}: end engine {state.cubes} {state.winners} plain {plain.cubes}"
    return None


OPTIONS: dict[str, Any] = {"players": 4}
GAME = load_game("elevenes", OPTIONS)


def hand(seed: int) -> int:
    return plain_playout(seed, OPTIONS)[0]


# the plain simulator draws chance uniformly among the outcomes, as any other decision
BENCH = Bench("elevenes (4 players)", harness.engine_playout(GAME, True), hand, games=200)

if __name__ == "__main__":
    sys.exit(main(BENCH))
