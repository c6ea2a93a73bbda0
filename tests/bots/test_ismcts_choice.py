"""The search bot is chosen by name wherever a bot is: ``elevenes play --bot``, ``elevenes
analyse --bots`` and ``elevenes serve --bot``; a budget is written ``ismcts:N`` (iterations)
or ``ismcts:Xs`` (seconds); a bad budget is refused with a message, no traceback."""

from __future__ import annotations

import random

import pytest

from elevenes.bots.ismcts import Search, default_iterations
from elevenes.cli import main
from elevenes.games import load_game
from elevenes.games.bowling_solitaire.bots import BOTS as BOWLING_BOTS
from elevenes.games.elevenes.bots import BOTS as ELV_BOTS
from elevenes.games.one_eleven.bots import BOTS as G111_BOTS


def test_every_game_with_hidden_cards_offers_the_search_bot_with_a_budget() -> None:
    for bots in (ELV_BOTS, G111_BOTS, BOWLING_BOTS):
        assert "ismcts" in bots and "ismcts" in sorted(bots)
        default = bots["ismcts"]
        assert isinstance(default, Search)
        assert default.iterations == default_iterations(bots.package)
        fixed = bots["ismcts:25"]
        assert isinstance(fixed, Search) and (fixed.iterations, fixed.seconds) == (25, None)
        timed = bots["ismcts:0.2s"]
        assert isinstance(timed, Search) and timed.seconds == 0.2
        assert "nonsense" not in bots and "ismcts:" not in bots


def test_the_same_seed_gives_the_same_game() -> None:
    game = load_game("111", {"players": 3})

    def moves(seed: int) -> list[int]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        bot = G111_BOTS["ismcts:8"]
        while not state.is_terminal() and len(state.history) < 150:
            action = state.sample_chance(rng) if state.is_chance_node() else bot(state, rng)
            state.apply_action(action)
        return state.history

    assert moves(4) == moves(4)


@pytest.mark.parametrize("budget", ["ismcts:0", "ismcts:ten", "ismcts:-1s", "ismcts:9999s"])
def test_a_bad_budget_is_refused_with_a_message(
    budget: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["analyse", "elevenes", "--bots", f"{budget},greedy", "--games", "1",
                 "--no-progress"])
    err = capsys.readouterr().err
    assert code != 0
    assert "ismcts:N for N iterations" in err and "Traceback" not in err


def test_analyse_plays_the_search_bot_and_shows_progress_game_by_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from elevenes.bots import cli_analyse

    steps: list[int] = []

    class Recording(cli_analyse.Progress):
        def advance(self, label: str, count: int = 1) -> None:
            steps.append(count)
            super().advance(label, count)

    monkeypatch.setattr(cli_analyse, "Progress", Recording)
    code = main(["analyse", "111", "--bots", "ismcts:4,greedy", "--games", "3",
                 "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "ismcts:4" in out
    assert steps == [1, 1, 1]  # the bar moves after every game, not after the last


def test_analyse_bowling_by_default_plays_only_the_quick_bots(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", "bowling-solitaire", "--games", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "ismcts" not in out


def test_play_watches_the_search_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "bowling-solitaire", "--bot", "ismcts:3", "--seed", "2"])
    assert code == 0
    assert "Traceback" not in capsys.readouterr().err


def test_serve_refuses_an_unknown_bot_before_listening(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["serve", "--bot", "ismcts:many", "--port", "8999"])
    assert code != 0
    assert "ismcts:N for N iterations" in capsys.readouterr().err


def test_the_web_table_seats_the_bot_serve_was_given(monkeypatch: pytest.MonkeyPatch) -> None:
    from elevenes.web import tables

    state = load_game("elevenes", {"players": 2}).new_initial_state()
    assert tables.bot(state) is ELV_BOTS["greedy"]
    monkeypatch.setattr(tables, "TABLE_BOT", "ismcts:7")
    assert tables.bot(state) is ELV_BOTS["ismcts:7"]
    assert tables.bot(state, "greedy") is ELV_BOTS["greedy"]  # the hint stays greedy
    efo = load_game("elevenes-for-one", {}).new_initial_state()
    assert tables.bot(efo) is not None  # no search bot there: the greedy one
