"""Options given as JSON values keep their type: a whole-number option takes a whole number
(12 or 12.0, or the text "12" from the command line), a boolean option true or false (or its
text); anything else is refused with a message naming the option, never silently converted."""

from __future__ import annotations

from typing import Any

import pytest

import elevenes
from elevenes.core.errors import BadOption


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"minutes": 12}, {"minutes": 12}),
        ({"minutes": 12.0}, {"minutes": 12}),
        ({"minutes": "12"}, {"minutes": 12}),
        ({"challenge": True}, {"challenge": True}),
        ({"challenge": "false"}, {"challenge": False}),
    ],
)
def test_values_of_the_option_type_are_taken(options: dict[str, Any], expected: Any) -> None:
    doc = elevenes.load_game("elevenes-for-one", options).new_initial_state().to_json()
    assert {key: doc["options"][key] for key in expected} == expected


@pytest.mark.parametrize(
    "options",
    [{"minutes": True}, {"minutes": 12.5}, {"minutes": "twelve"}, {"minutes": None},
     {"challenge": 1}, {"challenge": "maybe"}, {"challenge": None}],
)
def test_values_of_another_type_are_refused(options: dict[str, Any]) -> None:
    (name,) = options
    with pytest.raises(BadOption, match=repr(name)):
        elevenes.load_game("elevenes-for-one", options)


def test_every_game_refuses_a_boolean_player_count() -> None:
    with pytest.raises(BadOption, match="'players'"):
        elevenes.load_game("elevenes", {"players": True})
