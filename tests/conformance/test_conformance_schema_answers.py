"""A program's whole state and observation answers are checked against the game's published
schemas, not only the parts a scenario compares: an extra or malformed field is an error that
names the schema and the place, and the rest of the suite is still judged."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from elevenes.conformance import AdapterSubject, load_suite, run_suite
from elevenes.paths import conformance_dir

PROGRAM = """
import sys

import attrs

from elevenes.conformance.protocol import serve
from elevenes.conformance.subject import ReferenceSubject


class ExtraField(ReferenceSubject):
    '''The reference, except that one kind of answer carries a field its schema lacks.'''

    def observe(self, player):
        doc = super().observe(player)
        return {{**doc, "game": "bowling-solitaire"}} if "{kind}" == "observation" else doc

    def state(self):
        view = super().state()
        if "{kind}" != "state":
            return view
        return attrs.evolve(view, state={{**view.state, "dealer": 0}})


sys.exit(serve(subject=ExtraField()))
"""


def run_with(tmp_path: Path, kind: str) -> dict[str, tuple[str, str]]:
    script = tmp_path / "extra.py"
    script.write_text(PROGRAM.format(kind=kind), encoding="utf-8")
    suite = load_suite([conformance_dir("bowling-solitaire")])
    program = AdapterSubject([sys.executable, str(script)], timeout=10, env=dict(os.environ))
    with program:
        report = run_suite(suite, program)
    return {result.id: (result.status, result.message) for result in report.results}


def test_an_observation_with_a_field_the_schema_lacks_is_an_error(tmp_path: Path) -> None:
    results = run_with(tmp_path, "observation")
    errors = {key: message for key, (status, message) in results.items() if status == "error"}
    assert errors, "no observation check caught the extra field"
    for message in errors.values():
        assert "observation-bowling-solitaire.schema.json" in message
        assert "game" in message
    passed = [key for key, (status, _) in results.items() if status == "pass"]
    assert passed, "the scenarios without an observation check are still judged"
    assert all(status in ("pass", "error") for status, _ in results.values())


def test_a_state_with_a_field_the_schema_lacks_is_an_error(tmp_path: Path) -> None:
    results = run_with(tmp_path, "state")
    errors = [message for status, message in results.values() if status == "error"]
    assert errors, "no state check caught the extra field"
    assert all("state-bowling-solitaire.schema.json" in message for message in errors)
    assert all("dealer" in message for message in errors)
