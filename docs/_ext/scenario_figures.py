"""Sphinx extension: the rulebook illustrated by its conformance suite.

Under every rule and ruling of the rulebook chapters (``games/*``) it puts each scenario
that cites the rule (``rules:``) or that a ruling names (**Pinned by**): the position drawn,
the moves, what the scenario expects and the reference's verdict with its rule id.  The
scenarios are loaded and played when the docs are built, so a picture cannot drift from the
suite (a scenario the reference does not pass is a build warning).  A ruling also gets its
readings side by side, the decided one with what the pinning scenarios show.  The pages are
built by ``elevenes.render.page`` (``elevenes judge --html`` uses the same code); the
pictures are written once per scenario under ``_scenarios/``.

It also gives the directive ``position``, which draws a state file inline::

    ```{position} examples/efo-turn.json
    :player: 0
    ```
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from elevenes.conformance.loader import load_suite, suite_files
from elevenes.conformance.model import Scenario
from elevenes.core.errors import ElevenesError
from elevenes.games import load_game
from elevenes.render import observation_svg, state_svg
from elevenes.render.page import CSS, Played, figure, play, ruling_panel
from elevenes.rulebook.index import Rulebook, load_rulebook

PICTURES = "_scenarios"
CSS_FILE = "scenario-figures.css"
OPEN_UP_TO = 3  # a rule with this many scenarios or fewer shows them unfolded
LOG = logging.getLogger(__name__)


class Illustrations:
    """The suite, the rulebook and the scenarios played (each once per build)."""

    def __init__(self) -> None:
        suite = load_suite(strict=True)
        self.rulebook: Rulebook = load_rulebook()
        self.scenarios = [item for item in suite.items if isinstance(item, Scenario)]
        by_id = {sc.id: sc for sc in self.scenarios}
        self.by_rule: dict[str, list[Scenario]] = {}
        for sc in self.scenarios:
            for rule_id in sc.rules:
                self.by_rule.setdefault(rule_id, []).append(sc)
        for rule in self.rulebook.rules.values():
            for sc_id in rule.pinned_by:
                found = by_id.get(sc_id)
                if found is not None and found not in self.by_rule.get(rule.id, []):
                    self.by_rule.setdefault(rule.id, []).append(found)
        self.anchors = {nodes.make_id(rule_id): rule_id for rule_id in self.rulebook.rules}
        self._played: dict[str, Played] = {}
        self.written: set[str] = set()

    def played(self, scenario: Scenario) -> Played:
        """The scenario played on the reference (once); a disagreement is a build warning,
        so the rulebook never shows a verdict the suite does not pass."""
        if scenario.id not in self._played:
            result = self._played[scenario.id] = play(scenario)
            if not result.agrees and not scenario.xfail:
                LOG.warning("scenario %s (%s): the reference does not pass it: %s", scenario.id,
                            scenario.where, result.error or next(
                                (c.detail or c.what for c in result.all_checks if not c.agrees),
                                ""))
        return self._played[scenario.id]


def _illustrations(app: Sphinx) -> Illustrations:
    found: Illustrations | None = getattr(app, "_elevenes_illustrations", None)
    if found is None:
        found = Illustrations()
        app._elevenes_illustrations = found  # type: ignore[attr-defined]
    return found


def add_figures(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Append the scenarios of each rule to the rule's section (rulebook chapters only)."""
    if not docname.startswith("games/") or app.builder.format != "html":
        return
    ill = _illustrations(app)
    out = Path(app.outdir) / PICTURES
    out.mkdir(parents=True, exist_ok=True)
    prefix = "../" * docname.count("/")

    def image(name: str, svg: str) -> str:
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in name)
        if safe not in ill.written:
            (out / f"{safe}.svg").write_text(svg, encoding="utf-8")
            ill.written.add(safe)
        return (f'<img src="{prefix}{PICTURES}/{safe}.svg" alt="the position of '
                f'{safe}" loading="lazy">')

    def link(rule_id: str) -> str:
        rule = ill.rulebook.rules.get(rule_id)
        if rule is None:
            return ""
        target = app.builder.get_relative_uri(docname, f"games/{rule.game}")
        return f"{target}#{nodes.make_id(rule_id)}"

    for section in list(doctree.findall(nodes.section)):
        rule_id = next((ill.anchors[i] for i in section["ids"] if i in ill.anchors), None)
        if rule_id is None:
            continue
        scenarios = ill.by_rule.get(rule_id, [])
        if not scenarios:
            continue
        played = [ill.played(sc) for sc in scenarios]
        anchor = f"{nodes.make_id(rule_id)}--"
        html = []
        rule = ill.rulebook.rules[rule_id]
        if rule.is_ruling:
            html.append(ruling_panel(rule, played, anchor))
        count = len(scenarios)
        kind = "ruling" if rule.is_ruling else "rule"
        summary = (f"{count} scenario{'s' if count != 1 else ''} of the conformance suite "
                   f"check{'s' if count == 1 else ''} this {kind}")
        html.append(f'<details class="pos-scenarios"{" open" if count <= OPEN_UP_TO else ""}>'
                    f"<summary>{summary}</summary>")
        html.extend(figure(p, image, ill.rulebook, link, anchor=anchor) for p in played)
        html.append("</details>")
        section += nodes.raw("", "".join(html), format="html")


def depend_on_suite(app: Sphinx, doctree: nodes.document) -> None:
    """A rulebook chapter is rebuilt whenever a file of the suite changes (not only when its
    own text does), so an incremental build shows the suite as it is too."""
    if app.env.docname.startswith("games/"):
        for path in suite_files():
            app.env.note_dependency(str(path.resolve()))


def write_css(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(parents=True, exist_ok=True)
        (static / CSS_FILE).write_text(CSS, encoding="utf-8")


class PositionDirective(SphinxDirective):
    """``position FILE``: the state in FILE (relative to this page) drawn inline; with
    ``:player: N`` what player N sees."""

    required_arguments = 1
    option_spec = {"player": directives.nonnegative_int}

    def run(self) -> list[nodes.Node]:
        rel, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        self.env.note_dependency(rel)
        try:
            doc: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
            game = load_game(doc["game"], options=doc.get("options"))
            state = game.state_from_json(doc)
            player = self.options.get("player")
            svg = (state_svg(doc["game"], state.to_json()) if player is None
                   else observation_svg(doc["game"], state.observation(player)))
        except (OSError, ValueError, KeyError, ElevenesError) as exc:
            raise self.error(f"position {self.arguments[0]}: {exc}") from None
        return [nodes.raw("", f'<div class="pos-svg">{svg}</div>', format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-read", depend_on_suite)
    app.connect("doctree-resolved", add_figures)
    app.connect("build-finished", write_css)
    app.add_css_file(CSS_FILE)
    app.add_directive("position", PositionDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": False}
