"""Check a state document against conformance/schema/state-elevenes.schema.json."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import jsonschema

from ...core.errors import BadState
from ...paths import conformance_dir


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    path = conformance_dir() / "schema" / "state-elevenes.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def validate_state(doc: Mapping[str, Any]) -> None:
    if not isinstance(doc, Mapping):
        raise BadState("an Elevenes state is a JSON object")
    errors = sorted(_validator().iter_errors(dict(doc)), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path) or "(top)"
        raise BadState(f"state does not match the schema at {where}: {first.message}")
