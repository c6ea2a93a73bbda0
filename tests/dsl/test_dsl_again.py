"""Which Elevenes verbs can act only once when done again at once (the vocabulary's `again`
flag): a `repeat up to N` of only such a verb on the same arguments is refused (E128), one of
a verb that can act again is not.  The lists are the rules' own, written out here: turning a
card face down twice, setting aside or passing what is already set aside or passed, picking
the same back, showing or revealing the same kitchen, ending a round, taking or giving a card
that has already moved: all act once.  Arranging, exchanging and moving cubes act again."""

from __future__ import annotations

import pytest

from elevenes.dsl.check import check_tree
from elevenes.dsl.parser import parse_text

ONCE = {
    "flip_down": "choose 1 face_up in spread(me) as c; repeat up to 2 { flip_down c }",
    "set_aside": "choose 1 in kitchen(me) as c; repeat up to 2 { set_aside c }",
    "pass_aside": "each player as q { choose 1 in kitchen(q) by q -> set_aside }; "
                  "repeat up to 2 { pass_aside left }",
    "pick_back": "choose 1 in backs(me) as c; repeat up to 2 { pick_back c }",
    "show": "repeat up to 2 { show kitchen(left) to me }",
    "show_card": "choose 1 in kitchen(me) as c; repeat up to 2 { show_card c to left }",
    "reveal": "repeat up to 2 { reveal kitchen(me) }",
    "end_round": "repeat up to 2 { end_round }",
    "take": "choose 1 in kitchen(left) as c; repeat up to 2 { take c }",
    "give": "choose 1 in kitchen(me) as c; repeat up to 2 { give c to left }",
}
AGAIN = {
    "arrange": "choose 1 in arrangements(me) as c; repeat up to 2 { arrange c }",
    "exchange": "choose 1 in kitchen(me) as c; choose 1 in kitchen(left) as d; "
                "repeat up to 2 { exchange c d }",
    "take_cube": "repeat up to 2 { take_cube 1 }",
    "lose_cube": "repeat up to 2 { lose_cube 1 }",
    "give_cube": "repeat up to 2 { give_cube 1 to left }",
    "steal_cube": "repeat up to 2 { steal_cube 1 from left }",
}


def codes(body: str) -> list[str]:
    text = f'game elevenes\ncard 3 "X" value 1 {{\n  on play {{ {body} }}\n}}\n'
    return [d.code for d in check_tree(parse_text(text, "x.cards"))]


def test_every_verb_of_elevenes_is_in_one_list() -> None:
    from elevenes.dsl.vocab import vocabulary_for

    assert set(ONCE) | set(AGAIN) == set(vocabulary_for("elevenes").verbs)


@pytest.mark.parametrize("verb", sorted(ONCE))
def test_a_repeat_of_a_verb_that_acts_once_is_refused(verb: str) -> None:
    assert codes(ONCE[verb]) == ["E128"]


@pytest.mark.parametrize("verb", sorted(AGAIN))
def test_a_repeat_of_a_verb_that_acts_again_is_accepted(verb: str) -> None:
    assert codes(AGAIN[verb]) == []
