"""Broken adapters (tests/conformance/data/broken/) driven through the real protocol: each is
reported for what it does wrong, the rest of the suite is still judged, and no process it
started is left running."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from jsonschema import ValidationError

from elevenes.conformance import AdapterSubject, load_suite, run_suite
from elevenes.conformance.adapter import OPTIONAL, REQUIRED
from elevenes.conformance.diff import diff_games
from elevenes.conformance.report import Report, Result
from elevenes.conformance.schemas import require_validator, schema_dir
from elevenes.conformance.subject import ReferenceSubject

DATA = Path(__file__).resolve().parent / "data"
BROKEN = DATA / "broken"
PLAY = DATA / "pass" / "toy-play.yaml"
SCHEMAS = schema_dir()


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie, ended but not reaped, is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - someone else's process took the pid
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc: trust kill(0)
    return stat.rpartition(")")[2].split()[0] != "Z"


class Broken:
    """A broken adapter, and the pids of every process it started."""

    def __init__(self, name: str, pids: Path, timeout: float = 0.5) -> None:
        self.pids = pids
        env = {**os.environ, "ELEVENES_TEST_PIDS": str(pids)}
        self.program = AdapterSubject(
            [sys.executable, str(BROKEN / f"{name}.py")], timeout=timeout, env=env, startup=10
        )

    def run(self, ids: list[str] | None = None, paths: list[Path] | None = None) -> Report:
        suite = load_suite(paths or [PLAY])
        if ids:
            suite = suite.select(ids=ids)
        with self.program:
            return run_suite(suite, self.program)

    def started(self) -> list[int]:
        return [int(line) for line in self.pids.read_text().split()]

    def survivors(self) -> list[int]:
        deadline = time.monotonic() + 2
        while (left := [pid for pid in self.started() if alive(pid)]) and (
            time.monotonic() < deadline
        ):
            time.sleep(0.05)
        return left


@pytest.fixture
def broken(toy: str, tmp_path: Path) -> Iterator[type[Broken]]:
    del toy
    made: list[Broken] = []

    class Made(Broken):
        def __init__(self, name: str, timeout: float = 0.5) -> None:
            super().__init__(name, tmp_path / f"{name}-{len(made)}.pids", timeout)
            made.append(self)

    yield Made
    for adapter in made:
        adapter.program.close()


def by_id(report: Report) -> dict[str, Result]:
    return {result.id: result for result in report.results}


def test_a_hanging_adapter_times_out_and_its_whole_group_is_killed(
    broken: type[Broken],
) -> None:
    adapter = broken("hang")
    started = time.monotonic()
    report = adapter.run(["toy-roll-then-add", "toy-observe", "toy-add-limit"])
    assert time.monotonic() - started < 10
    found = by_id(report)
    assert found["toy-roll-then-add"].status == "error"
    assert found["toy-roll-then-add"].message == "no answer to the legal request within 0.5 s"
    assert found["toy-observe"].status == "pass"  # restarted, and no legal request
    assert found["toy-add-limit"].status == "error"
    pids = adapter.started()
    assert len(pids) == 5  # 3 adapters and the 2 children of the 2 that hung
    assert adapter.survivors() == []


def test_a_crash_is_an_error_of_that_item_and_the_adapter_restarts(
    broken: type[Broken],
) -> None:
    adapter = broken("crash")
    report = adapter.run()
    found = by_id(report)
    crashed = found["toy-roll-then-add"]
    assert crashed.status == "error"
    assert (crashed.step, crashed.action) == (3, "add 2")
    assert "the program exited without answering the act request (exit code 3)" in (
        crashed.message
    )
    assert "stderr: boom: add 2 broke the engine" in crashed.message
    errors = {r.id for r in report.results if r.status == "error"}
    assert errors == {"toy-roll-then-add", "toy-add-limit"}  # the items that play add 2
    assert {r.status for r in report.results if r.id not in errors} == {"pass"}
    assert adapter.program.restarts == 3
    assert adapter.survivors() == []


def test_garbage_is_an_error_naming_the_line(broken: type[Broken]) -> None:
    adapter = broken("garbage")
    report = adapter.run(["toy-add-limit", "toy-observe"])
    found = by_id(report)
    assert found["toy-add-limit"].status == "error"
    assert found["toy-add-limit"].message == (
        "the answer to the state request is not JSON: 'state: total=5 (this is not JSON)'"
    )
    assert found["toy-observe"].status == "pass"
    assert adapter.survivors() == []


def test_a_wrong_seq_is_an_error(broken: type[Broken]) -> None:
    adapter = broken("wrong_seq")
    report = adapter.run(["toy-add-limit", "toy-observe"])
    found = by_id(report)
    bad = found["toy-add-limit"]
    assert bad.status == "error" and bad.step == 2
    assert bad.message.startswith("the answer to the legal request has seq ")
    assert found["toy-observe"].status == "pass"
    assert adapter.survivors() == []


def test_a_slow_answer_past_the_timeout_is_an_error_and_never_read_late(
    broken: type[Broken],
) -> None:
    adapter = broken("slow", timeout=0.5)
    report = adapter.run(["toy-final-only", "toy-observe", "toy-roll-first"])
    found = by_id(report)
    assert found["toy-final-only"].status == "error"
    assert found["toy-final-only"].message == "no answer to the state request within 0.5 s"
    assert found["toy-observe"].status == "pass"  # the late state answer is not taken for it
    assert found["toy-roll-first"].status == "error"  # a refusal check asks for the state
    assert adapter.survivors() == []


def test_one_wrong_rule_fails_only_the_items_of_that_rule(broken: type[Broken]) -> None:
    adapter = broken("one_wrong_rule", timeout=5)
    report = adapter.run(paths=[DATA / "pass"])
    bad = [r for r in report.results if r.bad]
    assert [(r.id, r.status) for r in bad] == [("toy-add-limit", "fail")]
    (failed,) = bad
    assert "TOY.ADD.LIMIT" in failed.rules
    assert failed.step == 1 and failed.action == "add 2"
    assert failed.message == "expected a refusal citing TOY.ADD.LIMIT, but the action was accepted"
    assert report.by_rule()["TOY.ADD.LIMIT"]["fail"] == 1
    assert {r.status for r in report.results if not r.bad} == {"pass"}
    assert adapter.survivors() == []


def test_diff_finds_the_wrong_rule_and_the_shortest_sequence(broken: type[Broken]) -> None:
    adapter = broken("one_wrong_rule", timeout=5)
    with ReferenceSubject() as reference, adapter.program as program:
        result = diff_games(reference, program, "toy", games=20, seed=3)
    assert result.divergent is not None
    found = result.divergent
    assert found.shortest == ("roll 3", "add 2")
    assert found.shortest_difference.what == "legal"
    assert found.shortest_difference.expected == ["add 1"]
    assert found.shortest_difference.actual == ["add 1", "add 2"]
    assert adapter.survivors() == []


def test_unsupported_optional_requests_are_skips_and_the_rest_is_judged(
    broken: type[Broken],
) -> None:
    adapter = broken("unsupported", timeout=5)
    report = adapter.run(paths=[DATA / "pass", DATA / "fail" / "toy-wrong.yaml"])
    found = by_id(report)
    observe = found["toy-observe"]
    assert observe.status == "skip"
    assert observe.message == (
        "step 1: observe is unsupported: observe is not implemented here (and 2 more); "
        "the other checks passed"
    )
    assert found["toy-perft-start"].status == "skip"
    assert found["toy-perft-start"].message == (
        "perft is unsupported: perft is not implemented here"
    )
    assert found["toy-roll-then-add"].status == "pass"
    # A check the program cannot answer is not a failure; one that diverges still fails.
    assert found["fail-observe"].status == "skip"
    assert found["fail-expect"].status == "fail"
    assert adapter.survivors() == []


def test_the_unsupported_answer_is_the_documented_one(toy: str) -> None:
    schema = require_validator("protocol.schema.json")

    def valid(definition: str, doc: object) -> None:
        schema.evolve(schema={"$ref": f"protocol.schema.json#/$defs/{definition}"}).validate(doc)

    defs = json.loads((SCHEMAS / "protocol.schema.json").read_text())["$defs"]
    assert tuple(defs["requiredCommand"]["enum"]) == REQUIRED
    assert tuple(defs["optionalCommand"]["enum"]) == OPTIONAL
    text = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    section = text.split("## Optional requests and `unsupported`")[1]
    (example,) = re.findall(r"```json\n(.*?)```", section, re.S)
    valid("unsupportedResponse", json.loads(example))
    requests = [
        {"seq": 1, "cmd": "start", "game": "toy", "options": {}},
        {"seq": 2, "cmd": "observe", "player": 0},
        {"seq": 3, "cmd": "perft", "depth": 1},
        {"seq": 4, "cmd": "stop"},
    ]
    done = subprocess.run(
        [sys.executable, str(BROKEN / "unsupported.py")],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    for answer in answers[1:3]:
        valid("unsupportedResponse", answer)
        valid("observeResponse" if answer["seq"] == 2 else "perftResponse", answer)
    with pytest.raises(ValidationError):
        valid("unsupportedResponse", {"seq": 5, "ok": False, "error": "no"})


def test_processes_a_program_leaves_behind_are_ended_with_it(broken: type[Broken]) -> None:
    adapter = broken("leaves_child", timeout=5)
    report = adapter.run(["toy-observe"])
    assert [r.status for r in report.results] == ["pass"]
    assert len(adapter.started()) == 2
    assert adapter.survivors() == []


def test_a_helper_out_of_reach_does_not_hang_the_runner(broken: type[Broken]) -> None:
    adapter = broken("escapes", timeout=5)
    started = time.monotonic()
    report = adapter.run(["toy-observe", "toy-add-limit"])
    assert time.monotonic() - started < 10
    assert [r.status for r in report.results] == ["pass", "pass"]
    helper = adapter.started()[0]
    os.kill(helper, signal.SIGKILL)  # a session of its own: not the runner's to end
