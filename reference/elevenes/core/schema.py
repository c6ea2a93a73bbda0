"""Canonical state documents are checked against conformance/schema/state-<game>.schema.json
before a game loads them: one place for every game."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

import jsonschema

from ..paths import conformance_dir
from .errors import BadState


@cache
def state_validator(game_id: str) -> jsonschema.protocols.Validator:
    path = conformance_dir("schema") / f"state-{game_id}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    validator: jsonschema.protocols.Validator = cls(schema)
    return validator


def schema_problem(game_id: str, doc: Any) -> str | None:
    """The first way ``doc`` breaks the game's state schema (``at PATH: message``), or None."""
    if not isinstance(doc, Mapping):
        return "a state is a JSON object"
    errors = sorted(
        state_validator(game_id).iter_errors(dict(doc)), key=lambda e: list(e.absolute_path)
    )
    if not errors:
        return None
    where = "/".join(str(p) for p in errors[0].absolute_path) or "(top)"
    return f"at {where}: {errors[0].message}"


def check_state_document(game_id: str, doc: Any) -> None:
    """Raise BadState naming the first place where ``doc`` breaks the schema."""
    problem = schema_problem(game_id, doc)
    if problem is not None:
        raise BadState(f"the {game_id} state does not match its schema {problem}")
