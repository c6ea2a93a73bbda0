"""The conformance suite machinery: load scenarios, run them against the reference or another
program over the adapter protocol, check perft counts, report results and rule coverage.

The calls other code needs::

    suite = load_suite()                      # or load_suite([paths]); load_file(path)
    report = run_suite(suite)                 # in process, against the reference
    report = run_suite(suite, AdapterSubject("my-engine --stdio", timeout=10))
    report.ok, report.counts(), report.by_game(), report.by_rule(), report.to_json()
    coverage = compute_coverage(suite.items, load_rulebook())
    write_junit(report, "conform.xml"); write_badges(report, "badges")
    diff_games(ReferenceSubject(), AdapterSubject(...), "bowling-solitaire", games=20, seed=0)
"""

from .adapter import AdapterSubject
from .badge import write_badges
from .coverage import Coverage, compute_coverage
from .diff import diff_games
from .junit import write_junit
from .loader import LoadError, Suite, SuiteError, load_file, load_suite, read_state_file
from .matcher import Mismatch, match
from .model import Item, Observe, Perft, Scenario, Step
from .report import STATUSES, Report, Result
from .runner import (
    check_expect,
    check_perft,
    run_item,
    run_items,
    run_perft,
    run_scenario,
    run_suite,
)
from .subject import (
    ReferenceSubject,
    Refusal,
    StateView,
    Subject,
    SubjectError,
    Unsupported,
    perft_counts,
    perft_divide,
)

__all__ = [
    "STATUSES",
    "AdapterSubject",
    "Coverage",
    "Item",
    "LoadError",
    "Mismatch",
    "Observe",
    "Perft",
    "ReferenceSubject",
    "Refusal",
    "Report",
    "Result",
    "Scenario",
    "StateView",
    "Step",
    "Subject",
    "SubjectError",
    "Suite",
    "SuiteError",
    "Unsupported",
    "check_expect",
    "check_perft",
    "compute_coverage",
    "load_file",
    "load_suite",
    "match",
    "perft_counts",
    "perft_divide",
    "read_state_file",
    "run_item",
    "run_items",
    "run_perft",
    "run_scenario",
    "run_suite",
    "diff_games",
    "write_badges",
    "write_junit",
]
