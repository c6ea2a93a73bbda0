"""A user's card file replaces shipped cards; a broken one is refused with its diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

import elevenes
from elevenes.core.api import Game
from elevenes.core.errors import ElevenesError
from elevenes.core.play import play
from elevenes.dsl.diagnostics import INTERNAL, CardFileError
from elevenes.dsl.load import check_files, load_card_set, shipped_card_files
from elevenes.games.elevenes_for_one.bots import greedy_player
from elevenes.games.elevenes_for_one.game import PRIMITIVES

SUGAR_COSTS_THREE = """\
game elevenes-for-one

card 4 "Sugar" value 4 rule EFO.CARD.SUGAR {
  on use, score {
    cost 3
  }
}
"""


def write(tmp_path: Path, text: str, name: str = "my.cards") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def minutes_after_using_sugar(game: Game) -> int:
    """Deal Sugar first, keep the order, use it: the minutes left afterwards."""
    state = game.new_initial_state()
    for card in (4, 2, 3, 5, 6, 7, 8, 9, 10, 11):
        state.apply_action(f"deal {card}")
    state.apply_action("pass")
    assert state.legal_action_strings() == ["use", "discard"]
    state.apply_action("use")
    minutes: int = state.to_json()["minutes"]
    return minutes


def test_shipped_sugar_costs_two_minutes() -> None:
    assert minutes_after_using_sugar(elevenes.load_game("elevenes-for-one")) == 13


def test_a_user_file_replaces_sugar(tmp_path: Path) -> None:
    path = write(tmp_path, SUGAR_COSTS_THREE)
    game = elevenes.load_game("elevenes-for-one", cards=str(path))
    assert minutes_after_using_sugar(game) == 12
    cards = game.cards  # type: ignore[attr-defined]
    assert cards.cards[4].source == f"{path}:3"
    assert cards.cards[3].source.endswith("cards.cards:19")  # the others stay shipped
    assert cards.sources[-1] == str(path)


def test_a_user_file_needs_no_game_line(tmp_path: Path) -> None:
    path = write(tmp_path, 'card 4 "Sugar" { on use, score { cost 3 } }\n')
    game = elevenes.load_game("elevenes-for-one", cards=str(path))
    assert minutes_after_using_sugar(game) == 12


def test_a_broken_user_file_names_the_file_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, SUGAR_COSTS_THREE.replace("cost 3", "cost 3\n    flip_down nxt"))
    with pytest.raises(CardFileError) as caught:
        elevenes.load_game("elevenes-for-one", cards=str(path))
    [diagnostic] = caught.value.diagnostics
    assert (diagnostic.path, diagnostic.line, diagnostic.column, diagnostic.code) == (
        str(path), 6, 15, "E108",
    )
    assert str(caught.value).startswith(f"{path}:6:15: E108 unknown card reference `nxt`")
    assert "did you mean `next`?" in str(caught.value)


def test_a_user_file_with_a_syntax_error(tmp_path: Path) -> None:
    path = write(tmp_path, SUGAR_COSTS_THREE.replace("cost 3", "cost 3 }"))
    with pytest.raises(CardFileError) as caught:
        elevenes.load_game("elevenes-for-one", cards=str(path))
    assert str(caught.value) == (
        f"{path}:7:1: E100 unexpected `}}`\n    hint: expected `card`, `guest`, end of file"
    )


def test_a_user_file_for_another_game_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, SUGAR_COSTS_THREE.replace("game elevenes-for-one", "game elevenes"))
    with pytest.raises(CardFileError) as caught:
        elevenes.load_game("elevenes-for-one", cards=str(path))
    [diagnostic] = caught.value.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("E101", 1, 6)
    assert diagnostic.message == "these cards are for `elevenes`, not `elevenes-for-one`"


def test_a_missing_user_file(tmp_path: Path) -> None:
    with pytest.raises(CardFileError) as caught:
        elevenes.load_game("elevenes-for-one", cards=str(tmp_path / "nope.cards"))
    assert [d.code for d in caught.value.diagnostics] == ["E121"]


def test_a_card_file_error_is_an_elevenes_error() -> None:
    assert issubclass(CardFileError, ElevenesError)


def test_check_files_gathers_every_file(tmp_path: Path) -> None:
    good = write(tmp_path, SUGAR_COSTS_THREE, "good.cards")
    bad = write(tmp_path, "game elevenes-for-one\ncard 12 \"X\" {}\n", "bad.cards")
    trees, problems = check_files([good, bad, tmp_path / "gone.cards"], "elevenes-for-one")
    assert [t.path for t in trees] == [str(good), str(bad)]
    assert [(p.path, p.code) for p in problems] == [
        (str(bad), "E110"), (str(tmp_path / "gone.cards"), "E121"),
    ]


def test_a_compiler_failure_is_an_internal_error_not_a_traceback(tmp_path: Path) -> None:
    class NoPrimitives:
        """A host that lacks every primitive: compiling any effect fails."""

    path = write(tmp_path, SUGAR_COSTS_THREE)
    with pytest.raises(CardFileError) as caught:
        load_card_set("elevenes-for-one", NoPrimitives(), path)
    [diagnostic] = caught.value.diagnostics
    assert diagnostic.code == INTERNAL
    assert "NotImplementedError" in diagnostic.message
    assert load_card_set("elevenes-for-one", PRIMITIVES, path).cards[4].name == "Sugar"


def test_shipped_files_are_found() -> None:
    assert [p.name for p in shipped_card_files("elevenes-for-one")] == ["cards.cards"]


GENTLER_SUGAR_AND_ANY_BISCUITS = """\
game elevenes-for-one

# Sugar costs its extra minute only while the clock is comfortable
card 4 "Gentle Sugar" value 4 rule EFO.CARD.SUGAR {
  on use, score {
    if minutes > 5 {
      cost 2
    }
  }
}

# Biscuits may swap any two other cards, face up or face down
card 7 "Loose Biscuits" value 7 rule EFO.CARD.BISCUITS {
  on use, score {
    choose exactly 2 in pantry except self -> swap
  }
}
"""


def test_variant_biscuits_swap_face_down_cards_too(tmp_path: Path) -> None:
    path = write(tmp_path, GENTLER_SUGAR_AND_ANY_BISCUITS)
    game = elevenes.load_game("elevenes-for-one", cards=str(path))
    shipped = elevenes.load_game("elevenes-for-one")
    for variant, expected in ((game, 45), (shipped, None)):
        doc = {
            "game": "elevenes-for-one", "options": {"edition": "v1.1", "minutes": 15,
                                                    "challenge": False},
            "phase": "turn", "minutes": 10, "trolley": [1], "discard": [],
            "pantry": [[7, "up"], [2, "down"], [3, "up"], [4, "down"], [5, "up"], [6, "up"],
                       [8, "up"], [9, "up"], [10, "up"], [11, "up"]],
            "deck": [], "cursor": 0, "held": None, "restart": False, "stack": [],
            "choice": None, "result": None,
        }
        turn = variant.state_from_json(doc)
        turn.apply_action("use")
        choices = turn.legal_action_strings()
        if expected is None:  # shipped Biscuits: face-up cards only (3, 5, 6, 8, 9, 10, 11)
            assert len(choices) == 21 and "swap 2 3" not in choices
        else:  # the variant: any two of the nine other cards
            assert len(choices) == 36 and "swap 2 4" in choices


def test_gentle_sugar_costs_one_minute_when_time_is_short(tmp_path: Path) -> None:
    path = write(tmp_path, GENTLER_SUGAR_AND_ANY_BISCUITS)
    game = elevenes.load_game("elevenes-for-one", cards=str(path))
    assert minutes_after_using_sugar(game) == 13
    low = elevenes.load_game("elevenes-for-one", {"minutes": 5}, cards=str(path))
    assert minutes_after_using_sugar(low) == 4


def test_a_variant_plays_to_the_end_with_the_greedy_bot(tmp_path: Path) -> None:
    path = write(tmp_path, GENTLER_SUGAR_AND_ANY_BISCUITS)
    game = elevenes.load_game("elevenes-for-one", cards=str(path))
    state, _ = play(game, players=[greedy_player], seed=11)
    assert state.is_terminal()


def test_a_card_that_swaps_outside_the_pantry_is_refused(tmp_path: Path) -> None:
    """Only pantry cards change places: a swap chosen in the discard pile could only do
    nothing, so loading the file is refused (E124) rather than played as a dead card."""
    path = write(tmp_path, 'card 7 "Odd Biscuits" { on use { choose 2 in discard -> swap } }\n')
    with pytest.raises(CardFileError) as caught:
        elevenes.load_game("elevenes-for-one", cards=str(path))
    assert [(d.code, d.line) for d in caught.value.diagnostics] == [("E124", 1)]
    assert "`swap` acts on cards in `pantry`" in caught.value.diagnostics[0].hint
