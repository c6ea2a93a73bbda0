"""The reports of `elevenes conform` people use in CI (JUnit XML, badges, -k, -x, the text
report's rule ids and positions) and `elevenes diff`."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from elevenes.cli import main
from elevenes.conformance import ReferenceSubject, load_suite, run_suite
from elevenes.conformance.badge import badge
from elevenes.conformance.diff import Difference, Divergent, as_scenario
from elevenes.conformance.keyword import BadExpression, compile_expression

DATA = Path(__file__).resolve().parent / "data"
FAIL = DATA / "fail"
PASS = DATA / "pass"
BROKEN = DATA / "broken"


def test_junit_has_one_testcase_per_item_with_the_first_diverging_step(
    toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "report.xml"
    assert main(["conform", str(FAIL), str(PASS), "--junit", str(target)]) == 1
    capsys.readouterr()
    root = ET.parse(target).getroot()
    assert root.tag == "testsuites"
    cases = {case.get("name"): case for case in root.iter("testcase")}
    suite = load_suite([FAIL, PASS])
    assert len(cases) == len(suite.items) and set(cases) == {item.id for item in suite.items}
    assert {case.get("classname") for case in cases.values()} == {"toy", "no-such-game"}
    assert cases["skip-unknown-game"].get("classname") == "no-such-game"
    suites = {found.get("name"): found for found in root.findall("testsuite")}
    assert set(suites) == {"toy", "no-such-game"}
    assert suites["toy"].get("tests") == str(len(suite.items) - 1)

    accepted = cases["fail-accepted"]
    assert accepted.get("file", "").endswith("toy-wrong.yaml") and accepted.get("line") == "4"
    failure = accepted.find("failure")
    assert failure is not None
    assert failure.get("message") == (
        "step 2, act 'add 1': expected a refusal citing TOY.ADD.LIMIT, "
        "but the action was accepted"
    )
    assert "rules: TOY.ADD.LIMIT" in (failure.text or "")
    assert 'expected: "TOY.ADD.LIMIT"' in (failure.text or "")
    assert 'actual:   "accepted"' in (failure.text or "")

    perft = cases["fail-perft"].find("failure")
    assert perft is not None and perft.get("message", "").startswith("perft(3) is 11, expected 12")
    assert cases["error-setup"].find("error") is not None
    assert cases["skip-unknown-game"].find("skipped") is not None
    xfail = cases["xfail-known"].find("skipped")
    assert xfail is not None and xfail.get("message", "").startswith("xfail: ")
    passed = cases["toy-observe"]
    assert list(passed) == []
    failures = sum(1 for case in cases.values() if case.find("failure") is not None)
    assert root.get("failures") == str(failures) and failures > 3


def test_badges_per_game(toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", str(PASS), "--badge", str(tmp_path / "badges")]) == 0
    capsys.readouterr()
    doc = json.loads((tmp_path / "badges" / "toy.json").read_text())
    assert doc == {
        "schemaVersion": 1,
        "label": "toy",
        "message": "100% (10/10)",
        "color": "brightgreen",
    }
    assert main(["conform", str(FAIL), "--badge", str(tmp_path / "badges")]) == 1
    capsys.readouterr()
    doc = json.loads((tmp_path / "badges" / "toy.json").read_text())
    assert (doc["message"], doc["color"]) == ("15% (2/13)", "red")  # the xfail and the xpass
    other = json.loads((tmp_path / "badges" / "no-such-game.json").read_text())
    assert (other["message"], other["color"]) == ("not judged (1 skipped)", "lightgrey")


def test_badge_counts() -> None:
    assert badge("g", {"pass": 68, "fail": 2})["message"] == "97% (68/70)"
    assert badge("g", {"pass": 68, "fail": 2})["color"] == "green"
    assert badge("g", {"pass": 69, "error": 1})["message"] == "98% (69/70)"  # never rounds up
    assert badge("g", {"pass": 3, "xfail": 1, "skip": 2})["message"] == "100% (4/4), 2 skipped"
    assert badge("g", {"skip": 2}) == {
        "schemaVersion": 1,
        "label": "g",
        "message": "not judged (2 skipped)",
        "color": "lightgrey",
    }


@pytest.mark.parametrize(
    ("expression", "chosen"),
    [
        ("add-limit", {"toy-add-limit"}),
        ("ROLL.ONCE", {"toy-roll-once"}),
        ("toy.roll.first or OBSERVE", {"toy-roll-first", "toy-observe"}),
        ("perft and not two", {"toy-perft-start"}),
        ("roll and (once or first)", {"toy-roll-first", "toy-roll-once"}),
        ("not toy", set()),
    ],
)
def test_keyword_expressions(toy: str, expression: str, chosen: set[str]) -> None:
    wanted = compile_expression(expression)
    assert {item.id for item in load_suite([PASS]).items if wanted(item)} == chosen


@pytest.mark.parametrize("expression", ["", "a and", "(a", "a b", "and a", "a )"])
def test_bad_keyword_expressions(expression: str) -> None:
    with pytest.raises(BadExpression, match="-k"):
        compile_expression(expression)


def items_where(item_id: str) -> str:
    (item,) = load_suite([FAIL]).select(ids=[item_id]).items
    assert item.where.endswith("toy-wrong.yaml:4")
    return item.where


def test_k_x_and_the_text_report(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", str(PASS), "-k", "add-limit or observe", "-v"]) == 0
    out = capsys.readouterr().out
    assert "OK: 2 pass" in out
    assert main(["conform", str(PASS), "-k", "nothing-like-this"]) == 1
    assert "no scenario matches" in capsys.readouterr().err
    assert main(["conform", str(PASS), "-k", "(oops"]) == 1
    assert "a '(' is not closed" in capsys.readouterr().err

    assert main(["conform", str(FAIL / "toy-wrong.yaml"), "-x"]) == 1
    out = capsys.readouterr().out
    assert "FAIL  fail-accepted  " in out
    assert "FAIL  fail-accepted  " + items_where("fail-accepted") + "\n" in out
    assert "      rules: TOY.ADD.LIMIT\n" in out
    assert "fail-wrong-rule" not in out  # stopped at the first failure
    total = len(load_suite([FAIL / "toy-wrong.yaml"]).items)
    assert f"FAILED: 1 fail; stopped at the first failure, {total - 1} not run" in out


def test_diff_command(toy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wrong = f"{sys.executable} {BROKEN / 'one_wrong_rule.py'}"
    argv = ["diff", "--adapter", wrong, "--game", "toy", "--games", "20", "--seed", "3"]
    assert main([*argv, "--scenario", str(tmp_path / "found.yaml")]) == 1
    out = capsys.readouterr().out
    assert out.startswith("DIVERGED: ")
    assert "shortest reproducing sequence (2 actions" in out
    assert "  1. roll 3\n  2. add 2\n" in out
    assert "after action 2 'add 2': legal actions differ: unexpected [\"add 2\"]\n" in out

    # The scenario written pins the reference's answer: the reference passes it, the
    # adapter fails it.
    scenario = (tmp_path / "found.yaml").read_text()
    assert scenario in out
    assert scenario == (
        'id: "diff-toy-seed3-game4"\n'
        'game: "toy"\n'
        'description: "found by elevenes diff --game toy --seed 3"\n'
        "steps:\n"
        '  - acts: ["roll 3", "add 2"]\n'
        '    legal: ["add 1"]\n'
    )
    assert main(["conform", str(tmp_path / "found.yaml")]) == 0
    assert main(["conform", str(tmp_path / "found.yaml"), "--adapter", wrong]) == 1
    assert "FAIL  diff-toy-seed3-game4" in capsys.readouterr().out

    right = f"{sys.executable} {DATA / 'toy_adapter.py'}"
    argv = ["diff", "--adapter", right, "--game", "toy", "--games", "5", "--no-progress"]
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith("no divergence in 5 games")
    assert main(["diff", "--adapter", right, "--game", "nope"]) == 1
    assert "unknown game 'nope'" in capsys.readouterr().err
    assert main(["diff", "--adapter", "/no/such/program", "--game", "toy"]) == 1
    assert "cannot start '/no/such/program'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("actions", "what", "path", "step"),
    [
        (["roll 3", "add 2"], "state", "state.total", {"acts": ["roll 3", "add 2"]}),
        (["roll 2", "add 1"], "state", "terminal", {"acts": ["roll 2", "add 1"]}),
        (["roll 3", "roll 1"], "refusal", None, {"act": "roll 1"}),
    ],
)
def test_a_divergence_as_a_scenario(
    toy: str,
    tmp_path: Path,
    actions: list[str],
    what: str,
    path: str | None,
    step: dict[str, object],
) -> None:
    difference = Difference(len(actions), actions[-1], what, "differs", played=True, path=path)
    found = Divergent(1, tuple(actions), difference, tuple(actions), difference, 1, 1)
    text = as_scenario(ReferenceSubject(), "toy", {"target": 6}, found, seed=5)
    doc = yaml.safe_load(text)
    assert doc["id"] == "diff-toy-seed5-game1" and doc["options"] == {"target": 6}
    expected = {
        "state.total": {**step, "expect": {"total": 5}},
        "terminal": {**step, "expect": {"terminal": False}},
        None: {"act": "roll 1", "violation": "TOY.ROLL.ONCE"},
    }[path]
    assert doc["steps"][-1] == expected
    (tmp_path / "found.yaml").write_text(text)
    report = run_suite(load_suite([tmp_path / "found.yaml"]))
    assert [r.status for r in report.results] == ["pass"]
