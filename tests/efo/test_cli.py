"""The terminal game as a user meets it: bots, typed moves, refusals, saving, bad input."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.games.elevenes_for_one.terminal import WIDTH


def run_cli(args: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None,
            capsys: pytest.CaptureFixture[str] | None = None) -> tuple[int, str, str]:
    assert monkeypatch is not None and capsys is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_bot_game_prints_the_log_and_the_rating(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["play", "elevenes-for-one", "--bot", "greedy", "--seed", "4"],
                           monkeypatch=monkeypatch, capsys=capsys)
    assert code == 0
    assert "The pantry is shuffled and laid out:" in out
    rating = re.search(r"Rating: (\d+) points?", out)
    assert rating is not None and 0 <= int(rating.group(1)) <= 16
    assert re.search(r"^\s+1\. \[15 min\]", out, re.M)


def test_same_seed_same_bot_game(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "elevenes-for-one", "--bot", "random", "--seed", "11"]
    first = run_cli(args, monkeypatch=monkeypatch, capsys=capsys)
    second = run_cli(args, monkeypatch=monkeypatch, capsys=capsys)
    assert first == second


def test_typed_moves_refusals_name_the_rule_and_quit_saves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    # seed 1 lays out 3 10 9 ...: step 2 pass, discard Milk, then Servants is current
    code, out, err = run_cli(["play", "elevenes-for-one", "--seed", "1"],
                             stdin="pass\ndiscard\ndiscard\nscore\n99\nq\n",
                             monkeypatch=monkeypatch, capsys=capsys)
    assert code == 0, err
    assert "laid out: 3 10 9 4 6 7 8 11 2 5" in out
    assert "Refused: card 10 can never be discarded [EFO.DISCARD.NEVER]" in out
    assert "[EFO.SCORE.NEXT]" in out
    assert "There is no choice 99" in out
    saved = json.loads((tmp_path / "elevenes-for-one-save.json").read_text())
    assert saved["discard"] == [3] and saved["phase"] == "turn" and saved["minutes"] == 15
    # the saved game resumes where it stopped
    code, out, _ = run_cli(["play", "elevenes-for-one", "--resume",
                            "elevenes-for-one-save.json"], stdin="use\n",
                           monkeypatch=monkeypatch, capsys=capsys)
    assert code == 0
    assert "Card (10) Servants asks you to choose." in out


def test_end_of_input_saves_instead_of_losing_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(["play", "elevenes-for-one", "--seed", "2"], stdin="",
                           monkeypatch=monkeypatch, capsys=capsys)
    assert code == 0
    saved = json.loads((tmp_path / "elevenes-for-one-save.json").read_text())
    laid_out = out.split("laid out: ")[1].split()[:10]
    assert saved["phase"] == "front"  # step 2 was waiting for the player
    assert [str(card) for card, _ in saved["pantry"]] == laid_out


def test_face_down_cards_are_drawn_as_backs(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    # use Milk (current card) then it is face down: its box becomes a back
    code, out, _ = run_cli(["play", "elevenes-for-one", "--seed", "1"],
                           stdin="pass\nuse\nflip 9 10\nq\n",
                           monkeypatch=monkeypatch, capsys=capsys)
    assert code == 0
    last_table = out.rsplit("Pantry (first to last):", 1)[1]
    # Milk, Servants and Cakes: two lines of the back each
    assert last_table.count("│" + "░" * (WIDTH - 2) + "│") == 2 * 3


@pytest.mark.parametrize("args, message", [
    (["play", "elevenes-for-one", "-o", "minutes=99"], "option 'minutes' takes a number"),
    (["play", "elevenes-for-one", "-o", "colour=red"], "unknown option 'colour'"),
    (["play", "elevenes-for-one", "--bot", "clever"], "unknown bot 'clever'"),
    (["play", "elevenes-for-one", "--resume", "missing.json"], "cannot read saved game"),
])
def test_bad_input_is_a_message_and_exit_1(args: list[str], message: str,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(args, monkeypatch=monkeypatch, capsys=capsys)
    assert code == 1
    assert message in err
    assert "Traceback" not in out + err


def test_a_broken_user_card_file_is_reported_with_its_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "my.cards"
    cards.write_text('game elevenes-for-one\ncard 4 "Sugar" {\n  on use { cost 3 }\n'
                     '  on score { flip_dwn next }\n}\n')
    code, out, err = run_cli(["play", "elevenes-for-one", "--cards", str(cards), "--bot",
                              "random"], monkeypatch=monkeypatch, capsys=capsys)
    assert code == 1
    assert f"{cards}:4:14: E106 unknown verb `flip_dwn`" in err
    assert "did you mean `flip_down`?" in err
    assert "Traceback" not in err


def test_a_user_card_file_replaces_a_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "gentle.cards"
    cards.write_text('game elevenes-for-one\ncard 4 "Gentle Sugar" rule EFO.CARD.SUGAR {\n'
                     '  on use, score { cost 1 }\n}\n')
    import elevenes

    game = elevenes.load_game("elevenes-for-one", cards=str(cards))
    state = game.state_from_json({
        "game": "elevenes-for-one", "phase": "turn", "minutes": 10, "trolley": [1, 2, 3],
        "pantry": [[4, "up"], [5, "up"], [6, "up"], [7, "up"], [8, "up"], [9, "up"],
                   [10, "up"], [11, "up"]], "discard": [], "cursor": 0})
    state.apply_action("score")
    assert state.minutes == 9  # the shipped Sugar would cost 2
    assert game.cards.cards[4].name == "Gentle Sugar"


def test_hint_and_rules_at_the_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(["play", "elevenes-for-one", "--seed", "1"],
                           stdin="hint\nrules EFO.PASS.FRONT\nrules EFO.PAS.FRONT\nq\n",
                           monkeypatch=monkeypatch, capsys=capsys)
    assert code == 0
    # every move's exact chance to win (tests/efo/test_hints.py checks the values), unless
    # a pass start the values shipped do not hold takes longer to value than the prompt waits
    assert re.search(r"^> (Best move: \S+(?: \d+)?, chance to win \d+\.\d{4}% \(exact"
                     r"|No exact hint: no exact answer within)", out, re.M)
    assert "EFO.PASS.FRONT: Step 2, one card to the front for a minute" in out
    assert "did you mean 'EFO.PASS.FRONT'" in out


def test_an_internal_error_is_a_message_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import elevenes.games.elevenes_for_one.terminal as terminal

    def broken(*args: object) -> str:
        raise KeyError("boom")

    monkeypatch.setattr(terminal, "render", broken)
    monkeypatch.delenv("ELEVENES_DEBUG", raising=False)
    code, out, err = run_cli(["play", "elevenes-for-one", "--seed", "1"], stdin="q\n",
                             monkeypatch=monkeypatch, capsys=capsys)
    assert code == 3
    assert "internal error: KeyError: 'boom'" in err
    assert "Traceback" not in out + err


def test_a_saved_game_keeps_its_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, _ = run_cli(["play", "elevenes-for-one", "--seed", "3", "-o", "challenge=true",
                          "-o", "minutes=12"], stdin="q\n", monkeypatch=monkeypatch,
                         capsys=capsys)
    assert code == 0
    code, out, err = run_cli(["play", "elevenes-for-one", "--resume",
                              "elevenes-for-one-save.json"], stdin="q\n",
                             monkeypatch=monkeypatch, capsys=capsys)
    assert code == 0, err
    assert "12 min left" in out and "Trolley (0 cards)" in out
