"""The pictures: every game's positions draw as well-formed SVG, a player's view shows hidden
cards as backs without their identities, and text is escaped."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import elevenes
from elevenes.conformance.loader import load_suite
from elevenes.conformance.model import Scenario
from elevenes.core.api import State
from elevenes.render import Names, RenderError, observation_svg, shipped_names, state_svg

SVG = "{http://www.w3.org/2000/svg}"
GAMES = [
    ("elevenes-for-one", {}),
    ("elevenes", {"players": 3, "guests": True}),
    ("bowling-solitaire", {}),
    ("111", {"players": 3}),
]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width", "0")) > 100 and float(root.get("height", "0")) > 100
    return root


def words(svg: str) -> str:
    """All the text a picture shows: its text elements and tooltips."""
    root = parse(svg)
    return " ".join(
        "".join(el.itertext()) for el in root.iter() if el.tag in (f"{SVG}text", f"{SVG}title")
    )


def played(game_id: str, options: dict[str, Any], seed: int, until: Any) -> State:
    """A position of a seeded random game: the first one where ``until(state)`` holds."""
    game = elevenes.load_game(game_id, options=options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not until(state):
        assert not state.is_terminal(), "the game ended before the position wanted"
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_initial_and_played_positions_draw(game_id: str, options: dict[str, Any]) -> None:
    game = elevenes.load_game(game_id, options=options)
    state = game.new_initial_state()
    rng = random.Random(5)
    for moves in range(400):
        if moves % 40 == 0:
            text = words(state_svg(game_id, state.to_json()))
            assert game_id.split("-")[0].lower() in text.lower() or "111" in text
            for player in range(game.num_players()):
                parse(observation_svg(game_id, state.observation(player)))
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    parse(state_svg(game_id, state.to_json()))


def test_scenario_setups_draw() -> None:
    """Every fifth scenario set-up of the suite, loaded through its game, draws."""
    scenarios = [item for item in load_suite().items
                 if isinstance(item, Scenario) and item.setup and not item.setup_refused]
    assert len(scenarios) > 100
    for scenario in scenarios[::5]:
        game = elevenes.load_game(scenario.game, options=scenario.options)
        state = game.state_from_json(scenario.setup or {})
        parse(state_svg(scenario.game, state.to_json()))


def test_titles_name_the_phase_and_the_score() -> None:
    state = played("bowling-solitaire", {}, 1, lambda s: s.to_json()["frame"] == 3)
    title = parse(observation_svg("bowling-solitaire", state.observation(0))).find(
        f"{SVG}title")
    assert title is not None and title.text is not None
    assert "frame 3" in title.text and "total" in title.text
    efo = elevenes.load_game("elevenes-for-one").new_initial_state()
    text = words(state_svg("elevenes-for-one", efo.to_json()))
    assert "phase deal" in text and "15 minutes left" in text


def test_card_names_come_from_the_card_files() -> None:
    game = elevenes.load_game("elevenes-for-one")
    state = game.state_from_json({
        "game": "elevenes-for-one", "phase": "turn", "minutes": 9, "trolley": [1, 2],
        "pantry": [[10, "up"], [6, "up"], [8, "up"], [3, "up"], [5, "up"], [9, "up"],
                   [7, "up"]],
        "discard": [11, 4], "cursor": 0})
    text = words(state_svg("elevenes-for-one", state.to_json()))
    for name in ("Servants", "Fine China", "Sandwiches", "Cups &", "Elevenses", "Sugar"):
        assert name in text
    assert shipped_names("elevenes").values[6] == 2  # the value printed on Elevenes' cards


def test_efo_face_down_card_is_a_back_in_the_view() -> None:
    state = played("elevenes-for-one", {}, 3,
                   lambda s: any(side == "down" for _, side in s.to_json()["pantry"]))
    names = shipped_names("elevenes-for-one")
    hidden = [card for card, side in state.to_json()["pantry"] if side == "down"]
    full = words(state_svg("elevenes-for-one", state.to_json()))
    seen = words(observation_svg("elevenes-for-one", state.observation(0)))
    for card in hidden:
        assert names.name(card) in full
        assert names.name(card) not in seen
    assert seen.count("face down, place") == len(hidden)


def test_elevenes_hidden_cards_do_not_appear_in_a_view() -> None:
    state = played("elevenes", {"players": 3}, 2, lambda s: s.to_json()["phase"] == "turn")
    doc = state.to_json()
    view = state.observation(0)
    svg = observation_svg("elevenes", view)
    shown = set(re.findall(r"\b\d{1,2}[a-d]\b", words(svg)))
    hidden = {card for seat in doc["players"][1:] for card in seat["kitchen"]}
    hidden |= {card[1:] for seat in doc["players"][1:] for card in seat["spread"]
               if card and card.startswith("~")}
    assert hidden and not hidden & shown
    assert hidden <= set(re.findall(r"\b\d{1,2}[a-d]\b", words(state_svg("elevenes", doc))))
    backs = sum(1 for seat in view["players"][1:] for card in seat["kitchen"] + seat["spread"]
                if card and not re.search(r"\d", card))
    assert words(svg).count("hidden") >= backs > 0


def test_111_other_hands_are_backs() -> None:
    state = played("111", {"players": 3}, 4, lambda s: s.to_json()["turn"] >= 2)
    view = state.observation(0)
    text = words(observation_svg("111", view))
    sizes = [p["hand_size"] for p in view["players"][1:]]
    assert text.count("hand, hidden") == sum(sizes) > 0
    assert "coins" in text and "Jacks" in text


def test_bowling_pile_cards_under_the_top_are_backs() -> None:
    state = played("bowling-solitaire", {}, 1, lambda s: s.to_json()["phase"] == "play")
    under = sum(len(p) - 1 for p in state.to_json()["piles"] if p)
    full = words(state_svg("bowling-solitaire", state.to_json()))
    seen = words(observation_svg("bowling-solitaire", state.observation(0)))
    assert seen.count("face down") == under > 0
    assert re.findall(r"face down \(\d\)", full) and not re.findall(r"face down \(\d\)", seen)


def test_text_is_escaped() -> None:
    nasty = '<script>alert("x")</script> & Co'
    names = Names(cards={n: nasty for n in range(1, 12)}, values={}, guests={})
    game = elevenes.load_game("elevenes-for-one")
    svg = state_svg("elevenes-for-one", game.new_initial_state().to_json(), names)
    root = parse(svg)
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    view = {"game": "elevenes", "viewer": 0, "phase": "play", "players": [
        {"cubes": 0, "spread": [None] * 10, "kitchen": ["1a"],
         "guest": {"number": 1, "name": "<b>Guest</b>", "wants": [1], "revealed": True}}]}
    svg = observation_svg("elevenes", view)
    assert "<b>" not in svg and "Guest" in words(svg)


def test_bad_documents_are_refused_plainly() -> None:
    with pytest.raises(RenderError, match="no picture for game"):
        state_svg("chess", {})
    with pytest.raises(RenderError, match="wrong shape"):
        state_svg("elevenes-for-one", {"pantry": 7})
