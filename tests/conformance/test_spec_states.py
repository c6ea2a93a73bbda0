"""The canonical states speak in rules terms: no engine machinery, exact round trips, and old
files migrate (elevenes.conformance.migrate)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from elevenes.conformance.loader import load_suite
from elevenes.conformance.migrate import main as migrate_main
from elevenes.conformance.migrate import migrate_state, migrate_text
from elevenes.conformance.schemas import validator
from elevenes.core.api import State
from elevenes.games import load_game
from elevenes.games.elevenes.notation import card_str

MACHINERY = {"pc", "vars"}


def machinery(doc: Any, path: str = "") -> list[str]:
    """Where a document shows engine internals: pc/vars keys or underscore names."""
    found: list[str] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key in MACHINERY or str(key).startswith("_"):
                found.append(f"{path}.{key}")
            found.extend(machinery(value, f"{path}.{key}"))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            found.extend(machinery(value, f"{path}[{index}]"))
    return found


def effect_states(game_id: str, options: dict[str, Any], games: int, seed: int) -> list[State]:
    """States of random playouts where a card effect is in progress."""
    game = load_game(game_id, options)
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(400):  # the first rounds are enough
            if state.is_terminal():
                break
            if getattr(state, "stack", None):
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


CASES = [
    ("elevenes-for-one", {}, 40),
    ("elevenes", {"players": 3}, 4),
    ("elevenes", {"players": 2, "edition": "fr"}, 4),
]


@pytest.mark.parametrize(("game_id", "options", "games"), CASES)
def test_effects_in_progress_round_trip_in_rules_terms(
    game_id: str, options: dict[str, Any], games: int
) -> None:
    states = effect_states(game_id, options, games, seed=8)
    assert states, "the playouts reach card effects"
    schema = validator(f"state-{game_id}.schema.json")
    assert schema is not None
    game = load_game(game_id, options)
    for state in states[:: max(1, len(states) // 60)]:
        doc = state.to_json()
        assert machinery(doc) == []
        assert list(schema.iter_errors(doc)) == []
        again = game.state_from_json(json.loads(json.dumps(doc)))
        assert again.to_json() == doc
        assert sorted(again.legal_actions()) == sorted(state.legal_actions())
        assert again.current_player() == state.current_player()


def test_shipped_setups_hold_no_engine_machinery() -> None:
    suite = load_suite()
    assert not suite.errors
    for item in suite.items:
        assert machinery(item.setup or {}) == [], item.id


def old_frames(state: Any) -> list[dict[str, Any]]:
    """The effect stack as format 1 wrote it (program counter and variables)."""
    frames = []
    for frame in state.stack:
        card = card_str(frame.card) if state.game.id == "elevenes" else frame.card
        doc = {"card": card, "event": frame.event, "owner": frame.owner, "pc": frame.pc,
               "cost": frame.cost}
        if frame.vars:
            doc["vars"] = {str(k): v for k, v in frame.vars.items()}
        frames.append(doc)
    return frames


@pytest.mark.parametrize(("game_id", "options", "games"), CASES[:2])
def test_migration_gives_the_engines_own_description(
    game_id: str, options: dict[str, Any], games: int
) -> None:
    for state in effect_states(game_id, options, games, seed=3):
        doc = state.to_json()
        old = {**doc, "stack": old_frames(state)}
        assert migrate_state(game_id, old, options) == doc


OLD_FILE = """\
# a perft file of format 1: the comment stays
kind: perft
id: old-milk
game: elevenes-for-one
setup:
  game: elevenes-for-one
  phase: effect
  minutes: 12
  trolley: [1, 2]
  pantry: [[3, up], [4, up], [5, up], [9, up], [7, up], [6, down], [10, up], [11, up], [8, up]]
  discard: []
  cursor: 1
  stack:
    - {card: 3, event: use, pc: 0, cost: 1}
depth: 1
counts: [15]  # the same after migration
"""


def test_migrate_text_rewrites_only_the_stack() -> None:
    new = migrate_text(OLD_FILE)
    assert new == OLD_FILE.replace("pc: 0, cost: 1}", "cost: 1, at: 1}")
    assert migrate_text(new) == new


def test_migrate_cli_checks_and_rewrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.yaml"
    path.write_text(OLD_FILE, encoding="utf-8")
    assert migrate_main(["--check", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == OLD_FILE
    assert migrate_main([str(path)]) == 0
    assert "migrated" in capsys.readouterr().out
    assert migrate_main(["--check", str(path)]) == 0
    (item,) = load_suite([path]).items
    assert item.setup is not None and item.setup["stack"] == [
        {"card": 3, "event": "use", "cost": 1, "at": 1}
    ]


def test_a_statement_the_card_does_not_have_is_a_clear_error() -> None:
    game = load_game("elevenes-for-one")
    doc = yaml_state()
    doc["stack"] = [{"card": 3, "event": "use", "at": 5}]
    with pytest.raises(Exception, match="no statement 5"):
        game.state_from_json(doc)


def yaml_state() -> dict[str, Any]:
    import yaml

    data = yaml.safe_load(OLD_FILE)
    setup: dict[str, Any] = data["setup"]
    return setup


SCHEMA_CASES = [  # (game, options, games, every how many actions a position is checked)
    ("bowling-solitaire", {}, 2, 7),
    ("elevenes-for-one", {}, 20, 3),
    ("elevenes-for-one", {"challenge": True, "edition": "v1.0"}, 10, 3),
    ("elevenes", {"players": 4, "guests": True}, 1, 29),
    ("elevenes", {"players": 3, "edition": "fr", "outright": True}, 1, 29),
]


@pytest.mark.parametrize(("game_id", "options", "games", "every"), SCHEMA_CASES)
def test_states_and_observations_satisfy_their_schemas(
    game_id: str, options: dict[str, Any], games: int, every: int
) -> None:
    """The schemas describe what the reference writes, at every kind of position."""
    state_schema = validator(f"state-{game_id}.schema.json")
    seen_schema = validator(f"observation-{game_id}.schema.json")
    assert state_schema is not None and seen_schema is not None
    game = load_game(game_id, options)
    rng = random.Random(21)
    phases = set()
    for _ in range(games):
        state = game.new_initial_state()
        for step in range(3000):
            if step % every == 0 or state.is_terminal():
                doc = state.to_json()
                phases.add(doc["phase"])
                assert list(state_schema.iter_errors(doc)) == [], doc
                for player in range(game.num_players()):
                    seen = state.observation(player)
                    assert list(seen_schema.iter_errors(seen)) == [], seen
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(phases) >= 3


def test_migrated_scenarios_pass_with_their_expectations(tmp_path: Path) -> None:
    """Old set-ups and old expectations of ``stack`` migrate to a scenario that passes."""
    import yaml

    from elevenes.conformance.loader import load_file
    from elevenes.conformance.report import PASS
    from elevenes.conformance.runner import run_items

    options = {"players": 3}
    states = [s for s in effect_states("elevenes", options, 4, seed=5)
              if any(f.vars for f in s.stack)][:6]  # type: ignore[attr-defined]
    assert states
    scenarios = []
    for number, state in enumerate(states):
        old = old_frames(state)
        partial = [{k: v for k, v in f.items() if k in ("card", "pc", "vars")} for f in old]
        scenarios.append({
            "id": f"old-{number}",
            "setup": {**state.to_json(), "stack": old},
            "steps": [{"expect": {"stack": partial}}],
        })
    path = tmp_path / "old.yaml"
    path.write_text(yaml.safe_dump({"game": "elevenes", "options": options,
                                    "scenarios": scenarios}, sort_keys=False),
                    encoding="utf-8")
    assert migrate_main([str(path)]) == 0
    assert machinery(yaml.safe_load(path.read_text(encoding="utf-8"))) == []
    report = run_items(load_file(path))
    assert [r.status for r in report.results] == [PASS] * len(states)
