"""What a conformance file holds, once loaded and validated: scenarios and perft checks."""

from __future__ import annotations

from typing import Any

import attrs

Json = dict[str, Any]

RULES, STRICT = "rules", "strict"
PROFILES = (RULES, STRICT)
"""The profiles of the suite (docs/suite.md, "Profiles"): ``rules``, the default, holds play and
the set-up refusals a document needs to be read as a position at all; ``strict`` holds the
consistency checks of a loaded state document (only ``setup_refused`` scenarios)."""


@attrs.frozen
class Observe:
    """Check what ``player`` may see against a partial observation."""

    player: int
    expect: Json


@attrs.frozen
class Step:
    """Actions in a row, then the checks made after them."""

    index: int
    """0-based position in the scenario (reports say ``step index + 1``)."""
    actions: tuple[str, ...]
    expect: Json | None = None
    legal: tuple[str, ...] | None = None
    violation: str | None = None
    """The rule id the *last* action must be refused with."""
    observe: tuple[Observe, ...] = ()
    note: str = ""
    line: int = 0

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def has_checks(self) -> bool:
        return bool(
            self.expect is not None
            or self.legal is not None
            or self.violation is not None
            or self.observe
        )

    def label(self) -> str:
        if not self.actions:
            return f"step {self.number}"
        shown = ", ".join(self.actions[:3]) + (", ..." if len(self.actions) > 3 else "")
        return f"step {self.number} ({shown})"


class _Located:
    """Scenarios and perft checks are reported by ``file:line``."""

    file: str
    line: int

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


@attrs.frozen
class Scenario(_Located):
    id: str
    game: str
    options: Json = attrs.field(factory=dict)
    rules: tuple[str, ...] = ()
    description: str = ""
    setup: Json | None = None
    setup_refused: bool = False
    """The ``setup`` document must be refused; the start position must remain."""
    steps: tuple[Step, ...] = ()
    final: Json | None = None
    xfail: str | None = None
    file: str = ""
    line: int = 0
    profile: str = RULES

    kind = "scenario"


    def cited_rules(self) -> list[str]:
        """Every rule id the scenario names: its ``rules`` and its steps' violations."""
        cited = list(self.rules)
        for step in self.steps:
            if step.violation and step.violation not in cited:
                cited.append(step.violation)
        return cited


@attrs.frozen
class Perft(_Located):
    id: str
    game: str
    depth: int
    counts: tuple[int, ...]
    divide: dict[str, int] | None = None
    options: Json = attrs.field(factory=dict)
    rules: tuple[str, ...] = ()
    description: str = ""
    setup: Json | None = None
    xfail: str | None = None
    file: str = ""
    line: int = 0

    kind = "perft"
    profile = RULES
    """Perft checks count play: always the rules profile."""


    def cited_rules(self) -> list[str]:
        return list(self.rules)


Item = Scenario | Perft
