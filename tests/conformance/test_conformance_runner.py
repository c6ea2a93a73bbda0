"""The runner, reports and coverage, in process against the toy game; and the CLI commands."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import pytest

from elevenes.cli import main
from elevenes.conformance import (
    Report,
    Result,
    compute_coverage,
    load_file,
    load_suite,
    perft_counts,
    perft_divide,
    run_suite,
)
from elevenes.conformance.report import Progress
from elevenes.core.play import divide, perft
from elevenes.games import game_ids, load_game
from elevenes.rulebook import Rulebook

DATA = Path(__file__).resolve().parent / "data"


def results_by_id(report: Report) -> dict[str, Result]:
    return {result.id: result for result in report.results}


def test_the_passing_scenarios_pass(toy: str) -> None:
    report = run_suite(load_suite([DATA / "pass"]))
    assert {r.id: r.status for r in report.results} == {
        "toy-perft-start": "pass",
        "toy-perft-two": "pass",
        "toy-roll-then-add": "pass",
        "toy-add-limit": "pass",
        "toy-roll-first": "pass",
        "toy-roll-once": "pass",
        "toy-observe": "pass",
        "toy-target-option": "pass",
        "toy-unknown-action": "pass",
        "toy-final-only": "pass",
    }
    assert report.ok


def test_each_failure_names_step_action_path_and_values(toy: str) -> None:
    report = run_suite(load_suite([DATA / "fail"]))
    found = results_by_id(report)
    expected = {
        "fail-accepted": ("fail", 2, "add 1", "violation", "TOY.ADD.LIMIT", "accepted"),
        "fail-wrong-rule": ("fail", 1, "add 2", "violation", "TOY.ROLL.ONCE", "TOY.ADD.LIMIT"),
        "fail-refused": ("fail", 2, "add 2", "act", "accepted", "TOY.END"),
        "fail-expect": ("fail", 2, None, "state.total", 4, 3),
        "fail-legal": ("fail", 1, None, "legal", ["add 1", "add 3"], ["add 1", "add 2"]),
        "fail-final": ("fail", None, None, "returns[0]", 1, -1.0),
        "fail-type": ("fail", 1, None, "state.rolled", 1, True),
        "fail-perft": ("fail", None, None, "counts[2]", 12, 11),
    }
    for scenario_id, (status, step, action, path, want, got) in expected.items():
        result = found[scenario_id]
        assert (result.status, result.step, result.action, result.path) == (
            status,
            step,
            action,
            path,
        ), scenario_id
        assert result.expected == want, scenario_id
        assert result.actual == got, scenario_id
    assert "refused citing TOY.ADD.LIMIT" in found["fail-wrong-rule"].message
    assert found["fail-observe"].path == "observation(0).secret"
    assert "diverging first actions at depth 3: 'roll 2': 4, expected 5" in (
        found["fail-perft"].message
    )
    assert found["xfail-known"].status == "xfail"
    assert found["xpass-fixed"].status == "xpass"
    assert found["skip-unknown-game"].status == "skip"
    assert "no-such-game" in found["skip-unknown-game"].message
    assert found["error-setup"].status == "error"
    assert "setup refused: not a toy state" in found["error-setup"].message
    assert found["error-option"].status == "error"
    assert "unknown option 'colour'" in found["error-option"].message
    assert not report.ok
    assert report.counts() == {
        "pass": 0,
        "fail": 9,
        "error": 2,
        "skip": 1,
        "xfail": 1,
        "xpass": 1,
    }


def test_a_refused_action_that_changes_the_state_fails(
    toy: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import toygame  # the toy module, importable once the fixture registered it

    original = toygame.ToyState.explain_illegal

    def sloppy(self: toygame.ToyState, action: int) -> object:
        self.secret += 1  # a bug: the refusal changes the state
        return original(self, action)

    monkeypatch.setattr(toygame.ToyState, "explain_illegal", sloppy)
    path = tmp_path / "s.yaml"
    path.write_text("id: s\ngame: toy\nsteps:\n  - act: add 1\n    violation: TOY.ROLL.FIRST\n")
    (result,) = run_suite(load_suite([path])).results
    assert result.status == "fail"
    assert result.message == (
        "the refused action changed the state: at state.secret: expected 7, got 8"
    )


def test_a_crash_inside_the_reference_is_an_error_not_a_traceback(
    toy: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import toygame

    def broken(self: toygame.ToyState) -> list[int]:
        raise KeyError("oops")

    monkeypatch.setattr(toygame.ToyState, "legal_actions", broken)
    path = tmp_path / "s.yaml"
    path.write_text("game: toy\nscenarios:\n  - {id: a, steps: [{act: roll 1}]}\n")
    (result,) = run_suite(load_suite([path])).results
    assert result.status == "error"
    assert result.message.startswith(
        "internal error in the reference during act 'roll 1': KeyError"
    )


def test_reports_per_game_and_per_rule_and_json(toy: str) -> None:
    report = run_suite(load_suite([DATA]))
    games = report.by_game()
    assert games["toy"]["pass"] == 10 and games["toy"]["fail"] == 9
    assert games["no-such-game"]["skip"] == 1
    rules = report.by_rule()
    assert rules["TOY.ADD.LIMIT"] == {
        "pass": 1,
        "fail": 1,
        "error": 0,
        "skip": 0,
        "xfail": 0,
        "xpass": 0,
    }
    assert rules["TOY.ROLL.ONCE"]["fail"] == 1  # cited as a violation only
    doc = json.loads(json.dumps(report.to_json()))
    assert doc["ok"] is False
    assert doc["summary"]["pass"] == 10
    failed = {r["id"]: r for r in doc["results"]}["fail-expect"]
    assert failed["step"] == 2 and failed["path"] == "state.total"
    assert failed["expected"] == 4 and failed["actual"] == 3
    out = io.StringIO()
    report.write_text(out)
    text = out.getvalue()
    assert "FAIL  fail-expect  " in text
    assert "step 2: at state.total: expected 4, got 3" in text
    assert "PASS  toy-" not in text  # passes are listed with verbose only
    assert "rules with failures or errors:" in text
    assert text.rstrip().splitlines()[-1].startswith("FAILED: 10 pass, 9 fail, 2 error")


def test_coverage(toy: str, toy_rulebook: Rulebook) -> None:
    suite = load_suite([DATA])
    coverage = compute_coverage(suite.items, toy_rulebook)
    assert coverage.uncovered == {"toy": ["TOY.UNCITED"]}
    assert coverage.total == 9
    assert len(coverage.covered) == 8
    assert coverage.unknown == []
    extra = load_file(DATA / "pass" / "toy-play.yaml")
    bad = [
        item
        for item in extra
        if item.id == "toy-add-limit"  # cites TOY.ADD.LIMIT
    ]
    empty = Rulebook.from_rules([])
    unknown = compute_coverage(bad, empty).unknown
    assert [(c.rule_id, c.item) for c in unknown] == [("TOY.ADD.LIMIT", "toy-add-limit")]
    report = Report(coverage=compute_coverage(bad, toy_rulebook.from_rules([])))
    assert not report.ok  # cited ids the rulebook lacks are errors


def test_perft_counts_agree_with_the_core_perft(toy: str) -> None:
    state = load_game("toy").new_initial_state()
    assert perft_counts(state, 6) == [perft(state, depth) for depth in range(1, 7)]
    assert perft_divide(state, 5) == (perft_counts(state, 5), divide(state, 5))
    over = load_game("toy").state_from_json({"total": 6, "rolled": True, "turn": 0})
    assert perft_divide(over, 3) == ([1, 1, 1], {})
    for game_id in game_ids():
        try:
            start = load_game(game_id).new_initial_state()
        except Exception:  # noqa: BLE001 - a game still being written
            continue
        assert perft_divide(start, 2) == ([perft(start, 1), perft(start, 2)], divide(start, 2))


def test_progress_line_only_on_terminals() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    quiet = io.StringIO()
    progress = Progress(3, stream=quiet)
    progress.update(1, "a")
    assert quiet.getvalue() == ""
    tty = Tty()
    progress = Progress(2, stream=tty, delay=0.0)
    progress.update(2, "toy scenario-x")
    assert "[2/2] toy scenario-x" in tty.getvalue()
    progress.finish()
    assert tty.getvalue().endswith("\r")


# -- the commands ---------------------------------------------------------------------------------
def test_conform_command(
    toy: str,
    toy_rulebook: Rulebook,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from elevenes.conformance import cli_conform

    monkeypatch.setattr(cli_conform, "load_rulebook", lambda: toy_rulebook)
    assert main(["conform", str(DATA / "pass")]) == 0
    out = capsys.readouterr().out
    assert "OK: 10 pass against reference" in out
    assert main(["conform", str(DATA)]) == 1
    assert "FAILED" in capsys.readouterr().out
    assert main(["conform", str(DATA), "--rule", "TOY.ROLL.FIRST", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in doc["results"]] == ["toy-roll-first"]
    assert main(["conform", str(DATA), "--id", "fail-expect", "-v"]) == 1
    out = capsys.readouterr().out
    assert "expected: 4" in out and "actual:   3" in out


def test_conform_filters_and_coverage(
    toy: str,
    toy_rulebook: Rulebook,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from elevenes.conformance import cli_conform

    monkeypatch.setattr(cli_conform, "load_rulebook", lambda: toy_rulebook)
    assert main(["conform", str(DATA / "pass"), "--coverage"]) == 0
    out = capsys.readouterr().out
    assert "coverage: 8 of 9 rules cited by a scenario" in out
    assert "toy: TOY.UNCITED" in out
    assert main(["conform", str(DATA), "--rule", "TOY.ADD.LIMT"]) == 1
    assert "did you mean 'TOY.ADD.LIMIT'" in capsys.readouterr().err
    assert main(["conform", str(DATA), "--game", "nothing"]) == 1
    assert "no scenario matches" in capsys.readouterr().err
    assert main(["conform", str(DATA), "--rule", "TOY.ROLL", "--game", "toy"]) == 1
    assert main(["conform", str(DATA / "pass"), "--timeout", "0"]) == 1


def test_judge_command(toy: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    dispute = tmp_path / "dispute.yaml"
    dispute.write_text(
        "game: toy\nsetup: {total: 5, rolled: true, turn: 0, secret: 1}\n"
        "steps:\n  - act: add 2\n  - act: add 1\n"
    )
    assert main(["judge", str(dispute)]) == 0
    out = capsys.readouterr().out
    assert "scenario dispute (" in out
    assert "add 2 -> refused: TOY.ADD.LIMIT (not in the rulebook)" in out
    assert "the reference says: the total may not go over the target" in out
    assert "now: player 0 to act; legal: add 1" in out
    assert "add 1 -> accepted" in out
    assert "now: the game is over, returns [1.0, -1.0], score 6" in out
    assert main(["judge", str(DATA / "fail" / "toy-wrong.yaml"), "--id", "fail-accepted"]) == 1
    out = capsys.readouterr().out
    assert (
        "expected refusal citing TOY.ADD.LIMIT" in out
        and "DISAGREES: the action was accepted" in out
    )
    assert "the reference disagrees with 1 of 1 expectation\n" in out
    assert main(["judge", str(DATA / "pass" / "toy-play.yaml"), "--state"]) == 0
    out = capsys.readouterr().out
    assert "the reference agrees with all" in out
    assert '"total": 6' in out


def test_judge_cites_rule_titles(
    toy: str,
    toy_rulebook: Rulebook,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from elevenes.conformance import cli_judge

    monkeypatch.setattr(cli_judge, "load_rulebook", lambda: toy_rulebook)
    assert main(["judge", str(DATA / "pass" / "toy-play.yaml"), "--id", "toy-add-limit"]) == 0
    out = capsys.readouterr().out
    assert "add 2 -> refused: TOY.ADD.LIMIT (The total may not pass the target)" in out
    assert (
        "expected refusal citing TOY.ADD.LIMIT (The total may not pass the target): agrees" in out
    )


def test_perft_command(toy: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["perft", "toy", "--depth", "3", "--divide"]) == 0
    out = capsys.readouterr().out
    assert "perft(1) = 3\nperft(2) = 6\nperft(3) = 11\n" in out
    assert "roll 2  4" in out
    state = tmp_path / "state.json"
    state.write_text('{"total": 2, "rolled": true, "turn": 0}')
    assert main(["perft", "toy", "--state", str(state), "--depth", "2", "-o", "target=3"]) == 0
    assert capsys.readouterr().out == "perft(1) = 1\nperft(2) = 1\n"
    assert main(["perft", "toy", "--depth", "2", "--yaml", "--id", "toy-p"]) == 0
    saved = tmp_path / "p.yaml"
    saved.write_text(capsys.readouterr().out)
    (item,) = load_file(saved)
    assert item.id == "toy-p"
    assert main(["perft", str(saved)]) == 0
    assert "PASS  toy-p (toy, depth 2)" in capsys.readouterr().out
    assert main(["perft", str(DATA / "fail" / "toy-perft-wrong.yaml")]) == 1
    assert "perft(3) is 11, expected 12" in capsys.readouterr().out
    assert main(["perft", "nothing"]) == 1
    assert "neither a game" in capsys.readouterr().err
    assert main(["perft", str(DATA / "pass" / "toy-play.yaml")]) == 1
    assert "not a perft file" in capsys.readouterr().err
    assert main(["perft", "toy", "--state", str(tmp_path / "none.json")]) == 1
    assert "none.json: no such file" in capsys.readouterr().err


def test_the_suite_progress_line_fits_a_narrow_terminal(
        narrow_terminal: Callable[[Callable[[TextIO], None]], list[str]]) -> None:
    def run(stream: TextIO) -> None:
        progress = Progress(2, stream=stream, delay=0.0)
        progress.update(1, "elevenes-for-one a-scenario-with-a-very-long-name-indeed")
        progress.finish()

    drawn = narrow_terminal(run)  # cut to 39 columns
    assert [row.rstrip() for row in drawn] == ["[1/2] elevenes-for-one a-scenario-with…"]
