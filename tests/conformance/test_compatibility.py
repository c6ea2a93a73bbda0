"""The compatibility policy (docs/compatibility.md), kept: no scenario of the default (rules)
profile of an earlier release changes what it expects, and the profiles are what
docs/suite.md says they are.

The records under tests/conformance/data/ are the expectations of suites 2.2.0 and 2.3.0, made
from git history by ``python -m elevenes.conformance.expectations`` (one digest per id).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import attrs
import pytest

from elevenes.conformance.expectations import digest, expectation, record, record_profile
from elevenes.conformance.loader import LoadError, load_file, load_suite, retired_ids
from elevenes.conformance.model import RULES, STRICT, Scenario
from elevenes.paths import conformance_dir

DATA = Path(__file__).parent / "data"
RECORDS = sorted(DATA.glob("suite-*-expectations.json"))
REPOSITORY = Path(__file__).resolve().parents[2]

KNOWN_CHANGES: dict[str, str] = {}
"""Ids of a recorded release whose expectation today's suite changed under the same id.  The
policy wants such a change to be a major release with a new id, the old one retired: each entry
waits for that, and goes once its id is retired."""


@pytest.fixture(scope="module")
def today() -> dict[str, Scenario]:
    suite = load_suite()
    assert not suite.errors
    return suite.by_id()  # type: ignore[return-value]


def test_there_are_records() -> None:
    assert [path.name for path in RECORDS] == [
        "suite-2.2.0-expectations.json",
        "suite-2.3.0-expectations.json",
        "suite-3.0.0-expectations.json",
    ]


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_no_default_profile_expectation_changed(path: Path, today: dict[str, Scenario]) -> None:
    """Every id of a recorded release's default profile is still in the suite with the same
    expectation (in whichever profile it is now), or is retired."""
    recorded = json.loads(path.read_text(encoding="utf-8"))
    retired = retired_ids()
    changed, vanished = [], []
    for item_id, recorded_digest in recorded["items"].items():
        if record_profile(recorded, item_id) != RULES:
            continue
        if item_id not in today:
            if item_id not in retired:
                vanished.append(item_id)
            continue
        if digest(today[item_id]) != recorded_digest and item_id not in KNOWN_CHANGES:
            changed.append(f"{item_id} ({today[item_id].where})")
    version = recorded["suite_version"]
    assert not vanished, f"ids of suite {version} gone but not retired: {vanished}"
    assert not changed, (
        f"expectations of suite {recorded['suite_version']}'s default profile changed (a major "
        f"change: give the scenario a new id and retire the old one): {changed}"
    )


def test_the_known_changes_are_still_changes(today: dict[str, Scenario]) -> None:
    """An entry of KNOWN_CHANGES goes once its id is retired or its expectation restored."""
    recorded = json.loads((DATA / "suite-2.2.0-expectations.json").read_text(encoding="utf-8"))
    for item_id in KNOWN_CHANGES:
        assert item_id in today, f"{item_id} is retired: remove it from KNOWN_CHANGES"
        assert digest(today[item_id]) != recorded["items"][item_id], (
            f"{item_id} expects what 2.2.0 did again: remove it from KNOWN_CHANGES"
        )


def test_the_digest_sees_an_expectation_and_nothing_else(today: dict[str, Scenario]) -> None:
    scenario = today["bwl-setup-refused-third-card"]
    assert isinstance(scenario, Scenario) and scenario.final is not None
    same = attrs.evolve(
        scenario, description="other words", rules=(), xfail="noted", profile=RULES, line=1
    )
    assert digest(same) == digest(scenario)
    final = dict(scenario.final)
    final["legal"] = list(reversed(final["legal"]))  # a set: its order does not count
    assert digest(attrs.evolve(scenario, final=final)) == digest(scenario)
    final["phase"] = "play"
    assert digest(attrs.evolve(scenario, final=final)) != digest(scenario)
    assert digest(attrs.evolve(scenario, setup_refused=False)) != digest(scenario)
    assert expectation(scenario)["setup"] == scenario.setup


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_a_record_is_what_its_commit_holds(path: Path, tmp_path: Path) -> None:
    """The frozen record is made again from git history, unchanged."""
    recorded = json.loads(path.read_text(encoding="utf-8"))
    found = subprocess.run(
        ["git", "-C", str(REPOSITORY), "cat-file", "-e", f"{recorded['commit']}^{{commit}}"],
        capture_output=True,
        check=False,
    )
    if found.returncode != 0:
        pytest.skip("not a clone holding the release's commit")
    from elevenes.conformance.expectations import suite_at

    items = suite_at(recorded["commit"], REPOSITORY, tmp_path)
    version = subprocess.run(
        ["git", "-C", str(REPOSITORY), "show", f"{recorded['commit']}:conformance/VERSION"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert version == recorded["suite_version"]
    assert record(items, version, recorded["commit"]) == recorded


# -- the profiles ------------------------------------------------------------------------
def test_every_strict_scenario_expects_a_refused_setup(today: dict[str, Scenario]) -> None:
    strict = [item for item in today.values() if item.profile == STRICT]
    assert len(strict) >= 100
    for item in strict:
        assert isinstance(item, Scenario) and item.setup_refused, item.id


def test_every_refused_setup_is_classified_on_purpose() -> None:
    """Every setup_refused scenario of the shipped suite says its profile (docs/suite.md,
    "Profiles"): a new one is classified by its author, never by the default."""
    unclassified = []
    for file in sorted(conformance_dir().glob("*/*.yaml")):
        import yaml

        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        docs = data.get("scenarios", [data]) if isinstance(data, dict) else []
        for doc in docs:
            if doc.get("setup_refused") and "profile" not in doc:
                unclassified.append(f"{file.parent.name}/{file.name}: {doc.get('id')}")
    assert not unclassified, f"setup_refused scenarios without a profile: {unclassified}"


def test_a_strict_scenario_without_a_refused_setup_is_not_loaded(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(
        "id: x-strict-play\ngame: bowling-solitaire\nprofile: strict\n"
        "steps:\n- act: deal 5\n",
        encoding="utf-8",
    )
    with pytest.raises(LoadError) as caught:
        load_file(path)
    assert "x.yaml:3: profile: strict is the profile of a set-up that must be refused" in str(
        caught.value
    )
    path.write_text(
        "id: x-profile\ngame: bowling-solitaire\nprofile: loose\nsteps:\n- act: deal 5\n",
        encoding="utf-8",
    )
    with pytest.raises(LoadError, match="profile"):
        load_file(path)
