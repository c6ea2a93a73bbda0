"""The command line: play (human and bot), analyse, and bad input without tracebacks."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import pytest

from elevenes.bots.charts import Progress, histogram
from elevenes.cli import main
from elevenes.games.bowling_solitaire import BowlingGame
from elevenes.games.bowling_solitaire.analyse import simulate, summary_table


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_bot_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["play", "bowling-solitaire", "--bot", "greedy", "--seed", "3"], capsys)
    assert code == 0, err
    assert "Final score:" in out and "Replay: deal" in out
    assert "A:" in out and "J:" in out  # the triangle is drawn
    assert "Frame|  1  |" in out  # the pad
    assert "Frame 10 done" in out


def test_quiet_bot_prints_only_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["play", "bowling-solitaire", "--bot", "random", "--seed", "5", "--quiet"], capsys
    )
    assert code == 0
    assert out.count("\n") == 4 and "Final score:" in out


def test_unknown_bot_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["play", "bowling-solitaire", "--bot", "perfect"], capsys)
    assert code == 1 and "unknown bot 'perfect'" in err and "Traceback" not in err + out


def test_cards_file_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["play", "bowling-solitaire", "--cards", "x.cards"], capsys)
    assert code == 1 and "no card effects" in err


def test_human_game_with_refusals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "knock 0 A B C D\n0 Z\n?\nhint\n42\n" + "e\n" * 40
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    code, out, _ = run(["play", "bowling-solitaire", "--seed", "2"], capsys)
    assert code == 0
    assert "Refused:" in out and "[BWL.KNOCK.COUNT]" in out
    assert "[BWL.NOTATION.ACTIONS]" in out
    assert "greedy bot would play" in out
    assert "There is no choice 42" in out
    assert "Final score: 0" in out


def test_human_can_quit_and_resume(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    code, out, _ = run(["play", "bowling-solitaire", "--seed", "2"], capsys)
    assert code == 0 and "Game saved to bowling-solitaire-save.json" in out
    saved = json.loads((tmp_path / "bowling-solitaire-save.json").read_text())
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, _ = run(
        ["play", "bowling-solitaire", "--resume", "bowling-solitaire-save.json"], capsys
    )
    assert code == 0
    assert json.loads((tmp_path / "bowling-solitaire-save.json").read_text()) == saved


def test_analyse_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # without it: tests/test_analyse_scale.py
    png = tmp_path / "scores.png"
    code, out, err = run(
        ["analyse", "bowling-solitaire", "--games", "30", "--seed", "4", "--png", str(png)],
        capsys,
    )
    assert code == 0, err
    assert "random" in out and "greedy" in out and "strike" in out
    assert "score distribution" in out and "█" in out
    assert png.exists() and "chart written" in err


def test_analyse_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["analyse", "bowling-solitaire", "--bots", "greedy,nope"], capsys)
    assert code == 1 and "unknown bot 'nope'" in err
    code, _, err = run(["analyse", "bowling-solitaire", "--games", "0"], capsys)
    assert code == 1 and "--games" in err


def test_greedy_beats_random_on_the_same_deals(game: BowlingGame) -> None:
    greedy = simulate(game, "greedy", 40, seed=11)
    random_ = simulate(game, "random", 40, seed=11)
    assert greedy.mean > random_.mean + 20
    assert greedy.strikes > random_.strikes
    assert greedy.frames == random_.frames == 400
    table = summary_table([greedy, random_])
    assert table[1].startswith("greedy") and "%" in table[1]


def test_histogram_and_progress() -> None:
    lines = histogram([0, 5, 12, 300])
    assert lines[0].startswith("   0-9") and lines[0].endswith(" 2")
    assert len(lines) == 31 and lines[-1].startswith(" 300-309")
    stream = io.StringIO()
    stream.isatty = lambda: True  # type: ignore[method-assign]
    bar = Progress(8, stream)
    for _ in range(8):
        bar.advance("x")
    bar.finish()
    assert "100% (8/8 games) x" in stream.getvalue()
    quiet = io.StringIO()  # not a terminal: nothing
    bar = Progress(8, quiet)
    bar.advance("x", 8)
    bar.finish()
    assert quiet.getvalue() == ""


def test_the_simulation_progress_bar_fits_a_narrow_terminal(
        narrow_terminal: Callable[[Callable[[TextIO], None]], list[str]]) -> None:
    def simulate(stream: TextIO) -> None:
        bar = Progress(8, stream)
        for _ in range(8):
            bar.advance("greedy")
        bar.finish()

    drawn = narrow_terminal(simulate)
    assert len(drawn) == 8  # one redraw per game, each on the one row
    assert all(len(row) <= 39 for row in drawn) and drawn[-1].endswith("…")
