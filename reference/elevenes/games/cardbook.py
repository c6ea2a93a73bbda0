"""The cards of a game as a player meets them: their names and what they do.

A ``CardBook`` is made from a game's compiled card set, so a user's ``--cards`` file is
honoured everywhere a front end names a card (board, prompts, log): ``book.name(7)`` is the
name in force, ``book.effect(7)`` the effect in words.  The effect of a shipped card is the
text of its rule in the rulebook; a card from the user's file is shown as written there (its
``card ... { ... }`` block), since only that file says what it does.  ``book.find("sugar")``
turns what a player types at ``card WORD`` into a card number.
"""

from __future__ import annotations

import difflib
import textwrap
from pathlib import Path

from ..dsl.compile import CardSet
from ..paths import rulebook_dir


class CardBook:
    """Names and effect texts of the cards of one card set (``None``: a game without cards)."""

    def __init__(self, cards: CardSet | None, fallback: dict[int, str] | None = None) -> None:
        self.cards = cards
        self.names: dict[int, str] = dict(fallback or {})
        if cards is not None:
            self.names.update({n: card.name for n, card in cards.cards.items()})

    def name(self, number: int) -> str:
        return self.names.get(number, str(number))

    def label(self, number: int) -> str:
        """``(7) Biscuits``: how prompts and the log name a card."""
        return f"({number}) {self.name(number)}"

    def is_user_card(self, number: int) -> bool:
        """The card comes from a file outside the shipped rulebook (``--cards``)."""
        if self.cards is None or number not in self.cards.cards:
            return False
        path = Path(self.cards.cards[number].source.rsplit(":", 1)[0])
        try:
            path.resolve().relative_to(rulebook_dir().resolve())
        except ValueError:
            return True
        return False

    def effect(self, number: int, width: int = 92, indent: str = "") -> str:
        """What the card does, in words (or as the user's card file writes it), wrapped to
        ``width``, each line starting with ``indent``."""
        if self.cards is None or number not in self.cards.cards:
            return f"There is no card {number} in this game."
        card = self.cards.cards[number]
        if self.is_user_card(number):
            return (f"{indent}From your card file {card.source}:\n"
                    + textwrap.indent(_block_at(card.source), indent))
        from ..rulebook.cli import plain_text
        from ..rulebook.index import load_rulebook

        rulebook = load_rulebook()
        if card.rule in rulebook:
            rule = rulebook.get(card.rule)
            paragraphs = [p for p in rule.text.split("\n\n")
                          if not p.lstrip().startswith(("Source:", "Pinned by"))]
            return plain_text("\n\n".join(paragraphs), width, indent) + f"\n{indent}[{rule.id}]"
        return textwrap.indent(_block_at(card.source), indent)

    def find(self, word: str) -> tuple[int | None, list[str]]:
        """The card a player means by a number or (part of) a name, case-insensitive; else
        None and the closest names."""
        text = word.strip().strip("()").lower()
        if text.isdigit() and int(text) in self.names:
            return int(text), []
        exact = [n for n, name in self.names.items() if name.lower() == text]
        starts = [n for n, name in self.names.items() if name.lower().startswith(text)]
        inside = [n for n, name in self.names.items() if text and text in name.lower()]
        for found in (exact, starts, inside):
            if len(found) == 1:
                return found[0], []
        lowered = {name.lower(): name for name in self.names.values()}
        close = difflib.get_close_matches(text, list(lowered), n=3, cutoff=0.6)
        by_word = {word: name for low, name in lowered.items() for word in low.split()}
        close += [low for word in difflib.get_close_matches(text, list(by_word), n=3, cutoff=0.6)
                  for low in [by_word[word].lower()] if low not in close]
        return None, [lowered[c] for c in close]


def _block_at(source: str) -> str:
    """The ``card ... { ... }`` block starting at ``path:line`` of a card file."""
    path, _, line = source.rpartition(":")
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        start = int(line) - 1
    except (OSError, ValueError):
        return f"(cannot read {source})"
    block: list[str] = []
    depth = 0
    for text in lines[start:]:
        block.append(text)
        depth += text.count("{") - text.count("}")
        if depth <= 0 and "{" in "".join(block):
            break
    return "\n".join("  " + text for text in block)
