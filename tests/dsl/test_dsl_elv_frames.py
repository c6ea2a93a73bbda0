"""Effects of variant Elevenes cards and a Special Guest in progress, as a state document writes
and loads them: a guest's effect on the stack, effects set off together and not yet begun
(`queued`), Elevenses in the centre while the round's end effects run, the documents refused,
and a value read when the spread is counted. The scenarios of
tests/dsl/scenarios/elv-frames.yaml are played with their card file (test_dsl_scenarios.py);
each also kills faults no printed card can reach (docs/suite.md, "The card language's own
scenarios")."""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.conformance.loader import load_file

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "dsl" / "scenarios"



def test_the_scenarios_need_their_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """With the printed cards the same scenarios fail: what they pin is the variant cards'."""
    status = main(["judge", str(SCENARIOS / "elv-frames.yaml")])
    out = capsys.readouterr().out
    assert status == 1
    assert "DISAGREES" in out


def test_every_card_language_scenario_file_has_its_card_file() -> None:
    """The fault planting over these scenarios (benchmarks/plant_faults.py --card-scenarios)
    plays each file with the card file of its name."""
    for path in sorted(SCENARIOS.glob("*.yaml")):
        assert path.with_suffix(".cards").is_file(), path.name
        assert load_file(path), path.name
