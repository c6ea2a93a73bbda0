"""The pages' finish: rule texts rendered as Markdown (tables as tables), the whole log, a
search that says which words matched, the new-game form offering only what each game takes,
and the site's icon."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from elevenes.games import game_ids, load_game
from elevenes.rulebook.index import load_rulebook


def test_a_rule_with_a_table_is_drawn_as_a_table(client: Any) -> None:
    text = client.get("/rules/ELV.ACTIONS").text
    assert "|---|" not in text and "| action |" not in text
    table = re.search(r"<table>(.*?)</table>", text, re.DOTALL)
    assert table, "the rule's table is not drawn as a table"
    assert "<th>action</th>" in table.group(1)
    assert "<td><code>play 7a</code></td>" in table.group(1)
    assert '<a href="/rules/ELV.PLAY.ACTION">ELV.PLAY.ACTION</a>' in table.group(1)
    # a fenced block is kept (the pins' picture), and HTML in a rule text stays text
    assert "<pre><code>A B C D" in client.get("/rules/BWL.SETUP.PINS").text


def test_markdown_in_a_rule_is_escaped() -> None:
    from elevenes.web.app import rule_html

    drawn = str(rule_html("see <script>x</script> and {ref}`the rule <EFO.CARD.SUGAR>`"))
    assert "<script>" not in drawn and "&lt;script&gt;" in drawn
    assert 'the rule (<a href="/rules/EFO.CARD.SUGAR">EFO.CARD.SUGAR</a>)' in drawn


def test_the_log_is_shown_whole(client: Any, tmp_path: Path) -> None:
    response = client.post("/games", data={"game": "bowling-solitaire", "seed": "1"},
                           follow_redirects=False)
    name = response.headers["location"].rsplit("/", 1)[1]
    log_path = tmp_path / "data" / "games" / f"{name}.log.json"
    log = json.loads(log_path.read_text())
    log["lines"] = [[f"line number {n}", "event"] for n in range(1, 1270)]
    log_path.write_text(json.dumps(log))
    page = client.get(f"/game/{name}").text
    assert "line number 1<" in page and "line number 1269<" in page
    assert "1269 lines, all of them" in page


@pytest.mark.parametrize("words, expected", [
    ("servants discard", r"(\d+) rules mention all of “servants”, “discard”; (\d+) more mention "
                         r"only some of them"),
    ("discard", r"(\d+) rules mention “discard”"),
])
def test_a_search_says_which_words_matched(client: Any, words: str, expected: str) -> None:
    found = load_rulebook().search(words.split())
    every = [r for r in found if all(w in f"{r.id} {r.title} {r.text}".lower()
                                     for w in words.split())]
    text = client.get("/rules", params={"q": words}).text
    said = re.search(expected, text)
    assert said, re.findall(r'id="search-summary">(.*?)</p>', text, re.DOTALL)
    assert int(said.group(1)) == len(every)
    if len(every) < len(found):
        assert int(said.group(2)) == len(found) - len(every)
        assert "(not: servants)" in text or "(not: discard)" in text


@pytest.mark.parametrize("game", game_ids())
def test_the_new_game_form_offers_what_the_game_takes(client: Any, game: str) -> None:
    specs = {spec.name: spec for spec in load_game(game).option_specs}
    fields = client.get("/games/fields", params={"game": game}).text
    home = client.get("/", params={"game": game}).text
    for page in (fields, home):
        if "players" in specs:
            low, high = specs["players"].low, specs["players"].high
            assert f'name="players" type="number" min="{low}" max="{high}"' in page
        else:
            assert 'name="players"' not in page
        if set(specs) - {"players"}:
            assert 'name="options"' in page
            for name in set(specs) - {"players"}:
                assert f"<code>{name}=" in page
        else:
            assert 'name="options"' not in page and "has no options" in page
    assert client.get("/games/fields", params={"game": "chess"}).status_code == 400


def test_the_site_has_an_icon(client: Any) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg")
    assert 'rel="icon"' in client.get("/").text
