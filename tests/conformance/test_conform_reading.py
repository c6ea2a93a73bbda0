"""``elevenes conform --reading RULING=X``: the suite run under a reading.  A scenario that
pins a reading of the ruling runs under its own and is skipped when that is another; one that
cites the ruling (or that its **Pinned by** names) expects the decided reading and is skipped
under another; the others run with the reading added to their options."""

from __future__ import annotations

import pytest

from elevenes.cli import main
from elevenes.conformance.cli_conform import parse_readings, under_readings
from elevenes.conformance.loader import load_suite
from elevenes.conformance.model import Scenario
from elevenes.core.errors import ElevenesError


def _scenario(sid: str, options: dict[str, str], rules: tuple[str, ...] = ()) -> Scenario:
    return Scenario(id=sid, game="elevenes-for-one", options=options, rules=rules)


def test_items_pinning_or_citing_another_reading_are_skipped() -> None:
    from elevenes.conformance.loader import Suite

    suite = Suite(items=[
        _scenario("pins-b", {"reading.EFO.RULING.SANDWICHES": "b"}),
        _scenario("pins-a", {"reading.EFO.RULING.SANDWICHES": "a"}),
        _scenario("cites", {}, ("EFO.RULING.SANDWICHES",)),
        _scenario("other", {"minutes": "5"}, ("EFO.CARD.TEA",)),
    ])
    kept, skipped = under_readings(suite, parse_readings(["EFO.RULING.SANDWICHES=b"]))
    assert [(i.id, i.options) for i in kept.items] == [
        ("pins-b", {"reading.EFO.RULING.SANDWICHES": "b"}),
        ("other", {"minutes": "5", "reading.EFO.RULING.SANDWICHES": "b"}),
    ]
    assert [(r.id, r.status) for r in skipped] == [("pins-a", "skip"), ("cites", "skip")]
    assert "expects reading (a) of EFO.RULING.SANDWICHES" in skipped[1].message


def test_the_readings_own_scenarios_pass_under_it(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["conform", "conformance/elevenes-for-one/readings.yaml", "--reading",
                 "EFO.RULING.SANDWICHES=b", "-v", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "PASS  efo-reading-sandwiches-b-scored" in out
    assert "SKIP  efo-reading-front-first-a" not in out  # another ruling: run as it is


@pytest.mark.parametrize("bad", ["EFO.RULING.SANDWICHES=c", "EFO.RULING.NOPE=a",
                                 "EFO.RULING.SANDWICHES", "BWL.RULING.TOUCH-FRAME=a"])
def test_a_bad_reading_is_refused(bad: str) -> None:
    with pytest.raises(ElevenesError):
        parse_readings([bad])


def test_the_shipped_reading_scenarios_load() -> None:
    suite = load_suite(["conformance/bowling-solitaire/readings.yaml"])
    assert not suite.errors and len(suite.items) == 7
