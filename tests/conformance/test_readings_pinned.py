"""A ruling's **Pinned by** names every scenario that plays one of its readings, so a reader
of the rulebook finds the scenarios of each side of a dispute beside the ruling."""

from __future__ import annotations

from pathlib import Path

from elevenes.conformance.loader import load_suite
from elevenes.rulebook.index import load_rulebook

ROOT = Path(__file__).resolve().parents[2]


def test_every_scenario_under_a_reading_is_named_by_its_ruling() -> None:
    suite = load_suite(sorted(str(p) for p in (ROOT / "conformance").glob("*/*.yaml")))
    assert not suite.errors
    book = load_rulebook()
    unnamed = []
    seen = 0
    for item in suite.items:
        for key in item.options:
            if key.startswith("reading."):
                seen += 1
                ruling = book.get(key.removeprefix("reading."))
                if item.id not in ruling.pinned_by:
                    unnamed.append((ruling.id, item.id))
    assert seen > 100  # the suite's reading scenarios were found
    assert unnamed == []
