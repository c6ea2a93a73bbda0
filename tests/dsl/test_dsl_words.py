"""The words of variant Elevenes cards (rules.md, "Words of variant cards"): one-way transfers
with the neighbours, cubes moved by a card, grants. The scenarios of
tests/dsl/scenarios/language-words.yaml are played with their card file
(test_dsl_scenarios.py); the checker's diagnostics for the new words are pinned here."""

from __future__ import annotations

from pathlib import Path

import pytest

import elevenes
from elevenes.cli import main
from elevenes.dsl.check import check_tree
from elevenes.dsl.parser import parse_text

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "dsl" / "scenarios"
EXAMPLES = ROOT / "docs" / "examples"



@pytest.mark.parametrize("name", ["greedy-milk", "tip-jar", "early-sugar"])
def test_each_worked_variant_checks(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES / f"{name}.cards")]) == 0
    assert "ok, 1 card" in capsys.readouterr().out


def diagnostics(body: str) -> list[tuple[str, int, int, str, str]]:
    text = f'game elevenes\ncard 3 "X" value 1 {{\n{body}\n}}\n'
    return [(d.code, d.line, d.column, d.message, d.hint)
            for d in check_tree(parse_text(text, "x.cards"))]


def test_an_unknown_grant_names_the_grants_or_the_closest() -> None:
    assert diagnostics("  grant sea in kitchen(me) while face_up(self)") == [
        ("E116", 3, 3, "unknown grant `sea`", "did you mean `see`?")]
    assert diagnostics("  grant discount in kitchen(me) while face_up(self)") == [
        ("E116", 3, 3, "unknown grant `discount`", "the grants of elevenes are `see` or `play`")]


def test_a_verb_is_no_grant_and_the_hint_says_where_verbs_go() -> None:
    [(code, _, _, message, hint)] = diagnostics("  grant take in kitchen(left) while face_up(self)")
    assert (code, message) == ("E116", "unknown grant `take`")
    assert hint.startswith("`take` is a verb: a card does it in a handler")
    assert hint.endswith("a grant is a lasting permission: `see` or `play`")


def test_a_grant_in_a_zone_it_never_looks_at_allows_nothing() -> None:
    assert diagnostics("  grant play in spread(me) while face_up(self)") == [
        ("E123", 3, 17, "`grant play` allows nothing in `spread`",
         "`play` looks at cards in `kitchen`")]


def test_a_neighbour_owns_zones_and_receives_but_never_chooses() -> None:
    assert diagnostics("  on play { choose 1 in kitchen(left) -> take; "
                       "choose 1 in kitchen(me) -> give to right; give_cube 1 to left }") == []
    [(code, _, _, message, _)] = diagnostics(
        "  on play { choose 1 in kitchen(left) by left -> take }")
    assert (code, message) == ("E108", "`left` cannot be the one who chooses")
    [(code, _, _, message, _)] = diagnostics("  on play { choose player as right }")
    assert (code, message) == ("E117", "`right` is already a name here")


def test_cube_verbs_want_a_number_and_a_player() -> None:
    [(code, _, _, message, hint)] = diagnostics("  on play { give_cube 1 left }")
    assert code == "E107" and hint == "usage: give_cube int to player"
    assert [d[0] for d in diagnostics("  on play { steal_cube me from left }")] == ["E107"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_left_and_right_are_the_next_and_the_previous_seat(players: int) -> None:
    from elevenes.dsl.runtime import Frame
    from elevenes.games.elevenes.primitives import PRIMITIVES

    state = elevenes.load_game("elevenes", {"players": players}).new_initial_state()
    for owner in range(players):
        frame = Frame(0, "play", owner)
        assert PRIMITIVES.player_left(state, frame) == (owner + 1) % players
        assert PRIMITIVES.player_right(state, frame) == (owner - 1) % players
    if players == 2:  # the same player: the other one
        frame = Frame(0, "play", 0)
        assert PRIMITIVES.player_left(state, frame) == PRIMITIVES.player_right(state, frame) == 1
