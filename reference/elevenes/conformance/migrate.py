"""Bring old conformance files and state documents up to the current format.

Suite format 1.x described a card effect in progress by the reference engine's own machinery
(``stack: [{card, event, pc, vars: {_repeat1: 0}}]``).  Format 2 describes it in rules terms
(``at``: the statement of the card's text, ``names``, ``rounds``; docs/suite.md).  This module
converts the old form, using the reference's compiled cards to read the old program counters:

    python -m elevenes.conformance.migrate conformance/elevenes-for-one/*.yaml   # in place
    python -m elevenes.conformance.migrate --check FILE...    # exit 1 if any file is old

YAML files are edited in place and only where a ``stack`` changes (in a set-up, or in a
step's ``expect`` or a ``final`` expectation), so comments and layout elsewhere are kept; a
``.json`` state document is rewritten whole.  A file already in the current format is left
as it is.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..core.errors import ElevenesError
from ..dsl.runtime import Frame
from ..games import load_game

Json = dict[str, Any]
OLD_KEYS = ("pc", "vars")


def is_old_frame(frame: Any) -> bool:
    return isinstance(frame, Mapping) and any(key in frame for key in OLD_KEYS)


def migrate_stack(game_id: str, state: Mapping[str, Any], options: Mapping[str, Any] | None = None
                  ) -> list[Json] | None:
    """The stack of ``state`` in the current format, or None when it needs no change."""
    stack = state.get("stack")
    if not isinstance(stack, list) or not any(is_old_frame(f) for f in stack):
        return None
    chosen = dict(options or {})
    chosen.update(state.get("options") or {})
    if game_id == "elevenes" and "players" in state:
        chosen.setdefault("players", len(state["players"]))
    game = load_game(game_id, chosen)
    blank: Any = game.new_initial_state()
    frames = [_old_frame(game_id, blank, doc) for doc in stack]
    if game_id == "elevenes-for-one":
        blank.stack = frames
        converted: list[Json] = blank.stack_json()
        return converted
    if game_id == "elevenes":
        from ..games.elevenes.views import frame_json

        return [frame_json(blank, f, i == len(frames) - 1) for i, f in enumerate(frames)]
    raise ElevenesError(f"{game_id} states have no effect stack to migrate")


def _old_frame(game_id: str, blank: Any, doc: Mapping[str, Any]) -> Frame:
    card = doc["card"]
    if game_id == "elevenes":
        from ..games.elevenes.notation import parse_card

        found = parse_card(str(card), blank.n)
        if found is None:
            raise ElevenesError(f"stack: {card!r} is not a card of a {blank.n}-player game")
        card = found
    event = str(doc.get("event", "play"))
    default_cost = 0 if event == "discard" else 1
    variables = {str(k): int(v) for k, v in dict(doc.get("vars", {})).items()}
    return Frame(int(card), event, int(doc.get("owner", 0)),
                 int(doc.get("cost", default_cost)), int(doc.get("pc", 0)), variables)


def migrate_expected_stack(game_id: str, stack: list[Any], options: Mapping[str, Any]
                           ) -> list[Any] | None:
    """A partial expectation of ``stack`` (``expect: {stack: [...]}``) with each entry's
    ``pc``/``vars`` replaced by ``at``/``names``/``rounds``; other keys stay as written.
    None when no entry needs it.  The entry must name its ``card`` (and ``event``, except
    in Elevenes, where it is always ``play``)."""
    if not any(is_old_frame(f) for f in stack):
        return None
    game = load_game(game_id, dict(options))
    blank: Any = game.new_initial_state()
    converted: list[Any] = []
    for index, doc in enumerate(stack):
        if not is_old_frame(doc):
            converted.append(doc)
            continue
        if "card" not in doc or (game_id != "elevenes" and "event" not in doc):
            raise ElevenesError(f"stack[{index}]: an expectation with pc or vars must name "
                                "its card and event to be migrated")
        new = {key: value for key, value in doc.items() if key not in OLD_KEYS}
        new.update(_rules_keys(game_id, blank, doc, index == len(stack) - 1))
        converted.append(new)
    return converted


def _rules_keys(game_id: str, blank: Any, doc: Mapping[str, Any], waiting: bool) -> Json:
    """``at``, ``names``, ``rounds`` (and ``picked_back``) of one old frame."""
    frame = _old_frame(game_id, blank, doc)
    if game_id == "elevenes":
        from ..games.elevenes.views import frame_json

        found: Json = frame_json(blank, frame, waiting)
    else:
        from ..dsl.frames import frame_rules

        found = frame_rules(frame, blank.cards.statements(frame.card, frame.event), waiting,
                            lambda kind, value: value)
    keep = ("at", "names", "rounds", "picked_back")
    return {key: found[key] for key in keep if key in found}


def migrate_state(game_id: str, state: Mapping[str, Any],
                  options: Mapping[str, Any] | None = None) -> Json:
    """A copy of ``state`` in the current format."""
    doc = dict(state)
    stack = migrate_stack(game_id, doc, options)
    if stack is not None:
        doc["stack"] = stack
    return doc


# -- files ---------------------------------------------------------------------------------------
def _key_value(node: Node, key: str) -> Node | None:
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if isinstance(k, ScalarNode) and k.value == key:
                found: Node = v
                return found
    return None


def _setups(data: Any, root: Node) -> list[tuple[str, Json, Json, Node]]:
    """(game, options, setup, setup node) of each set-up position of a suite file."""
    found: list[tuple[str, Json, Json, Node]] = []
    if not isinstance(data, dict):
        return found
    if isinstance(data.get("scenarios"), list):
        scenarios = _key_value(root, "scenarios")
        for index, doc in enumerate(data["scenarios"]):
            if not isinstance(doc, dict) or not isinstance(doc.get("setup"), dict):
                continue
            assert isinstance(scenarios, SequenceNode)
            node = _key_value(scenarios.value[index], "setup")
            options = {**dict(data.get("options") or {}), **dict(doc.get("options") or {})}
            game = doc.get("game", data.get("game"))
            if node is not None and isinstance(game, str):
                found.append((game, options, doc["setup"], node))
    elif isinstance(data.get("setup"), dict):
        node = _key_value(root, "setup")
        game = data.get("game")
        if node is not None and isinstance(game, str):
            found.append((game, dict(data.get("options") or {}), data["setup"], node))
    elif isinstance(data.get("game"), str) and "stack" in data:  # a bare state document
        found.append((data["game"], {}, data, root))
    return found


def _expected_stacks(data: Any, root: Node) -> list[tuple[str, Json, list[Any], Node]]:
    """(game, options, stack, stack node) of each ``stack`` in a scenario's ``expect`` or
    ``final``."""
    found: list[tuple[str, Json, list[Any], Node]] = []
    if not isinstance(data, dict) or data.get("kind") == "perft":
        return found
    pairs: list[tuple[Json, Node]] = []
    if isinstance(data.get("scenarios"), list):
        scenarios = _key_value(root, "scenarios")
        if isinstance(scenarios, SequenceNode):
            pairs = [(doc, node) for doc, node in zip(data["scenarios"], scenarios.value,
                                                      strict=False) if isinstance(doc, dict)]
    else:
        pairs = [(data, root)]
    for doc, node in pairs:
        game = doc.get("game", data.get("game"))
        if not isinstance(game, str):
            continue
        options = {**dict(data.get("options") or {}), **dict(doc.get("options") or {})}
        if game == "elevenes" and isinstance(doc.get("setup"), dict):
            options.setdefault("players", len(doc["setup"].get("players", [])) or 4)
        places: list[tuple[Any, Node | None]] = [(doc.get("final"), _key_value(node, "final"))]
        steps_node = _key_value(node, "steps")
        for index, step in enumerate(doc.get("steps") or []):
            step_node = (steps_node.value[index] if isinstance(steps_node, SequenceNode)
                         and index < len(steps_node.value) else None)
            if isinstance(step, dict) and step_node is not None:
                places.append((step.get("expect"), _key_value(step_node, "expect")))
        for expect, expect_node in places:
            if not isinstance(expect, dict) or expect_node is None:
                continue
            stack_node = _key_value(expect_node, "stack")
            if isinstance(expect.get("stack"), list) and stack_node is not None:
                found.append((game, options, expect["stack"], stack_node))
    return found


def _flow(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10_000)
    return text.strip().removesuffix("...").strip()


def _render_stack(frames: Sequence[Json], node: SequenceNode) -> str:
    if node.flow_style or not frames:
        return _flow(list(frames))
    indent = " " * node.start_mark.column
    return ("\n" + indent).join(f"- {_flow(frame)}" for frame in frames)


def _span(text: str, node: Node) -> tuple[int, int]:
    """Where a node's text lies, without the blanks and newlines that follow it."""
    end = node.end_mark.index
    while end > node.start_mark.index and text[end - 1] in " \n":
        end -= 1
    return node.start_mark.index, end


def migrate_text(text: str, file: str = "<text>") -> str:
    """The text of a YAML suite file (or a YAML/JSON state) in the current format."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ElevenesError(f"{file}: not valid YAML: {exc}") from None
    if root is None:
        return text
    edits: list[tuple[int, int, str]] = []
    for game, options, setup, node in _setups(data, root):
        stack = migrate_stack(game, setup, options)
        stack_node = _key_value(node, "stack")
        if stack is None or not isinstance(stack_node, SequenceNode):
            continue
        edits.append((*_span(text, stack_node), _render_stack(stack, stack_node)))
    for game, options, expected, node in _expected_stacks(data, root):
        changed = migrate_expected_stack(game, expected, options)
        if changed is None or not isinstance(node, SequenceNode):
            continue
        edits.append((*_span(text, node), _render_stack(changed, node)))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def migrate_path(path: Path, check: bool = False) -> bool:
    """Migrate one file in place; True when it was (or, with ``check``, would be) changed."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        doc = json.loads(text)
        if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
            raise ElevenesError(f"{path}: not a state document")
        new_doc = migrate_state(doc["game"], doc)
        changed = new_doc != doc
        if changed and not check:
            path.write_text(json.dumps(new_doc, indent=2) + "\n", encoding="utf-8")
        return changed
    new = migrate_text(text, str(path))
    if new != text and not check:
        path.write_text(new, encoding="utf-8")
    return new != text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m elevenes.conformance.migrate",
        description="Convert conformance files and state documents to the current format "
        "(effects in progress in rules terms instead of program counters).")
    parser.add_argument("files", nargs="+", type=Path, help="YAML suite files or JSON states")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a file needs migrating")
    args = parser.parse_args(argv)
    pending = 0
    for path in args.files:
        try:
            changed = migrate_path(path, args.check)
        except (OSError, ValueError, ElevenesError) as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            return 1
        if changed:
            pending += 1
            print(f"{path}: {'needs migrating' if args.check else 'migrated'}")
    return 1 if args.check and pending else 0


if __name__ == "__main__":
    sys.exit(main())
