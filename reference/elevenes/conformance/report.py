"""Results of a conformance run and the reports made of them (text and JSON)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from typing import IO, Any

import attrs

from ..core.terminal import fit, terminal_columns
from .coverage import Coverage
from .loader import LoadError
from .matcher import MISSING, show
from .model import PROFILES, RULES

PASS, FAIL, ERROR, SKIP, XFAIL, XPASS = "pass", "fail", "error", "skip", "xfail", "xpass"
STATUSES = (PASS, FAIL, ERROR, SKIP, XFAIL, XPASS)
"""``xfail``: a scenario marked ``xfail`` failed as expected; ``xpass``: it passed (remove the
mark).  Only ``fail`` and ``error`` make a run fail."""
BAD = (FAIL, ERROR)


@attrs.frozen
class Result:
    """The outcome of one scenario or perft check (or of a file that could not be loaded)."""

    id: str
    game: str
    status: str
    kind: str = "scenario"
    where: str = ""
    rules: tuple[str, ...] = ()
    message: str = ""
    step: int | None = None
    """1-based number of the step that diverged (None: setup, final or not step-related)."""
    action: str | None = None
    path: str | None = None
    expected: Any = None
    actual: Any = None
    xfail: str | None = None
    seconds: float = 0.0
    profile: str = RULES
    """The suite profile of the item (docs/suite.md, "Profiles")."""

    @property
    def bad(self) -> bool:
        return self.status in BAD

    def headline(self) -> str:
        """Where it diverged and how, in one line."""
        parts = []
        if self.step is not None:
            parts.append(f"step {self.step}")
        if self.action is not None:
            parts.append(f"act {self.action!r}")
        prefix = ", ".join(parts)
        return f"{prefix}: {self.message}" if prefix else self.message

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "profile": self.profile,
            "status": self.status,
            "where": self.where,
            "rules": list(self.rules),
            "seconds": round(self.seconds, 4),
        }
        if self.message:
            doc["message"] = self.message
        for name in ("step", "action", "path", "xfail"):
            value = getattr(self, name)
            if value is not None:
                doc[name] = value
        if self.status in (FAIL, XFAIL) and (self.expected is not None or self.actual is not None):
            doc["expected"] = _jsonable(self.expected)
            doc["actual"] = _jsonable(self.actual)
        return doc


def _jsonable(value: Any) -> Any:
    return None if value is MISSING else value


def load_error_result(error: LoadError) -> Result:
    where = f"{error.file}:{error.line}" if error.line else error.file
    return Result(
        id=error.file,
        game="",
        status=ERROR,
        kind="file",
        where=where,
        message=str(error),
    )


def tally(results: Iterable[Result]) -> dict[str, int]:
    counts = dict.fromkeys(STATUSES, 0)
    for result in results:
        counts[result.status] += 1
    return counts


@attrs.define
class Report:
    """Every result of a run, summed up per game and per rule id."""

    results: list[Result] = attrs.field(factory=list)
    subject: str = "reference"
    suite_version: str = ""
    """The version of the suite the items come from (conformance/VERSION), when known."""
    coverage: Coverage | None = None
    started: float = attrs.field(factory=time.monotonic)
    seconds: float = 0.0
    not_run: int = 0
    """Items left out when the run stopped at the first failure (fail-fast)."""

    def add(self, result: Result) -> None:
        self.results.append(result)

    def counts(self) -> dict[str, int]:
        return tally(self.results)

    def by_game(self, profile: str | None = None) -> dict[str, dict[str, int]]:
        """Counts per game (of one profile's items, or of all; files that could not be loaded
        belong to every profile)."""
        games: dict[str, list[Result]] = {}
        for result in self.results:
            if profile is not None and result.kind != "file" and result.profile != profile:
                continue
            games.setdefault(result.game or "(unreadable files)", []).append(result)
        return {game: tally(found) for game, found in sorted(games.items())}

    def profiles(self) -> list[str]:
        """The profiles the run has items of, in ``PROFILES`` order."""
        present = {result.profile for result in self.results if result.kind != "file"}
        return [profile for profile in PROFILES if profile in present]

    def by_profile(self) -> dict[str, dict[str, int]]:
        """Counts per profile: each profile's result on its own."""
        return {
            profile: tally(
                r for r in self.results if r.kind != "file" and r.profile == profile
            )
            for profile in self.profiles()
        }

    def by_rule(self) -> dict[str, dict[str, int]]:
        rules: dict[str, list[Result]] = {}
        for result in self.results:
            for rule in result.rules:
                rules.setdefault(rule, []).append(result)
        return {rule: tally(found) for rule, found in sorted(rules.items())}

    @property
    def ok(self) -> bool:
        """No failure, no error, and (when coverage was asked for) no unknown rule id."""
        if any(result.bad for result in self.results):
            return False
        return not (self.coverage is not None and self.coverage.unknown)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "subject": self.subject,
            "suite_version": self.suite_version or None,
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "summary": self.counts(),
            "not_run": self.not_run,
            "games": self.by_game(),
            "profiles": {
                profile: {"summary": counts, "games": self.by_game(profile)}
                for profile, counts in self.by_profile().items()
            },
            "rules": self.by_rule(),
            "results": [result.to_json() for result in self.results],
        }
        if self.coverage is not None:
            doc["coverage"] = self.coverage.to_json()
        return doc

    def write_text(self, out: IO[str] = sys.stdout, verbose: bool = False) -> None:
        for result in self.results:
            if result.status == PASS and not verbose:
                continue
            if result.status == SKIP and not verbose:
                continue
            _write_result(out, result, verbose)
        skipped = [r for r in self.results if r.status == SKIP]
        if skipped and not verbose:
            reasons: dict[str, int] = {}
            for result in skipped:
                reasons[result.message] = reasons.get(result.message, 0) + 1
            for reason, number in sorted(reasons.items()):
                out.write(f"SKIP  {number} scenario{'s' if number != 1 else ''}: {reason}\n")
        if self.results:
            out.write("\n")
        profiles = self.profiles()
        if len(profiles) > 1 or profiles[:1] not in ([], [RULES]):
            for number, profile in enumerate(profiles):
                out.write(("\n" if number else "") + f"profile {profile}:\n")
                _write_table(out, self.by_game(profile), "game")
        else:
            _write_table(out, self.by_game(), "game")
        failing_rules = {
            rule: counts for rule, counts in self.by_rule().items() if counts[FAIL] or counts[ERROR]
        }
        if self.by_rule():
            out.write("\n")
            _write_table(out, self.by_rule(), "rule")
        if failing_rules:
            out.write("\nrules with failures or errors:\n")
            for rule, counts in failing_rules.items():
                out.write(f"  {rule}: {_counts_text(counts)}\n")
        if self.coverage is not None:
            out.write("\n")
            self.coverage.write_text(out, verbose=verbose)
        total = self.counts()
        if len(profiles) > 1 or profiles[:1] not in ([], [RULES]):
            out.write("\n")
            for profile, counts in self.by_profile().items():
                out.write(f"profile {profile}: {_counts_text(counts)}\n")
        verdict = "OK" if self.ok else "FAILED"
        suite = f" (suite {self.suite_version})" if self.suite_version else ""
        stopped = (
            f"; stopped at the first failure, {self.not_run} not run" if self.not_run else ""
        )
        out.write(
            f"\n{verdict}: {_counts_text(total)}{stopped} against {self.subject}{suite}"
            f" in {self.seconds:.1f} s\n"
        )


def _counts_text(counts: dict[str, int]) -> str:
    shown = [f"{counts[status]} {status}" for status in STATUSES if counts.get(status)]
    return ", ".join(shown) or "nothing run"


def _write_result(out: IO[str], result: Result, verbose: bool) -> None:
    label = result.status.upper()
    if result.kind == "file":
        out.write(f"{label:<5} {result.message}\n")
        return
    out.write(f"{label:<5} {result.id}  {result.where}\n")
    if result.status == PASS:
        return
    if result.xfail:
        out.write(f"      marked xfail: {result.xfail}\n")
    if result.status == XPASS:
        out.write("      it passes now: remove the xfail mark\n")
        return
    if result.message:
        for number, line in enumerate(result.headline().splitlines()):
            out.write(("      " if number == 0 else "        ") + line + "\n")
    if result.rules and result.status in (FAIL, ERROR, XFAIL):
        out.write(f"      rules: {', '.join(result.rules)}\n")
    if verbose and result.status in (FAIL, XFAIL) and result.path is not None:
        out.write(f"      expected: {show(result.expected, 2000)}\n")
        out.write(f"      actual:   {show(result.actual, 2000)}\n")


def _write_table(out: IO[str], rows: dict[str, dict[str, int]], first: str) -> None:
    if not rows:
        out.write("no scenarios were run\n")
        return
    width = max(len(first), *(len(name) for name in rows), len("total"))
    header = f"{first:<{width}}  " + " ".join(f"{status:>5}" for status in STATUSES)
    out.write(header + "\n")
    totals = dict.fromkeys(STATUSES, 0)
    for name, counts in rows.items():
        out.write(f"{name:<{width}}  " + " ".join(f"{counts[s]:>5}" for s in STATUSES) + "\n")
        for status in STATUSES:
            totals[status] += counts[status]
    if len(rows) > 1:
        out.write(f"{'total':<{width}}  " + " ".join(f"{totals[s]:>5}" for s in STATUSES) + "\n")


class Progress:
    """A one-line progress display on a terminal's stderr (nothing when not a terminal)."""

    def __init__(
        self,
        total: int,
        stream: IO[str] | None = None,
        enabled: bool | None = None,
        delay: float = 0.5,
    ) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.delay = delay
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False
        self.bad = 0
        self.width = 78

    def update(self, done: int, label: str, result: Result | None = None) -> None:
        if result is not None and result.bad:
            self.bad += 1
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < self.delay or (now - self.last < 0.1 and done < self.total):
            return
        self.last = now
        trouble = f" {self.bad} failing" if self.bad else ""
        line = f"[{done}/{self.total}]{trouble} {label}"
        columns = terminal_columns(self.stream)  # 78 at most, fewer on a narrower terminal
        self.width = 78 if columns is None else min(78, columns - 1)
        self.stream.write("\r" + fit(line[:78], columns).ljust(self.width))
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.shown = False
