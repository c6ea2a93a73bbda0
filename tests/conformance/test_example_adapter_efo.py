"""The example Elevenes for One adapter (conformance/examples/elevenes-for-one-adapter.py),
written from the docs alone, passes the whole elevenes-for-one suite through the protocol."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from elevenes.conformance import AdapterSubject, load_suite, run_suite

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "conformance" / "examples" / "elevenes-for-one-adapter.py"
SUITE = ROOT / "conformance" / "elevenes-for-one"
PASSES = 110  # every scenario and perft check of the suite


def test_the_example_adapter_passes_the_elevenes_for_one_suite() -> None:
    with AdapterSubject([sys.executable, str(ADAPTER)], timeout=10) as program:
        report = run_suite(load_suite([SUITE]), program)
        restarts = program.restarts
    counts = Counter(r.status for r in report.results)
    # the example plays the decided readings only: a reading's scenario is skipped, unsupported
    # and answers `chances` unsupported: the scenarios of the chance outcomes' probabilities too
    problems = [(r.id, r.status, r.message) for r in report.results if r.status != "pass"
                and not (r.status == "skip" and ("reading option" in r.message
                                                 or r.message.startswith("chances is")))]
    assert problems == []
    assert counts["pass"] >= PASSES
    assert counts["fail"] == counts["error"] == 0
    skipped = {r.id for r in report.results if r.status == "skip"}
    assert {r.id for r in report.results
            if r.id.startswith(("efo-reading-", "efo-chances-"))} <= skipped
    assert report.ok
    assert restarts == 1  # one program served the whole suite, never crashed
