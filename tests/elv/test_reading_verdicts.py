"""``elevenes judge`` under each reading of Elevenes' and 111's newer readings: a choice inside
a card's effect touches the rulings whose card files rewrite that card (Elevenes: CHOOSE-SELF
(a), a card file), and a party touches the bonus readings of 111 (TWO-PAIRS (b))."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from elevenes.cli import main

MILK_SELF = {
    "id": "dispute-milk-self", "game": "elevenes", "description": "May Milk choose its player?",
    "options": {"players": 3},
    "setup": {
        "game": "elevenes", "round": 1, "phase": "turn", "server": 0, "turn": 0, "bowl": 25,
        "players": [
            {"cubes": 0, "kitchen": ["3a", "6a", "9a"],
             "spread": [None, "~1a", "~2a", "~4a", "~5a", "~7a", "~8a", "~10a", "~11a", None]},
            {"cubes": 0, "kitchen": ["2b", "5b", "11b"],
             "spread": [None, "~1b", "~3b", "~4b", "~6b", "~7b", "~8b", "~9b", "~10b", None]},
            {"cubes": 0, "kitchen": ["6c", "7c", "10c"],
             "spread": [None, "~1c", "~2c", "~3c", "~4c", "~5c", "~8c", "~9c", "~11c", None]},
        ]},
    "steps": [{"act": "play 3a"}, {"act": "player 0"}],
}


def _judged(capsys: pytest.CaptureFixture[str], tmp_path: Path, doc: object) -> list[str]:
    path = tmp_path / "dispute.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert main(["judge", str(path)]) == 0
    return capsys.readouterr().out.splitlines()


def test_a_choice_in_a_rewritten_cards_effect_is_judged_under_each_reading(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = _judged(capsys, tmp_path, MILK_SELF)
    at = lines.index("  step 2:")
    below = lines[at:]
    assert below[1].startswith("    player 0 -> refused: ELV.RULING.CHOOSE-SELF")
    head = below.index("      under each reading of ELV.RULING.CHOOSE-SELF (Choosing yourself):")
    assert below[head + 1].startswith("        (a)                    accepted: ")
    assert below[head + 2].startswith("        (b) decided, in force  refused: "
                                      "ELV.RULING.CHOOSE-SELF")


def test_a_party_with_two_pairs_is_judged_under_each_reading(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tests.g111.test_readings import B1

    doc = {"id": "dispute-two-pairs", "game": "111", "description": "Two bonuses?",
           "setup": B1, "steps": [{"act": "party 5C 9D 5H 9S +C +S"}]}
    lines = _judged(capsys, tmp_path, doc)
    head = lines.index("      under each reading of G111.RULING.TWO-PAIRS (Two pairs, two "
                       "bonuses):")
    assert lines[head + 1].startswith("        (a) decided, in force  accepted: ")
    assert lines[head + 2].startswith("        (b)                    refused: "
                                      "G111.RULING.TWO-PAIRS")


def test_the_judge_page_shows_each_move_under_each_reading(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "dispute.yaml"
    path.write_text(yaml.safe_dump(MILK_SELF), encoding="utf-8")
    page = tmp_path / "page.html"
    assert main(["judge", str(path), "--html", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    at = html.index("step 2: <code>player 0</code>")
    assert "under each reading of <code>ELV.RULING.CHOOSE-SELF</code>" in html[at:]
    assert "(b) decided, in force  refused: ELV.RULING.CHOOSE-SELF" in html[at:]
