"""Which rules the suite checks: rules no scenario cites, and cited ids the rulebook lacks."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any

import attrs

from ..rulebook.index import Rulebook
from .model import Item


@attrs.frozen
class Citation:
    """A rule id cited by a scenario (in ``rules`` or as a step's ``violation``)."""

    rule_id: str
    item: str
    where: str
    suggestion: str | None = None


@attrs.frozen
class Coverage:
    total: int
    """How many rules of the rulebook (of the games looked at)."""
    covered: list[str]
    uncovered: dict[str, list[str]]
    """Game -> the ids of its rules that no scenario cites."""
    unknown: list[Citation]
    """Ids cited by scenarios that the rulebook does not have: errors."""
    dangling: list[tuple[str, str]] = attrs.field(factory=list)
    """(ruling id, scenario id): a ruling's **Pinned by** names a scenario the suite lacks
    (a warning: the scenario may be on its way)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "covered": len(self.covered),
            "uncovered": self.uncovered,
            "unknown": [attrs.asdict(c) for c in self.unknown],
            "dangling_pins": [list(pair) for pair in self.dangling],
        }

    def write_text(self, out: IO[str] = sys.stdout, verbose: bool = False) -> None:
        del verbose
        missing = sum(len(ids) for ids in self.uncovered.values())
        out.write(f"coverage: {len(self.covered)} of {self.total} rules cited by a scenario\n")
        if missing:
            out.write(f"rules no scenario cites ({missing}):\n")
            for game, ids in self.uncovered.items():
                for rule_id in ids:
                    out.write(f"  {game}: {rule_id}\n")
        for ruling, scenario in self.dangling:
            out.write(
                f"warning: {ruling} is pinned by scenario {scenario}, which the suite lacks\n"
            )
        for citation in self.unknown:
            hint = f" (did you mean {citation.suggestion}?)" if citation.suggestion else ""
            out.write(
                f"ERROR {citation.where}: scenario {citation.item} cites {citation.rule_id}, "
                f"which is not in the rulebook{hint}\n"
            )


def compute_coverage(
    items: Iterable[Item],
    rulebook: Rulebook,
    games: Sequence[str] | None = None,
    all_ids: Iterable[str] | None = None,
) -> Coverage:
    """Coverage of ``rulebook`` (only the chapters of ``games`` when given) by ``items``.

    Rulings' **Pinned by** scenarios are looked up among ``all_ids`` (default: the ids of
    ``items``); pass the ids of the whole suite when ``items`` is a selection.
    """
    items = list(items)
    known_ids = set(all_ids) if all_ids is not None else {item.id for item in items}
    cited: set[str] = set()
    unknown: list[Citation] = []
    for item in items:
        for rule_id in item.cited_rules():
            if rule_id in rulebook:
                cited.add(rule_id)
            else:
                close = rulebook.suggest(rule_id, n=1)
                unknown.append(Citation(rule_id, item.id, item.where, close[0] if close else None))
    wanted = [rule for rule in rulebook if not games or rule.game in games]
    uncovered: dict[str, list[str]] = {}
    covered: list[str] = []
    for rule in wanted:
        if rule.id in cited:
            covered.append(rule.id)
        else:
            uncovered.setdefault(rule.game, []).append(rule.id)
    dangling = [
        (rule.id, scenario)
        for rule in wanted
        if rule.is_ruling
        for scenario in rule.pinned_by
        if scenario not in known_ids
    ]
    return Coverage(
        dangling=dangling,
        total=len(wanted),
        covered=covered,
        uncovered={game: ids for game, ids in sorted(uncovered.items())},
        unknown=unknown,
    )
