"""The terminal front end and the bots."""

from __future__ import annotations

import argparse
import io
import json
import random
from pathlib import Path

import pytest

from elevenes.core.play import sample_chance
from elevenes.games.elevenes import make_game
from elevenes.games.elevenes.bots import greedy_player, random_player
from elevenes.games.elevenes.notation import card_str
from elevenes.games.elevenes.terminal import describe, play_terminal
from elevenes.games.prompt import starting_state


def args(**given: object) -> argparse.Namespace:
    base = {"seed": 3, "bot": None, "quiet": False, "resume": None}
    base.update(given)
    return argparse.Namespace(**base)


def test_a_human_game_against_bots_to_the_end() -> None:
    """Seat 0 always takes the first listed move; the game reaches its end."""
    game = make_game({"players": 3})
    out = io.StringIO()
    code = play_terminal(game, args(), out, io.StringIO("1\n" * 5000))
    text = out.getvalue()
    assert code == 0
    assert "you are P0 (set a)" in text and "Game over" in text
    assert "kitchen: b b b" in text  # the others' kitchens are backs


def test_refusals_name_the_rule_and_ask_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    game = make_game({"players": 2})
    out = io.StringIO()
    script = ("play 11b\nplay 11a\nflip\n99\nhint\nrules ELV.CARD.MILK\nrules ELV.NOPE\n"
              "rules nope\nq\n")
    play_terminal(game, args(seed=1), out, io.StringIO(script))
    text = out.getvalue()
    assert "[ELV.PLAY.FROM-KITCHEN]" in text
    assert "[ELV.CARD.ELEVENSES]" in text or "[ELV.PLAY.FROM-KITCHEN]" in text
    assert "[ELV.ACTIONS]" in text
    assert "There is no choice 99" in text
    assert "The greedy bot would play: " in text
    assert "ELV.CARD.MILK: 3, Milk (value 1)" in text
    assert "unknown rule id 'ELV.NOPE'" in text
    assert "No rule mentions 'nope'" in text
    assert "Game saved to elevenes-save.json" in text
    saved = starting_state(game, json.loads((tmp_path / "elevenes-save.json").read_text()))
    assert saved.to_json()["phase"] == "turn"


def test_the_log_hides_other_players_secret_choices() -> None:
    """A line of the human's log never names a card another player chose in secret."""
    game = make_game({"players": 3})
    rng = random.Random(7)
    state = game.new_initial_state()
    hidden_lines = 0
    while not state.is_terminal():
        chance = state.is_chance_node()
        action = sample_chance(state, rng) if chance else random_player(state, rng)
        actor = state.current_player()
        line = describe(state, action, 0)
        text = state.action_to_string(action)
        word = text.split()[0]
        if (
            actor not in (0,)
            and word in ("take", "give", "pick")
            or (actor != 0 and text.startswith("pass "))
        ):
            assert line is None
            hidden_lines += 1
        if actor not in (0, -1) and word == "arrange":
            assert line is not None and text.split()[1] not in line
        if actor == -1 and word == "draw":
            assert line is None or card_str(action) not in line
        state.apply_action(action)
    assert hidden_lines > 0


def test_greedy_beats_random() -> None:
    for players in (2, 3, 4):
        game = make_game({"players": players})
        wins = 0
        for seed in range(20):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                seat = state.current_player()
                if state.is_chance_node():
                    action = sample_chance(state, rng)
                elif seat == 0:
                    action = greedy_player(state, rng)
                else:
                    action = random_player(state, rng)
                state.apply_action(action)
            wins += 0 in state.winners
        assert wins >= 15, (players, wins)


def test_bots_only_choose_legal_moves_in_every_configuration() -> None:
    for options in ({"players": 4, "guests": True}, {"players": 2, "edition": "fr"}):
        game = make_game(options)
        for seed in range(10):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                action = greedy_player(state, rng)
                assert action in state.legal_actions()
                state.apply_action(action)
