"""What a syntax error says: the words a writer types, never the grammar's own names for them
(MINUS, `plus`, `__anon_0`), the place of a number missing from a computed one, and the forms
of a number read in play, the same after `value` as in a verb's arguments."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import elevenes
from elevenes.dsl import ast
from elevenes.dsl.diagnostics import CardFileError
from elevenes.dsl.load import check_file
from elevenes.dsl.parser import _parser, parse_text

ROOT = Path(__file__).resolve().parents[2]
VALID = [
    ROOT / "rulebook" / "elevenes-for-one" / "cards.cards",
    ROOT / "rulebook" / "elevenes" / "cards.cards",
    *sorted((ROOT / "docs" / "examples").glob("*.cards")),
    *sorted((ROOT / "tests" / "dsl" / "scenarios").glob("*.cards")),
]


def _internal_names() -> list[str]:
    """Every name the grammar gives a terminal that is not the text a writer types."""
    names = []
    for terminal in _parser().terminals:
        typed = terminal.pattern.value if terminal.pattern.type == "str" else None
        if typed != terminal.name.lower():
            names.extend([terminal.name, terminal.name.lower()])
    return names


def _broken_variants(text: str) -> list[str]:
    """The text with one of its words or signs left out, and cut after each of them: a
    broken file for nearly every state the parser can be in."""
    spans = [m.span() for m in re.finditer(r"[A-Za-z_][A-Za-z0-9_.\-]*|[0-9]+|->|\S", text)]
    found = []
    for start, end in spans:
        found.append(text[:start] + text[end:])
        found.append(text[:end])
    return found


def _messages(text: str) -> list[str]:
    try:
        parse_text(text, "broken.cards")
    except CardFileError as error:
        return [f"{d.message} {d.hint}" for d in error.diagnostics]
    return []


def test_no_syntax_error_names_a_terminal_of_the_grammar() -> None:
    internal = _internal_names()
    assert "MINUS" in internal and "minus" in internal and "__ANON_0" in internal
    # the upper-case name as a word, the lower-case one as a quoted word (`minus`): plain
    # words such as "a name" are the hints' own
    pattern = re.compile("|".join(
        rf"(?<![\w.]){re.escape(n)}(?![\w.])" if n.isupper() or n.startswith("_")
        else rf"`{re.escape(n)}`" for n in internal))
    seen = bad = 0
    for path in VALID:
        for text in _broken_variants(path.read_text(encoding="utf-8")):
            for message in _messages(text):
                seen += 1
                # a word of the file itself may be quoted as it was written: `EFO.CARD.TEA`
                shown = re.sub(r"^unexpected `[^`]*`", "", message)
                if pattern.search(shown):
                    bad += 1
                    assert pattern.search(shown) is None, (message, text[-80:])
    assert seen > 2_000 and bad == 0


def test_a_hint_shows_signs_as_they_are_typed() -> None:
    text = 'game elevenes-for-one\ncard 9 "X" value 1 {\n on use { if 1 2 { nothing } }\n}\n'
    with pytest.raises(CardFileError) as caught:
        parse_text(text, "f.cards")
    assert caught.value.diagnostics[0].hint == "expected `*`, `+`, `-`, a comparison"
    text = 'game elevenes-for-one\ncard 9 "X" value 1 {\n on use { choose 1 in pantry }\n}\n'
    with pytest.raises(CardFileError) as caught:
        parse_text(text, "f.cards")
    assert "`->`" in caught.value.diagnostics[0].hint


@pytest.mark.parametrize(("text", "line", "column", "operator"), [
    ('game elevenes\ncard 3 "X" value 1 + rule ELV.CARD.MILK { }\n', 2, 21, "+"),
    ('game elevenes\ncard 3 "X" value 2 * count(in kitchen(me)) -\n{ }\n', 2, 45, "-"),
    ('game elevenes\ncard 3 "X" value 1 +', 2, 21, "+"),
    ('game elevenes-for-one\ncard 4 "X" {\n on use { cost (count(in discard) +   ) }\n}\n',
     3, 36, "+"),
])
def test_a_computed_number_cut_short_is_placed_where_the_number_is_missing(
    text: str, line: int, column: int, operator: str,
) -> None:
    with pytest.raises(CardFileError) as caught:
        parse_text(text, "f.cards")
    found = caught.value.diagnostics[0]
    assert (found.code, found.line, found.column) == ("E100", line, column)
    assert found.message == f"a number is missing after `{operator}`"
    assert found.hint == "expected `(`, `count`, `max`, `min`, a name, a number"


def _value(text: str) -> ast.Expr:
    card = parse_text(f'game elevenes\ncard 3 "X" value {text} {{ }}\n').cards[0]
    if card.value_expr is not None:
        return card.value_expr
    assert card.value is not None
    return ast.IntExpr(card.value, card.pos)


def _cost(text: str) -> ast.Arg:
    card = parse_text(f'game elevenes-for-one\ncard 4 "X" {{\n on use {{ cost {text} }}\n}}\n'
                      ).cards[0]
    call = card.handlers[0].body[0]
    assert isinstance(call, ast.Call)
    return call.args[0]


def _shape(expr: ast.Expr | None) -> str:
    """An expression without its places in the file."""
    return re.sub(r"pos=Pos\([^)]*\)", "", repr(expr))


@pytest.mark.parametrize("written", [
    "2", "count(in discard)", "min(count(in discard), 2)", "max(1, count(in pantry))",
    "(count(in discard) - 1)", "(2 * count(in pantry))", "(1 + 2)",
])
def test_value_and_cost_take_the_same_forms(written: str) -> None:
    """Each form parses after `value` and after `cost`, and means there what the same number
    in parentheses means."""
    zone = written.replace("discard", "kitchen(me)").replace("pantry", "spread(me)")
    assert _shape(_value(zone)) == _shape(_value(f"({zone})"))
    bare, parenthesised = _cost(written), _cost(f"({written})")
    assert parenthesised.kind == "expr"
    if bare.kind == "int":
        assert parenthesised.expr == ast.IntExpr(int(bare.value), parenthesised.expr.pos)
    else:
        assert bare.kind == "expr"
        assert _shape(bare.expr) == _shape(parenthesised.expr)


def test_a_value_without_parentheses_stays_valid() -> None:
    assert _shape(_value("1 + 2 * count(in kitchen(me))")) == _shape(
        _value("(1 + 2 * count(in kitchen(me)))"))


def test_a_cost_written_as_a_bare_count_plays_as_the_parenthesised_one(tmp_path: Path) -> None:
    for name, written in (("bare", "count(in discard)"), ("paren", "(count(in discard))")):
        path = tmp_path / f"{name}.cards"
        path.write_text(f'game elevenes-for-one\ncard 4 "Sugar" value 4 rule EFO.CARD.SUGAR {{\n'
                        f'  on use, score {{ cost {written} }}\n}}\n', encoding="utf-8")
        assert check_file(path)[1] == []
        game = elevenes.load_game("elevenes-for-one", {}, cards=str(path))
        state = game.state_from_json({
            "game": "elevenes-for-one", "phase": "turn", "minutes": 9, "trolley": [1],
            "pantry": [[4, "up"], [3, "up"], [5, "down"], [6, "down"], [7, "down"],
                       [8, "down"], [9, "down"], [10, "down"]],
            "discard": [2, 11], "cursor": 0})
        state.apply_action(state.string_to_action("use"))
        assert state.to_json()["minutes"] == 7  # two cards in the discard pile: two minutes
