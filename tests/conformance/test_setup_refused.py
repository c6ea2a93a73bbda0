"""The `setup_refused` scenario form: a set-up the subject must refuse, the position kept."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from elevenes.conformance import AdapterSubject, load_file, run_items
from elevenes.conformance.model import Scenario
from elevenes.paths import conformance_dir

REFUSED = conformance_dir() / "bowling-solitaire" / "setup-refused.yaml"
EVERY = sorted(conformance_dir().glob("*/setup-refused.yaml"))
REFERENCE_ADAPTER = [sys.executable, "-m", "elevenes.cli", "adapter"]


def scenarios(path: Path = REFUSED) -> list[Scenario]:
    items = load_file(path)
    assert all(isinstance(item, Scenario) and item.setup_refused for item in items)
    return [item for item in items if isinstance(item, Scenario)]


def test_refused_setups_pass_in_process_and_through_the_protocol() -> None:
    assert len(EVERY) >= 3
    items = [item for path in EVERY for item in scenarios(path)]
    assert len(items) >= 9
    in_process = run_items(items)
    assert [r.status for r in in_process.results] == ["pass"] * len(items)
    with AdapterSubject(REFERENCE_ADAPTER, timeout=30) as program:
        through = run_items(items, program)
    assert [r.status for r in through.results] == ["pass"] * len(items)


def test_an_accepted_setup_fails_the_scenario() -> None:
    item = scenarios()[0]
    valid = copy.deepcopy(item.setup)
    assert valid is not None
    valid["pins"]["H"] = 0  # back to the consistent deal of setup.yaml
    accepted = Scenario(
        id="accepted", game=item.game, setup=valid, setup_refused=True, final={"phase": "play"}
    )
    result = run_items([accepted]).results[0]
    assert result.status == "fail"
    assert result.path == "setup"
    assert "accepted" in result.message
