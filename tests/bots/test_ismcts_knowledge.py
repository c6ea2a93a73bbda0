"""What the Elevenes search bot may know, and that it uses it (ELV.INFO.MEMORY,
ELV.KEEP.ELEVENSES).

A player remembers the cards she laid face down herself and the cards Tea turned face down;
only she moves the cards of her own spread, so the last such memory of a position still face
down names the card there.  A set's Elevenses never leaves its owner.  The positions the bot
samples must respect both, and what it remembers must be what truly lies there.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from elevenes.bots.ismcts import search_for
from elevenes.games import load_game
from elevenes.games.elevenes.notation import ELEVENSES, HIDDEN_POSITIONS, NUMBERS
from elevenes.games.elevenes.sample import (
    LONG_ROUND,
    known_cards,
    ranked_moves,
    remembered_face_down,
    sample_state,
)
from elevenes.games.elevenes.state import ElvState

CONFIGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "edition": "fr"},
    {"players": 4, "guests": True},
]


def decisions(options: dict[str, Any], seed: int, limit: int) -> Iterator[ElvState]:
    """The decisions of a seeded game of random moves (the state, before each move)."""
    rng = random.Random(seed)
    state = load_game("elevenes", options).new_initial_state()
    assert isinstance(state, ElvState)
    count = 0
    while not state.is_terminal() and count < limit:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        yield state
        count += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


def face_down_at(state: ElvState, player: int) -> dict[int, int]:
    return {pos: state.spread[player][pos] for pos in HIDDEN_POSITIONS
            if state.spread[player][pos] >= 0 and not state.up[player] >> pos & 1}


@pytest.mark.parametrize("options", CONFIGS)
def test_what_she_remembers_lying_face_down_in_her_spread_truly_lies_there(
    options: dict[str, Any]
) -> None:
    remembered = 0
    for seed in range(4):
        for state in decisions(options, seed, 600):
            player = state.current_player()
            down = set(face_down_at(state, player).values())
            cards = remembered_face_down(state, player)
            assert cards <= down, (seed, len(state.history))
            remembered += len(cards)
    assert remembered > 200  # random play arranges often: the memory is exercised


@pytest.mark.parametrize("options", CONFIGS)
def test_a_sampled_position_keeps_the_cards_she_laid_face_down_where_they_lie(
    options: dict[str, Any]
) -> None:
    rng = random.Random(5)
    kept = 0
    for state in decisions(options, 11, 400):
        player = state.current_player()
        remembered = remembered_face_down(state, player)
        real = face_down_at(state, player)
        for _ in range(3):
            det = sample_state(state, player, rng)
            for pos, card in real.items():
                if card in remembered:
                    assert det.spread[player][pos] == card
                    kept += 1
    assert kept > 100


@pytest.mark.parametrize("options", CONFIGS)
def test_a_sampled_position_leaves_every_elevenses_with_its_owner(
    options: dict[str, Any]
) -> None:
    """ELV.KEEP.ELEVENSES: never in another player's kitchen or spread, never set aside."""
    rng = random.Random(3)
    for state in decisions(options, 2, 300):
        player = state.current_player()
        det = sample_state(state, player, rng)
        for owner in range(det.n):
            elevenses = owner * NUMBERS + ELEVENSES - 1
            for p in range(det.n):
                if p != owner:
                    assert elevenses not in det.kitchen[p]
                    assert elevenses not in det.spread[p]
                assert det.aside[p] != elevenses


def test_the_others_are_taken_to_keep_the_elevenses_they_come_across() -> None:
    """Another player who has turned over most of her spread has most likely picked her
    Elevenses up and kept it: the samples put it in her kitchen more often than an even
    deal of her hidden cards would."""
    for state in decisions({"players": 2}, 8, 2000):
        player = state.current_player()
        other = 1 - player
        elevenses = other * NUMBERS + ELEVENSES - 1
        uncovered = sum(1 for pos in HIDDEN_POSITIONS if state.up[other] >> pos & 1)
        hidden_kitchen = [c for c in state.kitchen[other] if c // NUMBERS == other]
        hidden_spread = [c for c in face_down_at(state, other).values() if c // NUMBERS == other]
        known = known_cards(state, player)
        if (uncovered >= 5 and elevenses not in known and elevenses != state.centre
                and hidden_kitchen and hidden_spread):
            break
    else:
        pytest.fail("no position to test")
    rng = random.Random(1)
    draws = 400
    in_kitchen = sum(elevenses in sample_state(state, player, rng).kitchen[other]
                     for _ in range(draws))
    even = len(hidden_kitchen) / (len(hidden_kitchen) + len(hidden_spread))
    expected = max((3 + uncovered) / 11, even)
    assert abs(in_kitchen / draws - expected) < 0.08
    assert in_kitchen / draws > even + 0.1 or expected == even


def looping_position() -> ElvState:
    """A two-player position of greedy play in a long round, the player to move tied for
    the lead and holding a playable Elevenses."""
    from elevenes.games.elevenes.bots import greedy_player

    for seed in range(200):
        rng = random.Random(seed)
        state = load_game("elevenes", {"players": 2}).new_initial_state()
        assert isinstance(state, ElvState)
        while not state.is_terminal() and len(state.history) < 3000:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            player = state.current_player()
            values = [state.value(p) for p in range(2)]
            ending = [a for a in state.legal_actions()
                      if 100 <= a < 200 and (a - 100) % NUMBERS + 1 == ELEVENSES]
            laid = sum(1 for e in state.seen if e[1] == "placed" and e[2] == player)
            if (state.phase == "turn" and ending and values[0] == values[1]
                    and laid >= LONG_ROUND):
                return state
            state.apply_action(greedy_player(state, rng))
    pytest.fail("no long round found")


def test_in_a_long_tied_round_the_search_bot_ends_it() -> None:
    """ELV.RULING.GAME-LENGTH: two greedy players who both wait can play one round for ever;
    the search bot ends such a round when it is not behind."""
    state = looping_position()
    player = state.current_player()
    first = ranked_moves(state, random.Random(0))[0]
    assert state.action_to_string(first).startswith("play 11")
    bot = search_for("elevenes.games.elevenes", iterations=16)
    assert bot(state.clone(), random.Random(0)) == first
    assert state.value(player) == max(state.value(p) for p in range(2))


@pytest.mark.parametrize("options", CONFIGS)
def test_what_the_bot_remembers_is_read_from_her_observation(options: dict[str, Any]) -> None:
    """The bot reads only what the player may know: the remembered cards follow from her
    observation alone (its memories, ``seen``, and which positions lie face down)."""
    from elevenes.games.elevenes.notation import card_str

    checked = 0
    for state in decisions(options, 21, 500):
        player = state.current_player()
        doc = state.observation(player)
        last: dict[int, str] = {}
        for memory in doc["seen"]:
            if memory["player"] == player and memory["kind"] in ("placed", "flipped"):
                last[memory["position"]] = memory["cards"][0]
        spread = doc["players"][player]["spread"]
        expected = {card for pos, card in last.items()
                    if spread[pos - 1] is not None and spread[pos - 1].startswith("~")}
        assert {card_str(c) for c in remembered_face_down(state, player)} == expected
        checked += bool(expected)
    assert checked > 50
