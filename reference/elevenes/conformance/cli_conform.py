"""``elevenes conform``: run the conformance suite against the reference or another program.

Exit status: 0 when nothing failed (skips, xfails and xpasses included), 1 when a scenario
failed or errored, a file could not be loaded, (with ``--coverage``) a scenario cites a rule
id the rulebook does not have, or the command line asks for something that cannot be done
(no item selected, a bad ``-k``), 2 when the command line cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

import attrs

from ..core.errors import ElevenesError
from ..rulebook.index import Rulebook, UnknownRule, load_rulebook
from .adapter import AdapterSubject, add_adapter_arguments
from .badge import write_badges
from .coverage import compute_coverage
from .junit import write_junit
from .keyword import compile_expression
from .loader import Suite, load_suite, shipped_folder_game, suite_version
from .model import PROFILES, RULES, Item
from .report import ERROR, FAIL, SKIP, Progress, Result
from .runner import run_item, run_suite
from .subject import ReferenceSubject, Subject


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="scenario files or folders (default: the whole shipped suite)",
    )
    parser.add_argument("--game", action="append", default=[], help="only this game's scenarios")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="ID",
        help="only scenarios citing this rule id (or an id prefix such as PREFIX.TOPIC)",
    )
    parser.add_argument(
        "--id", action="append", default=[], dest="ids", help="only the scenario with this id"
    )
    parser.add_argument(
        "--profile",
        choices=(*PROFILES, "all"),
        default=RULES,
        help="the profile to run: rules (the default: play, and the set-ups a position needs to "
        "be read at all), strict (the consistency checks of loaded state documents) or all",
    )
    parser.add_argument(
        "-k",
        dest="keyword",
        metavar="EXPR",
        default=None,
        help="only items whose id or a cited rule id contains these words: "
        'e.g. -k pad, -k "BWL.SCORE.PAD or BWL.FRAME.STRIKE", -k "tenth and not perft"',
    )
    parser.add_argument(
        "-x",
        "--exitfirst",
        action="store_true",
        help="stop at the first failure or error",
    )
    add_adapter_arguments(parser, "run")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--junit", metavar="FILE", default=None, help="also write the report as JUnit XML to FILE"
    )
    parser.add_argument(
        "--badge",
        metavar="DIR",
        default=None,
        help="also write a compliance badge per game to DIR/<game>.json (shields.io endpoint)",
    )
    parser.add_argument(
        "--coverage",
        action="store_true",
        help="also list the rules no scenario cites, and cited ids the rulebook lacks",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="list passes and skips too")
    parser.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="RULING=X",
        help="run under reading X of a ruling (docs/readings.md): scenarios that pin a reading "
        "of it are run under theirs, those that depend on another are skipped",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress line on stderr (default: when stderr is a terminal)",
    )


def check_rule_filters(rulebook: Rulebook, rules: list[str]) -> None:
    """Every --rule must be a rule id or the prefix of some ids."""
    for rule in rules:
        prefix = rule.rstrip(".") + "."
        if rule not in rulebook and not rulebook.covers(prefix):
            raise UnknownRule(rule, rulebook.suggest(rule))


def select(suite: Suite, args: argparse.Namespace) -> Suite:
    profiles = PROFILES if args.profile == "all" else (args.profile,)
    chosen = suite.select(games=args.game, rules=args.rule, ids=args.ids, profiles=profiles)
    if args.keyword is not None:
        wanted = compile_expression(args.keyword)
        chosen = Suite(items=[item for item in chosen.items if wanted(item)], errors=chosen.errors)
    if args.game:
        chosen.errors = [
            error
            for error in chosen.errors
            if shipped_folder_game(Path(error.file)) in (None, *args.game)
        ]
    return chosen


def parse_readings(pairs: list[str]) -> dict[str, str]:
    """``--reading RULING=X`` as ruling id -> letter, each checked against the rulebook."""
    from ..core.readings import ReadingSpec, choosable

    chosen: dict[str, str] = {}
    for pair in pairs:
        ruling_id, equals, letter = pair.partition("=")
        ruling_id = ruling_id.strip().removeprefix("reading.")
        if not equals:
            raise ElevenesError(f"--reading takes RULING=X, e.g. EFO.RULING.SANDWICHES=b, "
                                f"not {pair!r}")
        game = load_rulebook().game_of(ruling_id)
        ruling = choosable(game).get(ruling_id) if game else None
        if ruling is None:
            raise ElevenesError(f"--reading {pair}: {ruling_id} is no ruling with readings to "
                                "choose (docs/readings.md lists them)")
        chosen[ruling_id] = str(ReadingSpec(ruling).coerce(letter))
    return chosen


def under_readings(suite: Suite, readings: dict[str, str]) -> tuple[Suite, list[Result]]:
    """The items to run with the readings added to their options, and a skip for each item
    whose expectation depends on another reading of one of these rulings: it pins another
    in its options, or (pinning none) cites the ruling or is named by its **Pinned by**."""
    from ..core.readings import option_name, rulings

    book = load_rulebook()
    kept: list[Item] = []
    skipped: list[Result] = []
    for item in suite.items:
        options = dict(item.options)
        reason = ""
        for ruling_id, letter in readings.items():
            game = book.game_of(ruling_id)
            if game != item.game:
                continue
            ruling = rulings(game)[ruling_id]
            name = option_name(ruling_id)
            pinned = options.get(name)
            depends = (ruling_id in item.cited_rules()
                       or item.id in book.get(ruling_id).pinned_by)
            expected = pinned if pinned is not None else (ruling.decided if depends else None)
            if expected is not None and expected != letter:
                reason = (f"expects reading ({expected}) of {ruling_id}; this run is under "
                          f"({letter})")
                break
            reason = _same_card(game, ruling_id, letter, item.options)
            if reason:
                break
            options[name] = letter
        if reason:
            skipped.append(Result(id=item.id, game=item.game, status=SKIP, kind=item.kind,
                                  where=item.where, rules=tuple(item.cited_rules()),
                                  message=reason, profile=item.profile))
        else:
            kept.append(attrs.evolve(item, options=options))
    return Suite(items=kept, errors=suite.errors), skipped


def consulting_run(readings: dict[str, str]) -> Callable[[Subject, Item], Result]:
    """How ``--reading`` plays an item: the reference plays it first under the readings, the
    rulings it consults recorded (core/readings.py).  When the reference itself fails it and its
    play consulted one of these rulings, the item depends on a ruling it does not cite: it is
    skipped, saying which ruling, where the reference parts from it and how.  Otherwise the
    subject plays it (against the reference, the same result)."""
    from ..core.readings import consultation, rulings

    book = load_rulebook()

    def run_one(subject: Subject, item: Item) -> Result:
        own = [r for r in readings if book.game_of(r) == item.game
               and readings[r] != rulings(item.game)[r].decided]
        if not own:
            return run_item(subject, item)
        reference = subject if isinstance(subject, ReferenceSubject) else ReferenceSubject()
        with consultation() as seen:
            result = run_item(reference, item)
        if reference is not subject:
            reference.close()
        consulted = [r for r in own if r in seen]
        if result.status in (FAIL, ERROR) and consulted:
            where = (f"step {result.step}: " if result.step is not None else "")
            under = ", ".join(f"reading ({readings[r]}) of {r}" for r in consulted)
            return attrs.evolve(result, status=SKIP, step=None, action=None, path=None,
                                expected=None, actual=None, message=(
                f"depends on {', '.join(consulted)}, which it does not cite: its play consults "
                f"the ruling, and under {under} the reference itself finds {where}"
                f"{result.message}"))
        if reference is subject:
            return result
        return run_item(subject, item)

    return run_one


def _same_card(game: str, ruling_id: str, letter: str, pinned: dict[str, object]) -> str:
    """Why a scenario pinning another card-file reading cannot run under this one: the two
    files write the same card, so the engine refuses them together (empty when it does not)."""
    from ..core.readings import PREFIX, card_clash, in_force

    chosen = {**in_force({k: v for k, v in pinned.items() if k.startswith(PREFIX)}),
              ruling_id: letter}
    why = card_clash(game, chosen)
    return f"pins another reading: {why}" if why else ""


def run(args: argparse.Namespace) -> int:
    if args.timeout <= 0:
        raise ElevenesError("--timeout must be a positive number of seconds")
    readings = parse_readings(args.reading) if args.reading else None  # before the suite loads
    # The rulebook is only needed to check --rule and for --coverage.
    rulebook = load_rulebook() if args.rule or args.coverage else None
    if rulebook is not None and args.rule:
        check_rule_filters(rulebook, args.rule)
    suite = load_suite(args.paths or None)
    chosen = select(suite, args)
    filtered = bool(args.game or args.rule or args.ids or args.keyword is not None)
    if (filtered or suite.items) and not chosen.items and not chosen.errors:
        if not filtered:
            raise ElevenesError(
                f"no scenario of these files is in the {args.profile} profile "
                "(--profile all runs every profile)"
            )
        raise ElevenesError(
            "no scenario matches the --game / --rule / --id / -k filters"
            + (
                f" in the {args.profile} profile (--profile all runs every profile)"
                if args.profile != "all"
                else ""
            )
        )
    subject: Subject
    if args.adapter:
        adapter = AdapterSubject(args.adapter, timeout=args.timeout)
        adapter.launch()
        subject = adapter
    else:
        subject = ReferenceSubject()
    skipped: list[Result] = []
    play_one = None
    if readings is not None:
        chosen, skipped = under_readings(chosen, readings)
        play_one = consulting_run(readings)
    progress = Progress(len(chosen.items), enabled=args.progress)
    with subject:
        report = run_suite(chosen, subject, progress=progress, fail_fast=args.exitfirst,
                           run=play_one)
    for result in skipped:
        report.add(result)
    report.suite_version = suite_version()
    if rulebook is not None and args.coverage:
        report.coverage = compute_coverage(
            chosen.items, rulebook, games=args.game or None, all_ids=suite.by_id()
        )
    if args.junit:
        try:
            write_junit(report, args.junit)
        except OSError as exc:
            raise ElevenesError(f"cannot write {args.junit}: {exc.strerror or exc}") from None
    if args.badge:
        try:
            write_badges(report, args.badge)
        except OSError as exc:
            raise ElevenesError(
                f"cannot write badges to {args.badge}: {exc.strerror or exc}"
            ) from None
    if args.json:
        json.dump(report.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        report.write_text(sys.stdout, verbose=args.verbose)
    return 0 if report.ok else 1
