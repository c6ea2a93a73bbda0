"""``elevenes judge FILE.yaml``: play a scenario's steps on the reference and show each verdict.

Every action is shown with what the reference does with it: accepted, or refused citing a
rule id and that rule's title.  Where the file states an expectation the verdict says whether
the reference agrees.  A file without expectations settles a dispute: it just shows what the
reference does at each step (a refused action changes nothing and play goes on).

Exit status: 0 when the reference agrees with every expectation, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import IO

from ..core.api import Json
from ..core.errors import ElevenesError
from ..games import REGISTRY, game_ids, load_game
from ..rulebook.index import Rulebook, RulebookError, load_rulebook
from .loader import load_file
from .matcher import match, set_mismatch
from .model import Perft, Scenario, Step
from .runner import Divergence, check_expect, state_change
from .subject import ReferenceSubject, SetupRefused, SubjectError, Unsupported
from .verdicts import Readings, RulingVerdicts

SHOW_LEGAL = 12


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE.yaml", help="a scenario file (expectations optional)")
    parser.add_argument("--id", dest="ids", action="append", default=[], help="only this scenario")
    parser.add_argument(
        "--state", action="store_true", help="print the canonical state after each step"
    )
    parser.add_argument(
        "--cards", default=None, metavar="FILE.cards",
        help="play with the cards of this file replacing or adding to the game's own",
    )
    parser.add_argument(
        "--html", default=None, metavar="OUT.html",
        help="also write a page with each position drawn, the moves and the verdicts",
    )
    parser.add_argument(
        "--rulebook-url", default=None, metavar="URL",
        help="with --html: link rule ids to the rulebook published at URL (the docs' root)",
    )


class CardsSubject(ReferenceSubject):
    """The reference playing with a user's card file (``judge --cards``)."""

    def __init__(self, cards: str) -> None:
        super().__init__()
        self.cards = cards

    def start(self, game: str, options: Json) -> None:
        if game not in REGISTRY:
            raise Unsupported(
                f"game {game!r} is not in the reference (it has: {', '.join(game_ids())})")
        try:
            self._game = load_game(game, options=options, cards=self.cards)
            self._state = self._game.new_initial_state()
        except ElevenesError as exc:
            self._game = self._state = None
            raise SubjectError(str(exc)) from exc


class Judge:
    """Plays scenarios on the reference and narrates the verdicts."""

    def __init__(self, rulebook: Rulebook | None, out: IO[str], show_state: bool = False,
                 cards: str | None = None) -> None:
        self.rulebook = rulebook
        self.out = out
        self.show_state = show_state
        self.cards = cards
        self.disagreements = 0
        self.checks = 0
        self.readings: Readings | None = None  # the moves under each reading touched
        # for --html: each scenario's moves that touch a ruling, with their verdicts
        self.by_scenario: dict[str, list[tuple[int, str, list[RulingVerdicts]]]] = {}
        self.scenario_id = ""

    def cite(self, rule_id: str) -> str:
        rule = self.rulebook.rules.get(rule_id) if self.rulebook is not None else None
        if rule is None:
            return f"{rule_id} (not in the rulebook)"
        return rule.summary()

    def say(self, text: str, indent: int = 2) -> None:
        for line in text.splitlines() or [""]:
            self.out.write(" " * indent + line + "\n")

    def verdict(self, agrees: bool, what: str, detail: str = "") -> None:
        self.checks += 1
        if agrees:
            self.say(f"expected {what}: agrees", 6)
        else:
            self.disagreements += 1
            self.say(f"expected {what}: DISAGREES" + (f": {detail}" if detail else ""), 6)

    def judge(self, scenario: Scenario) -> bool:
        """Narrate one scenario; False when the reference could not play it."""
        subject = ReferenceSubject() if self.cards is None else CardsSubject(self.cards)
        self.scenario_id = scenario.id
        self.out.write(f"scenario {scenario.id} ({scenario.where})\n")
        if self.cards is not None:
            self.say(f"with the cards of {self.cards}")
        if scenario.description:
            self.say(scenario.description.strip())
        options = json.dumps(scenario.options, sort_keys=True) if scenario.options else "defaults"
        start = "the position given in `setup`" if scenario.setup is not None else "the start"
        self.say(f"game {scenario.game}, options {options}, from {start}")
        for rule_id in scenario.rules:
            self.say(f"checks {self.cite(rule_id)}")
        try:
            subject.start(scenario.game, scenario.options)
            if scenario.setup_refused:
                try:
                    subject.setup(scenario.setup or {})
                except SetupRefused as exc:
                    self.say(str(exc))
                    self.verdict(True, "the set-up to be refused")
                else:
                    self.verdict(False, "the set-up to be refused", "it was accepted")
                return True
            if scenario.setup is not None:
                subject.setup(scenario.setup)
            game = subject.game
            self.readings = Readings(game.id, game.options, scenario.setup, self.cards)
            for step in scenario.steps:
                self.step(subject, step)
            if scenario.final is not None:
                self.say("final:")
                self.expectation(subject, scenario.final, "final state")
        except (SubjectError, Unsupported) as exc:
            self.say(f"error: {exc}")
            self.disagreements += 1
            return False
        finally:
            subject.close()
        return True

    def step(self, subject: ReferenceSubject, step: Step) -> None:
        note = f"  # {step.note}" if step.note else ""
        self.say(f"step {step.number}:{note}")
        for number, action in enumerate(step.actions):
            last = number == len(step.actions) - 1
            before = subject.state() if last and step.violation else None
            under = self.by_reading(subject, action)
            if under and not isinstance(under, str) and self.scenario_id:
                self.by_scenario.setdefault(self.scenario_id, []).append(
                    (step.number, action, under))
            refusal = subject.act(action)
            if refusal is None:
                self.say(f"{action} -> accepted", 4)
            else:
                self.say(f"{action} -> refused: {self.cite(refusal.rule_id)}", 4)
                if refusal.message:
                    self.say(f"the reference says: {refusal.message}", 6)
            self.show_readings(under)
            if self.readings is not None:
                self.readings.advance(action)
            if last and step.violation is not None:
                wanted = f"refusal citing {self.cite(step.violation)}"
                if refusal is None:
                    self.verdict(False, wanted, "the action was accepted")
                elif refusal.rule_id != step.violation:
                    self.verdict(False, wanted, f"it cites {refusal.rule_id}")
                else:
                    assert before is not None
                    changed = state_change(before, subject.state())
                    detail = f"the state changed: {changed.describe()}" if changed else ""
                    self.verdict(changed is None, wanted, detail)
            elif refusal is not None and step.has_checks:
                self.verdict(False, f"{action} to be accepted", "it was refused")
        if step.legal is not None:
            mismatch = set_mismatch(step.legal, subject.legal(), "legal")
            self.verdict(mismatch is None, "legal actions", mismatch.describe() if mismatch else "")
        if step.expect is not None:
            self.expectation(subject, step.expect, "state")
        for observe in step.observe:
            found = match(
                observe.expect, subject.observe(observe.player), f"observation({observe.player})"
            )
            self.verdict(
                found is None,
                f"observation of player {observe.player}",
                found.describe() if found else "",
            )
        if not step.has_checks:
            self.situation(subject)
        if self.show_state:
            self.say(json.dumps(subject.state().state, sort_keys=True), 4)

    def by_reading(self, subject: ReferenceSubject, action: str) -> list[RulingVerdicts] | str:
        """The next move under each reading of the rulings it touches (conformance/
        verdicts.py), or why it cannot be given."""
        if self.readings is None:
            return []
        try:
            return self.readings.verdicts(subject.current, action)
        except ElevenesError as exc:
            return f"(its verdict under other readings cannot be given: {exc})"

    def show_readings(self, found: list[RulingVerdicts] | str) -> None:
        """Each ruling the move touches: one line when its readings all give the move's
        verdict, else one line per reading; nothing when it touches none."""
        if isinstance(found, str):
            self.say(found, 6)
            return
        for ruling in found:
            if not ruling.differ:
                self.say(f"under every reading of {self.cite(ruling.ruling)}, "
                         f"{ruling.letters()}: the same", 6)
                continue
            self.say(f"under each reading of {self.cite(ruling.ruling)}:", 6)
            for line in ruling.lines():
                self.say(line, 8)

    def expectation(self, subject: ReferenceSubject, expect: dict[str, object], what: str) -> None:
        try:
            check_expect(subject, expect)
        except Divergence as exc:
            self.verdict(False, what, exc.message)
        else:
            self.verdict(True, what)

    def situation(self, subject: ReferenceSubject) -> None:
        """What the reference shows now: whose turn, the legal actions, or the result."""
        view = subject.state()
        if view.terminal:
            score = f", score {view.score}" if view.score is not None else ""
            self.say(f"now: the game is over, returns {view.returns}{score}", 4)
            return
        legal = subject.legal()
        shown = ", ".join(legal[:SHOW_LEGAL]) + (
            f", ... ({len(legal)} in all)" if len(legal) > SHOW_LEGAL else ""
        )
        who = "chance" if view.current_player < 0 else f"player {view.current_player}"
        self.say(f"now: {who} to act; legal: {shown or 'none'}", 4)


def write_html(out: str, file: str, scenarios: list[Scenario], rulebook: Rulebook | None,
               cards: str | None, rulebook_url: str | None = None,
               readings: dict[str, list[tuple[int, str, list[RulingVerdicts]]]] | None = None,
               ) -> None:
    """The page of ``judge --html``: every scenario of the file illustrated, each move that
    touches a ruling with its verdict under each reading (``readings``, by scenario id, as the
    text says them), then the text of every rule cited (render.page)."""
    from ..render.names import shipped_names
    from ..render.page import (
        cited_rules,
        figure,
        inline_image,
        play,
        rule_anchor,
        rulebook_link,
        rules_html,
        standalone_page,
    )

    def here(rule_id: str) -> str:
        return f"#{rule_anchor(rule_id)}"

    link = rulebook_link(rulebook_url, rulebook) if rulebook_url else here
    played = []
    figures = []
    for scenario in scenarios:
        subject = ReferenceSubject() if cards is None else CardsSubject(cards)
        names = shipped_names(scenario.game, cards) if cards is not None else None
        played.append(play(scenario, subject))
        figures.append(figure(played[-1], inline_image, rulebook, link, names=names))
        figures.append(_readings_html((readings or {}).get(scenario.id, [])))
    rules = rules_html(cited_rules(played), rulebook, rulebook_link(rulebook_url, rulebook)
                       if rulebook_url else None)
    page = standalone_page(f"elevenes judge {Path(file).name}", "".join(figures) + rules)
    try:
        Path(out).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise ElevenesError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(f"wrote {out}", file=sys.stderr)


def _readings_html(moves: list[tuple[int, str, list[RulingVerdicts]]]) -> str:
    """The moves that touch a ruling, each under each of its readings (empty when none)."""
    from html import escape

    if not moves:
        return ""
    items = []
    for number, action, under in moves:
        rulings = "".join(
            f"<li>under every reading of <code>{escape(found.ruling)}</code>, "
            f"{escape(found.letters())}: the same</li>" if not found.differ else
            f"<li>under each reading of <code>{escape(found.ruling)}</code>:<ul>"
            + "".join(f"<li><code>{escape(line)}</code></li>" for line in found.lines())
            + "</ul></li>" for found in under)
        items.append(f"<li>step {number}: <code>{escape(action)}</code><ul>{rulings}</ul></li>")
    return ('<section class="judge-readings"><h3>Under each reading</h3><ul>'
            + "".join(items) + "</ul></section>")


def run(args: argparse.Namespace) -> int:
    items = load_file(args.file, require_id=False)
    if args.ids:
        items = [item for item in items if item.id in args.ids]
        if not items:
            raise ElevenesError(f"{args.file}: no scenario with id {', '.join(args.ids)}")
    try:
        rulebook: Rulebook | None = load_rulebook()
    except RulebookError as exc:
        print(
            f"warning: the rulebook cannot be read, rule titles are not shown: {exc}",
            file=sys.stderr,
        )
        rulebook = None
    if args.cards is not None:
        if not Path(args.cards).is_file():
            raise ElevenesError(f"cannot read card file {args.cards}: no such file")
        games = {item.game for item in items if isinstance(item, Scenario)}
        for game in sorted(games):  # a broken card file is reported once, before any scenario
            load_game(game, cards=args.cards)
    judge = Judge(rulebook, sys.stdout, show_state=args.state, cards=args.cards)
    for number, item in enumerate(items):
        if number:
            sys.stdout.write("\n")
        if isinstance(item, Perft):
            raise ElevenesError(f"{args.file}: a perft file; use `elevenes perft {args.file}`")
        judge.judge(item)
    if args.html is not None:
        write_html(args.html, args.file, [i for i in items if isinstance(i, Scenario)],
                   rulebook, args.cards, args.rulebook_url, judge.by_scenario)
    if judge.checks:
        sys.stdout.write("\n")
        print(verdict_line(judge.checks, judge.disagreements))
    return 1 if judge.disagreements else 0


def verdict_line(checks: int, disagreements: int) -> str:
    """The last line: how many expectations the reference agrees with (``checks`` >= 1)."""
    noun = "expectation" if checks == 1 else "expectations"
    if disagreements:
        return f"the reference disagrees with {disagreements} of {checks} {noun}"
    if checks == 1:
        return "the reference agrees with the 1 expectation"
    return f"the reference agrees with all {checks} {noun}"
