"""The partial matcher: the first mismatch as a path with expected and actual values."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elevenes.conformance.matcher import MISSING, match, set_mismatch

ACTUAL = {
    "phase": "play",
    "pantry": [{"card": 3, "face_up": True}, {"card": 7, "face_up": False}],
    "discard": [],
    "minutes": 15,
    "held": None,
}


@pytest.mark.parametrize(
    "expected",
    [
        {},
        {"phase": "play"},
        {"pantry": [{"card": 3}, {}]},
        {"pantry": [{"card": 3, "face_up": True}, {"face_up": False}], "discard": []},
        {"minutes": 15.0},
        {"held": None},
        ACTUAL,
    ],
)
def test_partial_expectations_that_match(expected: dict[str, Any]) -> None:
    assert match(expected, ACTUAL) is None


@pytest.mark.parametrize(
    ("expected", "path", "want", "got"),
    [
        ({"phase": "deal"}, "phase", "deal", "play"),
        ({"pantry": [{"card": 3}, {"card": 8}]}, "pantry[1].card", 8, 7),
        ({"pantry": [{"face_up": 1}, {}]}, "pantry[0].face_up", 1, True),
        ({"minutes": True}, "minutes", True, 15),
        ({"held": 0}, "held", 0, None),
        ({"trolley": []}, "trolley", [], MISSING),
        ({"pantry": [{"card": 3, "colour": "red"}, {}]}, "pantry[0].colour", "red", MISSING),
        ({"minutes": "15"}, "minutes", "15", 15),
    ],
)
def test_the_first_mismatch_is_reported_with_its_path(
    expected: dict[str, Any], path: str, want: Any, got: Any
) -> None:
    found = match(expected, ACTUAL, root="state")
    assert found is not None
    assert found.path == f"state.{path}"
    assert found.expected == want
    assert found.actual is got or found.actual == got


def test_lists_must_have_the_same_length() -> None:
    found = match({"pantry": [{"card": 3}]}, ACTUAL)
    assert found is not None
    assert found.path == "pantry"
    assert "expected 1 items" in found.describe() and "got 2" in found.describe()
    found = match({"discard": {"a": 1}}, ACTUAL)
    assert found is not None and "expected a mapping" in found.describe()
    found = match({"minutes": [15]}, ACTUAL)
    assert found is not None and "expected a list" in found.describe()


def test_describe_shows_both_values() -> None:
    found = match({"phase": "deal"}, ACTUAL)
    assert found is not None
    assert found.describe() == 'at phase: expected "deal", got "play"'
    missing = match({"zone": 1}, ACTUAL)
    assert missing is not None
    assert missing.describe() == "at zone: expected 1, got nothing (the key is absent)"


def test_action_sets() -> None:
    assert set_mismatch(["a", "b"], ["b", "a"], "legal") is None
    found = set_mismatch(["a", "b"], ["b", "c"], "legal")
    assert found is not None
    assert found.describe() == 'at legal: legal actions differ: missing ["a"]; unexpected ["c"]'
    repeated = set_mismatch(["a"], ["a", "a"], "legal")
    assert repeated is not None and "repeated" in repeated.describe()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=60, derandomize=True)
@given(json_values)
def test_every_document_matches_itself(value: Any) -> None:
    assert match(value, value) is None


@settings(max_examples=60, derandomize=True)
@given(st.dictionaries(st.text(max_size=2), json_values, min_size=1, max_size=4), st.data())
def test_every_sub_mapping_matches(doc: dict[str, Any], data: st.DataObject) -> None:
    keys = data.draw(st.lists(st.sampled_from(sorted(doc)), unique=True))
    assert match({key: doc[key] for key in keys}, doc) is None
