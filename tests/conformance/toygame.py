"""A tiny game used only by the conformance tests ("toy"), registered by monkeypatching
``elevenes.games.REGISTRY``.

A die is rolled first (chance: ``roll 1`` .. ``roll 3``) and gives the starting total.  Then the
players take turns adding 1 or 2 (``add 1``, ``add 2``) to the total without going over the
target (option ``target``, default 6).  Whoever reaches the target wins.  Player 1 holds a
secret number (``secret``) that only player 1 may see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elevenes.core.api import CHANCE, TERMINAL, Action, Game, Json, OptionSpec, State
from elevenes.core.errors import BadState, IllegalAction

ROLLS = {0: "roll 1", 1: "roll 2", 2: "roll 3"}
ADDS = {10: "add 1", 11: "add 2"}
NAMES = {**ROLLS, **ADDS}
ACTIONS = {text: action for action, text in NAMES.items()}


class ToyGame(Game):
    id = "toy"
    option_specs = (OptionSpec("target", 6, kind=int, low=2, high=30, doc="the total to reach"),)

    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def state_from_json(self, doc: Mapping[str, Any]) -> ToyState:
        state = ToyState(self)
        try:
            state.total = int(doc["total"])
            state.rolled = bool(doc["rolled"])
            state.turn = int(doc["turn"])
            state.secret = int(doc.get("secret", 7))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadState(f"not a toy state: {exc}") from None
        if state.total > self.options["target"] or state.turn not in (0, 1):
            raise BadState("not a toy state: total over target or no such player")
        return state


class ToyState(State):
    def __init__(self, game: ToyGame) -> None:
        self.game = game
        self.history = []
        self.total = 0
        self.rolled = False
        self.turn = 0
        self.secret = 7

    @property
    def target(self) -> int:
        return int(self.game.options["target"])

    def current_player(self) -> int:
        if not self.rolled:
            return CHANCE
        if self.total >= self.target:
            return TERMINAL
        return self.turn

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        if not self.rolled:
            return [a for a in ROLLS if a + 1 <= self.target]
        return [a for a in ADDS if self.total + (a - 9) <= self.target]

    def action_to_string(self, action: Action) -> str:
        return NAMES[action]

    def string_to_action(self, text: str) -> Action:
        if text not in ACTIONS:
            raise IllegalAction("TOY.ACTION.UNKNOWN", f"no action is called {text!r}", text)
        return ACTIONS[text]

    def _apply(self, action: Action) -> None:
        if action in ROLLS:
            self.total = action + 1
            self.rolled = True
        else:
            self.total += action - 9
            if self.total < self.target:
                self.turn = 1 - self.turn

    def explain_illegal(self, action: Action) -> IllegalAction:
        text = NAMES.get(action, str(action))
        if self.is_terminal():
            return IllegalAction("TOY.END", "the game is over", text)
        if not self.rolled:
            return IllegalAction("TOY.ROLL.FIRST", "roll the die first", text)
        if action in ROLLS:
            return IllegalAction("TOY.ROLL.ONCE", "the die is rolled once", text)
        return IllegalAction("TOY.ADD.LIMIT", "the total may not go over the target", text)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.turn == 0 else [-1.0, 1.0]

    def score(self) -> int:
        return self.total

    def observation(self, player: int) -> Json:
        doc: Json = {"total": self.total, "to_play": self.turn, "player": player}
        if player == 1:
            doc["secret"] = self.secret
        return doc

    def to_json(self) -> Json:
        return {
            "total": self.total,
            "rolled": self.rolled,
            "turn": self.turn,
            "secret": self.secret,
        }

    def clone(self) -> ToyState:
        copy = ToyState(self.game)
        copy.total, copy.rolled, copy.turn, copy.secret = (
            self.total,
            self.rolled,
            self.turn,
            self.secret,
        )
        copy.history = list(self.history)
        return copy


def make_game(options: Mapping[str, Any] | None = None, cards: str | None = None) -> ToyGame:
    del cards
    return ToyGame(options)
