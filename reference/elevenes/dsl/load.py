"""Load a game's card set: the shipped rulebook/<game>/*.cards files, then a user's file
that replaces or adds cards.  Every problem in any file is reported together."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..paths import rulebook_dir
from . import ast
from .check import check_tree
from .compile import CardSet, compile_cards
from .diagnostics import CardFileError, Diagnostic
from .parser import parse_file
from .vocab import vocabulary_for


def shipped_card_files(game: str) -> list[Path]:
    return sorted(rulebook_dir(game).glob("*.cards"))


def check_files(paths: list[Path | str], game: str | None = None) -> tuple[
    list[ast.CardFile], list[Diagnostic]
]:
    trees: list[ast.CardFile] = []
    problems: list[Diagnostic] = []
    for path in paths:
        try:
            tree = parse_file(path)
        except CardFileError as exc:
            problems.extend(exc.diagnostics)
            continue
        problems.extend(check_tree(tree, expected_game=game, known_rule=_known_rule()))
        trees.append(tree)
    return trees, problems


def _known_rule() -> Any:
    try:
        from ..rulebook.index import load_rulebook
    except ImportError:
        return None
    try:
        book = load_rulebook()
    except Exception:  # a broken rulebook is reported by its own checks, not here
        return None
    ids = set(book.ids())
    return lambda rule: rule in ids


def load_card_set(game: str, host: Any, user_file: str | Path | None = None) -> CardSet:
    paths: list[Path | str] = list(shipped_card_files(game))
    if user_file is not None:
        paths.append(user_file)
    trees, problems = check_files(paths, game)
    if problems:
        raise CardFileError(problems)
    return compile_cards(trees, vocabulary_for(game), host)
