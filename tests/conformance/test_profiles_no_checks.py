"""An implementation that never checks a loaded state document, as a web game's engine that only
reaches positions by play: the Elevenes example adapter with --no-consistency-checks passes the
rules profile in full and fails the strict profile only (docs/suite.md, "Profiles").

This is also the executable form of the profiles' criterion for Elevenes: the adapter's mode
keeps only the reading checks (a card, seat, guest, back or name the game has; the game's
options), so a strict scenario it still refused, or a rules scenario it accepted, would be one
classified against the criterion.
"""

from __future__ import annotations

import sys
from pathlib import Path

from elevenes.conformance import AdapterSubject, load_suite, run_suite
from elevenes.conformance.model import RULES, STRICT, Item

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "conformance" / "examples" / "elevenes-adapter.py"
SUITE = ROOT / "conformance" / "elevenes"


def under_a_reading(item: Item) -> bool:
    """The scenario plays a reading other than the decided one: the example adapter plays
    the decided readings only and answers it unsupported, in either profile."""
    return any(str(key).startswith("reading.") for key in item.options)


def test_without_consistency_checks_only_strict_loading_fails() -> None:
    """Declaring both profiles (so that strict loading is judged too): every rules-profile item
    passes, every strict one fails, each because the set-up was accepted."""
    suite = load_suite([SUITE])
    command = [sys.executable, str(ADAPTER), "--no-consistency-checks"]
    command += ["--profiles", "rules,strict"]
    with AdapterSubject(command, timeout=10.0) as program:
        report = run_suite(suite, program)
        restarts = program.restarts
    by_profile = report.by_profile()
    # the example plays the decided readings only: a reading's scenario is answered unsupported,
    # and so is `chances` (the probabilities of the chance outcomes)
    rules = [item for item in suite.items if item.profile == RULES
             and not item.id.startswith("elv-chances-") and not under_a_reading(item)]
    strict = [item for item in suite.items if item.profile == STRICT
              and not under_a_reading(item)]
    assert len(rules) >= 150 and len(strict) >= 30
    assert by_profile[RULES]["pass"] == len(rules), [
        (r.id, r.message) for r in report.results if r.profile == RULES and r.status != "pass"
    ]
    assert by_profile[STRICT]["fail"] == len(strict), [
        (r.id, r.message) for r in report.results if r.profile == STRICT and r.status != "fail"
    ]
    for result in report.results:
        if result.profile == STRICT and result.status == "fail":
            assert (result.path, result.expected, result.actual) == ("setup", "refused", "accepted")
    assert restarts == 1  # nothing crashed


def test_a_program_declaring_the_rules_profile_only_is_skipped_for_strict_loading() -> None:
    """Without --profiles the mode declares what it implements, the rules profile: the strict
    scenarios are skipped, not failed, and the run is OK."""
    suite = load_suite([SUITE]).select(profiles=[STRICT])
    with AdapterSubject([sys.executable, str(ADAPTER), "--no-consistency-checks"]) as program:
        report = run_suite(suite, program)
        assert program.profiles == (RULES,)
    assert report.ok
    assert report.by_profile() == {
        STRICT: {"pass": 0, "fail": 0, "error": 0, "skip": len(suite.items), "xfail": 0, "xpass": 0}
    }
    assert {r.message for r in report.results if not under_a_reading(suite.by_id()[r.id])} == {
        "the strict profile is not declared by the program (it declares: rules)"
    }


def test_with_its_checks_the_adapter_passes_both_profiles() -> None:
    suite = load_suite([SUITE]).select(profiles=[STRICT])
    with AdapterSubject([sys.executable, str(ADAPTER)]) as program:
        report = run_suite(suite, program)
        assert program.profiles == (RULES, STRICT)
    played = [item for item in suite.items if not under_a_reading(item)]
    assert played and report.counts()["pass"] == len(played)
    assert report.counts()["skip"] == len(suite.items) - len(played)
