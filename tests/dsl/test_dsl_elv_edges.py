"""Variant Elevenes cards and guests at the edges the checker and the engine draw: flipped effects
on cards 2 and 9 (the first and last positions a card is turned face down at), a round's end
and a score effect on card 10, a score effect and a grant on card 1, a grant whose condition
does not hold, a grant that lets a player see one card of another's kitchen, and guests'
revealed effects that end the round or turn another seat's wants face down (she is no longer
asked), and cube verbs asking for more than the giver holds (the first seat giving, the bowl
short, under reading (a) of ELV.RULING.BOWL-EMPTY too). The scenarios of
tests/dsl/scenarios/elv-edges.yaml are played with their card file (test_dsl_scenarios.py);
each also kills faults no printed card can reach (docs/suite.md, "The card language's own
scenarios")."""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "dsl" / "scenarios"


def test_the_card_file_passes_the_checker(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["check", str(SCENARIOS / "elv-edges.cards")])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "ok, 7 cards, 3 guests" in out


