"""Every example of the suite's specification pages is a real one, checked against the reference.

An example is a fenced ``json``, ``yaml`` or ``text`` block preceded by a MyST comment line
``% example: KIND ARGS``:

- ``exchange``: lines ``> request`` and ``< response``; the exchanges of a page form one session
  with the reference adapter, in page order, and every response must be exactly the one shown;
  requests and responses must also satisfy protocol.schema.json (``exchange malformed``: each
  request must break it, on purpose).
- ``state GAME``: a canonical state; valid against its schema and loaded and written back
  unchanged by the reference.
- ``observation GAME PLAYER``: what PLAYER sees in the page's last ``state`` example; valid
  against observation-GAME.schema.json.
- ``scenario`` / ``perft``: a suite file; it loads and passes against the reference.
- ``retired``: a retired-ids file; it is well formed.

Every json/yaml block of these pages must carry a mark, so no example goes unchecked.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from elevenes.conformance.loader import load_file, parse_retired
from elevenes.conformance.protocol import handle
from elevenes.conformance.report import PASS
from elevenes.conformance.runner import run_items
from elevenes.conformance.schemas import first_error, validator
from elevenes.conformance.subject import ReferenceSubject
from elevenes.games import load_game

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(
    [DOCS / "protocol.md", DOCS / "suite.md", DOCS / "compatibility.md"]
    + list((DOCS / "formats").glob("*.md"))
)
FENCE = re.compile(
    r"(?:^% example: (?P<mark>[^\n]*)\n)?^```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```\s*$",
    re.M | re.S,
)


def examples(page: Path) -> list[tuple[str, list[str], str, int]]:
    """(kind, args, body, line) of each marked example; unmarked json/yaml blocks fail."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        line = text.count("\n", 0, match.start("body"))
        mark, lang = match.group("mark"), match.group("lang")
        if mark is None:
            assert lang not in ("json", "yaml"), f"{page.name}:{line}: unmarked {lang} example"
            continue
        kind, *args = mark.split()
        found.append((kind, args, match.group("body"), line))
    return found


def test_the_spec_pages_have_examples() -> None:
    assert all(page.exists() for page in PAGES)
    kinds = {kind for page in PAGES for kind, _, _, _ in examples(page)}
    assert {"exchange", "state", "observation", "scenario", "perft"} <= kinds


def _protocol_error(doc: Any, definition: str) -> str | None:
    found = validator("protocol.schema.json")
    assert found is not None
    schema = {"$ref": f"protocol.schema.json#/$defs/{definition}"}
    checker = type(found)(schema, registry=found._registry)  # type: ignore[attr-defined]
    error = first_error(checker, doc)
    return None if error is None else f"{error[0]}: {error[1]}"


RESPONSES = {"start": "startResponse", "setup": "setupResponse", "act": "actResponse",
             "legal": "legalResponse", "state": "stateResponse", "observe": "observeResponse",
             "perft": "perftResponse", "stop": "stopResponse"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_examples_are_real(page: Path, tmp_path: Path) -> None:
    subject = ReferenceSubject()
    last_state: tuple[str, dict[str, Any]] | None = None
    for kind, args, body, line in examples(page):
        where = f"{page.name}:{line}"
        if kind == "exchange":
            request: Any = None
            for text in body.splitlines():
                if text.startswith("> "):
                    request = json.loads(text[2:])
                    if "malformed" in args:  # requests the protocol does not allow, on purpose
                        assert _protocol_error(request, "request") is not None, where
                    else:
                        assert _protocol_error(request, "request") is None, where
                elif text.startswith("< "):
                    shown = json.loads(text[2:])
                    answer = handle(subject, request)
                    assert answer == shown, f"{where}: the reference answers {json.dumps(answer)}"
                    cmd = request.get("cmd", "") if isinstance(request, dict) else ""
                    if answer.get("ok") or "violation" in answer:
                        definition = RESPONSES.get(cmd, "response")
                    else:
                        definition = "errorResponse"
                    assert _protocol_error(answer, definition) is None, where
        elif kind == "state":
            game_id = args[0]
            doc = json.loads(body)
            schema = validator(f"state-{game_id}.schema.json")
            assert schema is not None and first_error(schema, doc) is None, where
            options = dict(doc.get("options", {}))
            if game_id == "elevenes":
                options["players"] = len(doc["players"])
            state = load_game(game_id, options).state_from_json(doc)
            assert state.to_json() == doc, f"{where}: the reference writes this state otherwise"
            last_state = (game_id, doc)
        elif kind == "observation":
            game_id, player = args[0], int(args[1])
            assert last_state is not None and last_state[0] == game_id, where
            doc = json.loads(body)
            schema = validator(f"observation-{game_id}.schema.json")
            assert schema is not None and first_error(schema, doc) is None, where
            options = dict(last_state[1].get("options", {}))
            if game_id == "elevenes":
                options["players"] = len(last_state[1]["players"])
            state = load_game(game_id, options).state_from_json(last_state[1])
            assert state.observation(player) == doc, f"{where}: the reference shows otherwise"
        elif kind in ("scenario", "perft"):
            path = tmp_path / f"example-{line}.yaml"
            path.write_text(body, encoding="utf-8")
            assert isinstance(yaml.safe_load(body), dict)
            items = load_file(path)
            report = run_items(items)
            for result in report.results:
                assert result.status == PASS, f"{where}: {result.id}: {result.message}"
        elif kind == "response":  # an answer of the given protocol schema definition
            assert _protocol_error(json.loads(body), args[0]) is None, where
        elif kind == "retired":
            assert parse_retired(body, where), where
        else:
            raise AssertionError(f"{where}: unknown example kind {kind!r}")
    subject.close()
