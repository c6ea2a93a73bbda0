"""A plain hand-written simulator of 111, The Game: one uniformly random game in one function,
the rules of rulebook/111/rules.md written straight, no classes, no checks.

It offers the same choices in the same order as the engine (parties and defences sorted by
the engine's action number, the store's items in their order, ...) and draws chance with the
same arithmetic as ``State.sample_chance`` (one ``rng.random()`` against the running total
of the outcomes' probabilities), so a seed gives the same game as the engine's playout and
the same number of decisions: the benchmark checks that.
"""

from __future__ import annotations

import random
from itertools import product

VALUE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 12, 14, 11)  # by rank 0-12 (2 .. 10, J, Q, K, A)
BOSS = (10, 12, 14)  # J, Q, K: attack, shield, health
BONUS = (5, 6, 7)
COST = (5, 3, 1)  # attack, shield, health
MOST = (1, 2, 5)
KEEP = -1
END = -1


def _party_code(ranks: tuple[int, ...], bonus: int) -> int:
    code = 0
    for suit in range(4):
        if ranks[suit] >= 0:
            code |= ranks[suit] + 1 << (4 * suit)
    return code << 4 | bonus


def _parties(hand: list[int], complete: bool) -> list[tuple[int, tuple[int, ...], int]]:
    """(code, ranks by suit, bonus suits) of every party the hand makes, by code."""
    options: list[list[int]] = [[], [], [], []]
    for c in hand:
        rank = c >> 2
        if (rank < 9 or rank == 12) and rank not in options[c & 3]:
            options[c & 3].append(rank)
    for suit in range(4):
        if not options[suit]:
            if complete:
                return []
            options[suit].append(-1)
    found = []
    for ranks in product(*options):
        groups: dict[int, list[int]] = {}
        for suit, rank in enumerate(ranks):
            if rank >= 0:
                groups.setdefault(rank, []).append(suit)
        pairs = [g for g in groups.values() if len(g) > 1]
        for picks in product(*pairs):
            bonus = 0
            for suit in picks:
                bonus |= 1 << suit
            found.append((_party_code(ranks, bonus), ranks, bonus))
    found.sort()
    return found


def _make_party(ranks: tuple[int, ...], bonus: int) -> list[int]:
    """[attack, shield, health, money, bought attack, shield, health, cards...]."""
    size = {}
    for rank in ranks:
        if rank >= 0:
            size[rank] = size.get(rank, 0) + 1
    v = [0, 0, 0, 0]
    for suit, rank in enumerate(ranks):
        if rank >= 0:
            v[suit] = VALUE[rank] + (size[rank] if bonus >> suit & 1 and size[rank] > 1 else 0)
    cards = [rank * 4 + suit for suit, rank in enumerate(ranks) if rank >= 0]
    return [v[0], v[3], v[2], v[1], 0, 0, 0, *cards]


def playout(rng: random.Random, players: int = 2, turn_limit: int = 1000) -> int:
    """One random game; its number of decisions (chance included)."""
    n = players
    decks = (n + 1) // 2
    pile = [decks] * 52
    size = 52 * decks
    discards = [0] * 52
    hands: list[list[int]] = [[] for _ in range(n)]
    coins = [11] * n
    slots: list[list[list[int]]] = [[], [], []]
    beaten = [0, 0, 0]
    decisions = 0
    rand = rng.random
    pick = rng.randrange

    def draw() -> int:
        nonlocal pile, size, discards, decisions
        if not size:
            total_cards = sum(discards)
            if not total_cards:
                return -1
            pile, size, discards = discards, total_cards, [0] * 52
        r = rand()
        total = 0.0
        last = 0
        chosen = -1
        for c in range(52):
            k = pile[c]
            if k:
                last = c
                total += k / size
                if r < total:
                    chosen = c
                    break
        if chosen < 0:
            chosen = last
        pile[chosen] -= 1
        size -= 1
        decisions += 1
        return chosen

    def roll() -> int:
        nonlocal decisions
        decisions += 1
        r = rand()
        total = 0.0
        for d in range(1, 7):
            total += 1 / 6
            if r < total:
                return d
        return 6

    # the deal: one card at a time to the smallest hand
    while True:
        sizes = [len(h) for h in hands]
        low = min(sizes)
        if low >= 5:
            break
        c = draw()
        if c < 0:
            break
        hands[sizes.index(low)].append(c)
    turn = 0
    active = 0
    while True:
        if turn >= turn_limit:
            return decisions
        turn += 1
        hand = hands[active]
        c = draw()
        if c >= 0:
            hand.append(c)
        while True:  # placements
            faces = sorted({c for c in hand if 9 <= c >> 2 <= 11})
            options = [c for c in faces if not slots[(c >> 2) - 9]] or [*faces, KEEP]
            decisions += 1
            choice = options[pick(len(options))]
            if choice == KEEP:
                break
            hand.remove(choice)
            value = BOSS[(choice >> 2) - 9]
            slots[(choice >> 2) - 9].append([choice, value, value, 0])
            c = draw()
            if c >= 0:
                hand.append(c)
        suits = 0
        for c in hand:
            if c >> 2 < 9 or c >> 2 == 12:
                suits |= 1 << (c & 3)
        parties: list[list[int] | None] = [None] * n
        if suits != 15:
            held = {c >> 2 for c in hand if c & 3 == 1}
            buys = [[12]] if 12 in held else []
            buys += [[low - 2, 9 - low] for low in range(2, 6)
                     if low - 2 in held and 9 - low in held]
            buys.append([])
            decisions += 1
            sold = buys[pick(len(buys))]
            for rank in sold:
                hand.remove(rank * 4 + 1)
                discards[rank * 4 + 1] += 1
            if sold:
                coins[active] += 11
        else:
            found = _parties(hand, True)
            decisions += 1
            _, ranks, bonus = found[pick(len(found))]
            party = _make_party(ranks, bonus)
            for c in party[7:]:
                hand.remove(c)
            parties[active] = party
            targets = [s for s in range(3) if slots[s]] + [10 + p for p in range(n) if p != active]
            decisions += 1
            target = targets[pick(len(targets))]
            boss: list[int] | None = None
            other = -1
            defender: list[int] = party
            if target < 10:
                boss = slots[target][-1]
            else:
                other = target - 10
                found = _parties(hands[other], False)
                decisions += 1
                _, ranks, bonus = found[pick(len(found))]
                defender = _make_party(ranks, bonus)
                for c in defender[7:]:
                    hands[other].remove(c)
                parties[other] = defender
                if len(defender) < 11 and coins[other] > 0:
                    most = min(5, coins[other])
                    offers = [(a, k) for a in range(4) for k in range(1, most + 1)] + [(0, 0)]
                    decisions += 1
                    attribute, points = offers[pick(len(offers))]
                    coins[other] -= points
                    defender[(0, 3, 2, 1)[attribute]] += points
            side = 0
            while True:  # strikes
                die = roll()
                buyer = active if side == 0 else other
                striker = party if side == 0 else defender
                if buyer >= 0:
                    have = coins[buyer]
                    store = [i for i in range(3) if striker[4 + i] < MOST[i] and have >= COST[i]]
                    if store:
                        store.append(-1)
                        decisions += 1
                        item = store[pick(len(store))]
                        if item >= 0:
                            coins[buyer] -= COST[item]
                            striker[4 + item] += 1
                            striker[(0, 1, 2)[item]] += 1
                if side == 0:
                    points = party[0] + die
                    struck = boss if boss is not None else defender
                else:
                    points = (BOSS[(boss[0] >> 2) - 9] if boss is not None else defender[0]) + die
                    struck = party
                shield, health = struck[1], struck[2]
                knocked = hit = False
                if shield > 0:
                    if points == shield:
                        shield = 0
                        knocked = True
                    elif points < shield:
                        shield -= points
                    else:
                        health -= points - shield
                        shield = 0
                        hit = True
                else:
                    health -= points
                    hit = True
                exact = struck[1] == 0 and health == 0  # the whole strike equals the health
                struck[1], struck[2] = shield, max(health, 0)
                if hit and health <= 0:
                    loser = 1 - side
                    if boss is not None:
                        slot = slots[(boss[0] >> 2) - 9]
                        if loser == 1:
                            slot.pop()
                            kind = (boss[0] >> 2) - 9
                            reward = party[3] + BONUS[kind] + (0 if slot else 5)
                            reward += 11 if beaten[kind] == 4 * decks - 1 else 0
                            reward += 11 if exact else 0
                            beaten[kind] += 1
                            coins[active] += boss[3] + reward
                        else:
                            lost = min(coins[active], party[3])
                            coins[active] -= lost
                            boss[3] += lost
                    else:
                        winner, loser_p = (active, other) if loser == 1 else (other, active)
                        owed = max(party[3], defender[3])
                        paid = min(coins[loser_p], owed)
                        coins[loser_p] -= paid
                        coins[winner] += owed + (11 if exact else 0)
                    break
                if knocked:
                    continue
                if hit and (boss is not None) == (side == 1):
                    decisions += 1
                    if pick(2) == 0:  # surrender
                        who = active if side == 1 else other
                        penalty = min(coins[who], (party if who == active else defender)[3] // 2)
                        coins[who] -= penalty
                        if boss is not None:
                            boss[3] += penalty
                        else:
                            coins[active] += penalty
                        break
                side = 1 - side
        for p in range(n):
            party_p = parties[p]
            if party_p is not None:
                for c in party_p[7:]:
                    discards[c] += 1
        if max(coins) >= 111:
            return decisions
        p = active
        while True:  # the refill, from the active player round the table
            held = hands[p]
            while len(held) > 5:
                choices = sorted(set(held))
                decisions += 1
                c = choices[pick(len(choices))]
                held.remove(c)
                discards[c] += 1
            while len(held) < 5:
                c = draw()
                if c < 0:
                    break
                held.append(c)
            p = (p + 1) % n
            if p == active:
                break
        for p in range(n):
            if coins[p] == 0:
                coins[p] = 11
        active = (active + 1) % n
