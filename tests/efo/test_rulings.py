"""Rulings of Elevenes for One that a scenario cannot show, because they refuse a set-up
position: the scenarios only play from positions the game accepts."""

from __future__ import annotations

from typing import Any

import pytest

import elevenes
from elevenes.core.errors import BadState


def front_position(pantry: list[list[Any]]) -> dict[str, Any]:
    return {
        "game": "elevenes-for-one", "phase": "front", "minutes": 12, "trolley": [1],
        "pantry": pantry, "discard": [], "deck": [], "cursor": 0,
    }


def test_step_2_with_a_face_down_card_is_refused_at_set_up() -> None:
    """EFO.RULING.FRONT-FACE-UP: step 1 lays every card face up, so a set-up position in
    step 2 with face-down cards cannot arise; it is refused naming the cards and the rule."""
    game = elevenes.load_game("elevenes-for-one")
    pantry: list[list[Any]] = [[c, "up"] for c in range(2, 12)]
    pantry[3][1] = "down"
    pantry[7][1] = "down"
    with pytest.raises(BadState) as caught:
        game.state_from_json(front_position(pantry))
    message = str(caught.value)
    assert "[5, 9] lie face down" in message
    assert "EFO.RULING.FRONT-FACE-UP" in message


def test_step_2_offers_every_card_but_the_first_when_all_are_face_up() -> None:
    game = elevenes.load_game("elevenes-for-one")
    state = game.state_from_json(front_position([[c, "up"] for c in (7, 2, 11, 3)]
                                                + [[c, "up"] for c in (4, 5, 6, 8, 9, 10)]))
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert legal[0] == "pass"
    assert sorted(legal[1:]) == sorted(f"front {c}" for c in range(2, 12) if c != 7)
