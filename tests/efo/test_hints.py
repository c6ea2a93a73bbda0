"""Hints a person can use: at the prompt of `elevenes play`, `hint` gives every move's exact
chance to win (best first); `--bot solver` says why it plays each move; `elevenes hint` stops
at --max-positions or --time-limit whichever engine is working."""

from __future__ import annotations

import io
import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.games.elevenes_for_one import make_game, native
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.game import EfoState
from elevenes.games.elevenes_for_one.hints import percent
from elevenes.games.elevenes_for_one.solver import make_solver
from elevenes.games.prompt import save_game

needs_compiler = pytest.mark.skipif(native.compiler() is None,
                                    reason="no C compiler on this machine")

MOVE = re.compile(r"^  (\S+(?: \d+)*)\s+([<>]?\d+\.\d+%)(  <- best)?$", re.M)


def saved_endgame(folder: Path, top: int, minutes: int, order: list[int]) -> tuple[EfoState, Path]:
    """A game saved by play at step 2 of a pass: 1..top on the trolley, ``order`` laid out."""
    state = endgame(make_game({"minutes": minutes}), top)
    for card in order:
        state.apply_action(f"deal {card}")
    return state, save_game(state, io.StringIO())


def run_play(args: list[str], typed: str, monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["play", "elevenes-for-one", *args]) == 0
    return capsys.readouterr().out


def test_hint_at_the_prompt_gives_every_move_its_exact_chance(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Typed at the prompt of a resumed game: the values shown are the all-Python search's
    exact values (an independent answer: no native engine, no shipped values), best first."""
    monkeypatch.chdir(tmp_path)
    state, path = saved_endgame(tmp_path, 6, 7, [9, 7, 11, 8, 10])
    exact = dict(make_solver("win").action_values(state))
    out = run_play(["--resume", str(path)], "hint\nq\n", monkeypatch, capsys)
    shown = MOVE.findall(out)
    assert [move for move, _, _ in shown] == sorted(
        state.legal_action_strings(),
        key=lambda text: (-exact[state.string_to_action(text)],
                          state.legal_actions().index(state.string_to_action(text))))
    for move, value, best in shown:
        assert value == percent(exact[state.string_to_action(move)]), move
        assert bool(best) == (exact[state.string_to_action(move)] == max(exact.values()))
    best_move = shown[0][0]
    assert f"Best move: {best_move}, chance to win {shown[0][1]}" in out
    assert "greedy" not in out


def test_the_solver_bot_says_why_it_plays_each_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    state, path = saved_endgame(tmp_path, 6, 7, [10, 8, 7, 11, 9])
    exact = dict(make_solver("win").action_values(state))
    out = run_play(["--resume", str(path), "--bot", "solver", "--seed", "2"], "", monkeypatch,
                   capsys)
    moves = re.findall(r"^\s+\d+\. \[.*-> (.+)\n\s+chance to win (\S+) with best play(.*)$",
                       out, re.M)
    assert moves, out
    first, value, rest = moves[0]
    assert value == percent(max(exact.values()))
    assert exact[state.string_to_action(first)] == max(exact.values())
    others = {a: v for a, v in exact.items() if a != state.string_to_action(first)}
    if others and max(others.values()) < max(exact.values()):
        assert "next best: " in rest and percent(max(others.values())) in rest


def challenge_start(folder: Path) -> Path:
    """The first deal of the challenge variant: no pass start of it ships with elevenes."""
    state = make_game({"challenge": True}).new_initial_state()
    path = folder / "challenge.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    return path


@needs_compiler
def test_max_positions_stops_the_native_engine(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """At a pass start the Python search explores one position and hands the whole pass to
    the native engine, which alone meets the limit (the whole challenge game would take the
    better part of an hour: the time limit is only there to end the test if the limit were
    ignored, and it gives another message)."""
    path = challenge_start(tmp_path)
    code = main(["hint", str(path), "--max-positions", "10000", "--time-limit", "300",
                 "--no-progress"])
    err = capsys.readouterr().err
    assert code == 1
    assert "more than 10,000 positions" in err
    assert len(err.strip().splitlines()) == 1


@needs_compiler
def test_time_limit_stops_the_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = challenge_start(tmp_path)
    code = main(["hint", str(path), "--time-limit", "0.5", "--no-progress"])
    err = capsys.readouterr().err
    assert code == 1 and "no exact answer within 0.5 s" in err


def test_limits_must_be_positive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = challenge_start(tmp_path)
    assert main(["hint", str(path), "--time-limit", "0"]) == 1
    assert "--time-limit takes a number above 0" in capsys.readouterr().err


def test_percent_never_rounds_to_a_certainty() -> None:
    assert percent(Fraction(1)) == "100.0000%"
    assert percent(Fraction(999_999_999, 1_000_000_000)) == ">99.9999%"
    assert percent(Fraction(1, 10**9)) == "<0.0001%"
    assert percent(Fraction(0)) == "0.0000%"


@needs_compiler
def test_a_hint_that_takes_too_long_says_so_and_falls_back_on_the_greedy_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from elevenes.games.elevenes_for_one import terminal

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(terminal, "HINT_SECONDS", 0.5)
    out = run_play(["-o", "challenge=true", "--seed", "1"], "hint\nq\n", monkeypatch, capsys)
    assert "> No exact hint: no exact answer within 0.5 s" in out
    assert re.search(r"^The greedy bot would play: \S+", out, re.M)


@needs_compiler
@pytest.mark.parametrize("objective", ["win", "rating"])
def test_every_pass_start_of_the_printed_cards_ships(objective: str) -> None:
    """The whole game's values (native/printed-*.json) and the values shipped for hints
    (printed-every-pass-*.json, written by every_pass.py) hold every pass start a game can
    reach, so a hint on the printed cards only reads values; the smallest come out the same
    solved from nothing."""
    from elevenes.games.elevenes_for_one.every_pass import reachable_pass_starts
    from elevenes.games.elevenes_for_one.solver import every_pass_file

    game = make_game()
    path = every_pass_file(game, objective)
    assert path is not None, f"printed-every-pass-{objective}.json is missing or of other cards"
    every = {int(k): Fraction(v) for k, v in json.loads(path.read_text())["values"].items()}
    shipped_path = native.shipped_file(game, objective)
    assert shipped_path is not None
    shipped = {int(k) for k in json.loads(shipped_path.read_text())["values"]}
    missing = [native.pass_start(leaf) for leaf in reachable_pass_starts()
               if leaf not in every and leaf not in shipped]
    assert not missing, missing[:10]
    small = sorted(every, key=lambda k: native.pantry_size(*native.pass_start(k)[::2]))[:30]
    assert small and native.pantry_size(*native.pass_start(small[-1])[::2]) <= 6
    fresh = native.NativeSolver(game, objective, memo_log2=18)
    try:
        for leaf in small:
            assert fresh.solve(leaf) == every[leaf], native.pass_start(leaf)
    finally:
        fresh.close()


@needs_compiler
def test_solve_stops_the_native_engine_at_max_positions() -> None:
    """`elevenes solve --engine native` honours --max-positions too (the command ends itself:
    run as a separate program).  Without the limit the challenge variant's whole game takes
    the better part of an hour, past the test's timeout."""
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "elevenes.cli", "solve", "elevenes-for-one", "-o",
         "challenge=true", "--engine", "native", "--objective", "win", "--max-positions",
         "10000", "--no-progress"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == ("error: more than 10,000 positions: too large to solve "
                                   "exactly here")
