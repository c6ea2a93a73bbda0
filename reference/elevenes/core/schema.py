"""Canonical state documents are checked against conformance/schema/state-<game>.schema.json
before a game loads them: one place for every game.

The check is compiled once per game (``jsonschema_rs``: a state of a long game of Elevenes
is checked in well under a millisecond, where an interpreted validator took tens of
milliseconds), and it adds the one rule the JSON Schema ``integer`` type cannot say: a
whole number is written as one.  ``1.0`` and ``-0.0`` are refused in every game, so that a
document the loader accepts holds exactly the numbers it will write back.

Refusals quote at most a short excerpt of the offending value, so that a pantry padded with
100,000 entries gives a one-line message, not a page.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

import jsonschema_rs

from ..paths import conformance_dir
from .errors import BadState, shorten

EXCERPT = 60  # characters of an offending value quoted in a message


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """A short quotation of ``value`` for an error message (JSON, cut with an ellipsis, and
    the number of entries of a long list or object)."""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    if len(text) <= limit:
        return text
    size = f" ({len(value)} entries)" if isinstance(value, list | dict) else ""
    return text[: limit - 1] + "…" + size


def short_message(error: Any) -> str:
    """A validator's error message with the offending value quoted by a short excerpt."""
    message = str(error.message)
    quoted = json.dumps(error.instance, separators=(",", ":"), ensure_ascii=False)
    for form in (quoted, json.dumps(error.instance, ensure_ascii=False)):
        if len(form) > EXCERPT and form in message:
            message = message.replace(form, excerpt(error.instance))
            break
    return shorten(message)


@cache
def state_validator(game_id: str) -> Any:
    """The compiled validator of ``state-<game_id>.schema.json``."""
    path = conformance_dir("schema") / f"state-{game_id}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    return jsonschema_rs.validator_for(schema)


def float_in(doc: Any) -> tuple[str, float] | None:
    """The first number of ``doc`` written with a fraction or an exponent (a JSON float), as
    (path, value); None if every number is written as a whole number.  Iterative, so that a
    document nested deeply gives an answer, not a RecursionError."""
    todo: list[tuple[str, Any]] = [("", doc)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, float):
            return where or "(top)", value
        if isinstance(value, dict):
            todo.extend((f"{where}/{k}".lstrip("/"), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            todo.extend((f"{where}/{i}".lstrip("/"), v)
                        for i, v in reversed(list(enumerate(value))))
    return None


def schema_problem(game_id: str, doc: Any) -> str | None:
    """The first way ``doc`` breaks the game's state schema (``at PATH: message``), or None."""
    if not isinstance(doc, Mapping):
        return "a state is a JSON object"
    doc = dict(doc)
    validator = state_validator(game_id)
    try:
        validator.validate(doc)  # the first error only (iter_errors would make them all)
    except jsonschema_rs.ValidationError as error:
        where = "/".join(str(p) for p in error.instance_path) or "(top)"
        return f"at {where}: {short_message(error)}"
    except (ValueError, OverflowError, RecursionError) as exc:
        return f"the document cannot be checked: {shorten(str(exc))}"
    found = float_in(doc)
    if found is not None:
        where, value = found
        return (f"at {where}: {excerpt(value)} is not a whole number written as one (numbers "
                "in a state are written without a fraction or exponent)")
    return None


def check_state_document(game_id: str, doc: Any) -> None:
    """Raise BadState naming the first place where ``doc`` breaks the schema."""
    problem = schema_problem(game_id, doc)
    if problem is not None:
        raise BadState(f"the {game_id} state does not match its schema {problem}")


def check_playable(state: Any, rule_id: str) -> None:
    """A loaded position the rules can play on: unless the game is over, a chance node has an
    outcome and a decision has a legal answer (``rule_id``: the rule that asks it)."""
    if state.is_terminal():
        return
    if state.is_chance_node():
        if not state.chance_outcomes():
            raise BadState(f"the position waits for a deal or draw but nothing is left to deal "
                           f"or draw ({rule_id})")
    elif not state.legal_actions():
        raise BadState(f"the position asks player {state.current_player()} for a decision "
                       f"that has no legal answer ({rule_id})")
