"""The native pass-by-pass solver of Elevenes for One (``efo_solve.c``), driven from Python.

Why it exists: the whole game from the first deal is about 10^9 positions, out of reach of
the generic search over the engine API (core/solve.py) in Python.  Three things make it fit:

- **Passes.**  Chance happens only when a pass is laid out (EFO.PASS.SHUFFLE: step 1, and
  Fine China's reshuffle).  A pass start is fully described by the top card, the minutes and
  the discard pile (the pantry is every other card, laid out anew), so there are at most a few
  thousand of them.  Inside a pass there is no chance: for each order of the pantry the player
  looks for the best *leaf* it can reach, a finished game or the next pass start.
- **Exact values in Python, search in C.**  The C file walks every order of the pantry and
  every line of play, and only ever compares leaves.  Python keeps the leaves' exact values
  (fractions) and hands C, per leaf, the correctly rounded double and an exact equality class;
  two doubles that tie across classes make C stop and redo the pass with exact ranks.  C
  returns how many orders end at each leaf; the pass start's value is their exact average.
- **Cards from the card language.**  The card programs are lowered from the .cards files into
  the instruction set of dsl/runtime.py (:func:`lower`) and run by a small interpreter in C;
  a variant card file is solved the same way.  Constructs the interpreter does not have
  (player choices, random choices) raise :class:`NativeUnavailable`, and the caller falls back
  to the Python search.

The C file is compiled on first use with the system's C compiler (``$CC``, else ``cc``) into
a cache directory; without one, :class:`NativeUnavailable` says so.
"""

from __future__ import annotations

import array
import contextlib
import ctypes
import hashlib
import itertools
import json
import math
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from ....core.errors import ElevenesError
from ....core.readings import short_name
from ....core.solve import FREE_REDEAL, SolverError
from ....core.solve import Progress as CoreProgress
from ....dsl import ast
from ....dsl.vocab import vocabulary_for
from ..card_facts import ceiling_table
from ..game import ALL_CARDS, DEAL, WORDS, EfoGame, EfoState

SOURCE = Path(__file__).with_name("efo_solve.c")

# instruction set shared with efo_solve.c (8 ints per instruction)
OP_CALL, OP_JUMP, OP_JUMPUNLESS, OP_MAYGATE, OP_CHOOSE, OP_SETVAR, OP_INCVAR = range(1, 8)
VERBS = {"flip_down": 1, "swap": 2, "return_after_self": 3, "score": 4, "send_to_end": 5,
         "reshuffle": 6, "cost": 7, "put_on_trolley": 8}
REFS = {"self": -1, "first": -2, "next": -3}
REF_INT = -4
# a card by its place in the row: the reference REF_PLACE - i names place node i (kind, count,
# base: a card reference, or for `card N of Z` whether Z is the pantry)
REF_PLACE = -100
PLACES = {"ahead": 1, "after": 2, "before": 3, "row": 4}
ZONES = {"pantry": 0, "discard": 1, "trolley": 2}
T_SELF, T_TRAIT = 100, 200
FILTERS = {"face_up": 301, "face_down": 302, "scorable": 303, ast.AHEAD: 305}
TESTS = {"face_up": 301, "face_down": 302, "from_discard": 304}  # C_TEST's tests
C_CMP, C_ANY, C_ISCARD, C_TEST, C_NOT, C_AND, C_OR, C_TRUE = range(1, 9)
E_INT, E_COUNT, E_MINUTES, E_VAR = range(1, 5)
COMPARE = {">=": 0, "<=": 1, "==": 2, "!=": 3, ">": 4, "<": 5}
EVENTS = {"use": 0, "score": 1, "discard": 2}
MAXVARS = 6

# pass starts: efo_solve.c's PASS_BLOCK ids per number of discards made in the game (0 to 3,
# EFO.RULING.DISCARD-LIMIT (b); 0 under the other readings), then the finished games
PASS_BLOCK = 12 * 16 * 2048
NPASS = 4 * PASS_BLOCK
INTERLEAVE_MAX = 8  # efo_solve.c: CO_MAX, the searches a thread may interleave
NLEAF = NPASS + 12 * 16 * 4
WON, OUT, STUCK = 1, 2, 3
NO_INT = -(1 << 31)


class NativeUnavailable(ElevenesError):
    """The native solver cannot run here (no C compiler) or cannot run these cards."""


# -- lowering the card programs ----------------------------------------------------------------
class Lowering:
    """The cards' effects as int arrays for efo_solve.c, statement by statement as
    dsl/compile.py lays them out (same jumps, same skips, same forced choices)."""

    def __init__(self, trait_names: Sequence[str]) -> None:
        self.code: list[list[int]] = []
        self.sets: list[int] = []
        self.conds: list[list[int]] = []
        self.trait_index = {name: i for i, name in enumerate(trait_names)}
        self.vars: dict[str, int] = {}

    def unsupported(self, what: str) -> NativeUnavailable:
        return NativeUnavailable(f"the native solver has no {what}")

    def slot(self, name: str) -> int:
        if name not in self.vars:
            if len(self.vars) >= MAXVARS:
                raise self.unsupported(f"room for more than {MAXVARS} names in one effect")
            self.vars[name] = len(self.vars)
        return self.vars[name]

    def ref(self, name: str) -> int:
        return REFS[name] if name in REFS else self.slot(name)

    def place(self, where: ast.Position) -> int:
        """A card by its place in the row (``2 ahead``, ``after self``, ``card 3 of
        pantry``) as a reference: a node of the conditions' array read by place_card."""
        if where.kind not in PLACES:
            raise self.unsupported(f"place {where.kind!r} in the row")
        base = int(where.base == "pantry") if where.kind == "row" else (
            0 if where.kind == "ahead" else self.ref(where.base))
        return REF_PLACE - self.node(PLACES[where.kind], where.count, base)

    def test(self, item: str | int) -> int:
        if isinstance(item, int):
            return item
        if item == "self":
            return T_SELF
        if item in self.trait_index:
            return T_TRAIT + self.trait_index[item]
        if item in FILTERS:
            return FILTERS[item]
        raise self.unsupported(f"filter {item!r}")

    def set_expr(self, chosen: ast.SetExpr) -> int:
        if chosen.zone.name not in ZONES:
            raise self.unsupported(f"zone {chosen.zone.name!r}")
        at = len(self.sets)
        keep = [self.test(f) for f in chosen.filters]
        drop = [self.test(e) for e in chosen.exceptions]
        self.sets.extend([ZONES[chosen.zone.name], len(keep), *keep, len(drop), *drop])
        return at

    def node(self, *fields: int) -> int:
        self.conds.append([*fields, 0, 0, 0, 0][:4])
        return len(self.conds) - 1

    def expr(self, expr: ast.Expr) -> int:
        if isinstance(expr, ast.IntExpr):
            return self.node(0, E_INT, expr.value)
        if isinstance(expr, ast.CountExpr):
            return self.node(0, E_COUNT, self.set_expr(expr.set))
        if isinstance(expr, ast.BinExpr):
            raise self.unsupported(f"arithmetic ({expr.op})")
        if expr.name != "minutes":
            raise self.unsupported(f"value {expr.name!r}")
        return self.node(0, E_MINUTES, 0)

    def cond(self, cond: ast.Cond) -> int:
        if isinstance(cond, ast.Compare):
            return self.node(C_CMP, COMPARE[cond.op], self.expr(cond.left),
                             self.expr(cond.right))
        if isinstance(cond, ast.AnyCond):
            return self.node(C_ANY, self.set_expr(cond.set))
        if isinstance(cond, ast.IsCard):
            return self.node(C_ISCARD, self.ref(cond.name), cond.card)
        if isinstance(cond, ast.Test):
            if cond.name not in TESTS:
                raise self.unsupported(f"test {cond.name!r}")
            card = self.place(cond.position) if cond.position is not None else self.ref(
                cond.arg)
            return self.node(C_TEST, TESTS[cond.name], card)
        if isinstance(cond, ast.Not):
            return self.node(C_NOT, self.cond(cond.cond))
        parts = [self.cond(p) for p in cond.parts]
        kind = C_AND if isinstance(cond, ast.And) else C_OR
        if not parts:
            return self.node(C_TRUE) if kind == C_AND else self.node(C_NOT, self.node(C_TRUE))
        node = parts[-1]
        for part in reversed(parts[:-1]):
            node = self.node(kind, part, node)
        return node

    def emit(self, *fields: int) -> list[int]:
        record = [*fields, 0, 0, 0, 0, 0, 0, 0, 0][:8]
        self.code.append(record)
        return record

    def call(self, call: ast.Call) -> None:
        if call.verb not in VERBS:
            raise self.unsupported(f"verb {call.verb!r}")
        kind, value = REF_INT, 0
        for arg in call.args:
            if arg.kind == "position" and arg.position is not None:
                kind = self.place(arg.position)
            elif arg.kind == "expr":
                raise self.unsupported("a number read in play")
            if arg.kind == "int":
                kind, value = REF_INT, int(arg.value)
                if value < 0:  # the native clock only ever runs down
                    raise self.unsupported("cost below 0 (minutes given back)")
            elif arg.kind == "name":
                kind = self.ref(str(arg.value))
        self.emit(OP_CALL, VERBS[call.verb], kind, value)

    def choose(self, stmt: ast.ChooseCards, optional: bool) -> list[int]:
        if stmt.quantity.mode not in ("up_to", "exactly"):
            raise self.unsupported(f"{stmt.quantity.mode} choice")
        if stmt.by is not None:
            raise self.unsupported("choice made by another player")
        verb = 0
        if stmt.apply is not None:
            if stmt.apply.verb not in VERBS:
                raise self.unsupported(f"verb {stmt.apply.verb!r}")
            verb = VERBS[stmt.apply.verb]
        bind = self.slot(stmt.bind) if stmt.bind else -1
        return self.emit(OP_CHOOSE, self.set_expr(stmt.set), stmt.quantity.count,
                         1 if stmt.quantity.mode == "exactly" else 0, verb, bind,
                         1 if optional else 0, -1)

    def block(self, body: Sequence[ast.Stmt]) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, stmt: ast.Stmt) -> None:
        if isinstance(stmt, ast.Nothing):
            return
        if isinstance(stmt, ast.Call):
            self.call(stmt)
        elif isinstance(stmt, ast.ChooseCards):
            self.choose(stmt, optional=False)
        elif isinstance(stmt, ast.If):
            test = self.emit(OP_JUMPUNLESS, self.cond(stmt.cond), -1)
            self.block(stmt.then)
            if stmt.orelse:
                skip = self.emit(OP_JUMP, -1)
                test[2] = len(self.code)
                self.block(stmt.orelse)
                skip[1] = len(self.code)
            else:
                test[2] = len(self.code)
        elif isinstance(stmt, ast.May):
            if stmt.by is not None:
                raise self.unsupported("optional block decided by another player")
            gate = self.optional_block(stmt.body)
            self.close(gate)
        elif isinstance(stmt, ast.Repeat):
            counter = self.slot(f"_repeat{len(self.code)}")
            self.emit(OP_SETVAR, counter, 0)
            head = len(self.code)
            limit = self.node(0, E_INT, stmt.count)
            test = self.emit(OP_JUMPUNLESS,
                             self.node(C_CMP, COMPARE["<"], self.node(0, E_VAR, counter), limit),
                             -1)
            gate = self.optional_block(stmt.body)
            self.emit(OP_INCVAR, counter)
            self.emit(OP_JUMP, head)
            test[2] = len(self.code)
            self.close(gate)
            self.emit(OP_SETVAR, counter, 0)
        else:
            raise self.unsupported("choice of a player (a solo game never asks one)")

    def optional_block(self, body: Sequence[ast.Stmt]) -> list[int]:
        first = body[0] if body else None
        if isinstance(first, ast.ChooseCards) and first.quantity.mode != "random" \
                and first.by is None:
            gate = self.choose(first, optional=True)
            rest = body[1:]
        else:
            gate = self.emit(OP_MAYGATE, -1)
            rest = body
        self.block(rest)
        return gate

    def close(self, gate: list[int]) -> None:
        if gate[0] == OP_MAYGATE:
            gate[1] = len(self.code)
        else:
            gate[7] = len(self.code)

    def program(self, body: Sequence[ast.Stmt]) -> tuple[int, int]:
        """Lower one handler; jumps are relative to its first instruction."""
        start = len(self.code)
        self.vars = {}
        self.block(body)
        for record in self.code[start:]:  # make jump targets relative to the program
            if record[0] in (OP_JUMP, OP_MAYGATE):
                record[1] -= start
            elif record[0] == OP_JUMPUNLESS:
                record[2] -= start
            elif record[0] == OP_CHOOSE and record[6]:
                record[7] -= start
        return start, len(self.code) - start


# The readings of the procedure (game.py's PROCEDURE_READINGS) that efo_solve.c plays besides
# the decided ones (efo_set_procedure), in the order of its arguments; efo_fast.c plays none.
# Under EFO.RULING.DISCARD-LIMIT (b) the discards made are part of a pass start (pass_id).
SOLVER_PROCEDURE = (("EFO.RULING.FRONT-FIRST", "a"), ("EFO.RULING.FRONT-LAST-MINUTE", "a"),
                    ("EFO.RULING.TIME-AND-STUCK", "b"), ("EFO.RULING.USE-FLIP-MOVED", "b"),
                    ("EFO.RULING.NEXT-CARD", "a"), ("EFO.RULING.NEXT-CARD", "c"),
                    ("EFO.RULING.ELEVENSES", "c"), ("EFO.RULING.DISCARD-LIMIT", "b"))
# how many of those flags the digest of values solved before each later reading was played
# holds (the fewest that keep every reading's flag): the digests stay as they were
PROCEDURE_DIGESTS = (4, 7, 8)


def lower(game: EfoGame, solver: bool = False) -> dict[str, Any]:
    """The card programs of a game as the arrays efo_init takes.  A reading that changes the
    procedure (core/readings.py) is refused unless ``solver`` and efo_solve.c plays it
    (``SOLVER_PROCEDURE``, then under ``procedure``, its flags); the Python search takes over
    a game refused."""
    procedure = game.procedure_readings()
    missing = {k: v for k, v in procedure.items()
               if not solver or (k, v) not in SOLVER_PROCEDURE}
    if missing:
        raise NativeUnavailable(
            "the native " + ("solver" if solver else "state")
            + " plays the decided reading of the procedure, not "
            + ", ".join(f"reading ({v}) of {k}" for k, v in sorted(missing.items())))
    vocabulary = vocabulary_for(game.id)
    trait_names = sorted(vocabulary.traits)
    traits = {n: c.traits for n, c in game.cards.cards.items()}
    low = Lowering(trait_names)
    progs = [[[0, 0] for _ in range(3)] for _ in range(12)]
    for number, (_, card) in game.cards.definitions().items():
        if card.requires or card.grants:
            raise low.unsupported("card conditions or grants")
        for handler in card.handlers:
            for event in handler.events:
                if event not in EVENTS:
                    raise low.unsupported(f"effects on {event} (a variant card's event)")
            start, length = low.program(handler.body)
            for event in handler.events:
                progs[number][EVENTS[event]] = [start, length]
    masks = [0] * 16
    for number, names in traits.items():
        for name in names:
            masks[low.trait_index[name]] |= 1 << number
    tables: dict[str, Any] = {}
    if procedure:  # only then: the digests of the decided procedure's values stay as they were
        flags = [int(procedure.get(k) == v) for k, v in SOLVER_PROCEDURE]
        # the first four alone while the later ones are off (and so on): the digests of
        # values solved before the later readings were played stay as they were
        cut = next(n for n in PROCEDURE_DIGESTS if not any(flags[n:]))
        tables["procedure"] = flags[:cut]
    return tables | {
        "code": [x for record in low.code for x in record] or [0] * 8,
        "progs": [x for card in progs for event in card for x in event],
        "sets": low.sets or [0],
        "conds": [x for node in low.conds for x in node] or [0] * 4,
        "traits": masks,
        "undiscardable": masks[low.trait_index["undiscardable"]],
        "unflippable": masks[low.trait_index["unflippable"]],
    }


# -- building the library ------------------------------------------------------------------
def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "elevenes"


def compiler() -> str | None:
    """The C compiler to build with: $CC, else cc or gcc on the PATH (None: none found)."""
    return os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")


def library_path(source: Path | None = None) -> Path:
    """Compile efo_solve.c (or another version of it, ``source``: benchmarks compare two)
    once per source text (and compiler), then reuse it."""
    source = source or SOURCE
    return build(source, "efo_solve", ".so", [], source.read_bytes(), "the native solver")


def build(source: Path, name: str, suffix: str, flags: list[str], text: bytes,
          what: str) -> Path:
    """Compile ``source`` into the cache as a shared library named by a digest of ``text``
    (every source it reads) and the compiler, once, then reuse it."""
    compiler_path = compiler()
    if not compiler_path:
        raise NativeUnavailable(
            f"no C compiler found (set CC, or install cc/gcc): {what} is compiled on first use")
    digest = hashlib.sha256(text + compiler_path.encode() + suffix.encode()).hexdigest()[:16]
    target = cache_dir() / f"{name}-{digest}{suffix}"
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        built = Path(work) / target.name
        # -mcx16: the table's 16-byte entries are read and written whole (cmpxchg16b where
        # the processor has no AVX, which makes one 16-byte load or store a single access)
        wide = ["-mcx16"] if platform.machine().lower() in ("x86_64", "amd64") else []
        command = [compiler_path, "-O2", *wide, "-pthread", "-shared", "-fPIC", *flags, "-o",
                   str(built), str(source)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise NativeUnavailable(
                f"could not run the C compiler {compiler_path}: {exc}") from None
        if done.returncode != 0:
            raise NativeUnavailable(
                f"the C compiler {compiler_path} failed on {source.name}:\n"
                f"{done.stderr[-2000:]}")
        os.replace(built, target)  # atomic: a concurrent build leaves one whole file
    return target


NEED = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int32)
COMPARE_LEAVES = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int32, ctypes.c_int32)
PROGRESS = ctypes.CFUNCTYPE(None)


def load_library(source: Path | None = None) -> ctypes.CDLL:
    path = library_path(source)
    try:
        lib = ctypes.CDLL(str(path), use_errno=True)
    except OSError as exc:  # e.g. no room left for its thread-locals in this process
        raise NativeUnavailable(f"cannot load {path.name}: {exc}") from None
    i32p = ctypes.POINTER(ctypes.c_int32)
    lib.efo_init.argtypes = [i32p, i32p, i32p, i32p, i32p, ctypes.c_int, ctypes.c_int,
                             ctypes.c_int, ctypes.c_int, i32p, ctypes.c_int,
                             ctypes.POINTER(ctypes.c_double), i32p,
                             i32p, NEED, COMPARE_LEAVES, PROGRESS, ctypes.c_uint64]
    lib.efo_init.restype = ctypes.c_int
    lib.efo_solve_pass.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, i32p,
                                   ctypes.POINTER(ctypes.c_uint64), ctypes.c_int, ctypes.c_int]
    lib.efo_solve_pass.restype = ctypes.c_int
    lib.efo_set_rank_mode.argtypes = [ctypes.c_int]
    lib.efo_set_procedure.argtypes = [ctypes.c_int] * len(SOLVER_PROCEDURE)
    if hasattr(lib, "efo_set_coroutines"):  # (an older efo_solve.c run by a benchmark has not)
        lib.efo_set_coroutines.argtypes = [ctypes.c_int]
        lib.efo_set_coroutines.restype = ctypes.c_int
    lib.efo_stop_workers.argtypes = [ctypes.c_int]
    if hasattr(lib, "efo_memo_dump"):  # (an older efo_solve.c run by a benchmark has not)
        lib.efo_memo_dump.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        lib.efo_memo_dump.restype = ctypes.c_int
        lib.efo_memo_load.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        lib.efo_memo_load.restype = ctypes.c_int
        lib.efo_memo_drop_unvalued.restype = ctypes.c_uint64
    if hasattr(lib, "efo_halt"):  # (an older efo_solve.c run by a benchmark has not)
        lib.efo_halt.argtypes = [ctypes.c_int]
    lib.efo_loop.restype = ctypes.c_int
    lib.efo_share.argtypes = [ctypes.POINTER(ctypes.c_uint64)]
    lib.efo_share.restype = ctypes.c_double
    lib.efo_thread_stats.argtypes = [ctypes.c_int]
    lib.efo_thread_stats.restype = ctypes.c_uint64
    for name in ("efo_explored", "efo_layouts", "efo_top_layouts", "efo_memo_used"):
        getattr(lib, name).restype = ctypes.c_uint64
    return lib


def filled(value: int) -> Any:
    """NLEAF int32s, each ``value``, copied in one go (an element at a time took about a
    tenth of a second per solver)."""
    return (ctypes.c_int32 * NLEAF).from_buffer_copy(array.array("i", [value]) * NLEAF)


def ints(values: Sequence[int]) -> Any:
    return (ctypes.c_int32 * len(values))(*values)


# -- pass starts ------------------------------------------------------------------------------
ENTRY_BYTES = 16


def table_entries(cards: int, memory_gib: float) -> int:
    """The size (entries) of the table for a first pass of ``cards`` cards: it grows with the
    layouts (n!), up to the memory allowed (16 bytes an entry; any size, not only 2^k)."""
    wanted = math.factorial(cards) * 256
    allowed = int(max(memory_gib, 1e-6) * 2**30 / ENTRY_BYTES)
    return max(1 << 12, min(wanted, allowed))


DEFAULT_MEMORY_CAP_GIB = 7.0  # the whole game's table fills this (measured); peak 7.1 GiB


def available_memory_gib() -> float | None:
    """The memory the system could give this process now, in GiB (``MemAvailable``), or
    None where it cannot be read."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) / 2**20
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**30
    except (AttributeError, OSError, ValueError):
        return None


def default_memory_gib(available: float | None = None) -> float:
    """The table's size when none is asked for: half the memory available, at most 7 GiB
    (what the whole game fills), at least 1 GiB; 1 GiB when the available memory is unknown.
    Values are exact with any size: a larger table only saves time (a position lost from it
    is searched again), and a small endgame takes no more than it can use
    (:func:`table_entries`)."""
    if available is None:
        available = available_memory_gib()
    if available is None:
        return 1.0
    return min(DEFAULT_MEMORY_CAP_GIB, max(1.0, available / 2))


def default_threads() -> int:
    """The threads a whole solve uses: every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def pass_id(top: int, minutes: int, pile: int, made: int = 0) -> int:
    """A pass start's id; ``made``: the discards made in the game, part of the pass start
    under EFO.RULING.DISCARD-LIMIT (b) only (0 otherwise)."""
    return made * PASS_BLOCK + (((top * 16 + minutes) << 11) | (pile >> 1))


def pass_start(leaf: int) -> tuple[int, int, int]:
    """(top card, minutes, discard pile as a bit mask of card numbers)."""
    pile = (leaf & 2047) << 1
    top, minutes = divmod((leaf % PASS_BLOCK) >> 11, 16)
    return top, minutes, pile


def discards_made(leaf: int) -> int:
    """The discards made in the game at a pass start (EFO.RULING.DISCARD-LIMIT (b))."""
    return leaf // PASS_BLOCK


def pantry_size(top: int, pile: int) -> int:
    return sum(1 for c in ALL_CARDS if c > top and not pile >> c & 1)


def terminal_value(objective: str, leaf: int) -> Fraction:
    top, result = divmod(leaf - NPASS, 4)
    top, minutes = divmod(top, 16)
    if objective == "win":
        return Fraction(1 if result == WON else 0)
    return Fraction(top + (0 if result == OUT else minutes))  # EFO.RATING


class Progress(CoreProgress):
    """The progress line: layouts of the first pass done (a bar), pass starts valued, and the
    time left, estimated from how fast the share done grew lately (see :meth:`time_left`)."""

    def __init__(self, label: str, stream: Any = None, every: float = 0.5,
                 log_every: float | None = None) -> None:
        super().__init__(label, stream, every, log_every)
        # (seconds, share done, an order waiting for a pass), a few a minute
        self.samples: list[tuple[float, float, bool]] = []
        self.first: tuple[int, int] | None = None  # the first pass's cards and minutes
        # passes of as many cards as the first one, at fewer minutes (a reshuffle with
        # nothing scored leads to them): minutes -> when it was last seen under way
        self.big: dict[int, float] = {}
        self.whole: dict[int, float] = {}  # minutes -> how long that pass takes at its pace

    def big_left(self, inner: tuple[int, int, int, int] | None, now: float) -> float | None:
        """Seconds left while the first pass waits for passes of as many cards at fewer
        minutes, or None while too little is known.  They end one after the other, fewest
        minutes first (each resumes when the one it waited for ends), and each takes longer
        than the last (more minutes, more lines): the ones still to come (the first pass
        included) are taken to grow as the finished ones did on average, the one under way, once
        a quarter of it is done, to go on at its pace so far (its first orders are its slowest:
        from 5%, its pace made the estimate up to 3.9 times too long in the printed cards'
        rating).  Once half of it is done, the length its pace gives counts in
        that growth, and stands while a smaller pass inside it is the innermost one
        (docs/solver.md compares the estimates with the runs)."""
        if self.first is None:
            return None
        cards, minutes = self.first
        if (inner is not None and inner[0] == cards and inner[1] < minutes
                and inner[1] >= max(self.big, default=0)):  # fewer: one inside the current
            self.big[inner[1]] = now
        if not self.big:
            return None
        current = max(self.big)
        # the first of them began with the solve (the ones it needs are smaller)
        ends = [self.start] + [self.big[m] for m in sorted(self.big) if m < current]
        took = [b - a for a, b in zip(ends[:-1], ends[1:], strict=True)]
        elapsed = now - ends[-1]
        part = (inner[2] / inner[3] if inner is not None and inner[:2] == (cards, current)
                and inner[3] else 0.0)
        at_pace = elapsed / part if part >= 0.25 else None  # its length at its pace so far
        if at_pace is not None and part >= 0.5:  # its first orders are its slowest
            self.whole[current] = at_pace
        whole = self.whole.get(current)  # its length, once half of it was done
        if whole is not None:
            took.append(whole)
        if len(took) < 2:
            return None
        last, growth = took[-1], max(0.0, (took[-1] - took[0]) / (len(took) - 1))
        if whole is None:  # its length grown from the ended ones, unless its pace tells
            last += growth
        length = whole if whole is not None else at_pace if at_pace is not None else last
        # its rest, then the others up to the first pass's own minutes
        return max(0.0, length - elapsed) + sum(
            last + growth * k for k in range(1, minutes - current + 1))

    def time_left(self, share: float, now: float, waiting: bool = False) -> float | None:
        """Seconds left at the pace of the first pass's own orders, or None while too little
        is done to tell.  ``waiting``: an order is waiting for a pass it needs (an inner pass
        is under way), which stops the share for minutes.  The pace is measured over the
        stretches between two samples in which no order waited: a wait says nothing of how
        fast the orders after it go, and counting it made the estimate grow all through each
        wait (to 4.8 times the truth in the challenge's run, docs/solver.md).  It is the pace
        of the latest third of that free time (at least a minute) or of all of it, whichever
        gives the shorter time, and never a longer time than the pace since the orders began
        to move, waits included, gives (the only pace before any free stretch).  Early orders
        cost the most (they value the passes later ones find valued), so the pace only grows:
        the estimate errs long, not short."""
        if share < 0.005 or now - self.start < 10:
            return None
        if not self.samples or now - self.samples[-1][0] >= 5:
            self.samples.append((now, share, waiting))
        began = self.samples[0][0]
        if now - began < 30:  # a pace from a few samples swung up to three times the truth
            return None
        free = [(b[0] - a[0], b[1] - a[1])
                for a, b in itertools.pairwise(self.samples) if not a[2] and not b[2]]
        free_time = sum(dt for dt, _ in free)
        free_share = sum(ds for _, ds in free)
        first = self.samples[0]
        if share <= first[1]:
            return None
        # the pace since the orders began to move, waits included: never exceeded
        since = (1 - share) * (now - first[0]) / (share - first[1])
        if free_time < 5 or free_share <= 0:
            return since
        whole = (1 - share) * free_time / free_share
        spent = gained = 0.0
        for dt, ds in reversed(free):
            spent += dt
            gained += ds
            if spent >= max(60.0, free_time / 3):
                break
        recent = whole if gained <= 0 else (1 - share) * spent / gained
        return min(since, whole, recent)

    def layouts(self, done: int, total: int, passes: int, explored: int,
                inner: tuple[int, int, int, int] | None = None, partial: float = 0.0) -> None:
        """``inner``: (cards, minutes, orders done, orders) of the innermost pass being
        solved, when it is not the first one (passes are solved as the first one needs them);
        ``partial``: how much of one order of the first pass those inner passes have done."""
        share = min(1.0, (done + partial) / total) if total else 0.0
        bar = "#" * int(share * 20)
        now_doing = ""
        if inner is not None:
            cards, minutes, part, whole = inner
            now_doing = (f"now a pass of {cards} cards at {minutes} min "
                         f"{part * 100 // max(whole, 1)}%; ")
        now = time.perf_counter()
        left = self.time_left(share, now, waiting=inner is not None)
        if left is None:
            left = self.big_left(inner, now)
        eta = "time left: estimating" if left is None else f"about {duration(left)} left"
        # the time left first: a terminal narrower than the line cuts its end (with the label
        # "solving (chance to win)", the time left ends by column 76)
        self.draw(f" [{bar:<20}] {share * 100:5.1f}%, {eta} (first pass: {total:,} "
                  f"orders); {now_doing}{passes:,} pass starts valued; "
                  f"{explored / 1e6:,.0f}M positions;")


def duration(seconds: float) -> str:
    """A time left as a person reads it: 40 s, 12 min, 1 h 05 min."""
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    if seconds >= 100 * 3600:
        return "over 100 h"
    hours, minutes = divmod(int(seconds / 60 + 0.5), 60)
    return f"{hours} h {minutes:02d} min"


class NativeSolver:
    """Exact values of pass starts of one game under one objective (``win`` or ``rating``).

    ``memo_log2`` sizes the C table of positions (16 bytes an entry; a lost entry only costs
    time): 26 is 1 GiB; ``memo_entries`` gives any other number of entries.  ``exact_ranks``
    compares leaves by exact ranks throughout, not only where two doubles tie (slower: for
    checking that both ways agree).  ``threads``: how many threads a solve of a pass start that
    is not valued yet uses (values do not depend on it).  ``interleave``: how many searches
    each thread runs interleaved, so that their waits on the table's memory overlap (values do
    not depend on it; None: the C file's default, 4).  ``source`` runs another version of
    efo_solve.c (benchmarks time two in the same run)."""

    def __init__(self, game: EfoGame, objective: str, progress: Progress | None = None,
                 memo_log2: int = 26, exact_ranks: bool = False,
                 source: Path | None = None, threads: int = 1,
                 memo_entries: int | None = None, interleave: int | None = None) -> None:
        if objective not in ("win", "rating"):
            raise ElevenesError(f"unknown objective {objective!r}; objectives: win, rating")
        if interleave is not None and not 1 <= interleave <= INTERLEAVE_MAX:
            raise ElevenesError(f"interleave: 1 to {INTERLEAVE_MAX} searches per thread, "
                                f"not {interleave}")
        self.game = game
        self.objective = objective
        self.progress = progress
        self.lib = load_library(source)
        self.tables = lower(game, solver=True)
        self.key = (ctypes.c_double * NLEAF)()
        self.klass = filled(-1)
        self.intval = filled(NO_INT)
        self.values: dict[int, Fraction] = {}
        self.classes: dict[Fraction, int] = {}
        self.counts: dict[int, dict[int, int]] = {}
        self.local = threading.local()  # each thread's passes being solved (a stack)
        self.lock = threading.Lock()  # values and classes are written by one thread at once
        self.threads = max(1, threads) if not exact_ranks else 1
        self.error: BaseException | None = None
        self.rank_mode = False
        self.top_total = 0
        self.autosave: Path | None = None  # where to keep the values found, once a minute
        self.halted: str | None = None  # why the search was asked to stop (halt)
        self.max_positions: int | None = None  # stop past this many since start_count
        self.count_from = 0
        self.saved_at = time.perf_counter()
        for leaf in range(NPASS, NLEAF):
            self.set_value(leaf, terminal_value(objective, leaf))
        self._need = NEED(self.need)
        self._compare = COMPARE_LEAVES(self.compare)
        self._progress = PROGRESS(self.tick)
        t = self.tables
        facts = game.card_facts()  # card_facts.py: the key's reductions and the bound
        self._arrays = [ints(t["code"]), ints(t["progs"]), ints(t["sets"]), ints(t["conds"]),
                        ints(t["traits"])]
        self._ceiling = ints(list(ceiling_table(facts, objective)))
        entries = memo_entries or 1 << memo_log2
        # everything a position's entry in the table depends on (keep_table, load_table);
        # not the bound, which only decides what is searched: an entry is an exact value or
        # an exact bound under any bound that holds
        self.table_digest = hashlib.sha256(json.dumps(
            [TABLE_FORMAT, objective, self.tables, facts.row_as_set,
             facts.first_reader, entries, hashlib.sha256(
                 (source or SOURCE).read_bytes()).hexdigest()],
            sort_keys=True, default=str).encode()).digest()
        status = self.lib.efo_init(
            *self._arrays, t["undiscardable"], t["unflippable"], 1 if facts.row_as_set else 0,
            facts.first_reader, self._ceiling, 0 if objective == "win" else 1, self.key,
            self.klass, self.intval, self._need, self._compare, self._progress, entries)
        flags = list(t.get("procedure", []))
        self.lib.efo_set_procedure(*flags, *[0] * (len(SOLVER_PROCEDURE) - len(flags)))
        if status < 0:
            raise NativeUnavailable(f"not enough memory for a table of {entries:,} entries "
                                    f"({entries * ENTRY_BYTES / 2**30:.1f} GiB)")
        if status != NLEAF:  # another version of efo_solve.c (``source``)
            self.lib.efo_free()
            raise NativeUnavailable(f"{(source or SOURCE).name} numbers {status:,} leaves, "
                                    f"this module {NLEAF:,}: they are not of the same version")
        self.interleave = 1
        if hasattr(self.lib, "efo_set_coroutines"):
            self.interleave = self.lib.efo_set_coroutines(interleave or 0)
        if exact_ranks:  # compare by exact ranks throughout (slower; for checking)
            self.rank_mode = True
            self.lib.efo_set_rank_mode(1)

    @property
    def solving(self) -> list[int]:
        """The pass starts this thread is solving, the first one first."""
        stack: list[int] | None = getattr(self.local, "solving", None)
        if stack is None:
            stack = self.local.solving = []
        return stack

    def close(self) -> None:
        self.lib.efo_free()

    def halt(self, reason: str) -> None:
        """Stop the search under way from any thread (a progress call, a signal handler):
        every thread of the native engine sees it within a million positions, and ``solve``
        then raises SolverError(reason), as does every later call (the values found so far
        are kept).  The process is not ended: its caller saves and says why."""
        if self.halted is None:
            self.halted = reason
        self.lib.efo_halt(1)

    def resume(self) -> None:
        """Undo a halt, so that the next ``solve`` searches again (a bot's next move)."""
        self.halted = None
        self.error = None
        self.lib.efo_halt(0)

    def start_count(self) -> None:
        """Count the positions toward ``max_positions`` from now on."""
        self.count_from = self.explored()

    def past_limit(self) -> bool:
        """Was the search halted because it went past ``max_positions``?"""
        return self.max_positions is not None and self.halted == self.limit_reason()

    def limit_reason(self) -> str:
        return f"more than {self.max_positions:,} positions: too large to solve exactly here"

    # -- values kept between runs ------------------------------------------------------------
    def load(self, path: Path) -> int:
        """Take the pass-start values saved in ``path`` (if any); returns how many."""
        try:
            doc = json.loads(path.read_text())
            saved = {int(k): Fraction(v) for k, v in doc["values"].items()}
        except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
            return 0
        for leaf, value in saved.items():
            if 0 <= leaf < NPASS:
                self.set_value(leaf, value)
        return len(saved)

    def save(self, path: Path) -> None:
        """Write every pass-start value known (atomically: a reader sees a whole file).  A
        value is keyed by its pass start: top card * 16 + minutes, shifted left 11 bits, or'ed
        with the discard pile's bit mask of cards shifted right by one; under
        EFO.RULING.DISCARD-LIMIT (b), plus 393,216 (PASS_BLOCK) times the discards made."""
        values = {str(k): str(v) for k, v in sorted(self.values.items()) if k < NPASS}
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        partial.write_text(json.dumps({"format": CACHE_FORMAT, "objective": self.objective,
                                       "cards": cards_digest(self.game), "values": values},
                                      indent=0))
        os.replace(partial, path)

    def pass_starts(self) -> int:
        """How many pass starts have a value."""
        return sum(1 for k in self.values if k < NPASS)

    # -- values ---------------------------------------------------------------------------
    def set_value(self, leaf: int, value: Fraction) -> None:
        with self.lock:
            self.values[leaf] = value
            self.key[leaf] = float(value)
            self.intval[leaf] = int(value) if value.denominator == 1 else NO_INT
            # the class last: C takes a leaf with a class as valued
            self.klass[leaf] = self.classes.setdefault(value, len(self.classes))

    def rank(self) -> None:
        """Exact ranks for every valued leaf, for a pass whose doubles tied."""
        order = {v: i for i, v in enumerate(sorted(self.classes))}
        for leaf, value in self.values.items():
            self.key[leaf] = float(order[value])

    def need(self, leaf: int) -> int:
        """Called by C for a pass start it has no value for (C has checked that no thread is
        solving it, and that it is not one this thread is solving): 0 valued, 2 failed."""
        try:
            self.solve(leaf)
            if self.rank_mode:
                self.rank()
            return 0
        except BaseException as exc:  # reported when C has unwound
            if self.error is None:
                self.error = exc
            return 2

    def compare(self, a: int, b: int) -> int:
        """Called by C when two leaves' doubles are equal but not their values: is a worth
        more than b, exactly?"""
        return 1 if self.values[a] > self.values[b] else 0

    def tick(self) -> None:
        """Called by C about every million positions.  An exception here (Ctrl-C or SIGTERM
        landing in this call, a progress line that cannot be written) would be printed and
        dropped by ctypes: it is kept, the search is stopped, and ``solve`` raises it.  Past
        ``max_positions`` the search is asked to stop (it unwinds; the values found are kept)."""
        if (self.max_positions is not None
                and self.explored() - self.count_from > self.max_positions):
            self.halt(self.limit_reason())
            return
        if self.progress is None:
            return
        try:
            info = (ctypes.c_uint64 * 4)()
            share = float(self.lib.efo_share(info))
            inner = (int(info[0]), int(info[1]), int(info[2]), int(info[3])) if info[0] else None
            partial = share * self.top_total - int(self.lib.efo_top_layouts())
            self.progress.layouts(self.lib.efo_top_layouts(), self.top_total,
                                  self.pass_starts(), self.lib.efo_explored(), inner, partial)
        except BaseException as exc:
            if self.error is None:
                self.error = exc
            self.lib.efo_halt(1)

    def solve(self, leaf: int) -> Fraction:
        """The exact value of a pass start (solving the pass starts it leads to first)."""
        if leaf in self.values:
            return self.values[leaf]
        top, minutes, pile = pass_start(leaf)
        made = discards_made(leaf)
        n = pantry_size(top, pile)
        first = not self.solving and threading.current_thread() is threading.main_thread()
        if first:
            self.top_total = math.factorial(n)
            if isinstance(self.progress, Progress):
                self.progress.first = (n, minutes)
        ids = (ctypes.c_int32 * 4096)()
        hist = (ctypes.c_uint64 * 4096)()
        self.solving.append(leaf)
        workers: list[threading.Thread] = []
        try:
            if first:
                self.error = None
                self.lib.efo_reset()
                self.lib.efo_stop_workers(0)
                workers = [threading.Thread(target=self.lib.efo_worker, daemon=True)
                           for _ in range(self.threads - 1)]
                for worker in workers:
                    worker.start()
            found = int(self.lib.efo_solve_pass(top, minutes, pile, ids, hist, 4096, made))
        finally:
            self.solving.pop()
            if workers:
                self.lib.efo_stop_workers(1)
                for worker in workers:
                    worker.join()
        if found < 0:
            if first:
                self.lib.efo_reset()
            error = self.error
            if found == -4 and error is not None and self.halted is None:
                raise error  # stopped by tick: Ctrl-C, SIGTERM, or the progress line failed
            if found == -4 or self.halted is not None:
                raise SolverError(self.halted or "the native search was stopped")
            if error is not None:
                raise error
            if found == -3:
                raise SolverError(FREE_REDEAL)
            raise SolverError("the native search stopped: a loop within a pass, or an "
                              "effect nested too deep")
        counts = {int(ids[i]): int(hist[i]) for i in range(found)}
        total = sum(counts.values())
        value = sum((Fraction(c) * self.values[k] for k, c in counts.items()), Fraction(0))
        value /= total
        self.counts[leaf] = counts
        self.set_value(leaf, value)
        if self.autosave is not None and time.perf_counter() - self.saved_at > 60:
            self.saved_at = time.perf_counter()
            try:  # a long solve that is stopped resumes from here
                self.save(self.autosave)
            except OSError:
                self.autosave = None
        return value

    def value_of_start(self, top: int, minutes: int, pile: Sequence[int] = (),
                       made: int = 0) -> Fraction:
        """``made``: the discards made in the game, under EFO.RULING.DISCARD-LIMIT (b)."""
        mask = 0
        for card in pile:
            mask |= 1 << card
        if minutes <= 0:
            raise ElevenesError("a pass starts with at least one minute on the clock")
        self.error = None
        return self.solve(pass_id(top, minutes, mask, made))

    # -- the table of positions kept between runs (solve --keep-table) -----------------------
    def keep_table(self, path: Path) -> None:
        """Write the table of positions to ``path`` (atomically: a reader sees a whole file),
        once the search has stopped: with the values kept beside it, a stopped solve goes on
        without searching again the positions the passes under way had reached."""
        if not hasattr(self.lib, "efo_memo_dump"):
            raise OSError("this version of efo_solve.c cannot write its table")
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        try:
            if self.lib.efo_memo_dump(os.fsencode(partial), self.table_digest) != 0:
                err = ctypes.get_errno() or None
                raise OSError(err, os.strerror(err) if err else "cannot write the table")
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)

    def load_table(self, path: Path) -> str | None:
        """Read a table written by ``keep_table`` for this very solve (the same cards,
        readings, objective, engine and table size), after the values kept beside it: its
        entries whose leaf has no value are dropped.  Returns why it was not read, or None."""
        if not hasattr(self.lib, "efo_memo_load"):
            return "this version of efo_solve.c cannot read a table"
        status = self.lib.efo_memo_load(os.fsencode(path), self.table_digest)
        if status == 0:
            return ("it is the table of another solve (other cards, readings, objective, "
                    "--memory or engine)")
        if status < 0:
            err = ctypes.get_errno()
            return f"it cannot be read ({os.strerror(err) if err else 'a short file'})"
        self.lib.efo_memo_drop_unvalued()
        return None

    def explored(self) -> int:
        return int(self.lib.efo_explored())

    def stored(self) -> int:
        return int(self.lib.efo_memo_used())


def pass_start_of(state: EfoState) -> int | None:
    """The pass start a position is (step 1, nothing laid out yet), or None."""
    if state.phase != DEAL or state.pantry or state.stack or state.minutes <= 0:
        return None
    top = len(state.trolley)
    pile = 0
    for card in state.discard:
        pile |= 1 << card
    expected = [c for c in ALL_CARDS if c > top and not pile >> c & 1]
    if state.trolley != list(range(1, top + 1)) or sorted(state.deck) != expected:
        return None
    game = state.game
    # EFO.RULING.DISCARD-LIMIT (b): the discards made in the game are part of the pass start
    made = min(state.discards, 3) if isinstance(game, EfoGame) and game.count_discards else 0
    return pass_id(top, state.minutes, pile, made)


CACHE_FORMAT = 1
TABLE_FORMAT = 1  # solve --keep-table: the header efo_solve.c writes, the digest Python makes


def cards_digest(game: EfoGame) -> str:
    """A digest of the card programs as the native solver runs them."""
    return hashlib.sha256(json.dumps([CACHE_FORMAT, game.printed_cards, lower(game, True)],
                                     sort_keys=True).encode()).hexdigest()[:20]


def choice_words() -> list[int]:
    """For each verb number of the lowered programs (VERBS; 0: none), the index in game.py's
    WORDS of the action word a choice ending in it is written with (dsl/compile.py: the
    verb's word, "take" for a choice with no verb): efo_fast.c numbers a choice's options
    with it, as the Python engine does."""
    verbs = vocabulary_for(EfoGame.id).verbs
    words = [WORDS.index("take")] * (max(VERBS.values()) + 1)
    for name, number in VERBS.items():
        if verbs[name].word:
            words[number] = WORDS.index(verbs[name].word)
    return words


def shipped_file(game: EfoGame, objective: str) -> Path | None:
    """The values shipped with elevenes for the printed cards (the whole game, solved once
    with ``elevenes solve elevenes-for-one --save-values``), if they are of these cards; for
    the rulebook's cards under one reading other than the decided one, those of that reading
    (``readings/<NAME>-<letter>-OBJECTIVE.json``, benchmarks/readings_efo.py), if shipped."""
    path = Path(__file__).with_name(f"printed-{objective}.json")
    if not game.printed_cards:
        readings = getattr(game, "readings", {})
        if getattr(game, "user_cards", True) or len(readings) != 1:
            return None
        ((ruling_id, letter),) = readings.items()
        path = Path(__file__).with_name("readings") / (
            f"{short_name(ruling_id)}-{letter}-{objective}.json")
    if not path.exists():
        return None
    try:
        if json.loads(path.read_text())["cards"] != cards_digest(game):
            return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return path


def values_file(game: EfoGame, objective: str) -> Path:
    """Where the pass-start values of these cards and this objective are kept between runs:
    named by a digest of the lowered card programs, the C source and the objective, so a
    changed card file or solver never reads another's values."""
    digest = hashlib.sha256(json.dumps(
        [CACHE_FORMAT, objective, game.printed_cards, lower(game, True),
         hashlib.sha256(SOURCE.read_bytes()).hexdigest()], sort_keys=True).encode())
    return cache_dir() / f"efo-values-{objective}-{digest.hexdigest()[:20]}.json"


def solve_start(game: EfoGame, objective: str, top: int, minutes: int,
                pile: Sequence[int] = (), progress: Progress | None = None,
                memo_log2: int = 26) -> tuple[Fraction, NativeSolver]:
    solver = NativeSolver(game, objective, progress, memo_log2)
    try:
        return solver.value_of_start(top, minutes, pile), solver
    finally:
        if progress is not None:
            progress.close()



STOPPED = "stopped by a signal"


@contextlib.contextmanager
def stopped_by_signals(solver: NativeSolver) -> Iterator[None]:
    """While a native solve runs in the main thread, Ctrl-C and SIGTERM ask it to stop
    (``halt``: the C search unwinds within a million positions) rather than raise in the
    middle of a call from C, where ctypes would print the exception and go on searching;
    ``solve`` then fails with STOPPED, and the caller keeps the values found (a stopped solve
    loses only the passes under way) and ends as interrupted."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        solver.halt(STOPPED)

    before = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


class PassValues:
    """The exact value of any pass start, for core.solve.Solver's ``known`` hook: one already
    valued (shipped, cached or solved in this run) is read straight from the native solver's
    table; any other is solved natively on demand and kept in the cache between runs.  The
    search asks at every position it reaches, so the common answers (not a pass start, or one
    valued) cost next to nothing.  Unavailable (no compiler, cards the interpreter lacks)
    means None everywhere: the Python search then does it all.

    ``max_positions`` bounds the native work since :meth:`start_count` (a bot calls it at
    each move) or since the object was made: past it the solve under way stops within about a
    million positions and the call raises SolverError (the pass starts finished are kept).
    ``label``: a progress line on stderr while it works, when stderr is a terminal."""

    def __init__(self, game: EfoGame, objective: str, memo_log2: int = 26,
                 use_cache: bool = True, max_positions: int | None = None,
                 label: str | None = None) -> None:
        self.game = game
        self.objective = objective
        self.memo_log2 = memo_log2
        self.use_cache = use_cache
        self.max_positions = max_positions
        self.label = label
        self._solver: NativeSolver | None = None
        self.unavailable: str | None = None
        self.path: Path | None = None
        self.halted = False  # the last call stopped past max_positions

    def solver(self) -> NativeSolver | None:
        if self._solver is None and self.unavailable is None:
            try:
                show = self.label is not None and sys.stderr.isatty()
                self._solver = NativeSolver(self.game, self.objective,
                                            Progress(self.label or "") if show else None,
                                            self.memo_log2)
                self._solver.max_positions = self.max_positions
                shipped = shipped_file(self.game, self.objective)
                if shipped is not None:
                    self._solver.load(shipped)
                if self.use_cache:
                    self.path = values_file(self.game, self.objective)
                    self._solver.load(self.path)
            except NativeUnavailable as exc:
                self.unavailable = str(exc)
        return self._solver

    def __call__(self, state: object) -> Fraction | None:
        if not isinstance(state, EfoState) or state.phase != DEAL:
            return None
        leaf = pass_start_of(state)
        if leaf is None:
            return None
        solver = self.solver()
        if solver is None:
            return None
        known = solver.values.get(leaf)
        if known is not None:
            return known
        before = solver.pass_starts()
        solver.resume()  # a call past the limit asked the search to stop: this one may go on
        self.halted = False
        if solver.progress is not None:
            solver.progress.start = time.perf_counter()
        try:
            with stopped_by_signals(solver):
                value = solver.solve(leaf)
        except SolverError:
            if solver.halted == STOPPED:  # Ctrl-C or SIGTERM: the command ends as interrupted
                raise KeyboardInterrupt from None
            if solver.past_limit():
                self.halted = True
                top, minutes, pile = pass_start(leaf)
                cards = ", ".join(f"({c})" for c in range(1, 12) if pile >> c & 1) or "no card"
                raise SolverError(
                    f"valuing the pass start with ({top}) on the trolley, {minutes} minutes "
                    f"and {cards} in the discard pile needs more than "
                    f"{self.max_positions:,} positions of the native solver, and its value "
                    "is neither shipped nor in the cache") from None
            raise
        finally:
            if self.path is not None and solver.pass_starts() > before:
                try:
                    solver.save(self.path)
                except OSError:
                    self.path = None  # a read-only cache: values are simply not kept
            if solver.progress is not None:
                solver.progress.close()
        return value

    def start_count(self) -> None:
        """Count the positions toward ``max_positions`` from now on."""
        if self._solver is not None:
            self._solver.start_count()
