"""A long native solve whose standard error is a file (a log, a pipe) writes a whole progress
line now and then, rather than redrawing one line with carriage returns; a short one writes
none, and --no-progress none at all."""

from __future__ import annotations

import pytest

from elevenes.cli import main
from elevenes.games.elevenes_for_one import cli_solve, native

needs_compiler = pytest.mark.skipif(native.compiler() is None,
                                    reason="no C compiler on this machine")

# the expected rating with (1) to (3) on the trolley and 15 minutes: about 8 million positions
SOLVE = ["solve", "elevenes-for-one", "--trolley", "3", "--minutes", "15", "--objective",
         "rating", "--memory", "0.0625", "--threads", "1", "--recompute", "--no-cache"]


@needs_compiler
def test_a_solve_written_to_a_file_logs_whole_lines(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli_solve, "LOG_EVERY", 0.2)
    assert main(SOLVE) == 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "pass starts valued" in line]
    assert lines, err
    assert "\r" not in err
    assert all(line.startswith("solving (expected rating)") and line.endswith(" s")
               for line in lines)
    counts = [int(line.split(" pass starts valued")[0].split()[-1].replace(",", ""))
              for line in lines]
    assert counts == sorted(counts)  # how far it has got, growing


@needs_compiler
@pytest.mark.parametrize("extra", [[], ["--no-progress"]])
def test_a_short_solve_or_no_progress_logs_nothing(capsys: pytest.CaptureFixture[str],
                                                   extra: list[str]) -> None:
    assert main([*SOLVE, *extra]) == 0
    assert "pass starts valued" not in capsys.readouterr().err
