"""Where a terminal game writes: plain text, coloured when a person is watching.

Every front end prints through a ``Screen``.  The text is the same with or without colour;
colour (drawn by ``rich``) is only added when the output is a terminal, ``NO_COLOR`` is not
set and ``TERM`` is not ``dumb``.  Pipes, files and tests therefore get plain text with no
escape codes, and a game's output can be compared line by line whatever the terminal.

A front end marks what a line *is* rather than how it looks, with the styles below
(``screen.say(text, "event")``); ``screen.paint(text, style)`` colours one piece of a line.
New front ends (another game's ``terminal.py``) use the same styles so every table reads
alike: headings bold, the log of what happened in cyan, refusals in red, the player's
choices in the default colour with their numbers dimmed.
"""

from __future__ import annotations

import os
from typing import Any, TextIO

# what a piece of text is -> how rich draws it
STYLES: dict[str, str] = {
    "heading": "bold",
    "event": "cyan",
    "chance": "magenta",
    "good": "bold green",
    "bad": "bold red",
    "refusal": "red",
    "hint": "yellow",
    "dim": "dim",
    "card": "bold",
    "down": "dim",
    "now": "bold yellow",
    "rule": "blue",
}


def colour_wanted(out: TextIO) -> bool:
    """Colour only for a person at a terminal: a tty, no ``NO_COLOR``, not ``TERM=dumb``."""
    if os.environ.get("NO_COLOR") is not None or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(out, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


class Screen:
    """A game's output: ``say`` a line (optionally styled), ``paint`` a fragment.

    ``colour`` None decides from ``out`` (see ``colour_wanted``)."""

    def __init__(self, out: TextIO, colour: bool | None = None) -> None:
        self.out = out
        self.colour = colour_wanted(out) if colour is None else colour
        self._console: Any = None
        if self.colour:
            from rich.console import Console

            self._console = Console(
                file=out, force_terminal=True, highlight=False, soft_wrap=True, emoji=False
            )

    def paint(self, text: str, style: str | None) -> str:
        """``text`` marked to be drawn in ``style`` (a key of STYLES); plain without colour.
        The result is printed with ``say`` (it is rich markup when colour is on)."""
        if not self.colour:
            return text
        from rich.markup import escape

        if style is None:
            return escape(text)
        return f"[{STYLES.get(style, style)}]{escape(text)}[/]"

    def say(self, text: str = "", style: str | None = None, painted: bool = False) -> None:
        """Print a line.  ``painted``: the text already went through ``paint`` (markup)."""
        if self._console is None:
            print(text, file=self.out, flush=True)
            return
        from rich.markup import escape

        body = text if painted else escape(text)
        if style is not None and not painted:
            body = f"[{STYLES.get(style, style)}]{body}[/]"
        self._console.print(body, end="\n")
        self.out.flush()

    def ask(self, prompt: str = "> ") -> None:
        """Print the prompt, no new line."""
        print(prompt, end="", file=self.out, flush=True)

    def menu(self, entries: list[tuple[str, str]], width: int | None = None) -> None:
        """Numbered choices ``(action, what it does)``: one a line while they are few, else in
        as many columns as ``width`` (default: the terminal's) allows, so a long list still
        fits on one screen."""
        if not entries:
            return
        import shutil

        width = width or min(shutil.get_terminal_size((100, 24)).columns, 120)
        act = max(len(a) for a, _ in entries)
        cells = [f"{n:>3}. {a:<{act}}" + (f"  {label}" if label else "")
                 for n, (a, label) in enumerate(entries, 1)]
        if len(cells) <= 12:
            for cell in cells:
                self.say(cell)
            return
        span = max(len(c) for c in cells) + 2
        columns = max(1, width // span)
        rows = -(-len(cells) // columns)
        for r in range(rows):
            line = "".join(cells[i].ljust(span) for i in range(r, len(cells), rows))
            self.say(line.rstrip())

    def table(self, text: str, marks: dict[str, str] | None = None) -> None:
        """Print a drawn table; with colour, each substring in ``marks`` is drawn in its
        style (``{"▲ now": "now"}``), the rest as it is."""
        if self._console is None or not marks:
            self.say(text)
            return
        from rich.markup import escape

        body = escape(text)
        for piece, style in marks.items():
            body = body.replace(escape(piece), f"[{STYLES.get(style, style)}]{escape(piece)}[/]")
        self.say(body, painted=True)
