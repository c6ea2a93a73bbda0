"""The native pass-by-pass solver: the same exact fractions as the Python search over the
engine's API (core/solve.py), for the printed cards and for variant card files, with and
without exact ranks; it declines what it cannot interpret, and says why when it cannot run."""

from __future__ import annotations

import itertools
import json
import os
import platform
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from test_solver import PRINTED, position, write_cards

from elevenes.cli import main
from elevenes.core.errors import ElevenesError
from elevenes.core.solve import SolverError
from elevenes.games.elevenes_for_one import make_game, native
from elevenes.games.elevenes_for_one.game import EfoState
from elevenes.games.elevenes_for_one.solver import make_solver, native_passes

HERE = Path(__file__).parent / "native"
EVERY = str(HERE / "every-construct.cards")
# interleaved searches switch stacks on x86-64 with ELF binaries (Linux, the BSDs)
SWITCHES_STACKS = (platform.machine().lower() in ("x86_64", "amd64")
                   and sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")))

needs_compiler = pytest.mark.skipif(native.compiler() is None,
                                    reason="no C compiler on this machine")


def native_value(state: EfoState, objective: str, exact_ranks: bool = False) -> Fraction:
    leaf = native.pass_start_of(state)
    assert leaf is not None
    solver = native.NativeSolver(state.game, objective, memo_log2=16, exact_ranks=exact_ranks)
    try:
        return solver.solve(leaf)
    finally:
        solver.close()


# with discard piles, the low cards (Tea, Milk, Sugar, Cups & Saucers) are in small pantries too
ENDGAMES = [(8, 2, ()), (8, 3, ()), (7, 4, ()), (7, 5, (9,)), (6, 5, ()), (6, 6, (11,)),
            (7, 3, (8, 11)), (5, 6, ()), (6, 15, (7, 9, 11)), (3, 5, (6, 8, 10)),
            (2, 3, (6, 9, 10)), (3, 4, (7, 10, 11)), (4, 6, (5, 9, 11))]


@needs_compiler
@pytest.mark.parametrize(("top", "minutes", "discard"), ENDGAMES)
@pytest.mark.parametrize("objective", ["win", "rating"])
def test_native_equals_the_python_search(top: int, minutes: int, discard: tuple[int, ...],
                                         objective: str) -> None:
    state = position(top, minutes, discard=discard)
    expected = make_solver(objective).value(state)
    assert native_value(state, objective) == expected
    assert native_value(state, objective, exact_ranks=True) == expected


@needs_compiler
def test_the_challenge_variant_starts_with_an_empty_trolley() -> None:
    """EFO.VARIANT.TROLLEY: (1) is laid out with the others and must be scored first."""
    game = make_game({"minutes": 1, "challenge": True})
    doc = game.new_initial_state().to_json()
    doc["discard"] = [2, 5, 9]
    doc["deck"] = [c for c in doc["deck"] if c not in doc["discard"]]
    state = game.state_from_json(doc)
    for objective in ("win", "rating"):
        assert native_value(state, objective) == make_solver(objective).value(state)


@needs_compiler
@pytest.mark.parametrize("cards", [EVERY, "docs/examples/slow-sugar.cards"])
@pytest.mark.parametrize(("top", "minutes", "discard"), [(7, 5, ()), (6, 6, (8,)),
                                                          (6, 4, (9, 11)), (5, 7, ())])
def test_variant_cards_are_interpreted_as_python_runs_them(
        cards: str, top: int, minutes: int, discard: tuple[int, ...]) -> None:
    """Every construct of the card language the C interpreter has, against the compiled
    closures of dsl/compile.py, through whole endgames."""
    state = position(top, minutes, cards=cards, discard=discard)
    for objective in ("win", "rating"):
        assert native_value(state, objective) == make_solver(objective).value(state)


@needs_compiler
def test_the_printed_cards_as_a_variant_file_give_the_same_values() -> None:
    """The printed cards loaded as a variant file get the same reductions (card_facts.py
    reads them off the programs, not off the file's name) and the same values; without
    reductions (the whole row in the key, the general bound) the values are the same too."""
    for objective in ("win", "rating"):
        value = native_value(position(5, 8), objective)
        assert native_value(position(5, 8, cards=PRINTED), objective) == value
        whole_row = position(5, 8)
        whole_row.game.without_reductions()
        assert native_value(whole_row, objective) == value


@needs_compiler
def test_the_free_redeal_is_refused_natively_too(tmp_path: Path) -> None:
    """As in the Python search, a line that deals again for free is refused where the search
    meets it.  (From where a sure win or the best rating is found first, the bound stops the
    search before it meets the loop, and that value is exact: nothing can beat it.)"""
    state = position(8, 2, cards=write_cards(tmp_path, "Free Cakes", 0), discard=(10,))
    for objective in ("win", "rating"):
        with pytest.raises(SolverError, match="loop through a chance node"):
            native_value(state, objective)
    assert native_value(position(8, 3, cards=write_cards(tmp_path, "Free Cakes", 0)),
                        "win") == 1


def test_cards_the_interpreter_lacks_are_declined() -> None:
    game = make_game({"minutes": 5}, str(HERE / "random-choice.cards"))
    with pytest.raises(native.NativeUnavailable, match="at_random|random choice"):
        native.lower(game)


@needs_compiler
def test_auto_falls_back_to_python_for_such_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "elevenes-for-one", "--cards", str(HERE / "random-choice.cards"),
                 "--trolley", "8", "--minutes", "3", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["engine"] == "python"
    assert "using the Python search" in err and "random choice" in err


def test_no_compiler_is_a_clear_refusal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty-cache"))
    code = main(["solve", "elevenes-for-one", "--trolley", "8", "--minutes", "3",
                 "--engine", "native"])
    out, err = capsys.readouterr()
    assert code != 0
    assert "native engine cannot solve this" in err and "no-such-cc" in err
    assert "Traceback" not in err
    # auto says why and solves it in Python
    assert main(["solve", "elevenes-for-one", "--trolley", "8", "--minutes", "3"]) == 0
    out, err = capsys.readouterr()
    assert "using the Python search" in err and "2/3" in out


@needs_compiler
def test_the_command_reports_the_native_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "elevenes-for-one", "--trolley", "5", "--minutes", "7", "--json",
                 "--recompute", "--no-cache"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["engine"] == "native"
    values = {r["objective"]: r["value"] for r in doc["results"]}
    assert values == {"win": "21377/21600", "rating": "27101/2160"}
    assert all(r["pass_starts"] > 0 for r in doc["results"])


@needs_compiler
def test_values_are_kept_per_card_set(tmp_path: Path) -> None:
    sugar = "docs/examples/slow-sugar.cards"  # no values ship for a variant: all solved here
    game = make_game({"minutes": 6}, sugar)
    first = native.PassValues(game, "rating")
    state = position(7, 6, cards=sugar)
    value = first(state)
    assert value is not None and first.path is not None and first.path.exists()
    again = native.PassValues(game, "rating")
    assert again.solver() is not None and again.solver().pass_starts() > 0  # type: ignore
    assert again(state) == value
    printed = make_game({"minutes": 6})
    assert native.values_file(printed, "rating") != first.path
    assert native.values_file(game, "win") != first.path


@needs_compiler
def test_hint_within_a_pass_uses_native_pass_values() -> None:
    """A position inside a pass: the Python search walks the pass, the native solver values
    the passes it leads to; the move values equal the all-Python ones."""
    import random

    from elevenes.core.play import sample_chance

    state = position(5, 6)
    rng = random.Random(11)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    for objective in ("win", "rating"):
        passes = native_passes(state, objective)
        assert passes is not None
        mixed = make_solver(objective, passes=passes).action_values(state)
        plain = make_solver(objective).action_values(state)
        assert mixed == plain


@needs_compiler
def test_save_values_writes_what_hint_reads(tmp_path: Path) -> None:
    target = tmp_path / "values.json"
    assert main(["solve", "elevenes-for-one", "--trolley", "6", "--minutes", "6",
                 "--objective", "rating", "--save-values", str(target)]) == 0
    doc = json.loads(target.read_text())
    game = make_game({"minutes": 6})
    assert doc["objective"] == "rating" and doc["cards"] == native.cards_digest(game)
    start = native.pass_start_of(position(6, 6))
    assert Fraction(doc["values"][str(start)]) == Fraction(64, 5)
    solver = native.NativeSolver(game, "rating", memo_log2=12)
    assert solver.load(target) == len(doc["values"])
    assert solver.solve(start) == Fraction(64, 5) and not solver.counts  # nothing to solve


SHIPPED = {objective: Path(native.__file__).with_name(f"printed-{objective}.json")
           for objective in ("win", "rating")}


@needs_compiler
@pytest.mark.parametrize("objective", ["win", "rating"])
def test_the_shipped_values_are_those_of_the_printed_cards(objective: str) -> None:
    """The whole game's pass-start values ship with elevenes for `hint` and the bots.  They
    must be of the cards as they are now, and every small pass start among them must come out
    the same when solved again from nothing."""
    path = SHIPPED[objective]
    assert path.exists(), f"{path.name} is missing: solve the whole game with --save-values"
    game = make_game()
    assert native.shipped_file(game, objective) == path, (
        f"{path.name} is of other cards: solve the whole game again with --save-values")
    shipped = {int(k): Fraction(v) for k, v in json.loads(path.read_text())["values"].items()}
    small = sorted(k for k in shipped
                   if native.pantry_size(*native.pass_start(k)[::2]) <= 4)
    assert len(small) > 100
    fresh = native.NativeSolver(game, objective, memo_log2=18)
    try:
        for leaf in small:
            assert fresh.solve(leaf) == shipped[leaf], native.pass_start(leaf)
    finally:
        fresh.close()


@needs_compiler
def test_the_whole_game_is_answered_from_the_shipped_values(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "elevenes-for-one", "--objective", "rating", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (result,) = doc["results"]
    shipped = json.loads(SHIPPED["rating"].read_text())["values"]
    assert result["value"] == shipped[str(native.pass_id(1, 15, 0))]
    assert result["pass_starts"] == 0 and 13.9 < result["float"] < 13.91


@needs_compiler
def test_hint_on_a_first_deal_of_the_whole_game(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The shipped values make the whole game's positions answerable at once: every move of
    a first deal is listed with exact values, and the marked moves are the best ones."""
    import random

    from elevenes.core.play import sample_chance

    state = make_game().new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    path = tmp_path / "first.json"
    path.write_text(json.dumps(state.to_json()))
    assert main(["hint", str(path), "--exact", "--no-progress"]) == 0
    out = capsys.readouterr().out
    moves = state.legal_action_strings()
    for label in ("chance to win", "expected rating"):
        block = out.split(f"{label}, exactly:\n", 1)[1].splitlines()[:len(moves)]
        values = {line[2:16].strip(): Fraction(line[16:].strip()) for line in block}
        assert sorted(values) == sorted(moves)
        best = max(values.values())
        marked = out.split(f"best for the {label}: ", 1)[1].splitlines()[0].split(", ")
        assert sorted(marked) == sorted(m for m, v in values.items() if v == best)


@needs_compiler
@pytest.mark.parametrize("objective", ["win", "rating"])
def test_a_table_too_small_for_the_positions_changes_no_value(objective: str) -> None:
    """Entries given up for want of room only cost time: with a table of 256 entries, where
    every window of slots is full and entries give way all the time, pass starts of five
    cards come out as shipped."""
    game = make_game()
    shipped = {int(k): Fraction(v)
               for k, v in json.loads(SHIPPED[objective].read_text())["values"].items()}
    chosen = [k for k in sorted(shipped)
              if native.pantry_size(*native.pass_start(k)[::2]) == 5][::10]
    chosen = chosen[:12 if objective == "win" else 3]  # the rating searches far more
    assert len(chosen) >= 3
    tiny = native.NativeSolver(game, objective, memo_log2=8)
    try:
        for leaf in chosen:
            assert tiny.solve(leaf) == shipped[leaf], native.pass_start(leaf)
    finally:
        tiny.close()


@pytest.mark.parametrize("interleave", [0, -1, native.INTERLEAVE_MAX + 1])
def test_a_number_of_interleaved_searches_out_of_range_is_refused(interleave: int) -> None:
    with pytest.raises(ElevenesError, match=f"interleave: 1 to 8 searches per thread, "
                                            f"not {interleave}"):
        native.NativeSolver(make_game({}), "win", memo_entries=1024, interleave=interleave)


@needs_compiler
@pytest.mark.parametrize(("cards", "minutes", "objective"),
                         [(7, 15, "rating"), (8, 7, "rating"), (8, 15, "win")])
def test_threads_share_a_solve_and_change_no_value_and_no_count(cards: int, minutes: int,
                                                                objective: str) -> None:
    """Two and three threads, each running one search or several interleaved, value the same
    pass starts as one thread running one search does, and as many orders of each pass end at
    each value (which leaf of equal value an order ends at may differ); the workers took their
    share of the orders.  The tables are of an odd size (not 2^k) and small, so that threads
    and interleaved searches also overwrite each other's entries."""
    game = make_game({"minutes": minutes})
    found = {}
    ways = ((1, 1), (1, 4), (2, 1), (2, 4), (3, 3))
    for threads, interleave in ways:
        solver = native.NativeSolver(game, objective, threads=threads,
                                     memo_entries=100_003 * threads, interleave=interleave)
        try:
            assert solver.interleave == (interleave if SWITCHES_STACKS else 1)
            value = solver.value_of_start(11 - cards, minutes)
            by_value = {}
            for leaf, counts in solver.counts.items():
                orders: dict[Fraction, int] = {}
                for end, count in counts.items():
                    orders[solver.values[end]] = orders.get(solver.values[end], 0) + count
                by_value[leaf] = orders
            found[threads, interleave] = (value, dict(solver.values), by_value)
            if threads > 1:
                assert solver.lib.efo_thread_stats(1) > 0  # the workers ran chunks
        finally:
            solver.close()
    for way in ways[1:]:
        value, values, by_value = found[way]
        assert value == found[1, 1][0]
        # which pass starts a search meets depends on what the table held: compare the common
        common = values.keys() & found[1, 1][1].keys()
        assert len(common) >= 0.9 * len(found[1, 1][1])
        assert all(values[leaf] == found[1, 1][1][leaf] for leaf in common)
        assert all(by_value[leaf] == found[1, 1][2][leaf] for leaf in common & by_value.keys()
                   & found[1, 1][2].keys())


@needs_compiler
def test_the_free_redeal_is_refused_with_threads_too(tmp_path: Path) -> None:
    """The loop is found by whichever thread meets it, and the solve ends with the same
    refusal; the solver can be used again after it."""
    state = position(8, 2, cards=write_cards(tmp_path, "Free Cakes", 0), discard=(10,))
    leaf = native.pass_start_of(state)
    assert leaf is not None
    solver = native.NativeSolver(state.game, "rating", memo_log2=16, threads=2)
    try:
        for _ in range(2):
            with pytest.raises(SolverError, match="loop through a chance node"):
                solver.solve(leaf)
    finally:
        solver.close()


@needs_compiler
def test_the_command_takes_threads_and_refuses_no_threads_or_memory(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["solve", "elevenes-for-one", "--trolley", "5", "--minutes", "7", "--json",
            "--recompute", "--no-cache"]
    assert main([*args, "--threads", "2"]) == 0
    two = json.loads(capsys.readouterr().out)["results"]
    assert main([*args, "--threads", "1"]) == 0
    one = json.loads(capsys.readouterr().out)["results"]
    assert [r["value"] for r in two] == [r["value"] for r in one]
    assert main([*args, "--threads", "0"]) == 1
    assert "--threads takes a number of threads" in capsys.readouterr().err
    for memory in ("0", "-1", "nan", "inf"):
        assert main([*args, "--memory", memory]) == 1
        assert "--memory takes a size in GiB above 0" in capsys.readouterr().err


def test_the_default_table_is_half_the_memory_available_within_1_and_7_gib(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert native.default_memory_gib(20.0) == 7.0
    assert native.default_memory_gib(6.0) == 3.0
    assert native.default_memory_gib(1.5) == 1.0
    monkeypatch.setattr(native, "available_memory_gib", lambda: None)
    assert native.default_memory_gib() == 1.0
    monkeypatch.setattr(native, "available_memory_gib", lambda: 4.0)
    assert native.default_memory_gib() == 2.0


def test_the_memory_available_is_read_where_the_system_tells_it() -> None:
    available = native.available_memory_gib()
    if not Path("/proc/meminfo").exists():
        assert available is None or available > 0
        return
    total = next(int(line.split()[1]) / 2**20 for line in Path("/proc/meminfo").read_text(
        encoding="ascii").splitlines() if line.startswith("MemTotal:"))
    assert available is not None and 0 < available <= total


@needs_compiler
def test_the_command_says_how_large_its_table_was(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # 8 cards laid out: the table never takes more than 8! * 256 entries, whatever is allowed
    args = ["solve", "elevenes-for-one", "--trolley", "3", "--minutes", "7", "--objective",
            "win", "--recompute", "--no-cache"]
    assert main([*args, "--json", "--memory", "0.01"]) == 0
    small = json.loads(capsys.readouterr().out)["results"][0]
    assert small["table_bytes"] == int(0.01 * 2**30 / 16) * 16
    monkeypatch.setattr(native, "available_memory_gib", lambda: 64.0)
    assert main([*args, "--json"]) == 0
    capped = json.loads(capsys.readouterr().out)["results"][0]
    assert capped["table_bytes"] == 40320 * 256 * 16
    assert capped["value"] == small["value"]
    assert main(args) == 0
    assert "(a table of 158 MiB)" in capsys.readouterr().out


def test_time_left_while_the_first_pass_waits_for_passes_of_as_many_cards() -> None:
    # A scripted solve of a first pass of 10 cards at 6 minutes: it waits for the passes of 10
    # cards at 1 to 5 minutes, which end one after the other, the one at m minutes taking
    # 10 * m seconds, then runs its own orders for 60 s.  The estimate is None until two of
    # them have ended, or one has and the next is half done (its pace counts as its time),
    # then within a quarter of the truth; the first pass's own orders take over once they move.
    progress = native.Progress("", stream=open(os.devnull, "w"))  # noqa: SIM115
    progress.first = (10, 6)
    progress.start = 0.0
    ends = {m: 10.0 * sum(range(1, m + 1)) for m in range(0, 6)}  # 10, 30, 60, 100, 150
    finish = ends[5] + 60.0
    estimates: list[tuple[float, float | None]] = []
    t = 0.5
    while t < ends[5]:
        m = next(m for m in range(1, 6) if t < ends[m])
        part = int(100 * (t - ends[m - 1]) / (ends[m] - ends[m - 1]))
        estimates.append((t, progress.big_left((10, m, part, 100), t)))
        t += 0.5
    assert all(left is None for t, left in estimates if t < ends[1])
    paced = ends[1] + 0.5 * (ends[2] - ends[1]) + 1
    judged = [(t, left) for t, left in estimates if t >= paced]
    assert judged and all(left is not None for _, left in judged)
    assert all(abs(left - (finish - t)) <= 0.25 * (finish - t) for t, left in judged if left)
    # the first pass's own orders: an even pace from 150 s on, 1% every 0.6 s
    own = [progress.time_left(s / 100, ends[5] + 0.6 * s) for s in range(1, 100)]
    assert own[0] is None  # less than half a percent done
    left = own[50]  # 51% done at 180.6 s: 29.4 s left
    assert left is not None and abs(left - 29.4) < 1.5


def test_time_left_counts_the_pass_under_way_at_its_pace() -> None:
    # Passes of 11 cards at 11, 12 and 13 minutes before a first pass at 14, each about three
    # times as long as the last (as the challenge's were: 51 s, 217 s, about 11 min).  Once
    # half of the one at 13 is done, its pace gives its length, which counts in the growth
    # of the ones after it; while a smaller pass inside it is the innermost one, the estimate
    # goes on from that pace instead of dropping back to the growth of the passes ended.
    progress = native.Progress("", stream=open(os.devnull, "w"))  # noqa: SIM115
    progress.first = (11, 14)
    progress.start = 0.0
    assert progress.big_left((11, 11, 50, 100), 25.0) is None
    progress.big_left((11, 11, 99, 100), 51.0)  # seen under way until they end
    progress.big_left((11, 12, 99, 100), 268.0)
    early = progress.big_left((11, 13, 30, 100), 268.0 + 0.3 * 660)
    at_pace = progress.big_left((11, 13, 50, 100), 268.0 + 0.5 * 660)  # 660 s at its pace
    assert early is not None and at_pace is not None
    # its rest (330 s), then the one at 14 minutes: 660 s plus the growth (660 - 51) / 2
    assert abs(at_pace - (330 + 660 + (660 - 51) / 2)) < 1
    assert early < at_pace  # before half was done, the growth of the ended ones alone
    inside = progress.big_left((10, 13, 60, 100), 268.0 + 0.5 * 660 + 10)
    assert inside is not None and abs(inside - (at_pace - 10)) < 1


def test_time_left_when_an_order_of_the_first_pass_waits_for_a_pass() -> None:
    # The first pass's orders move at 1% a second for 40 s, then one order waits five minutes
    # for a pass it needs (an inner pass is under way: the share stops), then the orders go on
    # at 2% a second (later orders find the passes they need valued).  The estimate is None
    # for the first 30 s of samples, then the free pace's; the wait does not stretch it; once
    # the orders move again it follows their new pace.
    progress = native.Progress("", stream=open(os.devnull, "w"))  # noqa: SIM115
    progress.start = 0.0
    early = [progress.time_left(s / 100, 100.0 + s) for s in range(1, 41)]
    assert early[20] is None  # 21 s of samples
    steady = early[-1]
    assert steady is not None and abs(steady - 60) < 1  # 60% left at 1% a second
    for t in range(145, 445, 5):
        left = progress.time_left(0.4 + (t - 140) * 1e-8, float(t), waiting=True)
        assert left is not None and abs(left - steady) < 1
    after = [progress.time_left(0.4 + 0.02 * k, 440.0 + k) for k in range(1, 21)]
    # 20% left: 10 s at the new pace, 20 s at the old one; the pace measured mixes the two
    # (a minute at least), and errs long
    assert after[-1] is not None and 10 <= after[-1] < 16
    assert all(b <= a for a, b in itertools.pairwise(after) if a is not None and b is not None)


def test_time_left_never_longer_than_the_pace_since_the_orders_began() -> None:
    # The orders move at 0.1% a second for a minute; then, while an order waits, the share
    # jumps to a half (the pass it waited for counted in it).  The free stretches alone give
    # 500 s left; the pace since the orders began, waits included, gives about 102 s, and the
    # estimate is never longer than that.
    progress = native.Progress("", stream=open(os.devnull, "w"))  # noqa: SIM115
    progress.start = 0.0
    for t in range(100, 161):
        progress.time_left(0.01 + (t - 100) * 0.001, float(t))
    free_only = (1 - 0.07) / 0.001  # what the free pace gives with 93% left
    assert abs(progress.time_left(0.07, 160.0) - free_only) < 1
    for t in range(165, 201, 5):
        left = progress.time_left(0.07 + (t - 160) * 0.43 / 40, float(t), waiting=True)
    since = (1 - 0.5) * (200 - 100) / (0.5 - 0.01)
    assert left is not None and abs(left - since) < 1e-6 and left < 0.5 / 0.001


def test_time_left_when_the_share_stops_without_a_pass_under_way() -> None:
    # The same stop, not known as a wait (no inner pass reported): the time left stays at most
    # what the pace since the orders began gives (it was thousands of hours at the recent pace).
    progress = native.Progress("", stream=open(os.devnull, "w"))  # noqa: SIM115
    progress.start = 0.0
    for s in range(1, 41):
        steady = progress.time_left(s / 100, 100.0 + s)
    assert steady is not None and abs(steady - 60) < 1
    for t in range(141, 441, 5):
        share = 0.4 + (t - 140) * 1e-8  # the inner pass's share of one order
        left = progress.time_left(share, float(t))
        assert left is not None
        whole = (1 - share) * (t - 101) / (share - 0.01)
        assert steady - 1 <= left <= whole + 1e-6
    assert native.duration(5e9) == "over 100 h"
    assert native.duration(7200) == "2 h 00 min"


SUGAR = "docs/examples/slow-sugar.cards"


@needs_compiler
def test_vs_answers_how_much_a_variant_changes_exactly(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`solve --vs FILE`: the same position under both rule sets, each value what solving it
    alone gives, and B - A exactly; the text names the cards and the difference in points."""
    args = ["solve", "elevenes-for-one", "--trolley", "3", "--minutes", "9", "--no-cache"]
    assert main([*args, "--vs", SUGAR, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    alone = {}
    for cards in (None, SUGAR):
        assert main([*args, "--json", *(["--cards", cards] if cards else [])]) == 0
        alone[cards] = {r["objective"]: Fraction(r["value"])
                        for r in json.loads(capsys.readouterr().out)["results"]}
    a = {r["objective"]: Fraction(r["value"]) for r in doc["results"]}
    b = {r["objective"]: Fraction(r["value"]) for r in doc["vs"]["results"]}
    assert a == alone[None] and b == alone[SUGAR] and doc["vs"]["cards"] == SUGAR
    assert b["win"] < a["win"] and b["rating"] < a["rating"]  # six minutes for Sugar
    assert {d["objective"]: Fraction(d["value"]) for d in doc["difference"]} == {
        objective: b[objective] - a[objective] for objective in a}
    assert main([*args, "--vs", SUGAR, "--objective", "rating"]) == 0
    out = capsys.readouterr().out
    assert 'B: cards from docs/examples/slow-sugar.cards: 4 "Slow Sugar"' in out
    assert "A: the rulebook's cards" in out
    change = b["rating"] - a["rating"]
    assert f"B - A  {change} ({float(change):+.4f} points)" in out
    # the same file on both sides: no difference at all
    assert main([*args, "--cards", SUGAR, "--vs", SUGAR, "--objective", "win", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["difference"][0]["value"] == "0"


def test_vs_with_a_broken_file_says_where(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.cards"
    broken.write_text('game elevenes-for-one\ncard 4 "X" rule EFO.CARD.SUGAR {\n'
                      "  on use {\n    cost six\n  }\n}\n")
    assert main(["solve", "elevenes-for-one", "--trolley", "8", "--minutes", "3",
                 "--vs", str(broken)]) == 1
    out, err = capsys.readouterr()
    assert f"{broken}:4:10: E107" in err and "Traceback" not in err and out == ""


def test_a_library_that_will_not_load_is_a_clear_refusal(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A compiled file the system cannot load (here: not a library at all) is
    NativeUnavailable with its name, and `solve` falls back to the Python search."""
    broken = tmp_path / "efo_solve-broken.so"
    broken.write_text("not a shared library")
    monkeypatch.setattr(native, "library_path", lambda source=None: broken)
    with pytest.raises(native.NativeUnavailable, match="cannot load efo_solve-broken.so"):
        native.load_library()
    assert main(["solve", "elevenes-for-one", "--trolley", "8", "--minutes", "3",
                 "--objective", "win"]) == 0
    out, err = capsys.readouterr()
    assert "using the Python search" in err and "2/3" in out and "Traceback" not in err


def test_vs_does_not_write_two_rule_sets_into_one_values_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "values.json"
    assert main(["solve", "elevenes-for-one", "--trolley", "8", "--minutes", "3", "--vs", SUGAR,
                 "--save-values", str(target)]) != 0
    out, err = capsys.readouterr()
    assert "--save-values" in err and "--vs" in err and "Traceback" not in err
    assert not target.exists() and out == ""


# -- stopping: a flag the search checks, never the end of the process ----------------------------
@needs_compiler
@pytest.mark.parametrize("threads", [1, 2])
def test_halt_stops_a_long_solve_and_the_process_goes_on(threads: int) -> None:
    """``halt`` (from another thread, as a signal handler or a progress call does) stops a
    solve of the whole challenge game (the better part of an hour) within a second or so: it
    raises SolverError with the reason given, and the process and the values found stay."""
    import threading
    import time

    game = make_game({"challenge": True})
    solver = native.NativeSolver(game, "win", memo_log2=20, threads=threads)
    leaf = native.pass_start_of(game.new_initial_state())
    assert leaf is not None
    timer = threading.Timer(1.0, solver.halt, ("asked to stop",))
    timer.start()
    start = time.perf_counter()
    try:
        with pytest.raises(SolverError, match="^asked to stop$"):
            solver.solve(leaf)
        took = time.perf_counter() - start
        assert took < 3.0, f"stopped {took - 1.0:.2f} s after the halt"
        assert solver.pass_starts() > 0  # the passes valued before the stop are kept
        with pytest.raises(SolverError, match="asked to stop"):  # and it stays stopped
            solver.solve(leaf)
    finally:
        timer.cancel()
        solver.close()
    state = position(8, 3)
    fresh = native.NativeSolver(state.game, "win", memo_log2=16)  # a new one starts afresh
    try:
        start_leaf = native.pass_start_of(state)
        assert start_leaf is not None
        assert fresh.solve(start_leaf) == make_solver("win").value(state)
    finally:
        fresh.close()


@needs_compiler
def test_solve_at_max_positions_returns_instead_of_ending_the_process(
        capsys: pytest.CaptureFixture[str]) -> None:
    """In this very process: the command stops the native engine at --max-positions and
    returns its error code (the process is not ended under the caller's feet)."""
    code = main(["solve", "elevenes-for-one", "-o", "challenge=true", "--engine", "native",
                 "--objective", "win", "--max-positions", "10000", "--no-progress",
                 "--memory", "0.0625"])
    assert code == 1
    assert capsys.readouterr().err.strip() == ("error: more than 10,000 positions: too large "
                                               "to solve exactly here")


@needs_compiler
def test_the_search_reads_pass_starts_through_one_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """native_passes gives the one PassValues: a pass start is solved natively once, then read
    from the table without solving again; a position that is no pass start has no value."""
    state = position(8, 3)
    passes = native_passes(state, "win")
    assert isinstance(passes, native.PassValues)
    solver = passes.solver()
    assert solver is not None
    value = passes(state)
    assert value == make_solver("win").value(state)

    def again(leaf: int) -> Fraction:
        raise AssertionError("a pass start already valued was solved again")

    monkeypatch.setattr(solver, "solve", again)
    assert passes(state) == value
    later = state.clone()
    later.apply_action(later.legal_actions()[0])
    assert passes(later) is None


@needs_compiler
def test_the_solver_bot_stops_past_its_native_budget_and_says_how_to_go_on() -> None:
    """The solver bot values the pass starts it meets that no file holds on the spot; past
    its budget for one move it stops with a clear error naming the pass start and the command
    that values the game, instead of thinking for hours; the next move counts afresh."""
    import random

    from elevenes.games.elevenes_for_one.solver import SolverBot

    sugar = "docs/examples/slow-sugar.cards"  # no values ship for a variant
    state = position(2, 11, cards=sugar)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    bot = SolverBot("rating", native_positions=1_000)
    with pytest.raises(SolverError) as caught:
        bot(state, random.Random(0))
    message = str(caught.value)
    assert "the solver bot cannot play this position" in message
    assert "needs more than 1,000 positions of the native solver" in message
    assert "on the trolley" in message and "minutes" in message
    assert "elevenes solve elevenes-for-one" in message and "--objective rating" in message
    passes = bot.solver_for(state).known
    assert isinstance(passes, native.PassValues) and passes.halted
    small = position(8, 3, cards=sugar)  # the stop does not outlive its move
    assert passes(small) == make_solver("rating").value(small)
    assert not passes.halted
    while small.is_chance_node():
        small.apply_action(small.legal_actions()[0])
    assert bot(small, random.Random(0)) in small.legal_actions()


@needs_compiler
@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
def test_a_signal_stops_the_solver_bot_while_the_native_solver_thinks(stop: str) -> None:
    """In the challenge the solver bot's first move values pass starts natively for minutes.
    Ctrl-C (or SIGTERM) then ends the command as interrupted, at once and without a traceback:
    a signal landing inside a call from C used to be printed and ignored, the search going
    on."""
    import signal
    import subprocess
    import time

    command = [sys.executable, "-m", "elevenes.cli", "play", "elevenes-for-one", "--bot",
               "solver", "-o", "challenge=true", "--seed", "11"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=env) as proc:
        try:
            assert proc.stdout is not None and proc.stderr is not None
            while "laid out" not in proc.stdout.readline():  # the bot's first move is next
                assert proc.poll() is None
            time.sleep(3.0)  # the native solver is at work: the pass starts are not shipped
            proc.send_signal(getattr(signal, stop))
            code = proc.wait(timeout=60)
            err = proc.stderr.read()
        finally:  # a bot that ignored the signal must not outlive the test
            if proc.poll() is None:
                proc.kill()
    assert code == 130, err
    assert "interrupted" in err and "Traceback" not in err and "Exception ignored" not in err
