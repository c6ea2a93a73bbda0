"""`$absent` in a partial expectation: keys the actual mapping must not have, at any depth."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from elevenes.cli import main
from elevenes.conformance import LoadError, load_file, load_suite, run_suite
from elevenes.conformance.matcher import MISSING, match
from elevenes.paths import conformance_dir

STATE = {
    "phase": "effect",
    "round_ended": True,
    "stack": [{"card": "2b", "at": 1}, {"card": "7c", "at": 2, "queued": True}],
    "choice": {"player": 1, "options": ["pass"]},
}


@pytest.mark.parametrize(
    "expected",
    [
        {"$absent": ["winner"]},
        {"phase": "effect", "$absent": ["dealing", "centre"]},
        {"stack": [{"$absent": ["queued"]}, {"queued": True}]},
        {"choice": {"player": 1, "$absent": ["cost"]}},
    ],
)
def test_keys_the_document_lacks_match(expected: dict[str, Any]) -> None:
    assert match(expected, STATE, root="state") is None


@pytest.mark.parametrize(
    ("expected", "path", "got", "shown"),
    [
        ({"$absent": ["round_ended"]}, "state.round_ended", True, "true"),
        ({"phase": "effect", "$absent": ["dealing", "phase"]}, "state.phase", "effect",
         '"effect"'),
        ({"stack": [{}, {"$absent": ["queued"]}]}, "state.stack[1].queued", True, "true"),
        ({"choice": {"$absent": ["options"]}}, "state.choice.options", ["pass"], '["pass"]'),
    ],
)
def test_a_key_that_is_there_is_a_mismatch(
    expected: dict[str, Any], path: str, got: Any, shown: str
) -> None:
    found = match(expected, STATE, root="state")
    assert found is not None
    assert found.path == path
    assert found.expected is MISSING
    assert found.actual == got
    key = path.rsplit(".", 1)[-1]
    assert found.describe() == f"at {path}: expected no key {key}, got {shown}"


def test_the_message_names_the_key_and_its_value() -> None:
    found = match({"$absent": ["round_ended"]}, STATE, root="state")
    assert found is not None
    assert found.describe() == "at state.round_ended: expected no key round_ended, got true"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    return path


def test_the_loader_reads_absent_in_expect_final_and_observe(tmp_path: Path) -> None:
    (scenario,) = load_file(write(tmp_path, (
        "id: a\ngame: toy\n"
        "steps:\n"
        "  - act: x\n"
        "    expect: {total: 1, $absent: [secret]}\n"
        "    observe: {player: 0, expect: {hand: [{$absent: [card]}]}}\n"
        "final: {terminal: true, $absent: [winner]}\n"
    )))
    assert scenario.steps[0].expect == {"total": 1, "$absent": ["secret"]}
    assert scenario.steps[0].observe[0].expect == {"hand": [{"$absent": ["card"]}]}
    assert scenario.final == {"terminal": True, "$absent": ["winner"]}


BROKEN = [
    (
        "id: a\ngame: toy\nfinal: {$absent: round_ended}\n",
        r"case.yaml:3: final\.\$absent: \"round_ended\" should be of type array",
    ),
    (
        "id: a\ngame: toy\nfinal: {$absent: []}\n",
        r"case.yaml:3: final\.\$absent: .*(empty|non-empty|too short)",
    ),
    (
        "id: a\ngame: toy\nsteps:\n  - act: x\n    expect: {a: {b: {$absent: [c, c]}}}\n",
        r"case.yaml:5: steps\[0\]\.expect\.a\.b\.\$absent: the items must be unique",
    ),
    (
        "id: a\ngame: toy\nsteps:\n  - act: x\n"
        "    observe: {player: 0, expect: {hand: [{$absent: [1]}]}}\n",
        r"case.yaml:5: steps\[0\]\.observe\.expect\.hand\[0\]\.\$absent\[0\]: 1 should be of type",
    ),
    (
        "id: a\ngame: toy\nfinal:\n  total: 3\n  $absent: [total]\n",
        r"case.yaml:5: final\.\$absent: \$absent names 'total', a key this mapping also expects",
    ),
    (
        "id: a\ngame: toy\nsteps:\n  - act: x\n    expect: {$absent: [terminal]}\n",
        r"case.yaml:5: steps\[0\]\.expect\.\$absent: \$absent names 'terminal', which is "
        r"compared with the answer",
    ),
]


@pytest.mark.parametrize(("text", "message"), BROKEN)
def test_a_wrong_absent_is_refused_with_its_place(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(LoadError, match=message):
        load_file(write(tmp_path, text))


ELEVENES = """\
id: absent-elevenes
game: elevenes
options: {players: 2}
setup:
  game: elevenes
  round: 1
  phase: turn
  server: 0
  turn: 1
  bowl: 25
  players:
  - cubes: 0
    spread: [null, ~1a, 3b, ~2a, 5a, ~4a, ~6a, ~7a, ~8a, null]
    kitchen: [9a, 10a, 11a]
  - cubes: 0
    spread: [null, ~1b, ~3a, ~5b, ~6b, ~7b, ~8b, ~9b, ~10b, null]
    kitchen: [2b, 4b, 11b]
steps:
- act: play 2b
  expect: {phase: effect, $absent: [round_ended]}
  observe: {player: 0, expect: {$absent: [round_ended]}}
final: {$absent: [%s]}
"""


def test_the_runner_and_judge_check_absent_keys_on_the_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, ELEVENES % "round_ended")
    (result,) = run_suite(load_suite([good])).results
    assert result.status == "pass", result.message
    bad = tmp_path / "bad.yaml"
    bad.write_text(ELEVENES % "round_ended, stack")
    (result,) = run_suite(load_suite([bad])).results
    assert result.status == "fail"
    assert result.path == "state.stack"
    assert result.message.startswith("at state.stack: expected no key stack, got [")
    assert result.to_json()["expected"] is None
    assert main(["judge", str(good)]) == 0
    assert main(["judge", str(bad)]) == 1
    assert "expected no key stack" in capsys.readouterr().out


def test_the_shipped_scenario_pins_round_ended_absent() -> None:
    items = load_file(conformance_dir() / "elevenes" / "faults-absent.yaml")
    report = run_suite(load_suite([conformance_dir() / "elevenes" / "faults-absent.yaml"]))
    assert {r.id: r.status for r in report.results} == {item.id: "pass" for item in items}
