"""``elevenes diff`` against an Elevenes that writes a key the canonical state leaves out: the
scenario it writes pins the key's absence with ``$absent``, so the other fails it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from elevenes.conformance import load_suite, run_suite
from elevenes.conformance.diff import _absent_pin, as_scenario, diff_games
from elevenes.conformance.runner import run_items
from elevenes.conformance.subject import ReferenceSubject
from elevenes.games.elevenes import views as elv_views

ORIGINAL = elv_views.state_to_json


def _with_round_ended(state: Any) -> Any:
    doc = ORIGINAL(state)
    doc.setdefault("round_ended", False)
    return doc


class WritesRoundEnded(ReferenceSubject):
    """The reference, but every state it writes carries ``round_ended: false``."""

    def _wrap(self, call: Callable[..., Any], *args: Any) -> Any:
        elv_views.state_to_json = _with_round_ended
        try:
            return call(*args)
        finally:
            elv_views.state_to_json = ORIGINAL

    def state(self) -> Any:
        return self._wrap(super().state)


def test_absent_pin_follows_the_path_to_the_missing_key() -> None:
    doc = {"players": [{"aside": None}, {"cubes": 2}], "options": {"reading.X.Y": "a"}}
    assert _absent_pin(doc, ".round_ended") == {"$absent": ["round_ended"]}
    assert _absent_pin(doc, ".players[1].aside") == {
        "players": [{"aside": None}, {"$absent": ["aside"]}]
    }
    assert _absent_pin(doc, ".options.reading.Z") == {"options": {"$absent": ["reading.Z"]}}
    assert _absent_pin(doc, ".players[0].aside") is None
    assert _absent_pin(doc, ".options.reading.X.Y") is None
    assert _absent_pin(doc, ".players[5].aside") is None


def test_a_key_only_the_other_writes_becomes_an_absent_expectation(tmp_path: Path) -> None:
    result = diff_games(ReferenceSubject(), WritesRoundEnded(), "elevenes", games=1, seed=3,
                        setups=0, shrink_seconds=10)
    assert result.divergent is not None
    difference = result.divergent.shortest_difference
    assert difference.what == "state" and difference.path == "state.round_ended"
    text = as_scenario(ReferenceSubject(), "elevenes", {}, result.divergent, seed=3)
    assert yaml.safe_load(text)["steps"][-1]["expect"] == {"$absent": ["round_ended"]}
    path = tmp_path / "found.yaml"
    path.write_text(text)
    suite = load_suite([path])
    (passed,) = run_suite(suite).results
    assert passed.status == "pass", passed.message
    (failed,) = run_items(suite.items, WritesRoundEnded()).results
    assert failed.status == "fail"
    assert failed.message == "at state.round_ended: expected no key round_ended, got false"
