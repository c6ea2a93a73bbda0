"""Cards named by their place in the row (`ahead` as a filter and as a place, `N after X`,
`before X`, `card N of pantry`) in the native solver: the same exact fractions as the Python
search, on endgames of a variant card file that uses each of them where it changes the value
(each was checked to tell: the file's values differ from the printed cards', and the native
solver with any one of those places read one card off gives another value somewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_solver import position

from elevenes.games.elevenes_for_one import native
from elevenes.games.elevenes_for_one.solver import make_solver

PLACES = str(Path(__file__).parent / "native" / "places.cards")

needs_compiler = pytest.mark.skipif(native.compiler() is None,
                                    reason="no C compiler on this machine")

# (top card, minutes, discard pile): low cards (Tea, Milk, Sugar, Cups) in small pantries
ENDGAMES = [(3, 5, (6, 8, 10)), (2, 4, (5, 8, 10)), (1, 3, (5, 6, 8)), (2, 3, (6, 9, 10))]


def test_the_places_are_lowered_not_refused() -> None:
    game = position(8, 2, cards=PLACES).game
    tables = native.lower(game, solver=True)
    # each place is a node the references point to (REF_PLACE - node)
    refs = {x for record in zip(*[iter(tables["code"])] * 8, strict=True) for x in record[2:3]}
    assert any(r <= native.REF_PLACE for r in refs)


@needs_compiler
@pytest.mark.parametrize(("top", "minutes", "discard"), ENDGAMES)
def test_places_are_interpreted_as_python_runs_them(top: int, minutes: int,
                                                     discard: tuple[int, ...]) -> None:
    state = position(top, minutes, cards=PLACES, discard=discard)
    printed = position(top, minutes, discard=discard)
    expected = make_solver("rating").value(state)
    assert expected != make_solver("rating").value(printed)  # the places matter here
    leaf = native.pass_start_of(state)
    assert leaf is not None
    for exact_ranks in (False, True):
        solver = native.NativeSolver(state.game, "rating", memo_log2=16, exact_ranks=exact_ranks)
        try:
            assert solver.solve(leaf) == expected
        finally:
            solver.close()
