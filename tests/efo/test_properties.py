"""Properties of Elevenes for One that hold in every position of every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import elevenes
from elevenes.core.errors import IllegalAction
from elevenes.core.play import play, replay, sample_chance
from elevenes.games.elevenes_for_one.game import ALL_CARDS, DISCARD_LIMIT, EfoState

MAX_ACTIONS = 3000  # EFO.RULING.ENDLESS: minute-free loops exist, so playouts are bounded
GAME = elevenes.load_game("elevenes-for-one")
CHALLENGE = elevenes.load_game("elevenes-for-one", options={"challenge": True, "minutes": 12})
# every action number any position could offer, to probe refusals with
ALL_ACTIONS = sorted(
    {a for s in range(60) for a in play(GAME, seed=s)[0].history} | set(range(1, 6))
)


def cards_in(state: EfoState) -> list[int]:
    held = [state.held()] if state.held() is not None else []
    return sorted(state.trolley + state.pantry + state.discard + state.deck + held)


def check_position(state: EfoState, before_minutes: int) -> None:
    assert cards_in(state) == list(ALL_CARDS)  # the 11 cards are conserved
    assert state.minutes <= before_minutes  # the clock never goes back
    assert state.minutes >= 0
    assert len(state.discard) <= DISCARD_LIMIT  # EFO.DISCARD.LIMIT
    assert state.trolley == list(range(1, len(state.trolley) + 1))  # EFO.SCORE.NEXT
    ended = state.result in ("won", "out-of-time", "stuck")
    assert state.is_terminal() == ended
    if state.is_terminal():
        assert state.legal_actions() == []
        assert (state.result == "won") == (state.top() == 11)
        assert (state.result == "out-of-time") == (state.minutes == 0)
        assert (state.result == "stuck") == (not state.pantry and state.top() < 11)
    else:
        assert state.legal_actions()
        assert state.legal_actions() == sorted(set(state.legal_actions()))


def random_playout(game: elevenes.Game, seed: int) -> EfoState:
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, EfoState)
    while not state.is_terminal() and len(state.history) < MAX_ACTIONS:
        minutes = state.minutes
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        check_position(state, minutes)
    return state


@pytest.mark.parametrize("chunk", range(8))
def test_thousands_of_random_playouts_keep_the_invariants(chunk: int) -> None:
    results: dict[str | None, int] = {}
    for seed in range(chunk * 250, (chunk + 1) * 250):
        state = random_playout(GAME if seed % 5 else CHALLENGE, seed)
        results[state.result] = results.get(state.result, 0) + 1
    assert sum(results.values()) == 250


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), challenge=st.booleans())
def test_every_position_round_trips_and_refuses_cleanly(seed: int, challenge: bool) -> None:
    game = CHALLENGE if challenge else GAME
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history) < 400:
        doc = state.to_json()
        assert game.state_from_json(doc).to_json() == doc  # canonical JSON round trip
        legal = set(state.legal_actions())
        probe = rng.choice(ALL_ACTIONS)
        if probe not in legal:
            with pytest.raises(IllegalAction) as refused:
                state.apply_action(probe)
            assert refused.value.rule_id.startswith("EFO.")
            assert state.to_json() == doc  # a refusal changes nothing
        for action in legal:  # every legal action applies
            child = state.clone()
            child.apply_action(action)
            assert state.to_json() == doc  # and children do not share state with the parent
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(sorted(legal)))


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6))
def test_replay_is_deterministic(seed: int) -> None:
    final, record = play(GAME, seed=seed)
    again = replay(GAME, list(record.actions))
    assert again.to_json() == final.to_json()
    final2, record2 = play(GAME, seed=seed)
    assert record2 == record


class EfoMachine(RuleBasedStateMachine):
    """Drives one game step by step, mixing legal moves, refused moves and reloads."""

    def __init__(self) -> None:
        super().__init__()
        self.state = GAME.new_initial_state()

    @precondition(lambda self: not self.state.is_terminal())
    @rule(pick=st.integers(0, 10**6))
    def legal_move(self, pick: int) -> None:
        legal = self.state.legal_actions()
        minutes = self.state.minutes
        self.state.apply_action(legal[pick % len(legal)])
        check_position(self.state, minutes)

    @rule(action=st.sampled_from(ALL_ACTIONS))
    def any_move(self, action: int) -> None:
        doc = self.state.to_json()
        if action in self.state.legal_actions():
            self.state.apply_action(action)
        else:
            with pytest.raises(IllegalAction):
                self.state.apply_action(action)
            assert self.state.to_json() == doc

    @rule(text=st.sampled_from(["score", "use", "discard", "pass", "front 5", "flip 2 3",
                                "swap 4 9", "return 11", "deal 7", "score 4", "bogus", "front"]))
    def text_move(self, text: str) -> None:
        doc = self.state.to_json()
        try:
            self.state.apply_action(text)
        except IllegalAction as refused:
            assert refused.rule_id.startswith("EFO.")
            assert self.state.to_json() == doc

    @rule()
    def reload(self) -> None:
        history = self.state.history
        self.state = GAME.state_from_json(self.state.to_json())
        self.state.history = history

    @invariant()
    def conserved(self) -> None:
        assert cards_in(self.state) == list(ALL_CARDS)


EfoMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=60)
TestEfoMachine = EfoMachine.TestCase
