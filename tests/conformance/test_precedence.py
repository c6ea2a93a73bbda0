"""Rule precedence (BWL.PRECEDENCE, EFO.PRECEDENCE, ELV.PRECEDENCE): when a move breaks
several rules, the refusal cites the first of them in the rulebook's list.

For random positions of random games and many candidate moves (legal, illegal and malformed),
the rules are judged here independently of the engines, in the rulebook's order, each assuming
the ones before it hold: the engine must cite exactly the first one broken (Bowling Solitaire,
Elevenes for One), or at least a listed rule after every earlier one that holds (Elevenes,
whose later rules are judged by the cards' texts).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from elevenes.core.api import State
from elevenes.core.errors import IllegalAction
from elevenes.games import load_game
from elevenes.games.elevenes_for_one.game import PRECEDENCE as EFO_CODE_ORDER
from elevenes.rulebook import load_rulebook

Json = dict[str, Any]
Judge = Callable[[Json, str], bool]


def precedence(prefix: str) -> list[list[str]]:
    """The numbered list of ``<prefix>.PRECEDENCE``: per item, the rule ids it names (an id
    ending in ``.*`` stands for a family)."""
    text = load_rulebook().get(f"{prefix}.PRECEDENCE").text
    items = re.findall(r"^\d+\. (.*(?:\n   .*)*)", text, re.M)
    found = []
    for item in items:
        head = item.split(":")[0]
        found.append(re.findall(r"`([A-Z][A-Z0-9.*-]+)`", head))
    return found


def rank(order: list[list[str]], rule: str) -> int:
    for index, ids in enumerate(order):
        for pattern in ids:
            if rule == pattern or (pattern.endswith(".*") and rule.startswith(pattern[:-1])):
                return index
    raise AssertionError(f"{rule} is not in the precedence list")


def test_every_precedence_list_exists_and_names_real_rules() -> None:
    rulebook = load_rulebook()
    for prefix in ("BWL", "EFO", "ELV"):
        order = precedence(prefix)
        assert len(order) > 5
        for ids in order:
            for rule in ids:
                assert rule.endswith(".*") or rule in rulebook, rule


def test_the_engine_order_is_the_rulebook_order() -> None:
    listed = [rule for ids in precedence("EFO") for rule in ids if not rule.endswith(".*")]
    assert list(EFO_CODE_ORDER) == listed


# -- Bowling Solitaire ----------------------------------------------------------------------------
ADJACENT = {frozenset(p) for p in ("AB", "BC", "CD", "EF", "FG", "HI", "EA", "EB", "FB", "FC",
                                   "GC", "GD", "HE", "HF", "IF", "IG", "JH", "JI")}


def connected(letters: list[str]) -> bool:
    seen, todo = {letters[0]}, [letters[0]]
    while todo:
        here = todo.pop()
        for other in letters:
            if other not in seen and frozenset((here, other)) in ADJACENT:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(letters)


def knock(text: str) -> tuple[int, list[str]] | None:
    found = re.fullmatch(r"knock ([0-2]) ([A-J](?: [A-J])*)", text)
    return (int(found.group(1)), found.group(2).split()) if found else None


def bwl_undealt(doc: Json, number: int) -> int:
    placed = list(doc["pins"].values()) + [c for pile in doc["piles"] for c in pile] + doc["out"]
    return 2 - placed.count(number)


def bwl_judges() -> dict[str, Judge]:
    def full(doc: Json) -> bool:
        return all(v is not None for v in doc["pins"].values())

    def deal(text: str) -> int | None:
        found = re.fullmatch(r"deal (\d)", text)
        return int(found.group(1)) if found else None

    return {
        "BWL.GAME.FRAMES": lambda d, t: d["phase"] == "over",
        "BWL.SETUP.DEAL": lambda d, t: (d["phase"] == "deal") != (deal(t) is not None),
        "BWL.SETUP.CARDS": lambda d, t: deal(t) is not None and bwl_undealt(d, deal(t) or 0) == 0,
        "BWL.KNOCK.PILE": lambda d, t: bool(knock(t)) and not d["piles"][knock(t)[0]],  # type: ignore[index]
        "BWL.KNOCK.COUNT": lambda d, t: bool(knock(t)) and len(knock(t)[1]) > 3,  # type: ignore[index]
        "BWL.KNOCK.STANDING": lambda d, t: bool(knock(t))
        and any(d["pins"][x] is None for x in knock(t)[1]),  # type: ignore[index]
        "BWL.KNOCK.ADJACENT": lambda d, t: bool(knock(t)) and not connected(knock(t)[1]),  # type: ignore[index]
        "BWL.KNOCK.SUM": lambda d, t: bool(knock(t))
        and sum(d["pins"][x] for x in knock(t)[1]) % 10 != d["piles"][knock(t)[0]][0],  # type: ignore[index]
        "BWL.FIRST.BACK-ROW": lambda d, t: bool(knock(t)) and full(d)
        and any(x in "ABCD" for x in knock(t)[1]),  # type: ignore[index]
        "BWL.FIRST.CENTRE": lambda d, t: bool(knock(t)) and full(d) and knock(t)[1] == ["F"],  # type: ignore[index]
        "BWL.LATER.TOUCH": lambda d, t: bool(knock(t)) and not full(d) and not any(
            frozenset((x, y)) in ADJACENT
            for x in knock(t)[1]  # type: ignore[index]
            for y, v in d["pins"].items()
            if v is None
        ),
    }


def bwl_candidates(rng: random.Random, doc: Json) -> list[str]:
    found = ["end ball", f"deal {rng.randrange(10)}", "knock 3 A", "bowl"]
    for _ in range(30):
        letters = sorted(rng.sample("ABCDEFGHIJ", rng.choice((1, 1, 2, 2, 3, 3, 4))))
        found.append(f"knock {rng.randrange(3)} {' '.join(letters)}")
    return found


# -- Elevenes for One -----------------------------------------------------------------------------
def efo_judges() -> dict[str, Judge]:
    def words(t: str) -> list[str]:
        return t.split()

    def numbers(t: str) -> list[int]:
        return [int(w) for w in words(t)[1:]]

    def current(d: Json) -> int:
        return int(d["pantry"][d["cursor"]][0])

    def top(d: Json) -> int:
        return int(d["trolley"][-1]) if d["trolley"] else 0

    def kind(t: str) -> str:
        return words(t)[0] if len(words(t)) == 1 else words(t)[0] + " N"

    kinds = {"deal": {"deal N"}, "front": {"front N", "pass"}, "turn": {"score", "use", "discard"}}

    def procedure(d: Json, t: str) -> bool:
        if d["phase"] == "effect":
            asked = {kind(o) for o in d["choice"]["options"]} | {"pass"}
            return kind(t) not in asked
        return kind(t) not in kinds.get(d["phase"], set())

    def up(d: Json) -> set[int]:
        return {c for c, face in d["pantry"] if face == "up"}

    def effect(d: Json, t: str, word: str) -> bool:
        return d["phase"] == "effect" and words(t)[0] == word

    resolving = {2, 3, 7}  # the cards whose text excepts `self`

    return {
        "EFO.GOAL.END": lambda d, t: d["phase"] == "over",
        "EFO.PROCEDURE": procedure,
        "EFO.PASS.SHUFFLE": lambda d, t: words(t)[0] == "deal" and numbers(t)[0] not in d["deck"],
        "EFO.RULING.FRONT-FIRST": lambda d, t: words(t)[0] == "front" and bool(d["pantry"])
        and d["pantry"][0][0] == numbers(t)[0],
        "EFO.PASS.FRONT": lambda d, t: words(t)[0] == "front"
        and numbers(t)[0] not in [c for c, _ in d["pantry"]],
        "EFO.SCORE.NEXT": lambda d, t: (t == "score" and d["phase"] == "turn"
                                         and current(d) != top(d) + 1)
        or (effect(d, t, "score") and numbers(t) != [top(d) + 1]),
        "EFO.DISCARD.NEVER": lambda d, t: t == "discard" and d["phase"] == "turn"
        and current(d) in (5, 10),
        "EFO.DISCARD.LIMIT": lambda d, t: t == "discard" and d["phase"] == "turn"
        and len(d["discard"]) >= 3,
        "EFO.EFFECT.MANDATORY": lambda d, t: t == "pass" and d["phase"] == "effect"
        and "pass" not in d["choice"]["options"],
        "EFO.FLIP.FACE-UP": lambda d, t: effect(d, t, "flip")
        and not set(numbers(t)) <= up(d),
        "EFO.RULING.SELF-TARGET": lambda d, t: d["phase"] == "effect"
        and d["stack"][-1]["card"] in resolving
        and d["stack"][-1]["card"] in numbers(t),
        "EFO.FLIP.IMMUNE": lambda d, t: effect(d, t, "flip") and 5 in numbers(t),
    }


def efo_candidates(rng: random.Random, doc: Json) -> list[str]:
    found = ["score", "use", "discard", "pass", "yes", "player 1", "flip", "deal 07"]
    cards = list(range(1, 12))
    for _ in range(4):
        a, b = sorted(rng.sample(cards, 2))
        found += [f"front {a}", f"deal {a}", f"flip {a}", f"flip {a} {b}", f"swap {a} {b}",
                  f"return {a}", f"score {a}"]
    return found


# -- Elevenes -------------------------------------------------------------------------------------
def elv_judges() -> dict[str, Judge]:
    def seat(d: Json) -> Json:
        return dict(d["players"][d["turn"]])

    def card(t: str) -> str:
        return t.split()[1]

    def face_up(d: Json) -> list[str]:
        return [s for s in seat(d)["spread"] if s and not s.startswith("~")]

    def number(c: str) -> int:
        return int(c[:-1])

    def turn(d: Json, t: str, word: str) -> bool:
        return d["phase"] in ("turn", "arrange") and t.split()[0] == word

    return {
        "ELV.GAME.END": lambda d, t: d["phase"] == "over",
        "ELV.ARRANGE.SECOND": lambda d, t: d["phase"] == "arrange" and t.startswith("play "),
        "ELV.PLAY.FROM-KITCHEN": lambda d, t: turn(d, t, "play")
        and card(t) not in seat(d)["kitchen"],
        "ELV.CARD.ELEVENSES": lambda d, t: turn(d, t, "play") and number(card(t)) == 11
        and len(face_up(d)) < 4,
        "ELV.PLAY.NO-COPY": lambda d, t: turn(d, t, "play") and number(card(t)) != 11
        and any(number(c) == number(card(t)) for c in face_up(d)),
        "ELV.ARRANGE.ACTION": lambda d, t: turn(d, t, "arrange")
        and card(t) not in seat(d)["kitchen"],
        "ELV.EFFECT.MANDATORY": lambda d, t: d["phase"] == "effect" and t == "pass"
        and "pass" not in d["choice"]["options"],
    }


def elv_candidates(rng: random.Random, doc: Json) -> list[str]:
    sets = "ab"
    found = ["pass", "reveal", "player 0", "player 1", "arrange 3a at 10", "arrange 3a at 1"]
    for _ in range(6):
        c = f"{rng.randint(1, 11)}{rng.choice(sets)}"
        found += [f"play {c}", f"arrange {c} at {rng.randint(2, 9)}", f"take {c}", f"give {c}",
                  f"flip {c}", f"deal {c}"]
    return found


# -- the check ----------------------------------------------------------------------------------
GAMES: list[tuple[str, dict[str, Any], str, Callable[[], dict[str, Judge]],
                  Callable[[random.Random, Json], list[str]], bool, int]] = [
    ("bowling-solitaire", {}, "BWL", bwl_judges, bwl_candidates, True, 10),
    ("elevenes-for-one", {}, "EFO", efo_judges, efo_candidates, True, 30),
    ("elevenes", {"players": 2}, "ELV", elv_judges, elv_candidates, False, 2),
]


def positions(game_id: str, options: dict[str, Any], games: int, rng: random.Random
              ) -> list[State]:
    game = load_game(game_id, options)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(300):
            if rng.random() < (0.03 if state.is_chance_node() else 0.3):
                found.append(state.clone())
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("game_id", "options", "prefix", "judges", "candidates", "complete",
                          "games"), GAMES, ids=[g[0] for g in GAMES])
def test_a_refusal_cites_the_first_rule_broken(
    game_id: str,
    options: dict[str, Any],
    prefix: str,
    judges: Callable[[], dict[str, Judge]],
    candidates: Callable[[random.Random, Json], list[str]],
    complete: bool,
    games: int,
) -> None:
    rng = random.Random(11)
    order = precedence(prefix)
    judged = judges()
    notation = order[0][0]
    refused = 0
    for state in positions(game_id, options, games, rng):
        doc = state.to_json()
        legal = set(state.legal_action_strings())
        for text in candidates(rng, doc):
            try:
                state.clone().apply_action(text)
                cited = None
            except IllegalAction as exc:
                cited = exc.rule_id
            if cited is None:
                assert text in legal
                continue
            refused += 1
            assert text not in legal
            place = rank(order, cited)
            if cited == notation:
                continue  # nothing else can be judged of text that is no action
            for ids in order[1:place]:
                for rule in ids:
                    judge = judged.get(rule)
                    assert judge is None or not judge(doc, text), (
                        f"{text!r} breaks {rule}, listed before the cited {cited}: {doc}")
            own = judged.get(cited)
            if own is not None:
                assert own(doc, text), f"{text!r} is refused with {cited}, not broken: {doc}"
            elif complete:
                assert place == len(order) - 1 or cited not in judged, cited
    assert refused > 50


@pytest.mark.parametrize(("game_id", "options"), [("elevenes-for-one", {}), ("elevenes", {}),
                                                  ("bowling-solitaire", {})])
def test_text_outside_the_notation_cites_the_notation_rule(
    game_id: str, options: dict[str, Any]
) -> None:
    notation = {"elevenes-for-one": "EFO.ACTIONS", "elevenes": "ELV.ACTIONS",
                "bowling-solitaire": "BWL.NOTATION.ACTIONS"}[game_id]
    state = load_game(game_id, options).new_initial_state()
    for text in ("", "   ", "frobnicate", "deal", "deal 1 2 3", "deal 07", "player 99",
                 "pass pass", "7", "knock 9 Z", "arrange 3a at 11", "flip 3 3"):
        with pytest.raises(IllegalAction) as caught:
            state.clone().apply_action(text)
        assert caught.value.rule_id == notation, text
