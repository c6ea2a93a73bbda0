"""The implementation under test, seen the way the runner sees it.

A ``Subject`` plays one game at a time through the same few operations the adapter protocol
offers (start, setup, act, legal, state, observe, perft).  ``ReferenceSubject`` is the
reference engine in this process; ``adapter.AdapterSubject`` is another program spoken to over
the protocol.  A subject that misbehaves raises ``SubjectError`` (the scenario is an *error*);
one that does not implement a game raises ``Unsupported`` (the scenario is *skipped*).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from ..core.api import Game, Json, State
from ..core.errors import ElevenesError, IllegalAction
from ..games import REGISTRY, game_ids, load_game
from .model import PROFILES

T = TypeVar("T")


class SubjectError(ElevenesError):
    """The implementation failed to answer properly (crash, time-out, nonsense, exception)."""


class SetupRefused(SubjectError):
    """The implementation refused a ``setup`` document (``ok: false``, not unsupported)."""


class Unsupported(ElevenesError):
    """The implementation does not play this game (or these options)."""


@attrs.frozen
class Refusal:
    """An action the implementation refused, with the rule id it cited."""

    rule_id: str
    message: str = ""


@attrs.frozen
class StateView:
    """The whole state and its status, as ``state`` returns it."""

    state: Json
    terminal: bool
    returns: list[float]
    current_player: int
    score: int | None = None


class Subject(ABC):
    """One implementation of the games, driven one game at a time."""

    name: str = "subject"
    profiles: tuple[str, ...] = PROFILES
    """The profiles of the suite the implementation declares (docs/protocol.md): a scenario of
    another profile is skipped.  A program over the protocol declares them in its answer to
    ``start`` (absent: ``rules`` only); the reference implements them all."""

    @abstractmethod
    def start(self, game: str, options: Json) -> None:
        """Make a new game and go to its initial state."""

    @abstractmethod
    def setup(self, state: Json) -> None:
        """Replace the current state by a canonical state document."""

    @abstractmethod
    def act(self, action: str) -> Refusal | None:
        """Apply an action; a refusal (state unchanged) is returned, not raised."""

    @abstractmethod
    def legal(self) -> list[str]: ...

    @abstractmethod
    def state(self) -> StateView: ...

    @abstractmethod
    def observe(self, player: int) -> Json: ...

    @abstractmethod
    def perft(self, depth: int) -> tuple[list[int], dict[str, int]]:
        """``(counts, divide)``: perft(1)..perft(depth), and perft(depth) by first action."""

    def chances(self) -> dict[str, str]:
        """The chance outcomes of the current position with their exact probabilities, as
        fractions written ``"p/q"`` (docs/protocol.md, "chances"); ``{}`` where the position is
        no chance node.  Optional: the default answers ``Unsupported``."""
        raise Unsupported("chances is unsupported")

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release what the subject holds (a process, files)."""

    def after_error(self) -> None:  # noqa: B027 - optional hook
        """Called after a scenario ended in an error: get ready for the next one."""

    def __enter__(self) -> Subject:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def perft_counts(state: State, depth: int) -> list[int]:
    """perft(1) .. perft(depth) in one walk of the tree.

    Every position reached after ``d`` actions adds one to perft(d); a terminal position
    reached after ``d`` actions also counts once for every deeper perft.
    """
    return perft_divide(state, depth)[0]


def perft_divide(state: State, depth: int) -> tuple[list[int], dict[str, int]]:
    """``(counts, divide)`` in one walk: perft(1) .. perft(depth), and perft(depth) split by
    the first action (keyed by its canonical string)."""
    counts = [0] * (depth + 1)

    def walk(node: State, ply: int) -> None:
        counts[ply] += 1
        if node.is_terminal():
            for deeper in range(ply + 1, depth + 1):
                counts[deeper] += 1
            return
        if ply == depth:
            return
        for action in node.legal_actions():
            child = node.clone()
            child._apply(action)
            child.history.append(action)
            walk(child, ply + 1)

    divide: dict[str, int] = {}
    if state.is_terminal():
        return [1] * depth, divide
    counts[0] = 1
    for action in state.legal_actions():
        before = counts[depth]
        child = state.clone()
        child._apply(action)
        child.history.append(action)
        walk(child, 1)
        divide[state.action_to_string(action)] = counts[depth] - before
    return counts[1:], divide


class ReferenceSubject(Subject):
    """The reference engine of this package, in this process."""

    name = "reference"

    def __init__(self) -> None:
        self._game: Game | None = None
        self._state: State | None = None

    @property
    def game(self) -> Game:
        if self._game is None:
            raise SubjectError("no game started")
        return self._game

    @property
    def current(self) -> State:
        if self._state is None:
            raise SubjectError("no game started")
        return self._state

    def _guard(self, what: str, call: Callable[[], T]) -> T:
        """Run reference code: its own errors pass through, anything else is a bug there."""
        try:
            return call()
        except ElevenesError:
            raise
        except Exception as exc:  # noqa: BLE001 - a bug in a game must not stop the suite
            raise SubjectError(
                f"internal error in the reference during {what}: {type(exc).__name__}: {exc}"
            ) from exc

    def start(self, game: str, options: Json) -> None:
        if game not in REGISTRY:
            raise Unsupported(
                f"game {game!r} is not in the reference (it has: {', '.join(game_ids())})"
            )
        try:
            self._game = self._guard("start", lambda: load_game(game, options=options))
            self._state = self._guard("start", self.game.new_initial_state)
        except SubjectError:
            raise
        except ElevenesError as exc:
            self._game = self._state = None
            raise SubjectError(str(exc)) from exc

    def setup(self, state: Json) -> None:
        doc = copy.deepcopy(state)
        try:
            self._state = self._guard("setup", lambda: self.game.state_from_json(doc))
        except SubjectError:
            raise
        except ElevenesError as exc:
            raise SetupRefused(f"setup refused: {exc}") from exc

    def act(self, action: str) -> Refusal | None:
        state = self.current
        try:
            self._guard(f"act {action!r}", lambda: state.apply_action(action))
        except IllegalAction as exc:
            return Refusal(exc.rule_id, exc.message)
        except SubjectError:
            raise
        except ElevenesError as exc:
            raise SubjectError(f"act {action!r}: {exc}") from exc
        return None

    def legal(self) -> list[str]:
        return self._guard("legal", self.current.legal_action_strings)

    def state(self) -> StateView:
        state = self.current

        def view() -> StateView:
            returns = [float(r) for r in state.returns()]
            return StateView(
                state=as_json(state.to_json()),
                terminal=state.is_terminal(),
                returns=returns,
                current_player=state.current_player(),
                score=state.score(),
            )

        return self._reference_call("state", view)

    def observe(self, player: int) -> Json:
        state = self.current
        if not 0 <= player < self.game.num_players():
            raise SubjectError(f"no player {player} in a {self.game.num_players()}-player game")
        return self._reference_call("observe", lambda: as_json(state.observation(player)))

    def perft(self, depth: int) -> tuple[list[int], dict[str, int]]:
        state = self.current
        return self._reference_call("perft", lambda: perft_divide(state, depth))

    def chances(self) -> dict[str, str]:
        state = self.current

        def outcomes() -> dict[str, str]:
            if not state.is_chance_node():
                return {}
            return {
                state.action_to_string(action): fraction_text(probability)
                for action, probability in state.chance_outcomes()
            }

        return self._reference_call("chances", outcomes)

    def _reference_call(self, what: str, call: Callable[[], T]) -> T:
        try:
            return self._guard(what, call)
        except SubjectError:
            raise
        except ElevenesError as exc:
            raise SubjectError(f"{what}: {exc}") from exc


def fraction_text(probability: float) -> str:
    """A probability the engine computes as a float (a count over a count of cards, or 1/6 for
    a die) written exactly as ``"p/q"`` in lowest terms: the nearest fraction whose
    denominator is at most 10**6 (the games' denominators are below 1,000, and the float is
    within 1e-15 of the fraction, so this recovers it)."""
    found = Fraction(probability).limit_denominator(10**6)
    return f"{found.numerator}/{found.denominator}"


def parse_fraction(text: object) -> Fraction | None:
    """``"p/q"`` (whole numbers, q >= 1, 0 <= p/q <= 1) as a fraction, else None."""
    if not isinstance(text, str):
        return None
    top, slash, bottom = text.partition("/")
    if not slash or not top.isdigit() or not bottom.isdigit() or not top.isascii() \
            or not bottom.isascii() or int(bottom) == 0:
        return None
    found = Fraction(int(top), int(bottom))
    return found if found <= 1 else None


def describe_refusal(refusal: Refusal) -> str:
    return f"{refusal.rule_id}" + (f" ({refusal.message})" if refusal.message else "")


def as_json(value: Any) -> Any:
    """Tuples to lists, so a state view compares like parsed JSON."""
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_json(v) for v in value]
    return value
