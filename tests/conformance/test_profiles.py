"""The rules and strict profiles of the suite (docs/suite.md, "Profiles"): selection with
`conform --profile`, each profile's result on its own in every report, and the profiles a
program declares over the protocol."""

from __future__ import annotations

import json
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.conformance import AdapterSubject, load_suite, run_suite
from elevenes.conformance.model import RULES, STRICT

SETUP = (
    "{game: bowling-solitaire, phase: play, frame: 1, rack: 0, ball: 1,"
    " pins: {A: 6, B: 7, C: 8, D: 9, E: 3, F: 4, G: 5, H: %s, I: 1, J: 2},"
    " piles: [[3, 2, 1, 9, 0], [4, 5, 6], [7, 8]], out: [], pad: [[]]}"
)
FILE = f"""\
scenarios:
- id: p-rules-play
  game: bowling-solitaire
  setup: {SETUP % 0}
  steps:
  - act: knock 0 H I J
    expect: {{out: [0, 1, 2, 3]}}
- id: p-rules-wrong
  game: bowling-solitaire
  setup: {SETUP % 0}
  final: {{out: [9]}}
- id: p-strict-third-seven
  game: bowling-solitaire
  profile: strict
  setup_refused: true
  setup: {SETUP % 7}
  final: {{phase: deal}}
"""


@pytest.fixture
def suite_file(tmp_path: Path) -> Path:
    path = tmp_path / "profiles.yaml"
    path.write_text(FILE, encoding="utf-8")
    return path


def test_the_loader_reads_the_profile(suite_file: Path) -> None:
    suite = load_suite([suite_file])
    assert {item.id: item.profile for item in suite.items} == {
        "p-rules-play": RULES,
        "p-rules-wrong": RULES,
        "p-strict-third-seven": STRICT,
    }
    assert suite.profiles() == {RULES: 2, STRICT: 1}
    assert [i.id for i in suite.select(profiles=[STRICT]).items] == ["p-strict-third-seven"]


def test_the_default_profile_is_rules(
    suite_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conform", str(suite_file), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert {r["id"]: r["profile"] for r in doc["results"]} == {
        "p-rules-play": "rules",
        "p-rules-wrong": "rules",
    }
    assert list(doc["profiles"]) == ["rules"]


def test_strict_alone(suite_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", str(suite_file), "--profile", "strict"]) == 0
    out = capsys.readouterr().out
    assert "profile strict:\ngame " in out
    assert "profile strict: 1 pass\n" in out
    assert "\nOK: 1 pass" in out


def test_each_profile_on_its_own_in_every_report(
    suite_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit, badges = tmp_path / "conform.xml", tmp_path / "badges"
    args = ["conform", str(suite_file), "--profile", "all", "--junit", str(junit)]
    assert main([*args, "--badge", str(badges)]) == 1
    text = capsys.readouterr().out
    assert "profile rules:\ngame " in text and "profile strict:\ngame " in text
    assert "profile rules: 1 pass, 1 fail\nprofile strict: 1 pass\n" in text
    assert main([*args, "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["profiles"]["rules"]["summary"]["fail"] == 1
    assert doc["profiles"]["strict"]["games"]["bowling-solitaire"]["pass"] == 1
    assert doc["summary"]["pass"] == 2
    root = ET.parse(junit).getroot()
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert set(suites) == {"bowling-solitaire", "bowling-solitaire (strict)"}
    assert suites["bowling-solitaire"].get("failures") == "1"
    strict = suites["bowling-solitaire (strict)"]
    assert (strict.get("tests"), strict.get("failures")) == ("1", "0")
    assert strict.find("testcase").get("classname") == "bowling-solitaire.strict"  # type: ignore[union-attr]
    assert strict.find("properties/property").get("value") == "strict"  # type: ignore[union-attr]
    rules_badge = json.loads((badges / "bowling-solitaire.json").read_text())
    strict_badge = json.loads((badges / "bowling-solitaire-strict.json").read_text())
    assert rules_badge["message"] == "50% (1/2)"
    assert strict_badge == {
        "schemaVersion": 1,
        "label": "bowling-solitaire strict loading",
        "message": "100% (1/1)",
        "color": "brightgreen",
    }


def test_no_item_of_the_profile_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    only_strict = tmp_path / "strict.yaml"
    only_strict.write_text(FILE[FILE.index("- id: p-strict") :].join(["scenarios:\n", ""]))
    assert main(["conform", str(only_strict)]) == 1
    assert "no scenario of these files is in the rules profile" in capsys.readouterr().err


PROGRAM = """\
import json, sys
START = {"game": "bowling-solitaire", "phase": "deal", "frame": 1, "rack": 0, "ball": 1,
         "pins": dict.fromkeys("ABCDEFGHIJ"), "piles": [[], [], []], "out": [], "pad": [[]]}
for line in sys.stdin:
    request = json.loads(line)
    reply = {"seq": request["seq"], "ok": True}
    if request["cmd"] == "start":
        reply["profiles"] = DECLARED
    elif request["cmd"] == "state":
        reply.update(state=START, terminal=False, returns=[0], current_player=-1)
    elif request["cmd"] == "setup":
        reply = {"seq": request["seq"], "ok": False, "error": "refused"}
    print(json.dumps(reply), flush=True)
"""


def _program(tmp_path: Path, declared: object) -> list[str]:
    path = tmp_path / "program.py"
    path.write_text(PROGRAM.replace("DECLARED", repr(declared)), encoding="utf-8")
    return [sys.executable, str(path)]


@pytest.mark.parametrize(
    ("declared", "status"),
    [(["rules"], "skip"), (["rules", "strict", "fast"], "pass"), (["strict"], "pass")],
)
def test_a_program_is_judged_on_the_profiles_it_declares(
    suite_file: Path, tmp_path: Path, declared: list[str], status: str
) -> None:
    suite = load_suite([suite_file]).select(profiles=[STRICT])
    with AdapterSubject(_program(tmp_path, declared)) as program:
        (result,) = run_suite(suite, program).results
    assert result.status == status, result.message


def test_profiles_that_are_not_a_list_of_strings_are_an_error(
    suite_file: Path, tmp_path: Path
) -> None:
    suite = load_suite([suite_file]).select(profiles=[STRICT])
    with AdapterSubject(_program(tmp_path, "strict")) as program:
        (result,) = run_suite(suite, program).results
    assert result.status == "error"
    assert "'profiles' that is not a list of strings" in result.message


def test_a_program_that_declares_nothing_is_judged_on_the_rules_profile(
    suite_file: Path, tmp_path: Path
) -> None:
    path = tmp_path / "silent.py"
    path.write_text(
        textwrap.dedent(PROGRAM).replace('        reply["profiles"] = DECLARED\n', "        pass\n")
    )
    suite = load_suite([suite_file]).select(ids=["p-strict-third-seven"])
    with AdapterSubject([sys.executable, str(path)]) as program:
        (result,) = run_suite(suite, program).results
        assert program.profiles == (RULES,)
    assert result.status == "skip"
    assert result.message == (
        "the strict profile is not declared by the program (it declares: rules)"
    )
