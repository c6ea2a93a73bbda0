"""Cards and actions of Elevenes as numbers and as canonical text (rule ELV.ACTIONS).

A card is its set (the colour of its back: one set per player, letters ``a``-``d`` for seats
0-3) and its number 1-11, written ``7b``; inside the engine it is ``set * 11 + number - 1``.
Every action has one canonical string:

======================  =========================================================
``play 7a``             play card 7a from your kitchen (ELV.PLAY.ACTION)
``arrange 3b at 5``     arrange action: 3b face down at position 5 (ELV.ARRANGE.ACTION)
``pass``                a turn with no possible move; decline an optional choice
``reveal``              reveal your Special Guest (ELV.GUESTS.REVEAL)
``player 2``            choose seat 2 for a card's effect
``flip 7b``             Tea: turn face-up card 7b face down
``take 5c``             Milk / Cakes: the card you take
``give 4a``             Milk / Cakes / Sandwiches: the card you give in exchange
``pass 3a``             Fine China / Biscuits: the card you set aside to pass
``pick b``              Sandwiches: draw from the cards with back ``b``
``draw 5a``             chance: the card drawn blind (Sandwiches)
``deal 5a``             chance: the next spread position of the dealt player gets 5a
``guest 3``             chance: the dealt player gets Special Guest 3
``server 2``            chance: seat 2 takes the starting server card for the first round
                        (only under reading (c) of ELV.RULING.FIRST-SERVER)
======================  =========================================================
"""

from __future__ import annotations

import re

from ...core.errors import IllegalAction
from ...core.words import split_words

SETS = "abcd"
NUMBERS = 11
ELEVENSES = 11
TROLLEY_POSITION, SERVANTS_POSITION = 1, 10
SPREAD_POSITIONS = tuple(range(1, 11))
HIDDEN_POSITIONS = tuple(range(2, 10))  # the two rows: where face-down cards lie

# -- action numbers ------------------------------------------------------------------------
PASS, YES, REVEAL = 0, 1, 2
PLAY = 100  # + card
ARRANGE = 200  # + card * 8 + position - 2
DEAL = 600  # + card
GUEST = 700  # + guest number (1-99)
PLAYER = 800  # + seat
PICK = 850  # + set
SERVER = 890  # + seat: ELV.RULING.FIRST-SERVER (c), chance draws the first starting server
WORD_BASE, WORD_SPAN = 1000, 100
WORDS = ("flip", "take", "give", "pass", "draw")
SIMPLE = {PASS: "pass", YES: "yes", REVEAL: "reveal"}
SIMPLE_BY_NAME = {name: action for action, name in SIMPLE.items()}

_CARD = re.compile(r"(1[01]|[1-9])([a-d])")
NUMBER = r"0|[1-9][0-9]?"  # ASCII digits only (docs/protocol.md)
"""A number in an action string: decimal, no leading zero."""


def card_id(set_index: int, number: int) -> int:
    return set_index * NUMBERS + number - 1


def number_of(card: int) -> int:
    return card % NUMBERS + 1


def set_of(card: int) -> int:
    return card // NUMBERS


def card_str(card: int) -> str:
    return f"{card % NUMBERS + 1}{SETS[card // NUMBERS]}"


def parse_card(text: str, players: int) -> int | None:
    """``7b`` -> the card, or None when it is not a card of a game of ``players``."""
    found = _CARD.fullmatch(text)
    if found is None:
        return None
    set_index = SETS.index(found.group(2))
    if set_index >= players:
        return None
    return card_id(set_index, int(found.group(1)))


def arrange_token(card: int, position: int) -> int:
    return card * 8 + position - 2


def arrange_action(card: int, position: int) -> int:
    return ARRANGE + card * 8 + position - 2


def encode_choice(word: str, items: tuple[int, ...]) -> int:
    """The action of an effect's choice (the card language's ``encode``)."""
    if word == "pass" and not items:
        return PASS
    if word == "yes":
        return YES
    item = items[0]
    if word == "player":
        return PLAYER + item
    if word == "arrange":
        return ARRANGE + item
    if word == "pick":
        return PICK + item
    return WORD_BASE + WORDS.index(word) * WORD_SPAN + item


def decode_choice(action: int) -> tuple[str, tuple[int, ...]]:
    if action in SIMPLE:
        return SIMPLE[action], ()
    if PLAYER <= action < PICK:
        return "player", (action - PLAYER,)
    if PICK <= action < PICK + 4:
        return "pick", (action - PICK,)
    if ARRANGE <= action < DEAL:
        return "arrange", (action - ARRANGE,)
    word, item = divmod(action - WORD_BASE, WORD_SPAN)
    return WORDS[word], (item,)


def action_to_string(action: int) -> str:
    if action in SIMPLE:
        return SIMPLE[action]
    if PLAY <= action < ARRANGE:
        return f"play {card_str(action - PLAY)}"
    if ARRANGE <= action < DEAL:
        card, slot = divmod(action - ARRANGE, 8)
        return f"arrange {card_str(card)} at {slot + 2}"
    if DEAL <= action < GUEST:
        return f"deal {card_str(action - DEAL)}"
    if GUEST <= action < PLAYER:
        return f"guest {action - GUEST}"
    if PLAYER <= action < PICK:
        return f"player {action - PLAYER}"
    if PICK <= action < PICK + 4:
        return f"pick {SETS[action - PICK]}"
    if SERVER <= action < SERVER + 4:
        return f"server {action - SERVER}"
    if WORD_BASE <= action < WORD_BASE + WORD_SPAN * len(WORDS):
        word, card = divmod(action - WORD_BASE, WORD_SPAN)
        return f"{WORDS[word]} {card_str(card)}"
    return f"<action {action}>"


def string_to_action(text: str, players: int) -> int:
    """Parse a canonical action string; IllegalAction (ELV.ACTIONS) for any other text."""
    words = split_words(text)  # docs/protocol.md: ASCII whitespace only

    def bad(message: str, rule: str = "ELV.ACTIONS") -> IllegalAction:
        return IllegalAction(rule, message, text)

    if len(words) == 1 and words[0] in SIMPLE_BY_NAME:
        return SIMPLE_BY_NAME[words[0]]
    if len(words) == 2 and words[0] in ("player", "guest", "server"):
        if not re.fullmatch(NUMBER, words[1]):
            raise bad(f"{text!r}: `{words[0]}` takes a number")
        number = int(words[1])
        if words[0] in ("player", "server"):
            if number >= players:
                raise bad(f"{text!r}: seats are numbered 0 to {players - 1}")
            return (PLAYER if words[0] == "player" else SERVER) + number
        if not 1 <= number <= 99:
            raise bad(f"{text!r}: guests are numbered 1 to 99")
        return GUEST + number
    if len(words) == 2 and words[0] == "pick":
        if words[1] not in SETS[:players]:
            raise bad(f"{text!r}: backs are {', '.join(SETS[:players])}")
        return PICK + SETS.index(words[1])
    if len(words) in (2, 4) and (words[0] in ("play", "deal", "arrange") or words[0] in WORDS):
        card = parse_card(words[1], players)
        if card is None:
            raise bad(
                f"{text!r}: {words[1]!r} is not a card; cards are written number then set, "
                f"e.g. 7{SETS[0]} (sets {', '.join(SETS[:players])})"
            )
        if words[0] == "arrange":
            if len(words) != 4 or words[2] != "at" or not re.fullmatch(NUMBER, words[3]):
                raise bad(f"{text!r}: write arrange CARD at POSITION, e.g. arrange 3a at 5")
            position = int(words[3])
            if position not in SPREAD_POSITIONS:
                raise bad(f"{text!r}: a spread has positions 1 to 10")
            if position not in HIDDEN_POSITIONS:
                raise bad(
                    f"{text!r}: arrange actions use positions 2-9 only",
                    "ELV.ARRANGE.POSITIONS",
                )
            return arrange_action(card, position)
        if len(words) == 2:
            if words[0] == "play":
                return PLAY + card
            if words[0] == "deal":
                return DEAL + card
            return WORD_BASE + WORDS.index(words[0]) * WORD_SPAN + card
    raise bad(f"{text!r} is not an Elevenes action (see ELV.ACTIONS for the forms)")
