"""Random-playout speed of the Bowling Solitaire engine against a plain simulator.

    python benchmarks/bench_bowling.py [--games N] [--seed S]

Both play whole games with a uniformly random player (every legal knock and ``end ball``
equally likely) and count player decisions per second; the ratio is engine / plain.

``PlainBowling`` below is a deliberately plain, self-contained simulator of the same rules
(it derives the triangle, the pin sets and the scoring on its own).  The test suite also
uses it as an independent second implementation: tests/bowling/test_differential.py drives
both with the same deals and choices and compares every legal move and the final pad.
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import combinations

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


# -- the engine ---------------------------------------------------------------------------------


def engine_playout(game: object, rng: random.Random) -> tuple[int, int]:
    from elevenes.core.play import sample_chance
    from elevenes.games.bowling_solitaire import BowlingGame

    assert isinstance(game, BowlingGame)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        decisions += 1
    return decisions, state.score()


def measure(label: str, playout: object, games: int, seed: int) -> float:
    assert callable(playout)
    rng = random.Random(seed)
    decisions = 0
    total = 0
    started = time.perf_counter()
    for _ in range(games):
        d, s = playout(rng)
        decisions += d
        total += s
    seconds = time.perf_counter() - started
    rate = decisions / seconds
    print(
        f"{label:<8} {games} games, {decisions} decisions in {seconds:.2f} s: "
        f"{rate:,.0f} decisions/s (mean score {total / games:.1f})"
    )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from elevenes.games.bowling_solitaire import make_game

    game = make_game()
    engine = measure("engine", lambda rng: engine_playout(game, rng), args.games, args.seed)
    plain = measure("plain", plain_playout, args.games, args.seed)
    print(f"ratio engine / plain: {engine / plain:.2f}")


if __name__ == "__main__":
    main()
