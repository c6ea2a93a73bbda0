"""Options, guest files and the command line: bad input gets a clear message (with the rule
id where a rule forbids it) and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import elevenes
from elevenes.cli import main
from elevenes.core.errors import BadOption
from elevenes.dsl.diagnostics import CardFileError
from elevenes.games.elevenes import guests_are_illustrative, make_game

GOOD_GUESTS = """game elevenes
guest 1 "The Vicar" wants 2, 6, 9
guest 7 "The Colonel" wants 1, 4, 10
"""


def test_edition_defaults() -> None:
    en = make_game({"players": 3})
    fr = make_game({"players": 3, "edition": "fr"})
    assert (en.total_cubes, en.options["target"]) == (25, 5)
    assert (fr.total_cubes, fr.options["target"]) == (30, 7)
    assert en.new_initial_state().bowl == 25 and fr.new_initial_state().bowl == 30


@pytest.mark.parametrize("target", [5, 7, 9, 11])
def test_the_french_targets(target: int) -> None:
    assert make_game({"edition": "fr", "target": target}).options["target"] == target


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"edition": "en", "target": 7}, "ELV.EDITION.TARGET"),
        ({"edition": "fr", "target": 6}, "ELV.EDITION.TARGET-VARIANT"),
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"edition": "de"}, "edition"),
        ({"colour": "red"}, "unknown option"),
        ({"guests": "maybe"}, "true or false"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(BadOption, match=words.replace(".", r"\.")):
        make_game(options)


def test_a_guest_file_replaces_the_illustrative_guests(tmp_path: Path) -> None:
    path = tmp_path / "guests.cards"
    path.write_text(GOOD_GUESTS, encoding="utf-8")
    game = make_game({"players": 2, "guests": True, "guest_file": str(path)})
    assert game.guest(1).name == "The Vicar" and game.guest(1).wants == (2, 6, 9)
    assert game.guest(7).name == "The Colonel"
    assert game.guest(2).name.endswith("(illustrative)")
    assert not guests_are_illustrative(game)
    assert guests_are_illustrative(make_game({"guests": True}))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('game elevenes\nguest 1 "Bad" wants 2, 2, 3\n', "E119"),
        ('game elevenes\nguest 1 "Bad" wants 2, 3, 11\n', "E119"),
        ('game elevenes\nguest 1 "Bad" wants 2, 3\n', "E100"),
        ('game elevenes\nguest 1 "A" wants 2, 3, 4\nguest 1 "B" wants 5, 6, 7\n', "E119"),
        ('game elevenes-for-one\nguest 1 "A" wants 2, 3, 4\n', "E101"),
    ],
)
def test_a_malformed_guest_file_is_refused(tmp_path: Path, text: str, code: str) -> None:
    path = tmp_path / "guests.cards"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardFileError) as refused:
        make_game({"guests": True, "guest_file": str(path)})
    assert code in str(refused.value) and "guests.cards:" in str(refused.value)


def test_a_missing_guest_file_is_refused() -> None:
    with pytest.raises(BadOption, match="no such card file"):
        make_game({"guests": True, "guest_file": "/nonexistent/guests.cards"})


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["play", "elevenes", "--bot", "greedy", "-o", "target=7"], capsys)
    assert code == 1 and "ELV.EDITION.TARGET" in err and "Traceback" not in err


def test_cli_malformed_guest_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.cards"
    path.write_text('game elevenes\nguest 1 "X" wants 1, 1, 1\n', encoding="utf-8")
    code, _, err = run_cli(
        ["play", "elevenes", "--bot", "greedy", "-o", "guests=true", "-o", f"guest_file={path}"],
        capsys,
    )
    assert code == 1 and "E119" in err and "g.cards:2" in err


def test_cli_state_breaking_the_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"game": "elevenes", "round": 1, "phase": "tea"}), encoding="utf-8")
    code, _, err = run_cli(["perft", "elevenes", "--state", str(path)], capsys)
    assert code == 1 and "schema" in err and "Traceback" not in err


def test_cli_all_bots_print_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        ["play", "elevenes", "--players", "3", "--bot", "greedy", "--seed", "4"], capsys
    )
    assert code == 0
    assert "== Round 1 ==" in out and "P0: play" in out and "Game over" in out
    code, quiet, _ = run_cli(
        ["play", "elevenes", "--players", "3", "--bot", "greedy", "--seed", "4", "--quiet"], capsys
    )
    assert code == 0 and quiet.splitlines()[-1] == out.splitlines()[-1]
    assert "P0: play" not in quiet


def test_cli_mixed_bots_and_a_wrong_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        ["play", "elevenes", "--players", "2", "--bot", "greedy,random", "--seed", "2", "--quiet"],
        capsys,
    )
    assert code == 0 and "Game over" in out
    code, _, err = run_cli(["play", "elevenes", "--bot", "clever"], capsys)
    assert code == 1 and "unknown bot" in err


def test_the_console_script_runs_a_game() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "elevenes.cli",
            "play",
            "elevenes",
            "--players",
            "4",
            "--bot",
            "greedy",
            "--seed",
            "9",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout


def test_load_game_by_id() -> None:
    game = elevenes.load_game("elevenes", {"players": "4", "guests": "true"})
    assert game.num_players() == 4 and game.options["guests"] is True


def test_cli_analyse(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["analyse", "elevenes", "--games", "12", "-o", "players=3"], capsys)
    assert code == 0 and "greedy" in out and "wins by seat" in out
    code, _, err = run_cli(["analyse", "elevenes", "--games", "2", "--bots", "nobody"], capsys)
    assert code == 1 and "unknown bot" in err
