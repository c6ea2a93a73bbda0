"""A loaded position in step 2 (phase ``front``) has no card in turn: its cursor is 0, and any
other is refused at set-up, naming the rule (docs/formats/elevenes-for-one.md, Consistency)."""

from __future__ import annotations

from typing import Any

import pytest

from elevenes.core.errors import ElevenesError
from elevenes.games.elevenes_for_one import make_game


def front(cursor: int) -> dict[str, Any]:
    return {"game": "elevenes-for-one", "phase": "front", "minutes": 15, "trolley": [1],
            "pantry": [[c, "up"] for c in range(2, 12)], "discard": [], "cursor": cursor}


@pytest.mark.parametrize("cursor", [5, 1, 9, 10**38])
def test_a_cursor_in_phase_front_is_refused_with_its_rule(cursor: int) -> None:
    with pytest.raises(ElevenesError, match=r"phase 'front' the cursor is 0.*\[EFO\.PASS\.FRONT\]"):
        make_game().state_from_json(front(cursor))


def test_cursor_0_in_phase_front_is_a_position_to_play() -> None:
    state = make_game().state_from_json(front(0))
    assert state.cursor == 0 and not state.is_terminal()
    assert state.legal_actions()
