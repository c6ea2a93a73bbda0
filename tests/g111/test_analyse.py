"""``elevenes analyse 111``: game length, wins by seat and by bot, and how often each reward
path pays, the same numbers whatever the number of workers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.games import load_game
from elevenes.games.one_eleven.analyse import play_chunk, tally
from elevenes.games.one_eleven.events import PATHS


def test_the_report_a_player_reads(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyse", "111", "--games", "24", "--seed", "3", "--workers", "1"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar when stderr is not a terminal
    length = re.search(r"game length: mean ([\d.]+) turns .* min (\d+), max (\d+)", out)
    assert length is not None
    assert int(length.group(2)) <= float(length.group(1)) <= int(length.group(3))
    seats = [float(x) for x in re.findall(r"P\d ([\d.]+)%", out.split("wins by seat:")[1]
                                          .splitlines()[0])]
    assert len(seats) == 2 and abs(sum(seats) - 100) < 0.2
    for path in PATHS:
        assert re.search(rf"^{re.escape(path)}\s+[\d.]+\s+[\d.]+%$", out, re.M), path
    assert main(["analyse", "111", "--games", "24", "--seed", "3", "--workers", "2"]) == 0
    assert capsys.readouterr().out == out


def test_reward_paths_agree_with_the_final_position() -> None:
    game = load_game("111", options={"players": 3})
    records = play_chunk(game, ("greedy", "random"), 7, 0, 6)
    for seats, winners, coins, turns, ended_by, paths in records:
        counts = dict(zip(PATHS, paths, strict=True))
        assert counts["lone boss +5"] <= counts["boss beaten"]
        assert counts["last of its kind +11"] <= counts["boss beaten"]
        assert counts["bank pays shortfall"] <= counts["triumph over a player"]
        assert ended_by == "coins" and max(coins) >= 111
        assert all(coins[w] == max(coins) for w in winners)
        assert len(seats) == 3 and turns > 0
    t = tally(game, records)
    assert sum(t["seat_wins"]) == pytest.approx(len(records))


def test_bad_bots_and_the_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["analyse", "111", "--bots", "oracle"]) == 1
    assert "unknown bot 'oracle'" in capsys.readouterr().err
    pytest.importorskip("matplotlib")
    png = tmp_path / "g111.png"
    assert main(["analyse", "111", "--games", "4", "--workers", "1", "--png", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
