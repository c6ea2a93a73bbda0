"""The shipped Bowling Solitaire suite passes on the reference, and the suite, the rulebook and
the code agree on rule ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elevenes.conformance.loader import Suite, load_suite
from elevenes.conformance.model import Perft, Scenario
from elevenes.conformance.runner import run_suite
from elevenes.paths import conformance_dir
from elevenes.rulebook import load_rulebook

GAME = "bowling-solitaire"
SOURCE = Path(__file__).resolve().parents[2] / "reference" / "elevenes" / "games"
CODE = SOURCE / "bowling_solitaire"


@pytest.fixture(scope="module")
def suite() -> Suite:
    loaded = load_suite([conformance_dir(GAME)], strict=True)
    assert not loaded.errors, [str(e) for e in loaded.errors]
    return loaded


def scenarios(suite: Suite) -> list[Scenario]:
    return [item for item in suite.items if isinstance(item, Scenario)]


def test_suite_passes_on_the_reference(suite: Suite) -> None:
    report = run_suite(suite)
    bad = [f"{r.id}: {r.message}" for r in report.results if r.status != "pass"]
    assert not bad, bad


def test_suite_size(suite: Suite) -> None:
    assert len(scenarios(suite)) >= 50
    perfts = [item for item in suite.items if isinstance(item, Perft)]
    assert len(perfts) >= 3
    ids = [item.id for item in suite.items]
    assert len(ids) == len(set(ids))


def test_every_rule_is_cited_by_a_scenario(suite: Suite) -> None:
    rulebook = load_rulebook()
    cited = {rule for s in scenarios(suite) for rule in s.cited_rules()}
    ours = set(rulebook.ids(GAME))
    assert ours, "the rulebook has no bowling-solitaire rules"
    assert ours - cited == set(), "rules no scenario cites"
    assert cited - ours == set(), "scenarios cite ids the rulebook lacks"


def test_rulings_are_pinned_by_scenarios_that_cite_them(suite: Suite) -> None:
    rulebook = load_rulebook()
    by_id = {s.id: s for s in scenarios(suite)}
    rulings = [r for r in rulebook if r.game == GAME and r.is_ruling]
    assert len(rulings) >= 9
    for ruling in rulings:
        assert ruling.pinned_by, f"{ruling.id} names no scenario"
        for scenario_id in ruling.pinned_by:
            assert scenario_id in by_id, f"{ruling.id}: no scenario {scenario_id}"
            assert ruling.id in by_id[scenario_id].cited_rules(), (
                f"{scenario_id} pins {ruling.id} but does not cite it"
            )


def test_every_id_in_the_code_is_in_the_rulebook() -> None:
    rulebook = load_rulebook()
    found = set()
    for path in CODE.glob("*.py"):
        found |= set(re.findall(r"BWL(?:\.[A-Z0-9][A-Z0-9\-]*)+", path.read_text()))
    found = {i.rstrip("-") for i in found}
    missing = sorted(i for i in found if i not in rulebook and not i.endswith(".*"))
    # "BWL.FRAME.STRIKE / SPARE / OPEN" style comments name full ids elsewhere
    assert missing == []
    assert "BWL.LATER.TOUCH" in found and "BWL.FIRST.BACK-ROW" in found


def test_refusals_in_the_code_cite_rulebook_ids() -> None:
    rulebook = load_rulebook()
    text = (CODE / "state.py").read_text() + (CODE / "notation.py").read_text()
    cited = re.findall(r'IllegalAction\(\s*"([A-Z.\-0-9]+)"', text)
    assert len(cited) >= 10
    for rule_id in cited:
        assert rule_id in rulebook, rule_id
