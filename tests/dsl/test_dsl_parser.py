"""The parser: valid text becomes the syntax tree of ast.py; bad text is E100, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elevenes.dsl import ast
from elevenes.dsl.check import check_tree
from elevenes.dsl.diagnostics import CardFileError
from elevenes.dsl.load import shipped_card_files
from elevenes.dsl.parser import MAX_DEPTH, parse_file, parse_text


def one_card(body: str, head: str = 'card 4 "Test"') -> ast.CardDef:
    tree = parse_text(f"game elevenes-for-one\n{head} {{\n{body}\n}}\n")
    assert len(tree.cards) == 1
    return tree.cards[0]


def handler_body(statements: str) -> tuple[ast.Stmt, ...]:
    card = one_card(f"on use {{\n{statements}\n}}")
    return card.handlers[0].body


def syntax_error(text: str) -> tuple[int, int, str, str]:
    with pytest.raises(CardFileError) as caught:
        parse_text(text, "x.cards")
    [diagnostic] = caught.value.diagnostics
    assert diagnostic.code == "E100"
    assert diagnostic.path == "x.cards"
    return diagnostic.line, diagnostic.column, diagnostic.message, diagnostic.hint


# -- the shipped file ---------------------------------------------------------------------------


def test_shipped_elevenes_for_one_cards() -> None:
    [path] = shipped_card_files("elevenes-for-one")
    tree = parse_file(path)
    assert tree.game == "elevenes-for-one"
    assert tree.game_pos == ast.Pos(7, 6)
    assert [c.number for c in tree.cards] == list(range(1, 12))
    assert [c.value for c in tree.cards] == list(range(1, 12))
    assert tree.cards[3].name == "Sugar"
    assert tree.cards[3].rule == "EFO.CARD.SUGAR"
    assert tree.cards[0].handlers == ()
    assert tree.cards[4].traits[0][0] == "undiscardable"
    servants = tree.cards[9]
    assert [h.events for h in servants.handlers] == [("use",), ("score",)]
    assert tree.guests == ()


def test_tea_becomes_one_choose_statement() -> None:
    [path] = shipped_card_files("elevenes-for-one")
    tea = parse_file(path).cards[1]
    [handler] = tea.handlers
    assert handler.events == ("use", "score")
    assert handler.event_pos == (ast.Pos(14, 6), ast.Pos(14, 11))
    [choose] = handler.body
    assert isinstance(choose, ast.ChooseCards)
    assert choose.quantity == ast.Quantity(1, "up_to")
    assert choose.set.filters == ("face_up",)
    assert choose.set.zone == ast.ZoneRef("pantry", None, ast.Pos(15, 25))
    assert choose.set.exceptions == ("self",)
    assert choose.set.item_pos == (ast.Pos(15, 14), ast.Pos(15, 39))
    assert choose.apply == ast.Call("flip_down", (), ast.Pos(15, 47))
    assert choose.bind is None and choose.by is None
    assert choose.pos == ast.Pos(15, 5)


def test_every_shipped_file_checks_clean() -> None:
    for path in shipped_card_files("elevenes-for-one"):
        assert check_tree(parse_file(path)) == []


# -- the file structure -------------------------------------------------------------------------


def test_a_card_opens_its_brace_on_its_own_line() -> None:
    text = 'card 4 "Sugar" value 4\n{ }'
    assert syntax_error(text) == (1, 23, "unexpected end of line", "expected `rule`, `value`, `{`")


def test_header_is_optional_and_comments_and_blank_lines_are_ignored() -> None:
    tree = parse_text('\n# a comment\n\ncard 4 "Sugar" value 4 { # trailing\n}\n\n', "f.cards")
    assert tree.game is None and tree.game_pos is None
    assert tree.path == "f.cards"
    assert tree.cards[0].value == 4


def test_card_attributes() -> None:
    card = one_card("", head='card 7 "Biscuits" value 2 rule EFO.CARD.BISCUITS')
    assert (card.number, card.name, card.value) == (7, "Biscuits", 2)
    assert card.rule == "EFO.CARD.BISCUITS"
    assert card.pos == ast.Pos(2, 6)
    bare = one_card("")
    assert (bare.value, bare.rule, bare.handlers) == (None, None, ())


def test_members_traits_requires_grants_handlers() -> None:
    card = one_card(
        "trait undiscardable, unflippable\n"
        "requires minutes > 2\n"
        "grant discount face_up in pantry while not any(in discard)\n"
        "on use { cost 2 }; on discard { nothing }"
    )
    assert [t for t, _ in card.traits] == ["undiscardable", "unflippable"]
    assert card.requires == (
        ast.Compare(
            ast.NameExpr("minutes", ast.Pos(4, 10)), ">", ast.IntExpr(2, ast.Pos(4, 20)),
            ast.Pos(4, 10),
        ),
    )
    [grant] = card.grants
    assert grant.name == "discount"
    assert grant.set.filters == ("face_up",)
    assert isinstance(grant.cond, ast.Not)
    assert isinstance(grant.cond.cond, ast.AnyCond)
    assert [h.events for h in card.handlers] == [("use",), ("discard",)]
    assert isinstance(card.handlers[1].body[0], ast.Nothing)


def test_semicolons_separate_statements_like_newlines() -> None:
    with_newlines = handler_body("cost 2\nflip_down next\n")
    with_semicolons = one_card("on use { cost 2; flip_down next }").handlers[0].body
    assert [type(s) for s in with_newlines] == [type(s) for s in with_semicolons] == [ast.Call] * 2
    assert [s.verb for s in with_semicolons if isinstance(s, ast.Call)] == ["cost", "flip_down"]


def test_crlf_line_endings_and_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "windows.cards"
    path.write_bytes(
        b'\xef\xbb\xbfgame elevenes-for-one\r\ncard 4 "Sugar" {\r\n  on use { cost 3 }\r\n}\r\n'
    )
    tree = parse_file(path)
    assert tree.game == "elevenes-for-one"
    assert tree.cards[0].handlers[0].body[0].pos == ast.Pos(3, 12)
    assert check_tree(tree) == []


def test_guest() -> None:
    tree = parse_text('game elevenes\nguest 3 "The Vicar" wants 2, 5, 9 rule ELV.GUEST.VICAR\n')
    [guest] = tree.guests
    assert (guest.number, guest.name, guest.wants, guest.rule) == (
        3, "The Vicar", (2, 5, 9), "ELV.GUEST.VICAR",
    )


# -- statements -----------------------------------------------------------------------------------


def test_choose_quantities() -> None:
    up_to, exactly, random = handler_body(
        "choose 2 in pantry -> flip_down\n"
        "choose exactly 2 in pantry -> swap\n"
        "choose 1 at random in discard as drawn"
    )
    assert isinstance(up_to, ast.ChooseCards) and up_to.quantity == ast.Quantity(2, "up_to")
    assert isinstance(exactly, ast.ChooseCards)
    assert exactly.quantity == ast.Quantity(2, "exactly")
    assert isinstance(random, ast.ChooseCards)
    assert random.quantity == ast.Quantity(1, "random")
    assert random.bind == "drawn" and random.apply is None


def test_choose_by_a_player_with_owned_zones() -> None:
    first, second = handler_body(
        "choose player except me as victim\n"
        "choose 1 face_up 3 in kitchen(victim) except self, 5 by victim -> discard_card"
    )
    assert first == ast.ChoosePlayer(True, None, "victim", ast.Pos(4, 1))
    assert isinstance(second, ast.ChooseCards)
    assert second.by == "victim"
    assert second.set.filters == ("face_up", 3)
    assert second.set.exceptions == ("self", 5)
    assert second.set.zone.owner == "victim"
    chooser = handler_body("choose player by me as p")[0]
    assert chooser == ast.ChoosePlayer(False, "me", "p", ast.Pos(4, 1))


def test_calls_and_their_arguments() -> None:
    [call] = handler_body("give victim 2 left kitchen(me)")
    assert isinstance(call, ast.Call)
    assert call.verb == "give"
    assert [(a.kind, a.value, a.owner) for a in call.args] == [
        ("name", "victim", None), ("int", 2, None), ("name", "left", None),
        ("zone", "kitchen", "me"),
    ]
    assert [a.pos.column for a in call.args] == [6, 13, 15, 20]


def test_if_else_may_repeat() -> None:
    if_stmt, may, repeat = handler_body(
        "if minutes >= 3 { cost 2 } else { cost 1; nothing }\n"
        "may by me { choose 1 in discard -> return_after_self }\n"
        "repeat up to 3 { flip_down next }"
    )
    assert isinstance(if_stmt, ast.If)
    assert len(if_stmt.then) == 1 and len(if_stmt.orelse) == 2
    assert isinstance(may, ast.May) and may.by == "me" and len(may.body) == 1
    assert isinstance(repeat, ast.Repeat) and repeat.count == 3
    [no_else] = handler_body("if minutes > 1 { cost 2 }")
    assert isinstance(no_else, ast.If) and no_else.orelse == ()


def test_empty_blocks_parse_and_are_left_to_the_checker() -> None:
    [may] = handler_body("may { }")
    assert isinstance(may, ast.May) and may.body == ()


# -- conditions and expressions --------------------------------------------------------------------


def condition(text: str) -> ast.Cond:
    [stmt] = handler_body(f"if {text} {{ nothing }}")
    assert isinstance(stmt, ast.If)
    return stmt.cond


def test_and_binds_tighter_than_or_and_not_tightest() -> None:
    cond = condition("not face_up(next) and minutes > 1 or first is 3")
    assert isinstance(cond, ast.Or)
    left, right = cond.parts
    assert isinstance(left, ast.And)
    assert isinstance(left.parts[0], ast.Not)
    assert isinstance(left.parts[0].cond, ast.Test)
    assert right == ast.IsCard("first", 3, right.pos)


def test_parentheses_group() -> None:
    cond = condition("not (face_up(next) or minutes > 1)")
    assert isinstance(cond, ast.Not)
    assert isinstance(cond.cond, ast.Or)


@pytest.mark.parametrize("op", [">=", "<=", "==", "!=", ">", "<"])
def test_comparisons(op: str) -> None:
    cond = condition(f"count(face_up in pantry except self) {op} 2")
    assert isinstance(cond, ast.Compare)
    assert cond.op == op
    assert isinstance(cond.left, ast.CountExpr)
    assert cond.left.set.exceptions == ("self",)
    assert cond.right == ast.IntExpr(2, cond.right.pos)


def test_any_and_tests() -> None:
    cond = condition("any(11 in discard) and face_down(self)")
    assert isinstance(cond, ast.And)
    any_cond, test = cond.parts
    assert isinstance(any_cond, ast.AnyCond) and any_cond.set.filters == (11,)
    assert test == ast.Test("face_down", "self", test.pos)


# -- syntax errors ---------------------------------------------------------------------------------


def test_unexpected_word_shows_what_was_expected() -> None:
    line, column, message, hint = syntax_error(
        'game elevenes-for-one\ncard 4 "Sugar" {\n  on use { choose in pantry -> swap }\n}\n'
    )
    assert (line, column, message) == (3, 19, "unexpected `in`")
    assert hint == "expected `exactly`, `player`, a number"


def test_unexpected_end_of_line() -> None:
    line, column, message, _ = syntax_error(
        'game elevenes-for-one\ncard 4 "Sugar" {\n  on use { choose 1 face_up in\n pantry }\n}\n'
    )
    assert (line, column, message) == (3, 31, "unexpected end of line")


def test_unexpected_end_of_file_is_placed_at_the_end() -> None:
    assert syntax_error('game elevenes-for-one\ncard 4 "Sugar" {')[:3] == (
        2, 17, "unexpected end of file",
    )


def test_unexpected_character() -> None:
    assert syntax_error('card 4 "Sugar" { on use { cost 2 } } @')[:3] == (
        1, 38, "unexpected character '@'",
    )


def test_unterminated_name() -> None:
    assert syntax_error('card 4 "Sugar\n{}')[:3] == (1, 8, "unexpected character '\"'")


def test_numbers_have_at_most_nine_digits() -> None:
    assert parse_text('card 999999999 "Big" {}').cards[0].number == 999_999_999
    text = 'card 1 "A" {}\ncard 1000000000 "Too big" {}\ncard 5' + "9" * 5000 + ' "Huge" {}'
    with pytest.raises(CardFileError) as caught:
        parse_text(text)
    assert [(d.code, d.line, d.column, d.message) for d in caught.value.diagnostics] == [
        ("E100", 2, 6, "number too large"),
        ("E100", 3, 6, "number too large"),
    ]


def nested_mays(depth: int) -> str:
    return (
        'game elevenes-for-one\ncard 10 "Deep" {\n on use '
        + "{ may " * depth + "{ cost 0 }" + " }" * depth + "\n}\n"
    )


def test_deep_nesting_within_the_limit_parses_and_checks() -> None:
    tree = parse_text(nested_mays(MAX_DEPTH // 2 - 5))
    assert check_tree(tree) == []


@pytest.mark.parametrize(
    "text",
    [
        nested_mays(MAX_DEPTH),
        nested_mays(5000),
        "card 4 \"X\" { requires " + "(" * 3000 + "minutes > 1" + ")" * 3000 + " }",
        "card 4 \"X\" { requires " + "not " * 3000 + "minutes > 1 }",
    ],
    ids=["mays-at-limit", "mays-5000", "parentheses-3000", "nots-3000"],
)
def test_too_deep_nesting_is_a_syntax_error_not_a_crash(text: str) -> None:
    _, _, message, hint = syntax_error(text)
    assert message == "nested too deeply"
    assert str(MAX_DEPTH) in hint


# -- no input crashes the parser or the checker ----------------------------------------------------

WORDS = [
    "game", "elevenes-for-one", "card", "guest", "wants", "value", "rule", "EFO.CARD.TEA",
    "trait", "requires", "grant", "while", "on", "if", "else", "may", "repeat", "up", "to",
    "choose", "exactly", "at", "random", "player", "except", "me", "by", "as", "in", "not",
    "and", "or", "any", "count", "is", "nothing", "use", "score", "pantry", "discard",
    "face_up", "self", "next", "swap", "flip_down", "cost", "minutes", "x", "0", "2", "11",
    "12", '"Tea"', "{", "}", "(", ")", ",", ";", "->", ">=", "==", "<", "\n", "#", "!", "\x00",
]


def parse_and_check(text: str) -> None:
    try:
        tree = parse_text(text)
    except CardFileError as error:
        assert all(d.code == "E100" for d in error.diagnostics)
        return
    for diagnostic in check_tree(tree, expected_game="elevenes-for-one"):
        assert diagnostic.code.startswith("E1")


@settings(max_examples=300)
@given(st.lists(st.sampled_from(WORDS), max_size=60).map(" ".join))
def test_any_sequence_of_words_parses_or_gives_diagnostics(text: str) -> None:
    parse_and_check(text)


@settings(max_examples=100)
@given(st.text(max_size=200))
def test_any_text_parses_or_gives_diagnostics(text: str) -> None:
    parse_and_check(text)


@settings(max_examples=100)
@given(st.lists(st.sampled_from(WORDS[:-3]), max_size=40).map(" ".join))
def test_any_words_in_a_handler_parse_or_give_diagnostics(words: str) -> None:
    parse_and_check(f'game elevenes-for-one\ncard 4 "Sugar" {{\n on use {{ {words} }}\n}}\n')
