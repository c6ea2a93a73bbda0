"""A Special Guest's effect in progress while the round goes on: the state leaves out
`round_ended`.  tests/dsl/scenarios/elv-absent.yaml is played with its card file through
`elevenes judge --cards`; it kills, among the card language's scenarios, the faults that write
the key where it should not be (docs/suite.md, "The card language's own scenarios")."""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.cli import main

SCENARIOS = Path(__file__).resolve().parents[2] / "tests" / "dsl" / "scenarios"


def test_the_guest_effect_leaves_round_ended_out(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["judge", "--cards", str(SCENARIOS / "elv-absent.cards"),
                   str(SCENARIOS / "elv-absent.yaml")])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "the reference agrees with all 4 expectations" in out


def test_with_the_printed_guests_nothing_waits(capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped guests have no effect: the scenario pins the variant guest's."""
    assert main(["judge", str(SCENARIOS / "elv-absent.yaml")]) == 1
    assert "DISAGREES" in capsys.readouterr().out
