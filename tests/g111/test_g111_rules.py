"""111: worked examples of the rewards, penalties and rulings on fixed positions (position B1
of conformance/111/basics.yaml, varied)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
import yaml

from elevenes.games import load_game
from elevenes.games.one_eleven import OneElevenState
from elevenes.paths import conformance_dir

from .g111_helpers import check_invariants

ORDER = {f"{rank}{suit}": i for i, (rank, suit) in enumerate(
    (r, s) for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for s in "CDHS")}


def sorted_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)

PARTY = "party 5C 9D 5H 9S +C +S"  # attack 7, shield 11, health 5, money 9


def b1(change: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    suite = yaml.safe_load((conformance_dir("111") / "basics.yaml").read_text(encoding="utf-8"))
    doc: dict[str, Any] = copy.deepcopy(suite["scenarios"][0]["setup"])
    if change is not None:
        change(doc)
    return doc


def play(doc: dict[str, Any], actions: list[str]) -> OneElevenState:
    state = load_game("111", doc["options"]).state_from_json(doc)
    assert isinstance(state, OneElevenState)
    for action in actions:
        state.apply_action(action)
        check_invariants(state)
    return state


def set_coins(seat: int, coins: int) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        doc["bank"]["issued"] += coins - doc["players"][seat]["coins"]
        doc["players"][seat]["coins"] = coins
    return change


def test_triumph_paid_by_the_loser_and_the_bank_makes_up_the_shortfall() -> None:
    # Defender 3C 4D 7H 8S: attack 3, money 4, health 7, shield 8.  13 vs 8 leaves health 2;
    # the defender strikes 3 + 1 = 4 off shield 11; 7 + 6 = 13 defeats it (not exactly).
    # Owed: the larger money, 9.  The defender holds 3: the bank pays the other 6.
    state = play(b1(set_coins(1, 3)), [PARTY, "attack player 1", "defend 3C 4D 7H 8S",
                                       "roll 6", "buy nothing", "fight on", "roll 1",
                                       "buy nothing", "roll 6", "buy nothing"])
    assert state.coins == [11 + 9, 0]
    assert state.issued == 22 - 8 + 6
    assert state.to_json()["discards"] == ["3C", "4D", "5C", "5H", "7H", "8S", "9D", "9S"]


def test_an_exact_kill_of_a_player_pays_eleven_more() -> None:
    # The defender plays 10H instead of 7H: shield 8, health 10.  7 + 1 = 8 is exactly the
    # shield, a knock-out; the extra strike 7 + 3 = 10 is exactly the health: triumph (the
    # larger money, 9) and 11 more from the bank.
    def change(doc: dict[str, Any]) -> None:
        doc["players"][1]["hand"] = ["3C", "4D", "8S", "10H", "QD"]
        doc["draw_pile"] = sorted_cards([c for c in doc["draw_pile"] if c != "10H"] + ["7H"])
    state = play(b1(change), [PARTY, "attack player 1", "defend 3C 4D 10H 8S", "roll 1",
                              "buy nothing", "roll 3", "buy nothing"])
    assert state.coins == [11 + 9 + 11, 11 - 9]


def test_a_strike_through_a_standing_shield_is_never_an_exact_kill() -> None:
    # G111.RULING.EXACT-KILL: the attack score is the whole strike.  The jack has shield 3
    # and health 7: 7 + 3 = 10 leaves its health at zero, but 10 is not its health, 7, so
    # no 11 more.  The same jack with no shield and health 10: 7 + 3 = 10 is exact.
    def wounded(shield: int, health: int) -> Callable[[dict[str, Any]], None]:
        def change(doc: dict[str, Any]) -> None:
            doc["bosses"]["J"] = [{"card": "JC", "shield": shield, "health": health,
                                   "coins": 0}]
        return change
    through = play(b1(wounded(3, 7)), [PARTY, "attack J", "roll 3", "buy nothing"])
    assert through.coins[0] == 11 + 9 + 5 + 5  # money, jack bonus, lone boss
    exact = play(b1(wounded(0, 10)), [PARTY, "attack J", "roll 3", "buy nothing"])
    assert exact.coins[0] == 11 + 9 + 5 + 5 + 11


def test_the_last_jack_pays_eleven_more_and_a_lone_boss_five() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["bosses"]["J"] = [{"card": "JC", "shield": 0, "health": 10, "coins": 6}]
        doc["defeated"] = ["JD", "JH", "JS"]
        doc["draw_pile"] = [c for c in doc["draw_pile"] if c not in ("JD", "JH", "JS")]
        doc["players"][1]["coins"] = 5  # the 6 on the jack came from seat 1
    # 7 + 1 = 8 off health 10: the jack strikes 10 + 1 = 11 = shield 11, a knock-out, then
    # 10 + 6 = 16 defeats the party (health 5): 9 coins onto the jack.
    lost = play(b1(change), [PARTY, "attack J", "roll 1", "buy nothing", "roll 1", "roll 6"])
    assert lost.coins[0] == 2
    assert lost.slots[0][0][3] == 6 + 9
    assert lost.slots[0][0][2] == 2  # the jack keeps its damage (G111.RULING.BOSS-DAMAGE)
    # 7 + 2 + 1 (attack bought) = 10 takes it exactly to zero.
    won = play(b1(change), [PARTY, "attack J", "roll 2", "buy attack"])
    # money 9 + bonus 5 + lone 5 + last 11 + exact 11 = 41 from the bank, 6 from the jack.
    assert won.coins[0] == 11 - 5 + 41 + 6
    assert won.to_json()["defeated"] == ["JC", "JD", "JH", "JS"]


def test_surrender_at_one_coin_pays_what_is_held_then_the_bail_out() -> None:
    state = play(b1(set_coins(0, 1)), [PARTY, "attack J", "roll 1", "buy nothing", "roll 2",
                                       "surrender"])
    assert state.coins[0] == 0
    assert state.slots[0][0][3] == 1
    for card in ("draw 2D", "draw 2H", "draw 2S"):
        state.apply_action(card)
    assert state.coins == [11, 11]
    assert state.to_json()["pending"] == {"asking": "draw", "player": 1, "for": "turn"}
    assert (state.active, state.turn) == (1, 2)


def test_an_empty_draw_pile_is_made_again_from_the_discards() -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["discards"], doc["draw_pile"] = doc["draw_pile"], []
    state = play(b1(change), [PARTY, "attack J", "roll 1", "buy nothing", "roll 2",
                              "surrender"])
    doc = state.to_json()
    assert doc["discards"] == []
    assert len(doc["draw_pile"]) == 39 + 4
    assert doc["pending"] == {"asking": "draw", "player": 0, "for": "refill"}


def test_reaching_111_ends_the_game_before_the_refill() -> None:
    state = play(b1(set_coins(0, 100)), [PARTY, "attack J", "roll 3", "buy nothing",
                                         "roll 6", "buy nothing"])
    assert state.is_terminal() and state.ended_by == "coins"
    assert state.returns() == [1.0, 0.0] and state.score() == 119
    assert state.to_json()["players"][0]["hand"] == ["2C", "KS"]  # no refill


@pytest.mark.parametrize(("coins", "winners"), [(7, [0, 1]), (6, [0]), (8, [1])])
def test_the_turn_limit_ends_the_game_and_the_richest_win(coins: int, winners: list[int]) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["options"]["turn_limit"] = 1
        set_coins(1, coins)(doc)
    state = play(b1(change), [PARTY, "attack J", "roll 1", "buy nothing", "roll 2",
                              "surrender", "draw 2D", "draw 2H", "draw 2S"])
    assert state.is_terminal() and state.ended_by == "turn limit"
    assert state.coins[0] == 11 - 4
    assert state.winners == winners


@pytest.mark.parametrize(
    ("hand", "after_keep"),
    [
        (["2C", "5C", "5H", "9D", "9S", "KS"], ["party"]),
        (["2C", "5C", "5H", "9D", "10D"], ["end turn"]),
        (["2C", "5C", "5H", "2D", "9D"], ["coins 2D 9D", "end turn"]),
    ],
)
def test_the_placement_and_coin_questions_are_asked_whatever_the_hand(
    hand: list[str], after_keep: list[str]
) -> None:
    def change(doc: dict[str, Any]) -> None:
        moved = [c for c in doc["players"][0]["hand"] if c not in hand]
        doc["draw_pile"] = sorted_cards(
            [c for c in doc["draw_pile"] if c not in hand] + moved)
        doc["players"][0]["hand"] = hand
        doc["pending"] = {"asking": "place", "player": 0}
    state = play(b1(change), [])
    faces = [f"place {c}" for c in hand if c[0] in "JQK"]
    assert state.legal_action_strings() == [*faces, "keep"]
    state.apply_action("keep")
    legal = state.legal_action_strings()
    if after_keep == ["party"]:
        assert state.to_json()["pending"] == {"asking": "party", "player": 0}
    else:
        assert state.to_json()["pending"] == {"asking": "coins", "player": 0}
        assert legal == after_keep
    seen_by_other = state.observation(1)
    assert seen_by_other["players"][0]["hand"] is None
