"""The adapter protocol: the server (`elevenes adapter`) and the runner driving other programs,
including programs that crash, hang or print garbage (errors, never a hang)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from jsonschema.protocols import Validator

from elevenes.cli import main
from elevenes.conformance import AdapterSubject, SubjectError, load_suite, run_suite
from elevenes.conformance.protocol import serve
from elevenes.conformance.report import Report
from elevenes.conformance.schemas import require_validator
from elevenes.games import game_ids, load_game

DATA = Path(__file__).resolve().parent / "data"
TOY_ADAPTER = str(DATA / "toy_adapter.py")
PLAY = DATA / "pass" / "toy-play.yaml"


def toy_program(mode: str = "ok", timeout: float = 5.0) -> AdapterSubject:
    return AdapterSubject([sys.executable, TOY_ADAPTER, mode], timeout=timeout)


def outline(report: Report) -> list[tuple[Any, ...]]:
    return [
        (r.id, r.status, r.step, r.action, r.path, r.expected, r.actual) for r in report.results
    ]


def statuses(report: Report) -> dict[str, str]:
    return {r.id: r.status for r in report.results}


def test_through_the_protocol_the_results_are_the_same(toy: str) -> None:
    suite = load_suite([DATA])
    local = run_suite(suite)
    with toy_program() as program:
        remote = run_suite(suite, program)
        assert program.restarts == 1  # one program for the whole suite
    assert outline(remote) == outline(local)
    assert remote.subject.endswith("toy_adapter.py ok")


def test_a_crash_is_an_error_and_the_program_is_restarted(toy: str) -> None:
    suite = load_suite([PLAY])
    with toy_program("crash-on-act") as program:
        report = run_suite(suite, program)
        restarts = program.restarts
    found = {r.id: r for r in report.results}
    assert found["toy-observe"].status == "pass"  # no act: nothing crashes
    assert found["toy-final-only"].status == "pass"
    crashed = found["toy-roll-then-add"]
    assert crashed.status == "error"
    assert crashed.step == 2 and crashed.action == "roll 3"
    assert "the program exited without answering the act request (exit code 3)" in crashed.message
    assert "stderr: boom: the engine fell over" in crashed.message
    assert sum(r.status == "error" for r in report.results) == 6
    assert restarts == 7


def test_a_hang_is_a_timeout_error(toy: str) -> None:
    suite = load_suite([PLAY]).select(ids=["toy-roll-then-add", "toy-observe"])
    started = time.monotonic()
    with toy_program("hang-on-legal", timeout=0.5) as program:
        report = run_suite(suite, program)
    assert time.monotonic() - started < 8
    assert statuses(report) == {"toy-roll-then-add": "error", "toy-observe": "pass"}
    assert report.results[0].message == "no answer to the legal request within 0.5 s"


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("garbage", "the answer to the state request is not JSON: 'hello, this is not JSON'"),
        ("wrong-seq", "the answer to the act request has seq "),
    ],
)
def test_garbage_and_wrong_seq_are_errors(toy: str, mode: str, message: str) -> None:
    suite = load_suite([PLAY]).select(ids=["toy-add-limit", "toy-observe"])
    with toy_program(mode) as program:
        report = run_suite(suite, program)
    found = {r.id: r for r in report.results}
    assert found["toy-add-limit"].status == "error"
    assert found["toy-add-limit"].message.startswith(message)
    assert found["toy-observe"].status == "pass"


def test_unsupported_games_are_skipped(toy: str) -> None:
    with toy_program("unsupported") as program:
        report = run_suite(load_suite([PLAY]), program)
    assert set(statuses(report).values()) == {"skip"}
    assert report.ok


def test_chatter_on_stderr_is_harmless(toy: str) -> None:
    with toy_program("chatty") as program:
        report = run_suite(load_suite([PLAY]), program)
    assert set(statuses(report).values()) == {"pass"}


def test_programs_that_cannot_start_or_exit_at_once(toy: str) -> None:
    with pytest.raises(SubjectError, match="cannot start '/no/such/program'"):
        AdapterSubject("/no/such/program").launch()
    quitter = AdapterSubject([sys.executable, "-c", "import sys; sys.exit(5)"], timeout=5)
    with quitter:
        report = run_suite(load_suite([PLAY]).select(ids=["toy-observe"]), quitter)
    (result,) = report.results
    assert result.status == "error"
    assert "exit" in result.message and "start request" in result.message


def test_a_program_that_never_starts_is_given_up(toy: str) -> None:
    sleeper = [sys.executable, "-c", "import time; time.sleep(60)"]
    started = time.monotonic()
    with AdapterSubject(sleeper, timeout=0.2, startup=0.2) as program:
        report = run_suite(load_suite([PLAY]), program)
        assert program.restarts == 3
    assert time.monotonic() - started < 10
    messages = [r.message for r in report.results]
    assert all(r.status == "error" for r in report.results)
    assert messages[:3] == ["no answer to the start request within 0.4 s"] * 3
    assert "failed on its first request 3 times in a row" in messages[3]


def test_conform_command_with_an_adapter(toy: str, capsys: pytest.CaptureFixture[str]) -> None:
    command = f"{sys.executable} {TOY_ADAPTER}"
    assert main(["conform", str(DATA / "pass"), "--adapter", command]) == 0
    assert "OK: 10 pass against " in capsys.readouterr().out
    argv = ["conform", str(PLAY), "--adapter", command + " hang-on-legal", "--timeout", "0.3"]
    argv += ["--id", "toy-add-limit", "--json"]
    assert main(argv) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["results"][0]["status"] == "error"
    assert doc["results"][0]["message"] == "no answer to the legal request within 0.3 s"
    assert main(["conform", str(PLAY), "--adapter", "/no/such/program"]) == 1
    assert "cannot start" in capsys.readouterr().err


# -- the server --------------------------------------------------------------------------------
def exchange(lines: list[str]) -> list[dict[str, Any]]:
    out = io.StringIO()
    serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_server_answers_every_line(toy: str) -> None:
    answers = exchange(
        [
            '{"seq": 1, "cmd": "legal"}',
            "not json",
            '{"cmd": "legal"}',
            '{"seq": 2, "cmd": "start", "game": "nope"}',
            '{"seq": 3, "cmd": "start", "game": "toy", "options": {"target": 4}}',
            '{"seq": 4, "cmd": "act", "action": "add 1"}',
            '{"seq": 5, "cmd": "act"}',
            '{"seq": 6, "cmd": "act", "action": "roll 3"}',
            '{"seq": 7, "cmd": "state"}',
            '{"seq": 8, "cmd": "observe", "player": 5}',
            '{"seq": 9, "cmd": "perft", "depth": 2}',
            '{"seq": 10, "cmd": "setup", "state": {"total": "x"}}',
            '{"seq": 11, "cmd": "fly"}',
            "",
            '{"seq": 12, "cmd": "stop"}',
            '{"seq": 13, "cmd": "legal"}',
        ]
    )
    assert [a["seq"] for a in answers] == [1, None, None, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert answers[0] == {"seq": 1, "ok": False, "error": "no game started"}
    assert answers[1]["error"].startswith("not JSON")
    assert answers[3]["unsupported"] is True
    assert answers[4] == {"seq": 3, "ok": True, "num_players": 2, "profiles": ["rules", "strict"]}
    assert answers[5]["violation"] == "TOY.ROLL.FIRST"
    assert answers[6]["error"] == "act needs 'action': an action string"
    state = answers[8]
    assert state["state"]["total"] == 3 and state["current_player"] == 0
    assert state["terminal"] is False and state["score"] == 3
    assert answers[9]["ok"] is False and "no player 5" in answers[9]["error"]
    assert answers[10]["counts"] == [1, 1] and answers[10]["divide"] == {"add 1": 1}
    assert answers[11]["error"].startswith("setup refused")
    assert "unknown cmd 'fly'" in answers[12]["error"]
    assert answers[13] == {"seq": 12, "ok": True}


def validate(schema: Validator, definition: str, doc: Any) -> None:
    schema.evolve(schema={"$ref": f"protocol.schema.json#/$defs/{definition}"}).validate(doc)


def test_elevenes_adapter_speaks_the_documented_protocol() -> None:
    """The real `elevenes adapter` program, on each game that can be loaded: every request
    and response is valid under conformance/schema/protocol.schema.json."""
    schema = require_validator("protocol.schema.json")
    games = []
    for game_id in game_ids():
        try:
            load_game(game_id).new_initial_state()
        except Exception:  # noqa: BLE001 - a game still being written is not this test's subject
            continue
        games.append(game_id)
    if not games:
        pytest.skip("no game can be loaded yet")
    requests: list[dict[str, Any]] = []
    seq = 0

    def ask(cmd: str, **fields: Any) -> None:
        nonlocal seq
        seq += 1
        requests.append({"seq": seq, "cmd": cmd, **fields})

    for game_id in games:
        ask("start", game=game_id, options={})
        ask("legal")
        ask("state")
        ask("observe", player=0)
        ask("perft", depth=1)
        ask("act", action="this is no action")
    ask("stop")
    for request in requests:
        validate(schema, "request", request)
    text = "".join(json.dumps(r) + "\n" for r in requests)
    done = subprocess.run(
        [sys.executable, "-m", "elevenes.cli", "adapter"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["seq"] for a in answers] == [r["seq"] for r in requests]
    for request, answer in zip(requests, answers, strict=True):
        validate(schema, f"{request['cmd']}Response", answer)
        validate(schema, "response", answer)
        if request["cmd"] != "act":
            assert answer["ok"], answer
        else:
            assert answer["ok"] is False and "violation" in answer, answer


def test_the_shipped_suite_gives_the_same_results_through_elevenes_adapter() -> None:
    suite = load_suite()
    if not suite.items:
        pytest.skip("the shipped suite has no scenarios yet")
    local = run_suite(suite)
    command = [sys.executable, "-m", "elevenes.cli", "adapter"]
    with AdapterSubject(command, timeout=60) as program:
        remote = run_suite(suite, program)
    assert statuses(remote) == statuses(local)
    assert outline(remote) == outline(local)
