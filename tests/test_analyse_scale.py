"""``elevenes analyse`` at scale: the same numbers whatever runs the games (this process, local
processes, a Dask cluster; any number of workers or chunk size), the paired comparison of two
rule sets, the PNG chart or why there is none, the progress bar and the user's card names."""

from __future__ import annotations

import concurrent.futures as cf
import io
import sys
import tempfile
from pathlib import Path

import pytest

from elevenes.bots.runner import GameSpec, run_jobs
from elevenes.cli import main

EFO = "elevenes.games.elevenes_for_one.analyse"
EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "slow-sugar.cards"


def analyse(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["analyse", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def slow_sugar(tmp_path: Path) -> Path:
    """The example of docs/scale.md, copied (the header names the file as given)."""
    path = tmp_path / "slow-sugar.cards"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


# -- the executors ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game_id", "module", "jobs", "games"),
    [
        ("elevenes-for-one", EFO, ["greedy", "random"], 24),
        ("bowling-solitaire", "elevenes.games.bowling_solitaire.analyse", ["greedy"], 10),
        ("elevenes", "elevenes.games.elevenes.analyse", [("greedy", "random")], 3),
    ],
)
def test_the_same_records_serially_and_in_processes(
    game_id: str, module: str, jobs: list[object], games: int
) -> None:
    spec = GameSpec.make(game_id, {}, None)
    serial = run_jobs(spec, module, jobs, games, seed=5, chunk=games)
    assert [len(serial[job]) for job in jobs] == [games] * len(jobs)
    assert run_jobs(spec, module, jobs, games, seed=5, chunk=1) == serial
    for workers in (1, 2):
        with cf.ProcessPoolExecutor(max_workers=workers) as pool:
            assert run_jobs(spec, module, jobs, games, 5, pool, chunk=2) == serial
    assert run_jobs(spec, module, jobs, games, seed=6, chunk=games) != serial


def test_the_same_records_on_a_dask_cluster(slow_sugar: Path) -> None:
    distributed = pytest.importorskip("distributed")
    spec = GameSpec.make("elevenes-for-one", {}, str(slow_sugar))
    serial = run_jobs(spec, EFO, ["greedy"], 30, seed=2, chunk=30)
    with (
        distributed.LocalCluster(
            processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        assert run_jobs(spec, EFO, ["greedy"], 30, 2, executor, chunk=4) == serial


def test_the_cli_prints_the_same_with_any_executor(
    capsys: pytest.CaptureFixture[str], slow_sugar: Path
) -> None:
    distributed = pytest.importorskip("distributed")
    argv = ["elevenes-for-one", "--games", "30", "--seed", "4", "--vs", str(slow_sugar)]
    code, serial, _ = analyse([*argv, "--workers", "1"], capsys)
    assert code == 0
    assert analyse([*argv, "--workers", "2", "--chunk", "7"], capsys)[1] == serial
    with distributed.LocalCluster(
        processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
    ) as cluster:
        on_dask = analyse([*argv, "--scheduler", cluster.scheduler_address], capsys)
    assert on_dask[0] == 0 and on_dask[1] == serial


def test_scheduler_without_dask_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    code, out, err = analyse(
        ["elevenes-for-one", "--games", "5", "--scheduler", "tcp://127.0.0.1:8786"], capsys
    )
    assert code == 1 and out == ""
    assert "--scheduler needs Dask" in err and "elevenes[dask]" in err
    assert "Traceback" not in err


def test_bad_worker_counts_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = analyse(["elevenes-for-one", "--games", "5", "--workers", "0"], capsys)
    assert code == 1 and "--workers" in err
    code, _, err = analyse(["elevenes-for-one", "--games", "5", "--chunk", "0"], capsys)
    assert code == 1 and "--chunk" in err


# -- the paired comparison -------------------------------------------------------------------
def test_a_costlier_card_is_seen_to_lower_the_results(
    capsys: pytest.CaptureFixture[str], slow_sugar: Path
) -> None:
    code, out, _ = analyse(
        ["elevenes-for-one", "--games", "150", "--bots", "greedy", "--vs", str(slow_sugar),
         "--workers", "1"],
        capsys,
    )
    assert code == 0
    assert f'B: cards from {slow_sugar}: 4 "Slow Sugar"' in out
    assert "A: the rulebook's cards" in out
    rating = next(line for line in out.splitlines() if line.startswith("greedy") and "rating" in
                  line)
    cells = rating.split()
    mean_a, mean_b, diff = float(cells[2]), float(cells[3]), float(cells[4])
    low, high = (float(x) for x in rating[rating.index("[") + 1 : rating.index("]")].split(","))
    assert mean_b < mean_a and abs(diff - (mean_b - mean_a)) < 0.011
    assert low <= diff <= high < 0  # the interval excludes no difference
    assert rating.rstrip().endswith("B lower")


def test_the_same_rules_on_both_sides_differ_by_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    same = tmp_path / "same.cards"
    same.write_text('game elevenes-for-one\ncard 4 "Sugar" rule EFO.CARD.SUGAR {\n'
                    "  on use, score {\n    cost 2\n  }\n}\n", encoding="utf-8")
    code, out, _ = analyse(
        ["elevenes-for-one", "--games", "40", "--vs", str(same), "--workers", "1"], capsys
    )
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith(("greedy ", "random "))]
    assert len(rows) == 8 and all("no clear difference" in r for r in rows[:4])
    assert all(" +0.0" in r for r in rows[:4])  # common random numbers: the very same games


def test_bowling_has_no_cards_to_compare(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = analyse(["bowling-solitaire", "--vs", "other.cards"], capsys)
    assert code == 1 and out == ""
    assert "no card effects" in err and "--vs do not apply" in err


# -- PNG, progress and card names -------------------------------------------------------------
QUICK = {
    "elevenes-for-one": ["--games", "6"],
    "bowling-solitaire": ["--games", "4"],
    "elevenes": ["--games", "2"],
}


@pytest.mark.parametrize("game_id", sorted(QUICK))
def test_png_is_drawn_for_every_game(
    game_id: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "chart.png"
    code, _, err = analyse([game_id, *QUICK[game_id], "--workers", "1", "--png", str(png)],
                           capsys)
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"chart written to {png}" in err


def test_png_of_a_comparison(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, slow_sugar: Path
) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "diff.png"
    argv = ["elevenes-for-one", "--games", "10", "--vs", str(slow_sugar), "--png", str(png)]
    assert analyse([*argv, "--workers", "1"], capsys)[0] == 0
    assert png.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("game_id", sorted(QUICK))
def test_png_without_matplotlib_says_why_before_playing(
    game_id: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    png = tmp_path / "chart.png"
    code, out, err = analyse([game_id, "--games", "100000", "--png", str(png)], capsys)
    assert code == 1 and out == ""  # refused at once: no game was played
    assert "--png needs matplotlib, which is not installed" in err
    assert "pip install matplotlib" in err and "Traceback" not in err
    assert not png.exists()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_not_with_no_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["elevenes-for-one", "--games", "20", "--bots", "greedy", "--workers", "1"]
    assert analyse(argv, capsys)[2] == ""  # stderr is no terminal here: quiet
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["analyse", *argv]) == 0
    assert "100% (20/20 games) greedy" in terminal.getvalue()
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["analyse", *argv, "--no-progress"]) == 0
    assert terminal.getvalue() == ""
    assert "greedy" in capsys.readouterr().out  # the results are printed all the same


def test_the_users_card_names_head_the_analysis(
    capsys: pytest.CaptureFixture[str], slow_sugar: Path
) -> None:
    code, out, _ = analyse(
        ["elevenes-for-one", "--games", "5", "--cards", str(slow_sugar), "--workers", "1"],
        capsys,
    )
    assert code == 0
    head = out.splitlines()[:3]
    assert head[1] == f'cards from {slow_sugar}: 4 "Slow Sugar"'


def test_elevenes_card_names_and_guests_head_the_analysis(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = tmp_path / "my-tea.cards"
    shipped = Path(__file__).resolve().parents[1] / "rulebook" / "elevenes" / "cards.cards"
    text = shipped.read_text(encoding="utf-8").replace('"Tea"', '"Green Tea"', 1)
    assert '"Green Tea"' in text
    mine.write_text(text, encoding="utf-8")
    code, out, _ = analyse(
        ["elevenes", "--games", "2", "--cards", str(mine), "--workers", "1"], capsys
    )
    assert code == 0
    assert '2 "Green Tea"' in out.splitlines()[1]


def test_a_worker_without_the_card_file_uses_its_text(
    tmp_path: Path, slow_sugar: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    spec = GameSpec.make("elevenes-for-one", {}, str(slow_sugar))
    assert spec.cards_file() == str(slow_sugar)  # here: the user's own file
    slow_sugar.unlink()  # as on another machine of a cluster
    copy = spec.cards_file()
    assert copy is not None and copy.startswith(str(tmp_path / "tmp"))
    assert Path(copy).read_text(encoding="utf-8") == EXAMPLE.read_text(encoding="utf-8")
    game = spec.load()
    assert game.cards.cards[4].name == "Slow Sugar"  # type: ignore[attr-defined]


def test_paired_differences_and_their_interval() -> None:
    from elevenes.bots.compare import paired

    def measures(job: object, record: tuple[object, ...]) -> list[tuple[str, float, bool]]:
        return [("points", float(record[0]), False)]

    a = [(10,), (20,), (30,), (40,)]
    b = [(11,), (22,), (33,), (40,)]  # B - A: 1, 2, 3, 0
    (row,) = paired("bot", a, b, measures)
    assert (row.mean_a, row.mean_b, row.diff) == (25.0, 26.5, 1.5)
    sd = (sum((d - 1.5) ** 2 for d in (1, 2, 3, 0)) / 3) ** 0.5
    assert row.half == pytest.approx(1.96 * sd / 2)
    assert 0 < row.low < row.high and row.verdict == "B higher"
    (mixed,) = paired("bot", a, [(11,), (19,), (32,), (38,)], measures)  # 1, -1, 2, -2
    assert mixed.diff == 0.0 and mixed.low < 0 < mixed.high
    assert mixed.verdict == "no clear difference"
    (same,) = paired("bot", a, a, measures)
    assert same.diff == same.half == 0.0
