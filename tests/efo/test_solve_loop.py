"""``solve`` with a variant that can deal the pantry again for free (a loop through a chance
node): the error names the card and its file:line:col, and what can be valued still is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.games.elevenes_for_one import make_game
from elevenes.games.elevenes_for_one.cli_solve import endgame

FREE_CAKES = ('game elevenes-for-one\ncard 9 "Free Cakes" rule EFO.CARD.CAKES {\n'
              '  on use, score {\n    flip_down next\n    cost 0\n  }\n}\n')


def loop_position(tmp_path: Path) -> tuple[str, str]:
    """Cakes free, 1-8 on the trolley, 10 discarded, two minutes: a pass of 9 then 11 costs
    nothing and deals again (tests/efo/test_solver.py, the free re-deal)."""
    cards = tmp_path / "free-cakes.cards"
    cards.write_text(FREE_CAKES, encoding="utf-8")
    state = endgame(make_game({"minutes": 2}, str(cards)), 8)
    doc = state.to_json()
    doc["discard"] = [10]
    doc["deck"] = [c for c in doc["deck"] if c != 10]
    path = tmp_path / "loop.json"
    path.write_text(json.dumps(state.game.state_from_json(doc).to_json()), encoding="utf-8")
    return str(cards), str(path)


@pytest.mark.parametrize("engine", ["python", "native"])
def test_the_loop_names_the_card(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 engine: str) -> None:
    cards, position = loop_position(tmp_path)
    assert main(["solve", "elevenes-for-one", "--from", position, "--cards", cards,
                 "--engine", engine, "--no-cache", "--no-progress"]) == 1
    captured = capsys.readouterr()
    assert "loop through a chance node" in captured.err and "Traceback" not in captured.err
    assert f'{cards}:5:5: card 9 "Free Cakes" costs 0 minutes' in captured.err
    assert "best chance to win: not valued" in captured.out


def test_a_is_valued_when_only_b_loops(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    cards, position = loop_position(tmp_path)
    argv = ["solve", "elevenes-for-one", "--from", position, "--vs", cards, "--no-cache",
            "--no-progress"]
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert "A      0 (0.0000%)" in captured.out  # the printed cards: no way to win here
    assert "A      10 (10.0000 points)" in captured.out
    assert "B      not valued" in captured.out and "B - A" not in captured.out
    assert f"error: B ({cards}), best chance to win: a loop" in captured.err
    assert main([*argv, "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [r["value"] for r in doc["results"]] == ["0", "10"]
    assert doc["vs"]["results"] == [] and doc["difference"] == []
    assert {f["objective"] for f in doc["vs"]["not_valued"]} == {"win", "rating"}
