"""The search bot's decisions stay the same when its code or the rules' code is made faster.

Seeded positions of greedy play in Elevenes (2, 3 and 4 players, both editions, with and
without Special Guests), 111 (2 and 4 players) and Bowling Solitaire; at each, the search bot
decides with a fixed seed and budget.  ``data/ismcts_decisions.json`` holds the decisions the
bot made before its hot paths were sped up; any change in what it chooses (a different random
number drawn, a different move weighed or simulated) shows here.  Regenerate the file only for
a change that is meant to change decisions:

    python tests/bots/test_ismcts_same_decisions.py --write
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from elevenes.core.api import State
from elevenes.games import REGISTRY, load_game

DATA = Path(__file__).parent / "data" / "ismcts_decisions.json"
SETUPS: list[tuple[str, str, dict[str, Any]]] = [
    ("elevenes-2p", "elevenes", {"players": 2}),
    ("elevenes-3p-fr-guests", "elevenes", {"players": 3, "edition": "fr", "guests": True}),
    ("elevenes-4p", "elevenes", {"players": 4}),
    ("111-2p", "111", {"players": 2}),
    ("111-4p", "111", {"players": 4}),
    ("bowling-solitaire", "bowling-solitaire", {}),
]
BUDGET = {"elevenes": "ismcts:60", "111": "ismcts:40", "bowling-solitaire": "ismcts:40"}
POSITIONS = 16  # decisions per set-up


def positions(game_id: str, options: dict[str, Any]) -> list[State]:
    """Seeded greedy play; a position every few decisions that offer a choice."""
    game = load_game(game_id, options)
    greedy = importlib.import_module(REGISTRY[game_id] + ".bots").BOTS["greedy"]
    found: list[State] = []
    seed = 0
    while len(found) < POSITIONS:
        rng = random.Random(7000 + seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and len(found) < POSITIONS and decisions < 300:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1:
                decisions += 1
                if decisions % 11 == 5:
                    found.append(state.clone())
            state.apply_action(greedy(state, rng))
        seed += 1
    return found


def decisions(name: str) -> list[str]:
    _, game_id, options = next(s for s in SETUPS if s[0] == name)
    bot = importlib.import_module(REGISTRY[game_id] + ".bots").BOTS[BUDGET[game_id]]
    return [state.action_to_string(bot(state, random.Random(100 + i)))
            for i, state in enumerate(positions(game_id, options))]


@pytest.mark.parametrize("name", [s[0] for s in SETUPS])
def test_the_search_decides_as_before(name: str) -> None:
    expected = json.loads(DATA.read_text(encoding="utf-8"))[name]
    assert decisions(name) == expected


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DATA.write_text(json.dumps({s[0]: decisions(s[0]) for s in SETUPS}, indent=1) + "\n",
                    encoding="utf-8")
