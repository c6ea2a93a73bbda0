"""``elevenes solve elevenes-for-one``: the best chance to win and the best expected rating,
exactly, from the start of a game (or from a saved position)."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from ...core import readings
from ...core.errors import BadOption
from ...core.solve import Progress, SolverError
from ...dsl import ast
from ..cli import parse_options, user_cards
from ..prompt import SAVE_KEY, check_resume, read_saved, starting_state
from . import make_game
from .card_facts import CardFacts, _walk, least_cost
from .game import EfoGame, EfoState
from .solver import OBJECTIVES, Solved, fmt, solve

if TYPE_CHECKING:
    from .native import NativeSolver

LARGEST = 8  # cards to lay out: about five minutes and 2 GB per objective (bench_solver.py)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=["elevenes-for-one"], help="which game")
    parser.add_argument("--cards", default=None, metavar="FILE",
                        help="a .cards file replacing or adding cards")
    parser.add_argument("--minutes", type=int, default=None, metavar="N",
                        help="minutes on the clock at the start (the option minutes)")
    parser.add_argument("-o", "--option", action="append", metavar="KEY=VALUE",
                        help="a game option")
    parser.add_argument("--trolley", type=int, default=None, metavar="K",
                        help="start a pass with cards 1 to K already on the trolley and the "
                             "others shuffled into the pantry (an endgame)")
    parser.add_argument("--from", dest="position", default=None, metavar="STATE.json",
                        help="solve from this position (a canonical state file) instead")
    parser.add_argument("--objective", choices=[*OBJECTIVES, "both"], default="both",
                        help="what to maximise (default: both, each on its own)")
    parser.add_argument("--max-positions", type=int, default=None, metavar="N",
                        help="give up beyond N positions explored")
    parser.add_argument("--engine", choices=["auto", "native", "python"], default="auto",
                        help="native: the pass-by-pass solver in C (compiled on first use); "
                             "python: the search over the engine's API; auto (default): native "
                             "where it can run, else python")
    parser.add_argument("--memory", type=float, default=None, metavar="GIB",
                        help="the native solver's table of positions, in GiB (default: half "
                             "the memory available, at most 7, at least 1; the whole game "
                             "runs fastest with 6-8); values stay exact with any size")
    parser.add_argument("--threads", type=int, default=None, metavar="N",
                        help="native engine: threads that share the solve of the first pass "
                             "and the passes it needs (default: one per core; values do not "
                             "depend on it)")
    parser.add_argument("--no-cache", action="store_true",
                        help="neither read nor keep pass-start values in the cache "
                             "(~/.cache/elevenes)")
    parser.add_argument("--recompute", action="store_true",
                        help="native engine: solve from nothing, reading neither the values "
                             "shipped for the printed cards nor the cache (a --keep-values "
                             "file is still read)")
    parser.add_argument("--save-values", default=None, metavar="FILE",
                        help="native engine: write the exact value of every pass start found "
                             "to FILE (JSON; `hint` and the solver bots read such values)")
    parser.add_argument("--keep-values", default=None, metavar="FILE",
                        help="native engine: keep the pass-start values found in FILE as the "
                             "solve goes (about once a minute, and when it is stopped) instead "
                             "of the cache, and start from the values FILE already holds: a "
                             "long solve stopped on one machine goes on from FILE on another")
    parser.add_argument("--keep-table", default=None, metavar="FILE",
                        help="native engine, with --keep-values: when the solve is stopped, "
                             "also write its table of positions to FILE (as large as "
                             "--memory), and start from the table FILE holds, so that the "
                             "passes under way are not searched again; FILE is removed when "
                             "the solve ends")
    parser.add_argument("--vs", default=None, metavar="FILE",
                        help="also solve the same position with the cards of FILE (rule set B; "
                             "A is --cards, else the printed cards) and print both values and "
                             "B - A exactly")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress line on stderr")


def load_position(path: str, options: dict[str, object], cards: str | None) -> EfoState:
    """A position to solve: a canonical state file, or a game saved by ``elevenes play``
    (whose card file is used again, as ``play --resume`` does).  The command's options
    override the saved ones: a position may be solved under other options."""
    doc = read_saved(path, "elevenes-for-one")
    saved = doc.get("options")
    saved_options: dict[str, object] = dict(saved) if isinstance(saved, dict) else {}
    if SAVE_KEY in doc:
        saved_options, cards = check_resume(doc, path, {}, lambda given: EfoGame(given).options,
                                            cards)
    game = make_game({**saved_options, **options}, cards)
    state = starting_state(game, doc)
    assert isinstance(state, EfoState)
    return state


def endgame(game: EfoGame, top: int) -> EfoState:
    """The start of a pass with cards 1 to ``top`` on the trolley, the rest to be laid out and
    the game's starting minutes on the clock."""
    if not 1 <= top <= 10:
        raise BadOption(f"--trolley takes a number from 1 to 10, not {top}")
    start = game.new_initial_state().to_json()
    start["trolley"] = list(range(1, top + 1))
    start["deck"] = list(range(top + 1, 12))
    return game.state_from_json(start)


def position_of(args: argparse.Namespace, options: dict[str, object],
                cards: str | None) -> EfoState:
    """The position to solve under one rule set: a saved one, an endgame or the start."""
    if args.position is not None:
        if args.trolley is not None:
            raise BadOption("--trolley and --from cannot be used together")
        return load_position(args.position, options, cards)
    if args.trolley is not None:
        return endgame(make_game(options, cards), args.trolley)
    return make_game(options, cards).new_initial_state()


@attrs.frozen
class RuleSet:
    """One rule set's answers: its cards, the engine that ran and a result per objective."""

    cards: str | None
    state: EfoState
    engine: str
    results: list[Solved]
    failed: dict[str, str] = attrs.field(factory=dict)
    """objective -> why it could not be valued (a loop through a chance node)"""

    def facts(self) -> CardFacts:
        game = self.state.game
        assert isinstance(game, EfoGame)
        return game.card_facts()

    def json(self) -> dict[str, object]:
        facts = self.facts()
        return {
            "cards": self.cards,
            "engine": self.engine,
            "results": [{
                "objective": r.objective, "value": str(r.value), "float": float(r.value),
                "positions_explored": r.explored, "positions_stored": r.stored,
                "pass_starts": r.passes, "seconds": round(r.seconds, 3),
                "table_bytes": r.table_bytes or None} for r in self.results],
            "not_valued": [{"objective": objective, "error": why}
                           for objective, why in self.failed.items()],
            "reductions": {  # card_facts.py: what the cards allow the solvers to share and cut
                "row_as_set": facts.row_as_set, "first_reader": facts.first_reader or None,
                "why_whole_row": facts.why_whole_row or None,
                "score_cost": list(facts.score_cost) if facts.score_cost else None,
                "why_general_bound": facts.why_general_bound or None},
        }

    def known(self) -> bool:
        """Whether a value came from the shipped or cached ones (nothing solved for it)."""
        return self.engine == "native" and any(r.passes == 0 for r in self.results)


KNOWN = ("(known values: shipped with elevenes for the printed cards and their readings, "
         "or kept by an earlier run in the cache or the --keep-values file; --recompute solves "
         "them again, all but those of a --keep-values file)")


def solve_rule_set(state: EfoState, cards: str | None, args: argparse.Namespace,
                   tag: str = "") -> RuleSet:
    """Every objective asked for, under the rules of ``state``'s game."""
    show = not args.no_progress and sys.stderr.isatty()
    engine = choose_engine(args, state)
    kept = [flag for flag, given in (("--save-values", args.save_values),
                                     ("--keep-values", args.keep_values),
                                     ("--keep-table", args.keep_table)) if given]
    if engine == "python" and kept:
        raise BadOption(f"{' and '.join(kept)}: pass-start values are the native engine's, "
                        "and the Python search solves this")
    if engine == "python":
        size = len(state.pantry) + len(state.deck)
        if size > LARGEST and args.max_positions is None:
            print(f"note: {size} cards to lay out; the Python search is practical up to "
                  f"{LARGEST} (each card more costs about seven times the time and memory, "
                  "see the docs' solver page); --max-positions N stops it early",
                  file=sys.stderr)
    results = []
    failed: dict[str, str] = {}
    for objective in objectives_of(args):
        label = f"{tag}solving ({OBJECTIVES[objective][1]})"
        try:
            if engine == "native":
                # to a file (not a terminal), a long native solve logs a line now and then
                results.append(solve_native(state, objective, args,
                                            None if args.no_progress else label))
            else:
                progress = Progress(label) if show else None
                results.append(solve(state, objective, progress, args.max_positions))
        except SolverError as exc:
            if LOOP not in str(exc):
                raise
            failed[objective] = f"{exc}{free_cards(state)}"  # the other objective may be valued
    return RuleSet(cards, state, engine, results, failed)


LOOP = "loop through a chance node"
LOG_EVERY = 300.0  # seconds between two progress lines of a native solve written to a file




def check_kept(path: Path, game: EfoGame, objective: str) -> None:
    """A file given to --keep-values must be one it wrote for these cards, these readings and
    this objective (or not exist yet): values of another game are refused, never mixed in."""
    from .native import CACHE_FORMAT, cards_digest

    try:
        text = path.read_text()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise BadOption(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        doc = json.loads(text)
        if not isinstance(doc, dict) or not isinstance(doc.get("values"), dict):
            raise ValueError("no object of values")
        for key, value in doc["values"].items():
            int(key), Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError) as exc:
        raise BadOption(f"{path}: not a file of pass-start values ({exc})") from None
    if doc.get("format") != CACHE_FORMAT:
        raise BadOption(f"{path}: values of format {doc.get('format')!r}, this engine keeps "
                        f"format {CACHE_FORMAT}")
    if doc.get("objective") != objective:
        raise BadOption(f"{path} holds values of the objective {doc.get('objective')!r}, not "
                        f"{objective!r}")
    if doc.get("cards") != cards_digest(game):
        raise BadOption(f"{path} holds values of other cards or other readings than these "
                        f"(digest {doc.get('cards')!r}, these are {cards_digest(game)!r})")


def _cost_text(arg: ast.Arg) -> str:
    """A cost as written, or for a number read in play the least it can be."""
    return str(arg.value) if arg.kind == "int" else f"as few as {least_cost(arg)}"


def free_cards(state: EfoState) -> str:
    """The cards whose use or score can cost no minute (a ``cost`` of 0 or less), by file:line:
    a pass of such cards can end at no cost, and the pantry is dealt again for free."""
    game = state.game
    assert isinstance(game, EfoGame)
    found = []
    for number, (path, card) in sorted(game.cards.definitions().items()):
        for handler in card.handlers:
            for stmt, _ in _walk(handler.body):
                if isinstance(stmt, ast.Call) and stmt.verb == "cost" and any(
                        least_cost(a) <= 0 for a in stmt.args):
                    found.append(f'{path}:{stmt.pos.line}:{stmt.pos.column}: card {number} '
                                 f'"{card.name}" costs {_cost_text(stmt.args[0])} minutes on '
                                 f'{", ".join(handler.events)}')
    if not found:
        return ""
    return "; the cards whose use or score can cost no minute: " + "; ".join(found)


def changed_cards(first: RuleSet, second: RuleSet) -> list[int]:
    """The numbers of the cards either rule set's file defines (the cards A and B may differ in)."""
    found: set[int] = set()
    for rule_set in (first, second):
        game = rule_set.state.game
        assert isinstance(game, EfoGame)
        if rule_set.cards is not None:
            found |= {c.number for c in game.cards.cards.values()
                      if c.source.startswith(f"{rule_set.cards}:")}
    return sorted(found)


def idle_warning(first: RuleSet, second: RuleSet) -> str | None:
    """When B - A is 0 for every objective and every card the files change already lies on the
    trolley of the position asked (its effects ran before it; it is not laid out again), say so
    and suggest a pass that still lays one of them out."""
    if first.failed or second.failed or any(
            a.value != b.value for a, b in zip(first.results, second.results, strict=True)):
        return None
    changed = changed_cards(first, second)
    trolley = set(first.state.trolley) & set(second.state.trolley)
    if not changed or not set(changed) <= trolley:
        return None
    game = first.state.game
    assert isinstance(game, EfoGame)
    names = ", ".join(f'{n} "{game.cards.cards[n].name}"' if n in game.cards.cards else str(n)
                      for n in changed)
    many = len(changed) > 1
    lowest = min(changed)
    where = ("the whole game (leave out --trolley and --from)" if lowest == 1 else
             f"--trolley {lowest - 1} ({11 - (lowest - 1)} cards to lay out)")
    return (f"warning: B - A is 0 here, and this position cannot show a difference: the "
            f"changed card{'s' if many else ''} {names} already lie{'' if many else 's'} on the "
            f"trolley in this position, so no pass lays {'them' if many else 'it'} out again; "
            f"to see {'their' if many else 'its'} effect, solve {where}")


def difference(objective: str, value: Fraction) -> str:
    """B - A, exactly and as a person reads it (percentage points for a chance)."""
    if objective == "win":
        return f"{value} ({float(value) * 100:+.4f} percentage points)"
    return f"{value} ({float(value):+.4f} points)"


def run(args: argparse.Namespace) -> int:
    options: dict[str, object] = dict(parse_options(args.option))
    if args.minutes is not None:
        options["minutes"] = args.minutes
    for given, flag in ((args.save_values, "--save-values"), (args.keep_values, "--keep-values")):
        if args.vs is not None and given:
            raise BadOption(f"{flag} keeps the values of one rule set: use it without --vs "
                            "(solve each file on its own)")
    if args.keep_table and not args.keep_values:
        raise BadOption("--keep-table keeps the table beside the values of --keep-values: give "
                        "both (the table's positions are worth the values kept there)")
    if args.keep_values and args.objective == "both":
        raise BadOption("--keep-values keeps the values of one objective: give --objective "
                        "win or --objective rating")
    state = position_of(args, options, args.cards)
    other = position_of(args, options, args.vs) if args.vs is not None else None
    first = solve_rule_set(state, args.cards, args, "A: " if other is not None else "")
    second = solve_rule_set(other, args.vs, args, "B: ") if other is not None else None
    game_options = dict(state.game.options)
    if args.json:
        doc: dict[str, object] = {
            "game": state.game.id,
            "options": game_options,
            "from": args.position,
            "trolley": args.trolley,
            **first.json(),
        }
        if second is not None:
            doc["vs"] = second.json()
            doc["difference"] = [{  # B - A, where both are valued
                "objective": a.objective, "value": str(b.value - a.value),
                "float": float(b.value - a.value)}
                for a, b in paired_results(first, second)]
            warning = idle_warning(first, second)
            if warning is not None:
                doc["warning"] = warning
        print(json.dumps(doc, indent=1))
        return report_failed(first, second)
    where = (f"from {args.position}" if args.position else
             f"from a pass with 1-{args.trolley} on the trolley" if args.trolley else
             "from the start")
    # the rules options, then only the readings other than the decided ones (EFO.RULING.*)
    setting = ", ".join([f"{k}={v}" for k, v in sorted(game_options.items())
                         if not k.startswith(readings.PREFIX)]
                        + [f"{readings.PREFIX}{ruling}={letter}" for ruling, letter
                           in sorted(readings.in_force(game_options).items())])
    if second is None:
        print(f"Elevenes for One ({setting}; {args.cards or 'printed cards'}), {where}:")
        if first.known():
            print(f"  {KNOWN}")
        for r in first.results:
            print(f"  best {OBJECTIVES[r.objective][1]}: {fmt(r.objective, r.value)}"
                  f"  [{work(first.engine, r)}]")
        for objective in first.failed:
            print(f"  best {OBJECTIVES[objective][1]}: not valued (see the error)")
        for line in first.facts().describe():  # card_facts.py: the reductions these allow
            print(f"  solver's {line}")
        return report_failed(first, None)
    print(f"Elevenes for One ({setting}), {where}:")
    for name, rule_set in (("A", first), ("B", second)):
        game = rule_set.state.game
        print(f"  {name}: {user_cards(game, rule_set.cards)}")
        if rule_set.known():
            print(f"    {KNOWN}")
        for line in rule_set.facts().describe():
            print(f"    solver's {line}")
    for objective in objectives_of(args):
        print(f"  best {OBJECTIVES[objective][1]}:")
        found = {}
        for name, rule_set in (("A", first), ("B", second)):
            got = next((r for r in rule_set.results if r.objective == objective), None)
            if got is None:
                print(f"    {name}      not valued (see the error)")
            else:
                found[name] = got.value
                print(f"    {name}      {fmt(objective, got.value)}  "
                      f"[{work(rule_set.engine, got)}]")
        if len(found) == 2:
            print(f"    B - A  {difference(objective, found['B'] - found['A'])}")
    warning = idle_warning(first, second)
    if warning is not None:
        print(warning, file=sys.stderr)
    return report_failed(first, second)


def paired_results(first: RuleSet, second: RuleSet) -> list[tuple[Solved, Solved]]:
    """A's and B's results of each objective both could value."""
    valued = {r.objective: r for r in second.results}
    return [(a, valued[a.objective]) for a in first.results if a.objective in valued]


def report_failed(first: RuleSet, second: RuleSet | None) -> int:
    """Each objective a rule set could not value, as an error naming the cards (exit 1), after
    the values that could be found are printed."""
    code = 0
    for name, rule_set in (("A", first), ("B", second)):
        if rule_set is None:
            continue
        for objective, why in rule_set.failed.items():
            tag = f"{name} ({rule_set.cards or 'printed cards'}), " if second is not None else ""
            print(f"error: {tag}best {OBJECTIVES[objective][1]}: {why}", file=sys.stderr)
            code = 1
    return code


def work(engine: str, r: Solved) -> str:
    """What a result cost, for the line that prints it."""
    passes = f"{r.passes:,} pass starts solved, " if engine == "native" else ""
    table = f" (a table of {size_of(r.table_bytes)})" if r.table_bytes else ""
    return (f"policy maximising the {OBJECTIVES[r.objective][1]}; {engine} engine: "
            f"{passes}{r.explored:,} positions explored, {r.stored:,} stored{table}, "
            f"{r.seconds:.1f} s")


def size_of(size: int) -> str:
    """A size in bytes as people read it: 64 KiB, 1.5 MiB, 7 GiB."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}"
    return f"{size / 2**10:.3g} KiB"


def objectives_of(args: argparse.Namespace) -> list[str]:
    return list(OBJECTIVES) if args.objective == "both" else [args.objective]


def choose_engine(args: argparse.Namespace, state: EfoState) -> str:
    """The engine that runs: native needs a pass start (the start of a game, --trolley, or a
    saved position at step 1), a C compiler and cards its interpreter has."""
    if args.engine == "python":
        return "python"
    from .native import NativeUnavailable, load_library, lower, pass_start_of

    reason = None
    if pass_start_of(state) is None:
        reason = ("the position is not the start of a pass (the native solver values pass "
                  "starts; `elevenes hint` uses it for positions within a pass)")
    else:
        try:
            assert isinstance(state.game, EfoGame)
            lower(state.game, solver=True)
            load_library()
        except NativeUnavailable as exc:
            reason = str(exc)
    if reason is None:
        return "native"
    if args.engine == "native":
        raise SolverError(f"the native engine cannot solve this: {reason}")
    print(f"note: using the Python search: {reason}", file=sys.stderr)
    return "python"


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def read_table(solver: NativeSolver, table: Path) -> None:
    """Start from the table of positions a stopped run kept in ``table`` (--keep-table), if
    it is this solve's; say what was read, or why not (the solve then starts from none)."""
    for stale in table.parent.glob(f"{table.name}.*.part"):  # a run killed while writing
        pid = stale.name[len(table.name) + 1:-len(".part")]
        if pid.isdigit() and not pid_alive(int(pid)):
            with contextlib.suppress(OSError):
                stale.unlink()
    if not table.exists():
        print(f"note: no table in {table} yet: it is written there if the solve is stopped",
              file=sys.stderr, flush=True)
        return
    if not table.is_file():
        print(f"note: {table} is not a file: no table is read from it, nor kept in it",
              file=sys.stderr, flush=True)
        return
    start = time.perf_counter()
    why = solver.load_table(table)
    if why is None:
        print(f"note: going on from the table of {solver.stored():,} positions kept in {table} "
              f"(read in {time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    else:
        print(f"note: the table in {table} is not read: {why}; it is written again if the "
              "solve is stopped", file=sys.stderr, flush=True)


def write_table(solver: NativeSolver, table: Path) -> None:
    """Keep the table of a stopped solve in ``table`` (--keep-table), saying so."""
    start = time.perf_counter()
    try:
        solver.keep_table(table)
    except OSError as exc:
        print(f"note: the table could not be kept in {table} ({exc}): the next run searches "
              "the passes under way again", file=sys.stderr)
        return
    print(f"note: the table of {solver.stored():,} positions is kept in {table} (written in "
          f"{time.perf_counter() - start:.0f} s): the same command goes on from it",
          file=sys.stderr)


def solve_native(state: EfoState, objective: str, args: argparse.Namespace,
                 label: str | None) -> Solved:
    from .native import (
        ENTRY_BYTES,
        STOPPED,
        NativeSolver,
        default_memory_gib,
        default_threads,
        pass_start_of,
        shipped_file,
        stopped_by_signals,
        table_entries,
        values_file,
    )
    from .native import Progress as NativeProgress

    game = state.game
    assert isinstance(game, EfoGame)
    path = None if args.no_cache else values_file(game, objective)
    if args.keep_values:
        path = Path(args.keep_values)
        check_kept(path, game, objective)

    log_every = None if sys.stderr.isatty() else LOG_EVERY
    progress = NativeProgress(label, log_every=log_every) if label else None
    memory = default_memory_gib() if args.memory is None else args.memory
    if not memory > 0 or math.isinf(memory):
        raise BadOption(f"--memory takes a size in GiB above 0, not {memory:g}")
    entries = table_entries(len(state.deck) + len(state.pantry), memory)
    if args.threads is not None and args.threads < 1:
        raise BadOption(f"--threads takes a number of threads, 1 or more, not {args.threads}")
    threads = args.threads or default_threads()
    start = time.perf_counter()
    solver = NativeSolver(game, objective, progress, threads=threads, memo_entries=entries)
    # --max-positions: the native engine counts about every million positions; past the
    # limit it is asked to stop, the values found are kept and the command says why
    solver.max_positions = args.max_positions
    try:
        if not args.recompute:
            shipped = shipped_file(game, objective)
            if shipped is not None:  # the whole game, solved once by this engine
                solver.load(shipped)
        loaded = 0
        if path is not None and (args.keep_values or not args.recompute):
            loaded = solver.load(path)
        if path is not None:
            solver.autosave = path  # a stopped solve resumes where it was
        table = Path(args.keep_table) if args.keep_table else None
        leaf = pass_start_of(state)
        assert leaf is not None
        try:
            with stopped_by_signals(solver):
                if args.keep_values:  # said once a signal keeps the values, not before
                    print(f"note: going on from the {loaded:,} pass-start values kept in {path}"
                          if loaded else f"note: keeping the pass-start values found in {path} "
                          "as the solve goes", file=sys.stderr, flush=True)
                if table is not None:
                    read_table(solver, table)
                value = solver.solve(leaf)
        except (SolverError, KeyboardInterrupt):
            if path is not None and solver.halted is not None:
                with contextlib.suppress(OSError):  # values not kept: only time lost
                    solver.save(path)
                    if args.keep_values:
                        print(f"note: the {solver.pass_starts():,} pass-start values found "
                              f"are kept in {path}: the same command goes on from them",
                              file=sys.stderr)
                if table is not None:
                    write_table(solver, table)
            if solver.halted == STOPPED:
                raise KeyboardInterrupt from None  # ends as interrupted (exit status 130)
            raise
        if path is not None:
            try:
                solver.save(path)
            except OSError as exc:
                print(f"note: the values could not be kept in {path}: {exc}", file=sys.stderr)
        if table is not None and table.exists():  # the values say it all now
            with contextlib.suppress(OSError):
                table.unlink()
                print(f"note: the solve ended: its table {table} is removed", file=sys.stderr)
        if args.save_values:
            target = Path(args.save_values)
            if len(objectives_of(args)) > 1:
                target = target.with_name(f"{target.stem}-{objective}{target.suffix}")
            try:
                solver.save(target)
            except OSError as exc:
                raise BadOption(f"cannot write {target}: {exc}") from None
    finally:
        if progress is not None:
            progress.close()
        solver.close()
    return Solved(objective, value, solver.explored(), solver.stored(),
                  time.perf_counter() - start, len(solver.counts), entries * ENTRY_BYTES)
