"""``elevenes serve``: the web table, dispute board, rulebook and card editor on this machine.

It listens on 127.0.0.1 (this computer only) unless ``--host`` says otherwise, and keeps
everything in ``--data DIR``: games as the save files ``elevenes play --resume`` reads, card
files, disputes as scenario files (see ``store.py``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.errors import BadOption, ElevenesError
from .store import default_data_dir

GRACE_SECONDS = 1


def default_docs() -> Path:
    """The built documentation of a source checkout (``sphinx-build docs docs/_build/html``)."""
    return Path(__file__).resolve().parents[3] / "docs" / "_build" / "html"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this computer only)")
    parser.add_argument("--port", type=int, default=8011, help="port (default 8011)")
    parser.add_argument("--data", default=None, metavar="DIR",
                        help=f"where games, card files and disputes are kept (default "
                             f"{default_data_dir()})")
    parser.add_argument("--docs", default=None, metavar="DIR",
                        help="a built documentation site to link rules to and serve at /docs "
                             "(default: docs/_build/html of a source checkout, if built)")
    parser.add_argument("--bot", default="greedy", metavar="NAME",
                        help="the bot at the other seats: greedy (default), random, ismcts "
                             "or ismcts:BUDGET (see elevenes play --help)")


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise BadOption(f"--port takes a number from 1 to 65535, not {args.port}")
    try:
        import uvicorn
    except ImportError:
        raise ElevenesError("elevenes serve needs uvicorn and starlette: pip install "
                            "elevenes again (they are dependencies)") from None
    from ..games.elevenes.bots import BOTS
    from . import tables
    from .app import create_app

    if args.bot not in BOTS:
        raise BadOption(f"unknown bot {args.bot!r}; bots: {', '.join(BOTS)} (ismcts:N for N "
                        "iterations, ismcts:Xs for X seconds per move)")
    tables.TABLE_BOT = args.bot

    data = Path(args.data) if args.data else default_data_dir()
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ElevenesError(f"cannot use {data} as the data folder: {exc}") from None
    docs = Path(args.docs) if args.docs else default_docs()
    app = create_app(data, docs, warm=True)
    print(f"elevenes serve: http://{args.host}:{args.port}/  (data in {data}; Ctrl-C stops)",
          flush=True)
    try:
        # SIGTERM or Ctrl-C: requests under way get a second to finish, and an idle
        # kept-alive connection is closed at once; the server is gone well within 2 s
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                    timeout_graceful_shutdown=GRACE_SECONDS, timeout_keep_alive=5)
    except OSError as exc:
        raise ElevenesError(f"cannot listen on {args.host}:{args.port}: {exc}") from None
    return 0
