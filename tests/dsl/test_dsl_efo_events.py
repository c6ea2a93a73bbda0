"""The events of variant Elevenes for One cards (rules.md, "Words of variant cards", EFO.CARDS.*):
`flipped` and `laid_out`. The scenarios of tests/dsl/scenarios/efo-events.yaml are played with
their card file (test_dsl_scenarios.py); the engine's bound on effects that set each other off,
the solvers on such cards and the generator are tested here."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from card_gen import Counts, card_files, exercise, play_out
from hypothesis import given, settings

import elevenes
from elevenes.cli import main
from elevenes.dsl.load import check_file
from elevenes.games.elevenes_for_one.cli_solve import endgame
from elevenes.games.elevenes_for_one.native import NativeUnavailable, lower
from elevenes.games.elevenes_for_one.solver import solve

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "dsl" / "scenarios"
EXAMPLES = ROOT / "docs" / "examples"

# two cards whose flipped effects turn each other, and themselves, back and forth: without
# EFO.CARDS.ONCE this would never end
PING_PONG = """\
game elevenes-for-one

card 2 "Ping" value 2 rule EFO.CARD.TEA {
  on use, score { choose 1 face_up in pantry except self -> flip_down }
  on flipped {
    if face_down(self) { send_to_end self } else { flip_down self }
    choose 1 3 in pantry -> send_to_end
    choose 1 3 face_up in pantry -> flip_down
  }
}

card 3 "Pong" value 3 rule EFO.CARD.MILK {
  on use, score { choose 2 face_up in pantry except self -> flip_down }
  on flipped {
    if face_down(self) { send_to_end self } else { flip_down self }
    choose 1 2 in pantry -> send_to_end
    choose 1 2 face_up in pantry -> flip_down
  }
  on laid_out { choose 1 2 face_up in pantry -> flip_down }
}
"""



def test_effects_that_turn_each_other_end_and_games_play_out(tmp_path: Path) -> None:
    path = tmp_path / "ping-pong.cards"
    path.write_text(PING_PONG, encoding="utf-8")
    assert check_file(path)[1] == []
    game = elevenes.load_game("elevenes-for-one", {}, cards=str(path))
    rng = random.Random(3)
    for _ in range(20):
        play_out(game, rng, max_moves=5_000)
    # a position where Ping is used and turns Pong: every effect set off ends within the move
    state = game.state_from_json({
        "game": "elevenes-for-one", "phase": "turn", "minutes": 5, "trolley": [1],
        "pantry": [[2, "up"], [3, "up"], [4, "up"], [5, "down"], [6, "down"], [7, "down"],
                   [8, "down"], [9, "down"], [10, "down"], [11, "down"]],
        "discard": [], "cursor": 0})
    state.apply_action(state.string_to_action("use"))
    state.apply_action(state.string_to_action("flip 3"))
    assert state.to_json()["stack"] == []


def test_a_state_with_laid_out_effects_under_way_saves_and_loads() -> None:
    game = elevenes.load_game("elevenes-for-one", {},
                              cards=str(SCENARIOS / "efo-events.cards"))
    state = game.state_from_json({
        "game": "elevenes-for-one", "phase": "front", "minutes": 5, "trolley": [1],
        "pantry": [[9, "up"], [3, "up"], [5, "up"], [2, "up"], [4, "up"], [6, "up"],
                   [7, "up"], [8, "up"], [10, "up"], [11, "up"]],
        "discard": [], "cursor": 0})
    state.apply_action(state.string_to_action("pass"))
    doc = state.to_json()
    assert [(f["card"], f["event"], f["cost"]) for f in doc["stack"]] == [
        (5, "laid_out", 0), (9, "laid_out", 0)]
    again = game.state_from_json(doc)
    assert again.to_json() == doc
    assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", ["eager-elevenses", "late-elevenses"])
def test_the_native_solver_leaves_the_events_to_the_python_search(name: str) -> None:
    game = elevenes.load_game("elevenes-for-one", {"minutes": 3},
                              cards=str(EXAMPLES / f"{name}.cards"))
    with pytest.raises(NativeUnavailable, match="effects on (flipped|laid_out)"):
        lower(game)  # type: ignore[arg-type]
    facts = game.card_facts()  # type: ignore[attr-defined]
    assert not facts.row_as_set and "has an effect on" in facts.why_whole_row
    value = solve(endgame(game, 8), "win", max_positions=100_000)  # type: ignore[arg-type]
    assert 0 <= value.value <= 1


def test_solve_vs_a_variant_with_an_event_gives_its_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["solve", "elevenes-for-one", "--trolley", "8", "--minutes", "3", "--vs",
                   str(EXAMPLES / "late-elevenses.cards")])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "B      1/2 (50.0000%)" in out
    assert "B - A  -1/6" in out


def test_the_generator_writes_the_events_and_their_files_play_to_the_end() -> None:
    texts: list[str] = []
    counts = Counts()
    with tempfile.TemporaryDirectory() as directory:

        @settings(max_examples=80, derandomize=True, database=None)
        @given(card_files("elevenes-for-one"))
        def run(text: str) -> None:
            texts.append(text)
            if "on flipped" in text or "on laid_out" in text or ", flipped" in text \
                    or ", laid_out" in text:
                exercise(text, "elevenes-for-one", Path(directory), 5, counts, games=1)

        run()
    assert any("flipped" in t for t in texts) and any("laid_out" in t for t in texts)
    assert counts.accepted >= 5
    assert counts.endless == []
    assert counts.games == counts.accepted == counts.solved
