"""The solvers' shortened key and cards that read the cards `ahead` of the pass.  Between two
cards of a pass the key may keep the cards left behind as a set, count a run of face-down
cards ahead as one blocker and drop the face-down cards after the last face-up one (the native
key stores neither where the pass is nor which face-down cards lie ahead).  A count, an
`any(...)` or a choice over `ahead` without `face_up` reads exactly that, so card_facts.py
keeps the whole row for it, naming the set at file:line:col; `face_up ahead` keeps the key."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from test_native import native_value, needs_compiler
from test_readings_solver import plain_value
from test_solver import position

from elevenes.games.elevenes_for_one import make_game
from elevenes.games.elevenes_for_one.card_facts import CardFacts
from elevenes.games.elevenes_for_one.solver import make_solver

AHEAD = str(Path(__file__).parent / "native" / "ahead.cards")
BISCUITS_A = str(Path(__file__).resolve().parents[2] / "rulebook" / "elevenes-for-one"
                 / "readings" / "BISCUITS-a.cards")

# (1) to (6) on the trolley, 3 minutes: the smallest endgame whose value the shortened key got
# wrong (112/15 for 913/120; with (7) on the trolley every value was right).  The plain search
# takes about half a minute, so it runs once for both solvers.
TOP, MINUTES = 6, 3


@cache
def plain() -> Fraction:
    return Fraction(plain_value(position(TOP, MINUTES, cards=AHEAD), "rating", {}))


def facts_of(tmp_path: Path, body: str) -> CardFacts:
    path = tmp_path / "variant.cards"
    path.write_text(f"game elevenes-for-one\n{body}", encoding="utf-8")
    return make_game(cards=str(path)).card_facts()


@pytest.mark.parametrize(("card", "where", "why"), [
    ('card 6 "C" { on use { if count(ahead in pantry) >= 3 { cost 3 } } }', "2:32",
     "counts the cards ahead"),
    ('card 6 "C" { on use { if any(face_down ahead in pantry) { cost 3 } } }', "2:40",
     "asks about the cards ahead"),
    ('card 6 "C" { on use { choose 1 ahead in pantry except self -> flip_down } }', "2:32",
     "chooses among the cards ahead"),
    ('card 6 "C" { on use { cost (count(scorable ahead in pantry) + 1) } }', "2:44",
     "counts the cards ahead"),
    ('card 6 "C" { on use { choose 1 in pantry as x\n'
     '  if x is 9 and count(ahead in pantry) > 1 { cost 2 } } }', "3:23",
     "counts the cards ahead"),
])
def test_a_set_ahead_that_may_hold_face_down_cards_keeps_the_whole_row(
        tmp_path: Path, card: str, where: str, why: str) -> None:
    facts = facts_of(tmp_path, card)
    assert not facts.row_as_set
    assert f"variant.cards:{where}: card 6 {why}" in facts.why_whole_row
    assert facts.score_cost is not None  # the bound does not depend on the row


def test_face_up_cards_ahead_keep_the_shortened_key(tmp_path: Path) -> None:
    """The key holds the face-up cards ahead in order: BISCUITS (a) swaps among them, and a
    count of them reads nothing the key drops."""
    assert make_game(cards=BISCUITS_A).card_facts().row_as_set
    facts = facts_of(tmp_path, 'card 6 "C" { on use {\n'
                     '  if count(face_up ahead in pantry) >= 2 { cost 2 } } }')
    assert facts.row_as_set, facts.why_whole_row


def test_the_variant_file_keeps_the_whole_row() -> None:
    facts = make_game(cards=AHEAD).card_facts()
    assert not facts.row_as_set
    assert "ahead.cards:10:14: card 6 counts the cards ahead" in facts.why_whole_row


def test_the_python_solver_agrees_with_the_plain_search() -> None:
    assert make_solver("rating").value(position(TOP, MINUTES, cards=AHEAD)) == plain()


@needs_compiler
def test_the_native_solver_agrees_with_the_plain_search() -> None:
    """Both of its ways of ranking cards, and without any reduction as a check of the
    comparison itself; the printed cards give another value, so the cards ahead matter."""
    for exact_ranks in (False, True):
        value = native_value(position(TOP, MINUTES, cards=AHEAD), "rating", exact_ranks)
        assert value == plain(), exact_ranks
    whole = position(TOP, MINUTES, cards=AHEAD)
    whole.game.without_reductions()
    assert native_value(whole, "rating") == plain()
    assert native_value(position(TOP, MINUTES), "rating") != plain()
