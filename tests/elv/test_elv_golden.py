"""Golden traces: recorded games (seed, the actions, the number of legal actions before each
one, the result) that every version of the engine must replay exactly.

Regenerate (only when a rule change is intended): python tests/elv/test_elv_golden.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import elevenes
from elevenes.core.play import legal_counts, play
from elevenes.games.elevenes.bots import BOTS

PATH = Path(__file__).with_name("golden_traces.json")
RECIPES: list[dict[str, Any]] = [
    {"options": {"players": 2}, "seed": 11, "bots": ["greedy", "random"]},
    {"options": {"players": 3, "guests": True}, "seed": 12, "bots": ["greedy"] * 3},
    {"options": {"players": 4, "edition": "fr"}, "seed": 13, "bots": ["greedy", "random"] * 2},
    {
        "options": {"players": 4, "edition": "fr", "target": 5, "guests": True},
        "seed": 14,
        "bots": ["random"] * 4,
    },
]


def record(recipe: dict[str, Any]) -> dict[str, Any]:
    game = elevenes.load_game("elevenes", recipe["options"])
    state, played = play(game, [BOTS[name] for name in recipe["bots"]], seed=recipe["seed"])
    actions = list(played.actions)
    legal = legal_counts(game, actions)
    doc = state.to_json()
    return {
        **recipe,
        "actions": actions,
        "legal_counts": legal,
        "cubes": [p["cubes"] for p in doc["players"]],
        "winners": doc["winners"],
        "rounds": doc["round"],
    }


def test_golden_traces_replay() -> None:
    traces = json.loads(PATH.read_text(encoding="utf-8"))
    assert len(traces) == len(RECIPES)
    for trace in traces:
        game = elevenes.load_game("elevenes", trace["options"])
        state = game.new_initial_state()
        for step, (text, count) in enumerate(
            zip(trace["actions"], trace["legal_counts"], strict=True)
        ):
            assert len(state.legal_actions()) == count, (trace["seed"], step, text)
            state.apply_action(text)
        assert state.is_terminal()
        doc = state.to_json()
        assert [p["cubes"] for p in doc["players"]] == trace["cubes"]
        assert doc["winners"] == trace["winners"]
        assert doc["round"] == trace["rounds"]


def test_the_bots_still_play_the_golden_games() -> None:
    """Bots and chance sampling are seeded: recording again gives the same games."""
    traces = json.loads(PATH.read_text(encoding="utf-8"))
    for recipe, trace in zip(RECIPES, traces, strict=True):
        assert record(recipe) == trace  # the same games, counts and results


if __name__ == "__main__" and "--write" in sys.argv:
    PATH.write_text(json.dumps([record(r) for r in RECIPES], indent=1) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")
