"""A tight hand-written simulator of Elevenes for One: the pantry is shuffled in one call
(``random.shuffle``) at each pass instead of being laid out card by card, the face-down marks
are a list indexed by card, and every decision is a uniformly random pick among the options
the rules give (the same options as efo_handwritten.py and the engine, each drawn with one
``rng.randrange``, as the engine's playout loop draws them).  It plays other games than the
engine from the same seed (chance is drawn differently), so bench_efo.py compares whole games
per second over many games; the games' distribution is the same (a uniform shuffle is a
uniform card-by-card deal), which tests/efo/test_differential.py checks over many games.

Written from the rulebook with no engine code, like efo_handwritten.py."""

from __future__ import annotations

import random
from itertools import combinations

WON, OUT_OF_TIME, STUCK = "won", "out-of-time", "stuck"


def playout(rng: random.Random, minutes: int = 15) -> tuple[str, int, int, int]:
    """One uniformly random game: (result, top card, minutes left, decisions made).  Dealing
    a pass counts one decision per card laid out, as in the engine."""
    randrange = rng.randrange
    shuffle = rng.shuffle
    top = 1
    cards = list(range(2, 12))
    discard: list[int] = []
    decisions = 0
    while True:
        pantry = cards
        shuffle(pantry)
        decisions += len(pantry) + 1
        down = [False] * 12
        # step 2: pass, or any card but the first put first for a minute
        pick = randrange(len(pantry))
        if pick:
            pantry.insert(0, pantry.pop(pick))
            minutes -= 1
            if minutes == 0:
                return OUT_OF_TIME, top, 0, decisions
        cursor = 0
        restart = False
        while cursor < len(pantry):
            card = pantry[cursor]
            # step 3: use, score (the next card up) or discard (pile not full, not 5 or 10)
            can_score = card == top + 1
            can_discard = len(discard) < 3 and card != 5 and card != 10
            n = 1 + can_score + can_discard
            pick = randrange(n)
            decisions += 1
            place = cursor
            cost = 1
            if n == 1 or pick == (1 if can_score else 0):  # use
                place = cursor + 1
                used = True
                pile = False
            elif can_score and pick == 0:  # score
                del pantry[cursor]
                top = card
                if card == 11:
                    return WON, 11, minutes, decisions
                used = False
                pile = False
            else:  # discard: no action, no minute; Elevenses may score the next card
                del pantry[cursor]
                if card == 11 and top + 1 in discard:
                    decisions += 1
                    if randrange(2):
                        card = top + 1
                        discard.remove(card)
                        top = card
                        discard.append(11)
                        used = False
                        pile = True
                    else:
                        discard.append(11)
                        cursor = place
                        while cursor < len(pantry) and down[pantry[cursor]]:
                            cursor += 1
                        continue
                else:
                    discard.append(card)
                    cursor = place
                    while cursor < len(pantry) and down[pantry[cursor]]:
                        cursor += 1
                    continue
            # the card's action
            if card == 2 or card == 3:  # Tea, Milk: turn 1 or 2 face-up cards down
                up = [c for c in pantry if not down[c] and c != card and c != 5]
                if up:
                    if card == 2 or len(up) == 1:
                        if len(up) == 1:
                            down[up[0]] = True
                        else:
                            decisions += 1
                            down[up[randrange(len(up))]] = True
                    elif len(up) == 2:
                        down[up[0]] = down[up[1]] = True
                    else:
                        decisions += 1
                        pairs = list(combinations(up, 2))
                        a, b = pairs[randrange(len(pairs))]
                        down[a] = down[b] = True
            elif card == 4:  # Sugar
                cost = 2
            elif card == 6:  # Fine China: a new pass once this card is done
                restart = True
            elif card == 7:  # Biscuits: swap two face-up cards
                up = [c for c in pantry if not down[c] and c != 7]
                if len(up) >= 2:
                    if len(up) == 2:
                        a, b = up
                    else:
                        decisions += 1
                        pairs = list(combinations(up, 2))
                        a, b = pairs[randrange(len(pairs))]
                    i, j = pantry.index(a), pantry.index(b)
                    pantry[i], pantry[j] = b, a
            elif card == 8:  # Sandwiches: the first card to the end
                first = pantry.pop(0)
                if place > 0:
                    place -= 1
                pantry.append(first)
                down[first] = False
            elif card == 9:  # Cakes: the next card face down (nothing from the pile)
                if not pile:
                    index = pantry.index(9) + 1 if used else place
                    if index < len(pantry) and pantry[index] != 5:
                        down[pantry[index]] = True
            elif card == 10 and discard:  # Servants: a discarded card back after it
                if not used and 11 in discard:
                    back = 11
                else:
                    decisions += 1
                    pick = randrange(len(discard) + 1)
                    back = sorted(discard)[pick - 1] if pick else 0
                if back:
                    discard.remove(back)
                    index = pantry.index(10) + 1 if used else place
                    pantry.insert(index, back)
                    if index < place:
                        place += 1
                    if used:
                        cost = 0
            if used and card in pantry:
                down[card] = True
            minutes -= cost
            if minutes <= 0:
                return OUT_OF_TIME, top, 0, decisions
            if restart:
                break
            cursor = place
            while cursor < len(pantry) and down[pantry[cursor]]:
                cursor += 1
        if not pantry:
            return STUCK, top, minutes, decisions
        cards = pantry
