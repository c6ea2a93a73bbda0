"""``elevenes diff``: random games through the reference and another program, compared step by
step; the first divergence is shrunk to a shortest reproducing action list.

Exit status: 0 when the games agree, 1 when they diverge (or the program fails), 2 when the
command line cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..core.errors import ElevenesError
from ..games import game_ids
from .adapter import AdapterSubject, add_adapter_arguments
from .diff import as_scenario, describe, diff_games, html_report, scene
from .report import Progress
from .subject import ReferenceSubject, SubjectError, Unsupported


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_adapter_arguments(parser, "compare")
    parser.add_argument("--game", required=True, help="the game id")
    parser.add_argument(
        "--games", type=int, default=20, metavar="N", help="random games to play (default 20)"
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    parser.add_argument(
        "--options",
        default="{}",
        metavar="JSON",
        help='game options as a JSON object, e.g. \'{"edition": "fr"}\' (default: none)',
    )
    parser.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="RULING=X",
        help="play under reading X of a ruling of the game (docs/readings.md), on both sides: "
        "the reference and the program get it among the game's options (repeatable)",
    )
    parser.add_argument(
        "--illegal",
        type=float,
        default=0.2,
        metavar="P",
        help="chance of trying an action the reference refuses before each move (default 0.2)",
    )
    parser.add_argument(
        "--max-actions",
        type=int,
        default=1000,
        metavar="N",
        help="moves per game at most (refused tries do not count); a longer game is cut off "
        "(default 1000)",
    )
    parser.add_argument(
        "--shrink-budget",
        type=int,
        default=400,
        metavar="N",
        help="replays spent shrinking a divergence at most (default 400)",
    )
    parser.add_argument(
        "--shrink-seconds",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds spent shrinking at most, from the first divergence (default 60)",
    )
    parser.add_argument(
        "--setups",
        type=float,
        default=0.25,
        metavar="P",
        help="share of the games started from a position of the suite set up with `setup`, "
        "half of them changed at random (default 0.25; 0: every game from the start)",
    )
    parser.add_argument(
        "--html",
        metavar="FILE",
        default=None,
        help="write the divergence as an HTML page with a picture of the position to FILE",
    )
    parser.add_argument(
        "--scenario",
        metavar="FILE",
        default=None,
        help="write the shortest divergence as a scenario file (YAML) to FILE",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress line on stderr (default: when stderr is a terminal)",
    )


def run(args: argparse.Namespace) -> int:
    if not args.adapter:
        raise ElevenesError("diff needs --adapter CMD: the program to compare with the reference")
    if args.game not in game_ids():
        raise ElevenesError(f"unknown game {args.game!r} (the games: {', '.join(game_ids())})")
    if args.games < 1 or args.max_actions < 1 or args.shrink_budget < 1:
        raise ElevenesError("--games, --max-actions and --shrink-budget must be at least 1")
    if not 0 <= args.illegal < 1:
        raise ElevenesError("--illegal must be at least 0 and less than 1")
    if not 0 <= args.setups <= 1:
        raise ElevenesError("--setups must be between 0 and 1")
    if not args.shrink_seconds > 0:
        raise ElevenesError("--shrink-seconds must be a positive number of seconds")
    if args.timeout <= 0:
        raise ElevenesError("--timeout must be a positive number of seconds")
    try:
        options = json.loads(args.options)
    except ValueError as exc:
        raise ElevenesError(f"--options is not JSON: {exc}") from None
    if not isinstance(options, dict):
        raise ElevenesError("--options must be a JSON object")
    options.update(_readings(args.game, args.reading))
    progress = Progress(args.games, enabled=args.progress)

    def show(number: int, actions: int) -> None:
        progress.update(number - 1, f"game {number}/{args.games}: {actions} actions")

    program = AdapterSubject(args.adapter, args.timeout)
    with ReferenceSubject() as reference, program as other:
        try:
            program.launch()
            result = diff_games(
                reference,
                other,
                args.game,
                args.games,
                args.seed,
                options=options,
                illegal=args.illegal,
                max_actions=args.max_actions,
                shrink_budget=args.shrink_budget,
                on_progress=show,
                shrink_seconds=args.shrink_seconds,
                setups=args.setups,
            )
        except Unsupported as exc:
            raise ElevenesError(f"the program does not play {args.game}: {exc}") from None
        except SubjectError as exc:
            raise ElevenesError(str(exc)) from None
        finally:
            progress.finish()
    if result.divergent is None:
        sys.stdout.write(describe(result, "the adapter"))
        return 0
    found = result.divergent
    with ReferenceSubject() as reference:
        where = scene(reference, args.game, found.shortest_whole, found.shortest_difference)
        text = describe(result, "the adapter", where)
        sys.stdout.write(text)
        scenario = as_scenario(reference, args.game, options, found, args.seed)
    if args.html:
        page = html_report(result, args.game, where, text, "the adapter")
        _write(args.html, page)
    sys.stdout.write("\nas a scenario with the reference's answers (the adapter fails it):\n")
    sys.stdout.write(scenario)
    if args.scenario:
        _write(args.scenario, scenario)
    return 1


def _readings(game: str, pairs: list[str]) -> dict[str, str]:
    """``--reading RULING=X`` as game options (``reading.RULING``: X), each a ruling of this
    game with a playable reading X."""
    from ..core.readings import option_name
    from ..rulebook.index import load_rulebook
    from .cli_conform import parse_readings

    chosen = parse_readings(pairs)
    book = load_rulebook()
    for ruling_id in chosen:
        if book.game_of(ruling_id) != game:
            raise ElevenesError(f"--reading: {ruling_id} is a ruling of {book.game_of(ruling_id)}, "
                                f"not of {game}")
    return {option_name(ruling_id): letter for ruling_id, letter in chosen.items()}


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ElevenesError(f"cannot write {path}: {exc.strerror or exc}") from None
