"""The web table plays 111 to the end under the readings that ask new questions or offer new
actions (the target asked again mid-fight, the hand limit's discard, a boss under the top, a
purchase of several units, surrender at the store, seven at the table): every move offered is
played through the page's form, and the page's question is the reading's own."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from .test_one_move import new_game, resume, version_on


@pytest.mark.parametrize(("reading", "players", "seed", "seen"), [
    ("SAME-BOSS=b", "2", 1, ["name the boss to strike"]),
    ("HAND-SIZE=b", "2", 5, ["discard a card at once"]),
    ("ONE-PER-ROLL=b", "2", 5, ['value="buy health 2"']),
    ("WHICH-BOSS=a", "2", 5, ['value="attack J 2"']),
    ("SURRENDER-WHEN=d", "2", 3, ['value="surrender"', 'value="buy nothing"']),  # at the store
    ("PLAYER-COUNT=b", "7", 5, ["P6"]),
])
def test_a_whole_game_is_played_at_the_web_table_under_the_reading(
        client: Any, tmp_path: Path, reading: str, players: str, seed: int,
        seen: list[str]) -> None:
    data = tmp_path / "data"
    rng = random.Random(seed)
    name = new_game(client, "111", seed=str(seed), players=players,
                    options=f"reading.G111.RULING.{reading} turn_limit=40")
    page = client.get(f"/game/{name}").text
    questions = set()
    for _ in range(3000):
        if 'id="finish"' in page:
            break
        assert "Traceback" not in page and "bug in elevenes" not in page
        questions.add(page)
        state = resume(data, name)
        options = state.game.options
        assert options[f"reading.G111.RULING.{reading.split('=')[0]}"] == reading[-1]
        action = rng.choice(state.legal_action_strings())
        response = client.post(f"/game/{name}/act", data={"action": action,
                                                          "version": version_on(page)})
        assert response.status_code == 200, response.text[:500]
        page = response.text
    assert 'id="finish"' in page
    assert any(all(words in text for words in seen) for text in questions)
