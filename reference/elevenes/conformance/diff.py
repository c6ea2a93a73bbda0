"""Random games played through two implementations at once, compared at every step.

``diff_games`` plays seeded random games on a *reference* subject and an *other* subject side by
side.  Before the first action and after every action it compares the legal action sets, the
state views (the canonical state document, ``terminal``, ``current_player``, ``returns``) and
every player's observation; now and then it tries an action the reference refuses, and the
other must refuse it too, citing the same rule id.  Some games start from a position set up
with ``setup``: a position of the suite, or one changed at random (a *mutated* position), so
that the checks made on a loaded document are compared too (the two must both accept it or
both refuse it).  At the first divergence the action list is shrunk (delta debugging) to a
shortest list that still makes the two disagree.

A ``Test`` (options, an optional set-up, an action list) is a test on its own: replayed from
the initial state, every action the reference accepts must be accepted by the other, every
action it refuses must be refused with the same rule id, and the two must agree after each.
That is what makes shrinking possible: dropping actions gives another valid test.
"""

from __future__ import annotations

import contextlib
import copy
import html
import json
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..core.api import Json
from ..paths import conformance_dir
from .matcher import ABSENT, Mismatch, match, set_mismatch, show
from .subject import Refusal, SetupRefused, StateView, Subject, SubjectError, Unsupported

NONSENSE = "xyzzy"
"""An action string no game has: its refusal must cite the game's notation rule."""

LONG = 10
"""A shortest list longer than this is written as a scenario from the position before the
divergence (one action after a set-up), when that shows it too."""

STRICT = "strict"
"""The profile of the consistency checks of a loaded document (docs/suite.md, "Profiles")."""


@attrs.frozen
class Difference:
    """Where the two implementations disagree."""

    index: int
    """How many actions of the list were played before it (0: at the initial state)."""
    action: str | None
    """The action being played when they disagreed (None: a comparison of positions)."""
    what: str
    """``legal``, ``state``, ``observation``, ``refusal``, ``setup`` or ``error`` (the other
    one failed to answer)."""
    message: str
    expected: Any = None
    actual: Any = None
    played: bool = False
    """``action`` was played by both (it is the ``index``-th); else it is the next one."""
    path: str | None = None
    """Where the states differ: ``state.<key>...``, ``terminal``, ``observe(1).<key>``..."""

    @property
    def length(self) -> int:
        """How many actions of the list it takes to see the difference."""
        return self.index if self.played or self.action is None else self.index + 1

    def describe(self, other: str = "the adapter") -> str:
        if self.what == "setup":
            where = "at the set-up"
        elif self.action is None:
            where = "at the first position" if self.index == 0 else f"after {self.index} actions"
        elif self.played:
            where = f"after action {self.index} {self.action!r}"
        else:
            where = f"at action {self.index + 1} {self.action!r}"
        return f"{where}: {self.message.replace('{other}', other)}"


@attrs.frozen
class Test:
    """What a game is made of, replayed exactly: ``start`` with ``options``, ``setup`` with
    ``position`` (when there is one), then ``actions``."""

    options: Json
    actions: tuple[str, ...] = ()
    position: Json | None = None
    origin: str = ""
    """Where the position came from (a suite file and scenario id, and the change made to a
    mutated position); empty for the initial state."""

    def with_actions(self, actions: Sequence[str]) -> Test:
        return attrs.evolve(self, actions=tuple(actions))


@attrs.frozen
class Divergent:
    """A game on which the two disagree, and a shortest test that shows it."""

    game_number: int
    actions: tuple[str, ...]
    """The actions played up to (and including) the one where they disagreed."""
    difference: Difference
    shortest: tuple[str, ...]
    """The actions of the shortest test."""
    shortest_difference: Difference
    replays: int
    """How many replays shrinking took."""
    shortest_game: int = 0
    """The game whose divergence shrank to ``shortest``."""
    test: Test | None = None
    """The diverging game as a test (its options and set-up position, if any)."""
    shortest_test: Test | None = None
    """The shortest test (its options and set-up position, if any)."""
    shrink_seconds: float = 0.0
    position_test: Test | None = None
    """One action from the reference's position before the divergence, set up, when that
    shows the divergence too."""
    position_difference: Difference | None = None

    @property
    def shortest_whole(self) -> Test:
        return self.shortest_test if self.shortest_test is not None else Test({}, self.shortest)

    @property
    def test_whole(self) -> Test:
        return self.test if self.test is not None else Test({}, self.actions)


@attrs.frozen
class DiffResult:
    games: int
    actions: int
    """Actions tried in all (refused tries included)."""
    divergent: Divergent | None = None
    seconds: float = 0.0
    moves: int = 0
    """Actions the reference accepted."""
    cut_off: int = 0
    """Games stopped at ``max_actions`` moves before they ended."""
    set_up: int = 0
    """Games started from a position of the suite or a mutated one."""
    setups_refused: int = 0
    """Of those, positions both refused."""
    notes: tuple[str, ...] = ()
    """What could not be compared (an optional request the other does not implement)."""


@attrs.frozen
class Position:
    """A position to set up: a document of the suite, with the options it is played with."""

    options: Json
    state: Json
    origin: str


# -- comparing ---------------------------------------------------------------------------------
def _swap(found: Mismatch) -> Mismatch:
    return Mismatch(found.path, found.actual, found.expected, found.reason)


def compare_docs(expected: Any, actual: Any, root: str) -> Mismatch | None:
    """The first difference between two whole documents (compared both ways)."""
    found = match(expected, actual, root=root)
    if found is None:
        reverse = match(actual, expected, root=root)
        found = _swap(reverse) if reverse is not None else None
    return found


def compare_views(expected: StateView, actual: StateView) -> Mismatch | None:
    """The first difference between two whole state views (documents compared both ways)."""
    found = compare_docs(expected.state, actual.state, "state")
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
        self.observe = True
        """Observations are compared (until the other answers ``observe`` unsupported)."""
        self.setups = True
        """Positions are set up (until the other answers ``setup`` unsupported)."""
        self.notes: list[str] = []
        self.refused_setup = False
        """The last set-up was refused by both (the game went on from the first position)."""

    def _start_both(self, options: Json) -> Difference | None:
        self.reference.start(self.game, options)
        try:
            self.other.start(self.game, options)
        except Unsupported:
            raise
        except SubjectError as exc:
            return Difference(0, None, "error", f"{{other}} failed to start: {exc}")
        return None

    def start(self, test: Test | None = None) -> Difference | None:
        """Start both with the test's options, set up its position, compare."""
        options = test.options if test is not None else self.options
        found = self._start_both(options)
        if found is not None:
            return found
        self.refused_setup = False
        if test is not None and test.position is not None and self.setups:
            found = self._setup(test.position)
            if found is not None:
                return found
        return self.compare(0)

    def _setup(self, position: Json) -> Difference | None:
        want: str | None = None
        try:
            self.reference.setup(copy.deepcopy(position))
        except SetupRefused as exc:
            want = str(exc)
        got: str | None = None
        try:
            self.other.setup(copy.deepcopy(position))
        except Unsupported as exc:
            self.setups = False
            self.notes.append(f"positions are not set up: {exc}")
            return self._start_both(self.options) if want is None else None
        except SetupRefused as exc:
            got = str(exc)
        except SubjectError as exc:
            return Difference(0, None, "error", f"{{other}} failed: {exc}")
        if want is None and got is not None:
            return Difference(
                0, None, "setup",
                f"the reference accepts the position, {{other}} refuses it ({got})",
                "accepted", got,
            )
        if want is not None and got is None:
            if STRICT in getattr(self.other, "profiles", (STRICT,)):
                return Difference(
                    0, None, "setup",
                    f"the reference refuses the position ({want}), {{other}} accepts it",
                    want, "accepted",
                )
            # A program without the strict profile may accept what play cannot reach.
            return self._start_both(self.options)
        self.refused_setup = want is not None
        return None

    def legal(self) -> list[str]:
        return self.reference.legal()

    def compare(self, index: int, action: str | None = None) -> Difference | None:
        """Compare the legal sets, the state views and the observations now."""
        played = action is not None
        want_legal = self.reference.legal()
        try:
            got_legal = self.other.legal()
        except SubjectError as exc:
            return Difference(index, action, "error", f"{{other}} failed: {exc}", played=played)
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
        return self._observations(index, action, len(want.returns))

    def _observations(self, index: int, action: str | None, players: int) -> Difference | None:
        played = action is not None
        for player in range(players) if self.observe else ():
            seen = self.reference.observe(player)
            try:
                other = self.other.observe(player)
            except Unsupported as exc:
                self.observe = False
                self.notes.append(f"observations are not compared: {exc}")
                return None
            except SubjectError as exc:
                return Difference(index, action, "error", f"{{other}} failed: {exc}", played=played)
            found = compare_docs(seen, other, f"observe({player})")
            if found is not None:
                return Difference(
                    index, action, "observation",
                    f"player {player}'s observations differ: {found.describe()}",
                    found.expected, found.actual, played, found.path,
                )
        return None

    def act(self, index: int, action: str, check: bool = True) -> tuple[Difference | None, bool]:
        """Play ``action`` on both: ``(difference, accepted by the reference)``.  With ``check``
        false only the refusals are compared, not the positions after it."""
        refused = self.reference.act(action)
        try:
            other = self.other.act(action)
        except SubjectError as exc:
            return Difference(index, action, "error", f"{{other}} failed: {exc}"), False
        found = _refusals(action, refused, other)
        if found is not None:
            return attrs.evolve(found, index=index), refused is None
        if not check:
            return None, refused is None
        return self.compare(index + 1, action), refused is None

    def replay(self, test: Test, thorough: bool = True) -> Difference | None:
        """Play ``test`` from its first position; the first difference, if any.

        ``thorough``: the positions are compared after every action; else only the refusals
        are, and the positions at the end (a quicker test, used while shrinking: a difference
        it finds is a real one, it may only miss one that a later action hides)."""
        self.replays += 1
        found = self.start(test)
        last = len(test.actions) - 1
        for index, action in enumerate(test.actions):
            if found is not None:
                break
            found = self.act(index, action, thorough or index == last)[0]
        if found is not None and found.what == "error":
            self.other.after_error()
        return found


# -- positions -----------------------------------------------------------------------------------
def suite_name(path: Path | str) -> str:
    """A file of the shipped suite as ``conformance/<game>/<file>`` wherever it is installed;
    another file as given."""
    try:
        inside = Path(path).resolve().relative_to(conformance_dir().resolve())
        return "conformance/" + inside.as_posix()
    except (ValueError, OSError):
        return str(path)


def suite_positions(game: str, options: Json) -> list[Position]:
    """The set-ups of the shipped suite for ``game`` that the reference loads (those of
    scenarios whose set-up must be refused are left out), played with each scenario's own
    options; only those whose options agree with ``options`` on every key it gives."""
    from .loader import load_file, suite_files
    from .model import Scenario

    found: list[Position] = []
    folder = conformance_dir(game)
    if not folder.is_dir():
        return found
    for path in suite_files([folder]):
        try:
            items = load_file(path)
        except Exception:  # noqa: BLE001 - a suite file that does not load gives no position
            continue
        for item in items:
            if item.setup is None or (isinstance(item, Scenario) and item.setup_refused):
                continue
            mine = dict(item.options or {})
            if any(key in mine and mine[key] != value for key, value in options.items()):
                continue
            origin = f"{suite_name(path)}: {item.id}"
            found.append(Position({**options, **mine}, item.setup, origin))
    return found


def mutate(doc: Json, rng: random.Random) -> tuple[Json, str]:
    """``doc`` with one random change: a number moved by one, two values of a list swapped, a
    value replaced by another of the document, a key left out or null.  Returns the changed
    document and a description of the change."""
    changed = copy.deepcopy(doc)
    places: list[tuple[Any, Any, str]] = []  # (container, key, path)
    scalars: list[Any] = []

    def walk(node: Any, path: str) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            here = f"{path}.{key}" if isinstance(node, dict) else f"{path}[{key}]"
            if key == "game" and path == "":
                continue
            places.append((node, key, here.lstrip(".")))
            if isinstance(value, dict | list):
                walk(value, here)
            else:
                scalars.append(value)

    walk(changed, "")
    if not places:
        return changed, "unchanged"
    node, key, path = rng.choice(places)
    value = node[key]
    kind = rng.random()
    if isinstance(value, list) and len(value) >= 2 and kind < 0.4:
        i, j = rng.sample(range(len(value)), 2)
        value[i], value[j] = value[j], value[i]
        return changed, f"{path}: items {i} and {j} swapped"
    if isinstance(value, bool) and kind < 0.6:
        node[key] = not value
        return changed, f"{path}: {json.dumps(value)} -> {json.dumps(not value)}"
    if isinstance(value, int) and not isinstance(value, bool) and kind < 0.6:
        node[key] = value + rng.choice((-1, 1))
        return changed, f"{path}: {value} -> {node[key]}"
    if kind < 0.8 and scalars:
        other = rng.choice(scalars)
        node[key] = other
        return changed, f"{path}: {show(value, 40)} -> {show(other, 40)}"
    if isinstance(node, dict) and kind < 0.9:
        del node[key]
        return changed, f"{path}: left out"
    node[key] = None
    return changed, f"{path}: {show(value, 40)} -> null"


# -- random games --------------------------------------------------------------------------------
@attrs.frozen
class Played:
    test: Test
    difference: Difference | None
    moves: int
    cut_off: bool


def play_random(
    pair: Pair,
    rng: random.Random,
    seen: set[str],
    illegal: float = 0.2,
    max_actions: int = 1000,
    on_action: Callable[[int], None] | None = None,
    test: Test | None = None,
) -> Played:
    """One random game from ``test``'s first position: mostly legal actions, and with
    probability ``illegal`` before each move an action the reference refuses (one seen legal
    elsewhere, or nonsense).  The game stops after ``max_actions`` moves (refused tries do
    not count) and is then *cut off*."""
    start = test if test is not None else Test(pair.options)
    played: list[str] = []
    moves = 0
    tries = 0
    found = pair.start(start)
    ended = False
    while found is None and moves < max_actions and tries < 50 * max_actions:
        legal = pair.legal()
        seen.update(legal)
        if not legal:
            ended = True
            break
        if rng.random() < illegal:
            others = sorted(seen.difference(legal))
            action = rng.choice(others) if others and rng.random() < 0.9 else NONSENSE
        else:
            action = rng.choice(sorted(legal))
        found, accepted = pair.act(len(played), action)
        played.append(action)
        tries += 1
        moves += accepted
        if on_action is not None:
            on_action(moves)
    if found is None and not ended:
        ended = not pair.legal()
    return Played(start.with_actions(played), found, moves, found is None and not ended)


def shrink(
    pair: Pair,
    test: Test,
    budget: int = 400,
    deadline: float | None = None,
    found: Difference | None = None,
) -> tuple[Test, Difference]:
    """A shortest test that still makes the pair disagree (ddmin over the actions, the
    position kept), within ``budget`` replays and until ``deadline`` (``time.monotonic()``).
    ``test`` must make them disagree: ``found`` is how (when the caller just saw it), else it
    is replayed to see it.  Candidates are replayed the quick way (refusals, and the
    positions at the end); the result is replayed thoroughly."""
    spent = 0
    if found is None:
        found = pair.replay(test)
        spent = 1
    if found is None:
        raise SubjectError("the divergence does not happen again on a replay (is it random?)")

    def out_of_time() -> bool:
        return spent >= budget or (deadline is not None and time.monotonic() >= deadline)

    def cut(candidate: Sequence[str], difference: Difference) -> list[str]:
        # Nothing after the action that diverged matters.
        return list(candidate[: difference.length])

    current = cut(test.actions, found)
    # First, every try the reference refuses but the last: a refused try changes nothing, so
    # the list without them most likely still diverges, and every later replay is shorter.
    refused = _refused_tries(pair.reference, pair.game, test.with_actions(current))
    if refused and not out_of_time():
        candidate = [a for i, a in enumerate(current) if i not in refused]
        spent += 1
        again = pair.replay(test.with_actions(candidate), thorough=False)
        if again is not None:
            current, found = cut(candidate, again), again
    chunks = 2
    while len(current) >= 2 and not out_of_time():
        size = max(1, len(current) // chunks)
        reduced = False
        # From the end: a late action is the likeliest to be irrelevant to the divergence.
        starts = list(range(0, len(current), size))
        for start in reversed(starts):
            if out_of_time():
                break
            candidate = current[:start] + current[start + size :]
            spent += 1
            again = pair.replay(test.with_actions(candidate), thorough=False)
            if again is not None:
                current, found = cut(candidate, again), again
                chunks = max(chunks - 1, 2)
                reduced = True
                break
        if not reduced:
            if size == 1:
                break
            chunks = min(len(current), chunks * 2)
    final = test.with_actions(current)
    if deadline is not None and time.monotonic() >= deadline:
        return final, found  # a real divergence, maybe not the earliest of the list
    again = pair.replay(final)
    if again is None:  # the quick replay saw it, a thorough one must too; keep what we had
        return final, found
    return final.with_actions(cut(current, again)), again


def _refused_tries(reference: Subject, game: str, test: Test) -> set[int]:
    """The indices of the actions of ``test`` the reference refuses, the last one excepted."""
    reference.start(game, test.options)
    if test.position is not None:
        with contextlib.suppress(SetupRefused):
            reference.setup(copy.deepcopy(test.position))
    found = set()
    for index, action in enumerate(test.actions[:-1]):
        if reference.act(action) is not None:
            found.add(index)
    return found


def from_position(pair: Pair, test: Test, difference: Difference) -> tuple[Test, Difference] | None:
    """The divergence as one action from the reference's position before it, set up with
    ``setup``, when that shows it too (the other must load that position as the reference
    does); else None."""
    if difference.what == "setup" or difference.action is None or not pair.setups:
        return None
    last = difference.index - 1 if difference.played else difference.index
    reference = pair.reference
    reference.start(pair.game, test.options)
    if test.position is not None:
        with contextlib.suppress(SetupRefused):
            reference.setup(copy.deepcopy(test.position))
    for action in test.actions[:last]:
        reference.act(action)
    before = reference.state().state
    candidate = Test(test.options, (test.actions[last],), before,
                     "the reference's position before the divergence")
    again = pair.replay(candidate)
    if again is None or again.what in ("setup", "error"):
        return None
    return candidate, again


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
    shrink_seconds: float = 60.0,
    setups: float = 0.25,
    positions: Sequence[Position] | None = None,
) -> DiffResult:
    """Play ``games`` random games (seeded with ``seed``) through both.

    A share ``setups`` of the games starts from a position: one of ``positions`` (by default
    the suite's), as it is or changed at random.  At the first divergence its test is shrunk;
    then, while ``shrink_budget`` replays and ``shrink_seconds`` last, the remaining games are
    played too and their divergences shrunk, keeping the shortest test found (another game may
    show the same fault in fewer actions).
    """
    started = time.monotonic()
    options = dict(options or {})
    pair = Pair(reference, other, game, options)
    if positions is None:
        positions = suite_positions(game, options) if setups > 0 else []
    seen: set[str] = set()
    total = moves = cut_off = set_up = refused_setups = 0
    first: tuple[int, Test, Difference] | None = None
    best: tuple[int, Test, Difference] | None = None
    deadline: float | None = None
    shrink_started = 0.0
    played_games = 0
    at_position: tuple[Test, Difference] | None = None
    for number in range(1, games + 1):
        if first is not None and (
            pair.replays >= shrink_budget or (deadline is not None and time.monotonic() >= deadline)
        ):
            break
        rng = random.Random(f"{seed}/{number}")
        # The position is drawn apart: a game from the first position is the same game
        # whatever the share of set-ups.
        draw = random.Random(f"{seed}/{number}/setup")
        test = Test(options)
        if positions and pair.setups and draw.random() < setups:
            position = draw.choice(list(positions))
            test = Test(position.options, (), position.state, position.origin)
            if draw.random() < 0.5:
                changed, change = mutate(position.state, draw)
                test = Test(position.options, (), changed, f"{position.origin}, changed: {change}")

        def progress(done: int, number: int = number) -> None:
            if on_progress is not None:
                on_progress(number, done)

        game_played = play_random(pair, rng, seen, illegal, max_actions, progress, test)
        played_games = number
        total += len(game_played.test.actions)
        moves += game_played.moves
        cut_off += game_played.cut_off
        if test.position is not None and pair.setups:
            set_up += 1
            refused_setups += pair.refused_setup
        found = game_played.difference
        if found is None:
            continue
        if found.what == "error":
            other.after_error()
        if first is None:
            first = (number, game_played.test, found)
            pair.replays = 0
            shrink_started = time.monotonic()
            deadline = shrink_started + shrink_seconds
        left = max(1, shrink_budget - pair.replays)
        if at_position is None:
            at_position = from_position(pair, game_played.test, found)
        shortest, difference = shrink(pair, game_played.test, left, deadline, found)
        if best is None or _size(shortest) < _size(best[1]):
            best = (number, shortest, difference)
        if len(best[1].actions) <= 1:
            break
    seconds = time.monotonic() - started
    notes = tuple(dict.fromkeys(pair.notes))
    divergent = None
    if first is not None and best is not None:
        divergent = Divergent(
            first[0], first[1].actions, first[2], best[1].actions, best[2], pair.replays,
            best[0], first[1], best[1], time.monotonic() - shrink_started,
            *(at_position or (None, None)),
        )
    return DiffResult(
        played_games, total, divergent, seconds, moves=moves, cut_off=cut_off, set_up=set_up,
        setups_refused=refused_setups, notes=notes,
    )


def _size(test: Test) -> tuple[int, int]:
    """Shorter first; among equals, one from the first position (no set-up) first."""
    return (len(test.actions), test.position is not None)


# -- the report ----------------------------------------------------------------------------------
@attrs.frozen
class Scene:
    """The position where a test diverges, as the reference sees it."""

    before: StateView | None
    """The state before the diverging action (or at the compared position)."""
    after: StateView | None
    """The reference's state after it, when it was played."""
    action: str | None


def scene(reference: Subject, game: str, test: Test, difference: Difference) -> Scene:
    """Replay ``test`` on the reference alone up to the divergence."""
    reference.start(game, test.options)
    if test.position is not None and difference.what != "setup":
        with contextlib.suppress(SetupRefused):
            reference.setup(copy.deepcopy(test.position))
    if difference.what == "setup":
        return Scene(reference.state(), None, None)
    if difference.action is None:
        for action in test.actions[: difference.index]:
            reference.act(action)
        return Scene(reference.state(), None, None)
    last = difference.index - 1 if difference.played else difference.index
    for action in test.actions[:last]:
        reference.act(action)
    before = reference.state()
    reference.act(test.actions[last])
    return Scene(before, reference.state(), test.actions[last])


def describe(result: DiffResult, other: str = "the adapter", where: Scene | None = None) -> str:
    """The text ``elevenes diff`` prints."""
    played = (
        f"{result.games} game{'s' if result.games != 1 else ''} "
        f"({result.moves} moves, {result.actions - result.moves} refused tries) "
        f"in {result.seconds:.1f} s"
    )
    extra = []
    if result.set_up:
        extra.append(
            f"{result.set_up} started from a set-up position "
            f"({result.setups_refused} of them refused by both)"
        )
    extra.append(
        f"{result.cut_off} game{'s' if result.cut_off != 1 else ''} cut off at --max-actions"
    )
    tail = [f"  {line}" for line in (*extra, *result.notes)]
    if result.divergent is None:
        return "\n".join([f"no divergence in {played}", *tail]) + "\n"
    found = result.divergent
    shortest = found.shortest_whole
    origin = found.test_whole.origin
    lines = [
        f"DIVERGED: {played}",
        *tail,
        f"game {found.game_number} diverged after {len(found.actions)} actions"
        + (f" from {origin}" if origin else "") + ":",
        f"  {found.difference.describe(other)}",
        _values(found.difference, other),
        f"shortest reproducing sequence ({len(shortest.actions)} action"
        f"{'s' if len(shortest.actions) != 1 else ''}, from game {found.shortest_game}, "
        f"{found.replays} replays in {found.shrink_seconds:.1f} s):",
    ]
    if shortest.position is not None:
        lines.append(f"  from the position {shortest.origin}:")
        lines.append(f"    {json.dumps(shortest.position, ensure_ascii=False)}")
    lines += [f"  {number}. {action}" for number, action in enumerate(shortest.actions, start=1)]
    lines += [
        f"  {found.shortest_difference.describe(other)}",
        _values(found.shortest_difference, other),
    ]
    if found.position_test is not None and found.position_difference is not None:
        lines.append(
            "one action from the reference's position before it, set up, shows it too"
            + (" (the scenario below):" if len(shortest.actions) > LONG else ":")
        )
        lines.append(f"  1. {found.position_test.actions[0]}")
        lines.append(f"  {found.position_difference.describe(other)}")
    if where is not None and where.before is not None:
        lines.append(
            "the position before it (the reference's state document):"
            if where.action is not None else "the position (the reference's state document):"
        )
        lines.append(f"  {json.dumps(where.before.state, ensure_ascii=False)}")
        if where.action is not None:
            lines.append(f"the action: {where.action}")
    return "\n".join(line for line in lines if line) + "\n"


def _values(difference: Difference, other: str) -> str:
    if difference.what not in ("state", "legal", "observation", "refusal", "setup"):
        return ""
    width = max(len("reference"), len(other))
    return (
        f"    {'reference':<{width}}: {show(difference.expected, 500)}\n"
        f"    {other:<{width}}: {show(difference.actual, 500)}"
    )


def html_report(result: DiffResult, game: str, where: Scene, text: str, other: str) -> str:
    """A page with the report and pictures of the position (``--html FILE``)."""
    from ..render import state_svg

    def picture(title: str, view: StateView | None) -> str:
        if view is None:
            return ""
        try:
            svg = state_svg(game, view.state)
        except Exception as exc:  # noqa: BLE001 - a report without a picture is still a report
            svg = f"<p>(no picture: {html.escape(str(exc))})</p>"
        return f"<figure><figcaption>{html.escape(title)}</figcaption>{svg}</figure>"

    found = result.divergent
    difference = found.shortest_difference if found is not None else None
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>elevenes diff: {html.escape(game)}</title>",
        "<style>body{font-family:sans-serif;margin:1em 2em} pre{white-space:pre-wrap;"
        "background:#f6f6f6;padding:.5em} figure{margin:1em 0} .bad{color:#a00}</style>",
        "</head><body>",
        f"<h1>elevenes diff: {html.escape(game)} against {html.escape(other)}</h1>",
    ]
    if difference is not None:
        parts.append(f'<p class="bad">{html.escape(difference.describe(other))}</p>')
        if where.action is not None:
            parts.append(f"<p>The action: <code>{html.escape(where.action)}</code></p>")
        parts.append(
            "<table><tr><th>reference</th><td><code>"
            f"{html.escape(show(difference.expected, 2000))}</code></td></tr>"
            f"<tr><th>{html.escape(other)}</th><td><code>"
            f"{html.escape(show(difference.actual, 2000))}</code></td></tr></table>"
        )
    title = "The position before the action" if where.action is not None else "The position"
    parts.append(picture(f"{title} (the reference's state)", where.before))
    if where.action is not None:
        parts.append(picture(f"After {where.action} (the reference's state)", where.after))
    parts.append(f"<h2>The report</h2><pre>{html.escape(text)}</pre>")
    parts.append("</body></html>")
    return "\n".join(part for part in parts if part) + "\n"


def as_scenario(reference: Subject, game: str, options: Json, found: Divergent, seed: int) -> str:
    """The shortest divergence as a scenario file (YAML) holding the reference's answers, to
    add to a suite: the other implementation fails it until it is fixed.

    A state or observation difference is pinned by the whole top-level key of the document it
    lies in, compared as a partial expectation; a key only the other writes is pinned by
    ``$absent`` in the mapping that lacks it (with the reference's values along the path).
    """
    difference = found.shortest_difference
    test = found.shortest_whole
    if (found.position_test is not None and found.position_difference is not None
            and len(test.actions) > LONG):
        test, difference = found.position_test, found.position_difference
    if test.options != options and not test.options:
        test = attrs.evolve(test, options=options)
    actions = list(test.actions)
    doc: Json = {
        "id": f"diff-{game}-seed{seed}-game{found.shortest_game}",
        "game": game,
        "description": f"found by elevenes diff --game {game} --seed {seed}"
        + (f" from {test.origin}" if test.origin else ""),
    }
    if test.options:
        doc["options"] = test.options
    reference.start(game, test.options)
    if difference.what == "setup" and test.position is not None:
        doc["setup"] = test.position
        try:
            reference.setup(copy.deepcopy(test.position))
        except SetupRefused:
            doc["setup_refused"] = True
            doc["profile"] = STRICT
            doc["final"] = {"phase": reference.state().state.get("phase")}
        else:
            doc["steps"] = [{"legal": sorted(reference.legal())}]
        return _yaml(doc)
    if test.position is not None:
        doc["setup"] = test.position
        reference.setup(copy.deepcopy(test.position))
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
        elif difference.what == "observation":
            player = _observer(difference.path)
            seen = reference.observe(player)
            step["observe"] = {"player": player, "expect": _pin_doc(seen, difference.path)}
        if not step:
            step["legal"] = sorted(reference.legal())
        steps.append(step)
    doc["steps"] = steps
    return _yaml(doc)


def _observer(path: str | None) -> int:
    text = (path or "observe(0)").removeprefix("observe(")
    return int(text.split(")")[0]) if text.split(")")[0].isdigit() else 0


def _top(path: str, root: str) -> str:
    return path.removeprefix(root).lstrip(".").split(".")[0].split("[")[0]


def _pin_doc(doc: Json, path: str | None) -> Json:
    root = (path or "").split(")")[0] + ")" if (path or "").startswith("observe(") else "state"
    if (path or "").startswith(root):
        absent = _absent_pin(doc, (path or "").removeprefix(root))
        if absent is not None:
            return dict(absent)
    top = _top(path or "", root)
    if top and top in doc:
        return {top: doc[top]}
    return dict(doc)


def _absent_pin(doc: Any, rest: str) -> Any:
    """Where the reference's document lacks a key the other writes: the reference's values
    along the path (``.players[1].aside``), ending in ``$absent`` naming that key; None when
    the reference has every key of the path. A key may hold dots (``reading.X``): at a mapping
    the longest key that begins the rest of the path is followed."""
    if rest.startswith("[") and isinstance(doc, list):
        index_text, _, after = rest[1:].partition("]")
        if not index_text.isdigit() or int(index_text) >= len(doc):
            return None
        index = int(index_text)
        inner = _absent_pin(doc[index], after)
        if inner is None:
            return None
        return [inner if number == index else value for number, value in enumerate(doc)]
    if not rest.startswith(".") or not isinstance(doc, dict):
        return None
    text = rest[1:]
    keys = [key for key in doc if text == key or text.startswith((f"{key}.", f"{key}["))]
    if not keys:
        return {ABSENT: [text]}
    key = max(keys, key=len)
    inner = _absent_pin(doc[key], text[len(key):])
    return None if inner is None else {key: inner}


def _pin(view: StateView, difference: Difference) -> Json:
    """The reference's value of the top-level key where the states differ."""
    path = difference.path or ""
    if path in ("terminal", "current_player", "returns"):
        value: Any = getattr(view, path)
        return {path: value}
    return _pin_doc(view.state, path)


def _yaml(doc: Json) -> str:
    """A small YAML document, its values in JSON (flow) style."""
    lines = []
    for key, value in doc.items():
        if key != "steps":
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    if "steps" not in doc:
        return "\n".join(lines) + "\n"
    lines.append("steps:")
    for step in doc["steps"]:
        for number, (key, value) in enumerate(step.items()):
            lead = "  - " if number == 0 else "    "
            lines.append(f"{lead}{key}: {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"
