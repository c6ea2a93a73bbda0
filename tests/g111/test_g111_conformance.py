"""The shipped 111 suite passes on the reference; every rule id the engine cites exists (that
every ruling's scenarios exist is checked in test_suite_coverage.py)."""

from __future__ import annotations

import re
from pathlib import Path

from elevenes.conformance.loader import load_suite
from elevenes.conformance.runner import run_suite
from elevenes.paths import conformance_dir
from elevenes.rulebook import load_rulebook

CODE = Path(__file__).resolve().parents[2] / "reference" / "elevenes" / "games" / "one_eleven"


def test_suite_passes_on_the_reference() -> None:
    suite = load_suite([conformance_dir("111")], strict=True)
    assert not suite.errors, [str(e) for e in suite.errors]
    report = run_suite(suite)
    bad = [f"{r.id}: {r.message}" for r in report.results if r.status != "pass"]
    assert not bad, bad
    assert len(report.results) >= 10


def test_every_refusal_in_the_code_cites_a_rule_of_the_111_chapter() -> None:
    rulebook = load_rulebook()
    cited = set()
    for path in CODE.glob("*.py"):
        cited |= set(re.findall(r'"(G111\.[A-Z0-9.\-]+)"', path.read_text(encoding="utf-8")))
    assert cited
    assert all(rulebook.get(rule_id).game == "111" for rule_id in cited)
