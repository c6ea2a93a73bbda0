"""Requests the protocol page settles for every implementation (docs/protocol.md): whole
numbers written as JSON floats, and ``start`` with ``options`` that is not an object."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from elevenes.conformance.protocol import serve


def exchange(*requests: str) -> list[dict[str, Any]]:
    out = io.StringIO()
    serve(io.StringIO("".join(line + "\n" for line in requests)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


START = '{"seq": 1, "cmd": "start", "game": "bowling-solitaire", "options": {}}'


def test_whole_numbers_may_be_written_as_floats() -> None:
    """A JSON reader that cannot tell 0 from 0.0 (JavaScript's) must be able to serve the
    protocol: 0.0 in seq, player and depth means 0, 1, ... as written without the point."""
    answers = exchange(
        START,
        '{"seq": 2.0, "cmd": "observe", "player": 0.0}',
        '{"seq": 3, "cmd": "perft", "depth": 1.0}',
        '{"seq": 0.0, "cmd": "legal"}',
    )
    assert [a["seq"] for a in answers] == [1, 2, 3, 0]
    assert all(a["ok"] for a in answers), answers
    assert answers[1]["observation"]["phase"] == "deal"
    assert answers[2]["counts"] == [10]


@pytest.mark.parametrize(
    ("request_text", "field"),
    [
        ('{"seq": 1.5, "cmd": "legal"}', "seq"),
        ('{"seq": true, "cmd": "legal"}', "seq"),
        ('{"seq": 2, "cmd": "observe", "player": 0.5}', "player"),
        ('{"seq": 2, "cmd": "observe", "player": false}', "player"),
        ('{"seq": 2, "cmd": "perft", "depth": 1.25}', "depth"),
    ],
)
def test_other_numbers_are_still_errors(request_text: str, field: str) -> None:
    answer = exchange(START, request_text)[1]
    assert answer["ok"] is False and "unsupported" not in answer
    assert field in answer["error"]


@pytest.mark.parametrize("options", ["[]", "0", "false", '""', "5", '"minutes"', "[1]"])
def test_start_with_options_not_an_object_is_an_error(options: str) -> None:
    """Not `unsupported` (which would make the runner skip the scenario): the request is
    malformed, whatever the program implements."""
    answer = exchange(
        f'{{"seq": 7, "cmd": "start", "game": "elevenes-for-one", "options": {options}}}'
    )[0]
    assert answer["seq"] == 7 and answer["ok"] is False
    assert "unsupported" not in answer
    assert answer["error"].startswith("start: 'options' must be an object")


@pytest.mark.parametrize("options", ["", ', "options": null', ', "options": {}'])
def test_start_with_options_absent_or_null_takes_the_defaults(options: str) -> None:
    answers = exchange(
        f'{{"seq": 1, "cmd": "start", "game": "elevenes-for-one"{options}}}',
        '{"seq": 2, "cmd": "state"}',
    )
    assert answers[0]["ok"] is True
    assert answers[1]["state"]["options"] == {
        "edition": "v1.1", "minutes": 15, "challenge": False}
