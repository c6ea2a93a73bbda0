"""Plant faults in a game's rule code one at a time and run the game's conformance suite on
each: a fault the suite does not notice (a *survivor*) is a rule the suite does not pin.

    python benchmarks/plant_faults.py --game 111 [--sample N] [--seed S] [--jobs J]
    python benchmarks/plant_faults.py --game all --json faults.json
    python benchmarks/plant_faults.py --game 111 --list        # the faults, without running

The faults (*mutants*) are made in three ways:

- AST mutations of the game package's rule code (every ``.py`` file of
  ``reference/elevenes/games/<game>/`` except the terminal, bots, statistics, log narration
  and solver files): a comparison operator changed (``<`` to ``<=``, ``==`` to ``!=``, ``in``
  to ``not in``, ...), a whole-number constant one up or one down, ``and`` and ``or``
  swapped, ``True`` and ``False`` swapped, ``not`` dropped, ``+`` and ``-`` swapped, an
  ``if`` test forced true (its guard removed) or false (its body removed), a statement
  that only calls something or updates a value in place dropped;
- text mutations of the game's ``.cards`` files (a number in an effect one up or one down,
  ``face_up`` and ``face_down`` swapped, ``exactly`` dropped, ``except self`` dropped, one
  event of ``on use, score`` dropped, a trait dropped);
- a hand-written list of rule-level faults (``RULE_FAULTS`` below).

Nothing in the source tree is changed.  Each mutant runs in a child process (forked from
this one once the suite is loaded, with a time limit) that loads the game package from a
temporary copy holding the mutated file, and the card files from a temporary copy of the
game's rulebook folder when a ``.cards`` file is mutated.  A mutant is *killed* when a
scenario or perft check fails or errs, *survives* when the whole suite still passes, and is
*stillborn* when the game cannot even be made (counted apart).  The suite itself must pass
on the unchanged code first.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import fnmatch
import importlib.util
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("elevenes") is None:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT / "reference"))

GAMES_DIR = ROOT / "reference" / "elevenes" / "games"
RULEBOOK = ROOT / "rulebook"
CARD_SCENARIOS = ROOT / "tests" / "dsl" / "scenarios"
"""The card language's own scenarios, each file played with the ``.cards`` file of its name
(``elevenes judge --cards``): ``--card-scenarios`` judges the faults by these instead."""
SNAPSHOT: dict[str, Path] = {"games": GAMES_DIR, "rulebook": RULEBOOK,
                             "card_scenarios": CARD_SCENARIOS}
"""Where the mutants are read from: a copy of the game's package and card files taken when
the run starts, so that edits made to the tree meanwhile change nothing."""

PACKAGES = {
    "elevenes-for-one": "elevenes_for_one",
    "elevenes": "elevenes",
    "bowling-solitaire": "bowling_solitaire",
    "111": "one_eleven",
}

# Files of a game package that hold no rule: the terminal, the bots (and the positions the
# search bot believes possible), the statistics, the log's narration, the solver and its
# command lines, and the places a card can be put by a click in the web page's set-up.
NOT_RULES = {
    "__init__.py", "terminal.py", "bots.py", "analyse.py", "events.py",
    "solver.py", "cli_hint.py", "cli_solve.py", "hints.py", "every_pass.py", "card_facts.py",
    "sample.py", "places.py",
}

# Functions (by name) that serve the solver, the bots or the terminal only: the suite does not
# reach them, so a fault there is no rule the suite misses.  (``chance_outcomes`` is planted:
# the optional `chances` request carries the probabilities; ``sample_chance`` draws by them.)
NOT_RULE_FUNCTIONS = {
    "solver_key", "passed_key", "printed_cards", "card_facts", "without_reductions",
    "sample_chance",
    "__repr__", "__str__", "describe", "card_name", "label",
}


# -- hand-written rule-level faults ------------------------------------------------------------
@dataclass(frozen=True)
class RuleFault:
    """Replace ``old`` (which must occur exactly once) by ``new`` in ``file``."""

    game: str
    file: str  # relative to the game package, or ``rulebook:<name>.cards``
    old: str
    new: str
    why: str


RULE_FAULTS = [
    RuleFault("111", "state.py", "self.active = (self.active + 1) % self.n",
              "self.active = (self.active + 1) % max(1, self.n - 1)",
              "the turn order skips the last seat"),
    RuleFault("111", "state.py", "if self.coins[p] == 0 and (p == self.active",
              "if self.coins[p] <= 1 and (p == self.active",
              "the bail-out is paid to a player holding 1 coin too"),
    RuleFault("111", "state.py",
              "must = [PLACE + c for c in faces if not self.slots[(c >> 2) - JACK]]",
              "must = []",
              "a jack, queen or king whose slot is empty need not be placed"),
    RuleFault("111", "cards.py", "BAIL_OUT = 11", "BAIL_OUT = 10", "the bail-out pays 10"),
    RuleFault("elevenes-for-one", "rulebook:cards.cards", "cost 2", "cost 1",
              "Sugar costs one minute"),
    RuleFault("elevenes-for-one", "rulebook:cards.cards", "trait undiscardable, unflippable",
              "trait undiscardable", "Cups & Saucers can be flipped down"),
    RuleFault("bowling-solitaire", "state.py", "if mask == CENTRE:", "if False:",
              "the first ball may take the centre pin alone"),
    # the edges of the scoring bands: both sides of each threshold
    RuleFault("bowling-solitaire", "scoring.py",
              "elif len(balls) == 2 and balls[0] + balls[1] == 10:",
              "elif len(balls) == 2 and balls[0] + balls[1] >= 9:",
              "nine pins in two balls score as a spare"),
    RuleFault("bowling-solitaire", "scoring.py",
              "return len(balls) == 3 or (len(balls) == 2 and balls[0] + balls[1] < 10)",
              "return len(balls) == 3 or (len(balls) == 2 and balls[0] + balls[1] < 9)",
              "nine pins in the tenth frame's first two balls earn a third"),
    RuleFault("elevenes", "state.py", "if (best >= target and", "if (best > target and",
              "a player must pass the target, not reach it, to end the game"),
    RuleFault("elevenes", "state.py", "    if n >= 3:", "    if n >= 4:",
              "no second place with three players"),
    # every condition of a trigger: "all of", not "any of"
    RuleFault("elevenes", "state.py",
              "if (best >= target and (len(leaders) == 1 or not outright)) or empty:",
              "if best >= target or empty:",
              "a shared lead at the target ends an outright game"),
    RuleFault("elevenes", "state.py",
              "if (best >= target and (len(leaders) == 1 or not outright)) or empty:",
              "if best >= target and (len(leaders) == 1 or not outright):",
              "an empty bowl does not end the game"),
]


# The faults no scenario can see, one module per game (benchmarks/faults/), and why.
from faults import (  # noqa: E402 - beside this script
    VARIANT,
    Equivalent,
    bowling,
    efo,
    elevenes,
    one_eleven,
)

EQUIVALENT: list[Equivalent] = [
    *efo.ENTRIES, *elevenes.ENTRIES, *bowling.ENTRIES, *one_eleven.ENTRIES,
]


# -- mutants -----------------------------------------------------------------------------------
@dataclass
class Mutant:
    game: str
    file: str  # relative to the package, or rulebook:<name>.cards
    kind: str
    line: int
    site: int  # AST: node index in ast.walk order; cards: match index; rule: -1
    detail: str  # what changes, for the report
    new_source: str = field(default="", repr=False)
    where: str = ""  # the enclosing function (cards: the card)
    code: str = ""  # the line changed, as written
    span: tuple[int, int] = (0, 0)  # the source lines whose running reaches the fault (0: any)
    twin: int = 0  # how many faults before it on the same line make the same change

    def equivalent(self) -> str:
        """Why the fault is no rule change the suite can see ("" if it is one)."""
        for entry in EQUIVALENT:
            if (
                entry.game == self.game
                and entry.file == self.file
                and entry.where in ("", self.where)
                and entry.code in self.code
                and entry.detail in ("", self.detail)
            ):
                return entry.why
        return ""

    @property
    def key(self) -> str:
        return f"{self.file}:{self.line}:{self.kind}:{self.site}"

    @property
    def identity(self) -> tuple[str, ...]:
        """What the mutant is, whatever the line numbers: file, function, line, change (and,
        for the second of two alike on one line, such as the two 1s of ``range(1, N + 1)``,
        which of them)."""
        base = (self.game, self.file, self.where, self.code, self.kind, self.detail)
        return base if not self.twin else (*base, f"#{self.twin + 1}")


COMPARE_SWAP: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BINOP_SWAP: dict[type, type] = {ast.Add: ast.Sub, ast.Sub: ast.Add}


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _excluded_lines(tree: ast.AST) -> set[int]:
    """Lines of docstrings, annotations and functions that are not rule code."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name in NOT_RULE_FUNCTIONS:
                lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
            for ann in [node.returns, *(a.annotation for a in node.args.args)]:
                if ann is not None:
                    lines.update(range(ann.lineno, (ann.end_lineno or ann.lineno) + 1))
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _annotation_nodes(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        anns: list[ast.AST | None] = []
        if isinstance(node, ast.AnnAssign):
            anns.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            anns.append(node.returns)
            anns.extend(a.annotation for a in node.args.args + node.args.kwonlyargs)
        for ann in anns:
            if ann is not None:
                found.update(id(n) for n in ast.walk(ann))
    return found


def ast_sites(source: str) -> Iterator[tuple[int, str, str, int]]:
    """(node index, kind, detail, line) for every mutation the source offers."""
    tree = ast.parse(source)
    skip_lines = _excluded_lines(tree)
    skip_nodes = _annotation_nodes(tree)
    parents = _parents(tree)
    for index, node in enumerate(ast.walk(tree)):
        line = getattr(node, "lineno", 0)
        if line in skip_lines or id(node) in skip_nodes:
            continue
        parent = parents.get(id(node))
        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                if type(op) in COMPARE_SWAP:
                    yield index, f"compare{k}", f"{type(op).__name__} -> "\
                        f"{COMPARE_SWAP[type(op)].__name__}", line
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, bool):
                yield index, "bool", f"{node.value} -> {not node.value}", line
            elif isinstance(node.value, int):
                if isinstance(parent, ast.Expr):
                    continue
                yield index, "int+1", f"{node.value} -> {node.value + 1}", line
                yield index, "int-1", f"{node.value} -> {node.value - 1}", line
        elif isinstance(node, ast.BoolOp):
            yield index, "boolop", f"{type(node.op).__name__} swapped", line
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield index, "not", "not dropped", line
        elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAP:
            yield index, "binop", f"{type(node.op).__name__} swapped", line
        elif isinstance(node, ast.If | ast.IfExp | ast.While):
            if isinstance(node, ast.If | ast.IfExp):
                yield index, "if-true", "test forced true", line
            yield index, "if-false", "test forced false", line
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            yield index, "drop", "statement dropped", line
        elif isinstance(node, ast.AugAssign):
            yield index, "drop", "update dropped", line


COMPOUND = (ast.If, ast.While, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.Try,
            ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.excepthandler,
            ast.match_case, ast.Match)


def site_spans(source: str) -> dict[int, tuple[int, int]]:
    """For every node (by index in ``ast.walk`` order): the lines of the statement it belongs
    to that run when the node is evaluated, the whole of a simple statement or the header of
    a compound one (``if`` with its test, ``for`` with its iterable, ``def`` with its
    defaults).  A fault at a node can change a run only if one of these lines runs."""
    tree = ast.parse(source)
    parents = _parents(tree)
    spans: dict[int, tuple[int, int]] = {}
    for index, node in enumerate(ast.walk(tree)):
        stmt: ast.AST | None = node
        while stmt is not None and not isinstance(stmt, ast.stmt | ast.excepthandler
                                                  | ast.match_case):
            stmt = parents.get(id(stmt))
        if stmt is None:
            line = getattr(node, "lineno", 0)
            spans[index] = (line, line)
            continue
        low = stmt.pattern.lineno if isinstance(stmt, ast.match_case) else stmt.lineno
        if isinstance(stmt, COMPOUND):
            body = stmt.body  # type: ignore[attr-defined]
            high = max(low, body[0].lineno - 1) if body else low
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                low = min([low, *(d.lineno for d in stmt.decorator_list)])
        else:
            high = stmt.end_lineno or low  # type: ignore[attr-defined]
        spans[index] = (low, high)
    return spans


def apply_ast(source: str, index: int, kind: str) -> str:
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    node = nodes[index]
    if kind.startswith("compare"):
        assert isinstance(node, ast.Compare)
        k = int(kind[len("compare"):])
        node.ops[k] = COMPARE_SWAP[type(node.ops[k])]()
    elif kind == "bool":
        assert isinstance(node, ast.Constant)
        node.value = not node.value
    elif kind in ("int+1", "int-1"):
        assert isinstance(node, ast.Constant)
        node.value = node.value + (1 if kind == "int+1" else -1)
    elif kind == "boolop":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "binop":
        assert isinstance(node, ast.BinOp)
        node.op = BINOP_SWAP[type(node.op)]()
    elif kind in ("not", "if-true", "if-false", "drop"):
        parents = _parents(tree)
        parent = parents[id(node)]
        if kind == "not":
            assert isinstance(node, ast.UnaryOp)
            replacement: ast.AST = node.operand
        elif kind == "drop":
            replacement = ast.Pass()
        else:
            assert isinstance(node, ast.If | ast.IfExp | ast.While)
            node.test = ast.Constant(kind == "if-true")
            replacement = node
        for name, value in ast.iter_fields(parent):
            if value is node:
                setattr(parent, name, replacement)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if item is node:
                        value[i] = replacement
    else:
        raise ValueError(kind)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


CARD_PATTERNS: list[tuple[str, str, str]] = [
    # (kind, regex, replacement or "" for number +-1)
    ("face", r"\bface_up\b", "face_down"),
    ("face", r"\bface_down\b", "face_up"),
    ("exactly", r"\bexactly ", ""),
    ("except-self", r" except self\b", ""),
    ("event", r"on (use), score\b", "on use"),
    ("event", r"on use, (score)\b", "on score"),
    ("trait", r"trait (\w+), (\w+)", "trait \\2"),
    ("trait", r"trait (\w+), (\w+)", "trait \\1"),
    ("trait", r"\n\s*trait \w+\n", "\n"),
    ("may", r"\bmay ", ""),
    # the conditions of a card's triggers: a comparison's edge, a `not`, an exception
    ("cond-compare", r" >= ", " > "),
    ("cond-compare", r" <= ", " < "),
    ("cond-compare", r" > ", " >= "),
    ("cond-compare", r" < ", " <= "),
    ("cond-not", r"\bif not ", "if "),
    ("cond-except", r" except (?!self\b)\w+", ""),
    ("cond-any", r"\bif any\(", "if not any("),
]
NUMBER = re.compile(r"(?<![\w.])(\d+)(?![\w.])")


def card_sites(text: str) -> Iterator[tuple[int, str, str, int, str]]:
    """(match index, kind, detail, line, new text) for every mutation of a card file."""
    body_lines = [
        i for i, line in enumerate(text.split("\n"))
        if not line.lstrip().startswith("#") and not line.startswith(("card ", "guest ", "game "))
    ]
    keep = set(body_lines)
    for kind, pattern, repl in CARD_PATTERNS:
        for n, match in enumerate(re.finditer(pattern, text)):
            line = text.count("\n", 0, match.start())
            if line not in keep:
                continue
            new = text[: match.start()] + match.expand(repl) + text[match.end():]
            yield n, kind, f"{match.group(0).strip()!r} -> {match.expand(repl).strip()!r}", \
                line + 1, new
    for n, match in enumerate(NUMBER.finditer(text)):
        line = text.count("\n", 0, match.start())
        if line not in keep:
            continue
        value = int(match.group(1))
        for step in (1, -1):
            if value + step < 0:
                continue
            new = text[: match.start()] + str(value + step) + text[match.end():]
            yield n, f"num{step:+d}", f"{value} -> {value + step}", line + 1, new


def _functions(tree: ast.AST) -> list[tuple[int, int, str]]:
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            spans.append((node.lineno, node.end_lineno or node.lineno, node.name))
    return spans


def _enclosing(spans: list[tuple[int, int, str]], line: int) -> str:
    inside = [(start, name) for start, end, name in spans if start <= line <= end]
    return max(inside)[1] if inside else "<module>"


def _card_of(lines: list[str], line: int) -> str:
    for text in reversed(lines[:line]):
        if text.startswith(("card ", "guest ")):
            return " ".join(text.split()[:2])
    return "<file>"


def rule_files(game: str) -> list[Path]:
    package = SNAPSHOT["games"] / PACKAGES[game]
    return sorted(p for p in package.glob("*.py") if p.name not in NOT_RULES)


def card_files(game: str) -> list[Path]:
    folder = SNAPSHOT["rulebook"] / game
    return sorted(folder.glob("*.cards")) if folder.is_dir() else []


def all_mutants(game: str) -> list[Mutant]:
    mutants: list[Mutant] = []
    package = SNAPSHOT["games"] / PACKAGES[game]
    for path in rule_files(game):
        source = path.read_text()
        spans = _functions(ast.parse(source))
        reach = site_spans(source)
        lines = source.split("\n")
        for index, kind, detail, line in ast_sites(source):
            mutants.append(Mutant(game, path.name, kind, line, index, detail,
                                  where=_enclosing(spans, line), code=lines[line - 1].strip(),
                                  span=reach[index]))
    for path in card_files(game):
        text = path.read_text()
        lines = text.split("\n")
        for index, kind, detail, line, new in card_sites(text):
            mutants.append(Mutant(game, f"rulebook:{path.name}", kind, line, index, detail, new,
                                  where=_card_of(lines, line), code=lines[line - 1].strip()))
    for fault in RULE_FAULTS:
        if fault.game != game:
            continue
        if fault.file.startswith("rulebook:"):
            path = SNAPSHOT["rulebook"] / game / fault.file.split(":", 1)[1]
        else:
            path = package / fault.file
        text = path.read_text()
        if text.count(fault.old) != 1:
            raise SystemExit(f"rule fault {fault.why!r}: {fault.old!r} is not once in {path}")
        line = text[: text.index(fault.old)].count("\n") + 1
        span = (0, 0) if fault.file.startswith("rulebook:") else \
            (line, line + fault.old.count("\n"))
        mutants.append(Mutant(game, fault.file, "rule", line, -1, fault.why,
                              text.replace(fault.old, fault.new), where="(rule fault)",
                              code=fault.old, span=span))
    seen: dict[tuple[str, ...], int] = {}
    for mutant in mutants:
        base = mutant.identity
        mutant.twin = seen.get(base, 0)
        seen[base] = mutant.twin + 1
    return mutants


def mutated_text(mutant: Mutant) -> str:
    if mutant.new_source:
        return mutant.new_source
    source = (SNAPSHOT["games"] / PACKAGES[mutant.game] / mutant.file).read_text()
    return apply_ast(source, mutant.site, mutant.kind)


def mutant_diff(mutant: Mutant) -> str:
    """The mutant's change as a unified diff of the formatted source (one hunk)."""
    if mutant.file.startswith("rulebook:"):
        before = (SNAPSHOT["rulebook"] / mutant.game / mutant.file.split(":", 1)[1]).read_text()
    else:
        path = SNAPSHOT["games"] / PACKAGES[mutant.game] / mutant.file
        before = path.read_text()
        if mutant.kind != "rule":
            before = ast.unparse(ast.parse(before)) + "\n"
    after = mutated_text(mutant)
    lines = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=1)
    return "\n".join(list(lines)[2:])


# -- running -----------------------------------------------------------------------------------
def _child(game: str, mutant: Mutant | None, work: Path, out: Path,
           items: list[int] | None = None) -> None:
    """In the forked child: load the game from a copy in ``work`` with the fault, run the
    suite (``items``: only these of ``ITEMS``, in this order), write the verdict to ``out``."""
    module = _load_copy(game, mutant, work)
    if isinstance(module, dict):
        verdict: dict[str, object] = module
    else:
        from elevenes.conformance.loader import Suite
        from elevenes.conformance.runner import run_suite

        chosen = list(ITEMS) if items is None else [ITEMS[n] for n in items]
        report = run_suite(Suite(items=chosen), fail_fast=True,  # type: ignore[arg-type]
                           run=_run_item)
        if report.ok:
            verdict = {"status": "survived", "items": len(chosen)}
        else:
            bad = next(r for r in report.results if r.status in ("fail", "error"))
            verdict = {"status": "killed", "by": bad.id,
                       "items": len(chosen) - report.not_run}
    out.write_text(json.dumps(verdict))


def _top_level_only(trace: Callable[..., object]) -> Callable[..., object]:
    """``trace``, for the frames of a module's top level only."""
    def top(frame: object, event: str, arg: object) -> object:
        if frame.f_code.co_name != "<module>":  # type: ignore[attr-defined]
            return None
        return trace(frame, event, arg)
    return top


def _load_copy(game: str, mutant: Mutant | None, work: Path,
               trace: object = None) -> object:
    """Load the game package from a copy in ``work`` (with the fault, if any) and make a game:
    the module, or a stillborn verdict.  ``trace``: a ``sys.settrace`` function while the
    package's modules run their top level."""
    sys.dont_write_bytecode = True
    package = PACKAGES[game]
    shutil.copytree(SNAPSHOT["games"] / package, work / package)
    books = work / "rulebook"
    shutil.copytree(SNAPSHOT["rulebook"] / game, books / game)
    import elevenes.dsl.load as load

    original = load.rulebook_dir

    def rulebook_dir(name: str | None = None) -> Path:
        return books / name if name == game else original(name)

    load.rulebook_dir = rulebook_dir  # type: ignore[assignment]
    if mutant is not None:
        text = mutated_text(mutant)
        if mutant.file.startswith("rulebook:"):
            (books / game / mutant.file.split(":", 1)[1]).write_text(text)
        else:
            (work / package / mutant.file).write_text(text)
    import elevenes.games as games

    name = f"elevenes.games.{package}"
    spec = importlib.util.spec_from_file_location(
        name, work / package / "__init__.py", submodule_search_locations=[str(work / package)]
    )
    assert spec is not None and spec.loader is not None
    try:
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        if trace is not None:
            sys.settrace(trace)  # type: ignore[arg-type]
        try:
            spec.loader.exec_module(module)
        finally:
            sys.settrace(None)
        setattr(games, package, module)
        # the top level of the modules imported only once the first game is made (such as
        # the vocabulary the card files are checked against) runs once, here, for every item
        if trace is not None:
            sys.settrace(_top_level_only(trace))  # type: ignore[arg-type]
        try:
            made = games.load_game(game)
            made.new_initial_state().legal_actions()
        finally:
            sys.settrace(None)
    except Exception as exc:  # noqa: BLE001 - a fault that stops the game being made at all
        return {"status": "stillborn", "why": f"{type(exc).__name__}: {exc}"[:200]}
    return module


def _trace_child(game: str, work: Path, out: Path) -> None:
    """In the forked child: load the unchanged game from a copy in ``work`` and run each item
    of the suite alone under a line tracer; write to ``out`` the lines of the package's files
    run while its modules load (``setup``: every item depends on them) and, for each item,
    its verdict, its time and the lines it ran."""
    from elevenes.conformance.loader import Suite
    from elevenes.conformance.runner import run_suite

    prefix = str(work / PACKAGES[game]) + os.sep
    hits: set[tuple[str, int]] = set()
    mine: dict[object, bool] = {}

    def local(frame: object, event: str, arg: object) -> object:
        if event == "line":
            hits.add((frame.f_code.co_filename, frame.f_lineno))  # type: ignore[attr-defined]
        return local

    # lines run while one of the package's modules is being imported, whichever item
    # imported it first (a module imported lazily, a generator expression of its top
    # level): every item depends on them, as on the lines run while the package loads
    loading: set[tuple[str, int]] = set()

    def local_loading(frame: object, event: str, arg: object) -> object:
        if event == "line":
            loading.add((frame.f_code.co_filename, frame.f_lineno))  # type: ignore[attr-defined]
        return local_loading

    def importing(frame: object) -> bool:
        here: Any = frame
        while here is not None:
            if here.f_code.co_name == "<module>" and here.f_code.co_filename.startswith(prefix):
                return True
            here = here.f_back
        return False

    def trace(frame: object, event: str, arg: object) -> object:
        code = frame.f_code  # type: ignore[attr-defined]
        inside = mine.get(code)
        if inside is None:
            inside = mine[code] = code.co_filename.startswith(prefix)
        if not inside:
            return None
        if importing(frame):
            loading.add((code.co_filename, frame.f_lineno))  # type: ignore[attr-defined]
            return local_loading
        hits.add((code.co_filename, frame.f_lineno))  # type: ignore[attr-defined]
        return local

    def lines() -> dict[str, list[int]]:
        found: dict[str, set[int]] = {}
        for filename, line in hits:
            found.setdefault(filename[len(prefix):], set()).add(line)
        return {name: sorted(numbers) for name, numbers in found.items()}

    module = _load_copy(game, None, work, trace)
    if isinstance(module, dict):
        out.write_text(json.dumps({"status": "stillborn", "why": module["why"]}))
        return
    setup = lines()
    runs: list[dict[str, object]] = []
    for item in ITEMS:
        hits.clear()
        started = time.perf_counter()
        sys.settrace(trace)  # type: ignore[arg-type]
        try:
            report = run_suite(Suite(items=[item]), run=_run_item)  # type: ignore[list-item]
        finally:
            sys.settrace(None)
        runs.append({"ok": report.ok, "seconds": time.perf_counter() - started,
                     "lines": lines()})
    for filename, line in loading:
        known = setup.setdefault(filename[len(prefix):], [])
        if line not in known:
            known.append(line)
    out.write_text(json.dumps({"status": "traced", "setup": setup, "items": runs}))


@dataclass
class Reach:
    """Which items of the suite run which lines of the game package (from ``_trace_child``)."""

    setup: dict[str, set[int]]
    items: dict[str, dict[int, set[int]]]  # file -> line -> item indices
    seconds: list[float]

    @classmethod
    def from_trace(cls, traced: dict[str, object]) -> Reach:
        setup = {f: set(ls) for f, ls in traced["setup"].items()}  # type: ignore[attr-defined]
        items: dict[str, dict[int, set[int]]] = {}
        runs: list[dict[str, object]] = traced["items"]  # type: ignore[assignment]
        for n, run in enumerate(runs):
            for f, ls in run["lines"].items():  # type: ignore[attr-defined]
                table = items.setdefault(f, {})
                for line in ls:
                    table.setdefault(line, set()).add(n)
        return cls(setup, items, [float(run["seconds"]) for run in runs])  # type: ignore[arg-type]

    def every(self) -> list[int]:
        return sorted(range(len(self.seconds)), key=lambda n: (self.seconds[n], n))

    def select(self, mutant: Mutant) -> list[int]:
        """The items that run a line of the mutant's span, cheapest first (every item when
        the fault is in a card file, or on a line run while the package loads)."""
        low, high = mutant.span
        if mutant.file.startswith("rulebook:") or low == 0:
            return self.every()
        span = range(low, high + 1)
        if any(line in self.setup.get(mutant.file, ()) for line in span):
            return self.every()
        table = self.items.get(mutant.file, {})
        chosen: set[int] = set()
        for line in span:
            chosen |= table.get(line, set())
        return sorted(chosen, key=lambda n: (self.seconds[n], n))


ITEMS: list[object] = []
ITEM_CARDS: dict[int, str] = {}
"""The card file each item of ``ITEMS`` is played with (by ``id`` of the item; none: the
game's own cards, as the suite plays them)."""


def _run_item(subject: object, item: object) -> object:
    """Play one item: on ``subject`` (the reference), or with the card file it is played with
    (``--card-scenarios``), as ``elevenes judge --cards`` plays it."""
    from elevenes.conformance.cli_judge import CardsSubject
    from elevenes.conformance.runner import run_item

    cards = ITEM_CARDS.get(id(item))
    if cards is None:
        return run_item(subject, item)  # type: ignore[arg-type]
    with_cards = CardsSubject(cards)
    try:
        return run_item(with_cards, item)  # type: ignore[arg-type]
    finally:
        with_cards.close()


def card_scenario_items(game: str) -> tuple[list[object], dict[int, str]]:
    """The card language's scenarios of ``game`` (``SNAPSHOT["card_scenarios"]``), each with
    the card file of its file's name."""
    from elevenes.conformance.loader import load_file

    items: list[object] = []
    cards: dict[int, str] = {}
    for path in sorted(SNAPSHOT["card_scenarios"].glob("*.yaml")):
        partner = path.with_suffix(".cards")
        if not partner.is_file():
            raise SystemExit(f"{path}: no card file {partner.name} beside it to play it with")
        for item in load_file(path):
            if item.game == game:
                items.append(item)
                cards[id(item)] = str(partner)
    return items, cards


def run_mutants(
    game: str, mutants: list[Mutant | None], jobs: int, timeout: float, scratch: Path,
    on_done: object = None, reach: Reach | None = None,
) -> list[dict[str, object]]:
    """Run each mutant (None: the unchanged code) in a forked child, ``jobs`` at a time.

    With ``reach``, a mutant runs only the items that reach its line, cheapest first, and one
    that no item reaches survives at once ("not reached")."""
    results: list[dict[str, object]] = [{} for _ in mutants]
    pending = list(enumerate(mutants))
    running: dict[int, tuple[int, float, Path, float]] = {}
    while pending or running:
        while pending and len(running) < jobs:
            n, mutant = pending.pop(0)
            chosen = reach.select(mutant) if reach is not None and mutant is not None else None
            if chosen == []:
                results[n] = {"status": "survived", "by": "not reached", "items": 0}
                if callable(on_done):
                    on_done(n, results[n])
                continue
            out = scratch / f"verdict-{n}.json"
            pid = os.fork()
            if pid == 0:  # the child
                code = 0
                work = scratch / f"mutant-{n}"
                try:
                    _child(game, mutant, work, out, chosen)
                except BaseException as exc:  # noqa: BLE001
                    out.write_text(json.dumps({"status": "killed", "by": f"crash: {exc!r}"}))
                    code = 1
                finally:
                    shutil.rmtree(work, ignore_errors=True)
                    os._exit(code)
            limit = timeout
            if chosen is not None and reach is not None:
                limit = min(timeout, max(5.0, 10 * sum(reach.seconds[k] for k in chosen)))
            running[pid] = (n, time.monotonic(), out, limit)
        time.sleep(0.01)
        for pid, (n, started, out, limit) in list(running.items()):
            done, _status = os.waitpid(pid, os.WNOHANG)
            if done == 0 and time.monotonic() - started > limit:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                results[n] = {"status": "killed", "by": f"time-out ({limit:.3g} s)"}
            elif done == 0:
                continue
            elif out.exists():
                results[n] = json.loads(out.read_text())
            else:
                results[n] = {"status": "killed", "by": "child died"}
            shutil.rmtree(scratch / f"mutant-{n}", ignore_errors=True)
            del running[pid]
            if callable(on_done):
                on_done(n, results[n])
    return results


def _trace(game: str, scratch: Path) -> dict[str, object]:
    """Run ``_trace_child`` in a forked child and return what it found."""
    out = scratch / "trace.json"
    pid = os.fork()
    if pid == 0:  # the child
        code = 0
        try:
            _trace_child(game, scratch / "traced", out)
        except BaseException as exc:  # noqa: BLE001
            out.write_text(json.dumps({"status": "crash", "why": repr(exc)}))
            code = 1
        finally:
            shutil.rmtree(scratch / "traced", ignore_errors=True)
            os._exit(code)
    os.waitpid(pid, 0)
    traced: dict[str, object] = json.loads(out.read_text()) if out.exists() else {}
    if traced.get("status") != "traced":
        raise SystemExit(f"{game}: the suite could not be traced on the unchanged code: "
                         f"{traced}")
    return traced


def _preload() -> None:
    """Import the package's modules (but the games) in this process, so that every child
    runs the same code even while the tree is being edited: modules a child imports late
    would otherwise be read from the tree as it is then."""
    import pkgutil

    import elevenes

    for info in pkgutil.walk_packages(elevenes.__path__, "elevenes."):
        if info.name.startswith(("elevenes.games.", "elevenes.web", "elevenes.render")):
            continue
        try:
            importlib.import_module(info.name)
        except Exception:  # noqa: BLE001, S112 - an optional module that cannot load here
            continue
    # the card language's parser is built once here, not again in every child
    with contextlib.suppress(Exception):
        from elevenes.dsl.parser import _parser

        _parser()
    # the game packages themselves are loaded by each child from its own copy
    import elevenes.games as games

    for package in PACKAGES.values():
        name = f"elevenes.games.{package}"
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]
        if hasattr(games, package):
            delattr(games, package)


def _identities(records: list[dict[str, object]]) -> Iterator[tuple[tuple[str, ...],
                                                                   dict[str, object]]]:
    """Each record of an earlier run with its fault's identity; in a file written before
    identities told apart two alike faults of one line, the second is told by its order."""
    seen: dict[tuple[str, ...], int] = {}
    for record in records:
        identity = tuple(record["identity"])  # type: ignore[arg-type]
        twin = seen.get(identity, 0)
        seen[identity] = twin + 1
        yield (identity if not twin else (*identity, f"#{twin + 1}")), record


def _read_journal(path: str, game: str, judged_by: str = "suite") -> dict[str, dict[str, object]]:
    """The verdicts a ``--journal`` file holds for ``game`` judged by ``judged_by`` (the suite,
    or the card language's scenarios), by the fault's identity (a line cut short by an
    interrupted write is skipped: that fault runs again)."""
    found: dict[str, dict[str, object]] = {}
    if not Path(path).exists():
        return found
    kept = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue
        kept.append(line)
        if entry.get("game") == game and entry.get("judged_by", "suite") == judged_by:
            verdict = {k: v for k, v in entry.items()
                       if k not in ("game", "identity", "key", "judged_by")}
            found[json.dumps(entry["identity"])] = verdict
    # written back whole, so that the verdicts appended next start on a line of their own
    Path(path).write_text("".join(line + "\n" for line in kept), encoding="utf-8")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=[*PACKAGES, "all"])
    parser.add_argument("--sample", type=int, default=0,
                        help="run a random sample of this many mutants per game (0: all)")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once")
    parser.add_argument("--timeout", type=float, default=0.0,
                        help="seconds per mutant (default: 8 times the unchanged run, at least 5)")
    parser.add_argument("--select", choices=["coverage", "all"], default="coverage",
                        help="coverage (default): run every item once under a line tracer, "
                        "then run each mutant only on the items that reach its line, cheapest "
                        "first (a mutant no item reaches survives at once, 'not reached'); "
                        "all: run the whole suite on every mutant")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--diff", action="store_true",
                        help="with --list: show each mutant's change as a diff")
    parser.add_argument("--json", metavar="FILE", help="write every verdict to FILE")
    parser.add_argument("--rule-faults", action="store_true",
                        help="only the hand-written rule-level faults (RULE_FAULTS): a quick "
                        "check that the suite still kills them")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the run on the unchanged code (then give --timeout)")
    parser.add_argument("--only", metavar="KEY", action="append", default=[],
                        help="only the mutant with this key (file:line:kind:site)")
    parser.add_argument("--exclude", metavar="GLOB", action="append", default=[],
                        help="leave out the suite's files whose name matches GLOB (e.g. to "
                        "measure the suite as it was before some files were added)")
    parser.add_argument("--journal", metavar="FILE",
                        help="append each verdict to FILE (one JSON line a fault) as it comes; "
                        "a run given the journal of an interrupted one runs only the faults "
                        "not yet in it, and its counts take in those that are")
    parser.add_argument("--progress", metavar="N", type=int, default=0,
                        help="print the counts so far every N faults")
    parser.add_argument("--survivors-of", metavar="FILE",
                        help="only the mutants that survived in the --json FILE of an earlier "
                        "run (matched by file, function, line text and change)")
    parser.add_argument("--card-scenarios", action="store_true",
                        help="judge the faults by the card language's own scenarios "
                        "(tests/dsl/scenarios/, each file with its .cards file) instead of the "
                        "suite: the effects only a variant card file sets off")
    args = parser.parse_args(argv)

    from elevenes.conformance.loader import load_suite

    _preload()
    games = list(PACKAGES) if args.game == "all" else [args.game]
    suite = load_suite(None)
    frozen = Path(tempfile.mkdtemp(prefix="plant-faults-source-"))
    for game in games:
        shutil.copytree(GAMES_DIR / PACKAGES[game], frozen / "games" / PACKAGES[game],
                        ignore=shutil.ignore_patterns("__pycache__", "native"))
        if (RULEBOOK / game).is_dir():
            shutil.copytree(RULEBOOK / game, frozen / "rulebook" / game)
        else:
            (frozen / "rulebook" / game).mkdir(parents=True)
    shutil.copytree(CARD_SCENARIOS, frozen / "card_scenarios")
    SNAPSHOT.update(games=frozen / "games", rulebook=frozen / "rulebook",
                    card_scenarios=frozen / "card_scenarios")
    summary: dict[str, dict[str, int | float | str]] = {}
    judged_by = "card-scenarios" if args.card_scenarios else "suite"
    records: list[dict[str, object]] = []
    for game in games:
        if any(m == f"elevenes.games.{PACKAGES[game]}" for m in sys.modules):
            raise SystemExit("the game package was imported before the faults were planted")
        mutants = all_mutants(game)
        total = len(mutants)
        if args.survivors_of:
            earlier = json.loads(Path(args.survivors_of).read_text())["mutants"]
            wanted = {identity for identity, r in _identities(earlier)
                      if r["status"] == "survived"}
            mutants = [m for m in mutants if m.identity in wanted]
        elif args.rule_faults:
            mutants = [m for m in mutants if m.kind == "rule"]
        elif args.only:
            mutants = [m for m in mutants if m.key in args.only]
        elif args.sample and args.sample < len(mutants):
            mutants = random.Random(args.seed).sample(mutants, args.sample)
            mutants.sort(key=lambda m: (m.file, m.line, m.site, m.kind))
        if args.list:
            for m in mutants:
                print(f"{game} {m.key} {m.detail}")
                if args.diff:
                    print(mutant_diff(m))
            continue
        if args.card_scenarios:
            chosen_items, cards_of = card_scenario_items(game)
        else:
            chosen_items, cards_of = list(suite.select(games=[game]).items), {}
        ITEMS[:] = [
            item for item in chosen_items
            if not any(fnmatch.fnmatch(Path(item.file).name, glob)  # type: ignore[attr-defined]
                       for glob in args.exclude)
        ]
        ITEM_CARDS.clear()
        ITEM_CARDS.update(cards_of)
        if args.card_scenarios and not ITEMS:
            print(f"{game}: no card-language scenarios to judge the faults by", flush=True)
            continue
        with tempfile.TemporaryDirectory(prefix="plant-faults-") as tmp:
            scratch = Path(tmp)
            started = time.monotonic()
            reach: Reach | None = None
            if args.select == "coverage":
                traced = _trace(game, scratch)
                bad_items = [ITEMS[n].id for n, run in enumerate(traced["items"])  # type: ignore
                             if not run["ok"]]
                if bad_items:
                    raise SystemExit(f"{game}: the suite does not pass on the unchanged code: "
                                     f"{bad_items[:5]}")
                reach = Reach.from_trace(traced)
                print(f"{game}: {len(ITEMS)} items traced in "
                      f"{time.monotonic() - started:.0f} s", flush=True)
                timeout = args.timeout or max(5.0, 3 * sum(reach.seconds))
            elif args.no_baseline:
                if not args.timeout:
                    raise SystemExit("--no-baseline needs --timeout")
                timeout = args.timeout
            else:
                base = run_mutants(game, [None], 1, 120.0, scratch)[0]
                if base.get("status") != "survived":
                    raise SystemExit(
                        f"{game}: the suite does not pass on the unchanged code: {base}")
                timeout = args.timeout or max(5.0, 8 * (time.monotonic() - started))
            mutants_started = time.monotonic()

            journaled = _read_journal(args.journal, game, judged_by) if args.journal else {}
            to_run = [m for m in mutants if json.dumps(m.identity) not in journaled]
            tally: dict[str, int] = {}

            def progress(n: int, verdict: dict[str, object], run: list[Mutant] = to_run,
                         game: str = game, tally: dict[str, int] = tally,
                         started: float = started) -> None:
                m = run[n]
                if verdict["status"] == "survived":
                    print(f"  survived: {m.file}:{m.line} {m.kind} ({m.detail})", flush=True)
                if args.journal:
                    with open(args.journal, "a", encoding="utf-8") as journal:
                        journal.write(json.dumps({"game": game, "identity": m.identity,
                                                  "key": m.key, "judged_by": judged_by,
                                                  **verdict}) + "\n")
                tally[str(verdict["status"])] = tally.get(str(verdict["status"]), 0) + 1
                done = sum(tally.values())
                if args.progress and done % args.progress == 0:
                    print(f"  {done} of {len(run)} run ({time.monotonic() - started:.0f} s): "
                          + ", ".join(f"{v} {k}" for k, v in sorted(tally.items())),
                          flush=True)

            print(f"{game}: {len(mutants)} of {total} mutants, {len(ITEMS)} suite items"
                  + (f", {len(mutants) - len(to_run)} already in the journal"
                     if args.journal else ""), flush=True)
            ran = run_mutants(game, list(to_run), args.jobs, timeout, scratch, progress, reach)
            fresh = {json.dumps(m.identity): v for m, v in zip(to_run, ran, strict=True)}
            verdicts = [fresh.get(json.dumps(m.identity)) or journaled[json.dumps(m.identity)]
                        for m in mutants]
            seconds = time.monotonic() - started
            per_fault = (time.monotonic() - mutants_started) / max(1, len(mutants))
        counts: dict[str, int | float] = {
            "total": total, "run": len(mutants), "killed": 0, "survived": 0,
            "stillborn": 0, "equivalent": 0, "open": 0, "not_reached": 0,
            "seconds": round(seconds, 1), "seconds_per_fault": round(per_fault, 2)}
        still_open: list[Mutant] = []
        for mutant, verdict in zip(mutants, verdicts, strict=True):
            counts[str(verdict["status"])] += 1
            record: dict[str, object] = {
                k: v for k, v in asdict(mutant).items() if k != "new_source"}
            if verdict.get("by") == "not reached":
                counts["not_reached"] += 1
            if verdict["status"] == "survived":
                why = mutant.equivalent()
                if args.card_scenarios and VARIANT in why:
                    why = ""  # what the card language's scenarios are there to see
                counts["equivalent" if why else "open"] += 1
                record["equivalent"] = why
                if not why:
                    still_open.append(mutant)
            records.append({**record, "key": mutant.key, "identity": mutant.identity,
                            **verdict})
        summary[game] = {**counts, "judged_by": judged_by}
        print(f"{game}: {counts['run']} run ({counts['total']} in all), {counts['killed']} "
              f"killed, {counts['survived']} survived ({counts['equivalent']} equivalent, "
              f"{counts['open']} open; {counts['not_reached']} reached by no item), "
              f"{counts['stillborn']} stillborn in {seconds:.0f} s "
              f"({per_fault:.2f} s a fault)", flush=True)
        for mutant in still_open:
            print(f"  open: {mutant.key} in {mutant.where}: {mutant.detail}: {mutant.code}")
    shutil.rmtree(frozen, ignore_errors=True)
    if args.json and not args.list:
        Path(args.json).write_text(json.dumps({"summary": summary, "mutants": records},
                                              indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
