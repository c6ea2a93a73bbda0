"""The exact solver: equal to an independent value iteration, never beaten by a bot beyond
sampling error, and reachable from the command line (solve, hint, play --bot solver)."""

from __future__ import annotations

import io
import json
import math
import random
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TextIO

import pytest

from elevenes.cli import main
from elevenes.core.api import State, canonical_dumps
from elevenes.core.play import sample_chance
from elevenes.core.solve import Progress, Solver, SolverError
from elevenes.games.elevenes_for_one import make_game
from elevenes.games.elevenes_for_one.bots import ALL_BOTS
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.game import EfoState
from elevenes.games.elevenes_for_one.solver import SolverBot, make_solver
from elevenes.paths import rulebook_dir

NarrowTerminal = Callable[[Callable[[TextIO], None]], list[str]]

OBJECTIVE_OF_STATE = {
    "win": lambda s: Fraction(s.returns()[0]),
    "rating": lambda s: Fraction(s.score()),
}


def position(top: int, minutes: int, cards: str | None = None,
             discard: tuple[int, ...] = ()) -> EfoState:
    """The start of a pass with 1..top on the trolley (and ``discard`` on the pile)."""
    state = endgame(make_game({"minutes": minutes}, cards), top)
    if not discard:
        return state
    doc = state.to_json()
    doc["discard"] = list(discard)
    doc["deck"] = [c for c in doc["deck"] if c not in discard]
    return state.game.state_from_json(doc)


def value_iteration(start: State, objective: str) -> Fraction:
    """An independent exact value: every position reachable from ``start`` listed by the
    engine's full canonical JSON (not the solver's key), then the Bellman equations iterated
    from 0 until nothing changes (the least fixed point: a loop that never ends earns 0, which
    no objective here is below).  Chance draws are uniform, as every shuffle is."""
    terminal_value = OBJECTIVE_OF_STATE[objective]
    nodes: dict[str, tuple[str, list[str] | Fraction]] = {}
    todo = [start]
    keys = {canonical_dumps(start.to_json())}
    while todo:
        state = todo.pop()
        key = canonical_dumps(state.to_json())
        if state.is_terminal():
            nodes[key] = ("end", terminal_value(state))
            continue
        children = []
        for action in state.legal_actions():
            child = state.child(action)
            child_key = canonical_dumps(child.to_json())
            children.append(child_key)
            if child_key not in keys:
                keys.add(child_key)
                todo.append(child)
        nodes[key] = ("chance" if state.is_chance_node() else "max", children)
    values = {key: (node[1] if node[0] == "end" else Fraction(0))
              for key, node in nodes.items()}
    for _ in range(10_000):
        changed = False
        for key, (kind, children) in nodes.items():
            if kind == "end":
                continue
            assert isinstance(children, list)
            child_values = [values[c] for c in children]
            new = (sum(child_values, Fraction(0)) / len(child_values) if kind == "chance"
                   else max(child_values))
            if new != values[key]:
                values[key] = new
                changed = True
        if not changed:
            return values[canonical_dumps(start.to_json())]
    raise AssertionError("value iteration did not settle")


CASES = [  # (top, minutes, discard): small positions, a loop (10 returning 11) included
    (8, 1, ()), (8, 2, ()), (8, 3, ()), (8, 4, ()),
    (7, 3, ()), (7, 4, ()), (7, 5, ()),
    (8, 3, (11,)), (9, 2, (11,)), (7, 4, (9, 11)),
]


@pytest.mark.parametrize("objective", ["win", "rating"])
@pytest.mark.parametrize(("top", "minutes", "discard"), CASES)
def test_solver_equals_value_iteration(top: int, minutes: int, discard: tuple[int, ...],
                                       objective: str) -> None:
    state = position(top, minutes, discard=discard)
    expected = value_iteration(state, objective)
    assert make_solver(objective).value(state) == expected
    assert make_solver(objective, bounded=False).value(state) == expected


PRINTED = str(rulebook_dir("elevenes-for-one") / "cards.cards")


@pytest.mark.parametrize(("top", "minutes"), [(6, 5), (6, 6), (6, 7), (6, 15)])
def test_the_derived_reductions_change_no_value(top: int, minutes: int) -> None:
    """card_facts.py gives the printed cards a coarser key (the cards a pass left behind as a
    set) and a tighter bound; without them (the whole row, the general bound) endgames of
    five cards have the same values, and the reductions save work."""
    for objective in ("win", "rating"):
        reduced = make_solver(objective)
        plain = make_solver(objective)
        whole_row = position(top, minutes)
        whole_row.game.without_reductions()
        assert reduced.value(position(top, minutes)) == plain.value(whole_row)
        assert reduced.visited < plain.visited


def test_values_worked_by_hand() -> None:
    # 9 on the trolley, 10 and 11 to lay out. With one minute scoring 10 ends the game before
    # 11, so no win. With two: laid out 10, 11 both are scored; laid out 11, 10 the player
    # discards 11, scores 10 (which must bring 11 back after it) and scores 11: always a win.
    assert make_solver("win").value(position(9, 1)) == 0
    assert make_solver("win").value(position(9, 2)) == 1
    # the rating of that sure win: 11 + the one minute left
    assert make_solver("rating").value(position(9, 2)) == 12


def write_cards(tmp_path: Path, name: str, cost: int) -> str:
    """Cakes with another cost: a one-card variant in the card language."""
    cards = tmp_path / f"{name}.cards"
    cards.write_text(f'game elevenes-for-one\ncard 9 "{name}" rule EFO.CARD.CAKES {{\n'
                     f'  on use, score {{\n    flip_down next\n    cost {cost}\n  }}\n}}\n',
                     encoding="utf-8")
    return str(cards)


def test_a_variant_is_solved_through_its_cards(tmp_path: Path) -> None:
    cards = write_cards(tmp_path, "Dear Cakes", 2)
    for objective in ("win", "rating"):
        standard = make_solver(objective).value(position(7, 5))
        variant_state = position(7, 5, cards=cards)
        variant = make_solver(objective).value(variant_state)
        assert variant == value_iteration(variant_state, objective)
        assert variant < standard  # a dearer card can only hurt, and here it does


def test_a_free_redeal_is_refused(tmp_path: Path) -> None:
    """With Cakes free, using it as the first card of a pass flips the card after it: a pass
    of two cards can cost nothing and the pantry is dealt again.  The solver does not cut a
    loop through a shuffle (it would undervalue re-dealing); it says so."""
    state = position(8, 2, cards=write_cards(tmp_path, "Free Cakes", 0), discard=(10,))
    for objective in ("win", "rating"):
        with pytest.raises(SolverError, match="loop through a chance node"):
            make_solver(objective).value(state)


def test_the_table_merges_discard_orders_only() -> None:
    first = position(7, 4, discard=(9, 11))
    second = position(7, 4, discard=(11, 9))
    assert first.solver_key() == second.solver_key()
    assert first.to_json() != second.to_json()
    other = position(7, 4, discard=(9,))
    assert other.solver_key() != first.solver_key()


def play_from(state: State, player: object, rng: random.Random) -> State:
    state = state.clone()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(player(state, rng))  # type: ignore[operator]
    return state


@pytest.mark.parametrize("bot", ["random", "greedy", "solver"])
def test_no_bot_beats_the_solver(bot: str) -> None:
    """Over many seeded games from a position where winning is uncertain, no bot wins more
    often, nor rates higher on average, than the solver's values allow beyond sampling error
    (three standard errors); the solver's own bot reaches its value."""
    start = position(6, 5)
    win = make_solver("win").value(start)
    best_rating = make_solver("rating").value(start)
    assert 0 < win < 1
    games = 400
    rng = random.Random(2026)
    player = SolverBot("win") if bot == "solver" else ALL_BOTS[bot]
    finals = [play_from(start, player, rng) for _ in range(games)]
    wins = [f.returns()[0] for f in finals]
    ratings = [f.score() for f in finals]
    mean_win = sum(wins) / games
    error = 3 * math.sqrt(float(win) * (1 - float(win)) / games)
    assert mean_win <= float(win) + error
    mean_rating = sum(ratings) / games
    spread = math.sqrt(sum((r - mean_rating) ** 2 for r in ratings) / (games - 1))
    assert mean_rating <= float(best_rating) + 3 * max(spread, 1.0) / math.sqrt(games)
    if bot == "solver":
        assert abs(mean_win - float(win)) <= error


def test_max_positions_stops_with_a_message() -> None:
    with pytest.raises(SolverError, match="more than 100 positions"):
        Solver("win", max_positions=100).value(position(6, 5))


def test_progress_line() -> None:
    stream = io.StringIO()
    progress = Progress("solving", stream, every=0.0)
    make_solver("win", progress).value(position(6, 5))
    progress.close()
    assert "positions explored" in stream.getvalue()


def test_progress_line_fits_the_terminal(narrow_terminal: NarrowTerminal) -> None:
    # 40 columns: a longer line would wrap, and \r would redraw only its last row, leaving a
    # new row behind at every redraw
    def solve(stream: TextIO) -> None:
        progress = Progress("solving the whole game", stream, every=0.0)
        make_solver("win", progress).value(position(6, 5))
        progress.close()

    drawn = narrow_terminal(solve)
    assert drawn, "the progress line was drawn"
    assert all(len(line) <= 39 for line in drawn)
    assert any(line.rstrip().endswith("…") for line in drawn)


# -- the command line --------------------------------------------------------------------------
def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_solve_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["solve", "elevenes-for-one", "--minutes", "4", "--trolley", "7",
                            "--json", "--no-progress"], capsys)
    assert code == 0
    results = {r["objective"]: Fraction(r["value"]) for r in json.loads(out)["results"]}
    state = position(7, 4)
    assert results == {"win": value_iteration(state, "win"),
                       "rating": value_iteration(state, "rating")}


def test_solve_command_text_and_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["solve", "elevenes-for-one", "-o", "minutes=5", "--trolley", "6",
                            "--objective", "win"], capsys)
    assert code == 0
    value = make_solver("win").value(position(6, 5))
    assert f"best chance to win: {value}" in out
    assert "expected rating" not in out


def write_state(tmp_path: Path, state: State) -> Path:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    return path


def test_hint_lists_every_move_and_marks_the_best(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    state = position(7, 4)
    for card in (9, 8, 11, 10):
        state.apply_action(f"deal {card}")
    code, out, _ = run_cli(["hint", str(write_state(tmp_path, state)), "--no-progress"], capsys)
    assert code == 0
    for objective, label in (("win", "chance to win"), ("rating", "expected rating")):
        _, best = make_solver(objective).best_actions(state)
        line = next(x for x in out.splitlines() if x.startswith(f"best for the {label}:"))
        assert line.split(": ", 1)[1] == ", ".join(state.action_to_string(a) for a in best)
    listed = [line.split()[0] + (" " + line.split()[1] if line.startswith("front") else "")
              for line in out.splitlines()[1:1 + len(state.legal_actions())]]
    assert listed == state.legal_action_strings()


def test_hint_refuses_other_games_and_bad_files(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"game": "bowling-solitaire"}', encoding="utf-8")
    code, _, err = run_cli(["hint", str(other)], capsys)
    assert code == 1 and "not 'elevenes-for-one'" in err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    code, _, err = run_cli(["hint", str(broken)], capsys)
    assert code == 1 and "cannot read" in err
    bad = tmp_path / "bad.json"
    doc = position(7, 4).to_json()
    doc["trolley"] = [1, 3]
    bad.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run_cli(["hint", str(bad)], capsys)
    assert code == 1 and err.startswith("error:")


def test_hint_and_solve_read_a_game_saved_by_play(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A save of `elevenes play` (the state plus `saved_with`) is a position to solve, with the
    card file it was played with; a card file changed since is refused, as on --resume."""
    from elevenes.games.prompt import save_game

    monkeypatch.chdir(tmp_path)
    cards = write_cards(tmp_path, "Dear Cakes", 2)
    state = position(7, 4, cards=cards)
    for card in (9, 8, 11, 10):
        state.apply_action(f"deal {card}")
    saved = save_game(state, io.StringIO(), cards=cards)
    code, out, err = run_cli(["hint", str(saved), "--no-progress"], capsys)
    assert code == 0, err
    _, best = make_solver("win").best_actions(state)
    line = next(x for x in out.splitlines() if x.startswith("best for the chance to win:"))
    assert line.split(": ", 1)[1] == ", ".join(state.action_to_string(a) for a in best)
    Path(cards).write_text(Path(cards).read_text().replace("cost 2", "cost 3"))
    code, _, err = run_cli(["solve", "elevenes-for-one", "--from", str(saved)], capsys)
    assert code == 1 and "has changed since" in err


def test_play_with_the_solver_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    saved = write_state(tmp_path, position(7, 4))
    code, out, _ = run_cli(["play", "elevenes-for-one", "--bot", "solver", "--seed", "3",
                            "--resume", str(saved), "--quiet"], capsys)
    assert code == 0 and "Rating:" in out



def test_the_solver_bot_says_when_a_position_is_too_large() -> None:
    state = make_game().new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    with pytest.raises(SolverError, match="cannot play this position"):
        SolverBot("win", max_positions=1000)(state, rng)
