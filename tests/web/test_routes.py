"""Every route of the web app over HTTP (Starlette's TestClient), with good and bad input: a
bad form, JSON, YAML or card file gets the one-line message the CLI gives, never a traceback;
user text comes back escaped; games are the save files ``elevenes play --resume`` reads."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from elevenes.cli import main as elevenes_main
from elevenes.core.errors import ElevenesError, IllegalAction
from elevenes.games import load_game
from elevenes.games.prompt import check_resume, read_saved, starting_state
from elevenes.rulebook.index import load_rulebook
from elevenes.web import tables

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_DISPUTE = REPO / "docs" / "examples" / "dispute-discard-limit.yaml"
EXAMPLE_CARDS = REPO / "docs" / "examples" / "slow-sugar.cards"


def message(response: Any) -> str:
    """The one-line message of an error page."""
    found = re.search(r'<p class="message">(.*?)</p>', response.text, re.DOTALL)
    assert found, response.text[:500]
    return found.group(1).strip()


def new_game(client: Any, game: str, **fields: str) -> str:
    response = client.post("/games", data={"game": game, **fields}, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    location: str = response.headers["location"]
    return location.rsplit("/", 1)[1]


def drawn_from(client: Any, name: str) -> str:
    """The version of the position the game's page shows (its move forms carry it)."""
    found = re.search(r'name="version" value="([^"]+)"', client.get(f"/game/{name}").text)
    assert found, "the page has no move form"
    return found.group(1)


def move(client: Any, name: str, action: str, **kwargs: Any) -> Any:
    """A move posted from the game's current page."""
    return client.post(f"/game/{name}/act",
                       data={"action": action, "version": drawn_from(client, name)}, **kwargs)


def resume(data: Path, name: str) -> Any:
    """The saved game read as ``elevenes play GAME --resume FILE`` reads it."""
    path = str(data / "games" / f"{name}.json")
    saved = read_saved(path)
    game = saved["game"]
    options, cards = check_resume(saved, path, {},
                                  lambda given: load_game(game, options=given).options, None)
    return starting_state(load_game(game, options=options, cards=cards), saved)


def test_pages_answer(client: Any) -> None:
    for url in ("/", "/rules", "/disputes", "/cards", "/static/htmx.min.js", "/static/style.css"):
        assert client.get(url).status_code == 200, url
    assert "Zero-Clause BSD" in client.get("/static/htmx.min.js").text[:300]


def test_an_unknown_page_is_a_one_line_error(client: Any) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert message(response) == "no such page"
    assert client.post("/rules").status_code == 405


@pytest.mark.parametrize("game", ["elevenes-for-one", "elevenes", "bowling-solitaire", "111"])
def test_every_game_starts_at_the_humans_decision_and_saves_as_play_does(
        client: Any, tmp_path: Path, game: str) -> None:
    name = new_game(client, game, seed="5")
    page = client.get(f"/game/{name}")
    assert page.status_code == 200
    state = resume(tmp_path / "data", name)
    assert state.current_player() == tables.HUMAN and tables.forced(state) is None
    for text in state.legal_action_strings():
        assert f'value="{text}"' in page.text
    # a legal move is played and saved; the bots answer; nothing is lost on reload
    action = state.legal_action_strings()[0]
    response = move(client, name, action, follow_redirects=False)
    assert response.status_code == 303
    after = resume(tmp_path / "data", name)
    assert after.is_terminal() or after.current_player() == tables.HUMAN
    log = json.loads((tmp_path / "data" / "games" / f"{name}.log.json").read_text())
    assert ["you: " + action, "you"] in log["lines"]
    assert "you: " + action in client.get(f"/game/{name}").text


def test_the_same_seed_deals_the_same_game(client: Any, tmp_path: Path) -> None:
    first = resume(tmp_path / "data", new_game(client, "elevenes-for-one", seed="9"))
    second = resume(tmp_path / "data", new_game(client, "elevenes-for-one", seed="9"))
    assert first.to_json() == second.to_json()


@pytest.mark.parametrize("fields, expected", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"game": "elevenes", "players": "9"}, "option 'players' takes a number from 2 to 4"),
    ({"game": "elevenes-for-one", "seed": "x1"}, "seed: a whole number, not 'x1'"),
    ({"game": "elevenes-for-one", "cards": "../etc"}, "no card file named '../etc'"),
    ({"game": "elevenes-for-one", "options": "minutes=99"}, "option 'minutes' takes a number"),
    ({"game": "elevenes-for-one", "options": "minutes"}, "option 'minutes' is not of the form"),
    ({"game": "bowling-solitaire", "options": "colour=red"}, "unknown option 'colour'"),
])
def test_a_bad_new_game_is_refused_with_the_clis_message(
        client: Any, fields: dict[str, str], expected: str) -> None:
    response = client.post("/games", data=fields)
    assert response.status_code == 400
    assert message(response).replace("&#39;", "'").startswith(expected)


def test_a_refused_move_names_its_rule(client: Any, tmp_path: Path) -> None:
    name = new_game(client, "elevenes-for-one", seed="1")
    state = resume(tmp_path / "data", name)
    with pytest.raises(IllegalAction) as refused:
        state.apply_action("discard")
    response = move(client, name, "discard")
    assert response.status_code == 422
    rule = load_rulebook().get(refused.value.rule_id)
    assert rule.id in response.text and rule.title in response.text
    assert resume(tmp_path / "data", name).to_json() == state.to_json()  # nothing changed
    # text that is no move at all, and no move
    assert "EFO." in move(client, name, "<b>x").text
    assert "&lt;b&gt;x" in move(client, name, "<b>x").text
    assert move(client, name, " ").status_code == 400


def test_an_unknown_or_malformed_game_name(client: Any) -> None:
    assert message(client.get("/game/nope")).replace("&#39;", "'") == \
        "no saved game named 'nope'"
    assert client.get("/game/..%2F..%2Fetc").status_code in (400, 404)
    assert client.get("/game/nope/hint").status_code == 400


def test_a_game_saved_by_play_is_listed_and_goes_on(client: Any, tmp_path: Path) -> None:
    game = load_game("bowling-solitaire")
    state = game.new_initial_state()
    from elevenes.games.prompt import saved_text

    (tmp_path / "data" / "games" / "by-play.json").write_text(saved_text(state))
    assert "by-play" in client.get("/").text
    page = client.get("/game/by-play")
    assert page.status_code == 200  # chance has dealt, not the human; the human decides
    assert resume(tmp_path / "data", "by-play").current_player() == tables.HUMAN
    assert 'value="deal ' not in page.text and 'value="knock ' in page.text


def test_a_broken_save_file_is_a_one_line_error(client: Any, tmp_path: Path) -> None:
    path = tmp_path / "data" / "games" / "broken.json"
    path.write_text("{not json")
    with pytest.raises(ElevenesError) as cli:  # what elevenes play --resume says of it
        read_saved(str(path))
    said = str(cli.value).splitlines()[0]
    response = client.get("/game/broken")
    assert response.status_code == 400
    assert html.unescape(message(response)) == said
    assert f'broken</a> <span class="dim"> · {said}' in html.unescape(client.get("/").text)


def test_hints(client: Any, tmp_path: Path) -> None:
    name = new_game(client, "bowling-solitaire", seed="2")
    state = resume(tmp_path / "data", name)
    hint = client.get(f"/game/{name}/hint").text
    move = re.search(r'class="hint-move">(.*?)<', hint)
    assert move and move.group(1) in state.legal_action_strings()
    assert "greedy bot" in hint


def test_the_elevenes_for_one_hint_is_the_solvers(client: Any, tmp_path: Path) -> None:
    """Late in a game (two cards left to score), the exact solver's values for every move."""
    game = load_game("elevenes-for-one")
    doc = {"game": "elevenes-for-one", "phase": "turn", "minutes": 3,
           "trolley": list(range(1, 10)), "pantry": [[11, "up"], [10, "up"]], "discard": [],
           "cursor": 0}
    state = game.state_from_json(doc)
    from elevenes.games.prompt import saved_text

    (tmp_path / "data" / "games" / "late.json").write_text(saved_text(state))
    hint = client.get("/game/late/hint").text
    assert "exact solver" in hint
    rows = re.findall(r"<tr( class=\"best\")?><td>(.*?)</td><td>(.*?)</td></tr>", hint)
    assert {move for _, move, _ in rows} == set(state.legal_action_strings())
    best = [move for mark, move, _ in rows if mark]
    assert best and re.search(r'class="hint-move">(.*?)<', hint).group(1) in best  # type: ignore[union-attr]


def test_rulebook_search_and_pages(client: Any) -> None:
    book = load_rulebook()
    found = book.search(["servants", "discard"])
    page = client.get("/rules", params={"q": "servants discard"}).text
    shown = re.findall(r'<tr[^>]*><td><a href="/rules/([^"]+)"', page)
    assert shown == [r.id for r in found][:300]
    assert client.get("/rules", params={"q": "zzzqqq"}).text.count("No rule mentions") == 1
    only = client.get("/rules", params={"game": "bowling-solitaire"}).text
    assert all(rid.startswith(book.get(rid).prefix) and book.get(rid).game == "bowling-solitaire"
               for rid in re.findall(r'<td><a href="/rules/([^"]+)"', only))
    assert client.get("/rules", params={"game": "chess"}).status_code == 400
    rule = client.get("/rules/efo.ruling.elevenses")
    assert rule.status_code == 200 and "EFO.RULING.ELEVENSES" in rule.text
    unknown = client.get("/rules/EFO.DISCARD.LIMT")
    assert unknown.status_code == 400 and "did you mean" in message(unknown)


def test_a_dispute_from_a_scenario_file_judged_and_saved(client: Any, tmp_path: Path) -> None:
    response = client.post("/disputes", files={"file": ("d.yaml", EXAMPLE_DISPUTE.read_bytes())},
                           data={"from": "scenario"}, follow_redirects=False)
    assert response.status_code == 303
    url = response.headers["location"]
    assert url == "/dispute/dispute-discard-limit"
    page = client.get(url).text
    assert "EFO.DISCARD.LIMIT" in page and "refused" in page
    book = load_rulebook()
    for ruling in re.findall(r"EFO\.RULING\.[A-Z0-9-]+", book.get("EFO.DISCARD.LIMIT").text):
        assert f"Ruling {ruling}: {book.get(ruling).title}" in html.unescape(page)
    saved = tmp_path / "dispute.yaml"
    saved.write_text(client.get(url + ".yaml").text)
    assert elevenes_main(["judge", str(saved)]) == 0
    # the same as a page, as elevenes judge --html writes it
    page_file = client.get(url + ".html")
    assert page_file.status_code == 200 and "attachment" in page_file.headers[
        "content-disposition"]
    same_name = tmp_path / "dispute-discard-limit.yaml"
    same_name.write_text(saved.read_text())
    out = tmp_path / "judged.html"
    assert elevenes_main(["judge", str(same_name), "--html", str(out)]) == 0
    assert page_file.text == out.read_text().replace(f"{tmp_path}/", "")
    # try a move, take it back
    before = client.get(url + ".yaml").text
    client.post(url + "/try", data={"action": "flip 3"})
    assert client.get(url + ".yaml").text != before
    client.post(url + "/undo")
    assert client.get(url + ".yaml").text == before
    assert client.post(url + "/try", data={"action": ""}).status_code == 400


def test_a_dispute_set_up_by_hand(client: Any) -> None:
    response = client.post("/disputes", data={"from": "start", "game": "elevenes-for-one"},
                           follow_redirects=False)
    url = response.headers["location"]
    doc = {"game": "elevenes-for-one", "phase": "turn", "minutes": 5, "trolley": [1, 2, 3],
           "pantry": [[5, "up"], [4, "up"], [9, "up"], [10, "up"], [11, "up"]],
           "discard": [6, 7, 8], "cursor": 0}
    response = client.post(url + "/setup", data={"setup": json.dumps(doc),
                                                 "game": "elevenes-for-one",
                                                 "description": "<script>alert(1)</script>"},
                           follow_redirects=False)
    assert response.status_code == 303
    page = client.get(url).text
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page
    verdict = client.post(url + "/try", data={"action": "score"}).text
    state = load_game("elevenes-for-one").state_from_json(doc)
    try:
        state.apply_action("score")
        assert "accepted" in verdict
    except IllegalAction as exc:
        assert exc.rule_id in verdict


@pytest.mark.parametrize("setup, expected", [
    ("{oops", "cannot read position.json: Expecting property name"),
    ('{"game": "elevenes-for-one", "minutes": 99}', "position.json"),
    ('{"game": "elevenes-for-one", "phase": "turn", "minutes": 5, "trolley": [1], '
     '"pantry": [[2, "up"]], "discard": [], "cursor": 0}', ""),
])
def test_a_bad_position_is_refused_with_the_set_up_checks_message(
        client: Any, setup: str, expected: str) -> None:
    url = client.post("/disputes", data={"from": "start", "game": "elevenes-for-one"},
                      follow_redirects=False).headers["location"]
    game = load_game("elevenes-for-one")
    try:
        game.state_from_json(json.loads(setup))
        cli_message = ""
    except (ElevenesError, ValueError) as exc:
        cli_message = str(exc)
    response = client.post(url + "/setup", data={"setup": setup, "game": "elevenes-for-one"})
    assert response.status_code == 422
    problem = re.search(r'id="setup-problem">(.*?)</p>', response.text)
    assert problem
    text = problem.group(1).replace("&#39;", "'").replace("&#34;", '"')
    assert text.startswith(expected)
    if not expected:  # passes the schema: the engine's own set-up check refuses it
        assert text == cli_message.splitlines()[0]


@pytest.mark.parametrize("source, text, expected", [
    ("scenario", "steps: [1", "scenario.yaml:1: not valid YAML"),
    ("scenario", "id: x\ngame: chess\n", "x.yaml"),
    ("scenario", "", "no scenario given"),
    ("state", "[1, 2]", "state.json: not a saved game"),
    ("state", "{nope", "cannot read state.json: Expecting property name"),
    ("elsewhere", "", "unknown way to start a dispute"),
])
def test_a_bad_dispute_file_is_a_one_line_error(client: Any, source: str, text: str,
                                                expected: str) -> None:
    response = client.post("/disputes", data={"from": source, "text": text})
    assert response.status_code == 400
    assert message(response).replace("&#39;", "'").startswith(expected)


def test_a_dispute_from_a_saved_game(client: Any, tmp_path: Path) -> None:
    name = new_game(client, "111", seed="4")
    url = client.post("/disputes", data={"from": "saved", "game_name": name},
                      follow_redirects=False).headers["location"]
    yaml_text = client.get(url + ".yaml").text
    assert "game: '111'" in yaml_text or 'game: "111"' in yaml_text
    saved = tmp_path / "from-save.yaml"
    saved.write_text(yaml_text)
    assert elevenes_main(["judge", str(saved)]) == 0
    upload = (tmp_path / "data" / "games" / f"{name}.json").read_text()
    response = client.post("/disputes", data={"from": "state", "text": upload},
                           follow_redirects=False)
    assert response.status_code == 303


def test_the_card_checker_places_each_diagnostic_at_its_line(client: Any,
                                                             tmp_path: Path) -> None:
    from elevenes.dsl.load import check_file

    text = EXAMPLE_CARDS.read_text().replace("on use", "on uze").replace("cost 6", "cots 6")
    path = tmp_path / "mine.cards"
    path.write_text(text)
    _, found = check_file(path)
    listing = client.post("/cards/check", data={"name": "mine", "text": text}).text
    for diagnostic in found:
        line = re.search(rf'id="line-{diagnostic.line}">(.*?)</li>', listing, re.DOTALL)
        assert line and f"{diagnostic.code} " in line.group(1)
    assert f"{len(found)} problem(s)" in listing
    ok = client.post("/cards/check", data={"name": "mine", "text": EXAMPLE_CARDS.read_text()})
    assert "mine.cards: ok, 1 card(s)" in ok.text
    escaped = client.post("/cards/check", data={"name": "x", "text": 'card 4 "<img src=x>"'})
    assert "<img src=x>" not in escaped.text and "&lt;img src=x&gt;" in escaped.text
    assert client.post("/cards/check", data={"name": "../x", "text": ""}).status_code == 400


def test_a_card_file_saved_played_and_analysed(client: Any, tmp_path: Path) -> None:
    text = EXAMPLE_CARDS.read_text()
    response = client.post("/cards/save", data={"name": "slow", "text": text, "then": "save"},
                           follow_redirects=False)
    assert response.headers["location"] == "/cards?name=slow"
    assert "Slow Sugar" in client.get("/cards?name=slow").text
    play = client.post("/cards/save", data={"name": "slow", "text": text, "then": "play"},
                       follow_redirects=False)
    name = play.headers["location"].rsplit("/", 1)[1]
    state = resume(tmp_path / "data", name)  # the save records the card file, as play does
    assert state.game.cards.cards[4].name == "Slow Sugar"
    table = client.get(f"/game/{name}").text.split('id="table"', 1)[1].split("</svg>", 1)[0]
    assert "<title>(4) Slow Sugar" in table  # the picture names the card as the file does
    bad = client.post("/cards/save", data={"name": "slow", "text": text + "\ncard", "then": "play"})
    assert bad.status_code == 400 and "problem(s)" in message(bad)
    job = client.post("/cards/save", data={"name": "slow", "text": text, "then": "analyse",
                                           "games": "6"}, follow_redirects=False)
    url = job.headers["location"]
    import time

    for _ in range(600):
        progress = client.get(url, headers={"HX-Request": "true"}).text
        if 'id="report"' in progress or "problem" in progress:
            break
        time.sleep(0.1)
    assert "B - A" in progress
    assert client.post("/cards/save", data={"name": "slow", "text": text, "then": "analyse",
                                            "games": "lots"}).status_code == 400
    assert client.get("/jobs/nope").status_code == 400
    assert client.get("/cards?name=nothere").status_code == 400


def place_button(page: str, card: str, place: str) -> str:
    """The value of the button that puts the card labelled ``card`` in ``place``."""
    found = re.search(rf'value="([^"]+@{re.escape(place)})" class="spot[^"]*" '
                      rf'title="{re.escape(html.escape(card))}: ', page)
    assert found, f"no button putting {card} in {place}"
    return html.unescape(found.group(1))


def test_cards_clicked_into_places(client: Any) -> None:
    """Each click puts a card last in a place of the typed position and sets it up again when
    state_from_json accepts it; else the position before the click stays (the markers agree
    with the picture), with the set-up check's message."""
    url = client.post("/disputes", data={"from": "start", "game": "elevenes-for-one"},
                      follow_redirects=False).headers["location"]
    doc = {"game": "elevenes-for-one", "phase": "turn", "minutes": 5, "trolley": [1, 2],
           "pantry": [[3, "up"], [4, "up"], [5, "up"], [6, "up"], [7, "up"], [8, "up"],
                      [9, "up"], [10, "up"], [11, "up"]], "discard": [], "cursor": 0}
    page = client.get(url).text
    assert page.count('name="place"') == 11 * 5
    client.post(url + "/setup", data={"setup": json.dumps(doc)})
    page = client.get(url).text
    response = client.post(url + "/setup", data={
        "setup": json.dumps(doc), "place": place_button(page, "(3) Milk", "trolley")},
        follow_redirects=False)
    assert response.status_code == 303 and "placing=1" in response.headers["location"]
    setup = yaml.safe_load(client.get(url + ".yaml").text)["setup"]
    assert setup["trolley"] == [1, 2, 3] and [3, "up"] not in setup["pantry"]
    # the discard pile holds three cards at most: a fourth is refused by the set-up check
    doc = setup
    for card in (9, 10, 11):
        doc["pantry"].remove([card, "up"])
        doc["discard"].append(card)
    client.post(url + "/setup", data={"setup": json.dumps(doc)})
    page = client.get(url).text
    before = re.search(r'id="setup-text">(.*?)</textarea>', page, re.DOTALL)
    refused = client.post(url + "/setup", data={
        "setup": html.unescape(before.group(1) if before else ""),
        "place": place_button(page, "(8) Sandwiches", "discard")})
    assert refused.status_code == 422
    game = load_game("elevenes-for-one")
    tried = dict(doc, pantry=[e for e in doc["pantry"] if e[0] != 8], discard=[9, 10, 11, 8])
    with pytest.raises(ElevenesError) as why:
        game.state_from_json(tried)
    problem = re.search(r'id="setup-problem">(.*?)</p>', refused.text)
    assert problem and "discard" in str(why.value)
    assert "position.json:" in problem.group(1) and "discard: [9, 10, 11, 8]" in \
        problem.group(1)  # the schema's message at the field, as read_state_file gives it
    # the click was not kept: the text, the markers and the picture show the position drawn
    after = re.search(r'id="setup-text">(.*?)</textarea>', refused.text, re.DOTALL)
    assert after and before and after.group(1) == before.group(1)
    assert place_button(refused.text, "(8) Sandwiches", "up") in refused.text
    assert re.search(r'class="spot here" title="\(8\) Sandwiches: pantry, face up"',
                     refused.text)
    assert 'id="placing" open' in refused.text  # the panel stays open


@pytest.mark.parametrize("game", ["bowling-solitaire", "elevenes"])
def test_the_table_shows_only_what_the_human_may_see(client: Any, tmp_path: Path,
                                                     game: str) -> None:
    from elevenes.render import observation_svg, state_svg

    name = new_game(client, game, seed="3")
    state = resume(tmp_path / "data", name)
    page = client.get(f"/game/{name}").text
    assert observation_svg(game, state.observation(tables.HUMAN)) in page
    assert state_svg(game, state.to_json()) not in page


def test_a_scenario_of_the_suite_opened_on_the_dispute_board(client: Any,
                                                            tmp_path: Path) -> None:
    rule = client.get("/rules/EFO.RULING.ELEVENSES").text
    ids = re.findall(r'<button type="submit" name="id" value="([^"]+)"', rule)
    assert ids
    response = client.post("/disputes", data={"from": "suite", "id": ids[0]},
                           follow_redirects=False)
    assert response.headers["location"] == f"/dispute/{ids[0]}"
    saved = tmp_path / "suite.yaml"
    saved.write_text(client.get(f"/dispute/{ids[0]}.yaml").text)
    assert elevenes_main(["judge", str(saved)]) == 0
    missing = client.post("/disputes", data={"from": "suite", "id": "no-such-scenario"})
    assert missing.status_code == 400 and "no scenario" in message(missing)


def test_elevenes_serve_listens_on_this_computer_only(tmp_path: Path) -> None:
    """The real command: 127.0.0.1 by default, the port given, the data folder given."""
    import subprocess
    import sys
    import time
    import urllib.request

    from .conftest import free_port

    port = free_port()
    command = [sys.executable, "-c", "import sys; from elevenes.cli import main; "
               "sys.exit(main(sys.argv[1:]))", "serve", "--port", str(port), "--data",
               str(tmp_path / "served")]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        first = process.stdout.readline() if process.stdout else ""
        assert f"http://127.0.0.1:{port}/" in first
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/rules") as answer:
                    assert answer.status == 200
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("elevenes serve did not answer")
        assert (tmp_path / "served" / "games").is_dir()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_bad_port_is_a_usage_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert elevenes_main(["serve", "--port", "70000"]) == 1
    assert "--port takes a number from 1 to 65535" in capsys.readouterr().err


def test_options_are_given_as_play_takes_them(client: Any, tmp_path: Path) -> None:
    name = new_game(client, "elevenes-for-one", options="minutes=13 challenge=true")
    state = resume(tmp_path / "data", name)
    assert state.game.options["minutes"] == 13 and state.game.options["challenge"] is True
    assert state.game.options == load_game("elevenes-for-one", options={
        "minutes": "13", "challenge": "true"}).options


def test_a_bug_is_a_one_line_page_not_a_traceback(client: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    name = new_game(client, "bowling-solitaire", seed="1")

    def broken(state: Any) -> Any:
        raise RuntimeError("the hint broke")

    monkeypatch.setattr(tables, "hint", broken)
    response = client.get(f"/game/{name}/hint")
    assert response.status_code == 500
    assert message(response).startswith("internal error: RuntimeError: the hint broke")
    assert "Traceback" not in response.text


def test_a_rules_scenarios_drawn_as_in_the_illustrated_rulebook(client: Any) -> None:
    from elevenes.conformance.loader import load_suite

    rule_id = "EFO.RULING.ELEVENSES"
    citing = sorted(item.id for item in load_suite().items if rule_id in item.cited_rules())
    assert f'hx-get="/rules/{rule_id}/scenarios"' in client.get(f"/rules/{rule_id}").text
    drawn = client.get(f"/rules/{rule_id}/scenarios").text
    shown = re.findall(r'<div class="pos-figure [^"]*" id="scenario-([^"]+)"', drawn)
    assert shown and set(shown) <= set(citing) and len(shown) == min(len(citing), 12)
    assert drawn.count("<svg") >= len(shown)
    assert client.get("/rules/NOPE.RULE/scenarios").status_code == 400


def test_hostile_form_values_get_a_one_line_error_not_a_server_error(client: Any) -> None:
    """Numbers that are not plain digits, documents nested too deeply, places clicked on a
    document whose places are not lists: each a 400 page with one line, never a 500."""
    deep = "[" * 5000 + "]" * 5000
    for seed in ("²", "9" * 5000, "1.5"):
        response = client.post("/games", data={"game": "bowling-solitaire", "seed": seed})
        assert response.status_code == 400 and message(response).startswith("seed: a whole")
    response = client.post("/disputes", data={"from": "state", "text": deep})
    assert response.status_code == 400 and "nested too deeply" in message(response)
    response = client.post("/disputes", data={"from": "scenario", "text": deep})
    assert response.status_code == 400 and "nested too deeply" in message(response)
    made = client.post("/disputes", data={"from": "start", "game": "elevenes-for-one"},
                       follow_redirects=False)
    assert made.status_code == 303, made.text[:300]
    url = made.headers["location"]
    for setup, place in (('{"game": "elevenes-for-one", "trolley": 5}', "3:trolley"),
                         ('{"game": "elevenes-for-one", "trolley": [[1]]}', "3:trolley"),
                         ('{"game": "elevenes-for-one"}', "²:trolley")):
        response = client.post(url + "/setup", data={"setup": setup, "place": place})
        assert response.status_code < 500, (setup, place, response.text[:300])
        assert "internal error" not in response.text
