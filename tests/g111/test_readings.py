"""111's rival readings as game options (core/readings.py): the readings the engine plays are
options and change play at their rule site, the others are refused as not played yet, a state
document names only the readings in force and loads back under them, and `analyse
--vs-option` compares a reading with the decided rules on the same seeds (random play under
the readings: tests/test_readings_properties.py)."""

from __future__ import annotations

import pytest

from elevenes.cli import main
from elevenes.core.errors import BadOption, BadState, IllegalAction
from elevenes.core.readings import card_readings, rulings
from elevenes.games import load_game
from elevenes.games.one_eleven.state import PROCEDURE_READINGS

B1 = {
    "game": "111", "options": {"players": 2, "turn_limit": 1000}, "turn": 1, "active": 0,
    "pending": {"asking": "party", "player": 0},
    "players": [{"coins": 11, "hand": ["2C", "5C", "5H", "9D", "9S", "KS"], "party": None},
                {"coins": 11, "hand": ["3C", "4D", "7H", "8S", "QD"], "party": None}],
    "bosses": {"J": [{"card": "JD", "shield": 10, "health": 10, "coins": 0},
                     {"card": "JC", "shield": 3, "health": 7, "coins": 0}],
               "Q": [],
               "K": [{"card": "KH", "shield": 14, "health": 14, "coins": 0}]},
    "defeated": [],
    "draw_pile": ["2D", "2H", "2S", "3D", "3H", "3S", "4C", "4H", "4S", "5D", "5S", "6C", "6D",
                  "6H", "6S", "7C", "7D", "7S", "8C", "8D", "8H", "9C", "9H", "10C", "10D", "10H",
                  "10S", "JH", "JS", "QC", "QH", "QS", "KC", "KD", "AC", "AD", "AH", "AS"],
    "discards": [], "bank": {"issued": 22, "taken": 0}, "fight": None, "winners": [],
    "ended_by": None,
}


def _position(**readings: str) -> dict[str, object]:
    doc = dict(B1)
    doc["options"] = {"players": 2, "turn_limit": 1000,
                      **{f"reading.G111.RULING.{k.replace('_', '-')}": v
                         for k, v in readings.items()}}
    return doc


def _play(doc: dict[str, object], moves: list[str]) -> dict[str, object]:
    state = load_game("111").state_from_json(doc)
    for move in moves:
        state.apply_action(move)
    return state.to_json()


STRIKE = ["party 5C 9D 5H 9S +C +S", "attack J", "roll 3", "buy nothing"]


def test_every_reading_played_is_a_playable_reading_and_no_card_file() -> None:
    known = {(r.id, x) for r in rulings("111").values() for x in r.playable if x != r.decided}
    assert known >= PROCEDURE_READINGS
    assert not card_readings("111")


def test_exact_kill_b_pays_the_bonus_through_a_standing_shield() -> None:
    decided = _play(_position(), STRIKE)
    rival = _play(_position(EXACT_KILL="b"), STRIKE)
    assert [p["coins"] for p in decided["players"]] == [25, 11]  # type: ignore[index]
    assert [p["coins"] for p in rival["players"]] == [36, 11]  # type: ignore[index]
    assert rival["options"]["reading.G111.RULING.EXACT-KILL"] == "b"  # type: ignore[index]
    assert "reading.G111.RULING.EXACT-KILL" not in decided["options"]  # type: ignore[operator]


def test_boss_damage_b_heals_the_king_at_the_end_of_the_turn() -> None:
    moves = ["party 5C 9D 5H 9S +C +S", "attack K", "roll 6", "buy nothing", "roll 1",
             "surrender"]
    decided = _play(_position(), moves)
    rival = _play(_position(BOSS_DAMAGE="b"), moves)
    assert decided["bosses"]["K"][0]["shield"] == 1  # type: ignore[index]
    king = rival["bosses"]["K"][0]  # type: ignore[index]
    assert (king["shield"], king["health"], king["coins"]) == (14, 14, 4)


def _coins_position(reading: str | None) -> object:
    """Seat 0 holds 5D 6D AD and is asked whether to buy coins; the draw pile holds every card
    not in a hand."""
    from elevenes.games.one_eleven.cards import NUM_CARDS, card_text

    doc = _position(**({"TWO_DIAMONDS": reading} if reading else {}))
    doc["pending"] = {"asking": "coins", "player": 0}
    hands = [["2C", "5D", "5H", "6D", "AD"], ["3C", "4D", "7H", "8S", "10C"]]
    doc["players"] = [{"coins": 11, "hand": hand, "party": None} for hand in hands]
    doc["bosses"] = {"J": [], "Q": [], "K": []}
    doc["draw_pile"] = [card_text(c) for c in range(NUM_CARDS)
                        if card_text(c) not in hands[0] + hands[1]]
    return load_game("111").state_from_json(doc)


@pytest.mark.parametrize(("reading", "legal", "refused"), [
    (None, ["coins AD", "coins 5D 6D", "end turn"], []),
    ("a", ["end turn"], ["coins AD", "coins 5D 6D"]),
    ("c", ["coins AD", "end turn"], ["coins 5D 6D"]),
])
def test_two_diamonds_readings_count_the_diamonds_held(reading: str | None, legal: list[str],
                                                       refused: list[str]) -> None:
    state = _coins_position(reading)
    assert [state.action_to_string(a) for a in state.legal_actions()] == legal  # type: ignore[attr-defined]
    for move in refused:
        with pytest.raises(IllegalAction) as why:
            state.apply_action(move)  # type: ignore[attr-defined]
        assert why.value.rule_id == "G111.RULING.TWO-DIAMONDS"


@pytest.mark.parametrize(("option", "value", "words"), [
    ("reading.G111.RULING.WIN-CHECK", "a", ["playable but not played", "WIN-CHECK"]),
    ("reading.G111.RULING.EXACT-KILL", "c", ["no reading", "a, b"]),
    ("reading.G111.RULING.TWO-DIAMONDS", "d", ["no reading"]),
])
def test_a_reading_not_played_is_refused(option: str, value: str, words: list[str]) -> None:
    with pytest.raises(BadOption) as refused:
        load_game("111", {option: value})
    for word in words:
        assert word in str(refused.value)


def test_analyse_compares_a_reading_on_the_same_seeds(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyse", "111", "--games", "4", "--workers", "1", "--bots", "greedy,greedy",
            "--vs-option", "reading.G111.RULING.EXACT-KILL=b"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "B: the decided rules with reading.G111.RULING.EXACT-KILL=b" in out
    assert "first player wins" in out and "B - A" in out
    assert main([*argv[:-1], "reading.G111.RULING.EXACT-KILL=z"]) != 0
    err = capsys.readouterr().err
    assert "a, b" in err and "Traceback" not in err


def test_deck_count_d_is_for_even_tables_and_b_rounds_down() -> None:
    with pytest.raises(BadOption, match=r"reading \(d\) of G111.RULING.DECK-COUNT.*not 3"):
        load_game("111", {"players": 3, "reading.G111.RULING.DECK-COUNT": "d"})
    four = load_game("111", {"players": 4, "reading.G111.RULING.DECK-COUNT": "d"})
    assert four.new_initial_state().decks == 2
    three = load_game("111", {"players": 3, "reading.G111.RULING.DECK-COUNT": "b"})
    assert three.new_initial_state().decks == 1
    assert load_game("111", {"players": 3}).new_initial_state().decks == 2


def test_the_rule_sites_of_the_readings_report_the_rulings_they_consult() -> None:
    from elevenes.core.readings import consultation

    with consultation() as seen:
        _play(_position(), STRIKE)  # JC defeated: is it the last jack?
    assert "G111.RULING.LAST-OF-KIND" in seen
    with consultation() as seen:
        _play(_position(), ["party 5C 9D 5H 9S +C +S", "attack K", "roll 6", "buy nothing",
                            "roll 1", "surrender"])  # half of money 9: an odd sum
    assert {"G111.RULING.SURRENDER-PAY", "G111.RULING.BOSS-DAMAGE"} <= set(seen)
    with consultation() as seen:
        _play(_position(), ["party 5C 9D 5H 9S +C +S", "attack J"])
    assert "G111.RULING.SURRENDER-PAY" not in seen


def _empty_pile(letter: str) -> dict[str, object]:
    """Seat 0 at four cards with the coins to buy, the draw pile empty, the discards full."""
    doc = dict(B1)
    doc["options"] = {"players": 2, "turn_limit": 1000, "reading.G111.RULING.EMPTY-PILE": letter}
    doc["pending"] = {"asking": "coins", "player": 0}
    doc["players"] = [{"coins": 11, "hand": ["2C", "5D", "5H", "6D", "AD"], "party": None},
                      {"coins": 11, "hand": ["3C", "4D", "7H", "8S", "10C"], "party": None}]
    held = {"2C", "5D", "5H", "6D", "AD", "3C", "4D", "7H", "8S", "10C"}
    doc["bosses"] = {"J": [], "Q": [], "K": []}
    doc["draw_pile"] = []
    doc["discards"] = [f"{r}{s}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                            "K", "A"] for s in "CDHS" if f"{r}{s}" not in held]
    return doc


def test_empty_pile_c_ends_the_game_and_only_it_writes_so() -> None:
    game = load_game("111", {"reading.G111.RULING.EMPTY-PILE": "c"})
    state = game.state_from_json(_empty_pile("c"))
    state.apply_action("coins AD")  # type: ignore[attr-defined]
    doc = state.to_json()
    assert state.is_terminal()
    assert (doc["ended_by"], doc["winners"]) == ("empty pile", [0])
    assert game.state_from_json(doc).to_json() == doc
    decided = load_game("111").state_from_json(_empty_pile("a"))
    decided.apply_action("coins AD")  # type: ignore[attr-defined]
    assert not decided.is_terminal()
    over = dict(doc, options={"players": 2, "turn_limit": 1000})
    with pytest.raises(BadState, match="only under reading \\(c\\) of G111.RULING.EMPTY-PILE"):
        load_game("111").state_from_json(over)


def test_refill_order_b_draws_the_discard_at_random() -> None:
    """Seat 0 ends a turn with six cards: under (b) the discard is chance's, each card alike;
    under the decided reading seat 0 chooses it."""
    for letter, chance in (("a", False), ("b", True)):
        game = load_game("111", {"reading.G111.RULING.REFILL-ORDER": letter})
        doc = dict(B1, options={"players": 2, "turn_limit": 1000,
                                "reading.G111.RULING.REFILL-ORDER": letter})
        doc["pending"] = {"asking": "discard", "player": 0}
        doc["players"] = [{"coins": 11, "hand": ["2C", "5C", "5H", "9D", "9S", "KS"],
                           "party": None}, B1["players"][1]]  # type: ignore[index]
        state = game.state_from_json(doc)
        assert state.is_chance_node() is chance
        if chance:
            assert sorted(state.chance_outcomes()) == sorted(
                (state.string_to_action(f"discard {c}"), 1 / 6)
                for c in ["2C", "5C", "5H", "9D", "9S", "KS"])
            assert state.to_json() == doc


def test_the_bonus_readings_are_consulted_where_a_party_has_sets() -> None:
    from elevenes.core.readings import consultation

    with consultation() as seen:
        _play(_position(), ["party 5C 9D 5H 9S +C +S"])  # two pairs
    assert "G111.RULING.TWO-PAIRS" in seen and "G111.RULING.DEFEND-BONUS" not in seen
    state = load_game("111", {"reading.G111.RULING.TWO-PAIRS": "b"}).state_from_json(
        _position(TWO_PAIRS="b"))
    with pytest.raises(IllegalAction) as refused:
        state.apply_action("party 5C 9D 5H 9S +C +S")  # type: ignore[attr-defined]
    assert refused.value.rule_id == "G111.RULING.TWO-PAIRS"
