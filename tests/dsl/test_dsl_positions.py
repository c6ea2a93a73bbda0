"""A card by its place in the row: `N after X`, `N before X`, `card N of pantry` (Elevenes for
One), checked, compiled to the host's position_ primitives, and kept out of the solvers'
reductions."""

from __future__ import annotations

from pathlib import Path

import pytest

import elevenes
from elevenes.dsl.load import check_file
from elevenes.dsl.runtime import Frame
from elevenes.games.elevenes_for_one.game import PRIMITIVES, EfoGame, EfoState

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "long-cakes.cards"
ORDER = (9, 2, 3, 5, 6, 7, 8, 4, 10, 11)  # Cakes first, then the others


def cakes(tmp_path: Path, effect: str) -> EfoGame:
    path = tmp_path / "cakes.cards"
    path.write_text(
        f'game elevenes-for-one\ncard 9 "Cakes" value 9 {{\n  on use {{ {effect} }}\n}}\n',
        encoding="utf-8")
    assert check_file(path)[1] == []
    game = elevenes.load_game("elevenes-for-one", cards=str(path))
    assert isinstance(game, EfoGame)
    return game


def face_down_after_use(game: EfoGame, order: tuple[int, ...] = ORDER) -> list[int]:
    """Deal ``order``, keep it, use the first card: the cards then face down, in row order."""
    state = game.new_initial_state()
    assert isinstance(state, EfoState)
    for card in order:
        state.apply_action(f"deal {card}")
    state.apply_action("pass")
    state.apply_action("use")
    return [card for card, side in state.to_json()["pantry"] if side == "down"]


@pytest.mark.parametrize(("effect", "down"), [
    ("flip_down 2 after self", [9, 3]),  # Cakes itself turns face down once used
    ("flip_down after self", [9, 2]),  # `after self` is `next`
    ("flip_down 3 after next", [9, 6]),
    ("flip_down card 6 of pantry", [9, 7]),
    ("flip_down 10 after self", [9]),  # past the end of the row: no card
    ("flip_down before self", [9]),  # before the first card: no card
    ("if face_up(2 after self) { flip_down card 10 of pantry }", [9, 11]),
])
def test_places_name_the_cards_of_the_row(tmp_path: Path, effect: str, down: list[int]) -> None:
    assert face_down_after_use(cakes(tmp_path, effect)) == down


def test_before_counts_back_from_the_card(tmp_path: Path) -> None:
    game = cakes(tmp_path, "nothing")
    state = game.new_initial_state()
    for card in ORDER:
        state.apply_action(f"deal {card}")
    frame = Frame(9, "use")
    assert PRIMITIVES.position_before(state, frame, 5, 2) == 2  # 9 2 3 5: two before 5
    assert PRIMITIVES.position_before(state, frame, 5, 4) is None  # before the first card
    assert PRIMITIVES.position_row(state, frame, "pantry", 10) == 11
    assert PRIMITIVES.position_row(state, frame, "pantry", 11) is None


def test_the_solvers_keep_the_whole_row_and_the_native_one_plays_the_places() -> None:
    game = elevenes.load_game("elevenes-for-one", cards=str(EXAMPLE))
    assert isinstance(game, EfoGame)
    facts = game.card_facts()
    assert not facts.row_as_set
    assert "card 9 does flip_down to a card by its place" in facts.why_whole_row
    from elevenes.games.elevenes_for_one.native import lower

    lower(game)  # (tests/efo/test_native_places.py: the same values as the Python search)


def test_next_next_and_next_of_next_point_to_places(tmp_path: Path) -> None:
    """`flip_down next next` and `flip_down next(next)` say how to name the card after next."""
    twice = tmp_path / "twice.cards"
    twice.write_text('game elevenes-for-one\ncard 9 "X" {\n  on use { flip_down next next }\n}\n',
                     encoding="utf-8")
    [found] = check_file(twice)[1]
    assert (found.code, found.column) == ("E107", 12)
    assert found.hint.endswith("the card after `next` is `after next`, the one after that "
                               "`2 after next`")
    nested = tmp_path / "nested.cards"
    nested.write_text('game elevenes-for-one\ncard 9 "X" {\n  on use { flip_down next(next) }\n}\n',
                      encoding="utf-8")
    [found] = check_file(nested)[1]
    assert (found.code, found.message, found.hint) == (
        "E108", "`next(next)` is not a card", "for the card after `next` write `after next`")
