"""The rulebook index: every rule of every ``rulebook/<game>/rules.md`` by its stable id.

(Other Markdown files of a game's folder, e.g. a chapter of rulings, are read too, after
``rules.md``.)

A rule is a MyST anchor line ``(ID)=`` followed by its heading and its text, up to the next
rule anchor or the next heading of the same or a higher level::

    (PREFIX.TOPIC.NAME)=
    ### PREFIX.TOPIC.NAME: Short title
    Body in the project's own words.

The game a rule belongs to is the folder its file is in; the id prefixes each folder uses are
learnt from the files, never hard-coded.  The same id in two places is an error.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

import attrs

from ..core.errors import ElevenesError
from ..paths import rulebook_dir

RULE_ID = re.compile(r"[A-Z][A-Z0-9]*(?:\.[A-Z0-9][A-Z0-9\-]*)+")
"""The shape of a rule id: an uppercase prefix, then dot-separated uppercase parts."""

_ANCHOR = re.compile(r"^\(([^()\s]+)\)=\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LOOKS_LIKE_ID = re.compile(r"^[A-Z][A-Z0-9]*\.")
_FENCE = re.compile(r"^\s*(```|~~~)")
_PINNED = re.compile(r"\*\*Pinned by:?\*\*:?(.*?)(?:\n\s*\n|\Z)", re.DOTALL | re.IGNORECASE)
_SCENARIO_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/\-]*[A-Za-z0-9]|[A-Za-z0-9]")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-]*")


class RulebookError(ElevenesError):
    """The rulebook files themselves are inconsistent (a duplicate id, a bad anchor)."""


class UnknownRule(ElevenesError):
    """A rule id the rulebook does not have."""

    def __init__(self, rule_id: str, suggestions: Iterable[str] = ()) -> None:
        self.rule_id = rule_id
        self.suggestions = list(suggestions)
        message = f"unknown rule id {rule_id!r}"
        if self.suggestions:
            message += "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        super().__init__(message)


@attrs.frozen
class Rule:
    """One rule (or ruling) of the rulebook."""

    id: str
    game: str
    title: str
    text: str
    file: str
    line: int

    @property
    def is_ruling(self) -> bool:
        return ".RULING." in self.id

    @property
    def pinned_by(self) -> tuple[str, ...]:
        """The scenario ids a ruling's **Pinned by** paragraph names (empty for a rule)."""
        found = _PINNED.search(self.text)
        if not found:
            return ()
        paragraph = found.group(1)
        quoted = re.findall(r"`([^`]+)`", paragraph)
        words = quoted or re.split(r"[\s,;]+", paragraph)
        ids = (w.strip().rstrip(".") for w in words)
        return tuple(i for i in ids if _SCENARIO_ID.fullmatch(i))

    @property
    def prefix(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def summary(self) -> str:
        """``ID (Title)``: how a verdict cites the rule."""
        return f"{self.id} ({self.title})" if self.title else self.id


def parse_rules(text: str, game: str, file: str) -> list[Rule]:
    """The rules anchored in one Markdown file (in file order)."""
    lines = text.splitlines()
    rules: list[Rule] = []
    # (id, anchor line index, title, heading level, first body line index)
    open_rule: tuple[str, int, str, int, int] | None = None
    body: list[str] = []
    in_fence = False

    def close() -> None:
        nonlocal open_rule
        if open_rule is None:
            return
        rule_id, anchor_line, title, _level, _start = open_rule
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        rules.append(
            Rule(
                id=rule_id,
                game=game,
                title=title,
                text="\n".join(body),
                file=file,
                line=anchor_line + 1,
            )
        )
        open_rule = None
        body.clear()

    index = 0
    while index < len(lines):
        line = lines[index]
        if _FENCE.match(line):
            in_fence = not in_fence
        anchor = None if in_fence else _ANCHOR.match(line)
        heading = None if in_fence else _HEADING.match(line)
        if anchor:
            label = anchor.group(1)
            if not RULE_ID.fullmatch(label):
                if _LOOKS_LIKE_ID.match(label):
                    raise RulebookError(
                        f"{file}:{index + 1}: anchor ({label})= is not a valid rule id "
                        "(uppercase parts separated by dots, e.g. PREFIX.TOPIC.NAME)"
                    )
                # An ordinary MyST label (a chapter, a section): ends the open rule.
                close()
                index += 1
                continue
            close()
            title = ""
            level = 7
            start = index + 1
            # The heading normally follows the anchor (blank lines allowed).
            look = index + 1
            while look < len(lines) and not lines[look].strip():
                look += 1
            found = _HEADING.match(lines[look]) if look < len(lines) else None
            if found:
                level = len(found.group(1))
                title = _strip_id(found.group(2), label)
                start = look + 1
            open_rule = (label, index, title, level, start)
            index = start
            continue
        if heading and open_rule is not None and len(heading.group(1)) <= open_rule[3]:
            close()
        if open_rule is not None:
            body.append(line)
        index += 1
    close()
    return rules


def _strip_id(heading: str, rule_id: str) -> str:
    """``ID: Title`` (or ``ID Title``, ``ID - Title``) -> ``Title``."""
    text = heading.strip()
    for candidate in (rule_id, f"`{rule_id}`", f"**{rule_id}**"):
        if text.startswith(candidate):
            return text[len(candidate) :].lstrip(" :.-\u2013\u2014").strip()
    return text


@attrs.frozen
class Rulebook:
    """Every rule, by id."""

    rules: dict[str, Rule]
    root: str = ""

    @classmethod
    def from_rules(cls, rules: Iterable[Rule], root: str = "") -> Rulebook:
        by_id: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in by_id:
                first = by_id[rule.id]
                raise RulebookError(
                    f"{rule.where}: rule id {rule.id} is already defined at {first.where}"
                )
            by_id[rule.id] = rule
        return cls(rules=by_id, root=root)

    @classmethod
    def from_dir(cls, root: Path) -> Rulebook:
        """Read every ``<root>/<game>/rules.md``, then the folder's other ``*.md`` (uncached)."""
        rules: list[Rule] = []
        if root.is_dir():
            paths = sorted(
                root.glob("*/*.md"), key=lambda p: (p.parent.name, p.name != "rules.md", p.name)
            )
            for path in paths:
                game = path.parent.name
                try:
                    text = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError) as exc:
                    raise RulebookError(f"{path}: cannot read: {exc}") from exc
                rules.extend(parse_rules(text, game, f"{game}/{path.name}"))
        return cls.from_rules(rules, root=str(root))

    # -- look-up ----------------------------------------------------------------------------
    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules[i] for i in sorted(self.rules))

    def __len__(self) -> int:
        return len(self.rules)

    def get(self, rule_id: str) -> Rule:
        """The rule with this id; ``UnknownRule`` (with a suggestion) when there is none."""
        rule = self.rules.get(rule_id)
        if rule is None:
            raise UnknownRule(rule_id, self.suggest(rule_id))
        return rule

    def suggest(self, rule_id: str, n: int = 2) -> list[str]:
        """The ids closest to a mistyped one."""
        wanted = rule_id.strip().upper()
        if wanted in self.rules:
            return [wanted]
        prefix = wanted.split(".", 1)[0]
        same_game = [i for i in self.rules if i.split(".", 1)[0] == prefix]
        # A known prefix: suggest only that game's ids; a mistyped prefix: any id.
        pool = same_game or list(self.rules)
        return difflib.get_close_matches(wanted, pool, n=n, cutoff=0.6)

    def ids(self, game: str | None = None) -> list[str]:
        """The rule ids, sorted; only those of ``game``'s folder when given."""
        return sorted(i for i, r in self.rules.items() if game is None or r.game == game)

    def games(self) -> list[str]:
        return sorted({rule.game for rule in self.rules.values()})

    def prefixes(self) -> dict[str, list[str]]:
        """Id prefix -> the games (folders) whose rules use it."""
        result: dict[str, set[str]] = {}
        for rule in self.rules.values():
            result.setdefault(rule.prefix, set()).add(rule.game)
        return {prefix: sorted(games) for prefix, games in sorted(result.items())}

    def game_of(self, rule_id: str) -> str | None:
        """The game a (possibly unknown) id belongs to, known by the folder of its prefix."""
        rule = self.rules.get(rule_id)
        if rule is not None:
            return rule.game
        games = self.prefixes().get(rule_id.split(".", 1)[0], [])
        return games[0] if len(games) == 1 else None

    def covers(self, rule_id_or_prefix: str) -> bool:
        """True for a known id, and for a prefix ending in a dot that starts some id."""
        if rule_id_or_prefix.endswith("."):
            return any(i.startswith(rule_id_or_prefix) for i in self.rules)
        return rule_id_or_prefix in self.rules

    def search(self, words: Iterable[str], game: str | None = None) -> list[Rule]:
        """Rules mentioning the words, best first.

        A rule ranks by how many of the words it mentions, then by where: a hit in the id
        weighs most, then the title, then the text.  Rules mentioning none are left out.
        """
        terms = [w.lower() for word in words for w in _WORD.findall(word)]
        if not terms:
            return []
        ranked: list[tuple[int, int, str, Rule]] = []
        for rule in self.rules.values():
            if game is not None and rule.game != game:
                continue
            rule_id = rule.id.lower()
            title = rule.title.lower()
            text = rule.text.lower()
            matched = 0
            weight = 0
            for term in terms:
                hits = 8 * rule_id.count(term) + 4 * title.count(term) + text.count(term)
                if hits:
                    matched += 1
                    weight += hits
            if matched:
                ranked.append((-matched, -weight, rule.id, rule))
        ranked.sort(key=lambda item: item[:3])
        return [item[3] for item in ranked]


@lru_cache(maxsize=8)
def _load(root: str) -> Rulebook:
    return Rulebook.from_dir(Path(root))


def load_rulebook(root: Path | str | None = None) -> Rulebook:
    """The shipped rulebook (or the one under ``root``), read once and cached."""
    path = Path(root) if root is not None else rulebook_dir()
    return _load(str(path.resolve()))


def clear_cache() -> None:
    """Forget the cached rulebooks (after the files changed)."""
    _load.cache_clear()
