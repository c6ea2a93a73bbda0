"""Every key an Elevenes set-up of the shipped suite leaves out is one whose default the format
page gives ("Defaults on input"): an implementation written from the page reads every set-up
of the suite as the reference does."""

from __future__ import annotations

import re
from pathlib import Path

from elevenes.conformance import load_file
from elevenes.conformance.loader import suite_files
from elevenes.conformance.model import Scenario
from elevenes.games import load_game
from elevenes.paths import conformance_dir

PAGE = Path(__file__).resolve().parents[2] / "docs" / "formats" / "elevenes.md"


def _documented_defaults() -> set[str]:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("Defaults on input:")
    paragraph = text[start : text.index("\n\n", start)]
    return set(re.findall(r"`([a-z_]+)`", paragraph))


def _left_out() -> dict[str, set[str]]:
    """key -> the set-ups (file: id) that leave it out, at the top and in `players` entries."""
    found: dict[str, set[str]] = {}
    for path in suite_files([conformance_dir("elevenes")]):
        for item in load_file(path):
            if item.setup is None or (isinstance(item, Scenario) and item.setup_refused):
                continue
            written = load_game("elevenes", options=item.options).state_from_json(item.setup)
            doc = written.to_json()
            where = f"{path.name}: {item.id}"
            for key in doc:
                if key not in item.setup:
                    found.setdefault(key, set()).add(where)
            for given, full in zip(item.setup["players"], doc["players"], strict=True):
                for key in full:
                    if key not in given:
                        found.setdefault(key, set()).add(where)
    return found


def test_every_key_a_set_up_leaves_out_has_a_documented_default() -> None:
    left_out = _left_out()
    assert "announced" in left_out  # the suite relies on the defaults
    undocumented = {key: sorted(where)[:3] for key, where in left_out.items()
                    if key not in _documented_defaults()}
    assert undocumented == {}


def test_a_french_set_up_without_announced_announces_nothing_yet() -> None:
    game = load_game("elevenes", options={"players": 2, "edition": "fr"})
    state = game.new_initial_state().to_json()
    del state["announced"]
    assert game.state_from_json(state).to_json()["announced"] == [0, 0]


def test_a_french_set_up_with_announced_null_announces_nothing_yet() -> None:
    game = load_game("elevenes", options={"players": 2, "edition": "fr"})
    state = game.new_initial_state().to_json()
    state["announced"] = None
    assert game.state_from_json(state).to_json()["announced"] == [0, 0]


def test_target_zero_in_a_set_up_stands_for_the_editions_number() -> None:
    for edition, cubes in (("en", 5), ("fr", 7)):
        game = load_game("elevenes", options={"players": 2, "edition": edition})
        state = game.new_initial_state().to_json()
        state["options"] = {"players": 2, "edition": edition, "target": 0}
        assert game.state_from_json(state).to_json()["options"]["target"] == cubes
