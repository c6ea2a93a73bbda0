"""Scenarios illustrated: the position drawn, the moves, what the scenario expects and the
reference's verdict with its rule id, as HTML.

One place for both users of such pages: the docs' Sphinx extension
(``docs/_ext/scenario_figures.py``), which puts each scenario under every rule it cites,
and ``elevenes judge FILE --html OUT``, which writes a self-contained page for a dispute.
``play`` runs a scenario on the reference and records what happened; ``figure`` turns that
record into an HTML fragment; ``standalone_page`` wraps fragments with the style sheet.
Every piece of text from a scenario or the rulebook is escaped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from html import escape
from typing import Any

import attrs

from ..conformance.matcher import match, set_mismatch
from ..conformance.model import Scenario, Step
from ..conformance.runner import Divergence, check_expect, state_change
from ..conformance.subject import ReferenceSubject, SetupRefused, SubjectError, Unsupported
from ..rulebook.index import Rule, Rulebook
from . import RenderError, state_svg
from .names import Names

Json = dict[str, Any]


@attrs.frozen
class Check:
    """One expectation of the scenario and whether the reference agrees."""

    what: str
    agrees: bool
    detail: str = ""


@attrs.frozen
class Move:
    """An action and what the reference did with it: accepted, or refused citing a rule."""

    action: str
    refused: str | None = None
    message: str = ""


@attrs.frozen
class StepPlay:
    step: Step
    moves: tuple[Move, ...]
    checks: tuple[Check, ...]


@attrs.frozen
class Played:
    """A scenario played on the reference: the positions before and after, each step."""

    scenario: Scenario
    before: Json | None
    after: Json | None
    steps: tuple[StepPlay, ...] = ()
    checks: tuple[Check, ...] = ()
    """Checks not tied to a step: the refused set-up, the ``final`` state."""
    error: str = ""
    now: str = ""
    """What the reference shows at the end: whose turn, or the result."""

    @property
    def all_checks(self) -> list[Check]:
        return [c for s in self.steps for c in s.checks] + list(self.checks)

    @property
    def agrees(self) -> bool:
        return not self.error and all(c.agrees for c in self.all_checks)


def play(scenario: Scenario, subject: ReferenceSubject | None = None) -> Played:
    """Play ``scenario`` on the reference (or ``subject``) and record every verdict."""
    subject = subject or ReferenceSubject()
    before: Json | None = None
    steps: list[StepPlay] = []
    checks: list[Check] = []
    try:
        subject.start(scenario.game, scenario.options)
        if scenario.setup_refused:
            start = subject.state()
            try:
                subject.setup(scenario.setup or {})
            except SetupRefused as exc:
                changed = state_change(start, subject.state())
                checks.append(Check("the set-up to be refused", changed is None,
                                    str(exc) if changed is None else changed.describe()))
            else:
                checks.append(Check("the set-up to be refused", False, "it was accepted"))
            return Played(scenario, None, None, (), tuple(checks))
        if scenario.setup is not None:
            subject.setup(scenario.setup)
        before = subject.state().state
        for step in scenario.steps:
            steps.append(_step(subject, step))
        if scenario.final is not None:
            checks.append(_expectation(subject, scenario.final, "final state"))
        view = subject.state()
        return Played(scenario, before, view.state, tuple(steps), tuple(checks),
                      now=_situation(subject))
    except (SubjectError, Unsupported) as exc:
        return Played(scenario, before, None, tuple(steps), tuple(checks), error=str(exc))
    finally:
        subject.close()


def _step(subject: ReferenceSubject, step: Step) -> StepPlay:
    moves: list[Move] = []
    checks: list[Check] = []
    for number, action in enumerate(step.actions):
        last = number == len(step.actions) - 1
        start = subject.state() if last and step.violation else None
        refusal = subject.act(action)
        moves.append(Move(action, refusal.rule_id if refusal else None,
                          refusal.message if refusal else ""))
        if last and step.violation is not None:
            wanted = f"a refusal citing {step.violation}"
            if refusal is None:
                checks.append(Check(wanted, False, "the action was accepted"))
            elif refusal.rule_id != step.violation:
                checks.append(Check(wanted, False, f"it cites {refusal.rule_id}"))
            else:
                assert start is not None
                changed = state_change(start, subject.state())
                checks.append(Check(wanted, changed is None,
                                    f"the state changed: {changed.describe()}" if changed else ""))
        elif refusal is not None and step.has_checks:
            checks.append(Check(f"{action} to be accepted", False, "it was refused"))
    if step.legal is not None:
        mismatch = set_mismatch(step.legal, subject.legal(), "legal")
        checks.append(Check("legal: " + (", ".join(step.legal) or "none"), mismatch is None,
                            mismatch.describe() if mismatch else ""))
    if step.expect is not None:
        checks.append(_expectation(subject, step.expect, _compact(step.expect)))
    for observe in step.observe:
        found = match(observe.expect, subject.observe(observe.player),
                      f"observation({observe.player})")
        checks.append(Check(f"player {observe.player} sees {_compact(observe.expect)}",
                            found is None, found.describe() if found else ""))
    return StepPlay(step, tuple(moves), tuple(checks))


def _expectation(subject: ReferenceSubject, expect: Json, what: str) -> Check:
    try:
        check_expect(subject, expect)
    except Divergence as exc:
        return Check(what, False, exc.message)
    return Check(what, True)


def _situation(subject: ReferenceSubject) -> str:
    view = subject.state()
    if view.terminal:
        score = f", score {view.score}" if view.score is not None else ""
        return f"the game is over: returns {view.returns}{score}"
    legal = subject.legal()
    who = "chance" if view.current_player < 0 else f"player {view.current_player}"
    shown = ", ".join(legal[:10]) + (f", ... ({len(legal)} in all)" if len(legal) > 10 else "")
    return f"{who} to act; legal: {shown or 'none'}"


def _compact(doc: Any, limit: int = 160) -> str:
    text = json.dumps(doc, separators=(", ", ": "))
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


# -- HTML ------------------------------------------------------------------------------------
Image = Callable[[str, str], str]
"""``image(name, svg)``: the HTML that shows picture ``svg`` (inline, or a file's ``<img>``);
``name`` is unique per picture (``<scenario id>-before``)."""

RuleLink = Callable[[str], str]
"""``link(rule_id)``: the URL of a rule in the rulebook, or ``""`` for none."""


def rule_anchor(rule_id: str) -> str:
    """The HTML anchor of a rule in the docs' rulebook chapters (as docutils makes it)."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


def rulebook_link(base: str, rulebook: Rulebook | None) -> RuleLink:
    """Links to the rulebook chapters of the docs published at ``base``."""
    def link(rule_id: str) -> str:
        rule = rulebook.rules.get(rule_id) if rulebook is not None else None
        if rule is None:
            return ""
        return f"{base.rstrip('/')}/games/{rule.game}.html#{rule_anchor(rule_id)}"
    return link


def cited_rules(played: Iterable[Played]) -> list[str]:
    """The rule ids the scenarios check and the refusals cite, in order of first mention."""
    ids: list[str] = []
    for item in played:
        for rule_id in [m.refused for s in item.steps for m in s.moves if m.refused]:
            if rule_id not in ids:
                ids.append(rule_id)
        for rule_id in item.scenario.rules:
            if rule_id not in ids:
                ids.append(rule_id)
    return ids


def rules_html(rule_ids: Iterable[str], rulebook: Rulebook | None,
               link: RuleLink | None = None) -> str:
    """Each rule's title and text (rulings with their readings and decision), for a page
    that must be read on its own."""
    if rulebook is None:
        return ""
    wanted = list(rule_ids)
    for rule_id in list(wanted):  # and the rulings those rules refer to
        rule = rulebook.rules.get(rule_id)
        for ref in re.findall(r"\{ref\}`([^`]+)`", rule.text if rule else ""):
            if ".RULING." in ref and ref not in wanted and ref in rulebook.rules:
                wanted.append(ref)
    out = []
    for rule_id in wanted:
        rule = rulebook.rules.get(rule_id)
        if rule is None:
            continue
        text = re.sub(r"\{(?:ref|doc)\}`([^`]+)`", r"\1", rule.text.strip())
        paragraphs = markdown().render(text)  # lists of readings stay lists
        out.append(f'<div class="pos-rule" id="{escape(rule_anchor(rule_id))}">'
                   f"<p class=\"pos-head\">{cite(rule_id, rulebook, link)}</p>{paragraphs}</div>")
    return ('<h2>The rules cited</h2>' + "".join(out)) if out else ""


def inline_image(name: str, svg: str) -> str:
    return f'<div class="pos-svg" id="{escape(name)}">{svg}</div>'


def picture(game: str, doc: Json | None, name: str, image: Image,
            names: Names | None = None) -> str:
    if doc is None:
        return ""
    try:
        svg = state_svg(game, doc, names)
    except RenderError as exc:
        return f'<p class="pos-note">(no picture: {escape(str(exc))})</p>'
    return image(name, svg)


def cite(rule_id: str, rulebook: Rulebook | None, link: RuleLink | None,
         title: bool = True) -> str:
    """A rule id as a link (where the rulebook has it) with its title."""
    rule = rulebook.rules.get(rule_id) if rulebook is not None else None
    url = link(rule_id) if link is not None and rule is not None else ""
    shown = f"<code>{escape(rule_id)}</code>"
    if url:
        shown = f'<a href="{escape(url)}">{shown}</a>'
    if rule is not None and rule.title and title:
        shown += f" <span class=\"pos-title\">{escape(rule.title)}</span>"
    elif rule is None and rulebook is not None:
        shown += " <span class=\"pos-title\">(not in the rulebook)</span>"
    return shown


def figure(played: Played, image: Image, rulebook: Rulebook | None = None,
           link: RuleLink | None = None, heading: bool = True,
           names: Names | None = None, anchor: str = "scenario-") -> str:
    """One scenario: its id and description, the position before and after, each step's
    moves and verdicts, as an HTML fragment."""
    sc = played.scenario
    ok = played.agrees
    out = [f'<div class="pos-figure {"pos-agrees" if ok else "pos-disagrees"}" '
           f'id="{escape(anchor + sc.id)}">']
    if heading:
        badge = ("error" if played.error else "the reference agrees" if ok and played.all_checks
                 else "no expectations: the verdicts below" if ok
                 else "the reference disagrees")
        out.append(f'<p class="pos-head"><span class="pos-id">{escape(sc.id)}</span> '
                   f'<span class="pos-where">{escape(sc.where)}</span> '
                   f'<span class="pos-badge">{badge}</span></p>')
    if sc.description:
        out.append(f'<p class="pos-desc">{escape(sc.description.strip())}</p>')
    if sc.options:
        out.append(f'<p class="pos-where">options {escape(_compact(sc.options))}</p>')
    out.append('<div class="pos-row">')
    if sc.setup_refused:
        out.append('<div class="pos-col"><p class="pos-label">the set-up given (refused)</p>'
                   f'<pre class="pos-json">{escape(_compact(sc.setup, 600))}</pre></div>')
    else:
        start = "the position set up" if sc.setup is not None else "the start"
        out.append(f'<div class="pos-col"><p class="pos-label">{start}</p>'
                   + picture(sc.game, played.before, f"{sc.id}-before", image, names)
                   + "</div>")
    if played.after is not None and any(s.moves for s in played.steps):
        out.append('<div class="pos-col"><p class="pos-label">after the moves</p>'
                   + picture(sc.game, played.after, f"{sc.id}-after", image, names)
                   + "</div>")
    out.append('</div><div class="pos-moves">')
    out.append(_steps_html(played, rulebook, link))
    out.append("</div></div>")
    return "".join(out)


def _steps_html(played: Played, rulebook: Rulebook | None, link: RuleLink | None) -> str:
    out = ['<ol class="pos-steps">']
    for sp in played.steps:
        note = f' <span class="pos-note">{escape(sp.step.note)}</span>' if sp.step.note else ""
        out.append(f"<li>{note}")
        for move in sp.moves:
            if move.refused is None:
                out.append(f'<div class="pos-move"><code>{escape(move.action)}</code> '
                           '\u2192 <span class="pos-ok">accepted</span></div>')
            else:
                said = (f'<div class="pos-said">{escape(move.message)}</div>'
                        if move.message else "")
                out.append(f'<div class="pos-move"><code>{escape(move.action)}</code> '
                           f'\u2192 <span class="pos-refused">refused</span>, citing '
                           f'{cite(move.refused, rulebook, link)}{said}</div>')
        if not sp.moves:
            out.append('<div class="pos-move pos-note">(no move: checks only)</div>')
        out.append(_checks_html(sp.checks))
        out.append("</li>")
    out.append("</ol>")
    out.append(_checks_html(played.checks))
    if played.error:
        out.append(f'<p class="pos-bad">error: {escape(played.error)}</p>')
    elif played.now:
        out.append(f'<p class="pos-note">now: {escape(played.now)}</p>')
    rules = played.scenario.rules
    if rules:
        out.append('<p class="pos-rules">checks ' + ", ".join(
            cite(r, rulebook, link, title=False) for r in rules) + "</p>")
    return "".join(out)


def _checks_html(checks: Iterable[Check]) -> str:
    items = []
    for check in checks:
        mark = ('<span class="pos-ok">\u2713 agrees</span>' if check.agrees
                else '<span class="pos-bad">\u2717 disagrees</span>')
        detail = f": {escape(check.detail)}" if check.detail and not check.agrees else ""
        items.append(f'<div class="pos-check">expected {escape(check.what)} {mark}{detail}'
                     "</div>")
    return "".join(items)


# -- rulings: the readings beside what the suite pins ----------------------------------------
_READING = re.compile(r"\(([a-z])\)\s")


def _paragraph(rule: Rule, word: str) -> str:
    """The text of a ruling's ``**Word:**`` (or ``**Word**:``) paragraph, on one line."""
    found = re.search(rf"\*\*{word}(?::\*\*|\*\*:)(.*?)(?:\n\n|\Z)", rule.text, re.S)
    return " ".join(found.group(1).split()) if found else ""


def _reading_text(text: str) -> str:
    """One reading's words: without the ``-`` that starts the next reading's line when the
    readings are written as a list, nor the ``;`` that ends it."""
    text = text.strip()
    if text.endswith(" -") or text == "-":
        text = text[:-1]
    return text.strip().rstrip(";").strip()


def readings(rule: Rule) -> tuple[list[tuple[str, str]], str]:
    """A ruling's lettered readings as ``(letter, text)`` and the letter its decision takes
    (``""`` when the decision names none)."""
    parts = _READING.split(_paragraph(rule, "Readings"))
    pairs = [(parts[i], _reading_text(parts[i + 1])) for i in range(1, len(parts) - 1, 2)]
    chosen = re.match(r"\s*\(([a-z])\)", _paragraph(rule, "Decision"))
    return pairs, chosen.group(1) if chosen and pairs else ""


def ruling_panel(rule: Rule, played: list[Played], anchor: str = "scenario-") -> str:
    """A ruling's readings side by side; beside them (or under the reading decided) what
    each pinning scenario shows the reference doing: its moves and the verdict."""
    pairs, chosen = readings(rule)
    text, decision = _paragraph(rule, "Readings"), _paragraph(rule, "Decision")
    if not (text or pairs) or not played:
        return ""
    outcomes = []
    for item in played:
        moves = [m for s in item.steps for m in s.moves]
        shown = "; ".join(
            f"<code>{escape(m.action)}</code> "
            + ("accepted" if m.refused is None
               else f"refused citing <code>{escape(m.refused)}</code>")
            for m in moves[-4:])
        verdict = "agrees" if item.agrees else "disagrees"
        outcomes.append(f'<p class="pos-outcome"><a href="#{escape(anchor + item.scenario.id)}">'
                        f"{escape(item.scenario.id)}</a>: {shown or 'set-up checks'} "
                        f"(the reference {verdict})</p>")
    columns = []
    if not pairs:
        columns.append('<div class="pos-reading"><p class="pos-label">the readings considered'
                       f"</p><p>{_markdown(text)}</p></div>")
    for letter, reading in pairs:
        decided = letter == chosen
        columns.append(
            f'<div class="pos-reading{" pos-decided" if decided else ""}">'
            f'<p class="pos-label">reading ({escape(letter)})'
            + (" \u2014 the decision" if decided else " \u2014 not taken") + "</p>"
            f"<p>{_markdown(reading)}</p>"
            + ("".join(outcomes) if decided
               else '<p class="pos-note">the suite pins the decision, not this reading</p>')
            + "</div>")
    if not chosen:
        columns.append('<div class="pos-reading pos-decided"><p class="pos-label">the decision'
                       f"</p><p>{_markdown(decision)}</p>{''.join(outcomes)}</div>")
    return '<div class="pos-readings">' + "".join(columns) + "</div>"


@lru_cache(maxsize=1)
def markdown() -> Any:
    """The Markdown parser of rule texts: CommonMark with tables (markdown-it-py, the parser
    MyST is built on), raw HTML in the text shown as text."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _markdown(text: str) -> str:
    """The little Markdown a reading uses: roles, code and emphasis, escaped."""
    text = re.sub(r"\{(?:ref|doc)\}`([^`]+)`", r"\1", text)
    html = escape(text)
    html = re.sub(r"`([^`]+)`", r"<code>\1</code>", html)
    html = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", html)
    return re.sub(r"\*([^*]+)\*", r"<em>\1</em>", html)


CSS = """
.pos-figure{border:1px solid #cfd8d3;border-left:5px solid #2f6b55;border-radius:8px;
  padding:.6em .8em;margin:.8em 0;background:#fbfcfb;font-size:.92em}
.pos-figure.pos-disagrees{border-left-color:#d9534f}
.pos-head{margin:0 0 .3em 0}.pos-id{font-weight:bold;font-family:monospace}
.pos-where{color:#667;font-size:.85em}.pos-badge{float:right;color:#2f6b55;font-size:.85em}
.pos-disagrees .pos-badge{color:#d9534f}
.pos-desc{margin:.2em 0 .5em 0}
.pos-row{display:flex;flex-wrap:wrap;gap:.8em;align-items:flex-start}
.pos-col{flex:1 1 300px;min-width:0}.pos-col img,.pos-svg svg{max-width:100%;height:auto}
.pos-moves{margin-top:.4em}
.pos-label{font-size:.8em;color:#556;text-transform:uppercase;letter-spacing:.04em;margin:0 0 .2em}
.pos-steps{margin:0;padding-left:1.4em}.pos-move{margin:.15em 0}
.pos-said{color:#667;font-size:.85em;margin-left:1em}
.pos-check{font-size:.88em;margin-left:1em}
.pos-ok{color:#2e7d32;font-weight:bold}.pos-refused{color:#b45309;font-weight:bold}
.pos-bad{color:#c62828;font-weight:bold}.pos-note{color:#667;font-size:.88em}
.pos-rules{font-size:.85em;color:#445}.pos-title{color:#556}
.pos-json{white-space:pre-wrap;font-size:.8em;max-height:12em;overflow:auto}
.pos-readings{display:flex;flex-wrap:wrap;gap:.6em;margin:.6em 0}
.pos-reading{flex:1 1 220px;border:1px solid #d5d9dc;border-radius:8px;padding:.4em .7em;
  background:#f6f7f8;color:#556}
.pos-reading.pos-decided{border-color:#2f6b55;background:#eef6f1;color:#222}
.pos-outcome{font-size:.88em;margin:.2em 0}
.pos-rule{border-top:1px solid #d5d9dc;margin:.6em 0;padding-top:.3em;font-size:.92em}
details.pos-scenarios>summary{cursor:pointer;color:#2f6b55;font-weight:bold;margin:.4em 0}
"""


def standalone_page(title: str, body: str, intro: str = "") -> str:
    """A whole HTML page (no outside file, no script) around figures."""
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{escape(title)}</title><meta name=\"viewport\" "
        "content=\"width=device-width,initial-scale=1\">"
        f"<style>body{{font-family:system-ui,sans-serif;max-width:72em;margin:1em auto;"
        f"padding:0 1em;color:#222}}{CSS}</style></head><body>"
        f"<h1>{escape(title)}</h1>{intro}{body}</body></html>\n"
    )
