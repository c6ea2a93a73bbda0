"""Which rulings a play consulted (core/readings.py): a rule site whose outcome depends on the
reading of a ruling reports it, under any reading in force, in every game; nothing is recorded
outside a consultation, nor from another thread's play."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from elevenes.core.readings import card_sites, consult, consultation
from elevenes.games import load_game

TEA_FIRST = {
    "game": "elevenes-for-one", "phase": "turn", "minutes": 15, "trolley": [1],
    "pantry": [[2, "up"], [3, "up"], [4, "up"], [5, "up"], [6, "up"], [7, "up"], [8, "up"],
               [9, "up"], [10, "up"], [11, "up"]],
    "discard": [], "cursor": 0,
}


def consulted(state: Any, *actions: str) -> list[str]:
    with consultation() as seen:
        for action in actions:
            state.apply_action(action)
    return list(seen)


def test_nothing_is_recorded_outside_a_consultation() -> None:
    consult("EFO.RULING.SELF-TARGET")
    with consultation() as seen:
        pass
    assert list(seen) == []


def test_a_card_a_reading_rewrites_is_consulted_when_its_effect_runs() -> None:
    for options in ({}, {"reading.EFO.RULING.SELF-TARGET": "a"}):
        state = load_game("elevenes-for-one", options=options).state_from_json(TEA_FIRST)
        assert consulted(state, "use") == ["EFO.RULING.SELF-TARGET"]
        assert consulted(state, "flip 3") == ["EFO.RULING.SELF-TARGET"]  # Tea's effect goes on
    later = dict(TEA_FIRST, trolley=[1, 2, 3], pantry=[
        [4, "up"], [5, "up"], [6, "up"], [7, "up"], [8, "up"], [9, "up"], [10, "up"],
        [11, "up"]])
    state = load_game("elevenes-for-one").state_from_json(later)
    assert consulted(state, "score") == []  # (4) Sugar: no reading rewrites it


def test_the_card_sites_are_the_effects_the_reading_files_write_otherwise() -> None:
    assert card_sites("elevenes-for-one") == {
        (2, "use"): ("EFO.RULING.SELF-TARGET",), (2, "score"): ("EFO.RULING.SELF-TARGET",),
        (3, "use"): ("EFO.RULING.SELF-TARGET",), (3, "score"): ("EFO.RULING.SELF-TARGET",),
        (1, "score"): ("EFO.RULING.CHALLENGE",),  # the Tea Trolley scored in the challenge
        # Biscuits' swap: of Cups & Saucers, of cards behind the pass
        (7, "use"): ("EFO.RULING.BISCUITS", "EFO.RULING.CUPS"),
        (7, "score"): ("EFO.RULING.BISCUITS", "EFO.RULING.CUPS"),
        (8, "use"): ("EFO.RULING.CUPS",),  # Sandwiches finding Cups & Saucers first
        (8, "score"): ("EFO.RULING.CUPS", "EFO.RULING.SANDWICHES"),
        (9, "score"): ("EFO.RULING.CAKES-ELEVENSES",),  # Cakes scored, from the pile too
        (10, "use"): ("EFO.RULING.SERVANTS-MINUTE",),
        (10, "score"): ("EFO.RULING.ELEVENSES", "EFO.RULING.OPTIONAL-MUST",
                        "EFO.RULING.SERVANTS"),
        (11, "discard"): ("EFO.RULING.ELEVENSES",),  # the card taken from the pile
    }


def test_step_two_consults_front_first_and_the_last_minute_only_then() -> None:
    game = load_game("elevenes-for-one")
    doc = dict(TEA_FIRST, phase="front", cursor=0)
    with consultation() as seen:
        game.state_from_json(doc).legal_actions()
    assert list(seen) == ["EFO.RULING.FRONT-FIRST"]
    with consultation() as seen:
        game.state_from_json(dict(doc, minutes=1)).legal_actions()
    assert list(seen) == ["EFO.RULING.FRONT-LAST-MINUTE", "EFO.RULING.FRONT-FIRST"]


def random_play(game_id: str, seed: int) -> list[str]:
    state = load_game(game_id).new_initial_state()
    rng = random.Random(seed)
    with consultation() as seen:
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return sorted(seen)


@pytest.mark.parametrize(("game", "rulings"), [
    ("bowling-solitaire", {"BWL.RULING.FIRST-CARD", "BWL.RULING.TOUCH-FRAME"}),
    ("elevenes", {"ELV.RULING.ARRANGE-COUNT", "ELV.RULING.SERVER-TIE"}),
    ("111", {"G111.RULING.BOSS-DAMAGE", "G111.RULING.EXACT-KILL"}),
])
def test_every_game_reports_its_procedure_rulings(game: str, rulings: set[str]) -> None:
    seen: set[str] = set()
    for seed in range(8):  # a few seeded games: a tie for the server does not come every game
        seen.update(random_play(game, seed))
    assert seen >= rulings


def test_the_first_ball_of_the_first_rack_consults_no_bowling_ruling() -> None:
    state = load_game("bowling-solitaire").new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    with consultation() as seen:
        state.legal_actions()
        state.apply_action(state.legal_actions()[-1])  # a knock on the full rack
    assert list(seen) == []  # the touch rule reads spots emptied in this very rack, any reading
    with consultation() as seen:
        state.legal_actions()
    assert "BWL.RULING.TOUCH-FRAME" not in seen  # still ball 1 of rack 1: (b), (c), (g) agree


def test_another_threads_play_is_not_recorded() -> None:
    done = threading.Event()

    def play() -> None:
        while not done.is_set():
            state = load_game("elevenes-for-one").state_from_json(TEA_FIRST)
            state.apply_action("use")

    other = threading.Thread(target=play)
    other.start()
    try:
        with consultation() as seen:
            for _ in range(200):
                consult("BWL.RULING.TOUCH-FRAME")
    finally:
        done.set()
        other.join()
    assert list(seen) == ["BWL.RULING.TOUCH-FRAME"]


def test_nested_consultations_each_see_their_own_and_the_outer_sees_all() -> None:
    with consultation() as outer:
        consult("A")
        with consultation() as inner:
            consult("B")
        assert list(inner) == ["B"]
    assert list(outer) == ["A", "B"]
