"""Parse .cards text into the syntax tree (ast.py), with file:line:col syntax errors."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..paths import grammar_file
from . import ast
from .diagnostics import CardFileError, Diagnostic

_TOKEN_NAMES = {
    "_NL": "end of line",
    "SEMICOLON": "`;`",
    "LBRACE": "`{`",
    "RBRACE": "`}`",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "COMMA": "`,`",
    "NAME": "a name",
    "INT": "a number",
    "STRING": "a quoted name",
    "RULE_ID": "a rule id",
    "GAME_ID": "a game id",
    "COMPARE": "a comparison",
    "$END": "end of file",
}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(
        grammar_file().read_text(encoding="utf-8"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
    )


def _pos(meta: Any) -> ast.Pos:
    return ast.Pos(getattr(meta, "line", 1), getattr(meta, "column", 1))


def _tpos(token: Token) -> ast.Pos:
    return ast.Pos(token.line or 1, token.column or 1)


@v_args(meta=True)
class _Build(Transformer[Token, Any]):
    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    # -- top level
    def start(self, meta: Any, items: list[Any]) -> ast.CardFile:
        game: str | None = None
        game_pos: ast.Pos | None = None
        cards: list[ast.CardDef] = []
        guests: list[ast.GuestDef] = []
        for item in items:
            if isinstance(item, tuple) and item[0] == "header":
                game, game_pos = item[1], item[2]
            elif isinstance(item, ast.CardDef):
                cards.append(item)
            elif isinstance(item, ast.GuestDef):
                guests.append(item)
        return ast.CardFile(self.path, game, game_pos, tuple(cards), tuple(guests))

    def header(self, meta: Any, children: list[Token]) -> tuple[str, str, ast.Pos]:
        return ("header", str(children[0]), _tpos(children[0]))

    def card(self, meta: Any, children: list[Any]) -> ast.CardDef:
        number, name, *rest = children
        value: int | None = None
        rule: str | None = None
        rule_pos: ast.Pos | None = None
        traits: list[tuple[str, ast.Pos]] = []
        requires: list[ast.Cond] = []
        grants: list[ast.Grant] = []
        handlers: list[ast.Handler] = []
        value_expr: ast.Expr | None = None
        for part in rest:
            kind = part[0] if isinstance(part, tuple) else None
            if kind == "value":
                if isinstance(part[1], ast.IntExpr):
                    value = part[1].value
                else:
                    value_expr = part[1]
            elif kind == "rule":
                rule, rule_pos = part[1], part[2]
            elif kind == "traits":
                traits.extend(part[1])
            elif kind == "requires":
                requires.append(part[1])
            elif isinstance(part, ast.Grant):
                grants.append(part)
            elif isinstance(part, ast.Handler):
                handlers.append(part)
        return ast.CardDef(
            int(number),
            str(name)[1:-1],
            value,
            rule,
            tuple(traits),
            tuple(requires),
            tuple(grants),
            tuple(handlers),
            _tpos(number),
            rule_pos,
            value_expr,
        )

    def guest(self, meta: Any, children: list[Any]) -> ast.GuestDef:
        number, name, a, b, c, *attrs_ = children
        body: list[Any] = next((part[1] for part in attrs_ if part[0] == "body"), [])
        found = next((part for part in attrs_ if part[0] == "rule"), None)
        handlers = tuple(part for part in body if isinstance(part, ast.Handler))
        others: list[tuple[str, ast.Pos]] = []
        for part in body:
            if isinstance(part, ast.Grant):
                others.append(("grant", part.pos))
            elif isinstance(part, tuple) and part[0] == "traits":
                others.extend(("trait", pos) for _, pos in part[1])
            elif isinstance(part, tuple) and part[0] == "requires":
                others.append(("requires", part[1].pos))
        return ast.GuestDef(
            int(number), str(name)[1:-1], (int(a), int(b), int(c)),
            found[1] if found else None, _tpos(number), found[2] if found else None,
            handlers, tuple(others),
        )

    def guest_body(self, meta: Any, children: list[Any]) -> tuple[str, list[Any]]:
        return ("body", list(children))

    def value(self, meta: Any, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("value", children[0])

    def rule(self, meta: Any, children: list[Token]) -> tuple[str, str, ast.Pos]:
        return ("rule", str(children[0]), _tpos(children[0]))

    def traits(self, meta: Any, children: list[Token]) -> tuple[str, list[tuple[str, ast.Pos]]]:
        return ("traits", [(str(t), _tpos(t)) for t in children])

    def requires(self, meta: Any, children: list[Any]) -> tuple[str, ast.Cond]:
        return ("requires", children[0])

    def grant(self, meta: Any, children: list[Any]) -> ast.Grant:
        return ast.Grant(str(children[0]), children[1], children[2], _pos(meta))

    def handler(self, meta: Any, children: list[Any]) -> ast.Handler:
        events: list[Token] = children[0]
        return ast.Handler(
            tuple(str(e) for e in events),
            tuple(children[1]),
            _pos(meta),
            tuple(_tpos(e) for e in events),
        )

    def event_list(self, meta: Any, children: list[Token]) -> list[Token]:
        return list(children)

    def block(self, meta: Any, children: list[Any]) -> list[Any]:
        return list(children)

    # -- statements
    def if_stmt(self, meta: Any, children: list[Any]) -> ast.If:
        cond, then, *rest = children
        return ast.If(cond, tuple(then), tuple(rest[0]) if rest else (), _pos(meta))

    def may_stmt(self, meta: Any, children: list[Any]) -> ast.May:
        by = children[0] if len(children) == 2 else None
        return ast.May(by, tuple(children[-1]), _pos(meta))

    def repeat_stmt(self, meta: Any, children: list[Any]) -> ast.Repeat:
        return ast.Repeat(int(children[0]), tuple(children[1]), _pos(meta))

    def by(self, meta: Any, children: list[Token]) -> str:
        return str(children[0])

    def choose_cards(self, meta: Any, children: list[Any]) -> ast.ChooseCards:
        quantity, chosen_set, *rest = children
        by = rest[0] if len(rest) == 2 else None
        end = rest[-1]
        apply = end[1] if end[0] == "apply" else None
        bind = end[1] if end[0] == "bind" else None
        return ast.ChooseCards(quantity, chosen_set, by, apply, bind, _pos(meta))

    def choose_player(self, meta: Any, children: list[Any]) -> ast.ChoosePlayer:
        except_me = any(c == "except_me" for c in children)
        names = [c for c in children if isinstance(c, str) and c != "except_me"]
        by = names[0] if len(names) == 2 else None
        where = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "where"), None)
        return ast.ChoosePlayer(except_me, by, names[-1], _pos(meta), where)

    def where(self, meta: Any, children: list[Any]) -> tuple[str, ast.Cond]:
        return ("where", children[0])

    def each_player(self, meta: Any, children: list[Any]) -> ast.EachPlayer:
        except_me = any(c == "except_me" for c in children)
        name = next(c for c in children if isinstance(c, Token))
        return ast.EachPlayer(except_me, str(name), tuple(children[-1]), _pos(meta))

    def except_me(self, meta: Any, children: list[Any]) -> str:
        return "except_me"

    def apply_to(self, meta: Any, children: list[Any]) -> tuple[str, ast.Call]:
        return ("apply", children[0])

    def bind(self, meta: Any, children: list[Token]) -> tuple[str, str]:
        return ("bind", str(children[0]))

    def up_to(self, meta: Any, children: list[Token]) -> ast.Quantity:
        return ast.Quantity(int(children[0]), "up_to")

    def exactly(self, meta: Any, children: list[Token]) -> ast.Quantity:
        return ast.Quantity(int(children[0]), "exactly")

    def at_random(self, meta: Any, children: list[Token]) -> ast.Quantity:
        return ast.Quantity(int(children[0]), "random")

    def nothing(self, meta: Any, children: list[Any]) -> ast.Nothing:
        return ast.Nothing(_pos(meta))

    def call(self, meta: Any, children: list[Any]) -> ast.Call:
        verb = children[0]
        return ast.Call(str(verb), tuple(children[1:]), _tpos(verb))

    def arg_int(self, meta: Any, children: list[Token]) -> ast.Arg:
        return ast.Arg("int", int(children[0]), None, _tpos(children[0]))

    def arg_negative(self, meta: Any, children: list[Token]) -> ast.Arg:
        """``-N``: a number below zero (for a verb whose argument is ``signed``); placed at
        the minus sign."""
        at = _tpos(children[0])
        return ast.Arg("int", -int(children[0]), None, ast.Pos(at.line, max(1, at.column - 1)))

    def arg_expr(self, meta: Any, children: list[Any]) -> ast.Arg:
        """``(EXPR)``: a number read when the verb runs (its place: the opening parenthesis)."""
        return ast.Arg("expr", "", None, _pos(meta), expr=children[0])

    def arg_position(self, meta: Any, children: list[Any]) -> ast.Arg:
        where: ast.Position = children[0]
        return ast.Arg("position", "", None, where.pos, where)

    def _relative(self, kind: str, meta: Any, children: list[Token]) -> ast.Position:
        count = int(children[0]) if len(children) == 2 else 1
        return ast.Position(kind, count, str(children[-1]), _pos(meta))

    def after(self, meta: Any, children: list[Token]) -> ast.Position:
        return self._relative("after", meta, children)

    def before(self, meta: Any, children: list[Token]) -> ast.Position:
        return self._relative("before", meta, children)

    def ahead(self, meta: Any, children: list[Token]) -> ast.Position:
        count = int(children[0]) if len(children) == 2 else 1
        return ast.Position("ahead", count, "", _pos(meta))

    def row(self, meta: Any, children: list[Token]) -> ast.Position:
        return ast.Position("row", int(children[0]), str(children[1]), _pos(meta))

    def test_position(self, meta: Any, children: list[Any]) -> ast.Test:
        return ast.Test(str(children[0]), "", _pos(meta), children[1])

    def arg_name(self, meta: Any, children: list[Token]) -> ast.Arg:
        return ast.Arg("name", str(children[0]), None, _tpos(children[0]))

    def arg_zone(self, meta: Any, children: list[Token]) -> ast.Arg:
        return ast.Arg("zone", str(children[0]), str(children[1]), _tpos(children[0]))

    # -- sets
    def set(self, meta: Any, children: list[Any]) -> ast.SetExpr:
        filters = [c for c in children if isinstance(c, tuple) and c[0] == "filter"]
        exceptions = [c for c in children if isinstance(c, tuple) and c[0] == "except"]
        zone = next(c for c in children if isinstance(c, ast.ZoneRef))
        return ast.SetExpr(
            tuple(c[1] for c in filters),
            zone,
            tuple(c[1] for c in exceptions),
            _pos(meta),
            tuple(c[2] for c in (*filters, *exceptions)),
        )

    def filter_name(self, meta: Any, children: list[Token]) -> tuple[str, str, ast.Pos]:
        return ("filter", str(children[0]), _tpos(children[0]))

    def filter_ahead(self, meta: Any, children: list[Token]) -> tuple[str, str, ast.Pos]:
        return ("filter", ast.AHEAD, _tpos(children[0]))

    def filter_card(self, meta: Any, children: list[Token]) -> tuple[str, int, ast.Pos]:
        return ("filter", int(children[0]), _tpos(children[0]))

    def except_name(self, meta: Any, children: list[Token]) -> tuple[str, str, ast.Pos]:
        return ("except", str(children[0]), _tpos(children[0]))

    def except_card(self, meta: Any, children: list[Token]) -> tuple[str, int, ast.Pos]:
        return ("except", int(children[0]), _tpos(children[0]))

    def owned_zone(self, meta: Any, children: list[Token]) -> ast.ZoneRef:
        return ast.ZoneRef(str(children[0]), str(children[1]), _tpos(children[0]))

    def plain_zone(self, meta: Any, children: list[Token]) -> ast.ZoneRef:
        return ast.ZoneRef(str(children[0]), None, _tpos(children[0]))

    # -- conditions
    def or_cond(self, meta: Any, children: list[Any]) -> ast.Cond:
        return children[0] if len(children) == 1 else ast.Or(tuple(children), _pos(meta))

    def and_cond(self, meta: Any, children: list[Any]) -> ast.Cond:
        return children[0] if len(children) == 1 else ast.And(tuple(children), _pos(meta))

    def not_cond(self, meta: Any, children: list[Any]) -> ast.Not:
        return ast.Not(children[0], _pos(meta))

    def compare(self, meta: Any, children: list[Any]) -> ast.Compare:
        return ast.Compare(children[0], str(children[1]), children[2], _pos(meta))

    def any_cond(self, meta: Any, children: list[Any]) -> ast.AnyCond:
        return ast.AnyCond(children[0], _pos(meta))

    def is_card(self, meta: Any, children: list[Token]) -> ast.IsCard:
        return ast.IsCard(str(children[0]), int(children[1]), _pos(meta))

    def test(self, meta: Any, children: list[Token]) -> ast.Test:
        return ast.Test(str(children[0]), str(children[1]), _pos(meta))

    def int_expr(self, meta: Any, children: list[Token]) -> ast.IntExpr:
        return ast.IntExpr(int(children[0]), _pos(meta))

    def count_expr(self, meta: Any, children: list[Any]) -> ast.CountExpr:
        return ast.CountExpr(children[0], _pos(meta))

    def _binary(self, op: str, meta: Any, children: list[Any]) -> ast.BinExpr:
        return ast.BinExpr(op, children[0], children[1], _pos(meta))

    def add_expr(self, meta: Any, children: list[Any]) -> ast.BinExpr:
        return self._binary("+", meta, children)

    def sub_expr(self, meta: Any, children: list[Any]) -> ast.BinExpr:
        return self._binary("-", meta, children)

    def mul_expr(self, meta: Any, children: list[Any]) -> ast.BinExpr:
        return self._binary("*", meta, children)

    def min_expr(self, meta: Any, children: list[Any]) -> ast.BinExpr:
        return self._binary("min", meta, children)

    def max_expr(self, meta: Any, children: list[Any]) -> ast.BinExpr:
        return self._binary("max", meta, children)

    def name_expr(self, meta: Any, children: list[Token]) -> ast.NameExpr:
        return ast.NameExpr(str(children[0]), _pos(meta))


MAX_DEPTH = 100
"""The deepest syntax tree a file may have (about 45 nested blocks or parentheses): deeper
files are refused with E100 instead of exhausting Python's recursion limit."""

MAX_DIGITS = 9
"""The longest number a file may write (so at most 999999999)."""


def _limits(tree: Tree[Token], path: str) -> None:
    """Refuse, with E100 at the place it happens, a tree nested too deeply or a number too
    long.  Iterative, so that it works on any input."""
    found: list[Diagnostic] = []

    def too_much(pos: ast.Pos, message: str, hint: str) -> None:
        found.append(Diagnostic(path, pos.line, pos.column, "E100", message, hint))

    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            too_much(
                _pos(node.meta) if not node.meta.empty else ast.Pos(1, 1),
                "nested too deeply",
                f"a file may nest blocks, conditions and parentheses at most {MAX_DEPTH} "
                "levels of its syntax tree deep; split the effect up",
            )
            continue
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))
            elif isinstance(child, Token) and child.type == "INT" and len(child) > MAX_DIGITS:
                too_much(_tpos(child), "number too large",
                         f"numbers have at most {MAX_DIGITS} digits")
    if found:
        raise CardFileError(sorted(found, key=lambda d: (d.line, d.column)))


def _end(text: str) -> tuple[int, int]:
    """The line and column just after the last character of ``text``."""
    return text.count("\n") + 1, len(text) - text.rfind("\n")


@lru_cache(maxsize=1)
def _written() -> dict[str, str]:
    """Every terminal of the grammar as a writer types it: a keyword or a sign as itself
    (MINUS is `-`, the anonymous one `->`), the others by what they stand for
    (_TOKEN_NAMES).  No message names a terminal of the grammar itself."""
    names = dict(_TOKEN_NAMES)
    for terminal in _parser().terminals:
        if terminal.name not in names and terminal.pattern.type == "str":
            names[terminal.name] = f"`{terminal.pattern.value}`"
    return names


def _describe(expected: set[str]) -> str:
    written = _written()
    names = sorted({written.get(e, "a word of the language") for e in expected})
    return ", ".join(names[:8]) + (" ..." if len(names) > 8 else "")


_OPERATORS = "+-*"
_OPERANDS = {"INT", "NAME", "COUNT", "MIN", "MAX", "LPAR"}


def _after_operator(text: str, offset: int, expected: set[str]) -> tuple[int, int, str] | None:
    """For a computed number cut short (``value 1 +`` followed by the rule id, the end of the
    line or of the file): the line and column just after the operator, where the missing
    operand belongs, and the operator; None when the text before ``offset`` ends otherwise."""
    before = text[:offset].rstrip()
    # `value 1 + rule X`: the parser took the keyword after the operator for a value's name
    # and stops at the rule id; the number is missing before the keyword all the same
    word = re.search(r"(?:^|\s)(rule|value)$", before)
    if word is not None and "RULE_ID" not in expected:
        before = before[:word.start(1)].rstrip()
    elif not expected or not expected <= _OPERANDS:
        return None
    if not before or before[-1] not in _OPERATORS:
        return None
    line, column = _end(before)
    return line, column, before[-1]


def parse_text(text: str, path: str = "<text>") -> ast.CardFile:
    """Parse .cards text; raise CardFileError (E100) on a syntax error."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        line, column = exc.line, exc.column
        if isinstance(exc, UnexpectedCharacters):
            message = f"unexpected character {text[exc.pos_in_stream or 0]!r}"
            hint = ""
        elif isinstance(exc, UnexpectedEOF):
            message = "unexpected end of file"
            hint = f"expected {_describe(set(exc.expected))}"
            line, column = _end(text)
        elif isinstance(exc, UnexpectedToken):
            token = exc.token
            shown = {"_NL": "end of line", "$END": "end of file"}.get(token.type, f"`{token}`")
            message = f"unexpected {shown}"
            # ``accepts`` (what the parser could take) is exact; ``expected`` may miss words
            accepts = set(exc.accepts or exc.expected)
            hint = f"expected {_describe(accepts)}"
            if token.type == "$END":
                line, column = _end(text)
            offset = len(text) if token.type == "$END" else token.start_pos or 0
            cut = _after_operator(text, offset, accepts)
            if cut is not None:  # the missing operand's place, not the word after it
                line, column, operator = cut
                message = f"a number is missing after `{operator}`"
                hint = f"expected {_describe(_OPERANDS)}"
        else:  # pragma: no cover - lark has no other kinds
            message, hint = str(exc), ""
        raise CardFileError(
            [Diagnostic(path, max(line, 1), max(column, 1), "E100", message, hint)]
        ) from None
    _limits(tree, path)
    result: ast.CardFile = _Build(path).transform(tree)
    return result


def parse_file(path: str | Path) -> ast.CardFile:
    """Read and parse a file; raise CardFileError (E121) if it cannot be read as UTF-8."""
    line = column = 1
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # a byte-order mark is no error
    except FileNotFoundError:
        problem, hint = "no such file", "check the path"
    except IsADirectoryError:
        problem, hint = "it is a directory", "name a .cards file"
    except UnicodeDecodeError as exc:
        data = exc.object
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - data.rfind(b"\n", 0, exc.start)
        problem = f"it is not UTF-8 text (byte {data[exc.start]:#04x})"
        hint = "save the file as UTF-8"
    except OSError as exc:
        problem, hint = exc.strerror or str(exc), ""
    else:
        return parse_text(text, str(path))
    raise CardFileError(
        [Diagnostic(str(path), line, column, "E121", f"cannot read the file: {problem}", hint)]
    )
