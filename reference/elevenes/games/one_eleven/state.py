"""111, The Game: the game and its state machine (rule prefix G111).

Read top to bottom: the game, then the state: what is being asked, the legal actions, how
each action changes the position (one short method per rule, its id beside it), the fights,
the end of a turn, the refusals (slow path) and the results.  Text in and out (actions and
canonical JSON) is in notation.py.

Every draw and every die roll is a chance action (``draw QH``, ``roll 4``).  The draw pile is
kept as a multiset: its order is not part of the position, and a draw is any card still in
it, weighted by how many copies it holds (G111.CHANCE.DRAW).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import product
from typing import Any

from ...core.api import CHANCE, TERMINAL, Action, Game, Json, OptionSpec, State
from ...core.errors import BadOption, IllegalAction
from ...core.readings import CONSULTING, consult, game_specs, in_force
from .cards import (
    ACE,
    ATTACK_BOSS,
    ATTACK_DEEP,
    ATTACK_PLAYER,
    BAIL_OUT,
    BOSS_BONUS,
    BOSS_VALUE,
    BUY,
    BUY_MANY,
    BUY_NOTHING,
    CLUBS,
    COINS_ACE,
    COINS_PAIR,
    DEFEND,
    DIAMONDS,
    DISCARD,
    DISCOUNT,
    DISCOUNT_MAX,
    DISCOUNT_NONE,
    END_TURN,
    EXACT_BONUS,
    FIGHT_ON,
    HAND,
    HEARTS,
    JACK,
    KEEP,
    KING,
    MAX_SEATS,
    NUM_CARDS,
    PARTY,
    PLACE,
    RANK_VALUE,
    ROLL,
    SPADES,
    START_COINS,
    STORE_COST,
    STORE_MAX,
    SURRENDER,
    WIN_COINS,
    bonus_choices,
    bonus_groups,
    decks_for,
    party_code,
    party_decode,
)

GAME_ID = "111"

# What is being asked (G111.STATE.ASKING); the chance ones are DRAW and ROLL.
A_DRAW, A_PLACE, A_PARTY, A_COINS, A_TARGET, A_DEFEND, A_DISCOUNT = range(7)
A_ROLL, A_STORE, A_SURRENDER, A_DISCARD, A_OVER = range(7, 12)
ASKING = (
    "draw", "place", "party", "coins", "target", "defend", "discount",
    "roll", "store", "surrender", "discard", "over",
)
DRAW_FOR = ("deal", "turn", "boss", "refill")
SIDES = ("attacker", "target")


class Party:
    """A party in front of a player: its cards (one rank or none per suit), the bonus suits,
    its current attributes and what it bought this turn."""

    __slots__ = ("ranks", "bonus", "attack", "shield", "health", "money", "bought", "discount")

    def __init__(self, ranks: tuple[int, int, int, int], bonus: int) -> None:
        self.ranks = ranks
        self.bonus = bonus
        values = [0, 0, 0, 0]
        groups = {s: len(g) for g in bonus_groups(ranks) for s in g}
        for suit, rank in enumerate(ranks):
            if rank >= 0:
                values[suit] = RANK_VALUE[rank] + (groups[suit] if bonus >> suit & 1 else 0)
        self.attack = values[CLUBS]  # G111.CARDS.SUITS
        self.money = values[DIAMONDS]
        self.health = values[HEARTS]
        self.shield = values[SPADES]
        self.bought = [0, 0, 0]  # attack, shield, health bought at the store this turn
        self.discount: tuple[int, int] | None = None  # (attribute index, points)

    def cards(self) -> list[int]:
        return [rank * 4 + suit for suit, rank in enumerate(self.ranks) if rank >= 0]

    def size(self) -> int:
        return sum(1 for rank in self.ranks if rank >= 0)

    def copy(self) -> Party:
        other = Party.__new__(Party)
        other.ranks = self.ranks
        other.bonus = self.bonus
        other.attack = self.attack
        other.shield = self.shield
        other.health = self.health
        other.money = self.money
        other.bought = list(self.bought)
        other.discount = self.discount
        return other


# The readings this game plays besides the decided ones (core/readings.py), each read at its
# rule site; a ruling's other playable readings are not options yet.
PROCEDURE_READINGS = frozenset({
    ("G111.RULING.EXACT-KILL", "b"), ("G111.RULING.BOSS-DAMAGE", "b"),
    ("G111.RULING.TWO-DIAMONDS", "a"), ("G111.RULING.TWO-DIAMONDS", "c"),
    ("G111.RULING.DECK-COUNT", "b"), ("G111.RULING.DECK-COUNT", "d"),
    ("G111.RULING.DEFEATED-PARTY", "b"),
    ("G111.RULING.PVP-PARTIES", "b"), ("G111.RULING.PVP-PARTIES", "c"),
    ("G111.RULING.NO-HEALTH", "a"), ("G111.RULING.NO-HEALTH", "b"),
    ("G111.RULING.SHIELD-LEFT", "a"), ("G111.RULING.SHIELD-LEFT", "c"),
    ("G111.RULING.KNOCK-OUT", "a"),
    ("G111.RULING.STORE-MAX", "a"),
    ("G111.RULING.NO-PARTY-COINS", "a"),
    ("G111.RULING.SURRENDER-PAY", "b"), ("G111.RULING.SURRENDER-PAY", "c"),
    ("G111.RULING.DEFENDER-EMPTY", "a"),
    ("G111.RULING.DISCOUNT", "b"), ("G111.RULING.DISCOUNT", "c"),
    ("G111.RULING.BAIL-OUT", "a"),
    ("G111.RULING.LAST-OF-KIND", "a"), ("G111.RULING.LAST-OF-KIND", "c"),
    ("G111.RULING.SEVERAL-WINNERS", "a"),
    ("G111.RULING.TURN-LIMIT", "a"),
    ("G111.RULING.EMPTY-PILE", "b"), ("G111.RULING.EMPTY-PILE", "c"),
    ("G111.RULING.REFILL-ORDER", "b"),
    ("G111.RULING.TWO-PAIRS", "b"), ("G111.RULING.DEFEND-BONUS", "b"),
    ("G111.RULING.DEFEND-BONUS", "c"),
    ("G111.RULING.OPTIONAL-BOSS", "a"), ("G111.RULING.MANDATORY-ORDER", "b"),
    ("G111.RULING.WHICH-BOSS", "a"), ("G111.RULING.WHICH-BOSS", "c"),
    ("G111.RULING.SAME-BOSS", "b"), ("G111.RULING.SAME-BOSS", "c"),
    ("G111.RULING.SURRENDER-WHEN", "a"), ("G111.RULING.SURRENDER-WHEN", "c"),
    ("G111.RULING.SURRENDER-WHEN", "d"),
    ("G111.RULING.ROLL-PER-STRIKE", "b"), ("G111.RULING.ROLL-PER-STRIKE", "c"),
    ("G111.RULING.PARTY-CHOICE", "b"), ("G111.RULING.PARTY-CHOICE", "c"),
    ("G111.RULING.PARTY-CHOICE", "d"),
    ("G111.RULING.ONE-PER-ROLL", "b"), ("G111.RULING.DEFEATED-BOSS", "a"),
    ("G111.RULING.HAND-SIZE", "b"), ("G111.RULING.FACE-PARTY", "a"),
    ("G111.RULING.PLAYER-COUNT", "b"),
})


class OneElevenGame(Game):
    """111 for 2-6 players."""

    id = GAME_ID
    option_specs: tuple[OptionSpec, ...] = (
        OptionSpec("players", 2, kind=int, low=2, high=6, doc="number of players",
                   rule="G111.SETUP.PLAYERS"),
        OptionSpec("turn_limit", 1000, kind=int, low=1, high=100_000,
                   doc="turns after which the richest player wins", rule="G111.RULING.TURN-LIMIT"),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        base = OneElevenGame.option_specs
        if options and str(options.get("reading.G111.RULING.PLAYER-COUNT", "")) == "b":
            # G111.RULING.PLAYER-COUNT (b): any number from 2 (MAX_SEATS, the engine's bound)
            base = (OptionSpec("players", 2, kind=int, low=2, high=MAX_SEATS,
                               doc="number of players", rule="G111.RULING.PLAYER-COUNT"),
                    *base[1:])
        self.option_specs = game_specs(self.id, base, options, PROCEDURE_READINGS)
        super().__init__(options)
        self.readings = in_force(self.options)
        # G111.RULING.EXACT-KILL (b): the points past the shield meet the health
        self.exact_past_shield = self.readings.get("G111.RULING.EXACT-KILL") == "b"
        # G111.RULING.BOSS-DAMAGE (b): a surviving boss is whole again at the end of the turn
        self.boss_heals = self.readings.get("G111.RULING.BOSS-DAMAGE") == "b"
        # G111.RULING.TWO-PAIRS (b): a party with several sets of equal cards has one bonus
        self.one_bonus_set = self.readings.get("G111.RULING.TWO-PAIRS") == "b"
        # G111.RULING.DEFEND-BONUS (b): a defending party has no bonus; (c) only when complete
        self.defend_bonus = self.readings.get("G111.RULING.DEFEND-BONUS", "a")
        # G111.RULING.REFILL-ORDER (b): the refill's discards are drawn at random from the hand
        self.random_discards = self.readings.get("G111.RULING.REFILL-ORDER") == "b"
        # G111.RULING.TWO-DIAMONDS (a) or (c): the pair, or (a) also the ace, describes the hand
        self.two_diamonds = self.readings.get("G111.RULING.TWO-DIAMONDS", "b")
        # G111.RULING.PARTY-CHOICE (b), (c): the bonus card is fixed; (d) the cards are too
        self.party_choice = self.readings.get("G111.RULING.PARTY-CHOICE", "a")
        # G111.RULING.FACE-PARTY (a): a face card may join a party, worth J 10, Q 12, K 14
        self.face_party = self.reads("G111.RULING.FACE-PARTY", "a")
        # G111.RULING.ROLL-PER-STRIKE (b): a roll stays in the party's attack for the fight;
        # (c) a boss's rolls stay in its attack too, from fight to fight
        self.rolls_last = self.readings.get("G111.RULING.ROLL-PER-STRIKE", "a")
        # G111.RULING.SAME-BOSS (b): every return to step 3 may name another boss; (c) only the
        # knock-out's extra attack
        self.same_boss = self.readings.get("G111.RULING.SAME-BOSS", "a")
        # G111.RULING.DECK-COUNT (d): the game is for an even number of players
        if self.reads("G111.RULING.DECK-COUNT", "d") and self.num_players() % 2:
            raise BadOption(f"under reading (d) of G111.RULING.DECK-COUNT the game is for 2, 4 or "
                            f"6 players, not {self.num_players()}")

    def reads(self, ruling_id: str, letter: str) -> bool:
        """Whether reading ``letter`` of ``ruling_id`` is in force (each read at its rule site,
        the ruling id beside it)."""
        return self.readings.get(ruling_id) == letter

    def num_players(self) -> int:
        return int(self.options["players"])

    def new_initial_state(self) -> OneElevenState:
        return OneElevenState(self)

    def state_from_json(self, doc: Mapping[str, Any]) -> OneElevenState:
        from .notation import state_from_doc

        return state_from_doc(self, doc)


class OneElevenState(State):
    """One position of 111."""

    game: OneElevenGame
    notation_rule = "G111.NOTATION.ACTIONS"

    def __init__(self, game: OneElevenGame) -> None:
        self.game = game
        self.history: list[Action] = []
        n = self.n = game.num_players()
        self.decks = decks_for(n)
        if game.reads("G111.RULING.DECK-COUNT", "b"):  # G111.RULING.DECK-COUNT (b): rounded down
            self.decks = max(1, n // 2)
        self.turn_limit = int(game.options["turn_limit"])
        self.pile = [self.decks] * NUM_CARDS  # G111.SETUP.DECKS: the draw pile, card -> copies
        self.pile_size = NUM_CARDS * self.decks
        self.discards = [0] * NUM_CARDS
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.parties: list[Party | None] = [None] * n
        self.slots: list[list[list[int]]] = [[], [], []]  # bosses: [card, shield, health, coins]
        self.defeated: list[int] = []
        self.coins = [START_COINS] * n  # G111.SETUP.COINS
        self.issued = START_COINS * n
        self.taken = 0
        self.turn = 0
        self.active = 0  # G111.SETUP.FIRST
        self.asking = A_DRAW
        self.who = 0  # the player asked, or who receives a draw
        self.draw_for = 0
        self.side = 0  # in a fight: who strikes (0 the active player, 1 the target)
        self.roll = 0  # the die of the strike being made (store decision)
        self.target_boss = -1  # the slot attacked, or -1
        # the boss attacked in that slot, an index of its pile: -1 the top (G111.RULING.WHICH-BOSS
        # (b)), 0 the bottom under (c), any under (a)
        self.target_at = -1
        # in this fight, surrender has been offered / the side that may surrender was knocked
        # out: read under readings (a) and (c) of G111.RULING.SURRENDER-WHEN
        self.surrender_offered = False
        self.knocked_out = False
        self.struck = 0  # the sides that have struck in this fight (bits; consultations only)
        # the discard asked is the hand limit's, in the middle of a turn (G111.RULING.HAND-SIZE
        # (b)), not the refill's
        self.hand_limit = False
        self.target_player = -1  # the player attacked, or -1
        self.winners: list[int] = []
        self.ended_by = ""  # "coins", "turn limit" or "empty pile" (G111.RULING.EMPTY-PILE (c))
        # this turn has made a required placement (G111.BOSS.MANDATORY): read under reading (a)
        # of G111.RULING.OPTIONAL-BOSS and (b) of G111.RULING.MANDATORY-ORDER
        self.required_placed = False

    # -- whose turn ----------------------------------------------------------------------------
    def current_player(self) -> int:
        asking = self.asking
        if asking in (A_DRAW, A_ROLL) or (asking == A_DISCARD and self.game.random_discards
                                          and not self.hand_limit):
            return CHANCE
        if asking == A_OVER:
            return TERMINAL
        return self.who

    def is_chance_node(self) -> bool:
        asking = self.asking
        return asking == A_DRAW or asking == A_ROLL or (
            asking == A_DISCARD and self.game.random_discards  # G111.RULING.REFILL-ORDER (b)
            and not self.hand_limit)

    def is_terminal(self) -> bool:
        return self.asking == A_OVER

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        asking = self.asking
        if asking == A_DRAW:
            pile = self.pile
            return [c for c in range(NUM_CARDS) if pile[c]]
        if asking == A_ROLL:
            return [ROLL + 1, ROLL + 2, ROLL + 3, ROLL + 4, ROLL + 5, ROLL + 6]
        if asking == A_PLACE:
            return self._placements()
        if asking == A_PARTY:
            return self._parties(self.hands[self.who], PARTY, True)
        if asking == A_COINS:
            return [*self._coin_buys(), END_TURN]
        if asking == A_TARGET:
            return self._targets()
        if asking == A_DEFEND:
            return self._parties(self.hands[self.who], DEFEND, False)
        if asking == A_DISCOUNT:
            return self._discounts()
        if asking == A_STORE:
            return self._store()
        if asking == A_SURRENDER:
            return [SURRENDER, FIGHT_ON]
        if asking == A_DISCARD:
            return sorted({DISCARD + c for c in self.hands[self.who]})
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.asking == A_DRAW:
            size = self.pile_size
            return [(c, k / size) for c, k in enumerate(self.pile) if k]
        if self.asking == A_ROLL:
            return [(ROLL + d, 1 / 6) for d in range(1, 7)]
        if self.asking == A_DISCARD and self.game.random_discards and not self.hand_limit:
            # G111.RULING.REFILL-ORDER (b): a card of the hand at random, each copy alike
            hand = self.hands[self.who]
            return [(DISCARD + c, hand.count(c) / len(hand)) for c in sorted(set(hand))]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """As ``State.sample_chance`` (the same ``rng.random()`` against the same running
        total gives the same action), without building the list of outcomes."""
        asking = self.asking
        if asking != A_DRAW and asking != A_ROLL:
            return super().sample_chance(rng)
        roll = rng.random()
        total = 0.0
        if asking == A_ROLL:
            for die in range(1, 7):
                total += 1 / 6
                if roll < total:
                    return ROLL + die
            return ROLL + 6
        size = self.pile_size
        last = 0
        for card, copies in enumerate(self.pile):
            if copies:
                total += copies / size
                last = card
                if roll < total:
                    return card
        return last

    def _placements(self) -> list[Action]:
        """G111.BOSS.MANDATORY: a face card whose slot is empty must be placed first;
        otherwise G111.BOSS.OPTIONAL: any face card may be placed, or the rest kept, whether or
        not a placement was required earlier in the turn (G111.RULING.OPTIONAL-BOSS)."""
        faces = sorted({c for c in self.hands[self.who] if JACK <= c >> 2 <= KING})
        must = [PLACE + c for c in faces if not self.slots[(c >> 2) - JACK]]  # G111.BOSS.MANDATORY
        game = self.game
        if must and self.required_placed:
            consult("G111.RULING.MANDATORY-ORDER")  # a second kind missing in one turn
        elif not must and faces and not self.required_placed:
            consult("G111.RULING.OPTIONAL-BOSS")  # a placement by choice, none required first
        # G111.RULING.MANDATORY-ORDER (b): one required placement a turn
        if must and not (self.required_placed and game.reads("G111.RULING.MANDATORY-ORDER", "b")):
            return must
        # G111.RULING.OPTIONAL-BOSS (a): more bosses only after a required placement this turn
        if not self.required_placed and game.reads("G111.RULING.OPTIONAL-BOSS", "a"):
            return [KEEP]
        return [PLACE + c for c in faces] + [KEEP]

    def _parties(self, hand: list[int], base: int, complete: bool) -> list[Action]:
        """Every party the hand can make: one card of each suit (G111.PARTY.FORM; face cards
        are never members, G111.RULING.FACE-PARTY), with each choice of bonus card
        (G111.PARTY.BONUS).  A defending party takes a card of every suit held
        (G111.DEFEND.PARTY)."""
        options: list[list[int]] = [[], [], [], []]
        game = self.game
        if CONSULTING.on and any(JACK <= c >> 2 <= KING for c in hand):
            consult("G111.RULING.FACE-PARTY")  # a face card held when a party is formed
        for c in hand:
            rank = c >> 2
            # G111.RULING.FACE-PARTY (a): a face card may be a member too
            if rank < JACK or rank == ACE or game.face_party:
                suit_options = options[c & 3]
                if rank not in suit_options:
                    suit_options.append(rank)
        if any(len(ranks) > 1 for ranks in options):
            consult("G111.RULING.PARTY-CHOICE")  # several cards of a suit to choose from
        if game.party_choice == "d":  # G111.RULING.PARTY-CHOICE (d): the highest of each suit
            options = [[max(ranks, key=RANK_VALUE.__getitem__)] if ranks else []
                       for ranks in options]
        for suit in range(4):
            if not options[suit]:
                if complete:
                    return []
                options[suit].append(-1)
        found = []
        for ranks in product(*options):
            key = (ranks[0], ranks[1], ranks[2], ranks[3])
            for bonus in self.bonuses(key, complete):
                found.append(base + party_code(key, bonus))
        found.sort()
        return found

    def bonuses(self, ranks: tuple[int, int, int, int], complete: bool) -> list[int]:
        """G111.PARTY.BONUS: the bonus masks a party of these cards may carry (``complete``:
        an attacking party, else a defending one), under the readings in force."""
        game = self.game
        if CONSULTING.on:
            groups = bonus_groups(ranks)
            if len(groups) > 1:
                consult("G111.RULING.TWO-PAIRS")  # several sets of equal cards
            if groups and not complete:
                consult("G111.RULING.DEFEND-BONUS")  # a defending party with a set
            if groups:
                consult("G111.RULING.PARTY-CHOICE")  # which card of a set gets the bonus
        # G111.RULING.DEFEND-BONUS (b): none for a defending party; (c) unless it is complete
        none = not complete and (game.defend_bonus == "b" or game.defend_bonus == "c"
                                 and min(ranks) < 0)
        # G111.RULING.TWO-PAIRS (b): one set's bonus only; G111.RULING.PARTY-CHOICE (b), (c),
        # (d): the card of each set that gets it is fixed
        return bonus_choices(ranks, game.one_bonus_set, none, game.party_choice)

    def _targets(self) -> list[Action]:
        """G111.ATTACK.TARGET: a boss slot (its top boss, G111.RULING.WHICH-BOSS; under (a) any
        boss of the pile, ``attack J 2`` the second from the top) or another player; asked again
        in the middle of a fight (G111.RULING.SAME-BOSS (b), (c)), the bosses only."""
        deep = self.game.reads("G111.RULING.WHICH-BOSS", "a")
        found = []
        for s in range(3):
            size = len(self.slots[s])
            if size:
                found.append(ATTACK_BOSS + s)
                if deep:  # G111.RULING.WHICH-BOSS (a): a boss under the top may be named
                    found.extend(ATTACK_DEEP + 16 * s + d for d in range(2, size + 1))
        if self.target_boss < 0:
            found += [ATTACK_PLAYER + p for p in range(self.n)
                      if p != self.who and self._attackable(p)]
        found.sort()
        return found

    def _attackable(self, player: int) -> bool:
        """G111.RULING.DEFENDER-EMPTY (a): a player holding no number card cannot be attacked."""
        faces = self.game.face_party  # G111.RULING.FACE-PARTY (a): a face card defends too
        held = any(c >> 2 < JACK or c >> 2 == ACE or faces for c in self.hands[player])
        if not held:
            consult("G111.RULING.DEFENDER-EMPTY")  # a player with no number card to defend
        return held or not self.game.reads("G111.RULING.DEFENDER-EMPTY", "a")

    def _under_max(self, party: Party, item: int) -> bool:
        """G111.RULING.STORE-MAX: the item is under its maximum for the turn; (a) per roll, so
        no maximum caps anything."""
        if party.bought[item] >= STORE_MAX[item]:
            consult("G111.RULING.STORE-MAX")  # an item at its maximum for the turn
        if self.game.reads("G111.RULING.STORE-MAX", "a"):
            return True
        bought = party.bought[item]
        # G111.RULING.DISCOUNT (c): the discount's points count toward the maxima
        if party.discount is not None and self.game.reads("G111.RULING.DISCOUNT", "c"):
            attribute, points = party.discount
            if (0, -1, 2, 1)[attribute] == item:  # attack, money, health, shield -> store item
                bought += points
        return bought < STORE_MAX[item]

    def _coin_buys(self) -> list[Action]:
        """G111.COINS.BUY: a diamond ace, or two diamonds making exactly 11."""
        if CONSULTING.on and any(c & 3 == DIAMONDS for c in self.hands[self.who]):
            consult("G111.RULING.NO-PARTY-COINS")  # diamonds held with no party
        if self.game.reads("G111.RULING.NO-PARTY-COINS", "a"):
            return []  # G111.RULING.NO-PARTY-COINS (a): step 2b never applies
        diamonds = [c >> 2 for c in self.hands[self.who] if c & 3 == DIAMONDS]
        held = set(diamonds)
        reading = self.game.two_diamonds  # G111.RULING.TWO-DIAMONDS
        if len(diamonds) > 1 and (ACE in held or len(diamonds) > 2):
            consult("G111.RULING.TWO-DIAMONDS")  # the ace or a pair beside other diamonds
        found = [COINS_ACE] if ACE in held and (reading != "a" or len(diamonds) == 1) else []
        if reading != "b" and len(diamonds) != 2:
            return found  # (a), (c): the pair is the hand's only two diamonds
        for low in range(2, 6):
            if low - 2 in held and 11 - low - 2 in held:
                found.append(COINS_PAIR + low)
        return found

    def _striker_party(self) -> Party | None:
        if self.side == 0:
            return self.parties[self.active]
        return self.parties[self.target_player] if self.target_player >= 0 else None

    def _store(self) -> list[Action]:
        """G111.STORE.ITEMS, G111.STORE.ONE-PER-ROLL, G111.RULING.STORE-MAX."""
        party = self._striker_party()
        assert party is not None
        coins = self.coins[self.who]
        found = [
            BUY + i for i in range(3) if self._under_max(party, i) and coins >= STORE_COST[i]
        ]
        found.append(BUY_NOTHING)
        if self._may_surrender(self.who, party):
            found.append(SURRENDER)  # G111.RULING.SURRENDER-WHEN (d)
        if CONSULTING.on or self.game.reads("G111.RULING.ONE-PER-ROLL", "b"):
            many = [BUY_MANY + 10 * i + k for i in range(3) if BUY + i in found
                    for k in range(2, min(self._room(party, i), coins // STORE_COST[i]) + 1)]
            if many:
                consult("G111.RULING.ONE-PER-ROLL")  # more than one unit of a line affordable
            # G111.RULING.ONE-PER-ROLL (b): one line of the table in any quantity
            if self.game.reads("G111.RULING.ONE-PER-ROLL", "b"):
                found = sorted(found + many)
        return found

    def _room(self, party: Party, item: int) -> int:
        """Units of ``item`` the party may still buy this turn under G111.RULING.STORE-MAX (b)
        (with the discount's points under G111.RULING.DISCOUNT (c)); under (a) the maximum
        caps one roll's purchase (G111.RULING.ONE-PER-ROLL (b))."""
        if self.game.reads("G111.RULING.STORE-MAX", "a"):
            return STORE_MAX[item]
        bought = party.bought[item]
        if party.discount is not None and self.game.reads("G111.RULING.DISCOUNT", "c"):
            attribute, points = party.discount
            if (0, -1, 2, 1)[attribute] == item:
                bought += points
        return STORE_MAX[item] - bought

    def _store_open(self, player: int, party: Party) -> bool:
        coins = self.coins[player]
        return any(self._under_max(party, i) and coins >= STORE_COST[i] for i in range(3))

    def _discounts(self) -> list[Action]:
        """G111.DEFEND.DISCOUNT: up to five points of one attribute, one coin a point."""
        most = min(DISCOUNT_MAX, self.coins[self.who])
        consult("G111.RULING.DISCOUNT")  # what the discount may buy
        tops = [most] * 4  # attack, money, health, shield
        if self.game.reads("G111.RULING.DISCOUNT", "b"):
            tops[1] = 0  # G111.RULING.DISCOUNT (b): no money at the discount
        elif self.game.reads("G111.RULING.DISCOUNT", "c"):
            # G111.RULING.DISCOUNT (c): the points count toward the store's maxima
            tops = [min(most, STORE_MAX[0]), most, min(most, STORE_MAX[2]),
                    min(most, STORE_MAX[1])]
        return [DISCOUNT + 10 * a + k for a in range(4) for k in range(1, tops[a] + 1)] + [
            DISCOUNT_NONE
        ]

    def is_legal(self, action: Action) -> bool:
        """The same verdict as ``action in self.legal_actions()``, without building the list."""
        asking = self.asking
        if asking == A_DRAW:
            return 0 <= action < NUM_CARDS and self.pile[action] > 0
        if asking == A_ROLL:
            return ROLL < action <= ROLL + 6
        if asking == A_SURRENDER:
            return action in (SURRENDER, FIGHT_ON)
        if asking == A_DISCARD:
            return DISCARD <= action < DISCARD + NUM_CARDS and action - DISCARD in self.hands[
                self.who
            ]
        if asking == A_PARTY:
            return PARTY <= action < DEFEND and self._is_party(action - PARTY, True)
        if asking == A_DEFEND:
            return DEFEND <= action < DEFEND + PARTY and self._is_party(action - DEFEND, False)
        if asking == A_STORE:
            if action == BUY_NOTHING:
                return True
            if action > BUY_NOTHING:
                return action in self._store()
            item = action - BUY
            party = self._striker_party()
            return (
                0 <= item < 3
                and party is not None
                and self._under_max(party, item)
                and self.coins[self.who] >= STORE_COST[item]
            )
        return action in self.legal_actions()

    def _is_party(self, code: int, complete: bool) -> bool:
        """G111.PARTY.FORM / G111.DEFEND.PARTY / G111.PARTY.BONUS for one party code."""
        if code >> 20:
            return False
        ranks, bonus = party_decode(code)
        hand = self.hands[self.who]
        faces = self.game.face_party  # G111.RULING.FACE-PARTY (a)
        held = 0
        for c in hand:
            rank = c >> 2
            if rank < JACK or rank == ACE or faces:
                held |= 1 << (c & 3)
        for suit in range(4):
            rank = ranks[suit]
            if rank < 0:
                if complete or held >> suit & 1:
                    return False
            elif (JACK <= rank <= KING and not faces) or rank > ACE or (
                    rank * 4 + suit not in hand):
                return False
        if self.game.party_choice == "d":  # G111.RULING.PARTY-CHOICE (d): the cards are fixed
            return (PARTY if complete else DEFEND) + party_code(ranks, bonus) in self._parties(
                hand, PARTY if complete else DEFEND, complete)
        return bonus in self.bonuses(ranks, complete)

    # -- how actions change the position -------------------------------------------------------
    def _apply(self, action: Action) -> None:
        asking = self.asking
        if asking == A_DRAW:
            self._draw(action)
        elif asking == A_ROLL:
            self._rolled(action - ROLL)
        elif asking == A_PLACE:
            if action == KEEP:
                self._party_step()
            else:
                self._place(action - PLACE)
        elif asking == A_PARTY:
            self._form_party(action - PARTY)
        elif asking == A_COINS:
            self._buy_coins(action)
        elif asking == A_TARGET:
            self._choose_target(action)
        elif asking == A_DEFEND:
            self._defend(action - DEFEND)
        elif asking == A_DISCOUNT:
            self._discount(action)
        elif asking == A_STORE:
            if action == SURRENDER:
                self._surrender()  # G111.RULING.SURRENDER-WHEN (d): at the player's own store
            else:
                self._buy(action)
        elif asking == A_SURRENDER:
            if action == SURRENDER:
                self._surrender()
            elif self.target_boss >= 0 and self._retarget(False):
                return  # G111.RULING.SAME-BOSS (b): fighting on, another boss may be named
            else:
                self._strike_next(self.side_of(self.who))  # the struck side strikes back
        elif asking == A_DISCARD:
            self._discard(action - DISCARD)

    def side_of(self, player: int) -> int:
        return 0 if player == self.active else 1

    # -- drawing (G111.CHANCE.DRAW) ------------------------------------------------------------
    def _ask_draw(self, player: int, reason: int) -> bool:
        """Ask chance for a card for ``player``; an empty draw pile is first made again from
        the discards (G111.RULING.EMPTY-PILE).  False when there is no card anywhere; True
        also when the empty pile ended the game (reading (c))."""
        if not self.pile_size:
            consult("G111.RULING.EMPTY-PILE")  # a draw due from an empty pile
            # G111.RULING.EMPTY-PILE (c): the game ends, the richest winning as at the turn
            # limit (True: nothing more happens after the draw that could not be made)
            if self.game.reads("G111.RULING.EMPTY-PILE", "c"):
                self._game_over("empty pile")
                return True
            # G111.RULING.EMPTY-PILE (b): a draw from an empty pile does not happen
            if not any(self.discards) or self.game.reads("G111.RULING.EMPTY-PILE", "b"):
                return False
            self.pile = self.discards
            self.pile_size = sum(self.discards)
            self.discards = [0] * NUM_CARDS
        self.asking = A_DRAW
        self.who = player
        self.draw_for = reason
        return True

    def _draw(self, card: int) -> None:
        self.pile[card] -= 1
        self.pile_size -= 1
        hand = self.hands[self.who]
        hand.append(card)
        hand.sort()
        reason = self.draw_for
        if (reason == 1 or reason == 2) and len(hand) > HAND:
            consult("G111.RULING.HAND-SIZE")  # a hand over five in the middle of a turn
            if self.game.reads("G111.RULING.HAND-SIZE", "b"):
                # G111.RULING.HAND-SIZE (b): its holder discards one at once
                self.hand_limit = True
                self.asking = A_DISCARD
                return
        if reason == 0:
            self._deal_next()
        elif reason == 3:
            self._refill(self.who)
        else:
            self._placement()

    def _deal_next(self) -> None:
        """G111.SETUP.DEAL: five cards each, one at a time round the table from seat 0."""
        sizes = [len(h) for h in self.hands]
        low = min(sizes)
        if low < HAND and self._ask_draw(sizes.index(low), 0):
            return
        self._start_turn()

    # -- the turn ------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        """G111.TURN.DRAW: the turn opens with one draw.  G111.RULING.TURN-LIMIT: after the
        turn limit the game ends."""
        # G111.RULING.TURN-LIMIT (a): no bound
        if self.turn >= self.turn_limit:
            consult("G111.RULING.TURN-LIMIT")  # the bound on turns is reached
        if self.turn >= self.turn_limit and not self.game.reads("G111.RULING.TURN-LIMIT", "a"):
            self._game_over("turn limit")
            return
        self.turn += 1
        if not self._ask_draw(self.active, 1):
            self._placement()

    def _placement(self) -> None:
        """G111.BOSS.MANDATORY / G111.BOSS.OPTIONAL: asked after every draw of the turn, even
        of a player holding no face card (G111.RULING.PUBLIC-QUESTIONS)."""
        self.asking = A_PLACE
        self.who = self.active

    def _place(self, card: int) -> None:
        """G111.BOSS.PLACE: the boss goes on top of its slot; G111.BOSS.DRAW: draw again."""
        self.hands[self.active].remove(card)
        value = BOSS_VALUE[card >> 2]
        slot = self.slots[(card >> 2) - JACK]
        if not slot:
            self.required_placed = True  # its kind was missing: a required placement
        slot.append([card, value, value, 0, value])  # its attack: G111.RULING.ROLL-PER-STRIKE
        if not self._ask_draw(self.active, 2):
            self._placement()

    def _party_step(self) -> None:
        """G111.PARTY.MANDATORY: a complete party must be formed when it can be; otherwise
        G111.COINS.BUY may be offered, and the turn ends (G111.RULING.NO-PARTY-COINS)."""
        player = self.active
        self.who = player
        self.required_placed = False  # the placements of the turn are over
        suits = 0
        faces = self.game.face_party  # G111.RULING.FACE-PARTY (a): faces are members too
        for c in self.hands[player]:
            rank = c >> 2
            if rank < JACK or rank == ACE or faces:
                suits |= 1 << (c & 3)
        # G111.RULING.PUBLIC-QUESTIONS: without a party the coin question is always asked
        self.asking = A_PARTY if suits == 15 else A_COINS

    def _take_party(self, player: int, code: int) -> Party:
        ranks, bonus = party_decode(code)
        party = Party(ranks, bonus)
        hand = self.hands[player]
        for card in party.cards():
            hand.remove(card)
        self.parties[player] = party
        return party

    def _form_party(self, code: int) -> None:
        """G111.PARTY.FORM: the four cards go face up in front of the player, who must attack."""
        self._take_party(self.active, code)
        self.asking = A_TARGET

    def _buy_coins(self, action: Action) -> None:
        """G111.COINS.BUY: the diamonds are discarded and the bank pays 11; the turn ends."""
        if action != END_TURN:
            hand = self.hands[self.active]
            if action == COINS_ACE:
                played = [ACE * 4 + DIAMONDS]
            else:
                low = action - COINS_PAIR
                played = [(low - 2) * 4 + DIAMONDS, (9 - low) * 4 + DIAMONDS]
            for card in played:
                hand.remove(card)
                self.discards[card] += 1
            self._pay_from_bank(self.active, 11)
        self._end_play()

    def _choose_target(self, action: Action) -> None:
        """G111.ATTACK.TARGET: a boss slot (its top boss, G111.RULING.WHICH-BOSS) or a player;
        in the middle of a fight another boss (G111.RULING.SAME-BOSS (b), (c))."""
        if action >= ATTACK_DEEP:  # G111.RULING.WHICH-BOSS (a): a boss under the top
            consult("G111.RULING.WHICH-BOSS")  # a boss under the top is named
            slot, depth = divmod(action - ATTACK_DEEP, 16)
            self.target_boss = slot
            self.target_at = len(self.slots[slot]) - depth
            self._strike_next(0)
        elif action < ATTACK_PLAYER:
            slot = action - ATTACK_BOSS
            if len(self.slots[slot]) > 1:
                consult("G111.RULING.WHICH-BOSS")  # a pile of several bosses
            self.target_boss = slot
            # G111.RULING.WHICH-BOSS (c): the oldest boss, at the bottom of the pile
            self.target_at = 0 if self.game.reads("G111.RULING.WHICH-BOSS", "c") else -1
            self._strike_next(0)
        else:
            self.target_player = action - ATTACK_PLAYER
            self.asking = A_DEFEND  # G111.DEFEND.PARTY
            self.who = self.target_player

    def _defend(self, code: int) -> None:
        """G111.DEFEND.PARTY; a party of fewer than four cards may buy at the discount."""
        party = self._take_party(self.target_player, code)
        if party.size() < 4 and self.coins[self.target_player] > 0:
            self.asking = A_DISCOUNT
        else:
            self._fight_starts()

    def _fight_starts(self) -> None:
        """The defending party is formed: the attacker strikes first (G111.PVP.ATTACK); under
        reading (a) of G111.RULING.NO-HEALTH a party at health 0 is defeated at once."""
        party = self.parties[self.target_player]
        if party is not None and party.health == 0:
            consult("G111.RULING.NO-HEALTH")  # a defending party with no health
        if self.game.reads("G111.RULING.NO-HEALTH", "a") and party is not None and (
                party.health == 0):
            self._defeat(1, False)
            return
        self._strike_next(0)

    def _discount(self, action: Action) -> None:
        """G111.DEFEND.DISCOUNT: one coin a point, paid to the bank, in one attribute."""
        if action != DISCOUNT_NONE:
            attribute, points = divmod(action - DISCOUNT, 10)
            party = self.parties[self.target_player]
            assert party is not None
            self._pay_to_bank(self.target_player, points)
            party.discount = (attribute, points)
            if attribute == 0:
                party.attack += points
            elif attribute == 1:
                party.money += points
            elif attribute == 2:
                party.health += points
            else:
                party.shield += points
        self._fight_starts()

    # -- the fight -----------------------------------------------------------------------------
    def _boss(self) -> list[int]:
        """The boss fought: [card, shield, health, coins, attack] (G111.RULING.WHICH-BOSS)."""
        return self.slots[self.target_boss][self.target_at]

    def boss_for(self, action: Action) -> list[int]:
        """The boss a target action (``attack J``, ``attack J 2``) would fight
        (G111.RULING.WHICH-BOSS)."""
        if action >= ATTACK_DEEP:
            slot, depth = divmod(action - ATTACK_DEEP, 16)
            return self.slots[slot][-depth]
        slot_bosses = self.slots[action - ATTACK_BOSS]
        return slot_bosses[0 if self.game.reads("G111.RULING.WHICH-BOSS", "c") else -1]

    def _retarget(self, knock_out: bool) -> bool:
        """Back at step 3 of a boss fight, after a knock-out or after fighting on:
        G111.RULING.SAME-BOSS (b) asks the target again when another boss is available, (c)
        after a knock-out only.  True when it is asked."""
        if self.game.same_boss == "a" and not CONSULTING.on:
            return False
        if len(self._targets()) < 2:
            return False  # no other boss to turn to
        consult("G111.RULING.SAME-BOSS")  # another boss is available at a return to step 3
        if self.game.same_boss == "a" or self.game.same_boss == "c" and not knock_out:
            return False
        self.asking = A_TARGET
        self.who = self.active
        return True

    def _strike_points(self, party: Party, side: int) -> int:
        """G111.FIGHT.ROLL: a party's strike scores its attack plus the roll; under
        G111.RULING.ROLL-PER-STRIKE (b), (c) the roll stays in its attack for the fight."""
        if self.struck >> side & 1:
            consult("G111.RULING.ROLL-PER-STRIKE")  # a party strikes again in the fight
        self.struck |= 1 << side
        if self.game.rolls_last != "a":
            party.attack += self.roll
            return party.attack
        return party.attack + self.roll

    def _strike_next(self, side: int) -> None:
        """The next strike is ``side``'s: a die roll (G111.FIGHT.ROLL)."""
        self.side = side
        self.asking = A_ROLL
        self.who = -1

    def _rolled(self, die: int) -> None:
        """G111.STORE.ONE-PER-ROLL: after a player's roll the store is open (if anything in it
        can be bought); a boss buys nothing."""
        self.roll = die
        if self.side == 0:
            player = self.active
        elif self.target_player >= 0:
            player = self.target_player
        else:
            self._resolve()
            return
        party = self.parties[player]
        assert party is not None
        if self._store_open(player, party) or self._may_surrender(player, party):
            self.asking = A_STORE
            self.who = player
        else:
            self._resolve()

    def _may_surrender(self, player: int, party: Party) -> bool:
        """G111.RULING.SURRENDER-WHEN (d): at the store after their own roll, the side that may
        surrender (the active player against a boss, the defender against a player) may
        surrender while its shield is 0 and it has health left."""
        if party.shield or not party.health or (player == self.active) != (self.target_boss >= 0):
            return False
        consult("G111.RULING.SURRENDER-WHEN")  # a surrender-able party at its own store
        return self.game.reads("G111.RULING.SURRENDER-WHEN", "d")

    def _buy(self, action: Action) -> None:
        """G111.STORE.ITEMS: the item applies at once, for the rest of the turn."""
        if action != BUY_NOTHING:
            item, units = action - BUY, 1
            if action > BUY_NOTHING:  # G111.RULING.ONE-PER-ROLL (b): several units of a line
                item, units = divmod(action - BUY_MANY, 10)
            party = self._striker_party()
            assert party is not None
            self._pay_to_bank(self.who, STORE_COST[item] * units)
            party.bought[item] += units
            if item == 0:
                party.attack += units
            elif item == 1:
                party.shield += units
            else:
                party.health += units
        self._resolve()

    def _resolve(self) -> None:
        """G111.FIGHT.SHIELD, G111.FIGHT.HEALTH, G111.FIGHT.KNOCK-OUT: one strike."""
        side = self.side
        attacker_party = self.parties[self.active]
        assert attacker_party is not None
        boss: list[int] | None = None
        defender: Party | None = None
        if self.target_boss >= 0:
            boss = self._boss()
        else:
            defender = self.parties[self.target_player]
        if side == 0:
            points = self._strike_points(attacker_party, 0)
            if boss is not None:
                shield, health = boss[1], boss[2]
            else:
                assert defender is not None
                shield, health = defender.shield, defender.health
        else:
            if boss is not None:
                consult("G111.RULING.ROLL-PER-STRIKE")  # a boss strikes (its earlier rolls)
                points = boss[4] + self.roll  # G111.FIGHT.BOSS-STRIKE
                if self.game.rolls_last == "c":
                    boss[4] = points  # G111.RULING.ROLL-PER-STRIKE (c): the roll stays
            else:
                assert defender is not None
                points = self._strike_points(defender, 1)
            shield, health = attacker_party.shield, attacker_party.health
        knocked_out = hit = False
        whole = shield == 0  # G111.RULING.EXACT-KILL: the whole strike meets the health
        bare = health == 0  # a party with no health behind its shield (G111.RULING.NO-HEALTH)
        if bare:
            consult("G111.RULING.NO-HEALTH")
        if shield > 0:
            if points == self._knock_out_shield(side, shield, boss, defender, attacker_party):
                shield = 0
                knocked_out = True
                consult("G111.RULING.KNOCK-OUT")  # a knock-out: a defeat under (a)
            elif points <= shield:  # (the shield left, under reading (a) or (c) of SHIELD-LEFT)
                shield -= points
            else:
                health -= points - shield
                shield = 0
                hit = True
        else:
            health -= points
            hit = True
        # G111.RULING.EXACT-KILL: the strike's score is the health; (b) the points past the shield
        exact = (hit if self.game.exact_past_shield else whole) and health == 0
        if hit and not whole and health == 0:
            consult("G111.RULING.EXACT-KILL")  # the points past a shield meet the health
        if health < 0:
            health = 0
        # write the struck side back
        if side == 1:
            attacker_party.shield, attacker_party.health = shield, health
        elif boss is not None:
            boss[1], boss[2] = shield, health
        else:
            assert defender is not None
            defender.shield, defender.health = shield, health
        if hit and health == 0:
            # G111.RULING.NO-HEALTH: only a strike that reaches the health defeats, so a party
            # at health 0 stands while its shield takes the strikes
            self._defeat(1 - side, exact)
        elif bare and self.game.reads("G111.RULING.NO-HEALTH", "b"):
            self._defeat(1 - side, False)  # G111.RULING.NO-HEALTH (b): the first strike defeats
        elif knocked_out and self.game.reads("G111.RULING.KNOCK-OUT", "a"):
            self._defeat(1 - side, False)  # G111.RULING.KNOCK-OUT (a): knocked out is defeated
        elif knocked_out:
            if (boss is not None) == (side == 1):
                self.knocked_out = True  # the side that may surrender (G111.RULING.SURRENDER-WHEN)
            # G111.RULING.SAME-BOSS (b), (c): the extra attack may go to another boss
            if side == 0 and boss is not None and (
                    self.game.same_boss != "a" or CONSULTING.on) and self._retarget(True):
                return
            self._strike_next(side)  # G111.FIGHT.KNOCK-OUT: the striker strikes again
        elif hit and (boss is not None) == (side == 1):
            # G111.FIGHT.SURRENDER: the active player against a boss, the defender against a player
            if self.surrender_offered or self.knocked_out:
                consult("G111.RULING.SURRENDER-WHEN")  # offered before, or knocked out before
            if (self.surrender_offered and self.game.reads("G111.RULING.SURRENDER-WHEN", "a")
                    or self.knocked_out and self.game.reads("G111.RULING.SURRENDER-WHEN", "c")):
                # G111.RULING.SURRENDER-WHEN (a): once a fight; (c) never after a knock-out
                self._strike_next(1 - side)
                return
            self.surrender_offered = True
            self.asking = A_SURRENDER
            self.who = self.active if side == 1 else self.target_player
        else:
            self._strike_next(1 - side)  # G111.FIGHT.COUNTER

    def _knock_out_shield(self, side: int, shield: int, boss: list[int] | None,
                          defender: Party | None, attacker: Party) -> int:
        """G111.FIGHT.KNOCK-OUT: the shield a strike must equal to knock out; -1 when none.
        G111.RULING.SHIELD-LEFT: (b) the shield left; (a) the printed shield, the side's
        starting value; (c) the shield left while it is whole."""
        reading = "a" if self.game.reads("G111.RULING.SHIELD-LEFT", "a") else (
            "c" if self.game.reads("G111.RULING.SHIELD-LEFT", "c") else "b")
        if reading == "b" and not CONSULTING.on:
            return shield
        struck = attacker if side == 1 else defender
        if struck is None:
            assert boss is not None
            printed = whole = BOSS_VALUE[boss[0] >> 2]
        else:
            printed = Party(struck.ranks, struck.bonus).shield  # its spades and bonus
            whole = printed + struck.bought[1] + (
                struck.discount[1] if struck.discount and struck.discount[0] == 3 else 0)
        if shield != printed or shield != whole:
            consult("G111.RULING.SHIELD-LEFT")  # a dented shield, or one grown by purchases
        if reading == "b":
            return shield
        if reading == "a":
            return printed
        return shield if shield == whole else -1

    def _defeat(self, loser_side: int, exact: bool) -> None:
        """The fight is over: G111.REWARD.BOSS, G111.PENALTY.DEFEAT, G111.PVP.TRIUMPH."""
        active = self.active
        attacker_party = self.parties[active]
        assert attacker_party is not None
        if self.target_boss >= 0:
            slot = self.slots[self.target_boss]
            if loser_side == 1:
                boss = slot.pop(self.target_at)
                card, coins = boss[0], boss[3]
                rank = card >> 2
                reward = attacker_party.money + BOSS_BONUS[rank]  # G111.REWARD.BOSS-BONUS
                if not slot:
                    reward += 5  # G111.REWARD.LONE-BOSS: it was alone in its slot
                if self._last_of_kind(card):
                    reward += 11  # G111.REWARD.LAST-OF-KIND
                if exact:
                    reward += EXACT_BONUS  # G111.REWARD.EXACT
                self.defeated.append(card)
                self.defeated.sort()
                consult("G111.RULING.DEFEATED-BOSS")  # where a defeated boss's card goes
                if self.game.reads("G111.RULING.DEFEATED-BOSS", "a"):
                    # G111.RULING.DEFEATED-BOSS (a): discarded, to come back with the
                    # reshuffle; ``defeated`` records the defeat, which LAST-OF-KIND counts
                    self.discards[card] += 1
                self.coins[active] += coins  # the boss's own coins change hands
                self._pay_from_bank(active, reward)
            else:
                boss = slot[self.target_at]
                lost = min(self.coins[active], attacker_party.money)  # G111.PENALTY.DEFEAT
                self.coins[active] -= lost
                boss[3] += lost
                consult("G111.RULING.DEFEATED-PARTY")  # a boss defeats the party
                if self.game.reads("G111.RULING.DEFEATED-PARTY", "b"):
                    self._party_back(active)  # G111.RULING.DEFEATED-PARTY (b): back to the hand
        else:
            defender = self.target_player
            defender_party = self.parties[defender]
            assert defender_party is not None
            winner, loser = (active, defender) if loser_side == 1 else (defender, active)
            owed = max(attacker_party.money, defender_party.money)  # G111.PVP.TRIUMPH
            paid = min(self.coins[loser], owed)
            self.coins[loser] -= paid
            self.coins[winner] += paid
            self._pay_from_bank(winner, owed - paid + (EXACT_BONUS if exact else 0))
            self._pvp_parties(winner)
        self._end_play()

    def _last_of_kind(self, card: int) -> bool:
        """G111.REWARD.LAST-OF-KIND, G111.RULING.LAST-OF-KIND: (b) every other card of the rank
        is defeated; (a) none is left in the draw pile; (c) no other boss of the rank is on the
        table (the boss itself has left its slot)."""
        rank = card >> 2
        consult("G111.RULING.LAST-OF-KIND")  # which boss is the last of its kind
        if self.game.reads("G111.RULING.LAST-OF-KIND", "a"):
            return not self.pile[card & ~3] + self.pile[card & ~3 | 1] + self.pile[
                card & ~3 | 2] + self.pile[card & ~3 | 3]
        if self.game.reads("G111.RULING.LAST-OF-KIND", "c"):
            return not self.slots[rank - JACK]
        return sum(1 for c in self.defeated if c >> 2 == rank) == 4 * self.decks - 1

    def _party_back(self, player: int) -> None:
        """A party goes back to its owner's hand (readings of G111.RULING.DEFEATED-PARTY and
        G111.RULING.PVP-PARTIES); the refill then brings the hand down to five."""
        party = self.parties[player]
        if party is not None:
            hand = self.hands[player]
            hand.extend(party.cards())
            hand.sort()
            self.parties[player] = None

    def _pvp_parties(self, winner: int) -> None:
        """G111.RULING.PVP-PARTIES: (a) both parties are discarded (G111.END.PARTIES); (b) the
        defender's goes back to their hand; (c) the winner's goes back to its owner's hand."""
        consult("G111.RULING.PVP-PARTIES")  # a fight between players ends
        if self.game.reads("G111.RULING.PVP-PARTIES", "b"):
            self._party_back(self.target_player)
        elif self.game.reads("G111.RULING.PVP-PARTIES", "c"):
            self._party_back(winner)

    def _surrender(self) -> None:
        """G111.FIGHT.SURRENDER: half the party's money (rounded down), as far as the coins go,
        to the boss or to the attacking player."""
        player = self.who
        party = self.parties[player]
        assert party is not None
        half = party.money // 2
        if party.money % 2 or self.coins[player] < half:
            consult("G111.RULING.SURRENDER-PAY")  # an odd sum, or more than the player holds
        if self.game.reads("G111.RULING.SURRENDER-PAY", "c"):
            half = (party.money + 1) // 2  # G111.RULING.SURRENDER-PAY (c): rounded up
        penalty = min(self.coins[player], half)
        self.coins[player] -= penalty
        if self.target_boss >= 0:
            self._boss()[3] += penalty
        else:
            self.coins[self.active] += penalty
        if self.game.reads("G111.RULING.SURRENDER-PAY", "b") and half > penalty:
            # G111.RULING.SURRENDER-PAY (b): the bank makes up what the player cannot pay
            if self.target_boss >= 0:
                self._boss()[3] += half - penalty
                self.issued += half - penalty
            else:
                self._pay_from_bank(self.active, half - penalty)
        if self.target_player >= 0:
            self._pvp_parties(self.active)
        self._end_play()

    # -- coins (G111.BANK.UNLIMITED) -----------------------------------------------------------
    def _pay_from_bank(self, player: int, amount: int) -> None:
        self.coins[player] += amount
        self.issued += amount

    def _pay_to_bank(self, player: int, amount: int) -> None:
        self.coins[player] -= amount
        self.taken += amount

    # -- the end of a turn ---------------------------------------------------------------------
    def _end_play(self) -> None:
        """G111.END.PARTIES (every party, the defender's too: G111.RULING.PVP-PARTIES), then
        G111.WIN.COINS, then G111.END.REFILL."""
        for p in range(self.n):
            party = self.parties[p]
            if party is not None:
                for card in party.cards():
                    self.discards[card] += 1
                self.parties[p] = None
        if CONSULTING.on and any(boss[1:3] != [BOSS_VALUE[boss[0] >> 2]] * 2
                                 for slot in self.slots for boss in slot):
            consult("G111.RULING.BOSS-DAMAGE")  # a boss left is wounded
        if self.game.boss_heals:  # G111.RULING.BOSS-DAMAGE (b): the bosses left are whole again
            for slot in self.slots:
                for boss in slot:
                    boss[1] = boss[2] = BOSS_VALUE[boss[0] >> 2]
        self.target_boss = self.target_player = self.target_at = -1
        self.side = self.roll = self.struck = 0
        self.surrender_offered = self.knocked_out = False
        rich = [p for p in range(self.n) if self.coins[p] >= WIN_COINS]
        if rich:
            self._game_over("coins")
            return
        self._refill(self.active)

    def _refill(self, player: int) -> None:
        """G111.END.REFILL: from the active player round the table, each discards down to or
        draws up to five; then G111.END.BAIL-OUT and the next player's turn."""
        while True:
            size = len(self.hands[player])
            if size > HAND:
                consult("G111.RULING.REFILL-ORDER")  # who picks the discard
                self.asking = A_DISCARD
                self.who = player
                return
            if size < HAND and self._ask_draw(player, 3):
                return
            player = (player + 1) % self.n
            if player == self.active:
                break
        if any(self.coins[p] == 0 for p in range(self.n) if p != self.active):
            consult("G111.RULING.BAIL-OUT")  # a player other than the active one at 0
        for p in range(self.n):
            # G111.RULING.BAIL-OUT (a): only the active player, at the end of their own turn
            if self.coins[p] == 0 and (p == self.active or not self.game.reads(
                    "G111.RULING.BAIL-OUT", "a")):
                self._pay_from_bank(p, BAIL_OUT)
        self.active = (self.active + 1) % self.n  # G111.TURN.ORDER
        self._start_turn()

    def _discard(self, card: int) -> None:
        self.hands[self.who].remove(card)
        self.discards[card] += 1
        if self.hand_limit:  # G111.RULING.HAND-SIZE (b): the turn goes on with its placements
            self.hand_limit = False
            self._placement()
            return
        self._refill(self.who)

    def _game_over(self, why: str) -> None:
        """G111.WIN.COINS / G111.RULING.SEVERAL-WINNERS / G111.RULING.TURN-LIMIT."""
        best = max(self.coins)
        self.winners = [p for p in range(self.n) if self.coins[p] == best]
        if len(self.winners) > 1:
            consult("G111.RULING.SEVERAL-WINNERS")  # several players with the most coins
        if self.game.reads("G111.RULING.SEVERAL-WINNERS", "a"):
            self.winners = self.winners[:1]  # (a): the first in seat order wins alone
        self.ended_by = why
        self.asking = A_OVER
        self.who = -1

    # -- refusals (slow path) ------------------------------------------------------------------
    def explain_illegal(self, action: Action) -> IllegalAction:
        from .rules import explain

        return explain(self, action)

    # -- action text (G111.NOTATION.ACTIONS) ---------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        from .notation import action_text

        return action_text(action, self.asking == A_DRAW)

    def string_to_action(self, text: str) -> Action:
        from .notation import parse_action

        return parse_action(text, self.game.face_party, self.n)

    # -- results -------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """1 for each winner (G111.WIN.COINS, G111.RULING.SEVERAL-WINNERS), 0 otherwise;
        all 0 while the game goes on."""
        if self.asking != A_OVER:
            return [0.0] * self.n
        return [1.0 if p in self.winners else 0.0 for p in range(self.n)]

    def score(self) -> int:
        """The first player's coins."""
        return self.coins[0]

    # -- views ---------------------------------------------------------------------------------
    def observation(self, player: int) -> Json:
        from .notation import observation

        return observation(self, player)

    def to_json(self) -> Json:
        from .notation import state_to_doc

        return state_to_doc(self)

    def clone(self) -> OneElevenState:
        copy = OneElevenState.__new__(OneElevenState)
        copy.__dict__.update(self.__dict__)
        copy.history = list(self.history)
        copy.pile = list(self.pile)
        copy.discards = list(self.discards)
        copy.hands = [list(h) for h in self.hands]
        copy.parties = [None if p is None else p.copy() for p in self.parties]
        copy.slots = [[list(b) for b in slot] for slot in self.slots]
        copy.defeated = list(self.defeated)
        copy.coins = list(self.coins)
        copy.winners = list(self.winners)
        return copy
