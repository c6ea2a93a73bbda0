"""The engine API shared by every game, in OpenSpiel's vocabulary.

A game is a factory of states.  A state is one position: whose decision it is (a player or
chance), which actions are legal, and how an action changes it.  Actions are small integers
with one canonical text form per game; ``apply_action`` accepts either.
"""

from __future__ import annotations

import json
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, SupportsIndex

from .errors import BadOption, IllegalAction

CHANCE = -1
TERMINAL = -4

Json = dict[str, Any]
Action = int


class OptionSpec:
    """One named option of a game: its default, the values it accepts and its source."""

    def __init__(
        self,
        name: str,
        default: Any,
        choices: Sequence[Any] | None = None,
        kind: type = str,
        doc: str = "",
        rule: str = "",
        low: int | None = None,
        high: int | None = None,
    ) -> None:
        self.name = name
        self.default = default
        self.choices = list(choices) if choices is not None else None
        self.kind = kind
        self.doc = doc
        self.rule = rule
        self.low = low
        self.high = high

    def coerce(self, value: Any) -> Any:
        if self.kind is bool:
            if isinstance(value, str):
                low = value.strip().lower()
                if low in ("1", "true", "yes", "on"):
                    return True
                if low in ("0", "false", "no", "off"):
                    return False
                raise BadOption(f"option {self.name!r} takes true or false, not {value!r}")
            if not isinstance(value, bool):  # JSON values keep their type: 1 is no boolean
                raise BadOption(f"option {self.name!r} takes true or false, not {value!r}")
            return value
        if self.kind is int:
            # Text (from -o KEY=VALUE) is read as a number; a JSON value must be a whole
            # number already (12 or 12.0): neither true nor 12.5 is silently turned into one.
            not_whole = BadOption(f"option {self.name!r} takes a whole number, not {value!r}")
            if isinstance(value, str):
                try:
                    number = int(value)
                except ValueError:
                    raise not_whole from None
            elif (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or (isinstance(value, float) and not value.is_integer())
            ):
                raise not_whole
            else:
                number = int(value)
            if (self.low is not None and number < self.low) or (
                self.high is not None and number > self.high
            ):
                raise BadOption(
                    f"option {self.name!r} takes a number from {self.low} to {self.high}, "
                    f"not {number}"
                )
            return number
        text = str(value)
        if self.choices is not None and text not in [str(c) for c in self.choices]:
            raise BadOption(
                f"option {self.name!r} takes one of {', '.join(map(str, self.choices))}, "
                f"not {text!r}"
            )
        return text


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None) -> Json:
    """Fill in defaults and check every given option against the game's specs."""
    known = {spec.name: spec for spec in specs}
    result: Json = {spec.name: spec.default for spec in specs}
    for name, value in (given or {}).items():
        if name not in known:
            raise BadOption(
                f"unknown option {name!r}; this game has: {', '.join(sorted(known)) or 'none'}"
            )
        result[name] = known[name].coerce(value)
    return result


class Game(ABC):
    """A game with its options fixed.  Immutable once made."""

    id: str = ""
    option_specs: Sequence[OptionSpec] = ()

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: Json = resolve_options(self.option_specs, options)

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def new_initial_state(self) -> State: ...

    @abstractmethod
    def state_from_json(self, doc: Mapping[str, Any]) -> State: ...

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {json.dumps(self.options, sort_keys=True)}>"


class State(ABC):
    """One position of a game."""

    game: Game
    history: list[Action]

    # -- whose turn -------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    # -- moves ------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The legal actions (or chance outcomes), sorted; empty at the end of the game."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes of a chance node with their probabilities (uniform by default)."""
        if not self.is_chance_node():
            return []
        actions = self.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with ``rng``: a single ``rng.random()`` read against the
        running total of ``chance_outcomes()`` in order.  A game may override it with a
        faster way to the same outcome (the same draw gives the same action)."""
        outcomes = self.chance_outcomes()
        roll = rng.random()
        total = 0.0
        for action, probability in outcomes:
            total += probability
            if roll < total:
                return action
        return outcomes[-1][0]

    @abstractmethod
    def action_to_string(self, action: Action) -> str: ...

    @abstractmethod
    def string_to_action(self, text: str) -> Action:
        """Parse a canonical action string; raises IllegalAction for text no action has."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def explain_illegal(self, action: Action) -> IllegalAction:
        """Why ``action`` is not legal here (slow path: only runs on a refusal)."""

    notation_rule: str = ""
    """The rule that refuses text, or a number, that is no action of the game at all."""

    def apply_action(self, action: Action | str) -> None:
        """Apply a legal action, given as its number or its text.  Any other number or text
        raises ``IllegalAction`` (with the rule it breaks) and changes nothing; a value that
        is neither an integer nor text raises ``TypeError`` (see ``as_action``).  The one
        path of every game: a game makes it fast with ``is_legal`` and never refuses on its
        own (``refusal`` names the rule)."""
        if type(action) is not int:
            action = self.as_action(action)
        if not self.is_legal(action):
            raise self.refusal(action)
        self._apply(action)
        self.history.append(action)

    def is_legal(self, action: Action) -> bool:
        """The same verdict as ``action in self.legal_actions()``; a game may answer without
        building the list (``apply_action`` asks it before every move)."""
        return action in self.legal_actions()

    def as_action(self, action: object) -> Action:
        """An action given in any accepted form, as its number (the slow path of
        ``apply_action``, for anything but a plain ``int``).  Text is parsed (``IllegalAction``
        for text that is no action); an integer type other than ``int`` (an ``IntEnum``, a
        NumPy integer) gives its value.  Anything else raises ``TypeError``: a float (even
        ``3.0``), ``None``, a list, and ``bool``, which is no action number although Python
        counts ``True`` as 1."""
        if isinstance(action, str):
            return self.string_to_action(action)
        if isinstance(action, bool) or not isinstance(action, SupportsIndex):
            raise TypeError(
                f"an action is an int or an action string, not {type(action).__name__} "
                f"{action!r}"
            )
        return operator.index(action)

    def is_action(self, action: int) -> bool:
        """Whether ``action`` is an action of the game at all, legal here or not: a number
        whose canonical text reads back as the same number."""
        try:
            return self.string_to_action(self.action_to_string(action)) == action
        except (IllegalAction, LookupError, ValueError):
            return False

    def refusal(self, action: int) -> IllegalAction:
        """The refusal of ``action``, which is not legal here (slow path): the game's
        notation rule for a number that is no action of the game (``is_action``), else
        ``explain_illegal``'s answer."""
        if not self.is_action(action):
            return IllegalAction(
                self.notation_rule, f"{action} is no action of {self.game.id}", str(action)
            )
        return self.explain_illegal(action)

    def child(self, action: Action | str) -> State:
        copy = self.clone()
        copy.apply_action(action)
        return copy

    # -- results ----------------------------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[float]: ...

    def score(self) -> int:
        """The game's own score for the (first) player: a rating, pins, cubes."""
        return int(self.returns()[0])

    # -- views ------------------------------------------------------------------------------
    @abstractmethod
    def observation(self, player: int) -> Json:
        """What ``player`` may see, in the canonical JSON vocabulary; hidden cards hidden."""

    @abstractmethod
    def to_json(self) -> Json:
        """The whole state, canonical: the same position always gives the same document."""

    @abstractmethod
    def clone(self) -> State: ...

    def solver_key(self) -> Hashable:
        """A hashable key of the position for a solver's table: equal keys must have the same
        future under every line of play.  By default the canonical JSON of the whole state;
        a game may give a faster or coarser one."""
        return canonical_dumps(self.to_json())

    def legal_action_strings(self) -> list[str]:
        return [self.action_to_string(a) for a in self.legal_actions()]

    def __str__(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)


def canonical_dumps(doc: Any) -> str:
    """The canonical text of a JSON document: sorted keys, no spaces."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
