"""Every set-up document of the shipped suite is written in its game's canonical form.

The format pages and schemas say how a state is written (card lists sorted, every field in
its canonical spelling); an outside implementation compares what it writes with what the
suite gives.  So every ``setup`` of every scenario and perft check (except the ones that must
be refused) is loaded by the reference and written back: the result must equal the document,
for every key the document gives (derived keys may be left out of a set-up).
"""

from __future__ import annotations

from typing import Any

import pytest

from elevenes.conformance import load_file
from elevenes.conformance.loader import suite_files
from elevenes.conformance.model import Scenario
from elevenes.games import load_game
from elevenes.paths import conformance_dir

NOT_CANONICAL = {
    # Scenarios about reading a document that is not written as the reference writes it,
    # which the format page says how to read (docs/formats/elevenes-for-one.md).
    "efo-loading-held-ignored": "a `held` that the stack contradicts is ignored",
    "efo-loading-deck-any-order": "an unsorted `deck` is read as a set",
    "efo-loading-score-from-row": "an effect at a statement that asks nothing runs on load",
    "efo-loading-score-from-pile": "an effect at a statement that asks nothing runs on load",
    "efo-loading-one-outcome-resolved": "a decision with one outcome is taken on load",
    "efo-loading-no-outcome-resolved": "a decision with no outcome does nothing on load",
    "efo-faults-elevenses-c-held-on-full-pile": "a decision with one outcome is taken on load",
    # docs/formats/elevenes.md, `options`: `target: 0` on input stands for the edition's number
    "elv-setup-target-zero-accepted-fr": "`target: 0` is read as the edition's number",
    "elv-setup-target-zero-accepted-en": "`target: 0` is read as the edition's number",
}
"""Set-ups left out of the check, each with the reason its document is not canonical."""


def _items() -> list[Any]:
    return [item for path in suite_files([conformance_dir()]) for item in load_file(path)]


def _setups() -> list[Any]:
    found = []
    for item in _items():
        if item.setup is None or (isinstance(item, Scenario) and item.setup_refused):
            continue
        if item.id in NOT_CANONICAL:
            continue
        found.append(pytest.param(item.game, item.options, item.setup, id=item.id))
    return found


def _differences(given: Any, written: Any, where: str) -> list[str]:
    """Where ``given`` differs from ``written``, looking only at the keys ``given`` has."""
    if isinstance(given, dict) and isinstance(written, dict):
        found = []
        for key, value in given.items():
            if key not in written:
                found.append(f"{where}/{key}: not written by the reference")
            else:
                found += _differences(value, written[key], f"{where}/{key}")
        return found
    if isinstance(given, list) and isinstance(written, list) and len(given) == len(written):
        return [d for i, (a, b) in enumerate(zip(given, written, strict=True))
                for d in _differences(a, b, f"{where}/{i}")]
    return [] if given == written else [f"{where}: given {given!r}, canonical {written!r}"]


SETUPS = _setups()


def test_every_game_has_set_ups() -> None:
    games = {param.values[0] for param in SETUPS}
    assert games == {"111", "bowling-solitaire", "elevenes", "elevenes-for-one"}


@pytest.mark.parametrize(("game_id", "options", "setup"), SETUPS)
def test_set_up_is_canonical(game_id: str, options: dict[str, Any], setup: dict[str, Any]) -> None:
    game = load_game(game_id, options=options)
    written = game.state_from_json(setup).to_json()
    assert _differences(setup, written, "") == []


def test_a_reordered_hand_is_reported() -> None:
    given = {"players": [{"hand": ["2C", "AS", "5H"]}]}
    written = {"players": [{"hand": ["2C", "5H", "AS"]}]}
    assert _differences(given, written, "") == [
        "/players/0/hand/1: given 'AS', canonical '5H'",
        "/players/0/hand/2: given '5H', canonical 'AS'",
    ]


@pytest.mark.parametrize("scenario_id", sorted(NOT_CANONICAL))
def test_a_set_up_left_out_is_there_and_not_canonical(scenario_id: str) -> None:
    """The exceptions cannot outlive their reason: each names a scenario of the suite whose
    set-up the reference does write differently."""
    items = [item for item in _items() if item.id == scenario_id]
    assert len(items) == 1, f"{scenario_id} is not a scenario of the suite"
    item = items[0]
    assert item.setup is not None
    written = load_game(item.game, options=item.options).state_from_json(item.setup).to_json()
    assert _differences(item.setup, written, "") != []
