"""The round's log at the terminal names the cards face up that earned a cube (every card with
``round_cube``, ELV.SCORE.TROLLEY), not only how many."""

from __future__ import annotations

from pathlib import Path

from elevenes.games.elevenes import make_game
from elevenes.games.elevenes.terminal import results

CUBE_SERVANTS = """game elevenes

card 10 "Servants" value 3 rule ELV.CARD.SERVANTS {
  trait round_cube
  on play {
    reveal kitchen(me)
  }
}
"""


def test_round_log_names_each_cube_card(tmp_path: Path) -> None:
    variant = tmp_path / "cube-servants.cards"
    variant.write_text(CUBE_SERVANTS)
    state = make_game({"players": 2}, cards=str(variant)).new_initial_state()
    # the spreads as they lie at the round's end: P0 has Tea Trolley (1) and Servants (10) face
    # up, P1 Servants only
    state.up = [1 << 1 | 1 << 10, 1 << 10]
    state.score_round()
    text = results(state, None)
    assert "2 for the Tea Trolley cards face up: (1) Tea Trolley, (10) Servants" in text
    assert "1 for the Tea Trolley card face up: (10) Servants" in text
    assert "2 Tea Trolley cards face up" not in text


def test_a_copy_keeps_the_names(tmp_path: Path) -> None:
    variant = tmp_path / "cube-servants.cards"
    variant.write_text(CUBE_SERVANTS)
    state = make_game({"players": 2}, cards=str(variant)).new_initial_state()
    state.up = [1 << 10, 0]
    state.score_round()
    assert "1 for the Tea Trolley card face up: (10) Servants" in results(state.clone(), None)
