"""One click, one move: a move chosen on a page of an older position is refused ("the game has
moved on"), concurrent posts of one form play one move, a save is written whole or not at all,
and a request that carries nothing never destroys saved work.  A typed move is read by the
terminal's own parser, and the questions the terminal skips are skipped by the same code."""

from __future__ import annotations

import json
import random
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from elevenes.games import load_game
from elevenes.games.prompt import check_resume, read_saved, starting_state
from elevenes.web import store as store_module
from elevenes.web import tables
from elevenes.web.app import Web
from elevenes.web.store import Log

POSTS = 20


def new_game(client: Any, game: str, **fields: str) -> str:
    response = client.post("/games", data={"game": game, **fields}, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    location: str = response.headers["location"]
    return location.rsplit("/", 1)[1]


def version_on(text: str) -> str:
    found = re.search(r'name="version" value="([^"]+)"', text)
    assert found, "the page has no move form"
    return found.group(1)


def resume(data: Path, name: str) -> Any:
    path = str(data / "games" / f"{name}.json")
    saved = read_saved(path)
    game = saved["game"]
    options, cards = check_resume(saved, path, {},
                                  lambda given: load_game(game, options=given).options, None)
    return starting_state(load_game(game, options=options, cards=cards), saved)


def my_moves(data: Path, name: str) -> list[str]:
    log = json.loads((data / "games" / f"{name}.log.json").read_text(encoding="utf-8"))
    return [text for text, style in log["lines"] if style == "you"]


# -- a stale page, a double click --------------------------------------------------------------
def test_a_move_from_an_older_page_is_refused_and_the_current_page_shown(
        client: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    name = new_game(client, "bowling-solitaire", seed="4")
    old = version_on(client.get(f"/game/{name}").text)
    first = client.post(f"/game/{name}/act", data={"action": "end ball", "version": old},
                        follow_redirects=False)
    assert first.status_code == 303
    after_one = resume(data, name).to_json()
    # the same form sent again (a second tab, a double click): not played
    again = client.post(f"/game/{name}/act", data={"action": "end ball", "version": old})
    assert again.status_code == 409
    assert "The game has moved on" in again.text
    assert version_on(again.text) != old  # the page of the game as it stands
    assert resume(data, name).to_json() == after_one
    assert my_moves(data, name) == ["you: end ball"]
    # a form without a version says nothing of the position it was drawn on: not played
    bare = client.post(f"/game/{name}/act", data={"action": "end ball"})
    assert bare.status_code == 409 and resume(data, name).to_json() == after_one


def test_a_page_shows_every_move_of_mine_once_and_the_result_once(client: Any,
                                                                  tmp_path: Path) -> None:
    """The log lists each of the human's moves once (the game's own line of the move is not
    repeated), and a finished game's result is shown once: in the page, not in the log."""
    data = tmp_path / "data"
    rng = random.Random(11)
    for game, players in (("111", "3"), ("elevenes", "2"), ("elevenes-for-one", ""),
                          ("bowling-solitaire", "")):
        name = new_game(client, game, seed="3", **({"players": players} if players else {}))
        page = client.get(f"/game/{name}").text
        for _ in range(400):
            if 'id="finish"' in page:
                break
            state = resume(data, name)
            action = rng.choice(state.legal_action_strings())
            page = client.post(f"/game/{name}/act", data={"action": action,
                                                          "version": version_on(page)}).text
        assert 'id="finish"' in page
        log = json.loads((data / "games" / f"{name}.log.json").read_text())["lines"]
        texts = [text for text, _ in log]
        for number, (text, style) in enumerate(log):
            if style == "you":
                assert texts[number + 1:number + 2] != [text], f"{text} listed twice"
        finish = tables.finish(resume(data, name))
        assert finish.splitlines()[-1] not in texts
        assert page.count(html_escape(finish.splitlines()[-1])) == 1


def html_escape(text: str) -> str:
    """``text`` as the pages' templates escape it."""
    from markupsafe import escape

    return str(escape(text))


def draws_of(data: Path, name: str) -> int:
    """How many moves the table has played for chance and the bots."""
    log = json.loads((data / "games" / f"{name}.log.json").read_text(encoding="utf-8"))
    draws: int = log["draws"]
    return draws


def post(url: str, fields: dict[str, str]) -> int:
    body = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(url, data=body, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.mark.parametrize("action", ["end ball", "knock"])
def test_twenty_concurrent_posts_of_one_form_play_one_move(
        server: tuple[str, Path], action: str) -> None:
    """The same form posted 20 times at once to a served app: one move is played, the others
    are refused as from an older position; the save reads back."""
    import httpx

    base, data = server
    made = httpx.post(base + "/games", data={"game": "bowling-solitaire", "seed": "8"},
                      follow_redirects=True)
    name = str(made.url).rsplit("/", 1)[1]
    state = resume(data, name)
    chosen = next(t for t in state.legal_action_strings() if t.startswith(action))
    drawn = version_on(made.text)
    draws = draws_of(data, name)
    statuses: list[int] = []
    start = threading.Barrier(POSTS)

    def send() -> None:
        start.wait()
        statuses.append(post(f"{base}/game/{name}/act", {"action": chosen, "version": drawn}))

    threads = [threading.Thread(target=send) for _ in range(POSTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(statuses) == POSTS
    assert statuses.count(200) == 1, statuses  # the one played: redirected to the game
    assert statuses.count(409) == POSTS - 1, statuses  # the others: the game has moved on
    assert my_moves(data, name) == [f"you: {chosen}"]
    expected = state.clone()
    expected.apply_action(state.string_to_action(chosen))
    assert draws_of(data, name) == draws  # no new rack: nothing else was played
    assert resume(data, name).to_json() == expected.to_json()  # the save reads back
    if action == "end ball":  # one ball ended, not twenty
        assert expected.to_json()["ball"] == state.to_json()["ball"] + 1


def test_a_save_that_fails_part_way_leaves_the_last_one_whole(
        client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    name = new_game(client, "elevenes-for-one", seed="2")
    path = data / "games" / f"{name}.json"
    before = path.read_text(encoding="utf-8")
    real = store_module.saved_text

    def breaks_part_way(state: Any, cards: str | None = None) -> str:
        return real(state, cards) + "\ud800"  # cannot be written: fails after the JSON

    monkeypatch.setattr(store_module, "saved_text", breaks_part_way)
    page = client.get(f"/game/{name}").text
    answer = client.post(f"/game/{name}/act", data={"action": "pass",
                                                    "version": version_on(page)})
    assert answer.status_code == 500
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
    monkeypatch.setattr(store_module, "saved_text", real)
    assert client.get(f"/game/{name}").status_code == 200  # the last save reads back


def test_an_empty_post_never_blanks_a_draft_or_a_card_file(client: Any,
                                                           tmp_path: Path) -> None:
    data = tmp_path / "data"
    text = 'game elevenes-for-one\n'
    assert client.post("/cards/check", data={"name": "mine", "text": text}).status_code == 200
    draft = data / "drafts" / "mine.cards"
    assert draft.read_text(encoding="utf-8") == text
    empty = client.post("/cards/check", data={"name": "mine"})
    assert empty.status_code == 400 and "nothing to check" in empty.text
    assert client.post("/cards/check").status_code == 400
    assert draft.read_text(encoding="utf-8") == text
    client.post("/cards/save", data={"name": "mine", "text": text, "then": "save"})
    saved = data / "cards" / "mine.cards"
    assert saved.read_text(encoding="utf-8") == text
    assert client.post("/cards/save", data={"name": "mine", "then": "save"}).status_code == 400
    assert saved.read_text(encoding="utf-8") == text and draft.read_text() == text


# -- one way to do each thing ------------------------------------------------------------------
def test_a_typed_move_is_read_as_the_terminal_reads_it(client: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    name = new_game(client, "elevenes-for-one", seed="5")
    state = resume(data, name)
    assert "front 3" in state.legal_action_strings()
    page = client.get(f"/game/{name}").text
    played = client.post(f"/game/{name}/act", data={"action": "FRONT 3",
                                                     "version": version_on(page)})
    assert played.status_code == 200 and "you: front 3" in played.text
    # a typo: the rule that refuses it, and the closest moves offered as the terminal does
    refused = client.post(f"/game/{name}/act", data={"action": "uze",
                                                     "version": version_on(played.text)})
    assert refused.status_code == 422
    assert "Did you mean" in refused.text and 'value="use"' in refused.text
    # Bowling's shortcut: a pile and its pins
    name = new_game(client, "bowling-solitaire", seed="5")
    state = resume(data, name)
    knock = next(t for t in state.legal_action_strings() if t.startswith("knock"))
    short = knock.removeprefix("knock ").lower()
    page = client.get(f"/game/{name}").text
    answer = client.post(f"/game/{name}/act", data={"action": short,
                                                     "version": version_on(page)})
    assert answer.status_code == 200 and f"you: {knock}" in answer.text


def test_the_questions_skipped_are_the_terminals(tmp_path: Path) -> None:
    """At every decision of seat 0 over seeded games, the web skips exactly the questions the
    terminal's front end skips (its ``nothing_to_decide``): 111's keep with no face card to
    place, Elevenes' guest that cannot come yet."""
    import importlib

    skipped = 0
    for game_id, options in (("111", {"players": 3}), ("elevenes", {"guests": True}),
                             ("bowling-solitaire", {}), ("elevenes-for-one", {})):
        front = importlib.import_module(tables.TERMINALS[game_id])
        for seed in range(4):
            state = load_game(game_id, options=options).new_initial_state()
            rng = random.Random(seed)
            while not state.is_terminal():
                if not state.is_chance_node() and state.current_player() == tables.HUMAN:
                    answer = front.nothing_to_decide(state)
                    assert tables.forced(state) == answer
                    skipped += answer is not None
                state.apply_action(rng.choice(state.legal_actions()))
    web = Web(tmp_path)  # and the table never stops at such a question
    for seed in range(4):
        state = load_game("111", options={"players": 3}).new_initial_state()
        log, rng = Log(seed=seed), random.Random(seed)
        while True:
            web.advance(state, log)
            if state.is_terminal():
                break
            assert state.legal_action_strings() != ["keep"]
            state.apply_action(rng.choice(state.legal_actions()))
    assert skipped > 0
