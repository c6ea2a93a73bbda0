"""Where the shipped data lives: grammar/, rulebook/ and conformance/.

In a source checkout they are the top-level folders; in an installed package they are the
``elevenes.data.*`` sub-packages (see setup.py).  Both are found the same way.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_REPO = Path(__file__).resolve().parents[2]


def data_dir(name: str) -> Path:
    """The folder holding the shipped ``name`` data (``grammar``, ``rulebook``, ``conformance``)."""
    try:
        found = resources.files(f"elevenes.data.{name}")
        path = Path(str(found))
        if path.is_dir():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    return _REPO / name


def grammar_file() -> Path:
    return data_dir("grammar") / "cards.lark"


def rulebook_dir(game: str | None = None) -> Path:
    base = data_dir("rulebook")
    return base / game if game else base


def conformance_dir(game: str | None = None) -> Path:
    base = data_dir("conformance")
    return base / game if game else base
