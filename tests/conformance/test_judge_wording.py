"""`elevenes judge` counts its expectations in words that agree with the number."""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.conformance.cli_judge import verdict_line

ROOT = Path(__file__).resolve().parents[2]
TWO = ROOT / "conformance" / "elevenes-for-one" / "setup-refused.yaml"


def last_line(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().out.strip().splitlines()[-1]


def test_one_expectation_is_one_expectation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", str(TWO), "--id", "efo-setup-refused-card-twice"]) == 0
    assert last_line(capsys) == "the reference agrees with the 1 expectation"


def test_several_expectations_are_all_counted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", str(TWO)]) == 0
    assert last_line(capsys) == "the reference agrees with all 2 expectations"


def test_disagreements_are_counted_against_the_expectations() -> None:
    assert verdict_line(1, 1) == "the reference disagrees with 1 of 1 expectation"
    assert verdict_line(3, 2) == "the reference disagrees with 2 of 3 expectations"
