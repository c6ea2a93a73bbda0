"""``elevenes check FILE...``: check .cards files and report every problem.

Exit status: 0 every file is clean (``FILE: ok, N cards``, after any warning: a W code,
which does not stop the file from loading); 1 at least one error diagnostic,
each printed as ``file:line:col: CODE message`` with its hint, then a count; 2 a usage
error (no file given, an unknown ``--game``).  A path that does not exist or cannot be read
is a diagnostic (E121, exit 1), not a usage error, so that an editor running the command on
a list of files gets every problem in one run.  The checker never shows a traceback: an
unexpected failure of its own is reported as an internal error (E900) of that file.

With ``--json`` each diagnostic is one JSON object on its own line (``path``, ``line``,
``column``, ``code``, ``message``, ``hint``, ``severity``) and nothing else is printed.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import TextIO

from .diagnostics import Diagnostic
from .load import check_file
from .vocab import VOCABULARIES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help=".cards files to check")
    parser.add_argument(
        "--game", choices=sorted(VOCABULARIES), default=None,
        help="check against this game's vocabulary, even in a file without a `game` line",
    )
    parser.add_argument(
        "--json", action="store_true",
        help="print each diagnostic as a JSON object on its own line (for editors)",
    )


def diagnostic_json(diagnostic: Diagnostic) -> str:
    return json.dumps(
        {
            "path": diagnostic.path,
            "line": diagnostic.line,
            "column": diagnostic.column,
            "code": diagnostic.code,
            "message": diagnostic.message,
            "hint": diagnostic.hint,
            "severity": diagnostic.severity,
        },
        ensure_ascii=False,
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def check(paths: list[str], game: str | None, as_json: bool, out: TextIO) -> int:
    """Check the files, print the report to ``out``, return the exit status (0 or 1)."""
    problems = 0
    broken = 0
    for path in paths:
        tree, found = check_file(path, game, warnings=True)
        for diagnostic in found:
            print(diagnostic_json(diagnostic) if as_json else str(diagnostic), file=out)
        errors = [d for d in found if d.severity == "error"]
        if errors:
            problems += len(errors)
            broken += 1
        elif tree is not None and not as_json:
            counts = [_plural(len(tree.cards), "card")] if tree.cards or not tree.guests else []
            if tree.guests:
                counts.append(_plural(len(tree.guests), "guest"))
            print(f"{path}: ok, {', '.join(counts)}", file=out)
    if problems and not as_json:
        print(f"{_plural(problems, 'problem')} in {_plural(broken, 'file')}", file=out)
    return 1 if problems else 0


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    if isinstance(out, io.TextIOWrapper):  # a character the terminal cannot show is escaped
        out.reconfigure(errors="backslashreplace")
    return check(list(args.files), args.game, bool(args.json), out)
