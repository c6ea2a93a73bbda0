"""Random games played through two implementations at once, compared at every step.

``diff_games`` plays seeded random games on a *reference* subject and an *other* subject side by
side.  Before the first action and after every action it compares the legal action sets and
the state views (the canonical state document, ``terminal``, ``current_player``, ``returns``);
now and then it tries an action the reference refuses, and the other must refuse it too,
citing the same rule id.  At the first divergence the action list is shrunk (delta debugging)
to a shortest list that still makes the two disagree.

An action list is a test on its own: replayed from the initial state, every action the
reference accepts must be accepted by the other, every action it refuses must be refused with
the same rule id, and the two must agree after each.  That is what makes shrinking possible:
dropping actions gives another valid test.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..core.api import Json
from .matcher import Mismatch, match, set_mismatch, show
from .subject import Refusal, StateView, Subject, SubjectError

NONSENSE = "xyzzy"
"""An action string no game has: its refusal must cite the game's notation rule."""


@attrs.frozen
class Difference:
    """Where the two implementations disagree."""

    index: int
    """How many actions of the list were played before it (0: at the initial state)."""
    action: str | None
    """The action being played when they disagreed (None: a comparison of positions)."""
    what: str
    """``legal``, ``state``, ``refusal`` or ``error`` (the other one failed to answer)."""
    message: str
    expected: Any = None
    actual: Any = None
    played: bool = False
    """``action`` was played by both (it is the ``index``-th); else it is the next one."""
    path: str | None = None
    """Where the states differ: ``state.<key>...``, ``terminal``, ``current_player``..."""

    @property
    def length(self) -> int:
        """How many actions of the list it takes to see the difference."""
        return self.index if self.played or self.action is None else self.index + 1

    def describe(self, other: str = "the adapter") -> str:
        if self.action is None:
            where = "at the initial state" if self.index == 0 else f"after {self.index} actions"
        elif self.played:
            where = f"after action {self.index} {self.action!r}"
        else:
            where = f"at action {self.index + 1} {self.action!r}"
        return f"{where}: {self.message.replace('{other}', other)}"


@attrs.frozen
class Divergent:
    """A game on which the two disagree, and a shortest action list that shows it."""

    game_number: int
    actions: tuple[str, ...]
    """The actions played up to (and including) the one where they disagreed."""
    difference: Difference
    shortest: tuple[str, ...]
    shortest_difference: Difference
    replays: int
    """How many replays shrinking took."""
    shortest_game: int = 0
    """The game whose divergence shrank to ``shortest``."""


@attrs.frozen
class DiffResult:
    games: int
    actions: int
    """Actions played in all (refused tries included)."""
    divergent: Divergent | None = None
    seconds: float = 0.0


# -- comparing ---------------------------------------------------------------------------------
def _swap(found: Mismatch) -> Mismatch:
    return Mismatch(found.path, found.actual, found.expected, found.reason)


def compare_views(expected: StateView, actual: StateView) -> Mismatch | None:
    """The first difference between two whole state views (documents compared both ways)."""
    found = match(expected.state, actual.state, root="state")
    if found is None:
        reverse = match(actual.state, expected.state, root="state")
        found = _swap(reverse) if reverse is not None else None
    if found is not None:
        return found
    for key in ("terminal", "current_player", "returns"):
        want, got = getattr(expected, key), getattr(actual, key)
        if match(want, got) is not None or (isinstance(want, list) and len(want) != len(got)):
            return Mismatch(key, want, got)
    return None


def _refusals(
    action: str, reference: Refusal | None, other: Refusal | None
) -> Difference | None:
    """Compare what the two did with one action; None when they agree."""
    if reference is None and other is None:
        return None
    if reference is None and other is not None:
        detail = f" ({other.message})" if other.message else ""
        return Difference(
            0, action, "refusal",
            f"the reference accepts it, {{other}} refuses it citing {other.rule_id}{detail}",
            "accepted", other.rule_id,
        )
    assert reference is not None
    if other is None:
        return Difference(
            0, action, "refusal",
            f"the reference refuses it citing {reference.rule_id}, {{other}} accepts it",
            reference.rule_id, "accepted",
        )
    if other.rule_id != reference.rule_id:
        return Difference(
            0, action, "refusal",
            f"the reference refuses it citing {reference.rule_id}, "
            f"{{other}} cites {other.rule_id}",
            reference.rule_id, other.rule_id,
        )
    return None


class Pair:
    """The two subjects, stepped together; any failure of the other is a ``Difference``."""

    def __init__(self, reference: Subject, other: Subject, game: str, options: Json) -> None:
        self.reference = reference
        self.other = other
        self.game = game
        self.options = options
        self.replays = 0

    def start(self) -> Difference | None:
        self.reference.start(self.game, self.options)
        try:
            self.other.start(self.game, self.options)
        except SubjectError as exc:
            return Difference(0, None, "error", f"{{other}} failed to start: {exc}")
        return self.compare(0)

    def legal(self) -> list[str]:
        return self.reference.legal()

    def compare(self, index: int, action: str | None = None) -> Difference | None:
        """Compare the legal sets and the state views now."""
        want_legal = self.reference.legal()
        try:
            got_legal = self.other.legal()
        except SubjectError as exc:
            return Difference(
                index, action, "error", f"{{other}} failed: {exc}", played=action is not None
            )
        played = action is not None
        found = set_mismatch(want_legal, got_legal, "legal")
        if found is not None:
            return Difference(
                index, action, "legal",
                found.reason or found.describe(),
                sorted(want_legal), sorted(got_legal), played,
            )
        want = self.reference.state()
        try:
            got = self.other.state()
        except SubjectError as exc:
            return Difference(index, action, "error", f"{{other}} failed: {exc}", played=played)
        found = compare_views(want, got)
        if found is not None:
            return Difference(
                index, action, "state",
                f"the states differ: {found.describe()}", found.expected, found.actual, played,
                found.path,
            )
        return None

    def act(self, index: int, action: str) -> tuple[Difference | None, bool]:
        """Play ``action`` on both: ``(difference, accepted by the reference)``."""
        refused = self.reference.act(action)
        try:
            other = self.other.act(action)
        except SubjectError as exc:
            return Difference(index, action, "error", f"{{other}} failed: {exc}"), False
        found = _refusals(action, refused, other)
        if found is not None:
            return attrs.evolve(found, index=index), refused is None
        return self.compare(index + 1, action), refused is None

    def replay(self, actions: Sequence[str]) -> Difference | None:
        """Play ``actions`` from the initial state; the first difference, if any."""
        self.replays += 1
        found = self.start()
        for index, action in enumerate(actions):
            if found is not None:
                break
            found = self.act(index, action)[0]
        if found is not None and found.what == "error":
            self.other.after_error()
        return found


# -- random games --------------------------------------------------------------------------------
def play_random(
    pair: Pair,
    rng: random.Random,
    seen: set[str],
    illegal: float = 0.2,
    max_actions: int = 1000,
    on_action: Callable[[int], None] | None = None,
) -> tuple[list[str], Difference | None]:
    """One random game: mostly legal actions, and with probability ``illegal`` before each
    move an action the reference refuses (one seen legal elsewhere, or nonsense)."""
    played: list[str] = []
    found = pair.start()
    while found is None and len(played) < max_actions:
        legal = pair.legal()
        seen.update(legal)
        if rng.random() < illegal:
            others = sorted(seen.difference(legal))
            action = rng.choice(others) if others and rng.random() < 0.9 else NONSENSE
        elif legal:
            action = rng.choice(sorted(legal))
        else:
            break
        found, _ = pair.act(len(played), action)
        played.append(action)
        if on_action is not None:
            on_action(len(played))
    return played, found


def shrink(
    pair: Pair, actions: Sequence[str], budget: int = 400
) -> tuple[list[str], Difference]:
    """A shortest action list that still makes the pair disagree (ddmin, then one-by-one
    removal), within ``budget`` replays.  ``actions`` must make them disagree."""
    current = list(actions)
    found = pair.replay(current)
    if found is None:
        raise SubjectError("the divergence does not happen again on a replay (is it random?)")
    spent = 1

    def still(candidate: list[str]) -> Difference | None:
        nonlocal spent
        spent += 1
        return pair.replay(candidate)

    def cut(candidate: list[str], difference: Difference) -> list[str]:
        # Nothing after the action that diverged matters.
        return candidate[: difference.length]

    current = cut(current, found)
    chunks = 2
    while len(current) >= 2 and spent < budget:
        size = max(1, len(current) // chunks)
        reduced = False
        for start in range(0, len(current), size):
            if spent >= budget:
                break
            candidate = current[:start] + current[start + size :]
            again = still(candidate)
            if again is not None:
                current, found = cut(candidate, again), again
                chunks = max(chunks - 1, 2)
                reduced = True
                break
        if not reduced:
            if size == 1:
                break
            chunks = min(len(current), chunks * 2)
    return current, found


def diff_games(
    reference: Subject,
    other: Subject,
    game: str,
    games: int,
    seed: int,
    options: Json | None = None,
    illegal: float = 0.2,
    max_actions: int = 1000,
    shrink_budget: int = 400,
    on_progress: Callable[[int, int], None] | None = None,
) -> DiffResult:
    """Play ``games`` random games (seeded with ``seed``) through both.

    At the first divergence its action list is shrunk; then, while ``shrink_budget`` replays
    last, the remaining games are played too and their divergences shrunk, keeping the
    shortest list found (another game may show the same fault in fewer actions).
    """
    started = time.monotonic()
    pair = Pair(reference, other, game, dict(options or {}))
    seen: set[str] = set()
    total = 0
    first: tuple[int, list[str], Difference] | None = None
    best: tuple[int, list[str], Difference] | None = None
    played_games = 0
    for number in range(1, games + 1):
        if first is not None and pair.replays >= shrink_budget:
            break
        rng = random.Random(f"{seed}/{number}")

        def progress(done: int, number: int = number) -> None:
            if on_progress is not None:
                on_progress(number, done)

        played, found = play_random(pair, rng, seen, illegal, max_actions, progress)
        played_games = number
        total += len(played)
        if found is None:
            continue
        if found.what == "error":
            other.after_error()
        if first is None:
            first = (number, played, found)
            pair.replays = 0
        left = max(1, shrink_budget - pair.replays)
        shortest, difference = shrink(pair, played, left)
        if best is None or len(shortest) < len(best[1]):
            best = (number, shortest, difference)
        if len(best[1]) <= 1:
            break
    seconds = time.monotonic() - started
    if first is None or best is None:
        return DiffResult(played_games, total, None, seconds)
    divergent = Divergent(
        first[0], tuple(first[1]), first[2], tuple(best[1]), best[2], pair.replays, best[0]
    )
    return DiffResult(played_games, total, divergent, seconds)


def describe(result: DiffResult, other: str = "the adapter") -> str:
    """The text ``elevenes diff`` prints."""
    played = (
        f"{result.games} game{'s' if result.games != 1 else ''} "
        f"({result.actions} actions) in {result.seconds:.1f} s"
    )
    if result.divergent is None:
        return f"no divergence in {played}\n"
    found = result.divergent
    lines = [
        f"DIVERGED: {played}",
        f"game {found.game_number} diverged after {len(found.actions)} actions:",
        f"  {found.difference.describe(other)}",
        _values(found.difference, other),
        f"shortest reproducing sequence ({len(found.shortest)} action"
        f"{'s' if len(found.shortest) != 1 else ''}, from game {found.shortest_game}, "
        f"{found.replays} replays):",
        *(f"  {number}. {action}" for number, action in enumerate(found.shortest, start=1)),
        f"  {found.shortest_difference.describe(other)}",
        _values(found.shortest_difference, other),
    ]
    return "\n".join(line for line in lines if line) + "\n"


def _values(difference: Difference, other: str) -> str:
    if difference.what not in ("state", "legal"):
        return ""
    width = max(len("reference"), len(other))
    return (
        f"    {'reference':<{width}}: {show(difference.expected, 500)}\n"
        f"    {other:<{width}}: {show(difference.actual, 500)}"
    )


def as_scenario(reference: Subject, game: str, options: Json, found: Divergent, seed: int) -> str:
    """The shortest divergence as a scenario file (YAML) holding the reference's answers, to
    add to a suite: the other implementation fails it until it is fixed.

    A state difference is pinned by the whole top-level key of the state document it lies in,
    compared as a partial expectation (a key only the other has is not caught by it).
    """
    difference = found.shortest_difference
    actions = list(found.shortest)
    reference.start(game, options)
    last_refused: Refusal | None = None
    for number, action in enumerate(actions):
        refusal = reference.act(action)
        if refusal is not None and number == len(actions) - 1:
            last_refused = refusal
    steps: list[Json] = []
    if difference.what == "refusal" and last_refused is not None:
        if len(actions) > 1:
            steps.append({"acts": actions[:-1]})
        steps.append({"act": actions[-1], "violation": last_refused.rule_id})
    else:
        accepted = actions if last_refused is None else actions[:-1]
        step: Json = {"acts": accepted} if accepted else {}
        if difference.what == "legal":
            step["legal"] = sorted(reference.legal())
        elif difference.what == "state":
            step["expect"] = _pin(reference.state(), difference)
        steps.append(step)
    doc: Json = {
        "id": f"diff-{game}-seed{seed}-game{found.shortest_game}",
        "game": game,
        "description": f"found by elevenes diff --game {game} --seed {seed}",
    }
    if options:
        doc["options"] = options
    doc["steps"] = steps
    return _yaml(doc)


def _pin(view: StateView, difference: Difference) -> Json:
    """The reference's value of the top-level key where the states differ."""
    path = difference.path or ""
    if path in ("terminal", "current_player", "returns"):
        value: Any = getattr(view, path)
        return {path: value}
    top = path.removeprefix("state").lstrip(".").split(".")[0].split("[")[0]
    if top and top in view.state:
        return {top: view.state[top]}
    return dict(view.state)


def _yaml(doc: Json) -> str:
    """A small YAML document, its values in JSON (flow) style."""
    lines = []
    for key, value in doc.items():
        if key != "steps":
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    lines.append("steps:")
    for step in doc["steps"]:
        for number, (key, value) in enumerate(step.items()):
            lead = "  - " if number == 0 else "    "
            lines.append(f"{lead}{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"
