"""One-line progress displays that stay on one row of the terminal.

A progress line is redrawn in place with a carriage return; a line longer than the terminal
wraps, the carriage return then goes back only to its last row, and every redraw leaves a row
behind.  Every progress line of the project is cut here to the terminal's width."""

from __future__ import annotations

import os
from typing import IO, Any


def terminal_columns(stream: IO[Any]) -> int | None:
    """The width of the terminal ``stream`` writes to, or None when it is not a terminal."""
    try:
        if not stream.isatty():
            return None
        return max(os.get_terminal_size(stream.fileno()).columns, 2)
    except (AttributeError, OSError, ValueError):  # no descriptor (io.UnsupportedOperation too)
        return None


def fit(line: str, columns: int | None) -> str:
    """``line`` cut to at most ``columns - 1`` characters with an ellipsis (the last column is
    left free: some terminals wrap on writing it); unchanged when ``columns`` is None."""
    if columns is None or len(line) < columns:
        return line
    return line[:max(columns - 2, 0)] + "…"
