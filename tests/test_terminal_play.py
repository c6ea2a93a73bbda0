"""Playing at the terminal, every game: the log of what happened, card texts and names, the
shared prompt (case, typos, rules, Ctrl-C / Ctrl-D), saves, colour, and MyST as plain text."""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import sys
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.games import load_game
from elevenes.games.elevenes.events import menu_label as elv_label
from elevenes.games.elevenes.events import round_result
from elevenes.games.elevenes.state import EFFECT, SECOND, TURN
from elevenes.games.elevenes.terminal import play_terminal as play_elevenes
from elevenes.games.events import EventLog, reordering
from elevenes.games.screen import Screen

USER_SUGAR = 'game elevenes-for-one\ncard 4 "Brown Sugar" {\n  on use, score { cost 3 }\n}\n'


def run_cli(args: list[str], stdin: str | io.StringIO, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# -- Elevenes for One ---
def test_the_log_tells_each_move_and_its_effects(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # seed 1 lays out 3 10 9 4 ...: no card first, use Milk, flip Cakes and Servants
    code, out, _ = run_cli(["play", "elevenes-for-one", "--seed", "1"],
                           "pass\nuse\nflip 9 10\nlog\nq\n", monkeypatch, capsys)
    assert code == 0
    assert "You put no card first." in out
    assert "You use (3) Milk." in out
    assert ("You choose `flip 9 10` for (3) Milk: turned (3) Milk, (9) Cakes and (10) Servants "
            "face down; -1 minute (14 left).") in out
    # `log` repeats the whole game so far, the deal included
    after_log = out.rsplit("> ", 2)[-2]
    assert "The pantry is shuffled and laid out: 3 10 9 4 6 7 8 11 2 5" in after_log
    assert "You use (3) Milk." in after_log


def test_every_choice_prompt_shows_the_card_text_and_what_each_action_does(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["play", "elevenes-for-one", "--seed", "1"],
                           "pass\nuse\n?\nq\n", monkeypatch, capsys)
    assert code == 0
    step3 = out.split("Step 3: card (3) Milk: score, use or discard it.")[1]
    assert "turn them face down without their actions" in step3.split("1.")[0]  # card text
    assert re.search(r"1\. use +carry out its effect; then it is turned face down", step3)
    choose = out.split("Card (3) Milk asks you to choose.")[1]
    heading = choose.split("1.")[0]
    assert "turn them face down without their actions" in heading
    assert "flip N: turn card N face down" in heading  # what the word means
    assert re.search(r"flip 9 10 +Cakes \+ Servants", choose)
    assert "Action words:" in choose  # `?`
    assert "`hint` (the best move and every move's exact chance to win)" in choose


def test_help_says_hint_is_the_greedy_bots_move_where_it_is(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Bowling Solitaire has no exact hint: `?` says what `hint` then gives, and it gives it
    code, out, _ = run_cli(["play", "bowling-solitaire", "--seed", "1"], "?\nhint\nq\n",
                           monkeypatch, capsys)
    assert code == 0
    assert "`hint` (the greedy bot's move)" in out
    assert "The greedy bot would play: knock " in out


def test_card_command_and_user_card_names_everywhere(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "my.cards").write_text(USER_SUGAR)
    # seed 1: 3 10 9 4 ...; put (4) first, then it is the current card
    code, out, _ = run_cli(["play", "elevenes-for-one", "--seed", "1", "--cards", "my.cards"],
                           "card brown\ncard 7\ncard sugr\ncard\nfront 4\nuse\nq\n", monkeypatch,
                           capsys)
    assert code == 0
    assert "│  Brown   │" in out and "│  Sugar   │" in out  # the board's box
    assert "From your card file my.cards:2:" in out and "cost 3" in out  # the user's text
    assert "(7) Biscuits" in out and "swap their" in out  # a shipped card: its rule text
    assert "No card 'sugr'. Did you mean Brown Sugar?" in out
    assert "Cards: (1) Tea Trolley, (2) Tea, (3) Milk, (4) Brown Sugar, (5) Cups & Saucers" in out
    assert "Step 3: card (4) Brown Sugar: score, use or discard it." in out
    assert "You use (4) Brown Sugar: turned (4) Brown Sugar face down; -3 minutes" in out


def test_actions_are_case_insensitive_and_typos_get_suggestions(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["play", "elevenes-for-one", "--seed", "1"],
                           "PASS\nDiscard\nscroe\nrules clock\nrules EFO.SETUP.CLOCK\nq\n",
                           monkeypatch, capsys)
    assert code == 0
    assert "You put no card first." in out
    assert "You discard (3) Milk: discarded (3) Milk (1/3 on the pile)." in out
    assert "Did you mean: score?" in out
    assert "EFO.CLOCK.ZERO" in out  # `rules clock` searched the rulebook
    assert "EFO.SETUP.CLOCK: The clock starts at 15" in out


# -- saves ---
def test_a_save_records_cards_and_options_and_is_never_overwritten(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "my.cards").write_text(USER_SUGAR)
    args = ["play", "elevenes-for-one", "--seed", "1", "--cards", "my.cards", "-o", "minutes=12"]
    run_cli(args, "q\n", monkeypatch, capsys)
    code, out, _ = run_cli(args, "pass\nq\n", monkeypatch, capsys)
    assert code == 0 and "Game saved to elevenes-for-one-save-2.json" in out
    first = json.loads((here / "elevenes-for-one-save.json").read_text())
    second = json.loads((here / "elevenes-for-one-save-2.json").read_text())
    assert first["phase"] == "front" and second["phase"] == "turn"
    record = first["saved_with"]
    assert record["options"]["minutes"] == 12
    assert record["cards"]["path"] == str((here / "my.cards").resolve())
    assert record["cards"]["sha256"] == hashlib.sha256(USER_SUGAR.encode()).hexdigest()
    # resuming takes the card file and options from the save
    code, out, _ = run_cli(["play", "elevenes-for-one", "--resume",
                            "elevenes-for-one-save-2.json"], "card 4\nq\n", monkeypatch, capsys)
    assert code == 0 and "(4) Brown Sugar" in out and "12 min left" in out


@pytest.mark.parametrize("extra, message", [
    (["-o", "minutes=10"], "was saved with minutes=12; a saved game keeps its options"),
    (["--cards", "other.cards"], "is different"),
])
def test_resume_refuses_what_conflicts_with_the_save(
        extra: list[str], message: str, here: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (here / "my.cards").write_text(USER_SUGAR)
    (here / "other.cards").write_text(USER_SUGAR.replace("cost 3", "cost 4"))
    run_cli(["play", "elevenes-for-one", "--cards", "my.cards", "-o", "minutes=12"], "q\n",
            monkeypatch, capsys)
    code, out, err = run_cli(["play", "elevenes-for-one", "--resume",
                              "elevenes-for-one-save.json", *extra], "q\n", monkeypatch, capsys)
    assert code == 1 and message in err and "Traceback" not in out + err
    # the same option value is no conflict
    code, _, err = run_cli(["play", "elevenes-for-one", "--resume", "elevenes-for-one-save.json",
                            "-o", "minutes=12"], "q\n", monkeypatch, capsys)
    assert code == 0, err


def test_resume_refuses_a_changed_card_file_and_the_wrong_games_save(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "my.cards").write_text(USER_SUGAR)
    run_cli(["play", "elevenes-for-one", "--cards", "my.cards"], "q\n", monkeypatch, capsys)
    code, _, err = run_cli(["play", "elevenes", "--resume", "elevenes-for-one-save.json"], "",
                           monkeypatch, capsys)
    assert code == 1
    assert ("elevenes-for-one-save.json is a saved game of 'elevenes-for-one', not 'elevenes'; "
            "continue it with: elevenes play elevenes-for-one --resume") in err
    (here / "my.cards").write_text(USER_SUGAR.replace("cost 3", "cost 2"))
    code, _, err = run_cli(["play", "elevenes-for-one", "--resume",
                            "elevenes-for-one-save.json"], "", monkeypatch, capsys)
    assert code == 1 and "which has changed since" in err


class CtrlC(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


@pytest.mark.parametrize("game", ["elevenes-for-one", "elevenes", "bowling-solitaire"])
@pytest.mark.parametrize("stdin, said", [
    (CtrlC(), "Ctrl-C: leaving (Ctrl-D and q do the same: the game is saved)."),
    ("", "End of input (Ctrl-D): leaving (Ctrl-C and q do the same: the game is saved)."),
])
def test_ctrl_c_and_ctrl_d_both_save_and_say_so(
        game: str, stdin: str | io.StringIO, said: str, here: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["play", game, "--seed", "2"], stdin, monkeypatch, capsys)
    assert code == 0
    assert said in out
    assert f"Game saved to {game}-save.json" in out
    assert json.loads((here / f"{game}-save.json").read_text())["game"] == game


# -- colour ---
class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_escape_codes_unless_a_terminal_without_no_color(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for out, coloured in ((io.StringIO(), False), (Tty(), True)):
        screen = Screen(out)
        screen.say("Refused: [x]", "refusal")
        assert ("\x1b[" in out.getvalue()) is coloured
        assert "Refused: [x]" in out.getvalue()  # rich markup in the text stays text
    monkeypatch.setenv("NO_COLOR", "1")
    out = Tty()
    Screen(out).say("plain", "bad")
    assert out.getvalue() == "plain\n"


def test_a_piped_game_has_no_escape_codes(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("elevenes-for-one", "elevenes", "bowling-solitaire"):
        code, out, _ = run_cli(["play", game, "--seed", "4", "--bot", "greedy"], "",
                               monkeypatch, capsys)
        assert code == 0 and out and "\x1b" not in out


# -- Elevenes ---
def elv_args(**given: object) -> argparse.Namespace:
    base = {"seed": 3, "bot": None, "quiet": False, "resume": None, "cards": None}
    base.update(given)
    return argparse.Namespace(**base)


def test_elevenes_table_labels_positions_and_the_log_keeps_secrets(here: Path) -> None:
    game = load_game("elevenes", {"players": 2})
    out = io.StringIO()
    play_elevenes(game, elv_args(), out, io.StringIO("1\n" * 3000))  # type: ignore[arg-type]
    text = out.getvalue()
    assert "Spread positions: 1 = Tea Trolley spot | 2-5 top row | 6-9 bottom row" in text
    assert re.search(r"^ +1 \| +2 +3 +4 +5 \| +6 +7 +8 +9 \| +10 +cubes value$", text, re.M)
    assert re.search(r"you: \d+a \w.* face up at position \d+ \(", text)
    assert not re.search(r"P1: \d+b laid face down", text)  # never the face of a hidden card
    assert "for the place" in text and "from the bowl" in text and "Game over" in text


def test_elevenes_round_result_says_where_cubes_came_from() -> None:
    last = {"round": 2, "values": [12, 12, 9], "places": [1, 1, 0], "trolley": [1, 0, 2],
            "paid": [2, 1, 0], "ended_by": 1}
    lines = round_result(last, 0)
    assert lines[0] == "Round 2 is over (ended by P1). Values: you 12, P1 12, P2 9."
    assert lines[1] == ("  you: 1 for the place (shared) + 1 for 1 Tea Trolley card face up "
                        "= 2 cubes from the bowl")
    assert lines[3] == ("  P2: 2 for 2 Tea Trolley cards face up = 0 cubes from the bowl "
                        "(due 2: the bowl ran short)")


def test_handing_a_card_over_is_named_apart_from_ending_a_turn() -> None:
    book = load_game("elevenes").cards  # type: ignore[attr-defined]
    from elevenes.games.cardbook import CardBook

    names = CardBook(book)
    assert elv_label(EFFECT, "pass 6a", names) == "hand 6a over"
    assert elv_label(SECOND, "pass", names) == "end your turn"
    assert elv_label(TURN, "pass", names) == "end your turn"
    assert elv_label(EFFECT, "pass", names) == "decline"
    assert elv_label(TURN, "play 7a", names) == "Biscuits"


# -- Bowling ---
def test_bowling_log_and_the_score_pad_printed_once(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["play", "bowling-solitaire", "--seed", "3"],
                           "knock 1 h i\n" + "e\n" * 40, monkeypatch, capsys)
    assert code == 0
    assert re.search(r"1\. end ball +stop this ball", out)
    assert re.search(r"knock 1 H I +pile 1's 1 takes H 8 \+ I 3 = 11", out)
    assert "Ball 1: pile 1's 1 knocks down H (8) and I (3): pile 1 now shows 7." in out
    # one pad in each table drawn, none after a frame's end, and the final pad once
    tables = len(re.findall(r"^Frame \d+(?: \(bonus rack \d\))?, ball \d", out, re.M))
    assert tables > 10 and "Frame 10 done:" in out
    assert out.count("Frame|") == tables + 1


# -- rules as plain text ---
def test_rules_show_renders_myst_as_plain_text_without_splitting_ids(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["rules", "show", "EFO.CARD.SERVANTS", "BWL.SETUP.PINS"], "",
                           monkeypatch, capsys)
    assert code == 0
    assert "{ref}" not in out and "`" not in out and ")=" not in out
    assert "See EFO.RULING.SERVANTS." in out
    assert "     E F G" in out  # a fenced block stays as drawn
    listed = out.split("checked by")[1].split("BWL.SETUP.PINS")[0]
    for line in listed.splitlines()[1:]:
        for item in filter(None, (w.strip() for w in line.split(","))):
            assert re.fullmatch(r"efo(-[a-z0-9]+)+", item), item


def test_the_prompt_renders_rules_as_plain_text(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["play", "elevenes-for-one", "--seed", "1"],
                           "rules EFO.CARD.SERVANTS\nq\n", monkeypatch, capsys)
    assert code == 0 and "See EFO.RULING.SERVANTS." in out and "{ref}" not in out


# -- judge --cards ---
def test_judge_with_a_users_cards(here: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    from elevenes.paths import conformance_dir

    suite = str(conformance_dir("elevenes-for-one") / "cards-sugar.yaml")
    (here / "my.cards").write_text(USER_SUGAR)
    code, out, _ = run_cli(["judge", suite], "", monkeypatch, capsys)
    assert code == 0
    code, out, _ = run_cli(["judge", suite, "--cards", "my.cards"], "", monkeypatch, capsys)
    assert code == 1
    assert "with the cards of my.cards" in out and "DISAGREES" in out
    code, _, err = run_cli(["judge", suite, "--cards", "missing.cards"], "", monkeypatch, capsys)
    assert code == 1 and "cannot read card file missing.cards" in err


# -- shared pieces ---
def test_reordering_names_swaps_moves_and_shuffles() -> None:
    assert reordering([1, 2, 3, 4], [1, 4, 3, 2]) == ("swap", [2, 4])
    assert reordering([1, 2, 3, 4], [2, 3, 4, 1]) == ("end", [1])
    assert reordering([1, 2, 3, 4], [3, 1, 2, 4]) == ("front", [3])
    assert reordering([1, 2, 3, 4], [2, 1, 4, 3]) == ("order", [2, 1, 4, 3])
    assert reordering([1, 2, 3], [1, 3]) == ("", [])
    log = EventLog()
    log.add("one")
    out = io.StringIO()
    log.show_new(Screen(out))
    log.add("two")
    log.show_new(Screen(out))
    assert out.getvalue() == "one\ntwo\n"


def test_elevenes_shows_a_users_card_names_and_explains_effect_choices(here: Path) -> None:
    (here / "elv.cards").write_text('game elevenes\ncard 4 "Honey" value 2 {\n}\n')
    game = load_game("elevenes", {"players": 2}, cards=str(here / "elv.cards"))
    out = io.StringIO()
    play_elevenes(game, elv_args(), out, io.StringIO("card honey\n" + "1\n" * 3000))
    text = out.getvalue()
    assert "kitchen: 4a Honey, 6a Fine China, 10a Servants" in text
    assert re.search(r"1\. play 4a +Honey", text)
    assert "From your card file" in text and 'card 4 "Honey" value 2' in text
    # an effect's prompt: the card's text, what its action words mean, what each choice does
    assert "6a Fine China asks you to choose:" in text
    assert "pass C: Fine China / Biscuits: hand card C over" in text
    assert re.search(r"pass 10a +hand 10a over", text)
    assert "Source:" not in text.split("6a Fine China asks you to choose:")[1].split(">")[0]
