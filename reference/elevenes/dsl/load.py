"""Load a game's card set: the shipped rulebook/<game>/*.cards files, then a user's file
that replaces or adds cards.  Every problem in any file is reported together."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..paths import rulebook_dir
from . import ast
from .check import check_set, check_tree
from .compile import CardSet, compile_cards
from .diagnostics import INTERNAL, CardFileError, Diagnostic
from .parser import parse_file
from .vocab import VOCABULARIES, vocabulary_for


def shipped_card_files(game: str) -> list[Path]:
    return sorted(rulebook_dir(game).glob("*.cards"))


def internal_error(path: Path | str, exc: BaseException) -> Diagnostic:
    """The diagnostic for a failure of the checker itself: a bug of elevenes, not of the file."""
    return Diagnostic(
        str(path), 1, 1, INTERNAL,
        f"internal error of the checker: {type(exc).__name__}: {exc}",
        "this is a bug in elevenes, not in the file; please report it with the file",
    )


def check_file(
    path: Path | str, game: str | None = None, warnings: bool = False
) -> tuple[ast.CardFile | None, list[Diagnostic]]:
    """Parse and check one file: its tree (None if it cannot be parsed) and its problems
    (errors; warnings too, after them, if ``warnings``).  Never raises: an unexpected
    exception becomes an internal-error diagnostic."""
    try:
        tree = parse_file(path)
    except CardFileError as exc:
        return None, exc.diagnostics
    except Exception as exc:  # the fallback: never a traceback for a card file
        return None, [internal_error(path, exc)]
    try:
        found = check_tree(tree, expected_game=game, known_rule=_known_rule())
        if not found:
            found = _check_with_shipped(tree, path)
        if not warnings:
            found = [d for d in found if d.severity == "error"]
        return tree, found
    except Exception as exc:
        return tree, [internal_error(path, exc)]


def _check_with_shipped(tree: ast.CardFile, path: Path | str) -> list[Diagnostic]:
    """E127 for ``tree`` as the last file of its game's set: the shipped files, then it."""
    if tree.game not in VOCABULARIES:
        return []
    shipped = shipped_card_files(tree.game)
    if any(Path(path).resolve() == other.resolve() for other in shipped):
        shipped = [p for p in shipped if Path(path).resolve() != p.resolve()]
    trees: list[ast.CardFile] = []
    for other in shipped:
        try:
            trees.append(parse_file(other))
        except CardFileError:
            return []  # a broken shipped file is reported when it is checked itself
    return check_set([*trees, tree], vocabulary_for(tree.game))


def check_files(paths: list[Path | str], game: str | None = None) -> tuple[
    list[ast.CardFile], list[Diagnostic]
]:
    trees: list[ast.CardFile] = []
    problems: list[Diagnostic] = []
    for path in paths:
        tree, found = check_file(path, game)
        problems.extend(found)
        if tree is not None:
            trees.append(tree)
    return trees, problems


def _known_rule() -> frozenset[str] | None:
    """The rule ids of the shipped rulebook (None if it cannot be read)."""
    try:
        from ..rulebook.index import load_rulebook
    except ImportError:
        return None
    try:
        book = load_rulebook()
    except Exception:  # a broken rulebook is reported by its own checks, not here
        return None
    return frozenset(book.ids())


def load_card_set(game: str, host: Any, user_file: str | Path | None = None,
                  extra: Sequence[Path | str] = ()) -> CardSet:
    """The shipped files, then ``extra`` (the card files of the readings in force), then the
    user's file: a later file replaces or adds cards."""
    paths: list[Path | str] = list(shipped_card_files(game))
    if not paths:
        raise CardFileError([Diagnostic(
            str(rulebook_dir(game)), 1, 1, "E121",
            f"no .cards files for {game}: the installation is incomplete")])
    paths.extend(extra)
    if user_file is not None:
        paths.append(user_file)
    trees, problems = check_files(paths, game)
    if not problems:
        problems = [d for d in check_set(trees, vocabulary_for(game)) if d.severity == "error"]
    if problems:
        raise CardFileError(problems)
    try:
        return compile_cards(trees, vocabulary_for(game), host)
    except Exception as exc:  # a checked file that does not compile is a bug of elevenes
        raise CardFileError([internal_error(paths[-1], exc)]) from exc
