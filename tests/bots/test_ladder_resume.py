"""The bots ladder (benchmarks/bots_ladder.py) goes on where a run stopped: ``--more`` adds
games after those a pairing holds, and the pairing's figures are those of one run of all its
games; runs that share games are not merged."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def ladder() -> ModuleType:
    path = ROOT / "benchmarks" / "bots_ladder.py"
    spec = importlib.util.spec_from_file_location("bots_ladder", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bots_ladder"] = module
    spec.loader.exec_module(module)
    return module


PAIRINGS = ["111/2/greedy,random", "bowling-solitaire/1/greedy"]


def run(module: ModuleType, out: Path, games: int, *more: str) -> dict[str, dict[str, object]]:
    for only in PAIRINGS:
        module.main(["--out", str(out), "--png", "", "--only", only, "--cheap-only",
                     "--cheap-games", str(games), "--chunk", "3", *more])
    results: dict[str, dict[str, object]] = json.loads(out.read_text())
    return results


def test_more_goes_on_after_the_games_held(tmp_path: Path) -> None:
    module = ladder()
    run(module, tmp_path / "parts.json", 4)
    parts = run(module, tmp_path / "parts.json", 9, "--more")
    whole = run(module, tmp_path / "whole.json", 9)
    for name in PAIRINGS:
        assert parts[name]["games"] == 9
        assert parts[name]["ranges"] == [[0, 4], [4, 9]]
        for figure in ("shares", "scores", "win", "mean"):
            assert parts[name].get(figure) == whole[name].get(figure)
    # a pairing that holds its games already plays none
    again = run(module, tmp_path / "parts.json", 9, "--more")
    assert again == parts


def test_runs_that_share_games_are_not_merged(tmp_path: Path) -> None:
    module = ladder()
    run(module, tmp_path / "one.json", 4)
    run(module, tmp_path / "two.json", 4)
    with pytest.raises(SystemExit, match="share games"):
        module.main(["--out", str(tmp_path / "one.json"), "--png", "",
                     "--merge", str(tmp_path / "two.json")])
