"""Elevenes' rival readings (core/readings.py): the rulings mark their readings in the
rulebook's notation, the reading the engine plays is an option read at its rule site, the
others are refused as not played yet, and a state document names only the readings in force
(random play under the readings: tests/test_readings_properties.py)."""

from __future__ import annotations

import pytest
from elv_helpers import SHORT_BOWL

from elevenes.core.errors import BadOption
from elevenes.core.readings import card_readings, rulings
from elevenes.games import load_game
from elevenes.games.elevenes.state import PROCEDURE_READINGS

TIE = {
    "game": "elevenes", "round": 1, "phase": "turn", "server": 0, "turn": 0, "bowl": 25,
    "players": [
        {"cubes": 0, "kitchen": ["1a", "10a", "11a"],
         "spread": [None, "2a", "3a", "4a", "5a", "6a", "~7a", "~8a", "~9a", None]},
        {"cubes": 0, "kitchen": ["2b", "10b", "11b"],
         "spread": [None, "~1b", "3b", "4b", "~5b", "~6b", "7b", "~8b", "9b", None]},
    ],
}


def test_the_rulings_with_rival_readings_are_marked() -> None:
    marked = rulings("elevenes")
    assert {"ELV.RULING.SERVER-TIE", "ELV.RULING.CHOOSE-SELF", "ELV.RULING.ARRANGE-COUNT",
            "ELV.RULING.GUEST-TIMING", "ELV.RULING.TARGET-MORE"} <= set(marked)
    assert marked["ELV.RULING.SERVER-TIE"].decided == "b"
    assert marked["ELV.RULING.GAME-LENGTH"].playable == ("b",)
    known = {(r.id, x) for r in marked.values() for x in r.playable if x != r.decided}
    assert card_readings("elevenes") == {
        ("ELV.RULING.CHOOSE-SELF", "a"), ("ELV.RULING.NOTHING-TO-GIVE", "a"),
        ("ELV.RULING.TEA-POSITIONS", "b"), ("ELV.RULING.TEA-NOTHING", "a"),
        ("ELV.RULING.SANDWICHES-BACKS", "a")}
    # every playable reading is played: at its rule site or as a card file, not both
    assert not PROCEDURE_READINGS & card_readings("elevenes")
    assert known == PROCEDURE_READINGS | card_readings("elevenes")


def test_server_tie_a_keeps_the_card_with_a_tied_holder() -> None:
    decided = load_game("elevenes", {"players": 2}).state_from_json(TIE)
    decided.apply_action("play 11a")
    game = load_game("elevenes", {"players": 2, "reading.ELV.RULING.SERVER-TIE": "a"})
    rival = game.state_from_json(TIE)
    rival.apply_action("play 11a")
    assert decided.to_json()["server"] == 1
    doc = rival.to_json()
    assert doc["server"] == 0
    assert doc["options"]["reading.ELV.RULING.SERVER-TIE"] == "a"
    assert "reading.ELV.RULING.SERVER-TIE" not in decided.to_json()["options"]
    assert game.state_from_json(doc).to_json() == doc


def test_arrange_count_a_lets_a_turn_pass_at_will() -> None:
    decided = load_game("elevenes", {"players": 2}).state_from_json(TIE)
    assert "pass" not in [decided.action_to_string(a) for a in decided.legal_actions()]
    game = load_game("elevenes", {"players": 2, "reading.ELV.RULING.ARRANGE-COUNT": "a"})
    rival = game.state_from_json(TIE)
    assert rival.action_to_string(rival.legal_actions()[0]) == "pass"
    rival.apply_action("pass")
    doc = rival.to_json()
    assert (doc["phase"], doc["turn"]) == ("turn", 1)
    assert doc["players"][0]["kitchen"] == ["1a", "10a", "11a"]


@pytest.mark.parametrize(("option", "value", "words"), [
    ("reading.ELV.RULING.SERVER-TIE", "c", ["no reading", "a, b"]),
    ("reading.ELV.RULING.GAME-LENGTH", "a", ["one playable reading"]),
])
def test_a_reading_not_played_is_refused(option: str, value: str, words: list[str]) -> None:
    with pytest.raises(BadOption) as refused:
        load_game("elevenes", {option: value})
    for word in words:
        assert word in str(refused.value)


def test_bowl_empty_a_counts_cubes_beyond_the_bowl() -> None:
    """Under reading (a) of ELV.RULING.BOWL-EMPTY cubes are counters once the bowl is empty: a
    position holding more cubes than the edition's loads under it (so a save resumes), and is
    refused under the decided reading."""
    from elevenes.core.errors import BadState

    game = load_game("elevenes", {"players": 2, "reading.ELV.RULING.BOWL-EMPTY": "a"})
    state = game.state_from_json({**TIE, "bowl": 0, "players": [
        {**TIE["players"][0], "cubes": 4}, {**TIE["players"][1], "cubes": 23}]})
    assert state.to_json()["bowl"] == 0
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(BadState, match="ELV.EDITION.CUBES"):
        load_game("elevenes", {"players": 2}).state_from_json(state.to_json() | {"options": {
            "players": 2}})


def test_a_short_bowl_and_a_player_past_another_at_the_target_are_consulted() -> None:
    from elevenes.core.readings import consultation

    state = load_game("elevenes", {"players": 4, "edition": "fr", "target": 11}).state_from_json(
        SHORT_BOWL)
    with consultation() as seen:
        state.apply_action("play 11a")
    assert "ELV.RULING.BOWL-EMPTY" in seen and "ELV.RULING.TARGET-MORE" not in seen


MILK_SELF = {
    "game": "elevenes", "round": 1, "phase": "turn", "server": 0, "turn": 0, "bowl": 25,
    "players": [
        {"cubes": 0, "kitchen": ["3a", "6a", "9a"],
         "spread": [None, "~1a", "~2a", "~4a", "~5a", "~7a", "~8a", "~10a", "~11a", None]},
        {"cubes": 0, "kitchen": ["2b", "5b", "11b"],
         "spread": [None, "~1b", "~3b", "~4b", "~6b", "~7b", "~8b", "~9b", "~10b", None]},
    ],
}


def _legal(state: object) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]  # type: ignore[attr-defined]


def test_a_reading_card_file_is_loaded_on_top_of_the_cards() -> None:
    """ELV.RULING.CHOOSE-SELF (a) is a card file: Milk may then choose its own player, and
    the document names the reading, so a save of it loads back under it."""
    decided = load_game("elevenes", {"players": 2}).state_from_json(MILK_SELF)
    decided.apply_action("play 3a")
    assert decided.to_json()["phase"] == "effect"
    assert _legal(decided) == ["pass", "take 2b", "take 5b"]  # the other player, unasked
    game = load_game("elevenes", {"players": 2, "reading.ELV.RULING.CHOOSE-SELF": "a"})
    assert game.cards.cards[3].source.split(":")[0].endswith("readings/CHOOSE-SELF-a.cards")
    rival = game.state_from_json(MILK_SELF)
    rival.apply_action("play 3a")
    assert _legal(rival) == ["player 0", "player 1"]
    doc = rival.to_json()
    assert doc["options"]["reading.ELV.RULING.CHOOSE-SELF"] == "a"
    assert game.state_from_json(doc).to_json() == doc


def test_two_reading_files_rewriting_one_card_are_refused_together() -> None:
    with pytest.raises(BadOption, match=r"ELV.RULING.CHOOSE-SELF=a and "
                                        r"ELV.RULING.NOTHING-TO-GIVE=a both rewrite card \(3\)"):
        load_game("elevenes", {"reading.ELV.RULING.CHOOSE-SELF": "a",
                               "reading.ELV.RULING.NOTHING-TO-GIVE": "a"})
    load_game("elevenes", {"reading.ELV.RULING.CHOOSE-SELF": "a",
                           "reading.ELV.RULING.TEA-POSITIONS": "b"})


def test_a_reading_file_comes_before_a_users_card_file(tmp_path: object) -> None:
    """A user's card file replaces the reading's card as it replaces the rulebook's."""
    from pathlib import Path

    own = Path(str(tmp_path)) / "milk.cards"
    own.write_text('game elevenes\n\ncard 3 "Plain Milk" value 1 rule ELV.CARD.MILK {\n}\n',
                   encoding="utf-8")
    game = load_game("elevenes", {"reading.ELV.RULING.CHOOSE-SELF": "a"}, str(own))
    assert game.cards.cards[3].name == "Plain Milk"
    assert game.cards.cards[8].source.split(":")[0].endswith("readings/CHOOSE-SELF-a.cards")


SANDWICH_POOR = {
    "game": "elevenes", "round": 1, "phase": "turn", "server": 0, "turn": 0, "bowl": 25,
    "players": [
        {"cubes": 0, "kitchen": ["8a", "9a", "11a"],
         "spread": [None, "~1a", "~2a", "~3a", "~4a", "~5a", "~6a", "~7a", "~10a", None]},
        {"cubes": 0, "kitchen": ["11b"],
         "spread": ["1b", "~2b", "~3b", "~4b", "~6b", "~7b", "~8b", "~9b", "~5b", "10b"]},
        {"cubes": 0, "kitchen": ["6c", "7c", "10c"],
         "spread": [None, "~1c", "~2c", "~3c", "~4c", "~5c", "~8c", "~9c", "~11c", None]},
    ],
}


def test_the_greedy_bot_answers_a_may_with_nothing_to_choose() -> None:
    """Under NOTHING-TO-GIVE (a) Sandwiches asks seat 1 `pass` or `yes` (keep the card drawn,
    giving nothing): the greedy bot answers it as it answers every question."""
    import random

    from elevenes.games.elevenes.bots import greedy_player

    game = load_game("elevenes", {"players": 3, "reading.ELV.RULING.NOTHING-TO-GIVE": "a"})
    state = game.state_from_json(SANDWICH_POOR)
    for move in ("play 8a", "player 1", "draw 9a"):
        state.apply_action(move)
    assert _legal(state) == ["pass", "yes"]
    answer = greedy_player(state, random.Random(0))
    assert state.action_to_string(answer) in ("pass", "yes")
