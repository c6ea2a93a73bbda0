"""111: refusals leave the state unchanged and cite rules of the rulebook; text outside the
notation is refused under G111.NOTATION.ACTIONS; replays rebuild the same game; the CLI plays."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from elevenes.core.errors import IllegalAction
from elevenes.core.play import perft, play, replay
from elevenes.games import load_game
from elevenes.games.one_eleven.cards import (
    ATTACK_BOSS,
    BUY,
    DEFEND,
    DISCARD,
    DISCOUNT,
    END_TURN,
    KEEP,
    PARTY,
    PLACE,
    ROLL,
    SURRENDER,
    party_code,
)
from elevenes.rulebook import load_rulebook

from .g111_helpers import random_step

ROOT = Path(__file__).resolve().parents[2]

#: Actions of every kind, to try where they are not legal.
PROBES = [
    0, 51, ROLL + 3, PLACE + 40, PLACE + 0, KEEP, END_TURN, ATTACK_BOSS + 1, BUY, BUY + 2,
    DISCOUNT + 35, SURRENDER, DISCARD + 7,
    PARTY + party_code((0, 1, 2, 3), 0), PARTY + party_code((0, 0, 0, 0), 15),
    DEFEND + party_code((3, -1, -1, -1), 0), DEFEND + party_code((-1, -1, -1, -1), 0),
]


def test_refusals_change_nothing_and_cite_rulebook_ids() -> None:
    rulebook = load_rulebook()
    cited: set[str] = set()
    game = load_game("111", {"players": 3, "turn_limit": 40})
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = set(state.legal_actions())
            before = state.to_json()
            for probe in PROBES:
                if probe in legal:
                    continue
                with pytest.raises(IllegalAction) as caught:
                    state.apply_action(probe)
                assert caught.value.rule_id in rulebook, caught.value.rule_id
                cited.add(caught.value.rule_id)
                assert state.to_json() == before
            state.apply_action(random_step(state, rng))
        with pytest.raises(IllegalAction, match=r"G111.WIN.COINS"):
            state.apply_action(0)
    assert {"G111.STATE.ASKING", "G111.CHANCE.DRAW", "G111.PARTY.FROM-HAND"} <= cited


@pytest.mark.parametrize(
    "text", ["", "fly away", "roll 7", "roll 0", "draw 1H", "draw ZZ", "attack X",
             "attack player 9", "discard", "party 5C 9D +X", "buy", "discount shield x"],
)
def test_text_outside_the_notation_is_refused_under_the_notation_rule(text: str) -> None:
    state = load_game("111", {"players": 2}).new_initial_state()
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply_action(text)
    assert caught.value.rule_id == "G111.NOTATION.ACTIONS"
    assert state.to_json() == before


def test_every_action_string_parses_back_to_itself() -> None:
    game = load_game("111", {"players": 4, "turn_limit": 30})
    seen = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert state.string_to_action(text) == action
                assert state.string_to_action(text.lower()) == action
                seen += 1
            state.apply_action(random_step(state, rng))
    assert seen > 1000


def test_replaying_a_record_rebuilds_the_same_game() -> None:
    game = load_game("111", {"players": 3, "turn_limit": 80})
    for seed in range(5):
        state, record = play(game, seed=seed)
        again = replay(game, record.actions)
        assert again.to_json() == state.to_json()
        assert again.returns() == list(record.returns)
        half = replay(game, record.actions[: len(record.actions) // 2])
        rest = replay(game, record.actions[len(record.actions) // 2:], state=half)
        assert rest.to_json() == state.to_json()


def test_perft_from_the_initial_state_counts_the_draws() -> None:
    state = load_game("111", {"players": 2}).new_initial_state()
    assert [perft(state, d) for d in (1, 2)] == [52, 52 * 51]
    three = load_game("111", {"players": 3}).new_initial_state()
    assert perft(three, 2) == 52 * 52  # two decks: every card can be drawn twice


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "elevenes.cli", *args], capture_output=True, text=True,
        cwd=ROOT, env={"PYTHONPATH": str(ROOT / "reference"), "PATH": ""}, timeout=60,
    )


def test_play_with_bots_runs_to_the_end_and_bad_options_are_messages() -> None:
    done = run_cli("play", "111", "--bot", "random", "--seed", "2", "--players", "3",
                   "-o", "turn_limit=30", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "Game over after" in done.stdout
    bad = run_cli("play", "111", "--bot", "random", "--players", "7")
    assert bad.returncode == 1
    assert "players" in bad.stderr and "Traceback" not in bad.stderr


def test_the_first_broken_rule_of_the_precedence_list_is_cited() -> None:
    state = load_game("111", {"players": 2}).new_initial_state()  # a deal draw is asked
    cases = {
        "party 2C 9D 5H KS": "G111.RULING.FACE-PARTY",  # shape, before the question asked
        "buy money": "G111.RULING.STORE-MONEY",
        "coins 3D 9D": "G111.COINS.BUY",
        "place 7H": "G111.BOSS.PLACE",
        "party 2C 9D 5H 9S": "G111.STATE.ASKING",  # a party is not what is asked
        "roll 3": "G111.STATE.ASKING",
    }
    for text, rule_id in cases.items():
        with pytest.raises(IllegalAction) as caught:
            state.apply_action(text)
        assert caught.value.rule_id == rule_id, text
