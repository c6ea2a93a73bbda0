"""The pieces of the rules on their own: the triangle, the pin sets, the score pad."""

from __future__ import annotations

import pytest

from elevenes.core.errors import BadOption, IllegalAction
from elevenes.games.bowling_solitaire import BowlingGame, make_game
from elevenes.games.bowling_solitaire.layout import (
    EDGES,
    NEIGHBOURS,
    PIN_INDEX,
    PIN_SETS,
    TOUCH,
    is_connected,
    letters_to_mask,
    mask_to_letters,
)
from elevenes.games.bowling_solitaire.scoring import (
    frame_done,
    frame_kind,
    frame_scores,
    marks,
    pad_total,
    running_totals,
)

from .conftest import X1_PILES, X1_PINS, rack_doc


def adjacent(a: str, b: str) -> bool:
    return bool(NEIGHBOURS[PIN_INDEX[a]] >> PIN_INDEX[b] & 1)


def test_triangle_has_eighteen_symmetric_edges() -> None:
    assert len(EDGES) == 18
    assert sum(m.bit_count() for m in NEIGHBOURS) == 36
    for a in "ABCDEFGHIJ":
        for b in "ABCDEFGHIJ":
            assert adjacent(a, b) == adjacent(b, a)
        assert not adjacent(a, a)


def test_text_examples_of_adjacency() -> None:
    # BWL.RULING.ADJACENCY: H-I, E-F-H and H-F-G hold; H-G does not.
    assert adjacent("H", "I")
    assert adjacent("E", "F") and adjacent("F", "H") and adjacent("E", "H")
    assert adjacent("H", "F") and adjacent("F", "G") and not adjacent("H", "G")
    # after E and H: C and G touch neither, F touches both
    gone = letters_to_mask("EH")
    assert not TOUCH[gone] & letters_to_mask("CG")
    assert TOUCH[gone] & letters_to_mask("F")


def test_neighbour_counts() -> None:
    degree = {p: NEIGHBOURS[i].bit_count() for i, p in enumerate("ABCDEFGHIJ")}
    assert degree == {
        "A": 2, "B": 4, "C": 4, "D": 2, "E": 4, "F": 6, "G": 4, "H": 4, "I": 4, "J": 2,
    }  # fmt: skip


def test_pin_sets_are_the_connected_groups() -> None:
    sizes = [m.bit_count() for m in PIN_SETS]
    assert (sizes.count(1), sizes.count(2), sizes.count(3)) == (10, 18, 36)
    assert all(is_connected(m) for m in PIN_SETS)
    assert letters_to_mask("FGH") in PIN_SETS  # a chain (BWL.RULING.CONNECTED)
    assert letters_to_mask("EFH") in PIN_SETS  # a triangle
    assert letters_to_mask("CHI") not in PIN_SETS
    assert mask_to_letters(letters_to_mask("h f")) == ["F", "H"]
    with pytest.raises(ValueError):
        letters_to_mask("HH")


def test_frame_done() -> None:
    assert frame_done(1, [10]) and frame_done(1, [3, 4]) and not frame_done(1, [3])
    assert not frame_done(10, [10]) and not frame_done(10, [10, 3])
    assert not frame_done(10, [7, 3]) and frame_done(10, [7, 2])
    assert frame_done(10, [7, 3, 5]) and frame_done(10, [10, 10, 10])


def test_pad_example_from_the_text() -> None:
    pad = [[8, 2], [10], [10], [6, 3]]
    assert frame_scores(pad) == [20, 26, 19, 9]
    assert running_totals(pad) == [20, 46, 65, 74]
    assert running_totals(pad[:3]) == [20, None, None]
    assert running_totals([[8, 2], [10], [10], [6]]) == [20, 46, None, None]
    assert [marks(b) for b in pad] == ["8 /", "X", "X", "6 3"]


def test_perfect_and_gutter_games() -> None:
    assert pad_total([[10]] * 9 + [[10, 10, 10]]) == 300
    assert pad_total([[0, 0]] * 10) == 0
    assert pad_total([[5, 5]] * 9 + [[5, 5, 5]]) == 150
    assert marks([10, 4, 6]) == "X 4 /" and marks([0, 10, 3]) == "- / 3"
    assert marks([10, 0, 10]) == "X - /" and marks([7, 3, 10]) == "7 / X"
    assert marks([10, 10, 4]) == "X X 4"
    assert frame_kind([10]) == "strike" and frame_kind([0, 10]) == "spare"
    assert frame_kind([3, 4]) == "open" and frame_kind([10, 10, 10]) == "strike"


def test_make_game_refuses_cards_and_options() -> None:
    with pytest.raises(BadOption):
        make_game(cards="some.cards")
    with pytest.raises(BadOption):
        make_game(options={"frames": 5})


def test_illegal_knock_leaves_state_unchanged(game: BowlingGame) -> None:
    state = game.state_from_json(rack_doc(X1_PINS, X1_PILES))
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply_action("knock 2 C D")
    assert refused.value.rule_id == "BWL.FIRST.BACK-ROW"
    assert state.to_json() == before and state.history == []


def test_action_strings_round_trip(game: BowlingGame) -> None:
    state = game.state_from_json(rack_doc(X1_PINS, X1_PILES))
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action
    assert state.string_to_action("knock 0 J I H") == state.string_to_action("knock 0 H I J")
    with pytest.raises(IllegalAction) as refused:
        state.action_to_string(5000)
    assert refused.value.rule_id == "BWL.NOTATION.ACTIONS"


def test_chance_outcomes_follow_the_cards_left(game: BowlingGame) -> None:
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(v, 0.1) for v in range(10)]
    state.apply_action("deal 4")
    outcomes = dict(state.chance_outcomes())
    assert outcomes[4] == pytest.approx(1 / 19) and outcomes[0] == pytest.approx(2 / 19)
    assert sum(outcomes.values()) == pytest.approx(1.0)
