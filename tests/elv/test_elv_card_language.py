"""The card-language additions the multi-player cards need: `each player`, card numbers for
hosts with several sets (``number_of``), and always-asked hidden choices (``always_ask``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.dsl.check import check_tree
from elevenes.dsl.load import check_files
from elevenes.dsl.parser import parse_text
from elevenes.games.elevenes import load_cards, make_game
from elevenes.games.elevenes.state import ElvState

ROOT = Path(__file__).resolve().parents[2]


def codes(text: str, game: str = "elevenes") -> list[str]:
    return [d.code for d in check_tree(parse_text(text, "t.cards"), expected_game=game)]


def test_the_shipped_files_are_clean() -> None:
    paths: list[Path | str] = sorted((ROOT / "rulebook/elevenes").glob("*.cards"))
    trees, problems = check_files(paths, "elevenes")
    assert not problems and len(trees) == 2
    cards = load_cards()
    assert sorted(cards.cards) == list(range(1, 12)) and len(cards.guests) == 6


def test_each_player_parses_and_checks() -> None:
    good = """game elevenes
card 6 "China" value 2 {
  on play {
    each player as q { choose 1 in kitchen(q) except unpassable by q -> set_aside }
    pass_aside left
  }
}"""
    assert codes(good) == []
    assert codes(good.replace("each player as q", "each player except me as q")) == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('card 6 "X" { on play { each player as q { } } }', "E118"),
        (
            'card 6 "X" { on play { choose player as q\n'
            " each player as q { reveal kitchen(q) } } }",
            "E117",
        ),
        ('card 6 "X" { on play { each player as q { reveal kitchen(z) } } }', "E108"),
        (
            'card 6 "X" { on play { each player as q { reveal kitchen(q) }\n reveal kitchen(q) } }',
            "E108",
        ),
    ],
)
def test_each_player_diagnostics(text: str, code: str) -> None:
    assert code in codes("game elevenes\n" + text)


def test_each_player_needs_a_game_with_players() -> None:
    text = 'game elevenes-for-one\ncard 6 "X" { on use { each player as q { reshuffle pantry } } }'
    assert "E113" in codes(text, "elevenes-for-one")


ROWS = {
    0: [None, "~1a", "~2a", "~4a", "~5a", "~7a", "~8a", "~10a", "~11a", None],
    1: [None, "~1b", "~3b", "~4b", "~6b", "~7b", "~8b", "~9b", "~10b", None],
    2: [None, "~1c", "~2c", "~3c", "~4c", "~5c", "~8c", "~9c", "~11c", None],
}


def _state(kitchens: list[list[str]], rows: dict[int, list[str | None]] | None = None) -> ElvState:
    game = make_game({"players": 3})
    spreads = {**ROWS, **(rows or {})}
    doc = {
        "game": "elevenes",
        "round": 1,
        "phase": "turn",
        "server": 0,
        "turn": 0,
        "bowl": 25,
        "players": [{"cubes": 0, "kitchen": kitchens[p], "spread": spreads[p]} for p in range(3)],
    }
    return game.state_from_json(doc)


def test_numbers_and_traits_go_by_card_number() -> None:
    """`except unpassable` and `except 1, 10` test the card's number, whatever its set."""
    state = _state([["3a", "6a", "9a"], ["2b", "5b", "11b"], ["6c", "7c", "10c"]])
    state.apply_action("play 3a")
    state.apply_action("player 1")
    assert state.legal_action_strings() == ["pass", "take 2b", "take 5b"]


def test_single_hidden_choices_are_still_asked() -> None:
    """Fine China: seat 1 holds one card besides her Elevenses; she is asked anyway."""
    state = _state(
        [["3a", "6a", "9a"], ["5b", "11b"], ["6c", "7c", "10c"]],
        {1: ["1b", "~2b", "~3b", "~4b", "~6b", "~7b", "~8b", "~9b", "~10b", None]},
    )
    state.apply_action("play 6a")
    state.apply_action("pass 3a")
    assert state.current_player() == 1
    assert state.legal_action_strings() == ["pass 5b"]
    state.apply_action("pass 5b")
    state.apply_action("pass 6c")
    assert state.turn == 1
    assert sorted(state.to_json()["players"][1]["kitchen"]) == ["11b", "3a"]
