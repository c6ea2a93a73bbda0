"""Running scenarios and perft checks against a subject (the reference, or another program).

A scenario stops at its first divergence; the result names the step, the action, the path in
the state and the expected and actual values.  A misbehaving subject makes the scenario an
*error*; an unknown game makes it a *skip*; ``xfail`` turns a failure into *xfail* and a pass
into *xpass*.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from .loader import Suite
from .matcher import RESERVED, Mismatch, match, scalars_equal, set_mismatch
from .model import RULES, Item, Json, Perft, Scenario, Step
from .report import (
    ERROR,
    FAIL,
    PASS,
    SKIP,
    XFAIL,
    XPASS,
    Progress,
    Report,
    Result,
    load_error_result,
)
from .subject import (
    ReferenceSubject,
    SetupRefused,
    StateView,
    Subject,
    SubjectError,
    Unsupported,
    parse_fraction,
)


class Divergence(Exception):
    """The subject did something other than what the scenario expects."""

    def __init__(
        self,
        message: str,
        path: str | None = None,
        expected: Any = None,
        actual: Any = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.expected = expected
        self.actual = actual

    @classmethod
    def of(cls, mismatch: Mismatch, context: str = "") -> Divergence:
        text = mismatch.describe()
        return cls(
            f"{context}{text}" if context else text,
            mismatch.path,
            mismatch.expected,
            mismatch.actual,
        )


# -- checks -----------------------------------------------------------------------------------
def check_expect(subject: Subject, expect: Json, root: str = "state") -> None:
    """Compare a partial expectation: reserved keys with the API, the rest with the state."""
    rest = {key: value for key, value in expect.items() if key not in RESERVED}
    if "legal" in expect:
        mismatch = set_mismatch(expect["legal"], subject.legal(), "legal")
        if mismatch:
            raise Divergence.of(mismatch)
    if "chances" in expect:
        check_chances(expect["chances"], subject.chances())
    needs_view = any(key in expect for key in RESERVED
                     if key not in ("legal", "chances")) or rest
    if not needs_view:
        return
    view = subject.state()
    for key in ("terminal", "current_player", "score", "returns"):
        if key not in expect:
            continue
        actual: Any = getattr(view, key)
        if key == "score" and actual is None:
            raise SubjectError("the state answer has no 'score', which this scenario checks")
        mismatch = match(expect[key], actual, root=key)
        if mismatch:
            raise Divergence.of(mismatch)
    if rest:
        mismatch = match(rest, view.state, root=root)
        if mismatch:
            raise Divergence.of(mismatch)


def check_chances(expected: dict[str, str], actual: dict[str, str]) -> None:
    """The chance outcomes and their probabilities, compared as exact fractions (``"2/6"``
    equals ``"1/3"``); every outcome of either side must be on the other."""
    for action in sorted(set(expected) | set(actual)):
        if action not in actual:
            raise Divergence(f"chances: outcome {action!r} missing (expected "
                             f"{expected[action]})", f"chances.{action}", expected[action], None)
        if action not in expected:
            raise Divergence(f"chances: outcome {action!r} unexpected ({actual[action]})",
                             f"chances.{action}", None, actual[action])
        want, got = parse_fraction(expected[action]), parse_fraction(actual[action])
        if want is None or got != want:
            raise Divergence(
                f"chances: outcome {action!r} has probability {actual[action]}, expected "
                f"{expected[action]}", f"chances.{action}", expected[action], actual[action])


def state_change(before: StateView, after: StateView) -> Mismatch | None:
    """Where a refused action changed the state (both documents compared in full)."""
    found = match(before.state, after.state, root="state") or match(
        after.state, before.state, root="state"
    )
    if found:
        return found
    for key in ("terminal", "current_player", "returns"):
        if not _equal(getattr(before, key), getattr(after, key)):
            return Mismatch(key, getattr(before, key), getattr(after, key))
    return None


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    return scalars_equal(a, b)


class _StepError(Exception):
    """Carries the step and action a divergence or error happened at."""

    def __init__(self, cause: Exception, step: Step | None, action: str | None) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.step = step
        self.action = action


def run_step(subject: Subject, step: Step, skipped: list[str] | None = None) -> None:
    """Play one step and make its checks; raises ``Divergence`` or ``SubjectError``.

    An ``observe`` the subject answers as unsupported is left out and its reason added to
    ``skipped`` (without that list, ``Unsupported`` is raised)."""
    for number, action in enumerate(step.actions):
        last = number == len(step.actions) - 1
        try:
            if last and step.violation is not None:
                _expect_refusal(subject, action, step.violation)
            else:
                refusal = subject.act(action)
                if refusal is not None:
                    detail = f": {refusal.message}" if refusal.message else ""
                    raise Divergence(
                        f"the action was refused with {refusal.rule_id}{detail}",
                        "act",
                        "accepted",
                        refusal.rule_id,
                    )
        except (Divergence, SubjectError) as exc:
            raise _StepError(exc, step, action) from exc
    try:
        if step.legal is not None:
            mismatch = set_mismatch(step.legal, subject.legal(), "legal")
            if mismatch:
                raise Divergence.of(mismatch)
        if step.expect is not None:
            check_expect(subject, step.expect)
        for observe in step.observe:
            try:
                observation = subject.observe(observe.player)
            except Unsupported as exc:
                if skipped is None:
                    raise
                skipped.append(f"step {step.number}: {exc}")
                continue
            mismatch = match(observe.expect, observation, root=f"observation({observe.player})")
            if mismatch:
                raise Divergence.of(mismatch)
    except (Divergence, SubjectError) as exc:
        raise _StepError(exc, step, None) from exc


def _expect_refusal(subject: Subject, action: str, rule_id: str) -> None:
    before = subject.state()
    refusal = subject.act(action)
    if refusal is None:
        raise Divergence(
            f"expected a refusal citing {rule_id}, but the action was accepted",
            "violation",
            rule_id,
            "accepted",
        )
    if refusal.rule_id != rule_id:
        detail = f" ({refusal.message})" if refusal.message else ""
        raise Divergence(
            f"refused citing {refusal.rule_id}{detail}, expected {rule_id}",
            "violation",
            rule_id,
            refusal.rule_id,
        )
    after = subject.state()
    changed = state_change(before, after)
    if changed:
        raise Divergence.of(changed, "the refused action changed the state: ")


# -- scenarios and perft ----------------------------------------------------------------------
def run_scenario(subject: Subject, scenario: Scenario) -> Result:
    """Play a scenario on ``subject`` and check every expectation."""

    skipped: list[str] = []

    def body() -> None:
        if scenario.setup_refused:
            _begin_refused(subject, scenario)
        else:
            _begin(subject, scenario.game, scenario.options, scenario.setup, scenario.profile)
        for step in scenario.steps:
            run_step(subject, step, skipped)
        if scenario.final is not None:
            try:
                check_expect(subject, scenario.final)
            except (Divergence, SubjectError) as exc:
                raise _StepError(exc, None, None) from exc

    return _outcome(subject, scenario, body, skipped)


def run_perft(subject: Subject, perft: Perft) -> Result:
    """Count action sequences on ``subject`` and compare with the perft file."""

    def body() -> None:
        _begin(subject, perft.game, perft.options, perft.setup, perft.profile)
        try:
            counts, divide = subject.perft(perft.depth)
        except SubjectError as exc:
            raise _StepError(exc, None, None) from exc
        check_perft(perft, counts, divide)

    return _outcome(subject, perft, body)


def check_perft(perft: Perft, counts: list[int], divide: dict[str, int]) -> None:
    """Raise ``Divergence`` naming the first depth whose count differs and the first actions
    whose divide counts differ."""
    expected = list(perft.counts)
    if len(counts) != len(expected):
        raise Divergence(
            f"perft to depth {perft.depth} gave {len(counts)} counts",
            "counts",
            expected,
            counts,
        )
    first_bad = next(
        (d for d, (a, b) in enumerate(zip(expected, counts, strict=True)) if a != b), None
    )
    divergent = divide_differences(perft.divide, divide) if perft.divide is not None else []
    if first_bad is None and not divergent:
        return
    parts = []
    if first_bad is not None:
        parts.append(
            f"perft({first_bad + 1}) is {counts[first_bad]}, expected {expected[first_bad]}"
        )
    if divergent:
        shown = "; ".join(divergent[:8]) + (
            f"; and {len(divergent) - 8} more" if len(divergent) > 8 else ""
        )
        parts.append(f"diverging first actions at depth {perft.depth}: {shown}")
    if first_bad is not None:
        raise Divergence(
            ". ".join(parts), f"counts[{first_bad}]", expected[first_bad], counts[first_bad]
        )
    raise Divergence(". ".join(parts), "divide", perft.divide, divide)


def divide_differences(expected: dict[str, int] | None, actual: dict[str, int]) -> list[str]:
    """``["'score': 12, expected 10", "'discard' missing", ...]`` in action order."""
    if expected is None:
        return []
    found = []
    for action in sorted(set(expected) | set(actual)):
        if action not in actual:
            found.append(f"{action!r} missing (expected {expected[action]})")
        elif action not in expected:
            found.append(f"{action!r} unexpected ({actual[action]})")
        elif expected[action] != actual[action]:
            found.append(f"{action!r}: {actual[action]}, expected {expected[action]}")
    return found


def _check_profile(subject: Subject, profile: str) -> None:
    """A scenario of a profile the subject does not declare is skipped (after ``start``, whose
    answer declares them)."""
    if profile not in subject.profiles:
        declared = ", ".join(subject.profiles) or "none"
        raise Unsupported(
            f"the {profile} profile is not declared by the program (it declares: {declared})"
        )


def _begin(
    subject: Subject, game: str, options: Json, setup: Json | None, profile: str = RULES
) -> None:
    try:
        subject.start(game, options)
        _check_profile(subject, profile)
        if setup is not None:
            subject.setup(setup)
    except SubjectError as exc:
        raise _StepError(exc, None, None) from exc


def _begin_refused(subject: Subject, scenario: Scenario) -> None:
    """``start``, then a ``setup`` that must be refused and leave the start position as it was."""
    try:
        subject.start(scenario.game, scenario.options)
        _check_profile(subject, scenario.profile)
        before = subject.state()
        try:
            subject.setup(scenario.setup or {})
        except SetupRefused:
            pass
        else:
            raise Divergence(
                "expected the setup to be refused, but it was accepted",
                "setup",
                "refused",
                "accepted",
            )
        after = subject.state()
    except SubjectError as exc:
        raise _StepError(exc, None, None) from exc
    changed = state_change(before, after)
    if changed:
        raise Divergence.of(changed, "the refused setup changed the state: ")


def _outcome(
    subject: Subject, item: Item, body: Callable[[], None], skipped: list[str] | None = None
) -> Result:
    """Run ``body`` and turn what happened into a result.

    Checks left out because the subject does not support them (``skipped``) make a scenario
    that otherwise passed a *skip*, with the reason: it was not judged in full.
    """
    started = time.monotonic()
    fields: dict[str, Any] = {}
    try:
        body()
        status, message = PASS, ""
        if skipped:
            more = f" (and {len(skipped) - 1} more)" if len(skipped) > 1 else ""
            status = SKIP
            message = f"{skipped[0]}{more}; the other checks passed"
    except Unsupported as exc:
        status, message = SKIP, str(exc)
    except _StepError as exc:
        cause = exc.cause
        fields["step"] = exc.step.number if exc.step is not None else None
        fields["action"] = exc.action
        if isinstance(cause, Divergence):
            status, message = FAIL, cause.message
            fields.update(path=cause.path, expected=cause.expected, actual=cause.actual)
        else:
            status, message = ERROR, str(cause)
            subject.after_error()
    except Divergence as exc:
        status, message = FAIL, exc.message
        fields.update(path=exc.path, expected=exc.expected, actual=exc.actual)
    except SubjectError as exc:
        status, message = ERROR, str(exc)
        subject.after_error()
    if item.xfail is not None:
        if status in (FAIL, ERROR):
            status = XFAIL
        elif status == PASS:
            status = XPASS
    return Result(
        id=item.id,
        game=item.game,
        status=status,
        kind=item.kind,
        profile=item.profile,
        where=item.where,
        rules=tuple(item.cited_rules()),
        message=message,
        xfail=item.xfail,
        seconds=time.monotonic() - started,
        **fields,
    )


def run_item(subject: Subject, item: Item) -> Result:
    if isinstance(item, Perft):
        return run_perft(subject, item)
    return run_scenario(subject, item)


def run_suite(
    suite: Suite,
    subject: Subject | None = None,
    progress: Progress | None = None,
    on_result: Callable[[Result], None] | None = None,
    fail_fast: bool = False,
    run: Callable[[Subject, Item], Result] | None = None,
) -> Report:
    """Run every item of ``suite`` on ``subject`` (default: the reference, in process).

    Files that could not be loaded are reported as errors first.  With ``fail_fast`` the run
    stops at the first failure or error; ``report.not_run`` counts the items left.  ``run``
    plays one item (default ``run_item``; ``elevenes conform --reading`` wraps it).
    """
    own = subject is None
    chosen: Subject = subject if subject is not None else ReferenceSubject()
    report = Report(subject=chosen.name)
    for error in suite.errors:
        report.add(load_error_result(error))
    try:
        for done, item in enumerate(suite.items, start=1):
            if fail_fast and not report.ok:
                report.not_run = len(suite.items) - done + 1
                break
            result = (run or run_item)(chosen, item)
            report.add(result)
            if on_result is not None:
                on_result(result)
            if progress is not None:
                progress.update(done, f"{item.game} {item.id}", result)
    finally:
        if progress is not None:
            progress.finish()
        if own:
            chosen.close()
    report.seconds = time.monotonic() - report.started
    return report


def run_items(items: Iterable[Item], subject: Subject | None = None) -> Report:
    """Run some items (no load errors): a shorthand for tests and tools."""
    return run_suite(Suite(items=list(items)), subject)


__all__ = [
    "RESERVED",
    "Divergence",
    "check_expect",
    "check_perft",
    "divide_differences",
    "run_item",
    "run_items",
    "run_perft",
    "run_scenario",
    "run_step",
    "run_suite",
]
