"""Text in and out for 111: action strings (G111.NOTATION.ACTIONS), the canonical state
document, the observation, and loading a state document (slow path, checks everything)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.api import Action, Json
from ...core.errors import BadState, IllegalAction
from ...core.readings import PREFIX, in_force, option_name
from ...core.schema import check_playable, schema_problem
from ...core.words import ascii_lower, ascii_upper, is_ascii_digits, split_words
from .cards import (
    ACE,
    ATTACK_BOSS,
    ATTACK_DEEP,
    ATTACK_PLAYER,
    ATTRIBUTES,
    BUY,
    BUY_MANY,
    BUY_NOTHING,
    COINS_ACE,
    COINS_PAIR,
    DEFEND,
    DIAMONDS,
    DISCARD,
    DISCOUNT,
    DISCOUNT_NONE,
    END_TURN,
    FIGHT_ON,
    HAND,
    JACK,
    KEEP,
    KING,
    MAX_SEATS,
    NUM_CARDS,
    PARTY,
    PLACE,
    RANK_VALUE,
    RANKS,
    ROLL,
    SLOT_NAMES,
    STORE_ITEMS,
    STORE_MAX,
    SUITS,
    SURRENDER,
    card_text,
    party_code,
    party_decode,
)

if TYPE_CHECKING:
    from .state import OneElevenGame, OneElevenState, Party

NOTATION = "G111.NOTATION.ACTIONS"
ACTION_HELP = (
    "actions are: draw QH, roll 4, place QH, keep, party 5C 9D 5H 9S (+S for a bonus), "
    "coins AD, coins 2D 9D, end turn, attack J, attack J 2, attack player 1, defend 5C 9S, "
    "discount shield 3, discount none, buy attack|shield|health|nothing, buy shield 2, "
    "surrender, fight on, discard 7H"
)
_CARD_OF_TEXT = {card_text(c): c for c in range(NUM_CARDS)}
_DISCOUNT_ATTRIBUTES = ATTRIBUTES  # by suit C D H S
_SEATS = ("0", "1", "2", "3", "4", "5")  # G111.SETUP.PLAYERS: at most six seats
_SEATS_ANY = tuple(str(seat) for seat in range(MAX_SEATS))  # G111.RULING.PLAYER-COUNT (b)
# a boss's depth in its pile, from the top: 2 to 12 (three decks hold 12 cards of a rank)
_DEPTHS = tuple(str(d) for d in range(2, 13))


def card_of(text: str) -> int:
    """``QH`` -> the card's number; raises IllegalAction (G111.NOTATION.ACTIONS)."""
    card = _CARD_OF_TEXT.get(ascii_upper(text))
    if card is None:
        raise IllegalAction(
            NOTATION,
            f"{text!r} is no card: a card is a rank (2-10, J, Q, K, A) and a suit (C, D, H, S)",
            text,
        )
    return card


# -- actions --------------------------------------------------------------------------------------
def party_text(word: str, code: int) -> str:
    ranks, bonus = party_decode(code)
    parts = [word] + [RANKS[r] + SUITS[s] for s, r in enumerate(ranks) if r >= 0]
    parts += ["+" + SUITS[s] for s in range(4) if bonus >> s & 1]
    return " ".join(parts)


def action_text(action: Action, drawing: bool = True) -> str:
    """The canonical text of an action number."""
    del drawing
    if 0 <= action < NUM_CARDS:
        return "draw " + card_text(action)
    if ROLL < action <= ROLL + 6:
        return f"roll {action - ROLL}"
    if PLACE <= action < PLACE + NUM_CARDS:
        return "place " + card_text(action - PLACE)
    if action == KEEP:
        return "keep"
    if action == COINS_ACE:
        return "coins AD"
    if COINS_PAIR + 2 <= action <= COINS_PAIR + 5:
        low = action - COINS_PAIR
        return f"coins {low}D {11 - low}D"
    if action == END_TURN:
        return "end turn"
    if ATTACK_BOSS <= action < ATTACK_BOSS + 3:
        return "attack " + SLOT_NAMES[action - ATTACK_BOSS]
    if ATTACK_PLAYER <= action < ATTACK_PLAYER + MAX_SEATS:
        return f"attack player {action - ATTACK_PLAYER}"
    if ATTACK_DEEP <= action < ATTACK_DEEP + 48 and (action - ATTACK_DEEP) % 16 >= 2:
        slot, depth = divmod(action - ATTACK_DEEP, 16)
        return f"attack {SLOT_NAMES[slot]} {depth}"
    if BUY <= action < BUY + 3:
        return "buy " + STORE_ITEMS[action - BUY]
    if action == BUY_NOTHING:
        return "buy nothing"
    if BUY_MANY < action < BUY_MANY + 30 and 2 <= (action - BUY_MANY) % 10 <= 5:
        item, units = divmod(action - BUY_MANY, 10)
        return f"buy {STORE_ITEMS[item]} {units}"
    if action == DISCOUNT_NONE:
        return "discount none"
    if DISCOUNT < action < DISCOUNT + 40 and 1 <= action % 10 <= 5:
        attribute, points = divmod(action - DISCOUNT, 10)
        return f"discount {_DISCOUNT_ATTRIBUTES[attribute]} {points}"
    if action == SURRENDER:
        return "surrender"
    if action == FIGHT_ON:
        return "fight on"
    if DISCARD <= action < DISCARD + NUM_CARDS:
        return "discard " + card_text(action - DISCARD)
    if PARTY <= action < PARTY + (1 << 20):
        return party_text("party", action - PARTY)
    if DEFEND <= action < DEFEND + (1 << 20):
        return party_text("defend", action - DEFEND)
    raise IllegalAction(NOTATION, f"{action} is no action of 111")


def _party_action(words: list[str], text: str, faces: bool = False) -> Action:
    ranks = [-1, -1, -1, -1]
    bonus = 0
    for word in words[1:]:
        if word.startswith("+"):
            suit = SUITS.find(word[1:]) if len(word) == 2 else -1
            if suit < 0:
                raise IllegalAction(NOTATION, f"{text!r}: {word!r} names no suit (+C +D +H +S)",
                                    text)
            bonus |= 1 << suit
            continue
        card = card_of(word)
        rank, suit = card >> 2, card & 3
        if JACK <= rank <= KING and not faces:  # G111.RULING.FACE-PARTY (a): faces may join
            raise IllegalAction(
                "G111.RULING.FACE-PARTY", f"{text!r}: a face card is a boss, never a party member",
                text,
            )
        if ranks[suit] >= 0:
            raise IllegalAction(
                "G111.PARTY.FORM", f"{text!r}: a party holds one card of each suit", text
            )
        ranks[suit] = rank
    code = party_code((ranks[0], ranks[1], ranks[2], ranks[3]), bonus)
    return (PARTY if words[0] == "PARTY" else DEFEND) + code


def parse_action(text: str, faces: bool = False, seats: int = 6) -> Action:
    """Action text -> action number; text outside the notation raises G111.NOTATION.ACTIONS.
    ``faces``: a party may name face cards (G111.RULING.FACE-PARTY (a)); ``seats``: the
    table's seats, above six under G111.RULING.PLAYER-COUNT (b)."""
    words = split_words(ascii_upper(text))  # docs/protocol.md: ASCII whitespace and case
    if not words:
        raise IllegalAction(NOTATION, f"empty action; {ACTION_HELP}", text)
    head, rest = words[0], words[1:]
    if head in ("DRAW", "PLACE", "DISCARD") and len(rest) == 1:
        card = card_of(rest[0])
        if head == "DRAW":
            return card
        if head == "DISCARD":
            return DISCARD + card
        if not JACK <= card >> 2 <= KING:
            raise IllegalAction(
                "G111.BOSS.PLACE", f"{text!r}: only a face card (J, Q, K) is placed as a boss",
                text,
            )
        return PLACE + card
    if head == "ROLL" and len(rest) == 1 and rest[0] in ("1", "2", "3", "4", "5", "6"):
        return ROLL + int(rest[0])
    if words == ["KEEP"]:
        return KEEP
    if words == ["END", "TURN"]:
        return END_TURN
    if words in (["SURRENDER"], ["FIGHT", "ON"]):
        return SURRENDER if head == "SURRENDER" else FIGHT_ON
    if head == "COINS" and rest:
        cards = sorted(card_of(w) for w in rest)
        if cards == [ACE * 4 + DIAMONDS]:
            return COINS_ACE
        values = [RANK_VALUE[c >> 2] for c in cards]
        if (
            len(cards) == 2
            and all(c & 3 == DIAMONDS and c >> 2 < JACK for c in cards)
            and sum(values) == 11
        ):
            return COINS_PAIR + values[0]
        raise IllegalAction(
            "G111.COINS.BUY",
            f"{text!r}: coins are bought with the ace of diamonds or two diamonds making 11",
            text,
        )
    if head == "ATTACK" and len(rest) == 1 and rest[0] in SLOT_NAMES:
        return ATTACK_BOSS + SLOT_NAMES.index(rest[0])
    if head == "ATTACK" and len(rest) == 2 and rest[0] in SLOT_NAMES and rest[1] in _DEPTHS:
        # a boss under the top of its pile, counted from the top (G111.RULING.WHICH-BOSS (a));
        # whether the pile is that deep, and the reading in force, is G111.ATTACK.TARGET
        return ATTACK_DEEP + 16 * SLOT_NAMES.index(rest[0]) + int(rest[1])
    if head == "ATTACK" and len(rest) == 2 and rest[0] == "PLAYER" and (
            rest[1] in _SEATS or seats > 6 and rest[1] in _SEATS_ANY[:seats]):
        # one digit 0-5, a seat of some table of 2-6 players (more under
        # G111.RULING.PLAYER-COUNT (b)); whether it is a seat of this table, and not the
        # attacker's, is G111.ATTACK.TARGET
        return ATTACK_PLAYER + int(rest[1])
    if head == "BUY" and len(rest) == 1:
        item = ascii_lower(rest[0])
        if item == "nothing":
            return BUY_NOTHING
        if item in STORE_ITEMS:
            return BUY + STORE_ITEMS.index(item)
        if item == "money":
            raise IllegalAction(
                "G111.RULING.STORE-MONEY", f"{text!r}: the store does not sell money", text
            )
    if head == "BUY" and len(rest) == 2 and ascii_lower(rest[0]) in STORE_ITEMS and (
            rest[1] in ("1", "2", "3", "4", "5")):
        # several units of one line (G111.RULING.ONE-PER-ROLL (b)); one unit is "buy shield"
        units_of = STORE_ITEMS.index(ascii_lower(rest[0]))
        return BUY + units_of if rest[1] == "1" else BUY_MANY + 10 * units_of + int(rest[1])
    if head == "DISCOUNT":
        if rest == ["NONE"]:
            return DISCOUNT_NONE
        if len(rest) == 2 and ascii_lower(rest[0]) in ATTRIBUTES and is_ascii_digits(rest[1]):
            points = int(rest[1])
            if not 1 <= points <= 5:
                raise IllegalAction(
                    "G111.DEFEND.DISCOUNT", f"{text!r}: the discount buys 1 to 5 points", text
                )
            return DISCOUNT + 10 * _DISCOUNT_ATTRIBUTES.index(ascii_lower(rest[0])) + points
    if head in ("PARTY", "DEFEND"):
        return _party_action(words, text, faces)
    raise IllegalAction(NOTATION, f"unknown action {text!r}; {ACTION_HELP}", text)


# -- the canonical state ------------------------------------------------------------------------
def _cards_doc(counts: list[int]) -> list[str]:
    return [card_text(c) for c in range(NUM_CARDS) for _ in range(counts[c])]


def party_doc(party: Party | None) -> Json | None:
    if party is None:
        return None
    return {
        "cards": [card_text(c) for c in party.cards()],
        "bonus": [SUITS[s] for s in range(4) if party.bonus >> s & 1],
        "attack": party.attack,
        "shield": party.shield,
        "health": party.health,
        "money": party.money,
        "bought": dict(zip(STORE_ITEMS, party.bought, strict=True)),
        "discount": None
        if party.discount is None
        else {"attribute": _DISCOUNT_ATTRIBUTES[party.discount[0]], "points": party.discount[1]},
    }


def asking_doc(state: OneElevenState) -> Json:
    from .state import A_DISCARD, A_DRAW, A_OVER, A_ROLL, A_STORE, ASKING, DRAW_FOR, SIDES

    asking = state.asking
    doc: Json = {"asking": ASKING[asking]}
    if asking == A_OVER:
        return doc
    if asking == A_ROLL:
        doc["side"] = SIDES[state.side]
        return doc
    doc["player"] = state.who
    if asking == A_DRAW:
        doc["for"] = DRAW_FOR[state.draw_for]
    elif asking == A_STORE:
        doc["roll"] = state.roll
    elif asking == A_DISCARD and state.hand_limit:
        doc["for"] = "hand limit"  # G111.RULING.HAND-SIZE (b): in the middle of a turn
    if _placing(state):
        doc["required_placed"] = state.required_placed
    return doc


def _placing(state: OneElevenState) -> bool:
    """The placements of a turn are under way and a reading in force reads whether one was
    required (G111.RULING.OPTIONAL-BOSS (a), G111.RULING.MANDATORY-ORDER (b))."""
    from .state import A_DRAW, A_PLACE

    return (state.asking == A_PLACE or state.asking == A_DRAW and state.draw_for == 2) and (
        state.game.reads("G111.RULING.OPTIONAL-BOSS", "a")
        or state.game.reads("G111.RULING.MANDATORY-ORDER", "b"))


def _bosses_doc(state: OneElevenState) -> Json:
    attack = state.game.rolls_last == "c"  # G111.RULING.ROLL-PER-STRIKE (c): a boss's attack
    return {
        SLOT_NAMES[s]: [
            {"card": card_text(b[0]), "shield": b[1], "health": b[2], "coins": b[3]}
            | ({"attack": b[4]} if attack else {})
            for b in state.slots[s]
        ]
        for s in range(3)
    }


def _fight_doc(state: OneElevenState) -> Json | None:
    game = state.game
    fight: Json
    if state.target_boss >= 0:
        target: Json = {"boss": SLOT_NAMES[state.target_boss]}
        depth = len(state.slots[state.target_boss]) - state.target_at if state.target_at >= 0 else 1
        if depth > 1:
            target["depth"] = depth  # G111.RULING.WHICH-BOSS (a), (c): a boss under the top
        fight = {"target": target}
    elif state.target_player >= 0:
        fight = {"target": {"player": state.target_player}}
    else:
        return None
    # G111.RULING.SURRENDER-WHEN (a), (c): what the fight has had that closes surrender
    if state.surrender_offered and game.reads("G111.RULING.SURRENDER-WHEN", "a"):
        fight["surrender_offered"] = True
    if state.knocked_out and game.reads("G111.RULING.SURRENDER-WHEN", "c"):
        fight["knocked_out"] = True
    return fight


def written_options(options: Mapping[str, Any]) -> Json:
    """The game's own options in full, a ruling's reading only when it is not the decided one
    (core/readings.py), so a document of the decided rules is as it always was."""
    written: Json = {k: v for k, v in options.items() if not k.startswith(PREFIX)}
    written.update({option_name(k): v for k, v in in_force(options).items()})
    return written


def state_to_doc(state: OneElevenState) -> Json:
    return {
        "game": "111",
        "options": written_options(state.game.options),
        "turn": state.turn,
        "active": state.active,
        "pending": asking_doc(state),
        "players": [
            {
                "coins": state.coins[p],
                "hand": [card_text(c) for c in state.hands[p]],
                "party": party_doc(state.parties[p]),
            }
            for p in range(state.n)
        ],
        "bosses": _bosses_doc(state),
        "defeated": [card_text(c) for c in state.defeated],
        "draw_pile": _cards_doc(state.pile),
        "discards": _cards_doc(state.discards),
        "bank": {"issued": state.issued, "taken": state.taken},
        "fight": _fight_doc(state),
        "winners": list(state.winners),
        "ended_by": state.ended_by or None,
    }


def observation(state: OneElevenState, player: int) -> Json:
    """What ``player`` sees: every hand but their own as a count; the draw pile as a count."""
    from ...core.errors import BadOption

    if not 0 <= player < state.n:
        raise BadOption(f"this game has players 0 to {state.n - 1}, not {player}")
    return {
        "game": "111",
        "player": player,
        "turn": state.turn,
        "active": state.active,
        "pending": asking_doc(state),
        "players": [
            {
                "coins": state.coins[p],
                "hand": [card_text(c) for c in state.hands[p]] if p == player else None,
                "hand_size": len(state.hands[p]),
                "party": party_doc(state.parties[p]),
            }
            for p in range(state.n)
        ],
        "bosses": _bosses_doc(state),
        "defeated": [card_text(c) for c in state.defeated],
        "draw_pile": state.pile_size,
        "discards": _cards_doc(state.discards),
        "bank": {"issued": state.issued, "taken": state.taken},
        "fight": _fight_doc(state),
        "winners": list(state.winners),
        "ended_by": state.ended_by or None,
        "legal": state.legal_action_strings() if state.current_player() == player else [],
    }


# -- loading a state document ----------------------------------------------------------------------
def _bad(message: str) -> BadState:
    return BadState(f"111 state: {message}")


def _cards(texts: list[str], where: str) -> list[int]:
    try:
        return [card_of(t) for t in texts]
    except IllegalAction:
        raise _bad(f"{where}: {texts} holds text that is no card") from None


def _party_from_doc(doc: Mapping[str, Any], where: str, store_max_per_roll: bool = False,
                    one_set: bool = False, defend: str = "a", may_defend: bool = True,
                    game: OneElevenGame | None = None) -> Party:
    """A party of a state document.  ``one_set``, ``defend``: the readings of
    G111.RULING.TWO-PAIRS (b) and G111.RULING.DEFEND-BONUS in force; ``may_defend``: the party
    may be a defending one (it is not the active player's); ``game``: the other readings in
    force (G111.RULING.FACE-PARTY, PARTY-CHOICE, ROLL-PER-STRIKE)."""
    from .state import Party

    faces = game is not None and game.face_party
    choice = "a" if game is None else game.party_choice
    ranks = [-1, -1, -1, -1]
    for card in _cards(list(doc["cards"]), where):
        rank, suit = card >> 2, card & 3
        if JACK <= rank <= KING and not faces or ranks[suit] >= 0:
            raise _bad(f"{where}: one number card or ace per suit (G111.PARTY.FORM, "
                       "G111.RULING.FACE-PARTY)")
        ranks[suit] = rank
    bonus = 0
    for letter in doc["bonus"]:
        bonus |= 1 << SUITS.index(letter)
    _check_bonus((ranks[0], ranks[1], ranks[2], ranks[3]), bonus, where, one_set, defend,
                 may_defend, choice)
    party = Party((ranks[0], ranks[1], ranks[2], ranks[3]), bonus)
    _check_party(party, doc, where, game is not None and game.rolls_last != "a")
    party.attack, party.shield = doc["attack"], doc["shield"]
    party.health, party.money = doc["health"], doc["money"]
    party.bought = [doc["bought"][item] for item in STORE_ITEMS]
    if not store_max_per_roll:
        for item, most in zip(STORE_ITEMS, STORE_MAX, strict=True):
            if doc["bought"][item] > most:
                raise _bad(f"{where}: at most {most} {item} a turn (G111.RULING.STORE-MAX)")
    if doc["discount"] is not None:
        party.discount = (
            _DISCOUNT_ATTRIBUTES.index(doc["discount"]["attribute"]),
            doc["discount"]["points"],
        )
    return party


def _check_bonus(ranks: tuple[int, int, int, int], bonus: int, where: str,
                 one_set: bool = False, defend: str = "a", may_defend: bool = True,
                 choice: str = "a") -> None:
    """G111.PARTY.BONUS: one bonus suit per set of equal cards, and none elsewhere; under
    G111.RULING.TWO-PAIRS (b) one set's only, and under G111.RULING.DEFEND-BONUS (b) or (c)
    none for a defending party (or a short one)."""
    from .cards import bonus_choices

    allowed = set(bonus_choices(ranks, one_set, False, choice))
    if may_defend:
        allowed.update(bonus_choices(ranks, one_set, defend == "b" or defend == "c"
                                     and min(ranks) < 0, choice))
    if bonus not in allowed:
        why = ("G111.PARTY.BONUS" + (", G111.RULING.TWO-PAIRS (b)" if one_set else "")
               + (f", G111.RULING.DEFEND-BONUS ({defend})" if defend != "a" else "")
               + (f", G111.RULING.PARTY-CHOICE ({choice})" if choice != "a" else ""))
        raise _bad(f"{where}: one bonus card per set of equal cards ({why})")


def _check_party(party: Party, doc: Mapping[str, Any], where: str, rolls: bool = False) -> None:
    """The attributes a party's cards, bonus and purchases allow (G111.CARDS.SUITS,
    G111.STORE.ITEMS, G111.DEFEND.DISCOUNT); ``rolls``: the fight's rolls add to its attack
    (G111.RULING.ROLL-PER-STRIKE (b), (c))."""
    extra = {"attack": 0, "money": 0, "health": 0, "shield": 0}
    for item in STORE_ITEMS:
        extra[item] += doc["bought"][item]
    if doc["discount"] is not None:
        if party.size() == 4:
            raise _bad(f"{where}: only a party of fewer than four cards buys at the discount "
                       "(G111.DEFEND.DISCOUNT)")
        extra[doc["discount"]["attribute"]] += doc["discount"]["points"]
    full = {"attack": party.attack, "money": party.money, "health": party.health,
            "shield": party.shield}
    if rolls and doc["attack"] > full["attack"] + extra["attack"]:
        extra["attack"] = doc["attack"] - full["attack"]  # the rolls of the fight so far
    for name in ("attack", "money"):
        if doc[name] != full[name] + extra[name]:
            raise _bad(f"{where}: {name} must be {full[name] + extra[name]} (cards, bonus and "
                       "purchases, G111.CARDS.SUITS)")
    for name in ("health", "shield"):
        if doc[name] > full[name] + extra[name]:
            raise _bad(f"{where}: {name} {doc[name]} is more than the cards, bonus and purchases "
                       f"give ({full[name] + extra[name]}, G111.CARDS.SUITS)")


def state_from_doc(game: OneElevenGame, doc: Mapping[str, Any]) -> OneElevenState:
    """Load a canonical state document, or raise BadState saying what is wrong."""
    from .state import (
        A_DISCARD,
        A_DRAW,
        A_ROLL,
        A_STORE,
        ASKING,
        DRAW_FOR,
        SIDES,
        OneElevenState,
    )

    problem = schema_problem("111", doc)
    if problem is not None:
        raise _bad(problem)
    options = dict(doc["options"])
    if options != written_options(game.options):
        from .state import OneElevenGame as _Game

        game = _Game(options)  # the document's own options (a saved game keeps them)
    state = OneElevenState(game)
    n = state.n
    if len(doc["players"]) != n:
        raise _bad(f"{len(doc['players'])} players listed for a game of {n}")
    state.turn = doc["turn"]
    state.active = doc["active"]
    if not 0 <= state.active < n:
        raise _bad(f"active player {state.active} is not one of 0-{n - 1}")
    seen = [0] * NUM_CARDS
    state.hands = []
    for p, player in enumerate(doc["players"]):
        hand = sorted(_cards(list(player["hand"]), f"players/{p}/hand"))
        state.hands.append(hand)
        state.coins[p] = player["coins"]
        if player["party"] is not None:
            party = _party_from_doc(player["party"], f"players/{p}/party",
                                    game.reads("G111.RULING.STORE-MAX", "a"),
                                    game.one_bonus_set, game.defend_bonus, p != state.active,
                                    game)
            state.parties[p] = party
            for c in party.cards():
                seen[c] += 1
        for c in hand:
            seen[c] += 1
    state.slots = [[], [], []]
    for s, name in enumerate(SLOT_NAMES):
        for boss in doc["bosses"][name]:
            card = _cards([boss["card"]], f"bosses/{name}")[0]
            if (card >> 2) - JACK != s:
                raise _bad(f"{boss['card']} is not a boss of the {name} slot (G111.BOSS.SLOTS)")
            value = RANK_VALUE[card >> 2]
            if boss["shield"] > value or not 0 < boss["health"] <= value:
                raise _bad(f"boss {boss['card']}: shield 0-{value} and health 1-{value} "
                           "(G111.CARDS.BOSSES)")
            # G111.RULING.ROLL-PER-STRIKE (c): a boss's attack holds its rolls so far
            attack = boss.get("attack", value)
            if ("attack" in boss) != (game.rolls_last == "c") or attack < value:
                raise _bad(f"boss {boss['card']}: an attack is written, at least {value}, under "
                           "reading (c) of G111.RULING.ROLL-PER-STRIKE only")
            state.slots[s].append([card, boss["shield"], boss["health"], boss["coins"], attack])
            seen[card] += 1
    state.defeated = sorted(_cards(list(doc["defeated"]), "defeated"))
    if any(not JACK <= c >> 2 <= KING for c in state.defeated):
        raise _bad("only bosses are defeated: the defeated cards are J, Q and K "
                   "(G111.RULING.DEFEATED-BOSS)")
    pile = [0] * NUM_CARDS
    for c in _cards(list(doc["draw_pile"]), "draw_pile"):
        pile[c] += 1
    discards = [0] * NUM_CARDS
    for c in _cards(list(doc["discards"]), "discards"):
        discards[c] += 1
    # G111.RULING.DEFEATED-BOSS (a): a defeated boss is discarded; ``defeated`` records defeats
    if not game.reads("G111.RULING.DEFEATED-BOSS", "a"):
        for c in state.defeated:
            seen[c] += 1
    state.pile, state.pile_size, state.discards = pile, sum(pile), discards
    for c in range(NUM_CARDS):
        total = seen[c] + pile[c] + discards[c]
        if total != state.decks:
            raise _bad(
                f"there are {total} copies of {card_text(c)}; {n} players play with "
                f"{state.decks} deck(s) (G111.SETUP.DECKS)"
            )
    state.issued, state.taken = doc["bank"]["issued"], doc["bank"]["taken"]
    held = sum(state.coins) + sum(b[3] for slot in state.slots for b in slot)
    if held != state.issued - state.taken:
        raise _bad(
            f"players and bosses hold {held} coins but the bank issued {state.issued} and took "
            f"{state.taken} (G111.BANK.UNLIMITED)"
        )
    fight = doc["fight"]
    if fight is not None:
        target = fight["target"]
        if "boss" in target:
            state.target_boss = SLOT_NAMES.index(target["boss"])
            if not state.slots[state.target_boss]:
                raise _bad(f"the fight is against the empty {target['boss']} slot")
            depth = target.get("depth", 1)
            size = len(state.slots[state.target_boss])
            # G111.RULING.WHICH-BOSS: (b) the top boss, (c) the bottom one, (a) the one named
            which = game.readings.get("G111.RULING.WHICH-BOSS", "b")
            if depth > size or depth != {"a": depth, "b": 1, "c": size}[which]:
                raise _bad(f"the fight's boss is {depth} deep in a pile of {size}; under reading "
                           f"({which}) of G111.RULING.WHICH-BOSS it is "
                           + {"a": "the one named", "b": "the top one (depth 1, not written)",
                              "c": "the bottom one"}[which])
            state.target_at = size - depth if depth > 1 else -1
        else:
            state.target_player = target["player"]
            if not 0 <= state.target_player < n or state.target_player == state.active:
                raise _bad("the player attacked is another seat of the table")
        for flag, letter in (("surrender_offered", "a"), ("knocked_out", "c")):
            if flag in fight and not game.reads("G111.RULING.SURRENDER-WHEN", letter):
                raise _bad(f"fight names {flag} under reading ({letter}) of "
                           "G111.RULING.SURRENDER-WHEN only")
        state.surrender_offered = bool(fight.get("surrender_offered", False))
        state.knocked_out = bool(fight.get("knocked_out", False))
    pending = doc["pending"]
    state.asking = ASKING.index(pending["asking"])
    state.who = pending.get("player", -1)
    if state.asking == A_DRAW:
        if pending["for"] not in DRAW_FOR:
            raise _bad(f"a card is drawn for {' / '.join(DRAW_FOR)}, not {pending['for']!r}")
        state.draw_for = DRAW_FOR.index(pending["for"])
    elif state.asking == A_DISCARD and "for" in pending:
        if pending["for"] != "hand limit" or not game.reads("G111.RULING.HAND-SIZE", "b"):
            raise _bad("a discard is for the hand limit, in the middle of a turn, under reading "
                       "(b) of G111.RULING.HAND-SIZE only")
        state.hand_limit = True
    if _placing(state):
        state.required_placed = bool(pending.get("required_placed", False))
    elif "required_placed" in pending:
        raise _bad("pending names required_placed only while the placements of a turn are under "
                   "way under reading (a) of G111.RULING.OPTIONAL-BOSS or (b) of "
                   "G111.RULING.MANDATORY-ORDER")
    if state.asking == A_ROLL:
        state.side = SIDES.index(pending["side"])
    if state.asking == A_STORE:
        state.roll = pending["roll"]
        state.side = 0 if state.who == state.active else 1
    state.winners = list(doc["winners"])
    state.ended_by = doc["ended_by"] or ""
    if state.ended_by == "empty pile" and not state.game.reads("G111.RULING.EMPTY-PILE", "c"):
        raise _bad("ended_by 'empty pile' is an end of the game only under reading (c) of "
                   "G111.RULING.EMPTY-PILE")
    _check_pending(state)
    return state


def _check_pending(state: OneElevenState) -> None:
    from .state import (
        A_COINS,
        A_DEFEND,
        A_DISCOUNT,
        A_DRAW,
        A_OVER,
        A_PARTY,
        A_PLACE,
        A_ROLL,
        A_STORE,
        A_SURRENDER,
        A_TARGET,
    )

    asking = state.asking
    fighting = asking in (A_ROLL, A_STORE, A_SURRENDER, A_DEFEND, A_DISCOUNT)
    if fighting and state.target_boss < 0 and state.target_player < 0:
        raise _bad(f"asking {asking_doc(state)['asking']!r} needs a fight")
    if asking == A_TARGET and (state.target_player >= 0 or state.target_boss >= 0
                               and state.game.same_boss == "a"):
        raise _bad("the target is asked again in the middle of a boss fight only, under reading "
                   "(b) or (c) of G111.RULING.SAME-BOSS")
    if asking in (A_ROLL, A_STORE, A_SURRENDER, A_TARGET) and state.parties[state.active] is None:
        raise _bad("the active player has no party to fight with")
    if asking in (A_ROLL, A_STORE, A_SURRENDER, A_DISCOUNT) and state.target_player >= 0 and (
        state.parties[state.target_player] is None
    ):
        raise _bad("the player attacked has no defending party")
    if asking not in (A_ROLL, A_OVER) and not 0 <= state.who < state.n:
        raise _bad("the pending decision names no player of the table")
    if asking == A_DRAW and not state.pile_size:
        raise _bad("a draw is pending but the draw pile is empty (G111.RULING.EMPTY-PILE)")
    if asking == A_DRAW and state.draw_for == 0 and any(len(h) > HAND for h in state.hands):
        raise _bad(f"the deal gives {HAND} cards each: no hand holds more while it goes on "
                   "(G111.SETUP.DEAL)")
    if asking in (A_PLACE, A_PARTY, A_COINS, A_TARGET) and state.who != state.active:
        raise _bad(f"{asking_doc(state)['asking']!r} is asked of the active player "
                   f"({state.active}) only, not of player {state.who} (G111.BOSS.PLACE, "
                   "G111.PARTY.FORM, G111.COINS.BUY, G111.ATTACK.TARGET)")
    if asking in (A_DEFEND, A_DISCOUNT) and state.who != state.target_player:
        raise _bad(f"{asking_doc(state)['asking']!r} is asked of the player attacked only "
                   "(G111.DEFEND.PARTY)")
    if asking in (A_STORE, A_SURRENDER) and state.who not in (
            state.active, state.target_player):
        raise _bad(f"{asking_doc(state)['asking']!r} is asked of a side of the fight only "
                   "(G111.FIGHT.SURRENDER)")
    if asking == A_OVER and not state.winners:
        raise _bad("a finished game names its winners")
    if asking != A_OVER and state.winners:
        raise _bad("winners are named only when the game is over")
    try:
        check_playable(state, "G111.TURN.ORDER")  # a decision is asked only if it has answers
    except BadState as exc:
        raise _bad(str(exc)) from None
