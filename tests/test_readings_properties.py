"""Random games under random combinations of readings, through the API, for every game: no
crash, every position's document loads back to the same position (legal actions included), and
a save made mid-game resumes under the readings it was saved with (seeded).  The combinations
are drawn from the readings each engine plays (its ``reading.`` options)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from elevenes.core.errors import BadOption
from elevenes.core.readings import ReadingSpec, in_force
from elevenes.games import load_game
from elevenes.games.prompt import check_resume, read_saved, saved_text, starting_state


@dataclass(frozen=True)
class Bounds:
    """Per game: how many games a seed plays, the table sizes drawn from, other options, and a
    bound on the steps of a game (None: the game always ends soon)."""

    games: int = 4
    players: tuple[int, ...] = ()
    options: tuple[tuple[str, object], ...] = ()
    steps: int | None = None


GAMES = {
    "elevenes-for-one": Bounds(),
    "bowling-solitaire": Bounds(),
    # a bound on turns keeps the games short; the step bound covers the readings under which
    # a game may not end (G111.RULING.TURN-LIMIT (a), G111.RULING.EMPTY-PILE (b))
    "111": Bounds(games=1, players=(2, 3, 4), options=(("turn_limit", 40),), steps=1500),
    # the rules set no bound (ELV.RULING.GAME-LENGTH); with the Special Guests, so that the
    # readings of their reveal (ELV.RULING.GUEST-TIMING, ELV.RULING.END-OF-TURN) are played
    "elevenes": Bounds(games=1, players=(2, 3, 4), options=(("guests", True),), steps=600),
}


def _combination(game: str, rng: random.Random) -> dict[str, object]:
    specs = [s for s in load_game(game).option_specs if isinstance(s, ReadingSpec)]
    assert specs, f"{game} plays no reading but the decided ones"
    while True:  # two readings that rewrite the same card are refused together: draw again
        options: dict[str, object] = {s.name: rng.choice(s.letters) for s in specs}
        try:
            load_game(game, options)
        except BadOption as exc:
            if "cannot be played together" not in str(exc):
                return options  # a table-size refusal: the test tries the other sizes
            continue
        return options


def test_two_readings_rewriting_one_card_are_refused_together() -> None:
    with pytest.raises(BadOption, match=r"rewrite card \(10\)"):
        load_game("elevenes-for-one", {"reading.EFO.RULING.OPTIONAL-MUST": "a",
                                       "reading.EFO.RULING.SERVANTS-MINUTE": "a"})
    load_game("elevenes-for-one", {"reading.EFO.RULING.OPTIONAL-MUST": "a",
                                   "reading.EFO.RULING.SANDWICHES": "b"})


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_random_games_under_random_readings(game_id: str, seed: int, tmp_path: Path) -> None:
    bounds = GAMES[game_id]
    rng = random.Random(seed)
    options = _combination(game_id, rng)
    options.update(bounds.options)
    game = None if bounds.players else load_game(game_id, options)
    for players in rng.sample(bounds.players, len(bounds.players)):
        options["players"] = players
        try:  # a reading may rule out a table size (G111.RULING.DECK-COUNT (d): odd ones)
            game = load_game(game_id, options)
            break
        except BadOption:
            continue
    assert game is not None
    for _ in range(bounds.games):
        state = game.new_initial_state()
        save_at = rng.randrange(5, 60)
        moves = steps = 0
        while not state.is_terminal() and (bounds.steps is None or steps < bounds.steps):
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
            steps += 1
            doc = state.to_json()
            back = game.state_from_json(doc)
            assert back.to_json() == doc
            assert back.legal_actions() == state.legal_actions()
            if moves == save_at and not state.is_terminal():
                _resume_round_trip(game_id, state, tmp_path)
                save_at = -1
        assert save_at == -1 or state.is_terminal(), "the save was never made"


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
    game = load_game("bowling-solitaire", {"reading.BWL.RULING.FIRST-CARD": "d"})
    path = tmp_path / "save.json"
    path.write_text(saved_text(game.new_initial_state()), encoding="utf-8")
    saved = read_saved(str(path), "bowling-solitaire")
    assert json.loads(path.read_text())["saved_with"]["options"][
        "reading.BWL.RULING.FIRST-CARD"] == "d"
    with pytest.raises(BadOption, match="reading.BWL.RULING.FIRST-CARD=d"):
        check_resume(saved, str(path), {"reading.BWL.RULING.FIRST-CARD": "a"},
                     lambda given: load_game("bowling-solitaire", given).options, None)
