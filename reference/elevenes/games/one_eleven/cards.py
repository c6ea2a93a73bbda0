"""Cards, suits, values and the action numbers of 111, The Game (G111.CARDS.*, G111.NOTATION.*).

A card is a number ``rank * 4 + suit``: ranks 0-12 are 2, 3, ... 10, J, Q, K, A and suits
0-3 are clubs, diamonds, hearts and spades (``C D H S``).  Card text is rank then suit:
``10H``, ``QS``, ``AD``.
"""

from __future__ import annotations

from itertools import product

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "CDHS"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
JACK, QUEEN, KING, ACE = 9, 10, 11, 12
FACES = (JACK, QUEEN, KING)
NUM_CARDS = 52
HAND = 5  # G111.SETUP.DEAL, G111.END.REFILL
START_COINS = 11  # G111.SETUP.COINS
WIN_COINS = 111  # G111.WIN.COINS
BAIL_OUT = 11  # G111.END.BAIL-OUT
EXACT_BONUS = 11  # G111.REWARD.EXACT

#: G111.CARDS.VALUES: the value of a number card or ace (aces are 11).
RANK_VALUE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 12, 14, 11)
#: G111.CARDS.BOSSES: a boss's attack, shield and health (J 10, Q 12, K 14).
BOSS_VALUE = {JACK: 10, QUEEN: 12, KING: 14}
#: G111.REWARD.BOSS-BONUS: J 5, Q 6, K 7.
BOSS_BONUS = {JACK: 5, QUEEN: 6, KING: 7}
SLOT_NAMES = "JQK"  # slot 0 holds jacks, 1 queens, 2 kings (G111.BOSS.SLOTS)
ATTRIBUTES = ("attack", "money", "health", "shield")  # by suit: C D H S (G111.CARDS.SUITS)

# -- the store (G111.STORE.ITEMS): item -> (cost, most bought in one turn) -----------------------
STORE_ITEMS = ("attack", "shield", "health")
STORE_COST = (5, 3, 1)
STORE_MAX = (1, 2, 5)
DISCOUNT_MAX = 5  # G111.DEFEND.DISCOUNT

# -- action numbers (G111.NOTATION.ACTIONS) -------------------------------------------------------
DRAW = 0  # 0-51: chance, "draw QH"
ROLL = 100  # 101-106: chance, "roll 4"
PLACE = 200  # 200 + card: "place QH"
KEEP = 300  # "keep"
COINS_ACE = 310  # "coins AD"
COINS_PAIR = 320  # 320 + low value (2-5): "coins 2D 9D"
END_TURN = 330  # "end turn"
ATTACK_BOSS = 400  # 400 + slot: "attack J"
ATTACK_PLAYER = 410  # 410 + seat: "attack player 2"
#: the most players the engine seats: 6 (G111.RULING.PLAYER-COUNT), 20 under its reading (b)
MAX_SEATS = 20
# 450 + 16 * slot + depth (2-15, counted from the top): "attack J 2", the second boss from the
# top of the J pile (G111.RULING.WHICH-BOSS (a)); the top boss is "attack J"
ATTACK_DEEP = 450
BUY = 500  # 500 + item (0 attack, 1 shield, 2 health): "buy shield"
BUY_NOTHING = 509  # "buy nothing"
# 510 + 10 * item + units (2-5): "buy shield 2", several units of one line of the table at once
# (G111.RULING.ONE-PER-ROLL (b)); one unit is "buy shield"
BUY_MANY = 510
DISCOUNT = 600  # 600 + 10 * attribute index (ATTRIBUTES) + points: "discount shield 3"
DISCOUNT_NONE = 650  # "discount none"
SURRENDER = 700  # "surrender"
FIGHT_ON = 701  # "fight on"
DISCARD = 800  # 800 + card: "discard 7H"
PARTY = 1 << 20  # + (suit ranks << 4) + bonus suits: "party 5C 9D 5H 9S +C +D"
DEFEND = 2 << 20  # the same for a defending party: "defend 5C 9S"


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def card_text(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def is_face(card: int) -> bool:
    return JACK <= card >> 2 <= KING


def decks_for(players: int) -> int:
    """G111.SETUP.DECKS: one deck per two players, rounded up (G111.RULING.DECK-COUNT)."""
    return (players + 1) // 2


def party_code(ranks: tuple[int, int, int, int], bonus: int) -> int:
    """The low bits of a party action: per suit 0 (no card) or rank + 1, then the bonus suits."""
    code = 0
    for suit in range(4):
        code |= ranks[suit] + 1 << (4 * suit) if ranks[suit] >= 0 else 0
    return code << 4 | bonus


def party_decode(code: int) -> tuple[tuple[int, int, int, int], int]:
    bonus = code & 15
    code >>= 4
    ranks = tuple(((code >> (4 * suit)) & 15) - 1 for suit in range(4))
    return (ranks[0], ranks[1], ranks[2], ranks[3]), bonus


def bonus_groups(ranks: tuple[int, int, int, int]) -> list[list[int]]:
    """G111.PARTY.BONUS: the suits of cards sharing a value, each group of two or more (by
    value: a jack and a ten are a pair under G111.RULING.FACE-PARTY (a); number cards and aces
    have one value a rank)."""
    groups: dict[int, list[int]] = {}
    for suit, rank in enumerate(ranks):
        if rank >= 0:
            groups.setdefault(RANK_VALUE[rank], []).append(suit)
    return [suits for suits in groups.values() if len(suits) > 1]


def fixed_bonus_suit(group: list[int], reading: str) -> int:
    """G111.RULING.PARTY-CHOICE: the card of a set of equal cards that gets the bonus when the
    owner does not choose it: (b), (d) the highest suit (spades, hearts, diamonds, clubs); (c)
    the club when the set has one, else as (b)."""
    if reading == "c" and CLUBS in group:
        return CLUBS
    return max(group)


def bonus_choices(ranks: tuple[int, int, int, int], one_set: bool = False,
                  none: bool = False, choice: str = "a") -> list[int]:
    """G111.PARTY.BONUS: the bonus suits (bit masks) a party of these cards may carry, one card
    of every set of equal cards.  ``one_set``: of one set only, whichever the owner names
    (G111.RULING.TWO-PAIRS (b)); ``none``: no bonus (G111.RULING.DEFEND-BONUS (b), (c));
    ``choice``: the reading of G111.RULING.PARTY-CHOICE, under which (b), (c), (d) the card of
    each set is fixed (``fixed_bonus_suit``)."""
    groups = bonus_groups(ranks)
    if none or not groups:
        return [0]
    if choice != "a":
        groups = [[fixed_bonus_suit(group, choice)] for group in groups]
    if one_set and len(groups) > 1:
        return sorted(1 << suit for group in groups for suit in group)
    found = []
    for picks in product(*groups):
        bonus = 0
        for suit in picks:
            bonus |= 1 << suit
        found.append(bonus)
    return sorted(found)
