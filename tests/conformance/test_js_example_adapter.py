"""The Bowling Solitaire adapter in JavaScript (conformance/examples/bowling-adapter.js), written
from the documentation alone, passes the whole bowling-solitaire suite through the protocol."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from elevenes.conformance import AdapterSubject, load_suite, run_suite

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "conformance" / "examples" / "bowling-adapter.js"
SUITE = ROOT / "conformance" / "bowling-solitaire"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not on PATH: the JavaScript adapter cannot run")
def test_the_javascript_bowling_adapter_passes_the_whole_suite() -> None:
    suite = load_suite([SUITE])
    with AdapterSubject([str(NODE), str(ADAPTER)], timeout=10.0) as program:
        report = run_suite(suite, program)
        restarts = program.restarts
    # the example plays the decided readings only: a reading's scenario is skipped, unsupported
    # and answers `chances` unsupported: the scenarios of the chance outcomes' probabilities too
    failed = {r.id: (r.status, r.message) for r in report.results if r.status != "pass"
              and not (r.status == "skip" and ("reading option" in r.message
                                               or r.message.startswith("chances is")))}
    assert failed == {}
    assert len(report.results) >= 70  # every scenario and perft check of the game was played
    assert any(r.id.startswith("bwl-") and "perft" in r.id for r in report.results)
    assert restarts == 1  # one program served the whole suite: nothing crashed
