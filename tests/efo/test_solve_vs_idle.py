"""``solve --vs``: a changed card already on the trolley of the position asked cannot act
there; the command says so and suggests a pass that lays it out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elevenes.cli import main

ROOT = Path(__file__).resolve().parents[2]
STRONG_TEA = """game elevenes-for-one

card 2 "Strong Tea" value 2 rule EFO.CARD.TEA {
  on use, score {
    send_to_end first
  }
}
"""


def test_a_changed_card_on_the_trolley_is_flagged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = tmp_path / "strong-tea.cards"
    variant.write_text(STRONG_TEA)
    argv = ["solve", "elevenes-for-one", "--trolley", "8", "--minutes", "10", "--no-cache",
            "--no-progress", "--vs", str(variant)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "B - A  0 " in captured.out
    assert 'card 2 "Tea" already lies on the trolley' in captured.err
    assert "--trolley 1 (10 cards to lay out)" in captured.err
    assert main([*argv, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert "already lies on the trolley" in doc["warning"]


def test_a_card_still_to_lay_out_is_not_flagged(capsys: pytest.CaptureFixture[str]) -> None:
    variant = ROOT / "docs" / "examples" / "minute-back.cards"  # card 9, still in the pantry
    assert main(["solve", "elevenes-for-one", "--trolley", "8", "--minutes", "10", "--no-cache",
                 "--no-progress", "--vs", str(variant)]) == 0
    assert "warning" not in capsys.readouterr().err
