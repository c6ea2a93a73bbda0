"""Where the shipped data lives: grammar/, rulebook/ and conformance/.

In a source checkout they are the top-level folders; in an installed package they are the
``elevenes.data.*`` sub-packages (see setup.py).  Both are found the same way.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_REPO = _PACKAGE.parents[1]


def data_dir(name: str) -> Path:
    """The folder holding the shipped ``name`` data (``grammar``, ``rulebook``, ``conformance``):
    inside the installed package, or the top-level folder of a source checkout."""
    installed = _PACKAGE / "data" / name
    if installed.is_dir():
        return installed
    return _REPO / name


def grammar_file() -> Path:
    return data_dir("grammar") / "cards.lark"


def rulebook_dir(game: str | None = None) -> Path:
    base = data_dir("rulebook")
    return base / game if game else base


def conformance_dir(game: str | None = None) -> Path:
    base = data_dir("conformance")
    return base / game if game else base
