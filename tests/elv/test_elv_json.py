"""Canonical JSON: round trips through the schema, clones, replays, and refusals of documents
that break the schema or the rules."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from elv_helpers import CONFIGS, game, random_state

import elevenes
from elevenes.core.api import canonical_dumps
from elevenes.core.errors import BadState
from elevenes.core.play import replay

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "conformance/schema/state-elevenes.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def continue_random(state: Any, seed: int, steps: int) -> list[int]:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return list(state.history)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_round_trip_and_continue(config: dict[str, Any]) -> None:
    """to_json -> schema -> state_from_json -> to_json is the identity, and the loaded state
    plays on exactly like the original (same legal actions, same results)."""
    for seed in range(8):
        state = random_state(config, seed, 20 + 97 * seed)
        doc = state.to_json()
        VALIDATOR.validate(doc)
        loaded = game(config).state_from_json(json.loads(json.dumps(doc)))
        assert canonical_dumps(loaded.to_json()) == canonical_dumps(doc)
        assert loaded.legal_actions() == state.legal_actions()
        assert loaded.current_player() == state.current_player()
        for viewer in range(state.n):
            assert loaded.observation(viewer) == state.observation(viewer)
        clone = state.clone()
        start = len(state.history)
        original = continue_random(state, seed, 150)[start:]
        assert continue_random(loaded, seed, 150) == original  # a loaded state has no history
        assert continue_random(clone, seed, 150)[start:] == original
        assert canonical_dumps(state.to_json()) == canonical_dumps(loaded.to_json())
        assert canonical_dumps(clone.to_json()) == canonical_dumps(state.to_json())


def test_replay_reaches_the_same_state() -> None:
    """Replaying the history, as action strings, from the initial state gives the same state."""
    for seed, config in enumerate(CONFIGS):
        state = random_state(config, seed, 500)
        again = replay(game(config), [state.action_to_string(a) for a in state.history])
        assert canonical_dumps(again.to_json()) == canonical_dumps(state.to_json())


def test_action_strings_round_trip() -> None:
    for seed in range(20):
        state = random_state(CONFIGS[seed % len(CONFIGS)], seed, 5 * seed)
        for action in state.legal_actions():
            assert state.string_to_action(state.action_to_string(action)) == action


def test_illegal_action_changes_nothing() -> None:
    state = random_state({"players": 3}, 3, 60)
    before = canonical_dumps(state.to_json())
    for text in ("play 11a", "arrange 1b at 9", "reveal", "deal 1a", "give 5c", "player 0"):
        with pytest.raises(elevenes.IllegalAction) as refused:
            state.apply_action(text)
        assert refused.value.rule_id.startswith("ELV.")
        assert canonical_dumps(state.to_json()) == before


BASE: dict[str, Any] = {
    "game": "elevenes",
    "round": 1,
    "phase": "turn",
    "server": 0,
    "turn": 0,
    "bowl": 25,
    "players": [
        {
            "cubes": 0,
            "kitchen": ["2a", "9a", "11a"],
            "spread": [None, "~1a", "~3a", "~4a", "~5a", "~6a", "~7a", "~8a", "~10a", None],
        },
        {
            "cubes": 0,
            "kitchen": ["3b", "6b", "11b"],
            "spread": [None, "~1b", "~2b", "~4b", "~5b", "~7b", "~8b", "~9b", "~10b", None],
        },
    ],
}


def broken(change: Any) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    change(doc)
    return doc


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(phase="lunch"), "schema"),
        (lambda d: d.update(bowl=-1), "schema"),
        (lambda d: d["players"][0].update(kitchen=["2a", "9a", "12a"]), "schema"),
        (lambda d: d.update(extra=1), "schema"),
        (lambda d: d["players"][0]["spread"].pop(), "schema"),
        (lambda d: d.update(bowl=20), "cubes"),
        (lambda d: d["players"][0].update(kitchen=["2a", "9a"]), "exactly once"),
        (lambda d: d["players"][0].update(kitchen=["2a", "9a", "9a"]), "exactly once"),
        (
            lambda d: (
                d["players"][0].update(kitchen=["2a", "9a", "11b"]),
                d["players"][1].update(kitchen=["3b", "6b", "11a"]),
            ),
            "KEEP.ELEVENSES",
        ),
        (
            lambda d: (
                d["players"][0]["spread"].__setitem__(3, "5a")
                or d["players"][0].update(kitchen=["2a", "9a", "11a", "4a"])
                or d["players"][0]["spread"].__setitem__(4, "~4a")
            ),
            "exactly once",
        ),
        (lambda d: d["players"][0]["spread"].__setitem__(1, "1a"), "position 2"),
        (lambda d: d.update(turn=3), "seat"),
        (lambda d: d.update(phase="effect"), "effect"),
        (lambda d: d.update(options={"players": 3}), "option"),
        (lambda d: d.update(game="elevenes-for-one"), "schema"),
    ],
)
def test_documents_that_break_the_schema_or_the_rules_are_refused(change: Any, words: str) -> None:
    with pytest.raises(BadState) as refused:
        game({"players": 2}).state_from_json(broken(change))
    assert words.lower() in str(refused.value).lower()


def test_an_empty_kitchen_is_refused() -> None:
    def empty(d: dict[str, Any]) -> None:
        d["players"][0]["kitchen"] = []
        d["players"][0]["spread"] = [
            "1a",
            "~2a",
            "~3a",
            "~4a",
            "~5a",
            "~6a",
            "~7a",
            "~8a",
            "~11a",
            "10a",
        ]
        d["players"][1]["kitchen"] = ["3b", "6b", "11b", "9a"]

    with pytest.raises(BadState, match="EMPTY-KITCHEN"):
        game({"players": 2}).state_from_json(broken(empty))
