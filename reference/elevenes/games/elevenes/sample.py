"""Elevenes positions as one player might believe them to be (for the search bot).

``sample_state(state, player, rng)`` returns a full position that looks exactly the same to
``player`` as ``state`` does (``observation(player)`` is equal), with every card hidden from her
dealt afresh: the cards she cannot identify are gathered by set (their backs show the set,
ELV.INFO.HIDDEN), sorted, shuffled with ``rng`` and laid back on the same hidden places.  Hidden
Special Guests are drawn from the guests she has not seen.  What the result holds in a hidden
place therefore depends on what she sees and on ``rng`` only, never on which card truly lies
there; the search bot (``elevenes.bots.ismcts``) plays its simulations on such positions.

She is taken to know: every face-up card and the centre, her own kitchen, set-aside card and
guest, the face-down cards a grant lets her look at (ELV.CARD.SUGAR) and the cards named by
the options of her own pending decision.  Her memory of cards seen earlier in the round
(``seen``, ELV.INFO.MEMORY) is not used: such a card may have moved since, so the bot
forgets it (a simplification that costs strength, never correctness).
"""

from __future__ import annotations

import random

from ...core.api import State
from .bots import greedy_player
from .notation import HIDDEN_POSITIONS, NUMBERS, WORD_BASE, decode_choice
from .state import DEALING, EFFECT, GUESTS, ElvState
from .views import visible_face_down


def known_cards(state: ElvState, player: int) -> set[int]:
    """The cards ``player`` can identify where they lie now."""
    known: set[int] = set(state.kitchen[player])
    if state.aside[player] >= 0:
        known.add(state.aside[player])
    if state.centre >= 0:
        known.add(state.centre)
    for p in range(state.n):
        row = state.spread[p]
        for position in range(1, 11):
            if row[position] >= 0 and state.up[p] >> position & 1:
                known.add(row[position])
    known |= visible_face_down(state, player)
    if state.current_player() == player:
        for action in state.legal_actions():
            if action >= WORD_BASE:
                word, args = decode_choice(action)
                if word in ("flip", "take", "give", "pass") and args:
                    known.add(args[0])
    return known


def sample_state(state: State, player: int, rng: random.Random) -> ElvState:
    """A position equal to ``state`` in all ``player`` sees, hidden cards dealt afresh."""
    assert isinstance(state, ElvState)
    det = state.clone()
    known = known_cards(state, player)
    n = state.n
    # the hidden places, in a fixed order: face-down spread positions, kitchens, set-aside cards
    places: list[tuple[str, int, int]] = []
    for p in range(n):
        row = state.spread[p]
        for position in HIDDEN_POSITIONS:
            card = row[position]
            if card >= 0 and not state.up[p] >> position & 1 and card not in known:
                places.append(("spread", p, position))
    kitchens: list[list[int]] = []
    for p in range(n):
        kept = sorted(c for c in state.kitchen[p] if c in known)
        hidden = sorted(c // NUMBERS for c in state.kitchen[p] if c not in known)  # the backs
        kitchens.append(kept)
        for index, back in enumerate(hidden):
            places.append(("kitchen", p, back * 100 + index))
    for p in range(n):
        if state.aside[p] >= 0 and state.aside[p] not in known:
            places.append(("aside", p, 0))

    def back_of(place: tuple[str, int, int]) -> int:
        kind, p, where = place
        if kind == "spread":
            return state.spread[p][where] // NUMBERS
        if kind == "kitchen":
            return where // 100
        return state.aside[p] // NUMBERS

    # the hidden cards of each set (which ones they are is no secret: all the set's cards
    # but the known ones), sorted, shuffled and dealt to the set's hidden places in order
    pools: dict[int, list[int]] = {}
    for s in range(n):
        pool = [c for c in range(s * NUMBERS, (s + 1) * NUMBERS) if c not in known]
        on_table = [place for place in places if back_of(place) == s]
        pool = [c for c in pool if not _elsewhere(state, c)]
        if len(pool) != len(on_table):  # a card off the table (being dealt): deal no afresh
            return _fallback(det, state, player)
        rng.shuffle(pool)
        pools[s] = pool
    mapping: dict[int, int] = {}
    for place in places:
        kind, p, where = place
        new = pools[back_of(place)].pop()
        if kind == "spread":
            mapping[state.spread[p][where]] = new
            det.spread[p][where] = new
        elif kind == "kitchen":
            kitchens[p].append(new)
        else:
            mapping[state.aside[p]] = new
            det.aside[p] = new
    for p in range(n):
        old_hidden = sorted(c for c in state.kitchen[p] if c not in known)
        # a card an effect names that was in a kitchen: follow it to its new identity
        new_hidden = kitchens[p][len(kitchens[p]) - len(old_hidden):]
        for old, new in zip(sorted(old_hidden, key=lambda c: c // NUMBERS), new_hidden,
                            strict=True):
            mapping.setdefault(old, new)
        det.kitchen[p] = sorted(kitchens[p])
    _deal_guests(det, state, player, rng)
    if state.phase == EFFECT and mapping:
        _remap_frames(det, state, mapping)
    det.seen = [e for e in state.seen if e[0] >> player & 1]
    det.legal = None
    return det


def _elsewhere(state: ElvState, card: int) -> bool:
    """Whether ``card`` lies in the deck (being dealt) or the centre: not in a hidden place."""
    return card == state.centre or card in state.deck


def _fallback(det: ElvState, state: ElvState, player: int) -> ElvState:
    det.seen = [e for e in state.seen if e[0] >> player & 1]
    det.legal = None
    return det


def _deal_guests(det: ElvState, state: ElvState, player: int, rng: random.Random) -> None:
    """ELV.GUESTS.DEAL: the other players' unrevealed guests, drawn from the unseen ones."""
    hidden = [p for p in range(state.n) if p != player and state.guest[p]
              and not state.revealed[p]]
    if not hidden:
        return
    seen = {state.guest[p] for p in range(state.n) if p == player or state.revealed[p]}
    pool = sorted(g for g in state.game.cards.guests if g not in seen)
    rng.shuffle(pool)
    for p in hidden:
        det.guest[p] = pool.pop()


def _remap_frames(det: ElvState, state: ElvState, mapping: dict[int, int]) -> None:
    """Names an effect in progress gave to cards now dealt afresh follow them."""
    for frame in det.stack:
        statements = state.cards.statements(frame.card % NUMBERS + 1, frame.event)
        card_names = {name for st in statements for name, kind in st.binds if kind == "card"}
        for name in card_names:
            value = frame.vars.get(name)
            if value is not None and value in mapping:
                frame.vars[name] = mapping[value]


LOOKAHEAD = 40
"""A simulation stops after this many moves, or at the end of its round if sooner."""
WITHIN_ROUND = 0.3
"""How much of the spread values' share counts when a round has not ended."""


def evaluate(state: State) -> list[float]:
    """A position's worth to each player when a simulation stops before the game's end.  At
    the end of a round: her share of the cubes that round paid (equal shares when it paid
    none); within a round: a fair share moved ``WITHIN_ROUND`` of the way to her share of the
    squared spread values (ELV.SCORE.VALUE, each counted one more; the others' halved), a
    guess at her chance to take the round."""
    assert isinstance(state, ElvState)
    if state.is_terminal():
        return state.returns()
    if state.phase in (DEALING, GUESTS):  # the round just ended
        paid = list(state.last["paid"]) if state.last is not None else [0] * state.n
        total = sum(paid)
        if total == 0:
            return [1.0 / state.n] * state.n
        return [c / total for c in paid]
    values = [state.value(p) + 1 for p in range(state.n)]
    best = max(values)
    weights = [v * v if v == best else v * v / 2 for v in values]
    total_weight = sum(weights)
    fair = 1.0 / state.n
    # a lead within a round is worth less than the round taken: shrink towards a fair share
    return [fair + WITHIN_ROUND * (w / total_weight - fair) for w in weights]


def horizon(root: State, state: State) -> bool:
    """A simulation stops at the end of the round it started in (its cubes are paid), or
    ``LOOKAHEAD`` moves after it started."""
    assert isinstance(root, ElvState) and isinstance(state, ElvState)
    return state.round != root.round or len(state.history) - len(root.history) >= LOOKAHEAD


ROLLOUT = greedy_player
"""Simulations are played by the greedy bot (a random one ends rounds at random)."""

__all__ = ["ROLLOUT", "evaluate", "horizon", "known_cards", "sample_state"]
