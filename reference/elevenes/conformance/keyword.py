"""``-k EXPR``: choosing suite items by words of their scenario id and cited rule ids.

A word matches an item when it is part (case-insensitive) of the item's id or of one of the
rule ids it cites.  Words combine with ``and``, ``or``, ``not`` and parentheses, ``not``
binding tightest and ``or`` loosest, as in ``-k "ball and not perft"`` or
``-k "BWL.SCORE.PAD or BWL.FRAME.STRIKE"``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..core.errors import ElevenesError
from .model import Item

Predicate = Callable[[Item], bool]
_TOKEN = re.compile(r"\s*(\(|\)|[^\s()]+)")
_KEYWORDS = ("and", "or", "not")


class BadExpression(ElevenesError):
    """A ``-k`` expression that cannot be read."""


def item_words(item: Item) -> list[str]:
    """What a ``-k`` word is looked for in: the item id and its cited rule ids."""
    return [item.id.lower(), *(rule.lower() for rule in item.cited_rules())]


def _word(text: str) -> Predicate:
    needle = text.lower()
    return lambda item: any(needle in found for found in item_words(item))


def compile_expression(expression: str) -> Predicate:
    """The predicate ``expression`` stands for; ``BadExpression`` when it is malformed."""
    tokens = _TOKEN.findall(expression)
    if "".join(tokens) != re.sub(r"\s+", "", expression) or not tokens:
        raise BadExpression(f"-k {expression!r}: nothing to select by")
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        token = peek()
        if token is None:
            raise BadExpression(f"-k {expression!r}: unexpected end of the expression")
        position += 1
        return token

    def joined(word: str, part: Callable[[], Predicate],
               combine: Callable[[Iterable[bool]], bool]) -> Predicate:
        """``part (word part)*``: one predicate, or ``combine`` (any/all) of them."""
        parts = [part()]
        while peek() == word:
            take()
            parts.append(part())
        return parts[0] if len(parts) == 1 else (lambda item: combine(p(item) for p in parts))

    def either() -> Predicate:
        return joined("or", both, any)

    def both() -> Predicate:
        return joined("and", negation, all)

    def negation() -> Predicate:
        if peek() == "not":
            take()
            inner = negation()
            return lambda item: not inner(item)
        return atom()

    def atom() -> Predicate:
        token = take()
        if token == "(":
            inner = either()
            if peek() != ")":
                raise BadExpression(f"-k {expression!r}: a '(' is not closed")
            take()
            return inner
        if token == ")" or token in _KEYWORDS:
            raise BadExpression(f"-k {expression!r}: unexpected {token!r}")
        return _word(token)

    predicate = either()
    if peek() is not None:
        raise BadExpression(f"-k {expression!r}: unexpected {peek()!r}")
    return predicate
