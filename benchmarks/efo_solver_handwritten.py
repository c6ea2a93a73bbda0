"""A plain hand-written exact solver of Elevenes for One (printed cards, the standard game),
written straight from the rulebook with no engine code: the C file beside this one
(efo_solve_handwritten.c) follows rulebook/elevenes-for-one and the hand-written simulator
efo_handwritten.py, and this module compiles it and calls it. It is the yardstick of the
project's solver (``elevenes solve elevenes-for-one``) and an independent second computation
of its values; tests/efo/test_handwritten_solver.py holds the two to the same values.

    python benchmarks/efo_solver_handwritten.py --trolley K --minutes M
                                                --objective win|rating [--memory GIB]
                                                [--pile CARD ...]

values the start of a pass with cards 1 to K on the trolley, an empty discard pile (or the
cards given with ``--pile``), M minutes on the clock and every other card to lay out (the
whole game is K = 1, M = 15): the best chance to win, or the best expected rating (the top
card plus the minutes left), averaged over every order of the pantry. The C file is compiled
on first use with ``$CC`` (else ``cc``) into ``~/.cache/elevenes-bench`` (``$XDG_CACHE_HOME``
if set), named by a digest of the source. This module imports nothing of the ``elevenes``
package.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

SOURCE = Path(__file__).resolve().with_name("efo_solve_handwritten.c")
OBJECTIVES = {"win": 0, "rating": 1}
_ERRORS = {
    1: "bad arguments (trolley 1 to 10, minutes 1 to 15, memory above 0; a pile of at most "
       "three cards above the trolley's top that can be discarded, not all the others)",
    2: "the table of positions could not be allocated (try a smaller --memory)",
    3: "a pass start leads back to itself through a shuffle",
    4: "a decision with no move",
}


class SolverError(RuntimeError):
    """The solver cannot run or stopped: the message says why."""


@dataclass(frozen=True)
class Result:
    objective: str
    top: int
    minutes: int
    pile: tuple[int, ...]
    value: float  # the chance to win (0 to 1) or the expected rating (points)
    positions: int  # positions searched (decisions of a pass not found in the table)
    visited: int  # decisions of a pass reached, found in the table or not
    stored: int  # entries written to empty slots of the table
    pass_starts: int  # pass starts valued (their orders searched)
    table_entries: int
    seconds: float


_library: ctypes.CDLL | None = None


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "elevenes-bench"


def _compile() -> Path:
    source = SOURCE.read_bytes()
    compiler = shlex.split(os.environ.get("CC") or "cc")
    if not compiler or shutil.which(compiler[0]) is None:
        raise SolverError(f"no C compiler found ({' '.join(compiler) or 'cc'}): install one "
                          "or name it in $CC")
    digest = hashlib.sha256(source + " ".join(compiler).encode()).hexdigest()[:16]
    target = _cache_dir() / f"efo_solve_handwritten-{digest}.so"
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        built = Path(tmp) / target.name
        command = [*compiler, "-O2", "-shared", "-fPIC", "-o", str(built), str(SOURCE)]
        try:
            done = subprocess.run(command, capture_output=True, text=True)
        except OSError as error:
            raise SolverError(f"the C compiler could not be run: {error}") from None
        if done.returncode != 0:
            raise SolverError(f"compiling {SOURCE.name} failed:\n{done.stderr}")
        os.replace(built, target)
    return target


def _load() -> ctypes.CDLL:
    global _library
    if _library is None:
        library = ctypes.CDLL(str(_compile()))
        library.efo_hw_solve.argtypes = [
            ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_double,
            ctypes.POINTER(ctypes.c_longdouble), ctypes.POINTER(ctypes.c_uint64)]
        library.efo_hw_solve.restype = ctypes.c_int
        _library = library
    return _library


def solve(objective: str, top: int, minutes: int, memory_gib: float = 1.0,
          pile: tuple[int, ...] = ()) -> Result:
    """The value of the pass start with cards 1 to ``top`` on the trolley, the cards of
    ``pile`` in the discard pile (none in an endgame of ``elevenes solve --trolley``) and
    ``minutes`` on the clock, for ``objective`` ``win`` or ``rating``."""
    if objective not in OBJECTIVES:
        raise SolverError(f"objective: win or rating, not {objective!r}")
    if any(not 1 <= card <= 11 for card in pile) or len(set(pile)) != len(pile):
        raise SolverError(f"pile: distinct cards from 1 to 11, not {list(pile)}")
    library = _load()
    value = ctypes.c_longdouble(0.0)
    stats = (ctypes.c_uint64 * 5)()
    start = time.perf_counter()
    code = library.efo_hw_solve(OBJECTIVES[objective], top, minutes,
                                sum(1 << card for card in pile), memory_gib,
                                ctypes.byref(value), stats)
    seconds = time.perf_counter() - start
    if code != 0:
        raise SolverError(_ERRORS.get(code, f"error {code}"))
    return Result(objective, top, minutes, tuple(sorted(pile)), float(value.value), stats[0],
                  stats[4], stats[1], stats[2], stats[3], seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trolley", type=int, default=1, metavar="K",
                        help="cards 1 to K on the trolley (1 to 10; default 1, the whole game)")
    parser.add_argument("--minutes", type=int, default=15, metavar="M",
                        help="minutes on the clock (1 to 15; default 15)")
    parser.add_argument("--objective", choices=sorted(OBJECTIVES), default="win")
    parser.add_argument("--memory", type=float, default=1.0, metavar="GIB",
                        help="size of the table of positions in GiB (default 1)")
    parser.add_argument("--pile", type=int, nargs="*", default=[], metavar="CARD",
                        help="cards in the discard pile at the pass start (default none)")
    args = parser.parse_args()
    try:
        result = solve(args.objective, args.trolley, args.minutes, args.memory,
                       tuple(args.pile))
    except SolverError as error:
        print(f"efo_solver_handwritten: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    what = "best chance to win" if result.objective == "win" else "best expected rating"
    trolley = "card 1" if result.top == 1 else f"cards 1-{result.top}"
    print(f"Elevenes for One, hand-written solver: {trolley} on the trolley, "
          f"{result.minutes} minutes"
          + (f", {' '.join(map(str, result.pile))} in the discard pile" if result.pile else ""))
    print(f"  {what}: {result.value:.12g}")
    print(f"  positions visited: {result.visited:,}  searched (not found in the table): "
          f"{result.positions:,}  stored: {result.stored:,}  "
          f"pass starts valued: {result.pass_starts:,}  "
          f"(table of {result.table_entries:,} entries)")
    print(f"  seconds: {result.seconds:.3f}")


if __name__ == "__main__":
    main()
