"""``elevenes adapter``: serve the reference engine over the adapter protocol.

Reads one JSON request per line on stdin and answers one JSON response per line on stdout
(docs/protocol.md), so that the conformance runner, or any other tool, can drive the reference
exactly as it drives another implementation.
"""

from __future__ import annotations

import argparse
import io
import sys

from .protocol import serve


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = "The protocol is described in docs/protocol.md."


def run(args: argparse.Namespace) -> int:
    del args
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True)
    try:
        return serve(stdin, stdout)
    finally:
        stdout.flush()
        stdout.detach()
        stdin.detach()
