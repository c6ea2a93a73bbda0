"""111: canonical JSON round trips at every step, schema-valid observations, hidden
information never leaking, and bad state documents refused with a clear message."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import jsonschema
import pytest

from elevenes.core.errors import BadState
from elevenes.games import load_game
from elevenes.games.one_eleven import OneElevenState
from elevenes.paths import conformance_dir

from .g111_helpers import random_step


def validator(name: str) -> jsonschema.protocols.Validator:
    schema = json.loads((conformance_dir("schema") / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def states(players: int, seed: int, limit: int = 30) -> list[OneElevenState]:
    """Every position of one seeded random game."""
    game = load_game("111", {"players": players, "turn_limit": limit})
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, OneElevenState)
    found = [state.clone()]
    while not state.is_terminal():
        state.apply_action(random_step(state, rng))
        found.append(state.clone())
    return found


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_every_position_round_trips_and_matches_the_schemas(players: int, seed: int) -> None:
    state_schema, obs_schema = validator("state-111"), validator("observation-111")
    for number, state in enumerate(states(players, seed, limit=12)):
        doc = state.to_json()
        state_schema.validate(doc)
        again = state.game.state_from_json(json.loads(json.dumps(doc)))
        assert again.to_json() == doc
        assert again.legal_actions() == state.legal_actions()
        assert again.current_player() == state.current_player()
        if number % 3 == 0:
            for p in range(players):
                obs_schema.validate(state.observation(p))


def test_schemas_describe_every_field() -> None:
    def walk(node: Any, path: str) -> list[str]:
        missing = []
        if isinstance(node, dict):
            props = node.get("properties", {})
            for name, sub in props.items():
                if isinstance(sub, dict) and "description" not in sub and "$ref" not in sub and (
                    "const" not in sub
                ) and name not in ("asking",):
                    missing.append(f"{path}/{name}")
            for key, sub in node.items():
                missing += walk(sub, f"{path}/{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                missing += walk(sub, f"{path}/{i}")
        return missing

    for name in ("state-111", "observation-111"):
        schema = json.loads((conformance_dir("schema") / f"{name}.schema.json").read_text())
        assert walk(schema, name) == []


def swap_hidden(state: OneElevenState, seat: int) -> OneElevenState | None:
    """The same position with one card of ``seat``'s hand swapped for a different card of
    the draw pile: what other players cannot tell apart."""
    hand = state.hands[seat]
    other = next((c for c in range(52) if state.pile[c] and c not in hand), None)
    if not hand or other is None:
        return None
    changed = state.clone()
    gone = changed.hands[seat][0]
    changed.hands[seat][0] = other
    changed.hands[seat].sort()
    changed.pile[other] -= 1
    changed.pile[gone] += 1
    return changed


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6), (5, 7)])
def test_observations_hide_other_hands_and_the_draw_pile(players: int, seed: int) -> None:
    compared = 0
    for state in states(players, seed)[::5]:
        for seat in range(players):
            changed = swap_hidden(state, seat)
            if changed is None:
                continue
            if state.current_player() == seat:
                continue  # the seat's own legal actions may differ; others still may not see
            assert changed.to_json() != state.to_json()
            for viewer in range(players):
                if viewer != seat:
                    assert changed.observation(viewer) == state.observation(viewer)
                    compared += 1
            assert changed.observation(seat) != state.observation(seat)
    assert compared > 20


def test_an_observation_shows_the_own_hand_and_counts_the_rest() -> None:
    state = states(3, 8)[40]
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["players"][seat]["hand"] == state.to_json()["players"][seat]["hand"]
        for other in range(3):
            if other != seat:
                assert obs["players"][other]["hand"] is None
            assert obs["players"][other]["hand_size"] == len(state.hands[other])
        assert obs["draw_pile"] == state.pile_size
        assert (obs["legal"] != []) == (state.current_player() == seat)


def good_doc() -> dict[str, Any]:
    return states(2, 9)[60].to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["draw_pile"].pop(), "copies of"),
        (lambda d: d["draw_pile"].append("AS"), "copies of"),
        (lambda d: d["players"][0].__setitem__("coins", d["players"][0]["coins"] + 1),
         "issued"),
        (lambda d: d.__setitem__("turn", -1), "at turn"),
        (lambda d: d["players"][0]["hand"].append("XX"), "at players"),
        (lambda d: d.__setitem__("pending", {"asking": "store", "player": 0}), "at pending"),
        (lambda d: d["bosses"]["J"].append(
            {"card": "QS", "shield": 1, "health": 1, "coins": 0}), "slot"),
    ],
)
def test_bad_documents_are_refused_with_the_reason(change: Any, message: str) -> None:
    doc = copy.deepcopy(good_doc())
    change(doc)
    with pytest.raises(BadState, match=message):
        load_game("111", {"players": 2}).state_from_json(doc)


def fight_doc() -> dict[str, Any]:
    """A boss fight: seat 0's party against the top boss of a slot."""
    game = load_game("111", {"players": 2, "turn_limit": 400})
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            doc = state.to_json()
            fight = doc["fight"]
            if doc["pending"]["asking"] == "roll" and fight and "boss" in fight["target"]:
                return doc
            state.apply_action(random_step(state, rng))
    raise AssertionError("no boss fight found")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d, p: p.__setitem__("attack", p["attack"] + 1), "attack must be"),
        (lambda d, p: p.__setitem__("money", p["money"] + 1), "money must be"),
        (lambda d, p: p.__setitem__("health", p["health"] + 30), "more than the cards"),
        (lambda d, p: p.__setitem__("discount", {"attribute": "shield", "points": 2}),
         "fewer than four"),
        (lambda d, p: [b.__setitem__("health", 30) for s in d["bosses"].values() for b in s],
         "health 1-"),
    ],
)
def test_party_and_boss_figures_must_follow_from_the_cards(change: Any, message: str) -> None:
    doc = copy.deepcopy(fight_doc())
    party = doc["players"][doc["active"]]["party"]
    change(doc, party)
    with pytest.raises(BadState, match=message):
        load_game("111", {"players": 2}).state_from_json(doc)
