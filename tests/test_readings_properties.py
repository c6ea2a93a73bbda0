"""Random games under random combinations of readings, through the API: no crash, every
position's document loads back to the same position (legal actions included), and a save
made mid-game resumes under the readings it was saved with (seeded)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from elevenes.core.readings import choosable, in_force
from elevenes.games import load_game
from elevenes.games.prompt import check_resume, read_saved, saved_text, starting_state

GAMES = ["elevenes-for-one", "bowling-solitaire"]


def _combination(game: str, rng: random.Random) -> dict[str, str]:
    return {r.option: rng.choice(r.playable) for r in choosable(game).values()}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_random_games_under_random_readings(game_id: str, seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    options = _combination(game_id, rng)
    game = load_game(game_id, options)
    for _ in range(4):
        state = game.new_initial_state()
        save_at = rng.randrange(5, 60)
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
            doc = state.to_json()
            back = game.state_from_json(doc)
            assert back.to_json() == doc
            assert back.legal_actions() == state.legal_actions()
            if moves == save_at and not state.is_terminal():
                _resume_round_trip(game_id, state, tmp_path)
                save_at = -1


def _resume_round_trip(game_id: str, state: object, folder: Path) -> None:
    path = folder / "save.json"
    path.write_text(saved_text(state), encoding="utf-8")  # type: ignore[arg-type]
    saved = read_saved(str(path), game_id)
    options, cards = check_resume(saved, str(path), {},
                                  lambda given: load_game(game_id, given).options, None)
    resumed_game = load_game(game_id, options, cards)
    resumed = starting_state(resumed_game, saved)
    original = state.game  # type: ignore[attr-defined]
    assert in_force(resumed_game.options) == in_force(original.options)
    assert resumed.to_json() == state.to_json()  # type: ignore[attr-defined]
    assert resumed.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]


def test_resume_refuses_another_reading(tmp_path: Path) -> None:
    from elevenes.core.errors import BadOption

    game = load_game("bowling-solitaire", {"reading.BWL.RULING.FIRST-CARD": "d"})
    path = tmp_path / "save.json"
    path.write_text(saved_text(game.new_initial_state()), encoding="utf-8")
    saved = read_saved(str(path), "bowling-solitaire")
    assert json.loads(path.read_text())["saved_with"]["options"][
        "reading.BWL.RULING.FIRST-CARD"] == "d"
    with pytest.raises(BadOption, match="reading.BWL.RULING.FIRST-CARD=d"):
        check_resume(saved, str(path), {"reading.BWL.RULING.FIRST-CARD": "a"},
                     lambda given: load_game("bowling-solitaire", given).options, None)
