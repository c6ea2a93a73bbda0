"""Loading scenario files: good ones become objects, broken ones give `file:line: path: message`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.conformance import (
    LoadError,
    Perft,
    Scenario,
    SuiteError,
    load_file,
    load_suite,
    schemas,
)

DATA = Path(__file__).resolve().parent / "data"


def write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_list_file_loads_with_defaults_and_lines() -> None:
    items = load_file(DATA / "pass" / "toy-play.yaml")
    assert [item.id for item in items][:3] == [
        "toy-roll-then-add",
        "toy-add-limit",
        "toy-roll-first",
    ]
    first = items[0]
    assert isinstance(first, Scenario)
    assert first.game == "toy"
    assert first.rules == ("TOY.ROLL", "TOY.ADD", "TOY.END", "TOY.RULING.ROLL-THREE")
    assert first.line == 4
    assert first.steps[2].actions == ("add 2", "add 1")
    assert first.steps[1].legal == ("add 2", "add 1")
    assert first.steps[1].line == 10
    limit = items[1]
    assert isinstance(limit, Scenario)
    assert limit.setup == {"total": 5, "rolled": True, "turn": 1, "secret": 7}
    assert limit.steps[0].violation == "TOY.ADD.LIMIT"
    assert limit.cited_rules() == ["TOY.ADD.LIMIT"]
    observe = items[4]
    assert isinstance(observe, Scenario)
    assert [o.player for o in observe.steps[1].observe] == [1, 0]


def test_a_perft_file_loads() -> None:
    (perft,) = load_file(DATA / "pass" / "toy-perft.yaml")
    assert isinstance(perft, Perft)
    assert perft.counts == (3, 6, 11, 15)
    assert perft.divide == {"roll 1": 7, "roll 2": 5, "roll 3": 3}


def test_single_scenario_and_option_defaults(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "game: toy\noptions: {target: 4}\nscenarios:\n"
        "  - {id: a, steps: []}\n"
        "  - {id: b, game: other, options: {x: 1}, steps: []}\n",
    )
    a, b = load_file(path)
    assert (a.game, a.options) == ("toy", {"target": 4})
    assert (b.game, b.options) == ("other", {"target": 4, "x": 1})
    (single,) = load_file(write(tmp_path, "id: s\ngame: toy\nfinal: {terminal: false}\n", "s.yaml"))
    assert isinstance(single, Scenario) and single.final == {"terminal": False}


BROKEN = [
    ("id: a\ngame: toy\nsteps: [\n", r"case.yaml:4: not valid YAML"),
    (
        "id: a\ngame: toy\nid: b\nsteps: []\n",
        r"case.yaml:3: not valid YAML: .*duplicate key 'id' \(first at line 1\)",
    ),
    ("- just\n- a list\n", r"case.yaml:1: expected a mapping"),
    ("", r"case.yaml: the file is empty"),
    ("id: a\nsteps: []\n", r"case.yaml:1: 'game' is required"),
    (
        "id: a\ngame: toy\nsteps:\n  - act: 7\n",
        r"case.yaml:4: steps\[0\]\.act: 7 should be of type string",
    ),
    (
        "id: a\ngame: toy\nsteps:\n  - act: x\n  - act: y\n    expcet: {a: 1}\n",
        r"case.yaml:5: steps\[1\]: unknown field 'expcet' \(did you mean 'expect'\?\)",
    ),
    (
        "id: a\ngame: toy\nsteps:\n  - act: x\n    violation: toy.lower\n",
        r"case.yaml:5: steps\[0\]\.violation: \"toy.lower\" has the wrong form",
    ),
    ("id: a\ngame: toy\nsteps:\n  - violation: TOY.X\n", r"steps\[0\]: 'act' is required"),
    ("id: a\ngame: toy\n", r"'steps' is required"),
    ("id: a b\ngame: toy\nsteps: []\n", r"case.yaml:1: id: \"a b\" has the wrong form"),
    (
        "game: toy\nscenarios:\n  - {id: a, steps: []}\n  - {id: a, steps: []}\n",
        r"case.yaml:4: scenarios\[1\]\.id: scenario id 'a' is used twice in this file",
    ),
    (
        "scenarios:\n  - {id: a, steps: []}\n",
        r"case.yaml:2: scenarios\[0\]: 'game' is required",
    ),
    (
        "id: a\ngame: toy\nrules: [TOY.A, TOY.A]\nsteps: []\n",
        r"case.yaml:3: rules: the items must be unique",
    ),
    (
        "kind: perft\nid: p\ngame: toy\ndepth: 3\ncounts: [1, 2]\n",
        r"case.yaml:5: counts: depth is 3 but counts has 2 numbers",
    ),
    (
        "kind: perft\nid: p\ngame: toy\ndepth: 1\ncounts: [3]\ndivide: {a: 1, b: 1}\n",
        r"case.yaml:6: divide: the divide counts add up to 2, but perft\(1\) is 3",
    ),
    ("kind: perft\nid: p\ngame: toy\ncounts: [3]\n", r"case.yaml:1: 'depth' is required"),
    (
        "id: a\ngame: toy\nsteps:\n  - observe: {player: 0}\n",
        r"steps\[0\]\.observe: 'expect' is required",
    ),
]


@pytest.mark.parametrize(("text", "message"), BROKEN)
def test_broken_files_name_the_file_line_and_field(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(LoadError, match=message) as caught:
        load_file(path)
    assert str(caught.value).startswith(str(caught.value.file))
    assert "Traceback" not in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="no such file"):
        load_file(tmp_path / "nothing.yaml")


def test_the_suite_collects_errors_and_duplicate_ids(tmp_path: Path) -> None:
    write(tmp_path, "id: same\ngame: toy\nsteps: []\n", "a.yaml")
    write(tmp_path, "id: same\ngame: toy\nsteps: []\n", "b.yaml")
    write(tmp_path, "id: [\n", "c.yaml")
    write(tmp_path, "not: a scenario\n", "notes.txt")  # not a .yaml file: not part of the suite
    suite = load_suite([tmp_path])
    assert [item.id for item in suite.items] == ["same"]
    messages = [str(e) for e in suite.errors]
    assert len(messages) == 2
    assert "b.yaml:1: scenario id 'same' is already used at " in messages[0]
    assert "a.yaml:1" in messages[0]
    assert "c.yaml" in messages[1] and "not valid YAML" in messages[1]
    with pytest.raises(SuiteError):
        load_suite([tmp_path], strict=True)


def test_setup_is_checked_against_the_state_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "schema"
    folder.mkdir()
    for name in ("scenario.schema.json", "perft.schema.json"):
        shutil.copy(schemas.schema_dir() / name, folder / name)
    state_schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "required": ["total"],
        "properties": {"total": {"type": "integer", "minimum": 0}},
    }
    (folder / "state-toy.schema.json").write_text(json.dumps(state_schema))
    monkeypatch.setattr(schemas, "schema_dir", lambda: folder)
    good = write(tmp_path, "id: a\ngame: toy\nsetup: {total: 1}\nsteps: []\n", "good.yaml")
    assert load_file(good)[0].id == "a"
    bad = write(
        tmp_path,
        "game: toy\nscenarios:\n  - id: a\n    setup:\n      total: -1\n    steps: []\n",
        "bad.yaml",
    )
    with pytest.raises(
        LoadError, match=r"bad.yaml:5: scenarios\[0\]\.setup\.total: .*state-toy.schema.json"
    ):
        load_file(bad)
    perft = write(
        tmp_path, "kind: perft\nid: p\ngame: toy\nsetup: {}\ndepth: 1\ncounts: [1]\n", "p.yaml"
    )
    with pytest.raises(LoadError, match=r"p.yaml:4: setup: 'total' is required"):
        load_file(perft)
    # Games without a state schema are not checked.
    other = write(tmp_path, "id: b\ngame: other\nsetup: {total: -1}\nsteps: []\n", "other.yaml")
    assert load_file(other)[0].id == "b"


def test_the_schemas_are_valid_json_schemas() -> None:
    for name in ("scenario.schema.json", "perft.schema.json", "protocol.schema.json"):
        assert schemas.require_validator(name) is not None
    for path in schemas.schema_dir().glob("state-*.schema.json"):
        assert schemas.validator(path.name) is not None, path


@pytest.mark.parametrize("command", ["conform", "judge"])
def test_the_cli_reports_a_broken_file_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = write(tmp_path, "id: a\ngame: toy\nsteps:\n  - act: x\n    expcet: {}\n")
    assert main([command, str(path)]) == 1
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "case.yaml:4: steps[0]: unknown field 'expcet' (did you mean 'expect'?)" in text
    assert "Traceback" not in text


def test_the_cli_reports_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", str(tmp_path / "none.yaml")]) == 1
    assert "none.yaml: no such file" in capsys.readouterr().err
