"""The events of variant Elevenes cards and the Special Guests' effects (rules.md, "Words of
variant cards", ELV.CARDS.EVENTS to ELV.CARDS.ENDS): `flipped`, `end_of_round`, `score` and a
guest's `revealed`.  The scenarios of tests/dsl/scenarios/elv-events.yaml are judged with
their card file; here, random games with such cards, their state documents and their log."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from elevenes.games.cardbook import CardBook
from elevenes.games.elevenes import make_game
from elevenes.games.elevenes.events import fired_lines
from elevenes.games.elevenes.terminal import results

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "dsl" / "scenarios"
EXAMPLE = ROOT / "docs" / "examples" / "last-orders.cards"

# effects that ask other players, set each other off (a flipped effect that flips), end the
# round from a guest's effect, and run at the round's end and scoring
BUSY = """\
game elevenes
card 5 "Cups" value 1 {
  on flipped {
    choose player except me as p
    choose 1 face_up in spread(p) except 1, 10 by p -> flip_down
  }
  on end_of_round { may { choose 1 face_up in spread(me) except 1, 10 -> flip_down } }
  on score { each player as q { may by q { lose_cube 1 } } }
}
card 7 "Biscuits" value 2 {
  on play {
    each player as q { choose 1 in kitchen(q) except unpassable by q -> set_aside }
    pass_aside right
  }
  on flipped { take_cube 1 }
  on score { take_cube 1 }
}
guest 1 "G" wants 2, 3, 4 { on revealed { end_round } }
guest 2 "H" wants 5, 6, 7 {
  on end_of_round { choose player as p; choose 1 face_up in spread(p) except 1, 10 -> flip_down }
}
guest 3 "I" wants 7, 8, 9 { on score { take_cube 2 } }
"""



@pytest.mark.parametrize("source", ["busy", "example"])
def test_random_games_end_and_every_state_reloads(source: str, tmp_path: Path) -> None:
    """Every event fires in these games; each state's document loads back to itself
    (effects waiting below others included) and the games end."""
    path = EXAMPLE
    if source == "busy":
        path = tmp_path / "busy.cards"
        path.write_text(BUSY, encoding="utf-8")
    expected = ({"flipped", "end_of_round", "score", "revealed"} if source == "busy"
                else {"end_of_round", "score", "revealed"})
    fired: set[str] = set()
    for seed in range(24):
        if seed >= 4 and fired >= expected:
            break
        rng = random.Random(seed)
        game = make_game({"players": 2 + seed % 3, "guests": True}, str(path))
        state = game.new_initial_state()
        for step in range(20_000):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            fired.update(event for event, _, _ in state.fired)
            if step % 5 == 0:
                doc = state.to_json()
                again = game.state_from_json(json.loads(json.dumps(doc)))
                assert again.to_json() == doc
                for seat in range(state.n):
                    state.observation(seat)
        assert state.is_terminal()
    assert fired >= expected


def test_the_log_says_what_each_event_did(tmp_path: Path) -> None:
    """ELV.CARDS.SCORED, ELV.CARDS.END-OF-ROUND: the lines of the log name the card, whose
    it is and what happened to it."""
    game = make_game({"players": 2}, str(SCENARIOS / "elv-events.cards"))
    doc = {
        "game": "elevenes", "round": 1, "phase": "turn", "server": 0, "turn": 0, "bowl": 25,
        "players": [
            {"cubes": 0, "kitchen": ["6a", "7a", "11a"],
             "spread": [None, "2a", "3a", "4a", "~1a", "~5a", "~10a", "8a", "~9a", None]},
            {"cubes": 0, "kitchen": ["2b", "6b", "11b"],
             "spread": [None, "~1b", "~3b", "~4b", "5b", "~7b", "~10b", "8b", "9b", None]},
        ],
    }
    state = game.state_from_json(doc)
    book = CardBook(game.cards)
    state.apply_action(state.string_to_action("play 11a"))
    assert fired_lines(state.fired, 0, book) == [
        "your 8a Late Sandwiches is face up as the round ends: its effect runs before the "
        "scoring",
        "P1's 8b Late Sandwiches is face up as the round ends: its effect runs before the "
        "scoring",
    ]
    state.apply_action(state.string_to_action("flip 5b"))
    assert fired_lines(state.fired, 0, book) == [
        "P1's 5b Loud Cups was turned face down: its effect runs"]
    before = state.observation(0)
    state.apply_action(state.string_to_action("flip 4a"))
    assert fired_lines(state.fired, 0, book) == [
        "P1's 9b Counted Cakes was counted at the scoring: its effect runs"]
    told = results(state, 0, before).splitlines()
    assert "  P1: +1 cube moved by the effects of the round's end" in told


def test_a_round_ended_under_an_effect_still_ends_after_a_reload(tmp_path: Path) -> None:
    """ELV.END.ELEVENSES: an effect that ends the round and then asks a choice; its state
    document says so (`round_ended`), so the reloaded game scores the round after the choice,
    as the game it was saved from does."""
    path = tmp_path / "last-cakes.cards"
    path.write_text('game elevenes\ncard 9 "Last Cakes" value 2 {\n  on play {\n'
                    "    end_round\n    choose 1 face_up in spread(left) except 1, 10 -> "
                    "flip_down\n  }\n}\n", encoding="utf-8")
    game = make_game({"players": 2}, str(path))
    doc = {
        "game": "elevenes", "round": 1, "phase": "turn", "server": 0, "turn": 0, "bowl": 25,
        "players": [
            {"cubes": 0, "kitchen": ["6a", "9a", "11a"],
             "spread": [None, "2a", "3a", "~4a", "~1a", "~5a", "~10a", "~8a", "~7a", None]},
            {"cubes": 0, "kitchen": ["2b", "6b", "11b"],
             "spread": [None, "~1b", "~3b", "~4b", "5b", "~7b", "~10b", "8b", "~9b", None]},
        ],
    }
    state = game.state_from_json(doc)
    state.apply_action(state.string_to_action("play 9a"))
    saved = state.to_json()
    assert saved["phase"] == "effect" and saved["round_ended"] is True
    again = game.state_from_json(json.loads(json.dumps(saved)))
    for played in (state, again):
        played.apply_action(played.string_to_action("flip 5b"))
        assert played.round == 2 and played.last is not None
        assert played.last["values"] == [4, 2]
