"""`elevenes solve --keep-values FILE`: a long native solve keeps the pass-start values it has
found in a file of the user's choosing, goes on from them when run again (on this machine or
another), refuses a file of other cards, readings or objective, and keeps them when it is
stopped by Ctrl-C or SIGTERM.  With `--keep-table FILE` a stopped solve also keeps its table
of positions, and goes on from it: a table of another solve, or a spoiled one, is not read."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.games.elevenes_for_one import make_game, native

needs_compiler = pytest.mark.skipif(native.compiler() is None,
                                    reason="no C compiler on this machine")

# an endgame of a few hundred pass starts: (1) and (2) on the trolley, 10 minutes
ENDGAME = ["solve", "elevenes-for-one", "--trolley", "2", "--minutes", "10", "--objective",
           "win", "--memory", "0.0625", "--threads", "1", "--no-progress", "--json"]


def solved(capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[dict[str, object], str]:
    assert main([*ENDGAME, "--recompute", *extra]) == 0
    out, err = capsys.readouterr()
    (result,) = json.loads(out)["results"]
    return result, err


@needs_compiler
def test_a_solve_goes_on_from_the_values_kept(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    straight, _ = solved(capsys, "--no-cache")
    kept = tmp_path / "kept.json"
    first, err = solved(capsys, "--keep-values", str(kept))
    assert first["value"] == straight["value"] and "keeping the pass-start values" in err
    doc = json.loads(kept.read_text())
    game = make_game({"minutes": 10})
    assert doc["objective"] == "win" and doc["cards"] == native.cards_digest(game)
    assert len(doc["values"]) == straight["pass_starts"]
    # a solve stopped part way: only the smaller half of its pass starts were valued
    small = sorted(doc["values"], key=lambda k: native.pantry_size(
        *native.pass_start(int(k))[::2]))[:len(doc["values"]) // 2]
    doc["values"] = {k: doc["values"][k] for k in small}
    kept.write_text(json.dumps(doc))
    again, err = solved(capsys, "--keep-values", str(kept))
    assert f"going on from the {len(small):,} pass-start values kept in {kept}" in err
    assert again["value"] == straight["value"]
    assert 0 < int(again["pass_starts"]) < int(straight["pass_starts"])  # type: ignore[call-overload]
    assert len(json.loads(kept.read_text())["values"]) == straight["pass_starts"]


@needs_compiler
@pytest.mark.parametrize(("change", "says"), [
    ({"objective": "rating"}, "objective 'rating', not 'win'"),
    ({"cards": "0123456789abcdef0123"}, "other cards or other readings"),
    ({"format": 99}, "format 99"),
    ({"values": {"12": "one half"}}, "not a file of pass-start values"),
    ({"values": ["1/2"]}, "not a file of pass-start values"),
])
def test_a_file_of_another_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            change: dict[str, object], says: str) -> None:
    kept = tmp_path / "kept.json"
    game = make_game({"minutes": 10})
    doc = {"format": native.CACHE_FORMAT, "objective": "win",
           "cards": native.cards_digest(game), "values": {}} | change
    kept.write_text(json.dumps(doc))
    assert main([*ENDGAME, "--keep-values", str(kept)]) == 1
    out, err = capsys.readouterr()
    assert says in err and str(kept) in err and "Traceback" not in err and out == ""
    assert json.loads(kept.read_text()) == doc  # nothing written over the user's file


@needs_compiler
def test_a_reading_keeps_values_of_its_own(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    kept = tmp_path / "kept.json"
    solved(capsys, "--keep-values", str(kept))
    assert main([*ENDGAME, "-o", "reading.EFO.RULING.CUPS=a", "--keep-values",
                 str(kept)]) == 1
    assert "other cards or other readings" in capsys.readouterr().err


@pytest.mark.parametrize(("extra", "says"), [
    (["--objective", "both"], "one objective"),
    (["--objective", "win", "--vs", "docs/examples/slow-sugar.cards"], "one rule set"),
    (["--objective", "win", "--engine", "python"], "native engine's"),
])
def test_keep_values_asks_for_one_native_solve(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               extra: list[str], says: str) -> None:
    kept = tmp_path / "kept.json"
    code = main(["solve", "elevenes-for-one", "--trolley", "9", "--minutes", "3",
                 "--keep-values", str(kept), *extra])
    assert code != 0
    assert says in capsys.readouterr().err and not kept.exists()


def stopped(command: list[str], stop: signal.Signals,
            lines: int = 1) -> tuple[list[str], int, str]:
    """Run a solve, read its first notes (the search has begun), stop it with ``stop`` a
    second later: those notes, its exit status and the rest of its standard error."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=env) as proc:
        try:
            assert proc.stderr is not None
            first = [proc.stderr.readline() for _ in range(lines)]
            time.sleep(1.0)
            proc.send_signal(stop)
            code = proc.wait(timeout=60)
            rest = proc.stderr.read()
        finally:  # a solve that ignored the signal must not outlive the test
            if proc.poll() is None:
                proc.kill()
    return first, code, rest


@needs_compiler
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_solve_keeps_its_values(tmp_path: Path, stop: signal.Signals) -> None:
    """The whole challenge takes an hour: stopped by a signal a second into its search, the
    command keeps what it found, says so, and ends as interrupted."""
    kept = tmp_path / "kept.json"
    command = [sys.executable, "-m", "elevenes.cli", "solve", "elevenes-for-one", "-o",
               "challenge=true", "--objective", "win", "--recompute", "--memory", "0.0625",
               "--threads", "1", "--no-progress", "--keep-values", str(kept)]
    first, code, rest = stopped(command, stop)
    assert "keeping the pass-start values found in" in first[0], first
    assert code == 130, rest
    assert "are kept in" in rest and "interrupted" in rest and "Traceback" not in rest
    doc = json.loads(kept.read_text())
    assert doc["objective"] == "win"
    assert f"the {len(doc['values']):,} pass-start values found are kept in {kept}" in rest
    assert all(0 <= Fraction(v) <= 1 for v in doc["values"].values())


# the expected rating with (1) to (3) on the trolley and 15 minutes: about 8 million positions
TABLED = ["solve", "elevenes-for-one", "--trolley", "3", "--minutes", "15", "--objective",
          "rating", "--memory", "0.0625", "--threads", "1", "--no-progress", "--json"]
TABLE_HEADER = 64


def kept_positions(err: str, words: str) -> int:
    found = re.search(words.replace("N", r"([\d,]+)"), err)
    assert found is not None, err
    return int(found.group(1).replace(",", ""))


@needs_compiler
def test_max_positions_stops_a_small_native_solve(capsys: pytest.CaptureFixture[str]) -> None:
    """The limit holds however small each chunk of orders is (each explores far fewer than
    the million positions between two looks at the limit)."""
    assert main([*TABLED, "--recompute", "--no-cache", "--max-positions", "2000000"]) != 0
    err = capsys.readouterr().err
    assert "more than 2,000,000 positions" in err and "Traceback" not in err


@needs_compiler
def test_a_stopped_solve_goes_on_from_its_table(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*TABLED, "--no-cache"]) == 0  # the values shipped for the printed cards
    (straight,) = json.loads(capsys.readouterr().out)["results"]
    kept, table = tmp_path / "kept.json", tmp_path / "kept.table"
    keep = ["--recompute", "--keep-values", str(kept), "--keep-table", str(table)]
    assert main([*TABLED, *keep, "--max-positions", "3000000"]) != 0
    err = capsys.readouterr().err
    assert f"no table in {table} yet" in err
    stored = kept_positions(err, f"the table of N positions is kept in {table}")
    entries = native.table_entries(8, 0.0625) // 4 * 4  # the pantry's 8 cards; whole buckets
    assert table.stat().st_size == TABLE_HEADER + entries * native.ENTRY_BYTES
    assert 0 < stored <= entries
    # the values kept are older than the table (the machine stopped between the two): the
    # table's positions worth a pass start with no value are dropped, the rest are exact
    doc = json.loads(kept.read_text())
    doc["values"] = dict(sorted(doc["values"].items())[: len(doc["values"]) // 2])
    kept.write_text(json.dumps(doc))
    assert main([*TABLED, *keep]) == 0
    out, err = capsys.readouterr()
    read = kept_positions(err, f"going on from the table of N positions kept in {table}")
    assert 0 < read < stored
    (result,) = json.loads(out)["results"]
    assert result["value"] == straight["value"]
    assert not table.exists() and f"its table {table} is removed" in err


@needs_compiler
def test_a_table_of_another_solve_or_spoiled_is_not_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kept, table = tmp_path / "kept.json", tmp_path / "kept.table"
    keep = ["--recompute", "--keep-values", str(kept), "--keep-table", str(table)]
    assert main([*TABLED, *keep, "--max-positions", "2000000"]) != 0
    capsys.readouterr()
    whole = table.stat().st_size
    # a run killed while it wrote its table left a part behind: the next run removes it
    (tmp_path / f"{table.name}.999999999.part").write_bytes(b"half a table")
    # another size of table: its positions sit in other slots
    assert main([*TABLED, *keep, "--memory", "0.125", "--max-positions", "1000000"]) != 0
    err = capsys.readouterr().err
    assert "is not read: it is the table of another solve" in err and "Traceback" not in err
    assert table.stat().st_size > whole  # written again, at the size of this solve
    # cut short (a disk that filled up): not read, and written whole again at the next stop
    with table.open("r+b") as spoiled:
        spoiled.truncate(TABLE_HEADER + 1000)
    assert main([*TABLED, *keep, "--memory", "0.125", "--max-positions", "1000000"]) != 0
    err = capsys.readouterr().err
    assert "is not read: it cannot be read" in err and "Traceback" not in err
    assert table.stat().st_size > TABLE_HEADER + 1000
    assert not list(tmp_path.glob("*.part"))
    # a folder where the table should be: said plainly, and the solve still stops cleanly
    table.unlink()
    table.mkdir()
    assert main([*TABLED, *keep, "--max-positions", "1000000"]) != 0
    err = capsys.readouterr().err
    assert f"{table} is not a file" in err and "Traceback" not in err


@pytest.mark.parametrize(("extra", "says"), [
    ([], "give both"),
    (["--keep-values", "kept.json", "--engine", "python"], "native engine's"),
])
def test_keep_table_asks_for_kept_values_and_the_native_engine(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
        says: str) -> None:
    table = tmp_path / "kept.table"
    extra = [str(tmp_path / e) if e == "kept.json" else e for e in extra]
    code = main(["solve", "elevenes-for-one", "--trolley", "9", "--minutes", "3", "--objective",
                 "win", "--keep-table", str(table), *extra])
    assert code != 0
    assert says in capsys.readouterr().err and not table.exists()


@needs_compiler
def test_a_solve_stopped_by_sigterm_keeps_its_table(tmp_path: Path) -> None:
    kept, table = tmp_path / "kept.json", tmp_path / "kept.table"
    command = [sys.executable, "-m", "elevenes.cli", "solve", "elevenes-for-one", "-o",
               "challenge=true", "--objective", "rating", "--recompute", "--memory", "0.0625",
               "--threads", "1", "--no-progress", "--keep-values", str(kept), "--keep-table",
               str(table)]
    first, code, rest = stopped(command, signal.SIGTERM, lines=2)
    assert f"no table in {table} yet" in first[1], first
    assert code == 130, rest
    assert f"is kept in {table}" in rest and "Traceback" not in rest
    entries = native.table_entries(11, 0.0625) // 4 * 4
    assert table.stat().st_size == TABLE_HEADER + entries * native.ENTRY_BYTES
    assert not list(tmp_path.glob("*.part"))
