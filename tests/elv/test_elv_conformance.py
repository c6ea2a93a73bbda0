"""The Elevenes conformance suite runs clean against the reference, is large enough, and
cites every rule of the Elevenes rulebook."""

from __future__ import annotations

import pytest

from elevenes.conformance.loader import load_suite
from elevenes.conformance.runner import run_items
from elevenes.paths import conformance_dir
from elevenes.rulebook import load_rulebook


@pytest.fixture(scope="module")
def suite():  # type: ignore[no-untyped-def]
    return load_suite([conformance_dir("elevenes")])


def test_the_suite_passes(suite) -> None:  # type: ignore[no-untyped-def]
    report = run_items(suite.items)
    bad = [r for r in report.results if r.status != "pass"]
    assert report.results and not bad, "\n".join(f"{r.id}: {r.status} {r.headline()}" for r in bad)


def test_the_suite_is_large_and_cites_every_rule(suite) -> None:  # type: ignore[no-untyped-def]
    scenarios = [i for i in suite.items if i.kind == "scenario"]
    perfts = [i for i in suite.items if i.kind == "perft"]
    assert len(scenarios) >= 80
    assert len(perfts) >= 3
    cited = {rule for item in suite.items for rule in item.cited_rules()}
    rules = set(load_rulebook().ids("elevenes"))
    assert rules - cited == set()
    assert cited - rules == set()
