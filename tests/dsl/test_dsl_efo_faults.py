"""The order and the bound of `flipped` effects of variant Elevenes for One cards set off
together, and the `flipped` effect of a card with no action (rules.md, "Words of variant
cards", EFO.CARDS.*): tests/dsl/scenarios/efo-faults.yaml played with its card file through
`elevenes judge --cards`."""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.cli import main

SCENARIOS = Path(__file__).resolve().parents[2] / "tests" / "dsl" / "scenarios"


def test_the_scenarios_of_flipped_effects_agree_with_the_reference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["judge", "--cards", str(SCENARIOS / "efo-faults.cards"),
                   str(SCENARIOS / "efo-faults.yaml")])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "the reference agrees with all 4 expectations" in out
