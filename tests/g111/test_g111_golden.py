"""Golden traces of 111: recorded games (seed, actions, the number of legal actions before
each one, the result) that every version of the engine must replay exactly.

Regenerate (only when a rule change is intended): python tests/g111/test_g111_golden.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from elevenes.core.play import legal_counts, play
from elevenes.games import load_game
from elevenes.games.one_eleven.bots import BOTS

PATH = Path(__file__).with_name("golden_traces.json")
RECIPES: list[dict[str, Any]] = [
    {"options": {"players": 2, "turn_limit": 30}, "seed": 111, "bots": ["greedy", "random"]},
    {"options": {"players": 3, "turn_limit": 20}, "seed": 112, "bots": ["random"] * 3},
    {"options": {"players": 5, "turn_limit": 12}, "seed": 113, "bots": ["greedy"] * 5},
]


def record(recipe: dict[str, Any]) -> dict[str, Any]:
    game = load_game("111", recipe["options"])
    state, played = play(game, [BOTS[name] for name in recipe["bots"]], seed=recipe["seed"])
    actions = list(played.actions)
    legal = legal_counts(game, actions)
    doc = state.to_json()
    return {
        **recipe,
        "actions": actions,
        "legal_counts": legal,
        "coins": [p["coins"] for p in doc["players"]],
        "winners": doc["winners"],
        "turns": doc["turn"],
        "ended_by": doc["ended_by"],
    }


def test_golden_traces_replay() -> None:
    traces = json.loads(PATH.read_text(encoding="utf-8"))
    assert len(traces) == len(RECIPES)
    for trace, recipe in zip(traces, RECIPES, strict=True):
        assert {k: trace[k] for k in recipe} == recipe
        game = load_game("111", trace["options"])
        state = game.new_initial_state()
        for count, action in zip(trace["legal_counts"], trace["actions"], strict=True):
            assert len(state.legal_actions()) == count
            state.apply_action(action)
        assert state.is_terminal()
        doc = state.to_json()
        assert [p["coins"] for p in doc["players"]] == trace["coins"]
        assert doc["winners"] == trace["winners"]
        assert (doc["turn"], doc["ended_by"]) == (trace["turns"], trace["ended_by"])


def test_the_recipes_still_record_the_same_games() -> None:
    traces = json.loads(PATH.read_text(encoding="utf-8"))
    assert [record(recipe) for recipe in RECIPES] == traces


if __name__ == "__main__" and "--write" in sys.argv:
    PATH.write_text(json.dumps([record(r) for r in RECIPES], indent=0) + "\n", encoding="utf-8")
