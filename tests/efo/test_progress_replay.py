"""The time left a whole-game solve shows, replayed on recorded runs.

benchmarks/progress_logs/ holds the progress lines of five whole-game solves as a terminal
showed them (the printed cards' chance to win and rating, the challenge at 14 and 15 minutes,
and the challenge at 15 minutes again with the engine whose searches are interleaved);
benchmarks/replay_progress.py feeds them to today's estimate.  What a person watching the line
relies on: while more than a minute is left, the time shown is never more than 2.5 times the
time the run still took, nor less than 1 / 3 of it (docs/solver.md, "The time left")."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import replay_progress  # noqa: E402

LOGS = sorted(replay_progress.LOGS.glob("*.log.gz"))


def test_the_five_recorded_runs_are_there() -> None:
    assert [path.name.split("-")[0] for path in LOGS] == [
        "challenge", "challenge", "challenge", "printed", "printed"]


@pytest.mark.parametrize("path", LOGS, ids=[path.name for path in LOGS])
def test_time_left_within_bounds_on_a_recorded_run(path: Path) -> None:
    result = replay_progress.replay(path)
    first = next(row for row in result.rows if row.left is not None)
    whole = result.rows[-1].seconds + result.rows[-1].actual
    assert first.seconds < 0.35 * whole  # "estimating" only early on (two passes must end)
    assert all(row.left is not None for row in result.rows if row.seconds >= first.seconds)
    long, short = result.worst()
    assert long <= 2.5, f"{path.name}: {long:.2f} times too long"
    assert short <= 3.0, f"{path.name}: {short:.2f} times too short"


def test_a_wait_inside_the_first_pass_no_longer_stretches_the_estimate() -> None:
    # The challenge at 15 minutes: 46 to 48 minutes in, an order of the first pass waited for
    # passes of 10 cards at 13 and 14 minutes; the estimate grew to 73 minutes then (16 left)
    path = replay_progress.LOGS / "challenge-15min-win-2threads.log.gz"
    rows = [row for row in replay_progress.replay(path).rows if 2760 <= row.seconds <= 2900]
    assert rows and all(row.inner is not None or row.share > 0.1 for row in rows)
    assert all(row.left is not None and row.left <= 2.2 * row.actual for row in rows)


def test_a_log_without_its_header_is_refused(tmp_path: Path) -> None:
    import gzip

    bad = tmp_path / "bad.log.gz"
    with gzip.open(bad, "wt", encoding="utf-8") as out:
        out.write("# a run\n0.0% of the first pass's 10 orders; time left: estimating; "
                  "3 pass starts valued; 1M positions; 1.0 s\n")
    with pytest.raises(SystemExit, match="first pass: C cards at M minutes"):
        replay_progress.replay(bad)


def test_the_line_drawn_today_is_read_back_with_the_time_left_early_in_it() -> None:
    import io

    from elevenes.games.elevenes_for_one import native

    stream = io.StringIO()
    progress = native.Progress("solving", stream=stream)
    progress.every = 0.0
    progress.layouts(10, 100, 3, 2_000_000, inner=(10, 14, 50, 100))
    progress.layouts(20, 100, 4, 3_000_000)
    drawn = stream.getvalue()
    rows = [match.groups() for match in replay_progress.LINE.finditer(drawn)]
    assert [(row[0], row[1], row[4]) for row in rows] == [("10.0", "10", "3"), ("20.0", None, "4")]
    for line in drawn.split("\r")[1:]:
        assert line.index(" left") < line.index("first pass:")
