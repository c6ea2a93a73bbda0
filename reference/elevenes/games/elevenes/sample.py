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

import functools
import random

from ...core.api import Action, State
from .bots import greedy_player, usefulness
from .notation import ARRANGE, ELEVENSES, HIDDEN_POSITIONS, NUMBERS, PLAY, WORD_BASE, decode_choice
from .primitives import FLIPPED, PLACED
from .state import DEALING, EFFECT, GUESTS, SECOND, TURN, ElvState
from .views import frame_statements, visible_face_down


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
    known |= remembered_face_down(state, player)
    if state.current_player() == player:
        for action in state.legal_actions():
            if action >= WORD_BASE:
                word, args = decode_choice(action)
                if word in ("flip", "take", "give", "pass") and args:
                    known.add(args[0])
    return known


def remembered_face_down(state: ElvState, player: int) -> set[int]:
    """The face-down cards of ``player``'s own spread she knows from memory (ELV.INFO.MEMORY):
    at each face-down position, the card she last laid there herself (``placed``) or the card
    Tea last turned face down there (``flipped``, seen by all).  Only she moves the cards of
    her spread's positions 2-9: a later arrange there is a later ``placed``, a card played
    there lies face up until a Tea turns it down (a later ``flipped``), so the last such
    memory of a position that is face down now still names its card."""
    last: dict[int, int] = {}
    for viewers, kind, owner, position, cards, _by in state.seen:
        if owner == player and viewers >> player & 1 and kind in (PLACED, FLIPPED) and cards:
            last[position] = cards[0]
    up = state.up[player]
    return {card for position, card in last.items() if not up >> position & 1}


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
    fixed: dict[tuple[str, int, int], int] = {}
    for s in range(n):
        pool = [c for c in range(s * NUMBERS, (s + 1) * NUMBERS) if c not in known]
        on_table = [place for place in places if back_of(place) == s]
        pool = [c for c in pool if not _elsewhere(state, c)]
        if len(pool) != len(on_table):  # a card off the table (being dealt): deal no afresh
            return _fallback(det, state, player)
        rng.shuffle(pool)
        pools[s] = pool
        elevenses = s * NUMBERS + ELEVENSES - 1
        if elevenses in pool:
            # ELV.KEEP.ELEVENSES: a set's Elevenses never leaves its owner, so it lies in her
            # kitchen or face down in her spread; the others have seen her keep it
            spot = _place_elevenses(state, s, player, on_table, rng)
            if spot is not None:
                pool.remove(elevenses)
                fixed[spot] = elevenses
    mapping: dict[int, int] = {}
    for place in places:
        kind, p, where = place
        new = fixed[place] if place in fixed else pools[back_of(place)].pop()
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


KEPT_IN_KITCHEN = 3
"""Of a set's 11 cards, how many its owner holds at the deal (ELV.ROUND.DEAL)."""


def _place_elevenses(state: ElvState, owner: int, player: int,
                     on_table: list[tuple[str, int, int]],
                     rng: random.Random) -> tuple[str, int, int] | None:
    """Where ``owner``'s hidden Elevenses lies in a sample for ``player``: her own kitchen
    or a face-down position of her own spread (ELV.KEEP.ELEVENSES).  Another player's is in
    her kitchen with the chance that she has come across it and kept it: it was one of the
    3 cards of her kitchen dealt, or lay under one of the ``u`` positions 2-9 she has turned
    face up since, so at least (3 + u) / 11 (or as many of its possible places as lie in her
    kitchen, if more); else at one of the face-down positions, each as likely."""
    kitchen = [pl for pl in on_table if pl[0] == "kitchen" and pl[1] == owner]
    spread = [pl for pl in on_table if pl[0] == "spread" and pl[1] == owner]
    if not kitchen and not spread:
        return None
    if kitchen and spread and owner != player:
        uncovered = sum(1 for pos in HIDDEN_POSITIONS if state.up[owner] >> pos & 1)
        chance = max((KEPT_IN_KITCHEN + uncovered) / NUMBERS,
                     len(kitchen) / (len(kitchen) + len(spread)))
        pick = kitchen if rng.random() < chance else spread
    else:
        pick = kitchen + spread
    return pick[rng.randrange(len(pick))]


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
    if state.game.guest_timing == "c":
        # ELV.RULING.GUEST-TIMING (c): whether a drawn guest was complete as the turn began is
        # guessed from the spread now (the player whose turn it is may just have completed it)
        complete = det.complete_mask()
        for p in hidden:
            det.complete_at_start &= ~(1 << p)
            if p != state.turn and complete >> p & 1:
                det.complete_at_start |= 1 << p


def _remap_frames(det: ElvState, state: ElvState, mapping: dict[int, int]) -> None:
    """Names an effect in progress gave to cards now dealt afresh follow them."""
    for frame in det.stack:
        statements = frame_statements(state, frame)
        card_names = {name for st in statements for name, kind in st.binds if kind == "card"}
        for name in card_names:
            value = frame.vars.get(name)
            if value is not None and value in mapping:
                frame.vars[name] = mapping[value]


LOOKAHEAD = 40
"""A simulation stops after this many moves, or at the end of its round if sooner."""
WITHIN_ROUND = 0.3
"""How much of the spread values' share counts when a round has not ended."""


TIED_ROUND = 0.1
"""The chance of a tied round (a cube each), in the two-player game's worth of cube counts."""


@functools.lru_cache(maxsize=4096)
def duel_worth(mine: int, theirs: int, target: int, outright: bool, bowl: int) -> float:
    """Two players, a round about to start: the chance that the one with ``mine`` cubes wins
    the game (a shared victory counted half), if every round is taken by either player alike
    (2 cubes, ELV.SCORE.TWO-PLAYER) or tied (a cube each, ``TIED_ROUND``) and the game ends as
    ELV.GAME.END says (ELV.GAME.SHARED, ELV.VARIANT.OUTRIGHT, ELV.RULING.BOWL-EMPTY)."""
    won = (1.0 - TIED_ROUND) / 2
    return (won * _after(mine + 2, theirs, target, outright, bowl - 2)
            + won * _after(mine, theirs + 2, target, outright, bowl - 2)
            + TIED_ROUND * _after(mine + 1, theirs + 1, target, outright, bowl - 2))


def _after(mine: int, theirs: int, target: int, outright: bool, bowl: int) -> float:
    """The worth of a round's end with these cube counts: the game's result if it is over."""
    if bowl <= 0 or (max(mine, theirs) >= target and (mine != theirs or not outright)):
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return duel_worth(mine, theirs, target, outright, bowl)


def evaluate(state: State) -> list[float]:
    """A position's worth to each player when a simulation stops before the game's end.

    Two players: her chance to win the game from the cubes held (``duel_worth``) at the end
    of a round; within a round, the worth of her taking the round or losing it, weighed by a
    guess at her chance to take it (below).  Three or four: at the end of a round her share
    of the cubes that round paid (equal shares when it paid none); within a round the guess
    itself: a fair share moved ``WITHIN_ROUND`` of the way to her share of the squared spread
    values (ELV.SCORE.VALUE, each counted one more; the others' halved)."""
    assert isinstance(state, ElvState)
    if state.is_terminal():
        return state.returns()
    n = state.n
    target = int(state.game.options["target"])
    outright = bool(state.game.options["outright"])
    if state.phase in (DEALING, GUESTS):  # the round just ended
        if n == 2:
            worth = duel_worth(state.cubes[0], state.cubes[1], target, outright, state.bowl)
            return [worth, 1.0 - worth]
        paid = list(state.last["paid"]) if state.last is not None else [0] * n
        total = sum(paid)
        if total == 0:
            return [1.0 / n] * n
        return [c / total for c in paid]
    values = [state.value(p) + 1 for p in range(n)]
    best = max(values)
    weights = [v * v if v == best else v * v / 2 for v in values]
    total_weight = sum(weights)
    fair = 1.0 / n
    # a lead within a round is worth less than the round taken: shrink towards a fair share
    chances = [fair + WITHIN_ROUND * (w / total_weight - fair) for w in weights]
    if n != 2:
        return chances
    a, b, bowl = state.cubes[0], state.cubes[1], state.bowl - 2
    worth = (chances[0] * _after(a + 2, b, target, outright, bowl)
             + chances[1] * _after(a, b + 2, target, outright, bowl))
    return [worth, 1.0 - worth]


def horizon(root: State, state: State) -> bool:
    """A simulation stops at the end of the round it started in (its cubes are paid), or
    ``LOOKAHEAD`` moves after it started."""
    assert isinstance(root, ElvState) and isinstance(state, ElvState)
    return state.round != root.round or len(state.history) - len(root.history) >= LOOKAHEAD


def ranked_moves(state: State, rng: random.Random) -> list[Action]:
    """The moves the search weighs, the most promising first: the greedy bot's own move, then
    the cards she may play (the most useful first), then one arrange action per kitchen card
    (the least useful card first, at a position whose card she does not remember), then
    every other move.  In a long round (``LONG_ROUND``) where she is not behind, only the
    Elevenses that ends it."""
    assert isinstance(state, ElvState)
    legal = state.legal_actions()
    if len(legal) < 2:
        return list(legal)
    first = greedy_player(state, rng)
    player = state.current_player()
    if state.phase == TURN and _long_round(state, player):
        # ELV.RULING.GAME-LENGTH: two players who both wait can go on for ever; after a long
        # round she ends it while not behind (a tie pays each a cube, the game moves on)
        values = [state.value(p) for p in range(state.n)]
        if values[player] == max(values):
            ending = [a for a in legal
                      if PLAY <= a < ARRANGE and (a - PLAY) % NUMBERS + 1 == ELEVENSES]
            if ending:
                return ending[:1]  # the one move she weighs

    arranging = state.phase in (TURN, SECOND)
    remembered = remembered_face_down(state, player) if arranging else set()
    row = state.spread[player]
    noise = {a: rng.random() for a in legal}
    tried: set[int] = set()

    def rank(action: Action) -> tuple[int, float]:
        if PLAY <= action < ARRANGE:
            return 0, -usefulness(state, player, action - PLAY)
        if arranging and ARRANGE <= action < WORD_BASE:
            card, slot = divmod(action - ARRANGE, 8)
            # a position whose card she remembers gives that card back: unknown ones first
            return (2 if row[slot + 2] in remembered else 1), usefulness(state, player, card)
        return 3, 0.0

    ordered = sorted((a for a in legal if a != first), key=lambda a: (*rank(a), noise[a]))
    # one arrange action per card first (the positions alike), the others after every move
    rest: list[Action] = []
    later: list[Action] = []
    for action in ordered:
        if arranging and ARRANGE <= action < WORD_BASE:
            card = (action - ARRANGE) // 8
            if card in tried:
                later.append(action)
                continue
            tried.add(card)
        rest.append(action)
    return [first, *rest, *later]


LONG_ROUND = 24
"""A round is long once the player remembers laying this many cards face down in it."""


def _long_round(state: ElvState, player: int) -> bool:
    """Whether ``player`` remembers laying ``LONG_ROUND`` cards face down this round
    (ELV.INFO.MEMORY: her own ``placed`` memories)."""
    laid = sum(1 for e in state.seen if e[1] == PLACED and e[2] == player and e[0] >> player & 1)
    return laid >= LONG_ROUND


PRIOR = ranked_moves
"""The order in which the search widens its choices (``elevenes.bots.ismcts``)."""
WIDENING = 1.0
"""A node visited ``v`` times weighs its ``1 + WIDENING * sqrt(v)`` first moves."""
ITERATIONS = 200
"""The default budget of Elevenes' search bot: simulations per decision (docs/bots.md: the
times measured)."""
PAIRED = 6
"""Elevenes is searched flat: the first ``PAIRED`` moves of ``ranked_moves``, each tried on
the same sampled positions with the same simulations (``Search.compare``)."""
MARGIN = 0.02
"""How much better than the greedy bot's move another must seem, in mean worth, to be
played instead (its simulations' noise is not a reason to leave the greedy move)."""

ROLLOUT = greedy_player
"""Simulations are played by the greedy bot (a random one ends rounds at random)."""

__all__ = ["ROLLOUT", "evaluate", "horizon", "known_cards", "sample_state"]
