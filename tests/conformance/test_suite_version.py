"""The suite's version and its retired ids (docs/compatibility.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from elevenes.conformance.loader import (
    LoadError,
    load_suite,
    parse_retired,
    retired_ids,
    suite_version,
)
from elevenes.conformance.report import Report
from elevenes.paths import conformance_dir
from elevenes.rulebook import load_rulebook


def test_the_suite_has_a_version() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", suite_version())
    # 2: effects in progress in rules terms; 3: G111.RULING.EXACT-KILL reversed (the three
    # scenarios it changed have new ids, the old ones are retired)
    assert suite_version().split(".")[0] == "3"
    assert "111-reward-exact-2" in retired_ids()


def test_reports_name_the_version() -> None:
    report = Report(subject="x", suite_version=suite_version())
    assert report.to_json()["suite_version"] == suite_version()


def test_no_live_id_is_retired() -> None:
    retired = retired_ids()
    suite = load_suite()
    assert not suite.errors
    live = {item.id for item in suite.items} | set(load_rulebook().ids())
    assert live.isdisjoint(retired), sorted(live & set(retired))


def test_a_bad_version_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "VERSION").write_text("two\n", encoding="utf-8")
    with pytest.raises(LoadError, match="MAJOR.MINOR.PATCH"):
        suite_version(tmp_path)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"id": "x", "kind": "scenario", "retired": "2.0.0"}, "exactly"),
        ({"id": "x", "kind": "game", "retired": "2.0.0", "why": "w"}, "kind is one of"),
        ({"id": "x", "kind": "rule", "retired": "2", "why": "w"}, "MAJOR.MINOR.PATCH"),
    ],
)
def test_malformed_retired_entries_are_refused(entry: dict[str, str], message: str) -> None:
    with pytest.raises(LoadError, match=message):
        parse_retired(json.dumps({"retired": [entry]}), "retired.json")


def test_an_id_listed_twice_is_refused() -> None:
    entry = {"id": "x", "kind": "rule", "retired": "2.0.0", "why": "w"}
    with pytest.raises(LoadError, match="twice"):
        parse_retired(json.dumps({"retired": [entry, entry]}), "retired.json")


def test_the_retired_file_is_not_read_as_a_scenario_file() -> None:
    assert (conformance_dir() / "retired.json").exists()
    assert all(not item.file.endswith("retired.json") for item in load_suite().items)
