"""Time and positions of the exact Elevenes for One solvers, per setting: the native
pass-by-pass solver (games/elevenes_for_one/native) and the Python search over the engine's
API (core/solve.py), in the same run.

    python benchmarks/bench_solver.py [--cards N ...] [--minutes M ...]
                                      [--objective win|rating|both] [--engine native|python|both]
                                      [--memory GIB] [--threads N] [--interleave K]
                                      [--against OLD.c]

Each setting is the start of a pass with cards 1 to 11-N on the trolley and N cards to lay out
(``elevenes solve elevenes-for-one --trolley 11-N --minutes M``): the whole game from the first
deal is N = 10.  For each it prints the value, the positions explored and stored, the pass
starts valued and the time of each engine, as a Markdown table (the docs' solver page shows
one), and the speed-up where both ran.  The Python search grows about seven-fold per card and
is practical up to N = 8; the native one values the whole game (see the page).  Cached values
are not used: every run starts empty.

``--handwritten`` also runs benchmarks/efo_solver_handwritten.py, an independent solver of
the printed cards written from the rulebook with no engine code (its own C file), on each
setting in the same run: it checks that its value agrees with the exact one (to 1e-9
relative: it computes in long double) and prints its positions (visited, and searched: not
found in its table), its time and the native engine's time over it.

``--against OLD.c`` also times another version of the native engine's C file in the same run
(for instance ``git show REV:reference/elevenes/games/elevenes_for_one/native/efo_solve.c >
old.c``), checks that it finds the same values, and prints its positions, its time and the
gain of the current one.  The old file must have the current one's interface (``efo_init`` with
the comparison callback, the threads, and the reductions read off the cards: ``row_as_set``,
the first reader and the bound's table).  ``--threads N``
runs the native engine with N threads sharing its table (default 1: the times are those of one
core); ``--interleave K`` with K searches interleaved in each thread (default: the engine's, 4;
1 runs one search at a time).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from fractions import Fraction
from pathlib import Path

import elevenes
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.game import EfoGame
from elevenes.games.elevenes_for_one.native import (
    INTERLEAVE_MAX,
    NativeSolver,
    pass_start_of,
    table_entries,
)
from elevenes.games.elevenes_for_one.solver import OBJECTIVES, make_solver

sys.path.insert(0, str(Path(__file__).resolve().parent))
import efo_solver_handwritten  # noqa: E402


def run_native(game: EfoGame, objective: str, cards: int, memory: float, threads: int = 1,
               source: Path | None = None,
               interleave: int | None = None) -> tuple[Fraction, int, int, int, float]:
    state = endgame(game, 11 - cards)
    solver = NativeSolver(game, objective, memo_entries=table_entries(cards, memory),
                          source=source, threads=threads, interleave=interleave)
    start = time.perf_counter()
    leaf = pass_start_of(state)
    assert leaf is not None
    value = solver.solve(leaf)
    seconds = time.perf_counter() - start
    result = (value, solver.explored(), solver.stored(), solver.pass_starts(), seconds)
    solver.close()
    return result


def run_python(game: EfoGame, objective: str, cards: int) -> tuple[Fraction, int, int, float]:
    solver = make_solver(objective)
    start = time.perf_counter()
    value = solver.value(endgame(game, 11 - cards))
    return value, solver.visited, len(solver.table), time.perf_counter() - start


def handwritten_cells(objective: str, cards: int, minutes: int, value: Fraction,
                      memory: float, native_seconds: str) -> str:
    """The hand-written solver on the same setting: its positions, its time and the native
    engine's time over it; it must agree with the exact value."""
    try:
        hand = efo_solver_handwritten.solve(objective, 11 - cards, minutes, memory)
    except efo_solver_handwritten.SolverError as error:
        raise SystemExit(f"the hand-written solver: {error}") from None
    if abs(Fraction(hand.value) - value) > Fraction(1, 10**9) * max(Fraction(1), abs(value)):
        raise SystemExit(f"the hand-written solver disagrees: {hand.value!r} != {value}")
    over = f"{float(native_seconds) / max(hand.seconds, 1e-6):.2f}" if native_seconds else ""
    return f" {hand.visited:,} / {hand.positions:,} | {hand.seconds:.2f} | {over} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, nargs="+", default=[3, 4, 5, 6, 7],
                        help="cards to lay out (2-10; default 3 to 7)")
    parser.add_argument("--minutes", type=int, nargs="+", default=[5, 10, 15],
                        help="minutes on the clock (default 5 10 15)")
    parser.add_argument("--objective", choices=[*OBJECTIVES, "both"], default="both")
    parser.add_argument("--engine", choices=["native", "python", "both"], default="both")
    parser.add_argument("--memory", type=float, default=1.0, metavar="GIB",
                        help="the native table's size in GiB (default 1)")
    parser.add_argument("--threads", type=int, default=1, metavar="N",
                        help="threads of the native engine (default 1)")
    parser.add_argument("--interleave", type=int, default=None, metavar="K",
                        help=f"searches interleaved in each native thread (1 to {INTERLEAVE_MAX}; "
                             "default: 4)")
    parser.add_argument("--handwritten", action="store_true",
                        help="also run the independent hand-written solver (printed cards)")
    parser.add_argument("--against", type=Path, default=None, metavar="OLD.c",
                        help="also time the native engine built from this C file")
    args = parser.parse_args()
    if args.threads < 1:
        raise SystemExit("--threads: at least 1")
    if args.interleave is not None and not 1 <= args.interleave <= INTERLEAVE_MAX:
        raise SystemExit(f"--interleave: 1 to {INTERLEAVE_MAX}")
    objectives = list(OBJECTIVES) if args.objective == "both" else [args.objective]
    against = args.against
    if against is not None and not against.is_file():
        raise SystemExit(f"--against: no such file {against}")
    extra = " against: positions | against s | gain |" if against else ""
    if args.handwritten:
        extra += " hand-written: visited / searched | hand-written s | native / hand-written |"
    print("| cards | minutes | objective | value | native: positions / stored / pass starts "
          f"| native s | python: positions / stored | python s | speed-up |{extra}")
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|" + ("---:|---:|---:|" if against else "")
          + ("---:|---:|---:|" if args.handwritten else ""))
    for cards in args.cards:
        for minutes in args.minutes:
            game = elevenes.load_game("elevenes-for-one", options={"minutes": minutes})
            assert isinstance(game, EfoGame)
            for objective in objectives:
                value = None
                native_cells, python_cells, ratio = ["", ""], ["", ""], ""
                if args.engine in ("native", "both"):
                    value, explored, stored, passes, n_seconds = run_native(
                        game, objective, cards, args.memory, args.threads,
                        interleave=args.interleave)
                    native_cells = [f"{explored:,} / {stored:,} / {passes:,}",
                                    f"{n_seconds:.2f}"]
                if args.engine in ("python", "both"):
                    p_value, visited, kept, p_seconds = run_python(game, objective, cards)
                    if value is not None and p_value != value:
                        raise SystemExit(f"the engines disagree: {value} != {p_value}")
                    value = p_value
                    python_cells = [f"{visited:,} / {kept:,}", f"{p_seconds:.2f}"]
                    if args.engine == "both":
                        ratio = f"{p_seconds / max(n_seconds, 1e-6):,.0f}x"
                assert value is not None
                extra_cells = ""
                if against is not None:
                    a_value, a_explored, _, _, a_seconds = run_native(
                        game, objective, cards, args.memory, args.threads, against,
                        args.interleave)
                    if a_value != value:
                        raise SystemExit(f"{against} disagrees: {a_value} != {value}")
                    gain = (f"{a_seconds / max(n_seconds, 1e-6):.2f}x"
                            if args.engine != "python" else "")
                    extra_cells = f" {a_explored:,} | {a_seconds:.2f} | {gain} |"
                if args.handwritten:
                    extra_cells += handwritten_cells(objective, cards, minutes, value,
                                                       args.memory, native_cells[1])
                print(f"| {cards} | {minutes} | {OBJECTIVES[objective][1]} "
                      f"| {float(value):.4f} | {' | '.join(native_cells)} "
                      f"| {' | '.join(python_cells)} | {ratio} |{extra_cells}", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"peak memory: {peak} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
