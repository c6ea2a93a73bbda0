"""The Elevenes for One conformance suite (conformance/elevenes-for-one/).

- every scenario and perft file passes against the reference, in process;
- every EFO rule id is cited by some scenario, and every scenario id a ruling's **Pinned by**
  names exists and cites that ruling;
- a sample of the suite gives the same results through the protocol (`elevenes adapter`);
- the perft counts are recounted by a small brute force written here from the rulebook alone
  (no engine code), and the first two depths of one file by hand.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from elevenes.conformance import (
    AdapterSubject,
    Perft,
    Report,
    Scenario,
    compute_coverage,
    load_suite,
    run_items,
    run_suite,
)
from elevenes.conformance.loader import Suite
from elevenes.paths import conformance_dir
from elevenes.rulebook.index import load_rulebook

GAME = "elevenes-for-one"


@pytest.fixture(scope="module")
def suite() -> Suite:
    loaded = load_suite([conformance_dir(GAME)])
    assert not loaded.errors, "\n".join(str(e) for e in loaded.errors)
    return loaded


def failures(report: Report) -> list[str]:
    return [
        f"{r.id} ({r.where}) {r.status}: step {r.step}, {r.action!r}: {r.message}"
        for r in report.results
        if r.status != "pass"
    ]


# -- the suite against the reference ---------------------------------------------------------
def test_the_whole_suite_passes_in_process(suite: Suite) -> None:
    report = run_suite(suite)
    assert not failures(report), "\n".join(failures(report))
    assert len(report.results) == len(suite.items)


def test_the_suite_is_large_and_has_its_parts(suite: Suite) -> None:
    scenarios = [i for i in suite.items if isinstance(i, Scenario)]
    perfts = [i for i in suite.items if isinstance(i, Perft)]
    assert len(scenarios) >= 70
    assert len(perfts) >= 3
    assert all(p.depth >= 4 and p.divide for p in perfts)
    assert all(s.game == GAME for s in suite.items)
    games = [s for s in scenarios if s.setup is None and s.final is None and any(
        a.startswith("deal ") for step in s.steps for a in step.actions)]
    results = {str(step.expect.get("result")) for s in games for step in s.steps
               if step.expect and "result" in step.expect}
    assert {"won", "out-of-time", "stuck"} <= results


# -- coverage ---------------------------------------------------------------------------------
def test_every_efo_rule_is_cited_by_a_scenario(suite: Suite) -> None:
    rulebook = load_rulebook()
    coverage = compute_coverage(suite.items, rulebook, games=[GAME])
    assert coverage.total == len(rulebook.ids(GAME)) > 0
    assert not coverage.unknown, [c.rule_id for c in coverage.unknown]
    assert not coverage.uncovered, coverage.uncovered


def test_every_pinned_scenario_exists_and_cites_its_ruling(suite: Suite) -> None:
    rulebook = load_rulebook()
    by_id = suite.by_id()
    rulings = [r for r in rulebook if r.game == GAME and r.is_ruling]
    assert rulings
    for ruling in rulings:
        assert ruling.pinned_by, f"{ruling.id} names no scenario"
        for scenario_id in ruling.pinned_by:
            assert scenario_id in by_id, f"{ruling.id} is pinned by missing {scenario_id}"
            assert ruling.id in by_id[scenario_id].cited_rules(), (
                f"{scenario_id} does not cite {ruling.id}, which it pins")


# -- through the protocol ---------------------------------------------------------------------
def test_a_sample_gives_the_same_results_through_elevenes_adapter(suite: Suite) -> None:
    sample = suite.items[::4] + [i for i in suite.items if isinstance(i, Perft)][:1]
    local = run_items(sample)
    command = [sys.executable, "-m", "elevenes.cli", "adapter"]
    with AdapterSubject(command, timeout=60) as program:
        remote = run_suite(Suite(items=sample), program)
    assert not failures(remote), "\n".join(failures(remote))
    assert [(r.id, r.status) for r in remote.results] == [
        (r.id, r.status) for r in local.results]


# -- perft recounted by hand and by an independent brute force ----------------------------
def test_the_first_two_depths_of_the_step_2_perft_by_hand(suite: Suite) -> None:
    perft = suite.by_id()["efo-perft-front"]
    assert isinstance(perft, Perft)
    # Step 2 on [7, 4, 10, 5, 9, 11, 6, 8] (trolley top 3, empty pile): `pass` or put one of
    # the seven cards after the first in front: 8 actions.
    assert perft.counts[0] == 1 + 7
    # Then step 3 on the first card: score only for (4), the next card; discard for all but
    # (5) and (10); use always.  pass -> (7): use, discard.
    options = {7: 2, 4: 3, 5: 1, 6: 2, 8: 2, 9: 2, 10: 1, 11: 2}
    assert perft.counts[1] == options[7] + sum(options[c] for c in (4, 5, 6, 8, 9, 10, 11))


class Need(Exception):
    """The replay ran out of actions where a decision is asked: these are its options."""

    def __init__(self, options: list[str]) -> None:
        super().__init__(options)
        self.options = options


class End(Exception):
    """The game is over."""


class Refused(Exception):
    pass


class Solo:
    """Elevenes for One written straight from rulebook/elevenes-for-one/rules.md, as a replay:
    ``Solo(setup, actions).run()`` plays the actions from the setup and raises ``Need`` with
    the options of the first decision the actions do not answer, or ``End``.  Cards keep a
    face: pantry entries are [card, up]; ``place`` is the pass's place in the row (the number
    of pantry cards already passed, EFO.RULING.NEXT-CARD)."""

    def __init__(self, setup: dict[str, Any], actions: list[str]) -> None:
        self.minutes: int = setup["minutes"]
        self.trolley: list[int] = list(setup["trolley"])
        self.pantry: list[list[Any]] = [[c, face == "up"] for c, face in setup["pantry"]]
        self.discard: list[int] = list(setup["discard"])
        self.deck: list[int] = sorted(setup.get("deck", []))
        self.phase: str = setup["phase"]
        self.place: int = setup.get("cursor", 0)
        self.stack: list[dict[str, Any]] = list(setup.get("stack", []))
        self.actions: Iterator[str] = iter(actions)
        self.restart = False
        self.won = False
        self.from_pile = False  # a card scored from the discard pile by (11) is resolving

    def ask(self, options: list[str]) -> str:
        try:
            action = next(self.actions)
        except StopIteration:
            raise Need(options) from None
        if action not in options:
            raise Refused(action)
        return action

    # helpers
    def top(self) -> int:
        return self.trolley[-1] if self.trolley else 0

    def index(self, card: int) -> int:
        return next(i for i, (c, _) in enumerate(self.pantry) if c == card)

    def cards_up(self, *but: int) -> list[int]:
        return sorted(c for c, up in self.pantry if up and c not in but)

    def take_out(self, card: int) -> None:
        i = self.index(card)
        del self.pantry[i]
        if i < self.place:
            self.place -= 1

    def put_in(self, i: int, card: int) -> None:
        self.pantry.insert(i, [card, True])
        if i < self.place:
            self.place += 1

    def lose(self, minutes: int) -> None:
        self.minutes = max(0, self.minutes - minutes)

    # the game
    def run(self) -> None:
        if self.phase == "over":
            raise End
        if self.phase == "effect":  # a card was just used or scored; its action is next
            (frame,) = self.stack
            card, event = frame["card"], frame["event"]
            if event == "use":
                self.after_use(card)
            else:
                self.after_score(card)
            self.step_four()
        elif self.phase == "turn":
            self.turn()
        elif self.phase == "front":
            self.front()
        else:
            self.deal()
        raise AssertionError("a game never stops by itself")

    def deal(self) -> None:
        while self.deck:
            card = int(self.ask([f"deal {c}" for c in self.deck]).split()[1])
            self.deck.remove(card)
            self.pantry.append([card, True])
        self.front()

    def front(self) -> None:
        action = self.ask(["pass"] + [f"front {c}" for c, _ in self.pantry[1:]])
        if action != "pass":
            card = int(action.split()[1])
            self.take_out(card)
            self.pantry.insert(0, [card, True])
            self.lose(1)
            if self.minutes == 0:
                raise End
        self.place = 0
        self.turn()

    def turn(self) -> None:
        card = self.pantry[self.place][0]
        options = ["use"]
        if card == self.top() + 1:
            options.append("score")
        if len(self.discard) < 3 and card not in (5, 10):
            options.append("discard")
        action = self.ask(options)
        if action == "use":
            self.place += 1
            self.after_use(card)
        elif action == "score":
            self.take_out(card)
            self.score(card)
        else:
            self.take_out(card)
            if card == 11:
                self.elevenses()
            self.discard.append(card)
        self.step_four()

    def after_use(self, card: int) -> None:
        cost = self.effect(card, "use")
        if any(c == card for c, _ in self.pantry):
            self.pantry[self.index(card)][1] = False
        self.lose(cost)

    def score(self, card: int) -> None:
        self.trolley.append(card)
        self.after_score(card)

    def after_score(self, card: int) -> None:
        cost = self.effect(card, "score")
        if card == 11:
            self.won = True
        else:
            self.lose(cost)

    def elevenses(self) -> None:
        scorable = [c for c in self.discard if c == self.top() + 1]
        if scorable and self.ask(["pass"] + [f"score {c}" for c in scorable]) != "pass":
            self.discard.remove(scorable[0])
            self.from_pile = True
            self.score(scorable[0])
            self.from_pile = False

    def flip(self, cards: tuple[int, ...]) -> None:
        for card in cards:
            self.pantry[self.index(card)][1] = False

    def effect(self, card: int, event: str) -> int:
        """Carry out the card's action; return the minutes it costs."""
        if card in (2, 3):  # Tea, Milk
            found = self.cards_up(card, 5)
            size = min(len(found), 1 if card == 2 else 2)
            sets = list(combinations(found, size)) if size else []
            if len(sets) == 1:
                self.flip(sets[0])
            elif sets:
                chosen = self.ask(["flip " + " ".join(map(str, s)) for s in sets])
                self.flip(tuple(int(w) for w in chosen.split()[1:]))
        elif card == 4:
            return 2
        elif card == 6:
            self.restart = True
        elif card == 7:
            found = self.cards_up(7)
            pairs = list(combinations(found, 2))
            if pairs:
                pair = pairs[0] if len(pairs) == 1 else tuple(
                    int(w) for w in self.ask([f"swap {a} {b}" for a, b in pairs]).split()[1:])
                i, j = self.index(pair[0]), self.index(pair[1])
                self.pantry[i], self.pantry[j] = self.pantry[j], self.pantry[i]
        elif card == 8 and self.pantry:
            first = self.pantry[0][0]
            self.take_out(first)
            self.pantry.append([first, True])
        elif card == 9 and not self.from_pile:  # from the pile it has no place: nothing
            i = self.index(9) + 1 if any(c == 9 for c, _ in self.pantry) else self.place
            if i < len(self.pantry) and self.pantry[i][1] and self.pantry[i][0] != 5:
                self.pantry[i][1] = False
        elif card == 10:
            where = self.index(10) + 1 if event == "use" else self.place
            if event == "score" and 11 in self.discard:
                back: int | None = 11
            elif self.discard:
                answer = self.ask(["pass"] + [f"return {c}" for c in self.discard])
                back = None if answer == "pass" else int(answer.split()[1])
            else:
                back = None
            if back is not None:
                self.discard.remove(back)
                self.put_in(where, back)
                if event == "use":
                    return 0
        return 1

    def step_four(self) -> None:
        if self.won or self.minutes == 0:
            raise End
        if not self.restart:
            while self.place < len(self.pantry) and not self.pantry[self.place][1]:
                self.place += 1
            if self.place < len(self.pantry):
                self.turn()
        self.restart = False
        if not self.pantry:
            raise End
        self.deck = sorted(c for c, _ in self.pantry)
        self.pantry = []
        self.deal()


def options_after(setup: dict[str, Any], actions: list[str]) -> list[str]:
    try:
        Solo(setup, actions).run()
    except Need as need:
        return need.options
    except End:
        return []
    raise AssertionError("unreachable")


def brute_perft(setup: dict[str, Any], depth: int) -> tuple[list[int], dict[str, int]]:
    """perft(1) .. perft(depth) and the divide at ``depth``: every position reached after d
    actions counts once in perft(d); an end reached early counts once at every deeper d."""
    counts = [0] * depth
    divide: dict[str, int] = {}

    def walk(actions: list[str]) -> None:
        ply = len(actions)
        if ply:
            counts[ply - 1] += 1
        if ply == depth:
            divide[actions[0]] = divide.get(actions[0], 0) + 1
            return
        options = options_after(setup, actions)
        if not options:
            for deeper in range(ply + 1, depth + 1):
                counts[deeper - 1] += 1
            if ply:
                divide[actions[0]] = divide.get(actions[0], 0) + 1
            return
        for action in options:
            walk([*actions, action])

    walk([])
    return counts, divide


def perft_items() -> list[Perft]:
    loaded = load_suite([conformance_dir(GAME)])
    return [i for i in loaded.items if isinstance(i, Perft)]


@pytest.mark.parametrize("perft", perft_items(), ids=lambda p: p.id)
def test_perft_recounted_by_the_independent_brute_force(perft: Perft) -> None:
    assert perft.setup is not None
    counts, divide = brute_perft(perft.setup, perft.depth)
    assert counts == list(perft.counts)
    assert divide == perft.divide
