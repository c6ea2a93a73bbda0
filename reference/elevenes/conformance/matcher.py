"""Partial matching of an expectation against an actual document.

Keys present in an expected mapping must be present and match recursively (other keys of the
actual mapping are ignored); lists must have the same length and match element by element;
scalars must be equal (numbers by value, so 1 matches 1.0, but a boolean only matches a
boolean).  The reserved key ``$absent`` of an expected mapping, at any depth, lists keys the
actual mapping must not have (no key of a state or an observation starts with ``$``).  The
first mismatch is reported as a path with the expected and actual values.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import attrs

from .schemas import format_path


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


MISSING: Any = _Missing()
"""The actual value of a key the actual document does not have."""

RESERVED = ("terminal", "returns", "score", "current_player", "legal", "chances")
"""The keys of ``expect``/``final`` compared with the answers' own fields, not the state."""

ABSENT = "$absent"
"""The reserved key of an expected mapping that lists the keys the actual one must not have."""


@attrs.frozen
class Mismatch:
    path: str
    expected: Any
    actual: Any
    reason: str = ""

    def describe(self) -> str:
        head = f"at {self.path}: " if self.path else ""
        if self.reason:
            return f"{head}{self.reason}"
        return f"{head}expected {show(self.expected)}, got {show(self.actual)}"


def show(value: Any, limit: int = 200) -> str:
    """A value as reports print it: JSON, shortened when long."""
    if value is MISSING:
        return "nothing (the key is absent)"
    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def match(expected: Any, actual: Any, root: str = "") -> Mismatch | None:
    """The first place where ``actual`` does not satisfy ``expected``, or None."""
    return _match(expected, actual, [], root)


def _match(expected: Any, actual: Any, path: list[str | int], root: str) -> Mismatch | None:
    here = format_path(path, root) if (path or root) else ""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return Mismatch(here, expected, actual, f"expected a mapping, got {show(actual)}")
        for key, value in expected.items():
            if key == ABSENT:
                continue
            if key not in actual:
                return Mismatch(format_path([*path, key], root), value, MISSING)
            found = _match(value, actual[key], [*path, key], root)
            if found:
                return found
        for key in expected.get(ABSENT, ()):
            if key in actual:
                return Mismatch(
                    format_path([*path, key], root),
                    MISSING,
                    actual[key],
                    f"expected no key {key}, got {show(actual[key])}",
                )
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list | tuple):
            return Mismatch(here, expected, actual, f"expected a list, got {show(actual)}")
        if len(expected) != len(actual):
            return Mismatch(
                here,
                expected,
                actual,
                f"expected {len(expected)} items {show(expected)}, "
                f"got {len(actual)} {show(actual)}",
            )
        for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
            found = _match(want, got, [*path, index], root)
            if found:
                return found
        return None
    if not scalars_equal(expected, actual):
        return Mismatch(here, expected, actual)
    return None


def scalars_equal(expected: Any, actual: Any) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(expected, bool) and isinstance(actual, bool) and expected == actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return expected == actual
    if type(expected) is not type(actual) and not (
        isinstance(expected, str) and isinstance(actual, str)
    ):
        return False
    return bool(expected == actual)


def set_mismatch(expected: Sequence[str], actual: Sequence[str], path: str) -> Mismatch | None:
    """Compare two sets of action strings; the report names what is missing and what extra."""
    want, got = set(expected), set(actual)
    if want == got and len(actual) == len(got):
        return None
    missing = sorted(want - got)
    extra = sorted(got - want)
    parts = []
    if missing:
        parts.append(f"missing {show(missing)}")
    if extra:
        parts.append(f"unexpected {show(extra)}")
    if not parts:
        parts.append(f"repeated actions in {show(list(actual))}")
    return Mismatch(path, sorted(want), list(actual), "legal actions differ: " + "; ".join(parts))
