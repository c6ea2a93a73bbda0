"""Golden traces: whole recorded games (seed, bot, actions, the number of legal actions at
each step, the result) that every version of the engine must replay identically.

Regenerate (only after a deliberate rules change, with a note of why):
    python tests/efo/test_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import elevenes
from elevenes.core.play import legal_counts, play
from elevenes.games.elevenes_for_one.bots import BOTS

TRACES = Path(__file__).with_name("golden_traces.json")
CASES = [("greedy", 2, {}), ("greedy", 4, {}), ("random", 7, {}),
         ("greedy", 31, {"challenge": True}), ("greedy", 12, {"minutes": 13})]


def record(bot: str, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    game = elevenes.load_game("elevenes-for-one", options=options)
    final, rec = play(game, players=[BOTS[bot]], seed=seed)
    return {"bot": bot, "seed": seed, "options": options, "actions": list(rec.actions),
            "legal_counts": legal_counts(game, rec.actions), "result": final.to_json()["result"],
            "rating": final.score()}


def load() -> list[dict[str, Any]]:
    if not TRACES.exists():  # only while regenerating; test_the_traces_are_there fails then
        return []
    traces: list[dict[str, Any]] = json.loads(TRACES.read_text(encoding="utf-8"))
    return traces


def test_the_traces_are_there() -> None:
    assert [(t["bot"], t["seed"]) for t in load()] == [(b, s) for b, s, _ in CASES]


@pytest.mark.parametrize("trace", load(), ids=lambda t: f"{t['bot']}-{t['seed']}")
def test_golden_trace_replays(trace: dict[str, Any]) -> None:
    game = elevenes.load_game("elevenes-for-one", options=trace["options"])
    state = game.new_initial_state()
    for action, count in zip(trace["actions"], trace["legal_counts"], strict=True):
        assert len(state.legal_actions()) == count
        state.apply_action(action)
    assert state.is_terminal()
    assert state.to_json()["result"] == trace["result"]
    assert state.score() == trace["rating"]


def test_bots_still_play_the_golden_games() -> None:
    for trace in load():
        assert record(trace["bot"], trace["seed"], trace["options"]) == trace


if __name__ == "__main__":
    TRACES.write_text(json.dumps([record(*case) for case in CASES], indent=1) + "\n")
    print(f"wrote {TRACES}", file=sys.stderr)
