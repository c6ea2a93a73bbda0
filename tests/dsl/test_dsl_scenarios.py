"""The card language's own scenarios (docs/suite.md, "The card language's own scenarios"):
every ``tests/dsl/scenarios/NAME.yaml`` is judged with the cards of ``NAME.cards`` through
``elevenes judge --cards``, as a designer runs it.  Each pins what its variant cards do, so
with the printed cards the same file disagrees.

What each file pins is said at its top:

- ``efo-events``: Elevenes for One's `flipped` and `laid_out` effects;
- ``efo-faults``: the order and bound of `flipped` effects set off together, a card with no
  action;
- ``elv-absent``: a guest's effect in progress while the round goes on (no `round_ended`);
- ``elv-edges``: the edges of Elevenes' variant cards;
- ``elv-events``: Elevenes' events, a guest's `revealed`;
- ``elv-frames``: effects in progress when a round ends;
- ``elv-where``: ``choose player ... where``;
- ``language-words``: the words of the language, one scenario or more each."""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.cli import main

SCENARIOS = Path(__file__).resolve().parent / "scenarios"

EXPECTATIONS = {
    "efo-events": 14,
    "efo-faults": 4,
    "elv-absent": 4,
    "elv-edges": 18,
    "elv-events": 9,
    "elv-frames": 28,
    "elv-where": 4,
    "language-words": 22,
}
"""How many expectations each file holds: the judge must have read and judged them all."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """The command's exit status and what it printed."""
    status = main(list(args))
    return status, capsys.readouterr().out


def test_every_scenario_file_is_judged_here() -> None:
    assert sorted(p.stem for p in SCENARIOS.glob("*.yaml")) == sorted(EXPECTATIONS)
    assert sorted(p.stem for p in SCENARIOS.glob("*.cards")) == sorted(EXPECTATIONS)


@pytest.mark.parametrize("name", sorted(EXPECTATIONS))
def test_the_card_file_passes_the_checker(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(capsys, "check", str(SCENARIOS / f"{name}.cards"))
    assert status == 0, out
    assert ": ok, " in out


@pytest.mark.parametrize("name", sorted(EXPECTATIONS))
def test_the_scenarios_agree_with_the_reference_under_their_cards(
    name: str, capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = run(capsys, "judge", "--cards", str(SCENARIOS / f"{name}.cards"),
                      str(SCENARIOS / f"{name}.yaml"))
    assert status == 0, out
    assert f"the reference agrees with all {EXPECTATIONS[name]} expectations" in out


@pytest.mark.parametrize("name", sorted(EXPECTATIONS))
def test_the_scenarios_need_their_cards(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """With the printed cards the same file fails: what it pins is the variant cards'."""
    status, out = run(capsys, "judge", str(SCENARIOS / f"{name}.yaml"))
    assert status == 1, out
    assert "DISAGREES" in out
