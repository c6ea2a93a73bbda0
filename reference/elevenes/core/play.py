"""Playing whole games: sampled chance, replays and perft counts."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .api import Action, Game, State

Player = Callable[[State, random.Random], Action]
"""A player picks one of ``state.legal_actions()``; it may use the random generator given."""


@attrs.frozen
class GameRecord:
    """A finished (or stopped) game: the actions in order, chance outcomes included."""

    game_id: str
    options: dict[str, Any]
    seed: int | None
    actions: tuple[str, ...]
    returns: tuple[float, ...]
    terminal: bool


def sample_chance(state: State, rng: random.Random) -> Action:
    """One chance outcome of ``state`` drawn with ``rng`` (``State.sample_chance``)."""
    return state.sample_chance(rng)


def play(
    game: Game,
    players: Sequence[Player] | None = None,
    seed: int | None = None,
    max_actions: int = 100_000,
    state: State | None = None,
    on_action: Callable[[State, Action], None] | None = None,
) -> tuple[State, GameRecord]:
    """Play a whole game: chance sampled from ``seed``, each decision asked of its player.

    Without players every decision is a uniformly random legal action.
    """
    from ..bots import random_player

    rng = random.Random(seed)
    state = state if state is not None else game.new_initial_state()
    seats: Sequence[Player] = players or [random_player] * game.num_players()
    names: list[str] = []  # each action's text, named in the position it was played in
    while not state.is_terminal() and len(names) < max_actions:
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = seats[state.current_player() % len(seats)](state, rng)
        if on_action is not None:
            on_action(state, action)
        names.append(state.action_to_string(action))
        state.apply_action(action)
    record = GameRecord(
        game_id=game.id,
        options=dict(game.options),
        seed=seed,
        actions=tuple(names),
        returns=tuple(state.returns()),
        terminal=state.is_terminal(),
    )
    return state, record


def replay(game: Game, actions: Sequence[Action | str], state: State | None = None) -> State:
    """Apply ``actions`` (chance outcomes included) from the initial state or ``state``."""
    state = state.clone() if state is not None else game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def legal_counts(game: Game, actions: Sequence[Action | str]) -> list[int]:
    """How many legal actions each position had before each of ``actions``, replayed from
    the start: what a golden trace records, so that replaying it checks the move generator at
    every step (chance nodes count their outcomes)."""
    state = game.new_initial_state()
    counts = []
    for action in actions:
        counts.append(len(state.legal_actions()))
        state.apply_action(action)
    return counts


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length ``depth`` (chance outcomes are actions too);
    a sequence that reaches the end of the game early counts once."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child._apply(action)
        child.history.append(action)
        total += perft(child, depth - 1)
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft split by first action, keyed by the action's canonical string."""
    result: dict[str, int] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        result[state.action_to_string(action)] = perft(child, depth - 1)
    return result
