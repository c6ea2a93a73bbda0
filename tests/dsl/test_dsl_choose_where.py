"""`choose player ... as NAME where COND` (docs/language.md, "choose player"): only the players
for whom the condition holds are offered, and when none is the rest of the block is skipped.
The scenarios of tests/dsl/scenarios/elv-where.yaml are judged with their card file
(test_dsl_scenarios.py); the reading it was made for, ELV.RULING.TEA-NOTHING (a), plays through
the API."""

from __future__ import annotations

import random
from pathlib import Path

from elevenes.dsl.load import check_file
from elevenes.dsl.parser import parse_text
from elevenes.games import load_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "dsl" / "scenarios"



def test_where_is_read_into_the_syntax_tree() -> None:
    tree = parse_text('game elevenes\ncard 2 "T" value 1 {\n  on play {\n'
                      '    choose player as p where any(face_up in spread(p))\n  }\n}\n')
    choose = tree.cards[0].handlers[0].body[0]
    assert choose.bind == "p" and choose.where is not None  # type: ignore[union-attr]


def test_the_reading_file_checks() -> None:
    _, problems = check_file(ROOT / "rulebook" / "elevenes" / "readings" / "TEA-NOTHING-a.cards")
    assert problems == []


def test_games_under_tea_nothing_a_never_offer_a_player_with_nothing_to_flip() -> None:
    game = load_game("elevenes", {"players": 3, "reading.ELV.RULING.TEA-NOTHING": "a"})
    offered = 0
    for seed in range(3):
        offered += _tea_choices(game, random.Random(seed))
    assert offered > 0  # the seeded games do reach Tea's choice of a player


def _tea_choices(game: object, rng: random.Random) -> int:
    """Plays one random game; every player Tea offers has a card to flip.  How many were."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    offered = 0
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        doc = state.to_json()
        for action in state.legal_actions():
            text = state.action_to_string(action)
            if text.startswith("player ") and doc["stack"] and \
                    str(doc["stack"][-1]["card"]).startswith("2"):
                offered += 1
                seat = int(text.split()[1])
                spread = doc["players"][seat]["spread"]
                face_up = [c for i, c in enumerate(spread)
                           if c and not str(c).startswith("~") and i not in (0, 9)]
                assert face_up, f"player {seat} offered with nothing to flip: {spread}"
        state.apply_action(rng.choice(state.legal_actions()))
    return offered
