"""Why an action is refused: the rule cited, checked in the order of the rulebook's "Rule
precedence" list (G111.PRECEDENCE).  This is the slow path; it runs only on a refusal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.api import Action
from ...core.errors import IllegalAction
from .cards import (
    ACE,
    ATTACK_BOSS,
    ATTACK_DEEP,
    ATTACK_PLAYER,
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
    ROLL,
    SLOT_NAMES,
    STORE_COST,
    STORE_ITEMS,
    STORE_MAX,
    SUITS,
    SURRENDER,
    bonus_groups,
    card_text,
    fixed_bonus_suit,
    party_decode,
)

if TYPE_CHECKING:
    from .state import OneElevenState

# The kind of decision each action answers (G111.STATE.ASKING).
_KINDS = (
    ("draw", 0, NUM_CARDS),
    ("roll", ROLL + 1, ROLL + 7),
    ("place", PLACE, PLACE + NUM_CARDS),
    ("place", KEEP, KEEP + 1),
    ("coins", COINS_ACE, COINS_ACE + 1),
    ("coins", COINS_PAIR, COINS_PAIR + 6),
    ("coins", END_TURN, END_TURN + 1),
    ("target", ATTACK_BOSS, ATTACK_PLAYER + MAX_SEATS),
    ("target", ATTACK_DEEP, ATTACK_DEEP + 48),
    ("store", BUY, BUY_NOTHING + 1),
    ("store", BUY_MANY, BUY_MANY + 30),
    ("discount", DISCOUNT, DISCOUNT_NONE + 1),
    ("surrender", SURRENDER, FIGHT_ON + 1),
    ("discard", DISCARD, DISCARD + NUM_CARDS),
    ("party", PARTY, PARTY + (1 << 20)),
    ("defend", DEFEND, DEFEND + (1 << 20)),
)


def kind_of(action: Action) -> str:
    for kind, low, high in _KINDS:
        if low <= action < high:
            return kind
    return ""


def explain(state: OneElevenState, action: Action) -> IllegalAction:
    from .notation import action_text, asking_doc

    try:
        text = action_text(action)
    except IllegalAction as exc:
        return exc
    if state.is_terminal():
        return IllegalAction("G111.WIN.COINS", f"{text}: the game is over", text)
    asked = asking_doc(state)["asking"]
    kind = kind_of(action)
    if kind != asked:
        return IllegalAction(
            "G111.STATE.ASKING", f"{text}: the game asks for {_ASKED[asked]}, not this", text
        )
    return _CHECKS[kind](state, action, text)


_ASKED = {
    "draw": "a card to be drawn (chance)",
    "roll": "a die roll (chance)",
    "place": "a boss placement or keep",
    "party": "the attacking party",
    "coins": "a coin purchase or end turn",
    "target": "the target of the attack",
    "defend": "the defending party",
    "discount": "the defender's discount purchase",
    "store": "a store purchase",
    "surrender": "surrender or fight on",
    "discard": "a discard",
}


def _draw(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    return IllegalAction("G111.CHANCE.DRAW", f"{text}: no {card_text(action)} is in the draw pile",
                         text)


def _place(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    hand = state.hands[state.who]
    if action == KEEP:
        return IllegalAction(
            "G111.BOSS.MANDATORY",
            "keep: a face card whose slot is empty must be placed first", text
        )
    card = action - PLACE
    if card not in hand:
        return IllegalAction("G111.BOSS.PLACE", f"{text}: {card_text(card)} is not in the hand",
                             text)
    missing = any(JACK <= c >> 2 <= KING and not state.slots[(c >> 2) - JACK] for c in hand)
    if not missing and state.game.reads("G111.RULING.OPTIONAL-BOSS", "a"):
        return IllegalAction(
            "G111.RULING.OPTIONAL-BOSS", f"{text}: under reading (a) of G111.RULING.OPTIONAL-BOSS "
            "more bosses are placed only after a required placement this turn", text)
    return IllegalAction(
        "G111.BOSS.MANDATORY",
        f"{text}: a face card whose slot is empty must be placed first", text
    )


def _party(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    complete = action < DEFEND
    ranks, bonus = party_decode(action - (PARTY if complete else DEFEND))
    hand = state.hands[state.who]
    for suit, rank in enumerate(ranks):
        if rank >= 0 and rank * 4 + suit not in hand:
            return IllegalAction(
                "G111.PARTY.FROM-HAND", f"{text}: {card_text(rank * 4 + suit)} is not in the hand",
                text,
            )
    if any(JACK <= rank <= KING for rank in ranks) and not state.game.face_party:
        return IllegalAction("G111.RULING.FACE-PARTY",
                             f"{text}: a face card is a boss, never a party member", text)
    if complete and min(ranks) < 0:
        return IllegalAction("G111.PARTY.FORM", f"{text}: a party is four cards, one of each suit",
                             text)
    choice = state.game.party_choice
    if choice == "d":  # G111.RULING.PARTY-CHOICE (d): the highest card of each suit
        for suit, rank in enumerate(ranks):
            best = max((c >> 2 for c in hand if c & 3 == suit and (
                c >> 2 < JACK or c >> 2 == ACE or state.game.face_party)),
                key=RANK_VALUE.__getitem__, default=-1)
            if rank >= 0 and RANK_VALUE[rank] < RANK_VALUE[best]:
                return IllegalAction(
                    "G111.RULING.PARTY-CHOICE", f"{text}: under reading (d) of "
                    f"G111.RULING.PARTY-CHOICE a party takes the highest card of each suit "
                    f"({card_text(best * 4 + suit)}, not {card_text(rank * 4 + suit)})", text)
    if not complete:
        for suit, rank in enumerate(ranks):
            held = any(c & 3 == suit and (c >> 2 < JACK or c >> 2 == ACE
                                          or state.game.face_party)  # G111.RULING.FACE-PARTY
                       for c in hand)
            if rank < 0 and held:
                return IllegalAction(
                    "G111.DEFEND.PARTY",
                    f"{text}: the defending party takes a card of every suit held", text
                )
    groups = bonus_groups(ranks)
    if bonus not in state.bonuses(ranks, complete):
        game = state.game
        choice = game.party_choice
        if not complete and groups and (game.defend_bonus == "b" or game.defend_bonus == "c"
                                        and min(ranks) < 0):
            return IllegalAction(  # G111.RULING.DEFEND-BONUS (b), (c)
                "G111.RULING.DEFEND-BONUS",
                f"{text}: under reading ({game.defend_bonus}) of G111.RULING.DEFEND-BONUS a "
                + ("defending party has no bonus" if game.defend_bonus == "b"
                   else "defending party short of four cards has no bonus"), text)
        fixed = [fixed_bonus_suit(group, choice) for group in groups] if choice != "a" else []
        if any(bonus >> suit & 1 and not any(suit in g for g in groups) for suit in range(4)):
            fixed = []  # a bonus on a card of no set: G111.PARTY.BONUS
        if fixed and any(bonus >> s & 1 for g in groups for s in g if s not in fixed):
            return IllegalAction(  # G111.RULING.PARTY-CHOICE (b), (c), (d)
                "G111.RULING.PARTY-CHOICE",
                f"{text}: under reading ({choice}) of G111.RULING.PARTY-CHOICE the bonus of a "
                "set goes to " + ("its club if it has one, else " if choice == "c" else "")
                + "its card of the highest suit (spades, hearts, diamonds, clubs): +"
                + " +".join(SUITS[s] for s in fixed), text)
        if len(groups) > 1 and game.one_bonus_set:
            return IllegalAction(  # G111.RULING.TWO-PAIRS (b)
                "G111.RULING.TWO-PAIRS",
                f"{text}: under reading (b) of G111.RULING.TWO-PAIRS only one set of equal "
                "cards gets its bonus, on one of its cards (+suit)", text)
        return IllegalAction(
            "G111.PARTY.BONUS",
            f"{text}: each set of equal cards gets its bonus on exactly one of its cards (+suit)",
            text,
        )
    return IllegalAction("G111.PARTY.FORM", f"{text} is not legal here", text)


def _coins(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    if state.game.reads("G111.RULING.NO-PARTY-COINS", "a"):
        return IllegalAction("G111.RULING.NO-PARTY-COINS", f"{text}: under reading (a) of "
                             "G111.RULING.NO-PARTY-COINS no coins are bought with diamonds", text)
    held = {c >> 2 for c in state.hands[state.who] if c & 3 == DIAMONDS}
    wanted = {ACE} if action == COINS_ACE else {action - COINS_PAIR - 2, 9 - action + COINS_PAIR}
    # G111.RULING.TWO-DIAMONDS (a), (c): the diamonds are held, and so are others
    if state.game.two_diamonds != "b" and wanted <= held:
        return IllegalAction(
            "G111.RULING.TWO-DIAMONDS",
            f"{text}: under reading ({state.game.two_diamonds}) of G111.RULING.TWO-DIAMONDS the "
            "hand may hold no other diamond", text)
    return IllegalAction("G111.COINS.BUY", f"{text}: those diamonds are not in the hand", text)


def _target(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    if action >= ATTACK_DEEP:
        slot, depth = divmod(action - ATTACK_DEEP, 16)
        if not state.game.reads("G111.RULING.WHICH-BOSS", "a"):
            return IllegalAction(
                "G111.RULING.WHICH-BOSS", f"{text}: only the boss on top of a pile is attacked "
                "(\"attack " + SLOT_NAMES[slot] + "\")", text)
        return IllegalAction(
            "G111.ATTACK.TARGET", f"{text}: the {SLOT_NAMES[slot]} pile holds "
            f"{len(state.slots[slot])} boss(es), not {depth}", text)
    if action >= ATTACK_PLAYER and state.target_boss >= 0:
        return IllegalAction(
            "G111.RULING.SAME-BOSS", f"{text}: in the middle of a boss fight only another boss "
            "may be named", text)
    if action < ATTACK_PLAYER:
        return IllegalAction(
            "G111.ATTACK.TARGET",
            f"{text}: no boss is in the {SLOT_NAMES[action - ATTACK_BOSS]} slot", text
        )
    target = action - ATTACK_PLAYER
    if 0 <= target < state.n and target != state.who and not state._attackable(target):
        return IllegalAction(
            "G111.RULING.DEFENDER-EMPTY", f"{text}: under reading (a) of "
            "G111.RULING.DEFENDER-EMPTY a player holding no number card cannot be attacked", text)
    return IllegalAction(
        "G111.ATTACK.TARGET", f"{text}: the target is another player of the table", text
    )


def _store(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    item, units = action - BUY, 1
    if action >= BUY_MANY:
        item, units = divmod(action - BUY_MANY, 10)
        if not state.game.reads("G111.RULING.ONE-PER-ROLL", "b"):
            return IllegalAction("G111.STORE.ONE-PER-ROLL",
                                 f"{text}: one unit of one item after each roll", text)
    if not 0 <= item < 3:
        return IllegalAction("G111.NOTATION.ACTIONS", f"{text} is no store item", text)
    party = state.parties[state.who]
    if party is not None and units > 1 and state._room(party, item) < units:
        return IllegalAction(
            "G111.RULING.STORE-MAX",
            f"{text}: at most {STORE_MAX[item]} {STORE_ITEMS[item]} a turn", text)
    if party is not None and not state._under_max(party, item):
        return IllegalAction(
            "G111.RULING.STORE-MAX",
            f"{text}: at most {STORE_MAX[item]} {STORE_ITEMS[item]} a turn", text
        )
    return IllegalAction(
        "G111.STORE.COST",
        f"{text}: it costs {STORE_COST[item] * units} coins; the player has "
        f"{state.coins[state.who]}", text
    )


def _discount(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    attribute, points = divmod(action - DISCOUNT, 10)
    if points <= state.coins[state.who] and (
            state.game.reads("G111.RULING.DISCOUNT", "b")
            or state.game.reads("G111.RULING.DISCOUNT", "c")):
        letter = "b" if state.game.reads("G111.RULING.DISCOUNT", "b") else "c"
        why = ("no money is bought at the discount" if letter == "b" else
               "the discount's points count toward the store's maxima (1 attack, 2 shield, "
               "5 health)")
        return IllegalAction("G111.RULING.DISCOUNT",
                             f"{text}: under reading ({letter}) of G111.RULING.DISCOUNT {why}",
                             text)
    return IllegalAction(
        "G111.DEFEND.DISCOUNT",
        f"{text}: one coin a point; the player has {state.coins[state.who]}", text
    )


def _discard(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    if len(state.hands[state.who]) <= HAND:
        return IllegalAction("G111.END.REFILL", f"{text}: the hand is not over five", text)
    return IllegalAction("G111.END.REFILL", f"{text}: that card is not in the hand", text)


def _roll(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    return IllegalAction("G111.FIGHT.ROLL", f"{text}: a D6 shows 1 to 6", text)


def _surrender(state: OneElevenState, action: Action, text: str) -> IllegalAction:
    return IllegalAction("G111.FIGHT.SURRENDER", f"{text} is not legal here", text)


_CHECKS = {
    "draw": _draw,
    "roll": _roll,
    "place": _place,
    "party": _party,
    "defend": _party,
    "coins": _coins,
    "target": _target,
    "store": _store,
    "discount": _discount,
    "surrender": _surrender,
    "discard": _discard,
}
