"""The C state for playouts (``new_initial_state(native=True)``, native/fast.py): step by step
the same legal actions, the same position, the same chance draws and the same results as the
Python engine, for the printed cards, the variants and every construct the card interpreter
has; what C does not answer (JSON, refusals, text actions) is the Python engine's."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import elevenes
from elevenes.core.errors import IllegalAction
from elevenes.core.play import play, sample_chance
from elevenes.games.elevenes_for_one import make_game, native
from elevenes.games.elevenes_for_one.game import EfoState
from elevenes.games.elevenes_for_one.native import fast

ROOT = Path(__file__).resolve().parents[2]


def available() -> bool:
    try:
        fast.extension()
    except native.NativeUnavailable:
        return False
    return True


pytestmark = pytest.mark.skipif(not available(),
                                reason="no C compiler or Python headers on this machine")

CARDS = [None, str(ROOT / "docs/examples/slow-sugar.cards"),
         str(ROOT / "docs/examples/tea-party.cards"),
         str(Path(__file__).parent / "native" / "every-construct.cards"),
         str(Path(__file__).parent / "native" / "places.cards")]


def facts(state: EfoState) -> dict[str, Any]:
    """The Python state in the terms efo_fast.c reports (FastState._facts)."""
    pile = deck = 0
    for card in state.discard:
        pile |= 1 << card
    for card in state.deck:
        deck |= 1 << card
    return {"phase": state.phase, "minutes": state.minutes, "top": state.top(),
            "pantry": [(c, "down" if c in state.down else "up") for c in state.pantry],
            "discard": pile, "deck": deck, "cursor": state.cursor, "result": state.result}


def side_by_side(cards: str | None, options: dict[str, Any], seed: int) -> int:
    """One seeded random game on both engines, compared after every action."""
    game = make_game(options, cards)
    rng_c, rng_py = random.Random(seed), random.Random(seed)
    state_c, state_py = game.new_initial_state(native=True), game.new_initial_state()
    steps = 0
    while not state_py.is_terminal():
        assert not state_c.is_terminal()
        assert state_c.is_chance_node() == state_py.is_chance_node()
        assert state_c.current_player() == state_py.current_player()
        assert state_c.legal_actions() == state_py.legal_actions()
        if state_py.is_chance_node():
            action = state_c.sample_chance(rng_c)
            assert action == state_py.sample_chance(rng_py)
        else:
            actions = state_py.legal_actions()
            action = actions[rng_py.randrange(len(actions))]
            rng_c.randrange(len(actions))
        state_c.apply_action(action)
        state_py.apply_action(action)
        assert state_c._facts() == facts(state_py), (seed, steps, action)
        steps += 1
    assert state_c.is_terminal() and state_c.current_player() == state_py.current_player()
    assert state_c.returns() == state_py.returns() and state_c.score() == state_py.score()
    assert state_c.history == state_py.history
    assert state_c.legal_actions() == state_py.legal_actions() == []
    return steps


@pytest.mark.parametrize("cards", CARDS,
                         ids=["printed", "slow-sugar", "tea-party", "every", "places"])
@pytest.mark.parametrize("options", [{}, {"minutes": 6}, {"challenge": True},
                                     {"edition": "v1.0"}], ids=str)
def test_the_same_game_step_by_step(cards: str | None, options: dict[str, Any]) -> None:
    seeds = range(60) if cards is None and not options else range(15)
    assert sum(side_by_side(cards, options, seed) for seed in seeds) > 20 * len(seeds)


@pytest.mark.parametrize(("cards", "kinds"), [
    (None, {"score", "use", "discard", "pass", "front", "flip", "swap", "return"}),
    (CARDS[3], {"yes", "pass", "flip", "swap", "return", "score"})], ids=["printed", "every"])
def test_every_kind_of_decision_is_met(cards: str | None, kinds: set[str]) -> None:
    """The games above pass through every kind of decision: a turn with each option, step
    2's fronts, each card's choice (flip, swap, return, score) and a `may`'s yes or pass."""
    game = make_game({}, cards)
    seen: set[str] = set()
    for seed in range(400):
        rng = random.Random(seed)
        state = game.new_initial_state(native=True)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            actions = state.legal_actions()
            seen.update(state.full().action_to_string(a).split()[0] for a in actions)
            state.apply_action(actions[rng.randrange(len(actions))])
    assert kinds <= seen, kinds - seen


def test_a_clone_goes_its_own_way() -> None:
    game = make_game()
    state = game.new_initial_state(native=True)
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    before = state.legal_actions()
    copy = state.clone()
    state.apply_action(before[-1])  # the last card put first, for a minute
    assert len(copy.history) + 1 == len(state.history)
    assert copy._facts()["phase"] == "front" and copy.legal_actions() == before
    assert state._facts()["phase"] == "turn" and state._facts()["minutes"] == 14
    twin = game.new_initial_state()
    for action in copy.history:
        twin.apply_action(action)
    assert copy._facts() == facts(twin)


def test_what_c_does_not_answer_is_the_python_engines() -> None:
    game = make_game()
    state = game.new_initial_state(native=True)
    twin = game.new_initial_state()
    rng = random.Random(8)
    for _ in range(14):
        action = state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0]
        state.apply_action(action)
        twin.apply_action(action)
    assert state.to_json() == twin.to_json()
    assert state.observation(0) == twin.observation(0)
    assert state.child(state.legal_actions()[0]).history == twin.child(
        twin.legal_actions()[0]).history
    assert type(state.child(state.legal_actions()[0])) is type(state)
    assert str(state) == str(twin)
    # a refusal names the same rule as the Python engine's, and changes nothing
    before = state._facts()
    for bad in (999, 7, 200 + state.legal_actions()[0] % 100):
        with pytest.raises(IllegalAction) as refused:
            state.apply_action(bad)
        with pytest.raises(IllegalAction) as expected:
            twin.apply_action(bad)
        assert refused.value.rule_id == expected.value.rule_id
    assert state._facts() == before
    with pytest.raises(TypeError):
        state.apply_action(2.0)
    # text actions are read by the Python engine, then played in C
    text = twin.action_to_string(twin.legal_actions()[0])
    state.apply_action(text)
    twin.apply_action(text)
    assert state._facts() == facts(twin) and state.history == twin.history


def test_the_public_playout_loop_and_play() -> None:
    """elevenes.play and the loop a user writes take the C state as they take the Python one."""
    game = elevenes.load_game("elevenes-for-one")
    for seed in range(20):
        python, record = play(game, seed=seed)
        c_state, c_record = play(game, seed=seed, state=game.new_initial_state(native=True))
        assert list(c_record.actions) == list(record.actions)
        assert c_state.returns() == python.returns() and c_state.score() == python.score()
        rng = random.Random(seed)
        state = game.new_initial_state(native=True)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(sample_chance(state, rng) if state.is_chance_node()
                               else actions[rng.randrange(len(actions))])
        assert state.is_terminal()


def test_cards_the_interpreter_lacks_say_why() -> None:
    game = make_game({"minutes": 5}, str(Path(__file__).parent / "native" / "random-choice.cards"))
    with pytest.raises(native.NativeUnavailable, match="random choice"):
        game.new_initial_state(native=True)
    assert isinstance(game.new_initial_state(), EfoState)
