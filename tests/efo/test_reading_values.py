"""The whole game's values ship for the readings of Elevenes for One as they do for the
decided rules (native/readings/, benchmarks/readings_efo.py): a game under one reading finds
them, they are of that reading's cards, and a small pass start among them comes out the same
when solved again from nothing."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from elevenes.games import load_game
from elevenes.games.elevenes_for_one import native

needs_compiler = pytest.mark.skipif(native.compiler() is None,
                                    reason="no C compiler on this machine")

FOLDER = Path(native.__file__).with_name("readings")
SHIPPED = sorted(FOLDER.glob("*.json"))


# a reading that changes only a variant is solved in that variant (benchmarks/readings_efo.py)
ONLY_IN: dict[str, dict[str, object]] = {"CHALLENGE": {"challenge": True}}


def _game(path: Path) -> native.EfoGame:
    name, letter, _ = path.stem.rsplit("-", 2)
    game = load_game("elevenes-for-one",
                     {f"reading.EFO.RULING.{name}": letter, **ONLY_IN.get(name, {})})
    assert isinstance(game, native.EfoGame)
    return game


def test_values_ship_for_a_reading() -> None:
    assert any(p.stem == "SANDWICHES-b-win" for p in SHIPPED)


@needs_compiler
@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_the_shipped_values_of_a_reading_are_its_own(path: Path) -> None:
    game = _game(path)
    objective = path.stem.rsplit("-", 1)[1]
    assert native.shipped_file(game, objective) == path, (
        f"{path.name} is of other cards: solve the reading again with --save-values")
    decided = load_game("elevenes-for-one")
    assert isinstance(decided, native.EfoGame)
    assert native.shipped_file(decided, objective) != path
    shipped = {int(k): Fraction(v) for k, v in json.loads(path.read_text())["values"].items()}
    small = sorted(k for k in shipped if native.pantry_size(*native.pass_start(k)[::2]) <= 3)
    assert small
    fresh = native.NativeSolver(game, objective, memo_log2=16)
    try:
        for leaf in small[:40]:
            assert fresh.solve(leaf) == shipped[leaf], native.pass_start(leaf)
    finally:
        fresh.close()
    whole = native.pass_start_of(game.new_initial_state())
    assert whole is not None and whole in shipped  # the whole game's value
