"""``elevenes play 111``: all-bot games print a log that explains itself (the parts of every
reward add up to it), a human sees the table and only her own cards, and the bots play
legally and the greedy one better than chance."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.core.play import sample_chance
from elevenes.games import load_game
from elevenes.games.one_eleven.bots import BOTS
from elevenes.games.one_eleven.events import describe


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_an_all_bot_game_prints_a_log_whose_rewards_add_up(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "111", "--players", "3", "--bot", "greedy,random,random", "--seed", "2"]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert "-- turn 1: P0" in out and "Game over after" in out and "Won by P" in out
    strikes = re.findall(r"strikes? (\S+): (\d+) \+ die (\d) = (\d+)", out)
    assert strikes
    assert all(int(a) + int(d) == int(total) for _, a, d, total in strikes)
    beaten = re.findall(r"beats? ([JQK][CDHS]): \+(\d+) coins \(([^)]*)\)", out)
    assert beaten
    for _, total, parts in beaten:
        assert sum(int(n) for n in re.findall(r"(\d+)(?: coins)?(?: \+|$)", parts)) == \
            int(total), parts
    final = re.search(r"Coins: (.*)\. Won by (.*)\.", out)
    assert final is not None
    coins = {seat: int(c) for seat, c in re.findall(r"(P\d) (\d+)", final.group(1))}
    assert max(coins.values()) >= 111
    assert all(coins[w] == max(coins.values()) for w in final.group(2).split(" and "))


def test_quiet_prints_only_the_result_and_one_bot_per_seat_is_checked(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["play", "111", "--bot", "greedy,random", "--seed", "2", "--quiet"],
                       capsys)
    assert code == 0 and out.count("\n") == 1 and out.startswith("Game over")
    code, _, err = run(["play", "111", "--players", "3", "--bot", "greedy,random"], capsys)
    assert code == 1 and "one bot or 3" in err and "Traceback" not in err
    code, _, err = run(["play", "111", "--bot", "oracle"], capsys)
    assert code == 1 and "unknown bot 'oracle'" in err


def test_a_human_sees_the_table_her_hand_only_and_can_save(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("attack player 0\nhint\n" + "1\n" * 30 + "q\n"))
    code, out, _ = run(["play", "111", "--players", "3", "--seed", "4"], capsys)
    assert code == 0
    assert "Bosses (" in out and "Players:" in out and "hand: 5 cards" in out
    assert "greedy bot would play" in out
    assert "[G111.STATE.ASKING]" in out or "[G111.ATTACK.TARGET]" in out
    assert not re.search(r"P[12] draws [0-9JQKA]", out)  # the others' draws stay hidden
    assert re.search(r"you draw [0-9JQKA]+[CDHS]", out)
    assert "Game saved to 111-save.json" in out
    saved = json.loads((tmp_path / "111-save.json").read_text())
    assert saved["game"] == "111" and saved["options"]["players"] == 3


def test_the_log_of_a_boss_fight_names_each_strike_and_the_reward() -> None:
    game = load_game("111")
    state = game.state_from_json({
        "game": "111", "options": {"players": 2, "turn_limit": 1000}, "turn": 1, "active": 0,
        "pending": {"asking": "party", "player": 0},
        "players": [{"coins": 11, "hand": ["2C", "5C", "5H", "9D", "9S", "KS"], "party": None},
                    {"coins": 11, "hand": ["3C", "4D", "7H", "8S", "QD"], "party": None}],
        "bosses": {"J": [{"card": "JC", "shield": 3, "health": 4, "coins": 2}], "Q": [], "K": []},
        "defeated": [], "draw_pile": sorted(set(_deck()) - {
            "2C", "5C", "5H", "9D", "9S", "KS", "3C", "4D", "7H", "8S", "QD", "JC"}),
        "discards": [], "bank": {"issued": 24, "taken": 0}, "fight": None, "winners": [],
        "ended_by": None})
    lines: list[str] = []
    for text in ["party 5C 9D 5H 9S +C +S", "attack J", "roll 1", "buy shield"]:
        before = state.to_json()
        state.apply_action(text)
        lines += describe(before, state.to_json(), text, viewer=0)
    assert lines[0] == "You buy +1 shield at the store"
    assert lines[1] == "You strike JC: 7 + die 1 = 8, 3 on the shield, 5 on health: health 4 -> 0"
    assert lines[2] == ("You beat JC: +21 coins (money 9 + jack bonus 5 + lone boss 5 + the "
                        "boss's 2 coins)")


def _deck() -> list[str]:
    return [r + s for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
            for s in "CDHS"]


@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_legal_games_and_greedy_beats_random(players: int) -> None:
    game = load_game("111", options={"players": players})
    greedy_wins = 0.0
    games = 16
    for seed in range(games):
        rng = random.Random(seed)
        seats = ["greedy" if (seat + seed) % 2 == 0 else "random" for seat in range(players)]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                action = BOTS[seats[state.current_player()]](state, rng)
                assert action in state.legal_actions()
            state.apply_action(action)
        greedy_wins += sum(1 / len(state.winners) for w in state.winners
                           if seats[w] == "greedy")
    assert greedy_wins / games > 0.7
