"""``elevenes perft``: count action sequences from a position, or check a perft file.

    elevenes perft GAME [--state FILE] [--depth N] [--divide] [-o KEY=VALUE ...] [--yaml]
    elevenes perft FILE.yaml [--adapter CMD]

perft(d) counts every sequence of d actions, chance outcomes included; a sequence that ends
the game early counts once.  ``--divide`` splits perft(depth) by the first action, the way to
find where two implementations part: compare the divides, follow the first action whose
count differs, and repeat one level deeper (``--state`` after that action).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..core.errors import ElevenesError
from ..games import REGISTRY, game_ids, load_game
from ..games.cli import parse_options
from .adapter import AdapterSubject, add_adapter_arguments
from .loader import SUFFIXES, load_file, read_state_file
from .model import Perft
from .report import FAIL, PASS
from .runner import run_perft
from .subject import ReferenceSubject, Subject, perft_divide


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target", metavar="GAME|FILE", help=f"a game ({', '.join(game_ids())}) or a perft file"
    )
    parser.add_argument(
        "--state", default=None, metavar="FILE", help="start from this state (JSON or YAML)"
    )
    parser.add_argument("--depth", type=int, default=2, help="count to this depth (default 2)")
    parser.add_argument(
        "--divide", action="store_true", help="split the deepest count by first action"
    )
    parser.add_argument(
        "-o", "--option", action="append", metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument(
        "--yaml", action="store_true", help="print a perft file (counts and divide) to save"
    )
    parser.add_argument("--id", default=None, help="with --yaml: the id of the perft check")
    add_adapter_arguments(parser, "count")


def run(args: argparse.Namespace) -> int:
    if _is_file(args.target):
        return _check_file(args)
    if args.target not in REGISTRY:
        raise ElevenesError(
            f"{args.target!r} is neither a game ({', '.join(game_ids())}) nor a perft file"
        )
    if args.depth < 1:
        raise ElevenesError("--depth must be at least 1")
    options = parse_options(args.option)
    setup = read_state_file(args.state, args.target) if args.state else None
    started = time.monotonic()
    if args.adapter:
        with AdapterSubject(args.adapter, timeout=args.timeout) as adapter:
            adapter.start(args.target, options)
            if setup is not None:
                adapter.setup(setup)
            counts, divide = adapter.perft(args.depth)
    else:
        game = load_game(args.target, options=options)
        state = game.state_from_json(setup) if setup is not None else game.new_initial_state()
        counts, divide = perft_divide(state, args.depth)
    seconds = time.monotonic() - started
    if args.yaml:
        _write_yaml(args, options, setup, counts, divide)
        return 0
    for depth, count in enumerate(counts, start=1):
        print(f"perft({depth}) = {count}")
    if args.divide:
        print(f"\ndivide at depth {args.depth}:")
        width = max((len(a) for a in divide), default=0)
        for action in divide:  # in the order of the legal actions
            print(f"  {action:<{width}}  {divide[action]}")
    print(f"({seconds:.2f} s)", file=sys.stderr)
    return 0


def _is_file(target: str) -> bool:
    path = Path(target)
    return path.is_file() or (path.suffix in (*SUFFIXES, ".json") and target not in REGISTRY)


def _check_file(args: argparse.Namespace) -> int:
    items = load_file(args.target)
    perfts = [item for item in items if isinstance(item, Perft)]
    if not perfts:
        raise ElevenesError(f"{args.target}: not a perft file (it has no `kind: perft`)")
    subject: Subject = (
        AdapterSubject(args.adapter, timeout=args.timeout) if args.adapter else ReferenceSubject()
    )
    bad = 0
    with subject:
        for perft in perfts:
            result = run_perft(subject, perft)
            label = result.status.upper()
            print(f"{label:<5} {perft.id} ({perft.game}, depth {perft.depth})")
            if result.status == PASS:
                for depth, count in enumerate(perft.counts, start=1):
                    print(f"      perft({depth}) = {count}")
            elif result.message:
                print(f"      {result.message}")
            if result.bad:
                bad += 1
            if result.status == FAIL and perft.divide is None:
                print("      (the file has no divide to find the diverging first action)")
    return 1 if bad else 0


def _write_yaml(
    args: argparse.Namespace,
    options: dict[str, Any],
    setup: dict[str, Any] | None,
    counts: list[int],
    divide: dict[str, int],
) -> None:
    import yaml

    doc: dict[str, Any] = {
        "kind": "perft",
        "id": args.id or f"{args.target}-perft-{args.depth}",
        "game": args.target,
    }
    if options:
        doc["options"] = options
    if setup is not None:
        doc["setup"] = setup
    doc["depth"] = args.depth
    doc["counts"] = counts
    doc["divide"] = dict(sorted(divide.items()))
    sys.stdout.write(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100))
