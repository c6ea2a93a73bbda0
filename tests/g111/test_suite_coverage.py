"""The 111 conformance suite as a whole: every rule of the chapter is cited, every ruling's
scenarios exist, and the perft counts are recounted by a small brute force written here from
the rulebook alone (fights, the discount, the store, the refill and the deal), not by the
engine.  The benchmark's hand-written simulator plays the same games as the engine."""

from __future__ import annotations

import random
import sys
from collections import Counter
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest

from elevenes.conformance.loader import Perft, load_suite
from elevenes.core.play import play
from elevenes.games import load_game
from elevenes.paths import conformance_dir
from elevenes.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def suite() -> Any:
    loaded = load_suite([conformance_dir("111")], strict=True)
    assert not loaded.errors, [str(e) for e in loaded.errors]
    return loaded


def test_the_suite_has_eighty_scenarios_citing_every_rule(suite: Any) -> None:
    scenarios = [item for item in suite.items if not isinstance(item, Perft)]
    assert len(scenarios) >= 80
    cited = {rule for item in scenarios for rule in item.rules}
    chapter = {rule.id for rule in load_rulebook() if rule.game == "111"}
    assert chapter - cited == set()


def test_every_scenario_a_ruling_names_exists(suite: Any) -> None:
    ids = set(suite.by_id())
    for rule in load_rulebook():
        if rule.game == "111" and rule.is_ruling:
            assert rule.pinned_by, rule.id
            assert set(rule.pinned_by) <= ids, (rule.id, set(rule.pinned_by) - ids)


# -- an independent recount of the perft files ----------------------------------------------------
BOSS_FIGURE = {"J": 10, "Q": 12, "K": 14}
STORE = (("attack", 5, 1), ("shield", 3, 2), ("health", 1, 5))  # item, cost, most per turn
ATTRIBUTES = ("attack", "money", "health", "shield")
Position = dict[str, Any]


def position(doc: dict[str, Any]) -> Position:
    """The parts of a setup a fight or a refill needs, in plain dicts."""
    active = doc["active"]
    pos: Position = {
        "active": active,
        "pending": dict(doc["pending"]),
        "coins": [p["coins"] for p in doc["players"]],
        "hands": [list(p["hand"]) for p in doc["players"]],
        "pile": Counter(doc["draw_pile"]),
        "fighters": [None, None],
        "defender": None,
    }
    fight = doc["fight"]
    if fight is not None:
        party = doc["players"][active]["party"]
        pos["fighters"][0] = dict(party, bought=dict(party["bought"]), player=active)
        target = fight["target"]
        if "boss" in target:
            top = doc["bosses"][target["boss"]][-1]
            pos["fighters"][1] = {"attack": BOSS_FIGURE[target["boss"]], "shield": top["shield"],
                                  "health": top["health"], "player": None}
        else:
            who = target["player"]
            party = doc["players"][who]["party"]
            pos["defender"] = who
            pos["fighters"][1] = dict(party, bought=dict(party["bought"]), player=who)
    return pos


def moves(pos: Position) -> list[tuple[str, Position]]:
    asking = pos["pending"]["asking"]
    found: list[tuple[str, Position]] = []
    if asking == "discount":
        who = pos["defender"]
        for attribute in ATTRIBUTES:
            for points in range(1, min(5, pos["coins"][who]) + 1):
                nxt = deepcopy(pos)
                nxt["coins"][who] -= points
                nxt["fighters"][1][attribute] += points
                found.append((f"discount {attribute} {points}", roll_for(nxt, 0)))
        found.append(("discount none", roll_for(deepcopy(pos), 0)))
    elif asking == "roll":
        side = 0 if pos["pending"]["side"] == "attacker" else 1
        for die in range(1, 7):
            nxt = deepcopy(pos)
            buyer = nxt["fighters"][side]["player"]
            if buyer is not None and store(nxt, side):
                nxt["pending"] = {"asking": "store", "side": side, "roll": die}
                found.append((f"roll {die}", nxt))
            else:
                found.append((f"roll {die}", strike(nxt, side, die)))
    elif asking == "store":
        side, die = pos["pending"]["side"], pos["pending"]["roll"]
        for item in [*store(pos, side), "nothing"]:
            nxt = deepcopy(pos)
            if item != "nothing":
                fighter = nxt["fighters"][side]
                nxt["coins"][fighter["player"]] -= dict((i, c) for i, c, _ in STORE)[item]
                fighter["bought"][item] += 1
                fighter[item] += 1
            found.append((f"buy {item}", strike(nxt, side, die)))
    elif asking == "surrender":
        struck = pos["pending"]["side"]
        found.append(("surrender", refill(deepcopy(pos), pos["active"])))
        found.append(("fight on", roll_for(deepcopy(pos), struck)))
    elif asking == "discard":
        who = pos["pending"]["player"]
        for card in sorted(set(pos["hands"][who]), key=order):
            nxt = deepcopy(pos)
            nxt["hands"][who].remove(card)
            found.append((f"discard {card}", refill(nxt, who)))
    elif asking == "draw":
        who = pos["pending"]["player"]
        assert pos["pending"]["for"] in ("refill", "deal")
        for card in sorted(pos["pile"], key=order):
            nxt = deepcopy(pos)
            nxt["pile"][card] -= 1
            if not nxt["pile"][card]:
                del nxt["pile"][card]
            nxt["hands"][who].append(card)
            found.append((f"draw {card}", refill(nxt, who) if pos["pending"]["for"] == "refill"
                           else deal(nxt)))
    else:
        raise AssertionError(f"the recount does not model {asking}")
    return found


def order(card: str) -> int:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return ranks.index(card[:-1]) * 4 + "CDHS".index(card[-1])


def store(pos: Position, side: int) -> list[str]:
    fighter = pos["fighters"][side]
    coins = pos["coins"][fighter["player"]]
    return [item for item, cost, most in STORE
            if fighter["bought"][item] < most and coins >= cost]


def roll_for(pos: Position, side: int) -> Position:
    pos["pending"] = {"asking": "roll", "side": "attacker" if side == 0 else "target"}
    return pos


def strike(pos: Position, side: int, die: int) -> Position:
    """Shield first, then health; exactly the shield knocks out; health 0 ends the fight."""
    striker, struck = pos["fighters"][side], pos["fighters"][1 - side]
    points = striker["attack"] + die
    hit = False
    if struck["shield"] and points == struck["shield"]:
        struck["shield"] = 0
        return roll_for(pos, side)
    if points < struck["shield"]:
        struck["shield"] -= points
    else:
        struck["health"] -= points - struck["shield"]
        struck["shield"] = 0
        hit = True
    if hit and struck["health"] <= 0:
        return refill(pos, pos["active"])
    # asked to surrender: the active player hit by a boss, or the defender hit by the attacker
    if hit and (side == 1) == (pos["defender"] is None):
        pos["pending"] = {"asking": "surrender", "side": 1 - side}
        return pos
    return roll_for(pos, 1 - side)


def refill(pos: Position, player: int) -> Position:
    """After a fight or a discard: from the active player round the table, down or up to five."""
    pos["fighters"] = [None, None]
    n = len(pos["hands"])
    while True:
        size = len(pos["hands"][player])
        if size > 5:
            pos["pending"] = {"asking": "discard", "player": player}
            return pos
        if size < 5 and pos["pile"]:
            pos["pending"] = {"asking": "draw", "player": player, "for": "refill"}
            return pos
        player = (player + 1) % n
        if player == pos["active"]:
            pos["pending"] = {"asking": "next turn"}
            return pos


def deal(pos: Position) -> Position:
    sizes = [len(h) for h in pos["hands"]]
    pos["pending"] = {"asking": "draw", "player": sizes.index(min(sizes)), "for": "deal"}
    return pos


def brute_perft(pos: Position, depth: int) -> tuple[list[int], dict[str, int]]:
    counts = [0] * depth
    divide: dict[str, int] = {}

    def walk(p: Position, d: int, first: str | None) -> None:
        if d == depth:
            if first is not None:
                divide[first] = divide.get(first, 0) + 1
            return
        for text, nxt in moves(p):
            counts[d] += 1
            walk(nxt, d + 1, first or text)

    walk(pos, 0, None)
    return counts, divide


RECOUNTED = ("111-perft-fight-jack", "111-perft-pvp-discount", "111-perft-refill-discard",
             "111-perft-initial", "111-perft-initial-3p")


@pytest.mark.parametrize("perft_id", RECOUNTED)
def test_perft_recounted_by_the_independent_brute_force(suite: Any, perft_id: str) -> None:
    perft = suite.by_id()[perft_id]
    if perft.setup is not None:
        pos = position(perft.setup)
    else:  # the initial state: an unshuffled deck, nobody holds a card
        players = int(perft.options["players"])
        decks = (players + 1) // 2
        pile = Counter({f"{r}{s}": decks for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                   "J", "Q", "K", "A"] for s in "CDHS"})
        pos = deal({"active": 0, "hands": [[] for _ in range(players)], "pile": pile,
                    "coins": [11] * players, "fighters": [None, None], "defender": None,
                    "pending": {}})
    counts, divide = brute_perft(pos, perft.depth)
    assert counts == list(perft.counts)
    if perft.divide:
        assert divide == dict(perft.divide)


def test_the_perft_files_reach_depth_three_with_divides(suite: Any) -> None:
    perfts = [item for item in suite.items if isinstance(item, Perft)]
    assert len(perfts) >= 6
    assert sum(1 for p in perfts if p.depth >= 3 and p.divide) >= 4


# -- the benchmark's simulator plays the engine's games --------------------------------------------
def test_the_hand_written_simulator_plays_the_same_games_as_the_engine() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import one_eleven_handwritten as hand
    finally:
        sys.path.pop(0)
    for players in (2, 3, 4):
        game = load_game("111", options={"players": players})
        for seed in range(4):
            _, played = play(game, seed=seed)  # uniformly random legal actions
            assert hand.playout(random.Random(seed), players=players) == len(played.actions)
