"""111's readings of where a fight's boss is found and kept, when surrender is offered, how
long a roll lasts, who picks a party, how much one purchase buys, where a defeated boss goes,
the hand during a turn and face cards in a party: the bots play them, a person plays a whole
game through the terminal under those that ask new questions, each rule site reports its
ruling, the table tells what happened, and a document naming what only a reading has loads
under that reading only (their scenarios: conformance/111/readings-more.yaml; random play under
random readings: tests/test_readings_properties.py)."""

from __future__ import annotations

import copy
import io
import random
import sys

import pytest

from elevenes.cli import main
from elevenes.core.errors import BadState
from elevenes.core.readings import consultation
from elevenes.games import load_game
from elevenes.games.one_eleven.bots import BOTS
from elevenes.games.one_eleven.events import describe
from elevenes.games.one_eleven.terminal import question, render

from .test_readings import B1

NEW = [("WHICH-BOSS", "a"), ("WHICH-BOSS", "c"), ("SAME-BOSS", "b"), ("SAME-BOSS", "c"),
       ("SURRENDER-WHEN", "a"), ("SURRENDER-WHEN", "c"), ("SURRENDER-WHEN", "d"),
       ("ROLL-PER-STRIKE", "b"),
       ("ROLL-PER-STRIKE", "c"), ("PARTY-CHOICE", "b"), ("PARTY-CHOICE", "c"),
       ("PARTY-CHOICE", "d"), ("ONE-PER-ROLL", "b"), ("DEFEATED-BOSS", "a"),
       ("HAND-SIZE", "b"), ("FACE-PARTY", "a"), ("PLAYER-COUNT", "b")]


def _doc(ruling: str | None = None, letter: str = "") -> dict[str, object]:
    doc = copy.deepcopy(B1)
    if ruling is not None:
        doc["options"] = {"players": 2, "turn_limit": 1000, f"reading.G111.RULING.{ruling}": letter}
    return doc


def _option(ruling: str, letter: str) -> str:
    return f"reading.G111.RULING.{ruling}={letter}"


@pytest.mark.parametrize(("ruling", "letter"), NEW)
def test_the_bots_play_under_the_reading(ruling: str, letter: str) -> None:
    """greedy against random, and the search bot on a short game, each move legal."""
    players = 7 if ruling == "PLAYER-COUNT" else 2  # seven: a table only (b) allows
    for seats, limit in ((("greedy", "random") * 4, 60), (("ismcts:3", "greedy") * 4, 6)):
        game = load_game("111", {"players": players, "turn_limit": limit,
                                 f"reading.G111.RULING.{ruling}": letter})
        rng = random.Random(11)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                action = BOTS[seats[state.current_player()]](state, rng)
                assert action in state.legal_actions()
            state.apply_action(action)
        assert state.winners


def test_a_person_plays_a_whole_game_of_seven_through_the_terminal_under_player_count_b(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """PLAYER-COUNT (b): seven at the table (four decks), seats above 5 attacked and named."""
    rng = random.Random(2)
    monkeypatch.setattr(sys, "stdin", io.StringIO(
        "".join(f"{rng.randint(1, 4)}\n" for _ in range(20000))))
    argv = ["play", "111", "--players", "7", "--against", "greedy", "--seed", "2", "-o",
            "turn_limit=80"]
    assert main(argv) == 1  # refused under the decided reading
    assert "from 2 to 6, not 7" in capsys.readouterr().err
    assert main([*argv, "-o", _option("PLAYER-COUNT", "b")]) == 0
    out = capsys.readouterr().out
    assert "P6" in out and "Game over" in out and "bug in elevenes" not in out


def test_the_greedy_bot_weighs_a_boss_under_the_top_by_its_own_figures() -> None:
    """WHICH-BOSS (a): `attack J 2` is JD (10/10), not JC on top (3/7); the bot picks JC."""
    state = load_game("111").state_from_json(_doc("WHICH-BOSS", "a"))
    state.apply_action("party 5C 9D 5H 9S +C +S")
    assert "attack J 2" in state.legal_action_strings()
    assert state.boss_for(state.string_to_action("attack J 2"))[0:3] == [4 * 9 + 1, 10, 10]
    assert state.action_to_string(BOTS["greedy"](state, random.Random(0))) == "attack J"


@pytest.mark.parametrize(("option", "seed", "seen"), [
    (_option("SAME-BOSS", "b"), 0, "name the boss to strike"),
    (_option("HAND-SIZE", "b"), 0, "discard a card at once"),
    (_option("ONE-PER-ROLL", "b"), 0, "buy health 2"),
    (_option("WHICH-BOSS", "a"), 0, "attack J 2"),
])
def test_a_person_plays_a_whole_game_through_the_terminal_under_the_reading(
        option: str, seed: int, seen: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The readings that ask a new question or offer new actions: the person meets them and
    the game is played to its end without an internal error."""
    rng = random.Random(seed)
    typed = "".join(f"{rng.randint(1, 4)}\n" for _ in range(20000))
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", "111", "--against", "greedy", "--seed", str(seed), "-o", option])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert seen in out
    assert "Game over" in out and "bug in elevenes" not in out


@pytest.mark.parametrize(("ruling", "moves"), [
    ("WHICH-BOSS", ["party 5C 9D 5H 9S +C +S", "attack J"]),
    ("SAME-BOSS", ["party 2C 9D 5H 9S +S", "attack J", "roll 1", "buy nothing"]),
    ("SURRENDER-WHEN", ["party 2C 9D 5H 9S +S", "attack player 1", "defend 3C 4D 7H 8S",
                        "roll 6", "buy nothing", "roll 1", "buy nothing"]),
    ("ROLL-PER-STRIKE", ["party 2C 9D 5H 9S +S", "attack J", "roll 2", "buy nothing",
                         "roll 3"]),
    ("PARTY-CHOICE", []),
    ("ONE-PER-ROLL", ["party 5C 9D 5H 9S +C +S", "attack K", "roll 1"]),
    ("DEFEATED-BOSS", ["party 5C 9D 5H 9S +C +S", "attack J", "roll 3", "buy nothing"]),
    ("FACE-PARTY", []),
])
def test_each_rule_site_reports_its_ruling_under_the_decided_reading(
        ruling: str, moves: list[str]) -> None:
    """Where the reading would decide otherwise, the decided rules report the ruling too (so
    judge and the dispute board give a verdict under each reading)."""
    state = load_game("111").state_from_json(_doc())
    with consultation() as seen:
        for move in moves:
            state.apply_action(move)
        state.legal_actions()
    assert f"G111.RULING.{ruling}" in seen


def test_the_hand_limit_is_reported_after_the_turns_draw() -> None:
    doc = _doc()
    doc["players"][0]["hand"] = ["2C", "5C", "5H", "9D", "9S"]  # type: ignore[index]
    doc["draw_pile"] = sorted([*doc["draw_pile"], "KS"])  # type: ignore[list-item]
    doc["pending"] = {"asking": "draw", "player": 0, "for": "turn"}
    state = load_game("111").state_from_json(doc)
    with consultation() as seen:
        state.apply_action("draw 2D")
    assert "G111.RULING.HAND-SIZE" in seen


def test_the_table_tells_a_lasting_roll_a_purchase_of_several_and_the_boss_fought() -> None:
    game = load_game("111")
    state = game.state_from_json(_doc("ROLL-PER-STRIKE", "b"))
    for move in ["party 2C 9D 5H 9S +S", "attack player 1", "defend 3C 4D 7H 8S", "roll 6"]:
        state.apply_action(move)
    before = state.to_json()
    state.apply_action("buy nothing")
    assert describe(before, state.to_json(), "buy nothing")[0].startswith(
        "P0 strikes P1: 2 + die 6 = 8 = shield 8: knocked out")
    state.apply_action("roll 1")
    before = state.to_json()
    state.apply_action("buy nothing")  # the attack is 8 now: 8 + 1 = 9 beats health 7
    assert "8 + die 1 = 9" in describe(before, state.to_json(), "buy nothing")[0]

    state = game.state_from_json(_doc("ONE-PER-ROLL", "b"))
    for move in ["party 5C 9D 5H 9S +C +S", "attack K", "roll 1"]:
        state.apply_action(move)
    before = state.to_json()
    state.apply_action("buy health 5")
    assert describe(before, state.to_json(), "buy health 5")[0] == (
        "P0 buys +5 health at the store")

    state = game.state_from_json(_doc("WHICH-BOSS", "a"))
    for move in ["party 5C 9D 5H 9S +C +S", "attack J 2"]:
        state.apply_action(move)
    assert "Fight: P0 against JD (2 down from the top of the J slot)" in render(
        state.to_json(), None)


def test_the_questions_of_the_new_decisions() -> None:
    state = load_game("111").state_from_json(_doc("SAME-BOSS", "c"))
    for move in ["party 2C 9D 5H 9S +S", "attack J", "roll 1", "buy nothing"]:
        state.apply_action(move)
    assert question(state.observation(0)).startswith("Back at your strike")


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(fight={"target": {"boss": "J", "depth": 2}},
                        pending={"asking": "roll", "side": "attacker"}),
     "WHICH-BOSS"),
    (lambda d: d.update(fight={"target": {"player": 1}, "knocked_out": True}), "SURRENDER-WHEN"),
    (lambda d: d["bosses"]["J"][0].update(attack=13), "ROLL-PER-STRIKE"),
    (lambda d: d.update(pending={"asking": "discard", "player": 0, "for": "hand limit"}),
     "HAND-SIZE"),
    (lambda d: d.update(pending={"asking": "target", "player": 0},
                        fight={"target": {"boss": "J"}}), "SAME-BOSS"),
])
def test_what_only_a_reading_has_is_refused_in_a_document_of_the_decided_rules(
        change: object, words: str) -> None:
    doc = _doc()
    change(doc)  # type: ignore[operator]
    with pytest.raises(BadState, match=words):
        load_game("111").state_from_json(doc)


def test_a_defeated_boss_discarded_is_no_extra_copy_under_defeated_boss_a() -> None:
    """DEFEATED-BOSS (a): JC is in the discards and in the record of defeats; the document
    loads back (the record is not counted among the copies), but not under the decided
    reading, where JC would be there twice."""
    game = load_game("111")
    state = game.state_from_json(_doc("DEFEATED-BOSS", "a"))
    for move in ["party 5C 9D 5H 9S +C +S", "attack J", "roll 3", "buy nothing"]:
        state.apply_action(move)
    doc = state.to_json()
    assert game.state_from_json(doc).to_json() == doc
    options = dict(doc["options"])  # type: ignore[call-overload]
    del options["reading.G111.RULING.DEFEATED-BOSS"]
    with pytest.raises(BadState, match="copies of JC"):
        game.state_from_json({**doc, "options": options})  # type: ignore[dict-item]
