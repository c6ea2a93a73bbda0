"""The JSON Schemas of ``conformance/schema/``: loading, validating, readable error messages.

Schemas refer to each other by file name (``scenario.schema.json#/$defs/ruleId``); every
schema of the folder is registered under its ``$id`` and under its file name.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema import Draft202012Validator
from jsonschema.protocols import Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from ..core.errors import ElevenesError
from ..paths import conformance_dir

Path_ = Sequence[str | int]


class SchemaError(ElevenesError):
    """A schema file is missing or is not a valid JSON Schema."""


def schema_dir() -> Path:
    return conformance_dir() / "schema"


def state_schema_file(game: str) -> Path:
    """Where the canonical state schema of ``game`` lives (it may not exist)."""
    return schema_dir() / f"state-{game}.schema.json"


@lru_cache(maxsize=4)
def _registry(folder: str) -> tuple[Registry[Any], dict[str, Any]]:
    docs: dict[str, Any] = {}
    registry: Registry[Any] = Registry()
    for path in sorted(Path(folder).glob("*.schema.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SchemaError(f"{path}: not a readable JSON document: {exc}") from exc
        docs[path.name] = doc
        resource = Resource.from_contents(doc, default_specification=DRAFT202012)
        registry = registry.with_resource(path.name, resource)
        if isinstance(doc, dict) and isinstance(doc.get("$id"), str):
            registry = registry.with_resource(doc["$id"], resource)
    return registry, docs


@lru_cache(maxsize=32)
def _validator(folder: str, name: str) -> Validator | None:
    registry, docs = _registry(folder)
    doc = docs.get(name)
    if doc is None:
        return None
    # The schema's own "$schema" picks the draft; 2020-12 when it does not say.
    cls = jsonschema.validators.validator_for(doc, default=Draft202012Validator)
    try:
        cls.check_schema(doc)
    except jsonschema.SchemaError as exc:
        raise SchemaError(f"{Path(folder) / name}: not a valid JSON Schema: {exc.message}") from exc
    return cls(doc, registry=registry)


def validator(name: str, folder: Path | None = None) -> Validator | None:
    """The validator of ``<folder>/<name>`` (default: the shipped schema folder), or None."""
    return _validator(str((folder or schema_dir()).resolve()), name)


def require_validator(name: str) -> Validator:
    found = validator(name)
    if found is None:
        raise SchemaError(f"schema {name} not found in {schema_dir()}")
    return found


def clear_cache() -> None:
    _registry.cache_clear()
    _validator.cache_clear()


def format_path(path: Iterable[str | int], root: str = "") -> str:
    """``["steps", 2, "act"]`` -> ``steps[2].act``."""
    text = root
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "(top level)"


def first_error(validator_: Validator, doc: Any) -> tuple[list[str | int], str] | None:
    """The most relevant schema violation of ``doc`` as (path, message), or None if valid."""
    errors = list(validator_.iter_errors(doc))
    if not errors:
        return None
    error = _deepest(errors)
    return list(error.absolute_path), _describe(error)


def _deepest(errors: list[jsonschema.ValidationError]) -> jsonschema.ValidationError:
    """The error to show: the one deepest in the document, preferring leaf errors of
    combinators (a oneOf whose branches all failed reports its best branch)."""
    best: jsonschema.ValidationError = jsonschema.exceptions.best_match(errors)
    while best.context:
        best = jsonschema.exceptions.best_match(best.context)
    # best_match prefers shallow errors; a deeper one tells the author more.
    deepest = max(errors, key=lambda e: len(e.absolute_path))
    if len(deepest.absolute_path) > len(best.absolute_path):
        return deepest
    return best


def _describe(error: jsonschema.ValidationError) -> str:
    validator_name = error.validator
    instance = error.instance
    if validator_name == "additionalProperties" and isinstance(instance, dict):
        allowed = list(
            (error.schema.get("properties") or {}) if isinstance(error.schema, dict) else {}
        )
        extra = [key for key in instance if key not in allowed]
        parts = []
        for key in extra:
            hint = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            parts.append(
                f"unknown field {key!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
            )
        if allowed:
            parts.append("allowed: " + ", ".join(allowed))
        return "; ".join(parts)
    if validator_name == "required":
        return error.message.replace("is a required property", "is required")
    if validator_name == "pattern":
        return f"{_short(instance)} has the wrong form (expected to match {error.validator_value})"
    if validator_name == "type":
        expected = error.validator_value
        names = expected if isinstance(expected, list) else [expected]
        return f"{_short(instance)} should be of type {' or '.join(map(str, names))}"
    if validator_name == "const":
        return f"{_short(instance)} should be {json.dumps(error.validator_value)}"
    if validator_name == "uniqueItems":
        return "the items must be unique"
    return error.message


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."
