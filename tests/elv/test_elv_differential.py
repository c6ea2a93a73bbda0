"""Differential check: the reference engine (effects compiled from the card language) and the
plain hand-written simulator of benchmarks/bench_elevenes.py play the same games, decision by
decision, in every configuration."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from elv_helpers import CONFIGS, game

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_elevenes.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_elevenes", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_elevenes"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_engine_and_plain_simulator_agree(options: dict[str, object]) -> None:
    agree = bench().agree
    played = game(options)
    for seed in range(25):
        assert agree(seed, options, played) is None
