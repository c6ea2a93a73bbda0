"""Loading conformance files: YAML -> schema check -> Scenario / Perft objects.

Every problem with a file is a ``LoadError`` reading ``file:line: field.path: message``;
nothing here lets a Python traceback through.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..core.errors import ElevenesError
from ..paths import conformance_dir
from .matcher import ABSENT, RESERVED
from .model import PROFILES, RULES, STRICT, Item, Json, Observe, Perft, Scenario, Step
from .schemas import first_error, format_path, require_validator, validator

SUFFIXES = (".yaml", ".yml")

Fail = Callable[[str, Sequence[str | int]], "LoadError"]
"""Makes the LoadError of a message about one field of the file being loaded."""


class LoadError(ElevenesError):
    """A conformance file that cannot be used, and why."""

    def __init__(
        self, file: str, message: str, line: int = 0, path: Sequence[str | int] = ()
    ) -> None:
        self.file = file
        self.line = line
        self.path = list(path)
        self.detail = message
        where = f"{file}:{line}" if line else file
        field = f"{format_path(path)}: " if path else ""
        super().__init__(f"{where}: {field}{message}")


class SuiteError(ElevenesError):
    """Several files could not be loaded."""

    def __init__(self, errors: Sequence[LoadError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in errors))


# -- YAML with line numbers and no duplicate keys ----------------------------------------------
class _Loader(yaml.SafeLoader):
    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, Node] = {}
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in seen
            except TypeError:
                duplicate = False
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key {key!r} (first at line {seen[key].start_mark.line + 1})",
                    key_node.start_mark,
                )
            seen[key] = key_node
        return super().construct_mapping(node, deep=deep)


def _parse_yaml(text: str, file: str) -> tuple[Any, Node | None]:
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 0
        problem = " ".join(p for p in (exc.context, exc.problem) if p) or str(exc)
        raise LoadError(file, f"not valid YAML: {problem}", line) from None
    except yaml.YAMLError as exc:
        raise LoadError(file, f"not valid YAML: {exc}") from None
    except RecursionError:
        raise LoadError(file, "not readable: it is nested too deeply") from None
    finally:
        loader.dispose()
    return data, node


def node_line(node: Node | None, path: Sequence[str | int]) -> int:
    """The line (1-based) of the deepest node of ``path`` found in the YAML tree."""
    if node is None:
        return 0
    line = node.start_mark.line + 1
    for part in path:
        found: Node | None = None
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if isinstance(key, ScalarNode) and key.value == str(part):
                    found = value if not isinstance(value, ScalarNode) else key
                    break
        elif isinstance(node, SequenceNode) and isinstance(part, int) and part < len(node.value):
            found = node.value[part]
        if found is None:
            break
        node = found
        line = node.start_mark.line + 1
    return line


# -- files ---------------------------------------------------------------------------------
def display_path(path: Path) -> str:
    """A path as reports show it: relative to the current folder when it is below it; a file
    of the shipped suite elsewhere (an installed copy) as ``conformance/<game>/<file>``."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        pass
    try:
        return "conformance/" + path.resolve().relative_to(conformance_dir().resolve()).as_posix()
    except (ValueError, OSError):
        return str(path)


def _read(path: Path | str) -> tuple[str, str]:
    """The text of a suite file and the name to report it by."""
    file = display_path(Path(path))
    try:
        return Path(path).read_text(encoding="utf-8"), file
    except FileNotFoundError:
        raise LoadError(file, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LoadError(file, f"cannot read: {exc}") from None


def load_file(path: Path | str, require_id: bool = True) -> list[Item]:
    """The scenarios or perft check of one file.  ``require_id=False`` (for ``judge``) names
    scenarios without an id after the file."""
    path = Path(path)
    text, file = _read(path)
    data, root = _parse_yaml(text, file)
    if data is None:
        raise LoadError(file, "the file is empty")
    if not isinstance(data, dict):
        raise LoadError(file, "expected a mapping (one scenario, or `scenarios: [...]`)", 1)
    if not require_id:
        _name_scenarios(data, path.stem)
    folder_game = shipped_folder_game(path)

    def fail(message: str, where: Sequence[str | int]) -> LoadError:
        return LoadError(file, message, node_line(root, where), where)

    if data.get("kind") == "perft":
        error = first_error(require_validator("perft.schema.json"), data)
        if error:
            raise fail(error[1], error[0])
        perft = _perft(data, file, node_line(root, ()))
        _check_perft(perft, fail)
        _check_setup(perft.game, perft.setup, ["setup"], fail)
        _check_folder(perft.game, folder_game, ["game"], fail)
        return [perft]

    _check_strict(data, fail)
    error = first_error(require_validator("scenario.schema.json"), data)
    if error:
        raise fail(error[1], error[0])
    items: list[Item] = []
    if "scenarios" in data:
        defaults = {k: data[k] for k in ("game", "options") if k in data}
        for index, doc in enumerate(data["scenarios"]):
            merged = {**defaults, **doc}
            if "options" in defaults and "options" in doc:
                merged["options"] = {**defaults["options"], **doc["options"]}
            where: list[str | int] = ["scenarios", index]
            scenario = _scenario(merged, file, root, where)
            _check_absent_keys(scenario, where, fail)
            _check_setup(scenario.game, scenario.setup, [*where, "setup"], fail)
            _check_folder(scenario.game, folder_game, [*where, "game"], fail)
            items.append(scenario)
    else:
        scenario = _scenario(data, file, root, [])
        _check_absent_keys(scenario, [], fail)
        _check_setup(scenario.game, scenario.setup, ["setup"], fail)
        _check_folder(scenario.game, folder_game, ["game"], fail)
        items.append(scenario)
    seen: dict[str, int] = {}
    for number, item in enumerate(items):
        if item.id in seen:
            raise fail(
                f"scenario id {item.id!r} is used twice in this file",
                ["scenarios", number, "id"],
            )
        seen[item.id] = number
    return items


def _check_strict(data: dict[str, Any], fail: Fail) -> None:
    """Only a scenario whose set-up must be refused can be in the strict profile."""
    docs = data.get("scenarios") if "scenarios" in data else [data]
    if not isinstance(docs, list):
        return
    for index, doc in enumerate(docs):
        if isinstance(doc, dict) and doc.get("profile") == STRICT and "setup_refused" not in doc:
            where: list[str | int] = ["scenarios", index] if "scenarios" in data else []
            raise fail(
                "strict is the profile of a set-up that must be refused (setup_refused: true); "
                "every other scenario is in the rules profile",
                [*where, "profile"],
            )


def _check_absent_keys(scenario: Scenario, where: list[str | int], fail: Fail) -> None:
    """``$absent`` may not name a key its own mapping expects, nor, at the top of ``expect``
    or ``final``, a reserved key (those are compared with the answer, not the state)."""
    places: list[tuple[Any, list[str | int], bool]] = []
    for step in scenario.steps:
        at: list[str | int] = [*where, "steps", step.index]
        places.append((step.expect, [*at, "expect"], True))
        for number, seen in enumerate(step.observe):
            observe_at = [*at, "observe"] + ([number] if len(step.observe) > 1 else [])
            places.append((seen.expect, [*observe_at, "expect"], False))
    places.append((scenario.final, [*where, "final"], True))
    for expect, at, top in places:
        _absent_in(expect, at, top, fail)


def _absent_in(value: Any, where: list[str | int], top: bool, fail: Fail) -> None:
    if isinstance(value, list):
        for index, item in enumerate(value):
            _absent_in(item, [*where, index], False, fail)
        return
    if not isinstance(value, dict):
        return
    for key in value.get(ABSENT, ()):
        if key in value:
            raise fail(f"{ABSENT} names {key!r}, a key this mapping also expects",
                       [*where, ABSENT])
        if top and key in RESERVED:
            raise fail(f"{ABSENT} names {key!r}, which is compared with the answer to `state`, "
                       "not a key of the state document", [*where, ABSENT])
    for key, item in value.items():
        if key != ABSENT:
            _absent_in(item, [*where, key], False, fail)


def _name_scenarios(data: dict[str, Any], stem: str) -> None:
    if isinstance(data.get("scenarios"), list):
        for number, doc in enumerate(data["scenarios"], start=1):
            if isinstance(doc, dict) and "id" not in doc:
                doc["id"] = f"{stem}-{number}"
    elif "id" not in data and data.get("kind") != "perft":
        data["id"] = stem


def shipped_folder_game(path: Path) -> str | None:
    """``conformance/<game>/x.yaml`` of the shipped suite -> ``<game>``."""
    try:
        relative = path.resolve().relative_to(conformance_dir().resolve())
    except (ValueError, OSError):
        return None
    if len(relative.parts) >= 2 and relative.parts[0] != "schema":
        return relative.parts[0]
    return None


def _check_folder(game: str, folder_game: str | None, where: list[str | int], fail: Fail) -> None:
    if folder_game is not None and game != folder_game:
        raise fail(f"game {game!r} does not match the folder conformance/{folder_game}/", where)


def _check_setup(game: str, setup: Json | None, where: list[str | int], fail: Fail) -> None:
    """Validate a setup against ``state-<game>.schema.json`` when that schema exists."""
    if setup is None:
        return
    state_validator = validator(f"state-{game}.schema.json")
    if state_validator is None:
        return
    error = first_error(state_validator, setup)
    if error:
        raise fail(f"{error[1]} (state-{game}.schema.json)", [*where, *error[0]])


def _check_perft(perft: Perft, fail: Fail) -> None:
    if len(perft.counts) != perft.depth:
        raise fail(
            f"depth is {perft.depth} but counts has {len(perft.counts)} numbers "
            f"(perft(1) .. perft({perft.depth}))",
            ["counts"],
        )
    if perft.divide is not None and sum(perft.divide.values()) != perft.counts[-1]:
        raise fail(
            f"the divide counts add up to {sum(perft.divide.values())}, "
            f"but perft({perft.depth}) is {perft.counts[-1]}",
            ["divide"],
        )


def _scenario(doc: Json, file: str, root: Node | None, where: list[str | int]) -> Scenario:
    steps = []
    for index, step in enumerate(doc.get("steps", [])):
        actions = tuple(step.get("acts", [])) + ((step["act"],) if "act" in step else ())
        observe = step.get("observe", [])
        if isinstance(observe, dict):
            observe = [observe]
        steps.append(
            Step(
                index=index,
                actions=actions,
                expect=step.get("expect"),
                legal=tuple(step["legal"]) if "legal" in step else None,
                violation=step.get("violation"),
                observe=tuple(Observe(o["player"], o["expect"]) for o in observe),
                note=step.get("note", ""),
                line=node_line(root, [*where, "steps", index]),
            )
        )
    return Scenario(
        id=doc["id"],
        game=doc["game"],
        options=dict(doc.get("options", {})),
        rules=tuple(doc.get("rules", ())),
        description=doc.get("description", ""),
        setup=doc.get("setup"),
        setup_refused=bool(doc.get("setup_refused", False)),
        steps=tuple(steps),
        final=doc.get("final"),
        xfail=doc.get("xfail"),
        file=file,
        line=node_line(root, where),
        profile=doc.get("profile", RULES),
    )


def _perft(doc: Json, file: str, line: int) -> Perft:
    return Perft(
        id=doc["id"],
        game=doc["game"],
        depth=doc["depth"],
        counts=tuple(doc["counts"]),
        divide=dict(doc["divide"]) if "divide" in doc else None,
        options=dict(doc.get("options", {})),
        rules=tuple(doc.get("rules", ())),
        description=doc.get("description", ""),
        setup=doc.get("setup"),
        xfail=doc.get("xfail"),
        file=file,
        line=line,
    )


# -- the suite ----------------------------------------------------------------------------
@attrs.define
class Suite:
    """Everything loaded from some files, and the files that could not be loaded."""

    items: list[Item] = attrs.field(factory=list)
    errors: list[LoadError] = attrs.field(factory=list)

    def games(self) -> list[str]:
        return sorted({item.game for item in self.items})

    def by_id(self) -> dict[str, Item]:
        return {item.id: item for item in self.items}

    def profiles(self) -> dict[str, int]:
        """How many items each profile has (every profile listed, in ``PROFILES`` order)."""
        counts = dict.fromkeys(PROFILES, 0)
        for item in self.items:
            counts[item.profile] += 1
        return counts

    def select(
        self,
        games: Iterable[str] = (),
        rules: Iterable[str] = (),
        ids: Iterable[str] = (),
        profiles: Iterable[str] = (),
    ) -> Suite:
        """The items of any of ``games`` citing any of ``rules`` (an id or an id prefix) with
        any of ``ids`` in any of ``profiles``; an empty filter lets everything through."""
        game_set, rule_list, id_set = set(games), list(rules), set(ids)
        profile_set = set(profiles)

        def cites(item: Item) -> bool:
            return any(
                cited == rule or cited.startswith(rule.rstrip(".") + ".")
                for cited in item.cited_rules()
                for rule in rule_list
            )

        chosen = [
            item
            for item in self.items
            if (not game_set or item.game in game_set)
            and (not rule_list or cites(item))
            and (not id_set or item.id in id_set)
            and (not profile_set or item.profile in profile_set)
        ]
        return Suite(items=chosen, errors=list(self.errors))


def suite_files(paths: Iterable[Path | str] | None = None) -> list[Path]:
    """The conformance files under ``paths`` (files are taken as given, folders searched
    for *.yaml / *.yml); default: the shipped suite."""
    roots = [Path(p) for p in paths] if paths else [conformance_dir()]
    files: list[Path] = []
    for root in roots:
        if root.is_dir():
            for found in sorted(root.rglob("*")):
                if found.suffix in SUFFIXES and found.is_file() and "schema" not in found.parts:
                    files.append(found)
        else:
            files.append(root)
    unique: list[Path] = []
    seen: set[Path] = set()
    for file in files:
        key = file.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(file)
    return unique


def load_suite(paths: Iterable[Path | str] | None = None, strict: bool = False) -> Suite:
    """Load every conformance file under ``paths`` (default: the shipped suite).

    A file that cannot be loaded becomes an entry of ``Suite.errors`` (``strict``: raise
    ``SuiteError``); an id used twice across files is an error too.
    """
    suite = Suite()
    where: dict[str, Item] = {}
    for file in suite_files(paths):
        try:
            items = load_file(file)
        except LoadError as exc:
            suite.errors.append(exc)
            continue
        for item in items:
            if item.id in where:
                suite.errors.append(
                    LoadError(
                        item.file,
                        f"scenario id {item.id!r} is already used at {where[item.id].where}",
                        item.line,
                    )
                )
                continue
            where[item.id] = item
            suite.items.append(item)
    if strict and suite.errors:
        raise SuiteError(suite.errors)
    return suite


def read_state_file(path: Path | str, game: str) -> Json:
    """A canonical state document from a JSON or YAML file, checked against the game's state
    schema when there is one."""
    path = Path(path)
    text, file = _read(path)
    data, root = _parse_yaml(text, file)
    if not isinstance(data, dict):
        raise LoadError(file, "expected a state document (a mapping)")

    def fail(message: str, where: Sequence[str | int]) -> LoadError:
        return LoadError(file, message, node_line(root, where), where)

    _check_setup(game, data, [], fail)
    return data


# -- version and retired ids ---------------------------------------------------------------
RETIRED_KINDS = ("scenario", "perft", "rule")


def suite_version(folder: Path | None = None) -> str:
    """The suite's version, ``MAJOR.MINOR.PATCH`` from ``conformance/VERSION``."""
    path = (folder or conformance_dir()) / "VERSION"
    text, file = _read(path)
    version = text.strip()
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        raise LoadError(file, f"expected a version MAJOR.MINOR.PATCH, not {version!r}", 1)
    return version


def parse_retired(text: str, file: str) -> dict[str, Json]:
    """The entries of a retired-ids file by id (docs/compatibility.md), checked.  The file is
    JSON (read by the YAML parser, for line numbers)."""
    data, root = _parse_yaml(text, file)
    if not isinstance(data, dict) or not isinstance(data.get("retired"), list):
        raise LoadError(file, "expected an object with a list `retired`", 1)
    found: dict[str, Json] = {}
    for index, entry in enumerate(data["retired"]):
        where: list[str | int] = ["retired", index]
        line = node_line(root, where)
        if not isinstance(entry, dict) or set(entry) != {"id", "kind", "retired", "why"}:
            raise LoadError(file, "an entry has exactly: id, kind, retired, why", line, where)
        if entry["kind"] not in RETIRED_KINDS:
            raise LoadError(file, f"kind is one of {', '.join(RETIRED_KINDS)}", line, where)
        if not re.fullmatch(r"\d+\.\d+\.\d+", str(entry["retired"])):
            raise LoadError(file, "retired is the version MAJOR.MINOR.PATCH", line, where)
        if entry["id"] in found:
            raise LoadError(file, f"{entry['id']!r} is listed twice", line, where)
        found[str(entry["id"])] = entry
    return found


def retired_ids(folder: Path | None = None) -> dict[str, Json]:
    """The retired scenario, perft and rule ids of ``conformance/retired.json``."""
    text, file = _read((folder or conformance_dir()) / "retired.json")
    return parse_retired(text, file)
