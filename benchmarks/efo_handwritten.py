"""A plain hand-written simulator of Elevenes for One, written straight from the rulebook
with no engine code: the yardstick of benchmarks/bench_efo.py, and an independent second
implementation that tests/efo/test_differential.py plays against the engine.

It offers the same legal actions in the same order as the engine, so the same seeded random
choices give the same game in both."""

from __future__ import annotations

import random
from itertools import combinations


def _mask(cards: tuple[int, ...]) -> int:
    return sum(1 << c for c in cards)


def _pick(rng: random.Random, n: int) -> int:
    return rng.randrange(n)


def _chance(rng: random.Random, n: int) -> int:
    # the same arithmetic as elevenes.core.play.sample_chance on n equal outcomes
    roll, total = rng.random(), 0.0
    for i in range(n):
        total += 1.0 / n
        if roll < total:
            return i
    return n - 1


def playout(rng: random.Random, minutes: int = 15) -> tuple[int, str, int, int, list[str]]:
    """One uniformly random game: (decisions, result, top card, minutes left, log)."""
    trolley = [1]
    deck = list(range(2, 12))
    pantry: list[int] = []
    down: set[int] = set()
    discard: list[int] = []
    log: list[str] = []
    steps = 0

    def choose(options: list[tuple[int, str]]) -> str:
        nonlocal steps
        options.sort()
        steps += 1
        text = options[_pick(rng, len(options))][1]
        log.append(text)
        return text

    while True:
        # step 1: the deal
        while deck:
            card = deck.pop(_chance(rng, len(deck)))
            steps += 1
            log.append(f"deal {card}")
            pantry.append(card)
            deck.sort()
        # step 2
        options = [(4, "pass")] + [(100 + c, f"front {c}") for c in sorted(pantry[1:])]
        picked = choose(options)
        if picked != "pass":
            card = int(picked.split()[1])
            pantry.remove(card)
            pantry.insert(0, card)
            minutes -= 1
            if minutes == 0:
                return steps, "out-of-time", trolley[-1], 0, log
        cursor = 0
        restart = False
        while cursor < len(pantry) and not restart:
            card = pantry[cursor]
            top = trolley[-1] if trolley else 0
            options = [(2, "use")]
            if card == top + 1:
                options.append((1, "score"))
            if len(discard) < 3 and card not in (5, 10):
                options.append((3, "discard"))
            picked = choose(options)
            place = cursor  # the place in the row the pass keeps (see EFO.RULING.NEXT-CARD)
            cost = 1
            if picked == "discard":
                del pantry[cursor]
                top = trolley[-1]
                offer = card == 11 and top + 1 in discard
                if offer and choose([(4, "pass"), (1000 + 3 * 4096 + _mask((top + 1,)),
                                                   f"score {top + 1}")]) != "pass":
                    scored = top + 1
                    discard.remove(scored)
                    trolley.append(scored)
                    cost, place, restart, won = _effect(
                        scored, False, pantry, down, discard, trolley, place, choose, True)
                    minutes = max(0, minutes - cost)
                discard.append(card)
                if minutes == 0:
                    return steps, "out-of-time", trolley[-1], 0, log
                cursor = place
            else:
                used = picked == "use"
                if used:
                    place = cursor + 1
                else:
                    del pantry[cursor]
                    trolley.append(card)
                    if card == 11:
                        return steps, "won", 11, minutes, log
                cost, place, restart, won = _effect(
                    card, used, pantry, down, discard, trolley, place, choose)
                if used and card in pantry:
                    down.add(card)
                minutes = max(0, minutes - cost)
                if minutes == 0:
                    return steps, "out-of-time", trolley[-1], 0, log
                cursor = place
            while cursor < len(pantry) and pantry[cursor] in down:
                cursor += 1
        if not pantry:
            return steps, "stuck", trolley[-1], minutes, log
        deck = sorted(pantry)
        pantry = []
        down = set()


def _effect(card, used, pantry, down, discard, trolley, place, choose, from_pile=False):  # type: ignore[no-untyped-def]
    """Carry out a card's action; return (minutes it costs, the pass's place, restart?, _).
    ``from_pile``: the card was scored from the discard pile by (11)."""
    cost = 1
    restart = False
    if card in (2, 3, 7):
        up = [c for c in pantry if c not in down and c != card and (card == 7 or c != 5)]
        size = 1 if card == 2 else 2
        if card == 7 and len(up) < 2:
            up = []
        k = min(size, len(up))
        sets = list(combinations(sorted(up), k)) if k else []
        word = "swap" if card == 7 else "flip"
        code = 1 if card == 7 else 0
        if len(sets) == 1:
            picked = sets[0]
        elif sets:
            text = choose([(1000 + code * 4096 + _mask(s), " ".join([word, *map(str, s)]))
                           for s in sets])
            picked = tuple(int(x) for x in text.split()[1:])
        else:
            picked = ()
        if card == 7 and picked:
            i, j = pantry.index(picked[0]), pantry.index(picked[1])
            pantry[i], pantry[j] = pantry[j], pantry[i]
        else:
            down.update(picked)
    elif card == 4:
        cost = 2
    elif card == 6:
        restart = True
    elif card == 8:
        first = pantry.pop(0)
        if place > 0:
            place -= 1
        pantry.append(first)
        down.discard(first)
    elif card == 9 and not from_pile:  # from the pile (11) it has no place: nothing
        index = pantry.index(card) + 1 if card in pantry else place
        if index < len(pantry) and pantry[index] != 5:
            down.add(pantry[index])
    elif card == 10 and discard:
        forced = not used and 11 in discard
        if forced:
            picked_card = 11
        else:
            options = [(4, "pass")] + [(1000 + 2 * 4096 + (1 << c), f"return {c}")
                                       for c in discard]
            text = choose(options)
            picked_card = 0 if text == "pass" else int(text.split()[1])
        if picked_card:
            discard.remove(picked_card)
            index = pantry.index(card) + 1 if card in pantry else place
            pantry.insert(index, picked_card)
            if index < place:
                place += 1
            if used:
                cost = 0
    return cost, place, restart, False
