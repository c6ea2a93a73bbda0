"""The operations Elevenes cards are compiled against: one method per word of vocab.py.

``zone_X(st, fr, owner)``, ``filter_X(st, fr, card)``, ``test_X``, ``ref_X``, ``value_X`` and
``verb_X(st, fr, chosen, *args)``; ``fr.owner`` is the player who played the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.readings import consult
from ...dsl.runtime import Frame
from .notation import (
    HIDDEN_POSITIONS,
    NUMBERS,
    PASS,
    YES,
    decode_choice,
    encode_choice,
)

if TYPE_CHECKING:
    from .state import ElvState

# kinds of what a player has seen (ElvState.seen): (viewers mask, kind, player, position,
# cards, card whose effect showed them)
KITCHEN, CARD, FLIPPED, PLACED, GAVE, ELEVENSES_SHOWN = (
    "kitchen",
    "card",
    "flipped",
    "placed",
    "gave",
    "elevenses",
)
BACK = "_back"
"""The frame variable holding the back (set) a Sandwiches taker picked (``picked_back``)."""


class Primitives:
    """The host of the compiled Elevenes cards."""

    PASS = PASS
    YES = YES

    # -- identifiers --------------------------------------------------------------------------
    def number_of(self, card: int) -> int:
        return card % NUMBERS + 1

    def always_ask(self, zone: str) -> bool:
        # ELV.EFFECT.ASKED: a choice among hidden kitchen cards is always put to the player
        return zone == "kitchen"

    def encode(self, word: str, items: tuple[int, ...]) -> int:
        return encode_choice(word, items)

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]:
        return decode_choice(action)

    def rule_for_exception(self, name: str, rule: str) -> str:
        if name == "unpassable":
            return "ELV.KEEP.ELEVENSES"
        if name in ("1", "10"):
            return "ELV.RULING.TEA-POSITIONS"
        return rule

    def players(self, st: ElvState, fr: Frame, except_me: bool) -> list[int]:
        """Turn order (clockwise) starting with the card's owner."""
        n = st.n
        start = 1 if except_me else 0
        return [(fr.owner + k) % n for k in range(start, n)]

    # -- players the cards name -----------------------------------------------------------------
    def player_left(self, st: ElvState, fr: Frame) -> int:
        """ELV.CARDS.NEIGHBOURS: the next player in turn order (clockwise)."""
        return (fr.owner + 1) % st.n

    def player_right(self, st: ElvState, fr: Frame) -> int:
        """ELV.CARDS.NEIGHBOURS: the player before the owner in turn order."""
        return (fr.owner - 1) % st.n

    # -- zones --------------------------------------------------------------------------------
    def zone_kitchen(self, st: ElvState, fr: Frame, owner: int) -> list[int]:
        return list(st.kitchen[owner])

    def zone_spread(self, st: ElvState, fr: Frame, owner: int) -> list[int]:
        return [c for c in st.spread[owner] if c >= 0]

    def zone_arrangements(self, st: ElvState, fr: Frame, owner: int) -> list[int]:
        """The arrange actions ``owner`` could take: (kitchen card, face-down position)."""
        up = st.up[owner]
        spots = [pos for pos in HIDDEN_POSITIONS if not up >> pos & 1]
        return [card * 8 + pos - 2 for card in st.kitchen[owner] for pos in spots]

    def zone_backs(self, st: ElvState, fr: Frame, owner: int) -> list[int]:
        """The back colours (set numbers) among ``owner``'s kitchen cards."""
        return sorted({card // NUMBERS for card in st.kitchen[owner]})

    # -- filters, tests, references, values --------------------------------------------------------
    def filter_face_up(self, st: ElvState, fr: Frame, card: int) -> bool:
        return st.is_face_up(card)

    def filter_face_down(self, st: ElvState, fr: Frame, card: int) -> bool:
        return st.is_face_down(card)

    def filter_picked_back(self, st: ElvState, fr: Frame, card: int) -> bool:
        return card // NUMBERS == fr.vars.get(BACK, -1)

    def test_face_up(self, st: ElvState, fr: Frame, card: int) -> bool:
        return st.is_face_up(card)

    def test_face_down(self, st: ElvState, fr: Frame, card: int) -> bool:
        return st.is_face_down(card)

    def test_unpassable(self, st: ElvState, fr: Frame, card: int) -> bool:
        return st.cards.has(card % NUMBERS + 1, "unpassable")

    def ref_self(self, st: ElvState, fr: Frame) -> int | None:
        return fr.card

    def value_players(self, st: ElvState, fr: Frame) -> int:
        return st.n

    def value_cubes(self, st: ElvState, fr: Frame) -> int:
        return st.cubes[fr.owner]

    def value_bowl(self, st: ElvState, fr: Frame) -> int:
        return st.bowl

    # -- verbs ------------------------------------------------------------------------------------
    def verb_flip_down(self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        """ELV.CARD.TEA: a face-up card of positions 2-9 turns face down where it lies."""
        turned: list[tuple[int, int]] = []
        for target in chosen or ():
            number = target % NUMBERS + 1
            if number not in HIDDEN_POSITIONS:
                continue  # ELV.RULING.TEA-POSITIONS
            for player in range(st.n):
                if st.spread[player][number] == target and st.up[player] >> number & 1:
                    st.up[player] &= ~(1 << number)
                    st.remember(st.everyone, FLIPPED, player, number, (target,), fr.card)
                    turned.append((target, player))
        st.fire_flipped(turned)  # ELV.CARDS.FLIPPED

    def verb_exchange(
        self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, other: int
    ) -> None:
        """ELV.CARD.MILK / CAKES / SANDWICHES: two kitchen cards change places."""
        if not chosen:
            return
        given = chosen[0]
        giver, taker = st.holder(given), st.holder(other)
        if giver < 0 or taker < 0 or giver == taker:
            return
        st.kitchen[giver].remove(given)
        st.kitchen[taker].remove(other)
        st.kitchen[giver].append(other)
        st.kitchen[taker].append(given)
        st.remember(1 << giver, GAVE, taker, 0, (given,), fr.card)

    def verb_set_aside(self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        """ELV.PASS.SIMULTANEOUS: the chosen card waits face down, its back visible."""
        if not chosen:
            return
        card = chosen[0]
        holder = st.holder(card)
        if holder < 0 or st.aside[holder] >= 0:
            return  # not in a kitchen, or its holder already has a card waiting (one each)
        st.kitchen[holder].remove(card)
        st.aside[holder] = card

    def verb_pass_aside(
        self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, direction: str
    ) -> None:
        """ELV.PASS.SIMULTANEOUS / ELV.PASS.ELEVENSES / ELV.RULING.PASS-ALONE: every card set
        aside goes to the nearest player in the direction who also set one aside."""
        n = st.n
        step = 1 if direction == "left" else -1
        moves: list[tuple[int, int, int]] = []
        for player in range(n):
            card = st.aside[player]
            if card < 0:
                continue
            receiver = (player + step) % n
            while st.aside[receiver] < 0:
                receiver = (receiver + step) % n
            moves.append((player, receiver, card))
        for player, receiver, card in moves:
            st.aside[player] = -1
            st.kitchen[receiver].append(card)
            if receiver != player:
                st.remember(1 << player, GAVE, receiver, 0, (card,), fr.card)

    def verb_pick_back(self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        # only a back among the owner's kitchen cards (zone backs); anything else picks none
        if chosen and chosen[0] in self.zone_backs(st, fr, fr.owner):
            fr.vars[BACK] = chosen[0]

    def verb_arrange(self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        """ELV.CARD.CUPS: one arrange action (ELV.ARRANGE.ACTION), if it is one the owner
        can take now (zone arrangements); anything else does nothing."""
        if chosen and chosen[0] in self.zone_arrangements(st, fr, fr.owner):
            card, slot = divmod(chosen[0], 8)
            st.arrange(fr.owner, card, slot + 2)

    def verb_show(
        self,
        st: ElvState,
        fr: Frame,
        chosen: tuple[int, ...] | None,
        zone: tuple[str, int],
        to: str,
        player: int,
    ) -> None:
        name, owner = zone
        if name == "kitchen" and player != owner:
            st.remember(1 << player, KITCHEN, owner, 0, tuple(sorted(st.kitchen[owner])), fr.card)

    def verb_show_card(
        self,
        st: ElvState,
        fr: Frame,
        chosen: tuple[int, ...] | None,
        card: int,
        to: str,
        player: int,
    ) -> None:
        holder = st.holder(card)
        st.remember(1 << player, CARD, holder, 0, (card,), fr.card)

    def verb_reveal(
        self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, zone: tuple[str, int]
    ) -> None:
        """ELV.CARD.SERVANTS, ELV.PASS.ELEVENSES: a kitchen shown to every player."""
        name, owner = zone
        if name == "kitchen":
            st.remember(st.everyone, KITCHEN, owner, 0, tuple(sorted(st.kitchen[owner])), fr.card)

    # -- one-way transfers (ELV.CARDS.TRANSFER) ------------------------------------------------
    def applicable_take(self, st: ElvState, fr: Frame, card: int) -> str | None:
        return "ELV.KEEP.ELEVENSES" if self.test_unpassable(st, fr, card) else None

    def applicable_give(self, st: ElvState, fr: Frame, card: int) -> str | None:
        return "ELV.KEEP.ELEVENSES" if self.test_unpassable(st, fr, card) else None

    def move_card(self, st: ElvState, fr: Frame, card: int, receiver: int) -> None:
        """ELV.CARDS.TRANSFER: a kitchen card to ``receiver``'s kitchen, nothing given back;
        never an unpassable card (ELV.KEEP.ELEVENSES); a card in no kitchen, or already in
        the receiver's, stays where it is.  The giver remembers the card she lost."""
        giver = st.holder(card)
        if giver < 0 or giver == receiver or self.test_unpassable(st, fr, card):
            return
        st.kitchen[giver].remove(card)
        st.kitchen[receiver].append(card)
        st.remember(1 << giver, GAVE, receiver, 0, (card,), fr.card)

    def verb_take(self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        for card in chosen or ():
            self.move_card(st, fr, card, fr.owner)

    def verb_give(
        self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, to: str, player: int
    ) -> None:
        for card in chosen or ():
            self.move_card(st, fr, card, player)

    # -- cubes (ELV.CARDS.CUBES): the bowl and the players' cubes always add up ---------------
    def move_cubes(self, st: ElvState, giver: int, receiver: int, count: int) -> None:
        """``count`` cubes from ``giver`` to ``receiver`` (-1: the bowl), as many as the
        giver holds."""
        held = st.bowl if giver < 0 else st.cubes[giver]
        amount = max(count, 0)
        if giver < 0 and amount > held:
            consult("ELV.RULING.BOWL-EMPTY")  # the bowl cannot pay what the card asks
        if giver >= 0 or st.game.bowl_reading != "a":  # (a): counters once the bowl is empty
            amount = min(amount, held)
        if giver == receiver or not amount:
            return
        if giver < 0:
            st.bowl = max(0, st.bowl - amount)
        else:
            st.cubes[giver] -= amount
        if receiver < 0:
            st.bowl += amount
        else:
            st.cubes[receiver] += amount

    def verb_take_cube(
        self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, count: int
    ) -> None:
        self.move_cubes(st, -1, fr.owner, count)

    def verb_lose_cube(
        self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, count: int
    ) -> None:
        self.move_cubes(st, fr.owner, -1, count)

    def verb_give_cube(
        self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, count: int, to: str,
        player: int,
    ) -> None:
        self.move_cubes(st, fr.owner, player, count)

    def verb_steal_cube(
        self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, count: int, source: str,
        player: int,
    ) -> None:
        self.move_cubes(st, player, fr.owner, count)

    def verb_end_round(self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        st.ended = True  # ELV.END.ELEVENSES


PRIMITIVES = Primitives()


def granted(st: ElvState, player: int, name: str) -> set[int]:
    """ELV.CARDS.GRANTS: the cards a grant ``name`` of a card face up in ``player``'s spread
    covers now (its condition holding), for the rule the grant lifts."""
    found: set[int] = set()
    row = st.spread[player]
    for position in range(1, 11):
        card = row[position]
        if card < 0 or not st.up[player] >> position & 1:
            continue
        compiled = st.cards.cards.get(card % NUMBERS + 1)
        if compiled is None:
            continue
        for grant, cards, cond in compiled.grants:
            if grant == name:
                frame = Frame(card, "grant", player)
                if cond(st, frame):
                    found.update(cards(st, frame))
    return found
