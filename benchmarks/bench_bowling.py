"""Bowling Solitaire: the engine against a hand-written simulator of the same rules.

    python benchmarks/bench_bowling.py [--games N] [--seed S] [--rounds R] [--profile engine]

Two hand-written simulators live here, both self-contained (they derive the triangle, the pin
sets and the scoring on their own):

- ``PlainBowling``: the rules written as plainly as possible (sets of spots, pin lists,
  combinations).  tests/bowling/test_differential.py uses it as an independent second
  implementation and compares every legal move and the final pad with the engine's.
- ``fast_playout``: the yardstick of the benchmark, what a careful programmer writes for
  speed: 10-bit masks of standing pins, a per-rack table of the pin sets by the last digit of
  their sum, a 1024-entry table of the spots next to the emptied ones, and each legal-move
  list computed once.  It deals card by card with the same arithmetic as the engine's chance
  sampling and lists the moves in the engine's order (``end ball``, then by pile and pin
  mask), so a seed gives the same game on both sides.
"""

from __future__ import annotations

import random
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Bench, engine_playout, main  # noqa: E402

from elevenes.core.play import sample_chance  # noqa: E402
from elevenes.games.bowling_solitaire import make_game  # noqa: E402

# -- the plain simulator ------------------------------------------------------------------------

LETTERS = "ABCDEFGHIJ"
ROWS = ["ABCD", "EFG", "HI", "J"]


def _neighbours() -> list[set[int]]:
    """Spots touch within a row, and each spot touches the two it sits between behind it."""
    near: list[set[int]] = [set() for _ in range(10)]

    def link(a: str, b: str) -> None:
        i, j = LETTERS.index(a), LETTERS.index(b)
        near[i].add(j)
        near[j].add(i)

    for r, row in enumerate(ROWS):
        for k in range(len(row) - 1):
            link(row[k], row[k + 1])
        if r > 0:
            behind = ROWS[r - 1]
            for k, spot in enumerate(row):
                link(spot, behind[k])
                link(spot, behind[k + 1])
    return near


NEAR = _neighbours()


def _groups() -> list[tuple[int, ...]]:
    found = []
    for size in (1, 2, 3):
        for group in combinations(range(10), size):
            if size == 1 or (size == 2 and group[1] in NEAR[group[0]]):
                found.append(group)
            elif size == 3:
                links = sum(1 for a, b in combinations(group, 2) if b in NEAR[a])
                if links >= 2:
                    found.append(group)
    return found


GROUPS = _groups()
END = (-1, ())
Move = tuple[int, tuple[int, ...]]


def frame_over(frame: int, balls: list[int]) -> bool:
    if frame < 10:
        return balls == [10] or len(balls) == 2
    return len(balls) == 3 or (len(balls) == 2 and sum(balls) < 10)


def total_score(pad: list[list[int]]) -> int:
    rolls = [p for balls in pad for p in balls]
    score, at = 0, 0
    for frame in range(min(len(pad), 10)):
        balls = pad[frame]
        if frame == 9:
            score += sum(balls)
        elif balls == [10]:
            score += 10 + sum(rolls[at + 1 : at + 3])
        elif len(balls) == 2 and sum(balls) == 10:
            score += 10 + sum(rolls[at + 2 : at + 3])
        else:
            score += sum(balls)
        at += len(balls)
    return score


class PlainBowling:
    """One game.  ``needs_deal()`` -> ``deal(twenty cards)``; else ``moves()`` / ``play()``."""

    def __init__(self) -> None:
        self.frame = 1
        self.pad: list[list[int]] = [[]]
        self.over = False
        self.dealing = True
        self.ball = 1
        self.pins: list[int | None] = [None] * 10
        self.piles: list[list[int]] = [[], [], []]

    def needs_deal(self) -> bool:
        return self.dealing and not self.over

    def deal(self, cards: list[int]) -> None:
        """Twenty cards in dealing order: pins A-J, then each pile from its top down."""
        self.pins = list(cards[:10])
        self.piles = [cards[10:15][::-1], cards[15:18][::-1], cards[18:20][::-1]]
        self.ball = 1
        self.dealing = False
        self._settle()

    def moves(self) -> list[Move]:
        if self.over or self.dealing:
            return []
        return [END, *self._knocks()]

    def _knocks(self) -> list[Move]:
        pins = self.pins
        empty = {i for i in range(10) if pins[i] is None}
        found: list[Move] = []
        for p, pile in enumerate(self.piles):
            if not pile:
                continue
            for group in GROUPS:
                values = [pins[i] for i in group]
                if None in values:
                    continue
                if sum(v for v in values if v is not None) % 10 != pile[-1]:
                    continue
                if not empty:
                    if any(i < 4 for i in group) or group == (5,):
                        continue
                elif not any(NEAR[i] & empty for i in group):
                    continue
                found.append((p, group))
        return found

    def play(self, move: Move) -> None:
        if move == END:
            self._end_ball()
        else:
            pile, group = move
            self.piles[pile].pop()
            for i in group:
                self.pins[i] = None
        self._settle()

    def _settle(self) -> None:
        while not self.over and not self.dealing:
            if any(v is not None for v in self.pins) and self._knocks():
                return
            self._end_ball()

    def _end_ball(self) -> None:
        balls = self.pad[-1]
        down = sum(1 for v in self.pins if v is None)
        balls.append(down - balls[-1] if self.ball == 2 else down)
        if frame_over(self.frame, balls):
            if self.frame == 10:
                self.over = True
                return
            self.frame += 1
            self.pad.append([])
            self.dealing = True
        elif down == 10:
            self.dealing = True  # a bonus rack of the tenth frame
        else:
            self.ball = 2
            for pile in self.piles:
                if pile:
                    pile.pop()


def move_text(move: Move) -> str:
    if move == END:
        return "end ball"
    pile, group = move
    return " ".join(["knock", str(pile), *(LETTERS[i] for i in group)])


def plain_playout(rng: random.Random) -> tuple[int, int]:
    """A random game; returns (player decisions, final score)."""
    game = PlainBowling()
    deck = [v for v in range(10) for _ in range(2)]
    decisions = 0
    while not game.over:
        if game.needs_deal():
            rng.shuffle(deck)
            game.deal(deck)
            continue
        moves = game.moves()
        game.play(moves[rng.randrange(len(moves))])
        decisions += 1
    return decisions, total_score(game.pad)


# -- the fast hand-written simulator (the benchmark's yardstick) -------------------------------

FULL = (1 << 10) - 1
BACK = 0b1111  # A B C D: the first ball of a rack may not take them
CENTRE = 1 << LETTERS.index("F")  # nor F alone
NEAR_MASK = [sum(1 << j for j in NEAR[i]) for i in range(10)]
TOUCHING = [0] * (FULL + 1)  # TOUCHING[empty]: the spots next to an emptied one
for _empty in range(1, FULL + 1):
    _low = _empty & -_empty
    TOUCHING[_empty] = TOUCHING[_empty ^ _low] | NEAR_MASK[_low.bit_length() - 1]
# (mask, spot, spot, spot) of every pin set, padded with spot 10 (which holds a 0)
SETS = sorted((sum(1 << i for i in group), *group, 10, 10)[:4] for group in GROUPS)


def fast_playout(rng: random.Random) -> tuple[int, int]:
    """A uniformly random game; returns (decisions, chance outcomes included; final score)."""
    decisions = 0
    pad: list[list[int]] = [[]]
    frame = 1
    while True:  # one rack per pass
        stock = [2] * 10
        cards = []
        for left in range(20, 0, -1):  # dealt one by one, as the engine's chance nodes
            roll, total, drawn = rng.random(), 0.0, -1
            for value in range(10):
                if stock[value]:
                    drawn = value
                    total += stock[value] / left
                    if roll < total:
                        break
            stock[drawn] -= 1
            cards.append(drawn)
        decisions += 20
        pins = cards[:10] + [0]
        piles = [cards[14:9:-1], cards[17:14:-1], cards[19:17:-1]]  # bottom first
        by_digit: list[list[int]] = [[] for _ in range(10)]
        for mask, a, b, c in SETS:
            by_digit[(pins[a] + pins[b] + pins[c]) % 10].append(mask)
        standing = FULL
        ball = 1
        while True:  # one move per pass; the moves in the engine's order
            moves = []
            if standing:
                first = standing == FULL
                near = TOUCHING[FULL ^ standing]
                for p in range(3):
                    pile = piles[p]
                    if pile:
                        for mask in by_digit[pile[-1]]:
                            if mask & standing == mask and (
                                not (mask & BACK or mask == CENTRE) if first else mask & near
                            ):
                                moves.append((p, mask))
            if moves:
                pick = rng.randrange(len(moves) + 1)
                decisions += 1
                if pick:
                    p, mask = moves[pick - 1]
                    piles[p].pop()
                    standing &= ~mask
                    continue
            # the ball ends: by choice, all pins down, or no usable top card
            balls = pad[-1]
            down = 10 - standing.bit_count()
            balls.append(down - balls[-1] if ball == 2 else down)
            if frame_over(frame, balls):
                if frame == 10:
                    return decisions, total_score(pad)
                frame += 1
                pad.append([])
                break
            if standing == 0:
                break  # a bonus rack of the tenth frame
            ball = 2
            for pile in piles:
                if pile:
                    pile.pop()


# -- the engine ---------------------------------------------------------------------------------

GAME = make_game()


def engine_game(rng: random.Random) -> tuple[int, int]:
    """The engine's game from the same generator: (decisions, final score), to compare."""
    state = GAME.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        state.apply_action(action)
        decisions += 1
    return decisions, state.score()


def hand(seed: int) -> int:
    return fast_playout(random.Random(seed))[0]


BENCH = Bench("bowling-solitaire", engine_playout(GAME), hand, games=2000)

if __name__ == "__main__":
    sys.exit(main(BENCH))
