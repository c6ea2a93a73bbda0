"""Elevenes for One: the exact chance to win of the whole game under each playable reading.

Every playable reading of every ruling of Elevenes for One that offers a choice
(core/readings.py) is solved on its own, the other rulings at their decided readings, by
``elevenes solve`` from the first deal (the native engine, as docs/solver.md does for the
printed cards).  Each solve writes its JSON to ``benchmarks/readings_efo/<NAME>-<letter>-
<objective>.json`` and its pass-start values to the folder the solver ships them from
(``games/elevenes_for_one/native/readings/``), so that ``solve`` and ``hint`` under the
reading read them as they read the printed cards' values.

    nice -n 10 python benchmarks/readings_efo.py --run              # solve what is missing
    nice -n 10 python benchmarks/readings_efo.py --run --objective rating --memory 7
    nice -n 10 python benchmarks/readings_efo.py --run --only ELEVENSES=b  # one reading
    python benchmarks/readings_efo.py                               # the table only
    nice -n 10 python benchmarks/readings_efo.py --endgame 2 13     # a smaller exact figure

A solve keeps the pass-start values it finds in ``benchmarks/readings_efo/partial/`` as it
goes (``elevenes solve --keep-values``): stopped by Ctrl-C or SIGTERM, or cut short with the
machine, it goes on from them at the next ``--run``; the file is removed when the solve ends.
Stopped by a signal, it also keeps its table of positions (``--keep-table``, in the cache
folder, as large as ``--memory``; ``--no-table`` does without), so that the passes it had
under way are not searched again.

``--endgame TOP MINUTES`` solves, under the decided readings and under each playable one, the
endgame whose trolley holds (1) to TOP and whose pantry the other cards, with MINUTES on the
clock, from its first deal (the native engine, nothing saved): a figure in seconds where the
whole game takes many minutes.

A reading of EFO.RULING.CHALLENGE changes only the challenge variant: it is solved with
``-o challenge=true`` and compared with the decided reading of that variant.  That one is
solved like a reading, ``--only CHALLENGE=a`` (its decided letter), into
``benchmarks/readings_efo/CHALLENGE-a-<objective>.json``; its values are not shipped (the
solver ships the printed cards' and those of one reading other than the decided one).  Where
it has not been solved, the chance to win docs/solver.md publishes stands in for it.
docs/readings.md publishes the table this prints.
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from elevenes.core.readings import choosable, option_name, short_name
from elevenes.core.workers import set_parent_death_signal
from elevenes.games import load_game
from elevenes.games.elevenes_for_one import native

GAME = "elevenes-for-one"
HERE = Path(__file__).resolve().parent
OUT = HERE / "readings_efo"
SHIP = Path(native.__file__).with_name("readings")
ONLY_IN = {"EFO.RULING.CHALLENGE": {"challenge": "true"}}


def readings() -> list[tuple[str, str]]:
    return [(r.id, x) for r in choosable(GAME).values() for x in r.playable if x != r.decided]


def variant_baselines() -> list[tuple[str, str]]:
    """The decided reading of each ruling that changes only a variant: the variant under the
    decided readings, which that ruling's other readings are compared with."""
    return [(r.id, r.decided) for r in choosable(GAME).values() if r.id in ONLY_IN]


def is_baseline(ruling_id: str, letter: str) -> bool:
    return (ruling_id, letter) in variant_baselines()


def baseline_of(ruling_id: str) -> str:
    """The decided letter of a ruling that changes only a variant."""
    return dict(variant_baselines())[ruling_id]


def name(ruling_id: str, letter: str, objective: str) -> str:
    return f"{short_name(ruling_id)}-{letter}-{objective}.json"


# the decided challenge's chance to win at 15 minutes, as docs/solver.md publishes it
# (`elevenes solve elevenes-for-one -o challenge=true`, about an hour of one core; its values
# are not shipped): what a reading of EFO.RULING.CHALLENGE is compared with
DECIDED_CHALLENGE = {"win": Fraction(23024593935391537852521961417,
                                     36268102305757978951680000000)}


def decided_value(objective: str, ruling_id: str = "") -> Fraction | None:
    """The whole game's value under the decided readings, from the shipped values (for a
    reading of a variant, the decided reading of that variant, where it is known)."""
    if ruling_id in ONLY_IN:
        value = solved(ruling_id, baseline_of(ruling_id), objective)
        return DECIDED_CHALLENGE.get(objective) if value is None else value
    game = load_game(GAME)
    assert isinstance(game, native.EfoGame)
    path = native.shipped_file(game, objective)
    if path is None:
        return None
    values = json.loads(path.read_text())["values"]
    return Fraction(values[str(native.pass_id(1, 15, 0))])


def native_refusal(ruling_id: str, letter: str) -> str | None:
    """Why the native engine cannot solve the whole game under a reading, or None: the
    Python search that would take over cannot take the whole game, so ``--run`` skips it."""
    options: dict[str, object] = {option_name(ruling_id): letter, **ONLY_IN.get(ruling_id, {})}
    game = load_game(GAME, options)
    assert isinstance(game, native.EfoGame)
    try:
        native.lower(game, solver=True)
    except native.NativeUnavailable as refused:
        return str(refused)
    return None


def partial(ruling_id: str, letter: str, objective: str) -> Path:
    """Where a solve keeps the pass-start values it has found (``solve --keep-values``): a
    solve stopped (Ctrl-C, SIGTERM, the machine turned off) goes on from them when ``--run``
    is given again, here or on another machine; the file is removed once the solve ends."""
    return OUT / "partial" / name(ruling_id, letter, objective)


def kept_table(ruling_id: str, letter: str, objective: str) -> Path:
    """Where a stopped solve keeps its table of positions (``solve --keep-table``), so that
    the next ``--run`` does not search again the passes it had under way: as large as
    ``--memory``, so in the cache folder, not beside the values; removed when the solve ends."""
    return native.cache_dir() / "tables" / name(ruling_id, letter, objective).replace(
        ".json", ".table")


def end_with_parent() -> None:
    """In the solve's process: SIGTERM (which keeps its values) when this script ends, however
    it ends, so that no solve outlives the command that started it."""
    set_parent_death_signal(signal.SIGTERM)


def solve(ruling_id: str, letter: str, objective: str, memory: int,
          table: bool = True) -> str:
    """Solve the whole game under one reading (or, for a variant's decided reading, the
    variant under the decided readings): "done", "failed" or "stopped" (a signal)."""
    baseline = is_baseline(ruling_id, letter)
    options = [] if baseline else [f"{option_name(ruling_id)}={letter}"]
    options += [f"{k}={v}" for k, v in ONLY_IN.get(ruling_id, {}).items()]
    kept = partial(ruling_id, letter, objective)
    kept.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "elevenes.cli", "solve", GAME, "--objective", objective,
               "--memory", str(memory), "--threads", "1", "--json", "--keep-values", str(kept)]
    if table:
        command += ["--keep-table", str(kept_table(ruling_id, letter, objective))]
    if not baseline:
        command += ["--save-values", str(SHIP / name(ruling_id, letter, objective))]
    for option in options:
        command += ["-o", option]
    print(" ".join(command[2:]), file=sys.stderr, flush=True)
    # the solve's own messages, and on a terminal its progress line and time left, go straight
    # to this script's standard error: a whole game takes minutes to hours.  Ctrl-C reaches
    # both processes: the solve keeps its values and ends, and this script waits for it
    stopped = False
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                          preexec_fn=end_with_parent) as proc:  # noqa: PLW1509
        while True:
            try:
                out, _ = proc.communicate()
                break
            except KeyboardInterrupt:
                stopped = True
    if proc.returncode != 0 or stopped:
        print(f"the solve ended with exit status {proc.returncode}; the values it found are "
              f"kept in {kept} (--run goes on from them)", file=sys.stderr)
        return "stopped" if stopped or proc.returncode in (130, -2, -15) else "failed"
    (OUT / name(ruling_id, letter, objective)).write_text(out)
    kept.unlink(missing_ok=True)
    return "done"


def solved(ruling_id: str, letter: str, objective: str) -> Fraction | None:
    """The whole game's value under a reading, if its solve has ended."""
    try:
        (result,) = json.loads((OUT / name(ruling_id, letter, objective)).read_text())["results"]
        return Fraction(result["value"])
    except (OSError, ValueError, KeyError):  # missing, or a solve still writing it
        return None


def unsolved(ruling_id: str, letter: str, objective: str) -> str:
    """Why a reading has no value in the table yet, in a few words."""
    why = native_refusal(ruling_id, letter)
    if why is not None:
        return f"not solved: {why}"
    kept = partial(ruling_id, letter, objective)
    try:
        found = len(json.loads(kept.read_text())["values"])
    except (OSError, ValueError, KeyError, TypeError):
        found = 0
    if found:
        table = kept_table(ruling_id, letter, objective)
        with_table = (f", its table of positions ({table.stat().st_size / 2**30:.1f} GiB) in "
                      f"{table}" if table.exists() else "")
        out_of_reach = (" (the exact value is out of reach on a machine of a few cores: "
                        "docs/readings.md)" if ruling_id in ONLY_IN and objective == "rating"
                        else "")
        return (f"partly solved: {found:,} pass starts valued, kept in "
                f"{kept.relative_to(HERE.parent)}{with_table}{out_of_reach}")
    if objective == "rating" and solved(ruling_id, letter, "win") == decided_value(
            "win", ruling_id):
        return "not solved: its chance to win is the decided one's"
    if is_baseline(ruling_id, letter):
        return f"not solved yet (--run --only {short_name(ruling_id)}={letter})"
    return "not solved yet"


def report(objective: str) -> str:
    # a chance to win in percent and points of percentage, a rating in points
    scale, unit, shown = (100, " pp", "%") if objective == "win" else (1, " points", " ")
    lines = [f"{'reading':<36} {'chance to win' if objective == 'win' else 'rating':<60} "
             f"{'%' if objective == 'win' else 'points':>9} {'vs decided':>12}"]
    decided = decided_value(objective)
    if decided is not None:
        lines.append(f"{'decided readings':<36} {str(decided):<60} "
                     f"{float(decided) * scale:>8.4f}{shown}")
    for ruling_id, _ in variant_baselines():
        base = decided_value(objective, ruling_id)
        if base is not None:
            label = "decided, " + ", ".join(f"{k}={v}" for k, v in ONLY_IN[ruling_id].items())
            lines.append(f"{label:<36} {str(base):<60} {float(base) * scale:>8.4f}{shown}")
    for ruling_id, letter in readings():
        label = f"{ruling_id}={letter}"
        value = solved(ruling_id, letter, objective)
        if ruling_id in ONLY_IN and value is None and decided_value(objective, ruling_id) is None:
            baseline = baseline_of(ruling_id)
            lines.append(f"{label:<36} ({unsolved(ruling_id, letter, objective)}; the decided "
                         + ", ".join(ONLY_IN[ruling_id]) + " it is compared with: "
                         + unsolved(ruling_id, baseline, objective) + ")")
            continue
        if value is None:
            lines.append(f"{label:<36} ({unsolved(ruling_id, letter, objective)})")
            continue
        base = decided_value(objective, ruling_id)
        versus = "" if base is None else ("same" if value == base else
                                          f"{float(value - base) * scale:+.4f}{unit}")
        if ruling_id in ONLY_IN and base is not None:
            versus += " (against the decided " + ", ".join(ONLY_IN[ruling_id]) + ")"
        lines.append(f"{label:<36} {str(value):<60} {float(value) * scale:>8.4f}{shown} "
                     f"{versus:>12}")
    return "\n".join(lines)


def endgame_table(top: int, minutes: int, objective: str) -> str:
    import time

    from elevenes.games.elevenes_for_one.cli_solve import endgame

    lines = [f"endgame: (1) to ({top}) on the trolley, {minutes} minutes, objective {objective}"]
    base: Fraction | None = None
    for ruling_id, letter in [("", ""), *readings()]:
        options: dict[str, object] = {"minutes": minutes}
        if ruling_id:
            options[option_name(ruling_id)] = letter
            options.update(ONLY_IN.get(ruling_id, {}))
        game = load_game(GAME, options)
        assert isinstance(game, native.EfoGame)
        state = endgame(game, top)
        start = time.perf_counter()
        engine = ""
        try:
            solver = native.NativeSolver(game, objective,
                                         memo_entries=native.table_entries(1, 0.25), threads=1)
        except native.NativeUnavailable:  # words the native solver lacks (`ahead`, ...)
            from elevenes.games.elevenes_for_one.solver import make_solver

            value = make_solver(objective).value(state)
            engine = " (Python search)"
        else:
            try:
                leaf = native.pass_start_of(state)
                assert leaf is not None
                value = solver.solve(leaf)
            finally:
                solver.close()
        took = time.perf_counter() - start
        label = f"{ruling_id}={letter}" if ruling_id else "decided readings"
        if not ruling_id:
            base = value
        versus = "" if not ruling_id or ruling_id in ONLY_IN or base is None else (
            "same" if value == base else f"{float(value - base) * 100:+.4f} pp")
        lines.append(f"{label:<36} {str(value):<40} {float(value) * 100:>8.4f}% {versus:>12} "
                     f"{took:6.1f} s{engine}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", action="store_true", help="solve the readings not solved yet")
    parser.add_argument("--objective", choices=["win", "rating"], default="win")
    parser.add_argument("--memory", type=int, default=5, help="GiB for the native table")
    parser.add_argument("--no-table", action="store_true",
                        help="do not keep a stopped solve's table of positions (in the cache "
                             "folder, as large as --memory): the next --run then searches "
                             "again the passes it had under way")
    parser.add_argument("--endgame", type=int, nargs=2, metavar=("TOP", "MINUTES"),
                        help="solve the endgame from (1) to TOP on the trolley instead")
    parser.add_argument("--only", action="append", default=[], metavar="RULING=X",
                        help="with --run, solve only these readings (short names, as CUPS=a;"
                        " CHALLENGE=a, the decided letter, solves the decided challenge)")
    args = parser.parse_args(argv)
    if args.endgame:
        print(endgame_table(*args.endgame, args.objective))
        return 0
    if args.run:
        OUT.mkdir(exist_ok=True)
        SHIP.mkdir(exist_ok=True)
        # the challenge variant's reading takes hours: the quick ones first
        asked = readings() + [b for b in variant_baselines() if
                              f"{short_name(b[0])}={b[1]}" in args.only]
        for ruling_id, letter in sorted(asked, key=lambda r: r[0] in ONLY_IN):
            if args.only and f"{short_name(ruling_id)}={letter}" not in args.only:
                continue
            if not (OUT / name(ruling_id, letter, args.objective)).exists():
                why = native_refusal(ruling_id, letter)
                if why is not None:
                    print(f"{ruling_id}={letter}: skipped: {why}", file=sys.stderr)
                    continue
                if solve(ruling_id, letter, args.objective, args.memory,
                         not args.no_table) == "stopped":
                    return 130
    print(report(args.objective))
    return 0


if __name__ == "__main__":
    sys.exit(main())
