"""Readings as game options (core/readings.py): the options come from the rulebook's marked
readings, every playable reading of Elevenes for One and Bowling Solitaire is implemented (a
card file or a procedure reading of the game) and nothing else is, bad values are refused
with the playable letters, and a reading changes play only while it is in force."""

from __future__ import annotations

import importlib

import pytest

from elevenes.core.errors import BadOption, IllegalAction
from elevenes.core.readings import (
    card_readings,
    choosable,
    in_force,
    marked_readings,
    rulings,
)
from elevenes.games import load_game

GAMES = {
    "elevenes-for-one": "elevenes.games.elevenes_for_one.game",
    "bowling-solitaire": "elevenes.games.bowling_solitaire.state",
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_playable_reading_is_implemented_and_nothing_else(game: str) -> None:
    procedure = importlib.import_module(GAMES[game]).PROCEDURE_READINGS
    cards = card_readings(game)
    assert not procedure & cards, "a reading implemented twice"
    wanted = {(r.id, letter) for r in rulings(game).values() for letter in r.playable
              if letter != r.decided}
    assert procedure | cards == wanted
    for ruling in rulings(game).values():
        assert ruling.decided in ruling.playable, f"{ruling.id} decides for an unplayable reading"


def test_the_rulings_marked_so_far() -> None:
    assert set(choosable("bowling-solitaire")) == {
        "BWL.RULING.TOUCH-FRAME", "BWL.RULING.FIRST-CARD", "BWL.RULING.BONUS-BALLS"}
    assert {"EFO.RULING.SANDWICHES", "EFO.RULING.FRONT-FIRST"} <= set(choosable("elevenes-for-one"))
    touch = rulings("bowling-solitaire")["BWL.RULING.TOUCH-FRAME"]
    assert touch.playable == ("b", "c", "g") and touch.decided == "b"
    reading = touch.reading("a")
    assert reading is not None and reading.why_not.startswith("the text rules it out")


def test_the_notation_is_read_and_a_bad_line_is_an_error() -> None:
    text = ("**Readings:** with three players,\n- (a) *playable* one thing;\n  more of it;\n"
            "- (b) *not playable: not a complete rule* another.\n\n**Decision:** (a).")
    found = marked_readings(text)
    assert [(r.letter, r.playable, r.why_not) for r in found] == [
        ("a", True, ""), ("b", False, "not a complete rule")]
    assert found[0].text == "one thing; more of it;"
    with pytest.raises(ValueError):
        marked_readings("**Readings:**\n- (a) *playable*one\n- (b) another\n\n")
    assert marked_readings("**Readings:** (a) prose; (b) more prose.\n\n") == ()


def test_the_decided_reading_is_the_default() -> None:
    game = load_game("bowling-solitaire")
    assert game.options["reading.BWL.RULING.TOUCH-FRAME"] == "b"
    assert in_force(game.options) == {}
    game = load_game("elevenes-for-one", {"reading.EFO.RULING.SANDWICHES": "b"})
    assert in_force(game.options) == {"EFO.RULING.SANDWICHES": "b"}


@pytest.mark.parametrize(("option", "value", "words"), [
    ("reading.BWL.RULING.TOUCH-FRAME", "a", ["not playable", "the text rules it out",
                                             "b, c, g"]),
    ("reading.BWL.RULING.TOUCH-FRAME", "z", ["no reading", "b, c, g"]),
    ("reading.BWL.RULING.NOPE", "b", ["BWL.RULING.NOPE", "BWL.RULING.TOUCH-FRAME"]),
    ("reading.BWL.RULING.STOP", "a", ["BWL.RULING.STOP"]),
])
def test_a_bad_reading_is_refused_with_the_playable_letters(option: str, value: str,
                                                            words: list[str]) -> None:
    with pytest.raises(BadOption) as refused:
        load_game("bowling-solitaire", {option: value})
    for word in words:
        assert word in str(refused.value)


def test_the_efo_refusal_names_the_letters() -> None:
    with pytest.raises(BadOption, match=r"a, b"):
        load_game("elevenes-for-one", {"reading.EFO.RULING.SANDWICHES": "c"})


def _front_position(minutes: int) -> dict[str, object]:
    return {"game": "elevenes-for-one", "phase": "front", "minutes": minutes, "trolley": [1],
            "pantry": [[c, "up"] for c in (3, 2, 4, 5, 6, 7, 8, 9, 10, 11)], "discard": []}


def test_a_procedure_reading_changes_play_only_while_in_force() -> None:
    decided = load_game("elevenes-for-one").state_from_json(_front_position(15))
    with pytest.raises(IllegalAction, match="EFO.RULING.FRONT-FIRST"):
        decided.apply_action("front 3")
    game = load_game("elevenes-for-one", {"reading.EFO.RULING.FRONT-FIRST": "a"})
    state = game.state_from_json(_front_position(15))
    state.apply_action("front 3")
    assert state.to_json()["minutes"] == 14
    late = load_game("elevenes-for-one", {"reading.EFO.RULING.FRONT-LAST-MINUTE": "a"})
    last = late.state_from_json(_front_position(1))
    assert [last.action_to_string(a) for a in last.legal_actions()] == ["pass"]
    with pytest.raises(IllegalAction, match="EFO.RULING.FRONT-LAST-MINUTE"):
        last.apply_action("front 2")


def test_a_card_reading_loads_its_card_file() -> None:
    game = load_game("elevenes-for-one", {"reading.EFO.RULING.SANDWICHES": "b"})
    assert not game.printed_cards
    assert game.cards.program(8, "use") and not game.cards.program(8, "score")
    printed = load_game("elevenes-for-one")
    assert printed.printed_cards
    assert printed.cards.program(8, "use") and printed.cards.program(8, "score")


def test_a_state_document_names_only_the_readings_in_force() -> None:
    plain = load_game("elevenes-for-one").new_initial_state().to_json()["options"]
    assert not any(name.startswith("reading.") for name in plain)
    game = load_game("elevenes-for-one", {"reading.EFO.RULING.SELF-TARGET": "a"})
    doc = game.new_initial_state().to_json()
    assert doc["options"]["reading.EFO.RULING.SELF-TARGET"] == "a"
    assert game.state_from_json(doc).to_json() == doc


def test_the_native_solver_refuses_a_procedure_reading() -> None:
    from elevenes.games.elevenes_for_one.native import NativeUnavailable, lower

    game = load_game("elevenes-for-one", {"reading.EFO.RULING.FRONT-FIRST": "a"})
    with pytest.raises(NativeUnavailable, match="EFO.RULING.FRONT-FIRST"):
        lower(game)  # type: ignore[arg-type]
    lower(load_game("elevenes-for-one", {"reading.EFO.RULING.SANDWICHES": "b"}))  # type: ignore[arg-type]


def test_a_bowling_position_a_reading_cannot_follow_is_refused_at_set_up() -> None:
    from elevenes.core.errors import BadState

    doc = {"game": "bowling-solitaire", "phase": "play", "frame": 2, "rack": 0, "ball": 1,
           "pins": dict(zip("ABCDEFGHIJ", (6, 7, 8, 9, 3, 4, 5, 0, 1, 2), strict=True)),
           "piles": [[3, 2, 1, 9, 0], [4, 5, 6], [7, 8]], "out": [], "pad": [[3, 0], []]}
    load_game("bowling-solitaire").state_from_json(doc)
    with pytest.raises(BadState, match="reading \\(c\\) of BWL.RULING.TOUCH-FRAME"):
        load_game("bowling-solitaire", {"reading.BWL.RULING.TOUCH-FRAME": "c"}).state_from_json(doc)
