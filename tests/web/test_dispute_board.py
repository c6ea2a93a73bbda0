"""The dispute board's click-to-place: offered for every game from the places the game's own
``places`` module names, the last card still to be laid out can be placed, and what is
disputed is kept whatever is clicked next."""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest
import yaml

from elevenes.games import game_ids, load_game
from elevenes.games.places import cards, places_of


def buttons(page: str) -> list[str]:
    return [html.unescape(v) for v in re.findall(r'name="place" value="([^"]+)"', page)]


def played(game: str, moves: int, seed: int) -> Any:
    state = load_game(game).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", game_ids())
def test_every_game_offers_its_cards_to_place(client: Any, game: str) -> None:
    state = played(game, 12, 3)
    doc = state.to_json()
    url = client.post("/disputes", data={"from": "state", "text": json.dumps(doc)},
                      follow_redirects=False).headers["location"]
    page = client.get(url).text
    module = places_of(game)
    lying = cards(doc, module.places(doc))
    assert lying, "the position has cards to place"
    offered = buttons(page)
    assert len(offered) == len(lying) * len(module.places(doc))
    # a click moves one card: it is no longer where it lay and lies last in the place chosen
    first = lying[0]
    target = next(p for p in module.places(doc) if p.key != first.place and p.spot is None)
    answer = client.post(url + "/setup", data={
        "setup": json.dumps(doc), "place": f"{first.token}@{target.key}"},
        follow_redirects=False)
    if answer.status_code == 303:  # a position the rules allow: set up
        setup = yaml.safe_load(client.get(url + ".yaml").text)["setup"]
        moved = [item for item in cards(setup, module.places(setup)) if item.place == target.key]
        assert moved and moved[-1].card == first.card
    else:  # refused with the set-up check's reason; the position is as before the click
        assert answer.status_code == 422 and "that click was not kept" in answer.text


def test_the_last_card_still_to_lay_out_can_be_placed(client: Any) -> None:
    url = client.post("/disputes", data={"from": "start", "game": "elevenes-for-one"},
                      follow_redirects=False).headers["location"]
    for _ in range(10):  # each card of the deck laid out face up, the last one too
        setup_text = html.unescape(re.search(r'id="setup-text">(.*?)</textarea>',
                                             client.get(url).text, re.DOTALL).group(1))
        doc = json.loads(setup_text)
        deck = [b for b in buttons(client.get(url).text) if b.startswith("deck.")
                and b.endswith("@up")]
        assert deck, doc
        answer = client.post(url + "/setup", data={"setup": setup_text, "place": deck[0]},
                             follow_redirects=False)
        assert answer.status_code == 303, re.findall(r'id="setup-problem">(.*?)</p>',
                                                     answer.text)
    setup = yaml.safe_load(client.get(url + ".yaml").text)["setup"]
    assert setup["phase"] == "front" and not setup.get("deck")
    assert len(setup["pantry"]) == 10
    load_game("elevenes-for-one").state_from_json(setup)  # a position the rules allow


def test_what_is_disputed_is_kept_when_a_move_is_tried_first(client: Any) -> None:
    url = client.post("/disputes", data={"from": "start", "game": "elevenes-for-one"},
                      follow_redirects=False).headers["location"]
    said = "may the first card be put first?"
    assert client.post(url + "/describe", data={"description": said}).status_code == 204
    client.post(url + "/try", data={"action": "deal 3"})
    assert yaml.safe_load(client.get(url + ".yaml").text)["description"] == said
    # sent with the move (htmx includes the field): kept too
    other = "and the second?"
    answer = client.post(url + "/try", data={"action": "deal 4", "description": other},
                         headers={"HX-Request": "true"}, follow_redirects=False)
    assert answer.headers["HX-Redirect"].startswith(url)
    assert yaml.safe_load(client.get(url + ".yaml").text)["description"] == other
    # a refused set-up keeps it as well
    client.post(url + "/setup", data={"setup": "{", "description": "kept"})
    assert yaml.safe_load(client.get(url + ".yaml").text)["description"] == "kept"


TEA_FIRST = {
    "game": "elevenes-for-one", "phase": "turn", "minutes": 15, "trolley": [1],
    "pantry": [[2, "up"], [3, "up"], [4, "up"], [5, "up"], [6, "up"], [7, "up"], [8, "up"],
               [9, "up"], [10, "up"], [11, "up"]],
    "discard": [], "cursor": 0,
}


def readings_block(page: str, ruling: str) -> str:
    """The last block of a move's verdicts under the readings of ``ruling``."""
    blocks = re.findall(r'<details class="readings"[^>]*data-ruling="' + re.escape(ruling)
                        + r'">(.*?)</details>', page, re.S)
    assert blocks, f"no verdicts under the readings of {ruling}"
    return blocks[-1]


def test_a_move_is_judged_under_each_reading_its_positions_drawn_side_by_side(
        client: Any) -> None:
    from elevenes.render import state_svg

    text = yaml.safe_dump({"id": "tea", "game": "elevenes-for-one", "setup": TEA_FIRST,
                           "steps": [{"act": "use"}]})
    url = client.post("/disputes", data={"from": "scenario", "text": text},
                      follow_redirects=False).headers["location"]
    page = client.post(url + "/try", data={"action": "flip 2"}).text  # the redirect followed
    block = readings_block(page, "EFO.RULING.SELF-TARGET")
    rows = {letter: css for css, letter in re.findall(
        r'<li class="([^"]+)" data-reading="([a-z])">', block)}
    assert rows == {"a": "accepted", "b": "refused decided"}
    words = html.unescape(re.sub(r"<[^>]+>", "", block))
    assert "(b) decided, in force: refused: EFO.RULING.SELF-TARGET (card 2 cannot be chosen " \
           "here)" in words
    assert "(a): accepted: You choose `flip 2` for (2) Tea: turned (2) Tea face down" in words
    figures = re.findall(r'<figure class="reading-position[^"]*" data-reading="([a-z])">(.*?)'
                         r"</figure>", block, re.S)
    assert [letter for letter, _ in figures] == ["a", "b"]
    # each drawn by the renderer from the position the move leaves under that reading
    under = {}
    for letter in "ab":
        options = {"reading.EFO.RULING.SELF-TARGET": letter}
        state = load_game("elevenes-for-one", options=options).state_from_json(TEA_FIRST)
        state.apply_action("use")
        if letter == "a":
            state.apply_action("flip 2")
        under[letter] = state_svg("elevenes-for-one", state.to_json())
    for letter, figure in figures:
        assert under[letter] in figure
    assert under["a"] != under["b"]


def test_a_move_that_touches_no_ruling_shows_no_readings(client: Any) -> None:
    doc = dict(TEA_FIRST, trolley=[1, 2, 3], pantry=[
        [4, "up"], [5, "up"], [6, "up"], [7, "up"], [8, "up"], [9, "up"], [10, "up"],
        [11, "up"]])
    text = yaml.safe_dump({"id": "sugar", "game": "elevenes-for-one", "setup": doc,
                           "steps": [{"act": "score"}]})
    url = client.post("/disputes", data={"from": "scenario", "text": text},
                      follow_redirects=False).headers["location"]
    page = client.get(url).text
    assert "ol class=\"verdicts\"" in page and 'class="readings"' not in page
