"""Sphinx extension: each game's card words, generated from its vocabulary.

A line ``<!-- vocabulary GAME -->`` in a page is replaced, when the page is read, by the
table of ``elevenes.dsl.reference.reference_markdown(GAME)``: every word the checker accepts
for that game, its arguments, what it does and an example.  The docs cannot drift from the
code, since they are made from it.
"""

from __future__ import annotations

import re
from typing import Any

from sphinx.application import Sphinx

from elevenes.dsl.reference import reference_markdown

MARKER = re.compile(r"^<!-- vocabulary ([a-z0-9-]+) -->$", re.M)


def _substitute(app: Sphinx, docname: str, source: list[str]) -> None:
    source[0] = MARKER.sub(lambda m: reference_markdown(m.group(1)), source[0])


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("source-read", _substitute)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
