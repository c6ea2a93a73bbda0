"""Elevenes' procedure readings of BOWL-EMPTY (f), GUEST-TIMING (b) and (c), FIRST-SERVER (c)
and END-OF-TURN (b): what each keeps in the state document (and refuses under the decided
reading), the terminal played to the end through its input loop under each, and the bots
playing whole games under each (seeded)."""

from __future__ import annotations

import io
import random
import sys
from typing import Any

import pytest
from elv_helpers import SHORT_BOWL

from elevenes.cli import main
from elevenes.core.errors import BadOption, BadState
from elevenes.games import load_game
from elevenes.games.elevenes.bots import BOTS
from elevenes.games.elevenes.terminal import results

BOWL_F = {"players": 4, "edition": "fr", "target": 11, "reading.ELV.RULING.BOWL-EMPTY": "f"}
GUESTS = {
    "game": "elevenes", "round": 1, "phase": "turn", "server": 0, "turn": 0, "bowl": 25,
    "players": [
        {"cubes": 0, "guest": 1, "kitchen": ["2a", "10a", "11a"],
         "spread": [None, "~1a", "3a", "4a", "~5a", "~6a", "~7a", "~8a", "~9a", None]},
        {"cubes": 0, "guest": 2, "kitchen": ["5b", "6b", "7b"],
         "spread": [None, "~1b", "~2b", "~3b", "~4b", "~8b", "~9b", "~10b", "~11b", None]},
    ],
}


def test_a_game_the_empty_bowl_ends_below_the_target_has_no_winner() -> None:
    """BOWL-EMPTY (f): the finished game's document, observation, returns and end screen all
    say nobody won; the document loads back under (f) and is refused under the decided rules,
    which never end a game without a winner."""
    game = load_game("elevenes", BOWL_F)
    state = game.state_from_json(SHORT_BOWL)
    state.apply_action("play 11a")
    assert state.is_terminal() and state.returns() == [0.0] * 4
    doc = state.to_json()
    assert (doc["phase"], doc["winners"], doc["bowl"]) == ("over", [], 0)
    assert state.observation(2)["winners"] == [] and state.observation(2)["phase"] == "over"
    assert game.state_from_json(doc).to_json() == doc
    assert "nobody wins" in results(state, 0)
    decided = load_game("elevenes", {k: v for k, v in BOWL_F.items() if "reading" not in k})
    with pytest.raises(BadState, match="needs its winners"):
        decided.state_from_json({**doc, "options": {}})
    with pytest.raises(BadState, match=r"winners is \[\]"):
        game.state_from_json({**doc, "winners": [0, 3]})


def _reveal_turn(options: dict[str, Any]) -> Any:
    state = load_game("elevenes", {"players": 2, "guests": True, **options}).state_from_json(
        {**GUESTS, "players": [{**GUESTS["players"][0], "kitchen": ["4a", "10a", "11a"],
                                "spread": [None, "2a", "3a", "~1a", "~5a", "~6a", "~7a",
                                           "~8a", "~9a", None]}, GUESTS["players"][1]]})
    state.apply_action("play 4a")  # Sugar completes guest 1 (2, 3, 4)
    return state


def test_guest_timing_c_keeps_what_was_complete_when_the_turn_began() -> None:
    """GUEST-TIMING (c): a turn under way carries the guests complete at its start (left out,
    none); the document with it is refused under the decided reading."""
    game = load_game("elevenes", {"players": 2, "guests": True,
                                  "reading.ELV.RULING.GUEST-TIMING": "c"})
    state = _reveal_turn({"reading.ELV.RULING.GUEST-TIMING": "c"})
    state.apply_action("pass")
    state.apply_action("arrange 5b at 2")
    doc = state.to_json()
    assert doc["phase"] == "arrange" and doc["complete_at_turn_start"] == [0]
    assert game.state_from_json(doc).to_json() == doc
    bare = game.state_from_json({k: v for k, v in doc.items() if k != "complete_at_turn_start"})
    assert bare.to_json()["complete_at_turn_start"] == []  # left out: nobody complete then
    with pytest.raises(BadState, match="only under reading"):
        load_game("elevenes", {"players": 2, "guests": True}).state_from_json(
            {**doc, "options": {}})
    state.apply_action("pass")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass"]


def test_guest_timing_b_asks_only_the_player_whose_turn_ended() -> None:
    state = _reveal_turn({"reading.ELV.RULING.GUEST-TIMING": "b"})
    state.apply_action("pass")
    state.apply_action("arrange 5b at 2")
    state.apply_action("pass")
    assert (state.to_json()["phase"], state.turn) == ("turn", 0)
    decided = _reveal_turn({})
    for action in ("pass", "arrange 5b at 2", "pass"):
        decided.apply_action(action)
    assert decided.to_json()["reveal"] == [0]


def test_end_of_turn_b_names_the_card_whose_action_waits() -> None:
    game = load_game("elevenes", {"players": 2, "guests": True,
                                  "reading.ELV.RULING.END-OF-TURN": "b"})
    state = game.state_from_json(GUESTS)
    state.apply_action("play 2a")
    doc = state.to_json()
    assert (doc["phase"], doc["effect_waiting"], doc["stack"]) == ("reveal", "2a", [])
    back = game.state_from_json(doc)
    assert back.to_json() == doc
    back.apply_action("pass")
    assert back.to_json()["phase"] == "effect" and "effect_waiting" not in back.to_json()
    with pytest.raises(BadState, match="effect_waiting is read only under reading"):
        load_game("elevenes", {"players": 2, "guests": True}).state_from_json(
            {**doc, "options": {}})
    with pytest.raises(BadState, match="must be a card with an effect"):
        game.state_from_json({**doc, "effect_waiting": "10a"})


def test_first_server_c_is_a_chance_node_before_the_deal() -> None:
    game = load_game("elevenes", {"players": 4, "reading.ELV.RULING.FIRST-SERVER": "c"})
    state = game.new_initial_state()
    assert state.is_chance_node() and state.to_json()["phase"] == "first_server"
    assert [(state.action_to_string(a), p) for a, p in state.chance_outcomes()] == [
        (f"server {seat}", 0.25) for seat in range(4)]
    doc = state.to_json()
    assert game.state_from_json(doc).to_json() == doc
    state.apply_action("server 3")
    assert (state.server, state.to_json()["phase"], state.to_json()["dealing"]) == (
        3, "deal", [0, 2])
    with pytest.raises(BadOption, match="leave out the option first_server"):
        load_game("elevenes", {"players": 4, "first_server": 2,
                               "reading.ELV.RULING.FIRST-SERVER": "c"})
    with pytest.raises(BadState, match="only under reading"):
        load_game("elevenes", {"players": 4}).state_from_json({**doc, "options": {}})


TABLES = {
    "bowl-empty-f": ["--players", "4", "-o", "edition=fr", "-o", "target=11",
                     "-o", "reading.ELV.RULING.BOWL-EMPTY=f"],
    "guest-timing-b": ["-o", "guests=true", "-o", "reading.ELV.RULING.GUEST-TIMING=b"],
    "guest-timing-c": ["--players", "3", "-o", "guests=true",
                       "-o", "reading.ELV.RULING.GUEST-TIMING=c"],
    "first-server-c": ["--players", "3", "-o", "reading.ELV.RULING.FIRST-SERVER=c"],
    "end-of-turn-b": ["-o", "guests=true", "-o", "reading.ELV.RULING.END-OF-TURN=b"],
}
TOLD = {"bowl-empty-f": "nobody wins",
        "first-server-c": "takes the starting server card for the first round",
        "end-of-turn-b": "reveal"}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_person_plays_to_the_end_under_the_reading(
        name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal's real input loop, a person typing seeded choices against greedy bots."""
    rng = random.Random(3)
    typed = "".join(f"{rng.randint(1, 3)}\n" for _ in range(40000))
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", "elevenes", *TABLES[name], "--against", "greedy", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert "Game over after" in out and "bug in elevenes" not in out
    assert TOLD.get(name, "Game over") in out


OPTIONS = {
    "bowl-empty-f": BOWL_F,
    "guest-timing-b": {"players": 3, "guests": True, "reading.ELV.RULING.GUEST-TIMING": "b"},
    "guest-timing-c": {"players": 3, "guests": True, "reading.ELV.RULING.GUEST-TIMING": "c"},
    "first-server-c": {"players": 3, "reading.ELV.RULING.FIRST-SERVER": "c"},
    "end-of-turn-b": {"players": 3, "guests": True, "reading.ELV.RULING.END-OF-TURN": "b"},
}


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:5"])
@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_bots_play_a_whole_game_under_the_reading(name: str, bot: str) -> None:
    game = load_game("elevenes", OPTIONS[name])
    rng = random.Random(11)
    state = game.new_initial_state()
    player = BOTS[bot]
    for _ in range(200_000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            action = player(state, rng)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.is_terminal()
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
