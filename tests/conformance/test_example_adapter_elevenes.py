"""The Elevenes adapter in Python (conformance/examples/elevenes-adapter.py), written from the
documentation alone, passes the elevenes suite through the protocol."""

from __future__ import annotations

import sys
from pathlib import Path

from elevenes.conformance import AdapterSubject, load_suite, run_suite

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "conformance" / "examples" / "elevenes-adapter.py"
SUITE = ROOT / "conformance" / "elevenes"

# Known failures of the adapter, with the reason (none at present).
EXPECTED_FAILURES: dict[str, str] = {}
PASSES = 101  # every scenario and perft check of the game, the Special Guests included


def plays_a_reading(options: dict[str, object]) -> bool:
    """Does a scenario's set of options switch on a reading other than the decided one?"""
    return any(str(key).startswith("reading.") for key in options)


def test_the_python_elevenes_adapter_passes_the_suite() -> None:
    suite = load_suite([SUITE])
    with AdapterSubject([sys.executable, str(ADAPTER)], timeout=10.0) as program:
        report = run_suite(suite, program)
        restarts = program.restarts
    statuses = {r.id: r.status for r in report.results}
    passed = [i for i, s in statuses.items() if s == "pass"]
    failed = {i: s for i, s in statuses.items() if s not in ("pass", "skip")}
    assert not [i for i, s in failed.items() if s == "error"]
    assert set(failed) == set(EXPECTED_FAILURES), {i: r.message for r in report.results
                                                   for i in [r.id] if i in failed}
    # nothing is answered unsupported but the readings' scenarios (it plays the decided ones)
    # and those that ask the probabilities of the chance outcomes (`chances`)
    assert {i for i, s in statuses.items() if s == "skip"} == {
        item.id for item in suite.items
        if item.id.startswith("elv-chances-") or plays_a_reading(item.options)}
    assert len(passed) >= PASSES
    assert any("perft" in i for i in passed)
    assert restarts == 1  # one program served the whole suite: nothing crashed
