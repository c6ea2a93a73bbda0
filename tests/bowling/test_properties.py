"""Random playouts with invariants, JSON round trips, replays and hidden information."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elevenes.core.errors import BadState, IllegalAction
from elevenes.core.play import replay, sample_chance
from elevenes.games.bowling_solitaire import KNOCK_BASE, BowlingGame, BowlingState
from elevenes.games.bowling_solitaire.bots import greedy_player
from elevenes.games.bowling_solitaire.scoring import frame_scores, pad_total

from .conftest import SAMPLE_PILES, SAMPLE_PINS, X1_PILES, X1_PINS, rack_doc


def cards_in_play(state: BowlingState) -> list[int]:
    """Every card, by number: standing pins, pile cards, out of play and not yet dealt."""
    counts = list(state.stock)
    for v in state.pins:
        if v >= 0:
            counts[v] += 1
    for pile in state.piles:
        for v in pile:
            counts[v] += 1
    return [c + o for c, o in zip(counts, state.out, strict=True)]


def check_pad(pad: list[list[int]]) -> None:
    for score in frame_scores(pad):
        assert score is None or 0 <= score <= 30
    assert 0 <= pad_total(pad) <= 300


def playout(game: BowlingGame, seed: int, greedy: bool = False) -> BowlingState:
    """A whole game, checking the invariants after every action."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    ball_pins = 0  # pins taken by knocks since the last ball ended
    balls_seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        elif greedy:
            action = greedy_player(state, rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        if action >= KNOCK_BASE:
            ball_pins += ((action - KNOCK_BASE) % KNOCK_BASE).bit_count()
        frame_before = state.frame
        state.apply_action(action)
        # twenty cards, 0-9 twice, whatever happens (BWL.SETUP.CARDS)
        assert cards_in_play(state) == [2] * 10
        # the pad agrees with the pins knocked down ball by ball
        flat = [p for balls in state.pad for p in balls]
        if len(flat) > balls_seen:
            new = flat[balls_seen:]
            assert new[0] == ball_pins, (seed, state.pad)
            assert all(p == 0 for p in new[1:])
            balls_seen = len(flat)
            ball_pins = 0
        if state.frame != frame_before:
            check_pad(state.pad)
            assert all(v == -1 for v in state.pins) and state.phase == 0
        assert 10 - state.standing.bit_count() >= 0
    check_pad(state.pad)
    assert len(state.pad) == 10
    assert state.score() == pad_total(state.pad)
    return state


def test_thousands_of_random_playouts(game: BowlingGame) -> None:
    scores = [playout(game, seed).score() for seed in range(1500)]
    assert min(scores) >= 0 and max(scores) <= 300
    assert 40 < sum(scores) / len(scores) < 100


def test_greedy_playouts(game: BowlingGame) -> None:
    scores = [playout(game, seed, greedy=True).score() for seed in range(200)]
    assert sum(scores) / len(scores) > 100


def test_replay_reproduces_the_game(game: BowlingGame) -> None:
    for seed in range(20):
        state = playout(game, 10_000 + seed)
        again = replay(game, state.history)
        assert again.to_json() == state.to_json()
        strings = []
        walker = game.new_initial_state()
        for action in state.history:
            strings.append(walker.action_to_string(action))
            walker.apply_action(action)
        assert replay(game, strings).to_json() == state.to_json()


def random_position(game: BowlingGame, seed: int, steps: int) -> BowlingState:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    return state


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 400))
def test_json_round_trip(game: BowlingGame, seed: int, steps: int) -> None:
    state = random_position(game, seed, steps)
    doc = state.to_json()
    loaded = game.state_from_json(copy.deepcopy(doc))
    assert loaded.to_json() == doc
    assert loaded.legal_actions() == state.legal_actions()
    assert loaded.current_player() == state.current_player()
    assert loaded.returns() == state.returns()
    assert loaded.observation(0) == state.observation(0)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_clone_is_independent(game: BowlingGame, seed: int, steps: int) -> None:
    state = random_position(game, seed, steps)
    doc = state.to_json()
    copy_ = state.clone()
    rng = random.Random(seed)
    for _ in range(30):
        if copy_.is_terminal():
            break
        actions = copy_.legal_actions()
        copy_.apply_action(actions[rng.randrange(len(actions))])
    assert state.to_json() == doc


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300), probe=st.integers(0, 4095))
def test_refusals_change_nothing(game: BowlingGame, seed: int, steps: int, probe: int) -> None:
    state = random_position(game, seed, steps)
    doc = state.to_json()
    if probe in state.legal_actions():
        return
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(probe)
    assert refused.value.rule_id.startswith("BWL.")
    assert state.to_json() == doc


def test_observation_hides_face_down_cards(game: BowlingGame) -> None:
    one = game.state_from_json(rack_doc(SAMPLE_PINS, SAMPLE_PILES))
    swapped = [[0, 6, 3, 8, 5], [0, 9, 3], [4, 4]]  # same tops, other cards beneath
    other = game.state_from_json(rack_doc(SAMPLE_PINS, swapped))
    assert one.to_json() != other.to_json()
    assert one.observation(0) == other.observation(0)
    text = str(one.observation(0)["piles"])
    assert "5" not in text.replace("'hidden': ", "")  # the 5 under the left 0 is hidden


def test_observation_during_deal_hides_pile_cards(game: BowlingGame) -> None:
    state = game.new_initial_state()
    for v in [*X1_PINS, 3, 2]:
        state.apply_action(v)
    seen = state.observation(0)
    assert seen["piles"][0] == {"top": None, "hidden": 2}
    assert seen["pins"]["A"] == 6


def valid_doc() -> dict[str, Any]:
    return rack_doc(X1_PINS, X1_PILES)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(game="elevenes"), "game"),
        (lambda d: d["pins"].update(A=7, B=7), "7"),
        (lambda d: d.update(pad=[[10], []]), "pad"),
        (lambda d: d.update(frame=2, pad=[[3], []]), "frame 1"),
        (lambda d: d.update(ball=2), "ball"),
        (lambda d: d.update(out=[1]), "1"),
        (lambda d: d["piles"][2].append(5), "piles/2"),
        (lambda d: d.pop("pins"), "pins"),
        (lambda d: d["pins"].update(A=10), "A"),
        (lambda d: d.update(pad=[[7, 5], []], frame=2), "only 3 stand"),
        (lambda d: d.update(phase="deal"), "dealt"),
        (lambda d: d.update(phase="over"), "frame 10"),
        (lambda d: d.update(piles=[[2, 1, 9, 0], [5, 6], [8]], out=[3, 4, 7]), "ball card"),
    ],
)
def test_bad_states_are_explained(game: BowlingGame, change: Any, words: str) -> None:
    doc = valid_doc()
    change(doc)
    with pytest.raises(BadState) as bad:
        game.state_from_json(doc)
    assert words in str(bad.value)


def test_a_rack_with_no_usable_card_is_refused(game: BowlingGame) -> None:
    pins = [9, 3, 6, 3, 8, 2, 7, 0, 0, 1]
    with pytest.raises(BadState, match="BWL.BALL.END"):
        game.state_from_json(rack_doc(pins, [[6, 2, 4, 1, 7], [5, 8, 9], [4, 5]]))


def test_partial_deal_must_follow_the_order(game: BowlingGame) -> None:
    doc = valid_doc()
    doc.update(phase="deal", piles=[[], [], []])
    doc["pins"].update(J=None)
    game.state_from_json(doc)  # nine pins dealt: fine
    doc["pins"].update(C=None)
    with pytest.raises(BadState, match="in order"):
        game.state_from_json(doc)


@settings(max_examples=200, deadline=None)
@given(
    path=st.sampled_from(["frame", "rack", "ball", "pad", "out", "piles", "pins", "phase"]),
    value=st.one_of(
        st.integers(-3, 12),
        st.none(),
        st.text(max_size=3),
        st.lists(st.integers(-1, 11), max_size=4),
        st.lists(st.lists(st.integers(0, 10), max_size=3), max_size=11),
    ),
)
def test_fuzzed_states_load_or_are_refused(game: BowlingGame, path: str, value: Any) -> None:
    doc = valid_doc()
    doc[path] = value
    with contextlib.suppress(BadState):
        game.state_from_json(doc)


def test_golden_traces_replay(game: BowlingGame) -> None:
    path = Path(__file__).with_name("golden_traces.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert len(doc["traces"]) >= 3
    for trace in doc["traces"]:
        state = game.new_initial_state()
        for action, count in zip(trace["actions"], trace["legal_counts"], strict=True):
            assert len(state.legal_actions()) == count, (trace["seed"], action)
            state.apply_action(action)
        assert state.is_terminal()
        assert state.pad == trace["pad"] and state.score() == trace["score"]
