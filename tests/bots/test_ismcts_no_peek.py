"""The search bot sees only what its seat sees.

For every game: take a position reached by seeded random play, and a second position that
looks exactly the same to the player deciding (an equal observation) but holds different
hidden cards (two hidden cards swapped).  With the same seed the bot must choose the same
move in both.  Also: every position the bot samples looks to that player just like the real
one (the same observation and legal moves).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elevenes.bots.ismcts import Search, search_for
from elevenes.core.api import State
from elevenes.games import load_game
from elevenes.games.bowling_solitaire.state import PLAY, BowlingState
from elevenes.games.elevenes.sample import known_cards
from elevenes.games.elevenes.state import ElvState
from elevenes.games.one_eleven.state import OneElevenState

ELV_CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "edition": "fr"},
    {"players": 4, "guests": True},
    {"players": 2, "edition": "fr", "guests": True},
]
PACKAGES = {
    "elevenes": "elevenes.games.elevenes",
    "111": "elevenes.games.one_eleven",
    "bowling-solitaire": "elevenes.games.bowling_solitaire",
}


def decision_after(game_id: str, options: dict[str, Any], seed: int, steps: int) -> State | None:
    """The first decision (not chance, not the end) after ``steps`` seeded random actions."""
    rng = random.Random(seed)
    state = load_game(game_id, options).new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            return None
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    if state.is_terminal() or len(state.legal_actions()) < 2:
        return None
    return state


def small_search(game_id: str) -> Search:
    return search_for(PACKAGES[game_id], iterations=12)


# -- two positions that look the same to the player deciding ---------------------------------
def elv_twin(state: ElvState, pick: random.Random) -> ElvState | None:
    """Two hidden cards of the same back swapped (spread face down, kitchens, set aside)."""
    player = state.current_player()
    known = known_cards(state, player)
    places: list[tuple[str, int, int]] = []
    for p in range(state.n):
        for pos in range(2, 10):
            card = state.spread[p][pos]
            if card >= 0 and not state.up[p] >> pos & 1 and card not in known:
                places.append(("spread", p, pos))
        if p != player:
            places.extend(("kitchen", p, i) for i, c in enumerate(state.kitchen[p])
                          if c not in known)

    def card_at(place: tuple[str, int, int]) -> int:
        kind, p, where = place
        return state.spread[p][where] if kind == "spread" else state.kitchen[p][where]

    pairs = [(a, b) for i, a in enumerate(places) for b in places[i + 1:]
             if card_at(a) // 11 == card_at(b) // 11]
    if not pairs:
        return None
    a, b = pairs[pick.randrange(len(pairs))]
    twin = state.clone()
    for place, card in ((a, card_at(b)), (b, card_at(a))):
        kind, p, where = place
        if kind == "spread":
            twin.spread[p][where] = card
        else:
            twin.kitchen[p][where] = card
    twin.legal = None
    if twin.observation(player) != state.observation(player):
        return None  # e.g. a card she was shown earlier this round (ELV.INFO.MEMORY)
    return twin


def g111_twin(state: OneElevenState, pick: random.Random) -> OneElevenState | None:
    """A card of another player's hand swapped with a different one from the draw pile."""
    player = state.current_player()
    holders = [p for p in range(state.n) if p != player and state.hands[p]]
    pile = [c for c, k in enumerate(state.pile) if k]
    if not holders or not pile:
        return None
    p = holders[pick.randrange(len(holders))]
    i = pick.randrange(len(state.hands[p]))
    old = state.hands[p][i]
    choices = [c for c in pile if c != old]
    if not choices:
        return None
    new = choices[pick.randrange(len(choices))]
    twin = state.clone()
    twin.hands[p][i] = new
    twin.hands[p].sort()
    twin.pile[new] -= 1
    twin.pile[old] += 1
    assert twin.observation(player) == state.observation(player)
    return twin


def bowling_twin(state: BowlingState, pick: random.Random) -> BowlingState | None:
    """Two different cards under the piles' top cards swapped."""
    if state.phase != PLAY:
        return None
    under = [(i, j) for i, pile in enumerate(state.piles) for j in range(len(pile) - 1)]
    pairs = [(a, b) for k, a in enumerate(under) for b in under[k + 1:]
             if state.piles[a[0]][a[1]] != state.piles[b[0]][b[1]]]
    if not pairs:
        return None
    (pa, ia), (pb, ib) = pairs[pick.randrange(len(pairs))]
    twin = state.clone()
    twin.piles[pa][ia], twin.piles[pb][ib] = state.piles[pb][ib], state.piles[pa][ia]
    assert twin.observation(0) == state.observation(0)
    return twin


def twin_of(state: State, pick: random.Random) -> State | None:
    if isinstance(state, ElvState):
        return elv_twin(state, pick)
    if isinstance(state, OneElevenState):
        return g111_twin(state, pick)
    assert isinstance(state, BowlingState)
    return bowling_twin(state, pick)


def same_move_in_twins(game_id: str, options: dict[str, Any], seed: int, steps: int,
                       bot_seed: int) -> bool:
    """Whether a pair was found; asserts the bot's move is the same in both."""
    state = decision_after(game_id, options, seed, steps)
    if state is None:
        return False
    twin = twin_of(state, random.Random(seed))
    if twin is None:
        return False
    bot = small_search(game_id)
    here = bot(state.clone(), random.Random(bot_seed))
    there = bot(twin.clone(), random.Random(bot_seed))
    assert here == there, (
        f"{game_id}: the bot chose {state.action_to_string(here)!r} in one position and "
        f"{twin.action_to_string(there)!r} in another that looks the same to its player"
    )
    return True


@settings(max_examples=30)
@given(config=st.sampled_from(ELV_CONFIGS), seed=st.integers(0, 10_000),
       steps=st.integers(40, 400), bot_seed=st.integers(0, 1000))
def test_elevenes_bot_moves_alike_in_positions_that_look_alike(
    config: dict[str, Any], seed: int, steps: int, bot_seed: int
) -> None:
    same_move_in_twins("elevenes", config, seed, steps, bot_seed)


@settings(max_examples=30)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), steps=st.integers(0, 300),
       bot_seed=st.integers(0, 1000))
def test_111_bot_moves_alike_in_positions_that_look_alike(
    players: int, seed: int, steps: int, bot_seed: int
) -> None:
    same_move_in_twins("111", {"players": players}, seed, steps, bot_seed)


@settings(max_examples=30)
@given(seed=st.integers(0, 10_000), steps=st.integers(20, 300), bot_seed=st.integers(0, 1000))
def test_bowling_bot_moves_alike_in_positions_that_look_alike(
    seed: int, steps: int, bot_seed: int
) -> None:
    same_move_in_twins("bowling-solitaire", {}, seed, steps, bot_seed)


def test_the_twins_are_found_often_enough_to_test_something() -> None:
    """The property tests above skip positions without a pair to swap: most have one."""
    found = {game_id: 0 for game_id in PACKAGES}
    for seed in range(12):
        found["elevenes"] += same_move_in_twins("elevenes", {"players": 2}, seed, 60 + seed * 20,
                                                seed)
        found["111"] += same_move_in_twins("111", {"players": 3}, seed, 20 + seed * 15, seed)
        found["bowling-solitaire"] += same_move_in_twins("bowling-solitaire", {}, seed,
                                                         20 + seed * 7, seed)
    assert all(count >= 6 for count in found.values()), found


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("elevenes", {"players": 2}), ("elevenes", {"players": 4, "guests": True}),
     ("elevenes", {"players": 3, "edition": "fr", "guests": True}),
     ("111", {"players": 2}), ("111", {"players": 6}), ("bowling-solitaire", {})],
)
def test_sampled_positions_look_like_the_real_one(game_id: str, options: dict[str, Any]) -> None:
    """Along a seeded game, every sampled position shows the deciding player the same
    observation and the same legal moves as the real position."""
    import importlib

    sample = importlib.import_module(PACKAGES[game_id] + ".sample").sample_state
    rng = random.Random(7)
    state = load_game(game_id, options).new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 150:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        player = state.current_player()
        det = sample(state, player, rng)
        assert det.observation(player) == state.observation(player)
        assert det.legal_actions() == state.legal_actions()
        checked += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert checked >= 30
