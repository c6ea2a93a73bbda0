"""Fixtures of the conformance tests: the toy game registered for the test, its rulebook."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from elevenes.games import REGISTRY
from elevenes.rulebook import Rulebook

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register the toy game (tests/conformance/toygame.py) under the id "toy"."""
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setitem(REGISTRY, "toy", "toygame")
    yield "toy"


@pytest.fixture
def toy_rulebook() -> Rulebook:
    return Rulebook.from_dir(DATA / "rulebook")
