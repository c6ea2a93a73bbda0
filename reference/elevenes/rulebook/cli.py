"""``elevenes rules``: show a rule by id, search the rulebook, list the ids."""

from __future__ import annotations

import argparse
import json
import re
import textwrap

from ..core.errors import ElevenesError
from .index import Rule, Rulebook, load_rulebook


def add_arguments(parser: argparse.ArgumentParser) -> None:
    subs = parser.add_subparsers(dest="rules_command", metavar="{show,search,list}")
    subs.required = True
    show = subs.add_parser("show", help="print rules by id, with their source and text")
    show.add_argument("ids", nargs="+", metavar="ID", help="a rule id, e.g. PREFIX.TOPIC.NAME")
    show.add_argument("--json", action="store_true", help="print the rules as JSON")
    search = subs.add_parser("search", help="rules mentioning the words, best first")
    search.add_argument("words", nargs="+", metavar="WORD")
    search.add_argument("--game", default=None, help="only this game's rules")
    search.add_argument("--limit", type=int, default=20, help="at most this many (default 20)")
    listing = subs.add_parser("list", help="list the rule ids and titles")
    listing.add_argument("--game", default=None, help="only this game's rules")
    listing.add_argument("--rulings", action="store_true", help="only the rulings")


def run(args: argparse.Namespace) -> int:
    rulebook = load_rulebook()
    command: str = args.rules_command
    if command == "show":
        return _show(rulebook, args.ids, args.json)
    if command == "search":
        _check_game(rulebook, args.game)
        found = rulebook.search(args.words, game=args.game)
        if not found:
            print(f"no rule mentions {' '.join(args.words)!r}")
            return 1
        for rule in found[: max(args.limit, 1)]:
            print(_line(rule))
        if len(found) > args.limit:
            print(f"... and {len(found) - args.limit} more (use --limit)")
        return 0
    _check_game(rulebook, args.game)
    for rule in rulebook:
        if args.game is not None and rule.game != args.game:
            continue
        if args.rulings and not rule.is_ruling:
            continue
        print(_line(rule))
    return 0


def _check_game(rulebook: Rulebook, game: str | None) -> None:
    if game is not None and game not in rulebook.games():
        known = ", ".join(rulebook.games()) or "none yet"
        raise ElevenesError(f"the rulebook has no chapter for game {game!r}; it has: {known}")


def _find(rulebook: Rulebook, rule_id: str) -> Rule:
    if rule_id not in rulebook and rule_id.upper() in rulebook:
        rule_id = rule_id.upper()
    return rulebook.get(rule_id)


def _show(rulebook: Rulebook, ids: list[str], as_json: bool) -> int:
    rules = [_find(rulebook, rule_id) for rule_id in ids]
    if as_json:
        docs = [
            {
                "id": r.id,
                "game": r.game,
                "title": r.title,
                "text": r.text,
                "file": r.file,
                "line": r.line,
                "is_ruling": r.is_ruling,
            }
            for r in rules
        ]
        print(json.dumps(docs if len(docs) > 1 else docs[0], indent=2, ensure_ascii=False))
        return 0
    for number, rule in enumerate(rules):
        if number:
            print()
        kind = "ruling" if rule.is_ruling else "rule"
        print(f"{rule.id}: {rule.title}" if rule.title else rule.id)
        print(f"  {kind} of {rule.game}, rulebook/{rule.where}")
        print()
        print(plain_text(rule.text, indent="  ") if rule.text else "  (no text)")
        checked = _scenarios_citing(rule.id)
        if checked:
            print()
            print(f"  checked by {len(checked)} scenario{'s' if len(checked) != 1 else ''}:")
            print(fill(", ".join(checked), indent="    "))
    return 0


# -- MyST as terminal text -----------------------------------------------------------------------
_ROLE = re.compile(r"\{[a-z-]+\}`([^`<]*?)\s*(?:<([^`>]+)>)?`")
_ANCHOR = re.compile(r"^\(([^)\s]+)\)=\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")
_EMPHASIS = re.compile(r"(\*\*|__|\*)(\S(?:.*?\S)?)\1")
_CODE = re.compile(r"``?([^`]+)``?")
_ITEM = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)")


def fill(text: str, width: int = 96, indent: str = "") -> str:
    """Wrap at spaces only: an id such as ``efo-sugar-score-two-minutes`` or
    ``EFO.RULING.FRONT-FIRST`` is never split across lines."""
    return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False)


def plain_inline(text: str) -> str:
    """One line of MyST as plain text: ``{ref}`ID``` -> ID, ``{ref}`words <ID>``` ->
    words (ID), links -> text (url), emphasis and code marks dropped."""
    def role(found: re.Match[str]) -> str:
        shown, target = found.group(1).strip(), found.group(2)
        if target and shown:
            return f"{shown} ({target.strip()})"
        return shown or (target or "").strip()

    text = _ROLE.sub(role, text)
    text = _LINK.sub(lambda m: m.group(1) if m.group(1) == m.group(2) else
                     f"{m.group(1)} ({m.group(2)})", text)
    text = _CODE.sub(r"\1", text)
    return _EMPHASIS.sub(r"\2", text)


def plain_text(text: str, width: int = 96, indent: str = "") -> str:
    """A rule's MyST text for the terminal: anchors ``(ID)=`` and directive fences dropped
    (a fenced block is kept verbatim), roles, links, emphasis and code marks turned to plain
    words, headings as plain lines, paragraphs and list items re-wrapped to ``width``
    without splitting ids."""
    out: list[str] = []
    paragraph: list[str] = []
    prefix = ""

    def flush() -> None:
        nonlocal prefix
        if paragraph:
            body = plain_inline(" ".join(paragraph))
            first = indent + prefix
            out.append(textwrap.fill(
                body, width, initial_indent=first, subsequent_indent=indent + " " * len(prefix),
                break_long_words=False, break_on_hyphens=False))
            paragraph.clear()
        prefix = ""

    fence: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            else:
                out.append(indent + "  " + line)
            continue
        if stripped.startswith(("```", "~~~")):
            flush()
            fence = stripped[:3]
            continue
        if _ANCHOR.match(stripped):
            continue
        if not stripped:
            flush()
            if out and out[-1] != "":
                out.append("")
            continue
        if stripped.startswith("#"):
            flush()
            out.append(indent + plain_inline(stripped.lstrip("#").strip()))
            continue
        item = _ITEM.match(line)
        if item:
            flush()
            prefix = item.group(1).strip() + " "
            paragraph.append(line[item.end():].strip())
            continue
        paragraph.append(stripped)
    flush()
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out)


def _scenarios_citing(rule_id: str) -> list[str]:
    """The ids of the shipped scenarios that cite the rule (files that fail to load are
    left out here; ``elevenes conform`` reports them)."""
    from ..conformance.loader import load_suite

    suite = load_suite()
    return sorted(item.id for item in suite.items if rule_id in item.cited_rules())


def _line(rule: Rule) -> str:
    return f"{rule.id:<32} {rule.title}"
