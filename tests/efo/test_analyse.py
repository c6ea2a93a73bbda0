"""``elevenes analyse elevenes-for-one``: the summary a player reads."""

from __future__ import annotations

import re

import pytest

from elevenes.cli import main
from elevenes.games.elevenes_for_one.game import RATING_BANDS, band_index, rating


def test_bands_follow_the_rulebook() -> None:
    lows = [RATING_BANDS[band_index(p)][0] for p in (0, 7, 8, 10, 11, 12, 13, 14, 15, 16)]
    assert lows == [0, 0, 8, 8, 11, 12, 12, 14, 14, 14]
    assert rating(11, 5) == (16, RATING_BANDS[0][2])  # EFO.RULING.RATING-TOP
    assert rating(3, 4)[1] == "You're fired!"


def test_analyse_reports_each_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "elevenes-for-one", "--games", "60", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    rows = {m.group(1): m for m in re.finditer(
        r"^(random|greedy)\s+60\s+([\d.]+)%\s+([\d.]+)%\s+([\d.]+)%\s+([\d.]+)", out, re.M)}
    assert set(rows) == {"random", "greedy"}
    for row in rows.values():  # the three outcomes share the games between them
        assert abs(sum(float(row.group(i)) for i in (2, 3, 4)) - 100.0) < 0.2
    assert float(rows["greedy"].group(5)) > float(rows["random"].group(5))
    assert "greedy: ratings (top card + minutes left)" in out
    assert err == ""  # no progress bar when stderr is not a terminal


def test_analyse_rejects_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "elevenes-for-one", "--bots", "oracle"]) == 1
    assert "unknown bot 'oracle'" in capsys.readouterr().err
