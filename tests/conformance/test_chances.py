"""The optional `chances` request (docs/protocol.md) and the `chances` expectation
(docs/suite.md): the probability of every chance outcome, as exact fractions."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from elevenes.conformance.adapter import AdapterSubject
from elevenes.conformance.loader import load_file
from elevenes.conformance.protocol import handle
from elevenes.conformance.runner import run_items
from elevenes.conformance.subject import ReferenceSubject, parse_fraction

SCENARIO = """\
game: bowling-solitaire
scenarios:
- id: t-chances
  steps:
  - acts: [deal 0, deal 0, deal 5]
    expect:
      chances: {CHANCES}
"""


def _chances(left: dict[int, int]) -> str:
    total = sum(left.values())
    return "{" + ", ".join(f"deal {v}: {k}/{total}" for v, k in left.items() if k) + "}"


def _scenario(tmp_path: Path, chances: str) -> Path:
    path = tmp_path / "chances.yaml"
    path.write_text(SCENARIO.replace("{CHANCES}", chances))
    return path


def test_the_reference_answers_the_probabilities_of_a_deal_of_unequal_copies() -> None:
    subject = ReferenceSubject()
    answers = [handle(subject, {"seq": n, **request}) for n, request in enumerate([
        {"cmd": "start", "game": "bowling-solitaire"},
        {"cmd": "act", "action": "deal 0"}, {"cmd": "act", "action": "deal 0"},
        {"cmd": "act", "action": "deal 5"}, {"cmd": "chances"}])]
    chances = answers[-1]["chances"]
    # twenty cards, 0-9 twice (BWL.SETUP.CARDS): 17 left, one 5, no 0, two of every other
    assert chances["deal 5"] == "1/17" and "deal 0" not in chances
    assert all(chances[f"deal {v}"] == "2/17" for v in (1, 2, 3, 4, 6, 7, 8, 9))
    assert len(chances) == 9


def test_no_chance_outcome_at_a_decision() -> None:
    subject = ReferenceSubject()
    subject.start("elevenes-for-one", {})
    while subject.state().current_player == -1:
        subject.act(subject.legal()[0])
    assert subject.chances() == {}


def test_a_scenario_compares_probabilities_as_fractions(tmp_path: Path) -> None:
    left = {v: 2 for v in range(10)} | {0: 0, 5: 1}
    right = run_items(load_file(_scenario(tmp_path, _chances(left))))
    assert [r.status for r in right.results] == ["pass"]
    # 2/17 written unreduced still matches; a uniform deal does not
    unreduced = _chances(left).replace("deal 5: 1/17", "deal 5: 2/34")
    assert run_items(load_file(_scenario(tmp_path, unreduced))).results[0].status == "pass"
    uniform = "{" + ", ".join(f"deal {v}: 1/9" for v in range(1, 10)) + "}"
    wrong = run_items(load_file(_scenario(tmp_path, uniform))).results[0]
    assert wrong.status == "fail" and "deal 1" in wrong.message and "2/17" in wrong.message
    missing = _chances(left | {0: 1})
    assert run_items(load_file(_scenario(tmp_path, missing))).results[0].status == "fail"


def test_a_program_without_chances_has_the_scenario_skipped(tmp_path: Path) -> None:
    """A program that answers `chances` with an error (it knows no such command): skip."""
    program = tmp_path / "adapter.py"
    program.write_text(textwrap.dedent("""\
        import json, sys
        from elevenes.conformance.protocol import handle
        from elevenes.conformance.subject import ReferenceSubject
        subject = ReferenceSubject()
        for line in sys.stdin:
            request = json.loads(line)
            if request["cmd"] == "chances":
                answer = {"seq": request["seq"], "ok": False, "error": "unknown cmd"}
            else:
                answer = handle(subject, request)
            print(json.dumps(answer), flush=True)
            if request["cmd"] == "stop":
                break
        """))
    left = {v: 2 for v in range(10)} | {0: 0, 5: 1}
    items = load_file(_scenario(tmp_path, _chances(left)))
    with AdapterSubject([sys.executable, str(program)], timeout=20.0) as subject:
        result = run_items(items, subject).results[0]
    assert result.status == "skip" and "chances is unsupported" in result.message


def test_fractions() -> None:
    assert parse_fraction("2/6") == parse_fraction("1/3")
    assert parse_fraction("0/5") == 0 and parse_fraction("1/1") == 1
    for bad in ("1/0", "3/2", "0.5", "1 / 3", "-1/3", "1/", "/3", 0.5, "١/٣"):
        assert parse_fraction(bad) is None, bad
