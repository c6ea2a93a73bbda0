"""The web app in a real browser (headless Chromium): a whole game of Elevenes for One played
by clicks, a refused move showing its rule, a dispute set up and judged, a card file with an
error showing the diagnostic at its line, an analysis with its progress, and the rulebook.
Each screen is saved as a screenshot (see conftest.py)."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest

from elevenes.cli import main as elevenes_main
from elevenes.conformance.loader import load_file
from elevenes.conformance.model import Scenario
from elevenes.core.errors import IllegalAction
from elevenes.dsl.load import check_file
from elevenes.games import load_game
from elevenes.games.prompt import check_resume, read_saved, starting_state
from elevenes.rulebook.index import load_rulebook

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_DISPUTE = REPO / "docs" / "examples" / "dispute-discard-limit.yaml"
EXAMPLE_CARDS = REPO / "docs" / "examples" / "slow-sugar.cards"
EXAMPLE_READINGS = REPO / "docs" / "examples" / "dispute-tea-itself.yaml"


def start_game(page: Any, base: str, game: str, seed: int) -> str:
    page.goto(base + "/")
    page.select_option("#game-select", game)
    page.fill("#new-game input[name=seed]", str(seed))
    with page.expect_navigation():
        page.click("#new-game button[type=submit]")
    name: str = page.url.rsplit("/", 1)[1]
    return name


def resumed(data: Path, name: str, game: str) -> Any:
    """The saved game as ``elevenes play GAME --resume FILE`` reads it."""
    path = str(data / "games" / f"{name}.json")
    saved = read_saved(path, game)
    options, cards = check_resume(saved, path, {},
                                  lambda given: load_game(game, options=given).options, None)
    return starting_state(load_game(game, options=options, cards=cards), saved)


def test_a_whole_game_of_elevenes_for_one_played_by_clicks(
        server: tuple[str, Path], page: Any, shots: Path) -> None:
    base, data = server
    rng = random.Random(2024)
    name = start_game(page, base, "elevenes-for-one", 7)
    page.wait_for_selector("#table svg")
    page.screenshot(path=str(shots / "play.png"), full_page=True)
    clicks = 0
    while page.locator("#finish").count() == 0:
        buttons = page.locator("form.choices button.choice")
        count = buttons.count()
        assert count > 0, "a position of an unfinished game offers no move"
        chosen = buttons.nth(rng.randrange(count))
        action = chosen.get_attribute("value")
        with page.expect_navigation():
            chosen.click()
        clicks += 1
        assert f"you: {action}" in page.locator("#log").inner_text()
        if clicks == 3:  # a reload loses nothing: the same table, the same log
            log = page.locator("#log").inner_text()
            page.reload()
            assert page.locator("#log").inner_text() == log
        assert clicks < 300
    page.screenshot(path=str(shots / "play-over.png"), full_page=True)
    state = resumed(data, name, "elevenes-for-one")
    assert state.is_terminal()
    word = "point" if state.score() == 1 else "points"
    assert f"Rating: {state.score()} {word}." in page.locator("#finish").inner_text()


def test_a_refused_move_shows_the_rule_that_forbids_it(
        server: tuple[str, Path], page: Any, shots: Path) -> None:
    base, data = server
    name = start_game(page, base, "elevenes-for-one", 3)
    state = resumed(data, name, "elevenes-for-one")
    with pytest.raises(IllegalAction) as refused:
        state.apply_action("score")  # at step 2 nothing can be scored
    rule = load_rulebook().get(refused.value.rule_id)
    page.fill("form.typed input[name=action]", "score")
    with page.expect_navigation():
        page.click("form.typed button")
    box = page.locator("#refusal")
    assert rule.id in box.inner_text()
    assert rule.title in box.inner_text()
    assert refused.value.message in box.inner_text()
    page.screenshot(path=str(shots / "refused.png"), full_page=True)
    page.click("#refusal a.rule-id")
    assert page.locator("#rule h1").inner_text().startswith(rule.id)


def engine_verdicts(path: Path) -> list[str]:
    """What the engine says of each move of a scenario file: "" accepted, else the rule id."""
    scenario = load_file(path, require_id=False)[0]
    assert isinstance(scenario, Scenario) and scenario.setup is not None
    game = load_game(scenario.game, options=scenario.options)
    state = game.state_from_json(scenario.setup)
    verdicts = []
    for step in scenario.steps:
        for action in step.actions:
            try:
                state.apply_action(action)
                verdicts.append("")
            except IllegalAction as exc:
                verdicts.append(exc.rule_id)
    return verdicts


def test_a_dispute_set_up_tried_and_judged(
        server: tuple[str, Path], page: Any, shots: Path, tmp_path: Path) -> None:
    base, _ = server
    expected = engine_verdicts(EXAMPLE_DISPUTE)
    refused = [v for v in expected if v]
    assert refused, "the example dispute ends with a refused move"
    page.goto(base + "/disputes")
    page.screenshot(path=str(shots / "disputes.png"), full_page=True)
    page.fill("#from-scenario textarea", EXAMPLE_DISPUTE.read_text(encoding="utf-8"))
    with page.expect_navigation():
        page.click("#from-scenario button")
    items = page.locator("ol.verdicts > li")
    assert items.count() == len(expected)
    for number, verdict in enumerate(expected):
        text = items.nth(number).inner_text()
        assert (verdict in text) if verdict else ("accepted" in text)
    # a first-time user: take the last move back, try it again by typing it
    with page.expect_navigation():
        page.click("text=Take back the last move")
    assert items.count() == len(expected) - 1
    page.fill("#try-move", "discard")
    with page.expect_navigation():
        page.click("#try button.primary")
    last = items.nth(len(expected) - 1)
    assert refused[-1] in last.inner_text()
    rule = load_rulebook().get(refused[-1])
    assert rule.title in last.inner_text()
    page.screenshot(path=str(shots / "dispute.png"), full_page=True)
    # the scenario file it saves is judged by `elevenes judge`: the reference agrees
    with page.expect_download() as download:
        page.click("#download")
    saved = tmp_path / "dispute.yaml"
    download.value.save_as(saved)
    assert elevenes_main(["judge", str(saved)]) == 0
    # a broken position is refused with the set-up check's message; nothing is lost
    page.fill("#setup-text", '{"game": "elevenes-for-one", "minutes": 99}')
    with page.expect_navigation():
        page.click("#setup-check")
    problem = page.locator("#setup-problem").inner_text()
    assert problem.startswith("position.json")
    assert items.count() == len(expected)
    page.screenshot(path=str(shots / "dispute-problem.png"), full_page=True)


def test_a_dispute_judged_under_each_reading_of_the_ruling(
        server: tuple[str, Path], page: Any, shots: Path) -> None:
    """The example dispute on Tea flipping itself: under the decided reading the move is
    refused citing the ruling, under (a) accepted; the two positions are drawn side by side."""
    base, _ = server
    page.goto(base + "/disputes")
    page.fill("#from-scenario textarea", EXAMPLE_READINGS.read_text(encoding="utf-8"))
    with page.expect_navigation():
        page.click("#from-scenario button")
    last = page.locator("ol.verdicts > li").last
    assert "refused by EFO.RULING.SELF-TARGET" in " ".join(last.inner_text().split())
    block = last.locator('details.readings[data-ruling="EFO.RULING.SELF-TARGET"]')
    assert block.get_attribute("open") is not None  # the last move's readings are shown
    rows = block.locator("ul.reading-verdicts > li")
    assert rows.count() == 2
    assert rows.nth(0).inner_text().startswith("(a): accepted: You choose `flip 2` for (2) Tea")
    assert rows.nth(1).inner_text().startswith("(b) decided, in force: refused: "
                                               "EFO.RULING.SELF-TARGET")
    figures = block.locator(".side-by-side figure")
    assert figures.count() == 2 and block.locator(".side-by-side figure svg").count() == 2
    left, right = figures.nth(0).bounding_box(), figures.nth(1).bounding_box()
    assert left is not None and right is not None
    assert abs(left["y"] - right["y"]) < 1 and left["x"] + left["width"] <= right["x"]
    block.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "dispute-readings.png"), full_page=True)
    block.screenshot(path=str(shots / "dispute-readings-side-by-side.png"))


def test_a_card_file_with_an_error_shows_the_diagnostic_at_its_line(
        server: tuple[str, Path], page: Any, shots: Path) -> None:
    base, _ = server
    text = EXAMPLE_CARDS.read_text(encoding="utf-8").replace("cost 6", "cots 6")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "slow-sugar.cards"
        path.write_text(text, encoding="utf-8")
        _, found = check_file(path)
    assert found
    page.goto(base + "/cards")
    page.fill("#card-name", "slow-sugar")
    page.fill("#card-text", text)
    first = found[0]
    marked = page.locator(f"#line-{first.line} .diagnostic")
    marked.first.wait_for()
    assert f"{first.code} {first.message}" in marked.first.inner_text()
    assert page.locator("ol.lines li.bad").count() == len({d.line for d in found})
    page.screenshot(path=str(shots / "cards-error.png"), full_page=True)
    # fixed, the checker says so as one types; then analyse --vs runs with a progress bar
    page.fill("#card-text", EXAMPLE_CARDS.read_text(encoding="utf-8"))
    page.locator("#check-summary.ok").wait_for()
    page.fill("input[name=games]", "60")
    with page.expect_navigation():
        page.click("button[value=analyse]")
    page.wait_for_function("() => !document.querySelector('#job-progress') || "
                           "document.querySelector('#job-progress').value > 0")
    if page.locator("#job-progress").count():  # still running: the progress bar moves
        page.screenshot(path=str(shots / "analyse-progress.png"))
    page.locator("#report").wait_for(timeout=120_000)
    assert "B - A" in page.locator("#report").inner_text()
    page.screenshot(path=str(shots / "analyse.png"), full_page=True)


def test_the_rulebook_searched_and_read(server: tuple[str, Path], page: Any,
                                        shots: Path) -> None:
    base, _ = server
    found = load_rulebook().search(["servants", "discard"])
    page.goto(base + "/rules")
    page.fill("#rule-search input[name=q]", "servants discard")
    with page.expect_navigation():
        page.click("#rule-search button")
    rows = page.locator("table.rules tr")
    assert rows.count() == len(found)
    assert rows.first.inner_text().startswith(found[0].id)
    page.screenshot(path=str(shots / "rulebook-search.png"))
    with page.expect_navigation():
        rows.first.locator("a").click()
    assert page.locator("#rule h1").inner_text().startswith(found[0].id)
    page.screenshot(path=str(shots / "rulebook-rule.png"), full_page=True)
    # the scenarios checking it are drawn under it once the page has loaded
    figure = page.locator("#figures .pos-figure").first
    figure.wait_for()
    assert figure.locator("svg").count() >= 1
    figure.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "rulebook-scenarios.png"))


def test_the_illustrated_rulebook_pages(server: tuple[str, Path], page: Any,
                                        shots: Path) -> None:
    base, _ = server
    built = REPO / "docs" / "_build" / "html" / "games" / "elevenes-for-one.html"
    if not built.is_file():
        pytest.skip("the documentation is not built (sphinx-build -b html docs docs/_build/html)")
    rule = load_rulebook().get("EFO.RULING.ELEVENSES")
    page.goto(base + f"/rules/{rule.id}")
    with page.expect_navigation():
        page.click("text=In the illustrated rulebook")
    assert "/docs/games/elevenes-for-one.html" in page.url
    anchor = page.url.split("#", 1)[1]
    section = page.locator(f"[id='{anchor}']")
    assert section.count() == 1
    scenarios = section.locator("details").first  # the scenarios pinning the ruling
    scenarios.locator("summary").first.click()
    picture = scenarios.locator("svg, img").first
    picture.wait_for(state="visible")
    assert picture.bounding_box()["width"] > 100  # drawn, not a broken image
    picture.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "illustrated-rulebook.png"))


def place_value(page: Any, card: str, place: str) -> str:
    button = page.locator(f"button[name=place][title='{card}: {place}']")
    value: str = button.get_attribute("value")
    return value


def test_a_position_set_up_by_clicking_cards_into_places(
        server: tuple[str, Path], page: Any, shots: Path) -> None:
    base, _ = server
    page.goto(base + "/disputes")
    page.fill("#from-scenario textarea", EXAMPLE_DISPUTE.read_text(encoding="utf-8"))
    with page.expect_navigation():
        page.click("#from-scenario button")
    page.click("#placing summary")
    with page.expect_navigation():
        page.click(f"button[value='{place_value(page, '(8) Sandwiches', 'discard pile')}']")
    typed = json.loads(page.locator("#setup-text").input_value())
    game = load_game("elevenes-for-one")
    assert page.locator("#placing").get_attribute("open") is not None  # stays open
    if typed["discard"][-1] == 8:  # set up: the moves are cleared, the marker on the pile
        game.state_from_json(typed)
        assert page.locator("#setup-problem").count() == 0
        assert page.locator("ol.verdicts > li").count() == 0
        assert page.locator("button.here[title='(8) Sandwiches: discard pile']").count() == 1
    else:  # refused: the position before the click stays, and the markers agree with it
        assert "that click was not kept" in page.locator("#setup-problem").inner_text()
        assert page.locator("button.here[title='(8) Sandwiches: discard pile']").count() == 0
    # a second click, the panel still open
    with page.expect_navigation():
        page.click(f"button[value='{place_value(page, '(8) Sandwiches', 'pantry, face up')}']")
    assert page.locator("#placing").get_attribute("open") is not None
    page.screenshot(path=str(shots / "dispute-places.png"), full_page=True)


def test_two_tabs_play_one_move(server: tuple[str, Path], browser: Any, shots: Path) -> None:
    """The same game open in two tabs: a move played in the first, then one clicked in the
    second (drawn from the older position) is refused, and the second tab shows the game as
    it stands."""
    base, data = server
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    first, second = context.new_page(), context.new_page()
    name = start_game(first, base, "bowling-solitaire", 21)
    second.goto(f"{base}/game/{name}")
    with first.expect_navigation():
        first.click("form.choices button.choice[value='end ball']")
    before = resumed(data, name, "bowling-solitaire").to_json()
    with second.expect_navigation():
        second.click("form.choices button.choice[value='end ball']")
    assert second.locator("#moved-on").inner_text().startswith("The game has moved on")
    assert resumed(data, name, "bowling-solitaire").to_json() == before  # one ball ended
    log = second.locator("#log").inner_text()
    assert log.count("you: end ball") == 1
    second.screenshot(path=str(shots / "two-tabs-refused.png"), full_page=True)
    context.close()


def page_width(page: Any) -> int:
    width: int = page.evaluate("() => document.documentElement.scrollWidth")
    return width


@pytest.mark.parametrize("width", [1280, 420])
def test_long_input_wraps_and_the_table_fits(server: tuple[str, Path], browser: Any,
                                             shots: Path, width: int) -> None:
    """A 20,000-character move and a 10,000-character search do not widen the page; the
    table, the moves and the log fit a 420 px wide window; the move list scrolls."""
    base, _ = server
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    name = start_game(page, base, "elevenes-for-one", 7)
    assert page_width(page) <= width
    with page.expect_navigation():  # the first question: the list of fronts scrolls
        page.click("form.choices button.choice[value='pass']")
    choices = page.locator("form.choices")
    if choices.evaluate("e => e.scrollHeight > e.clientHeight"):
        assert choices.evaluate("e => e.offsetWidth - e.clientWidth") > 0  # a scrollbar
    if width < 1280:  # the wide pages are play.png, play-over.png
        page.screenshot(path=str(shots / f"play-{width}.png"), full_page=True)
    page.fill("form.typed input[name=action]", "x" * 20_000)
    with page.expect_navigation():
        page.click("form.typed button")
    assert page.locator("#refusal").count() == 1
    assert page_width(page) <= width, "a long move widened the page"
    for selector in ("#table", "form.choices", "#log"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width + 1, selector
    drawn = page.locator("#table svg").bounding_box()  # readable: it scrolls, not shrinks
    assert drawn is not None and drawn["width"] >= 600
    page.goto(f"{base}/rules?q=" + "servants" * 1250)
    assert page_width(page) <= width, "a long search widened the page"
    page.goto(f"{base}/rules/ELV.ACTIONS")
    assert page.locator("#rule table").count() == 1
    assert page_width(page) <= width
    if width < 1280:  # the wide pages are play.png, play-over.png
        page.screenshot(path=str(shots / f"rule-table-{width}.png"), full_page=True)
    page.goto(f"{base}/game/{name}")
    while page.locator("#finish").count() == 0:  # to the end, the first move each time
        with page.expect_navigation():
            page.locator("form.choices button.choice").first.click()
    assert page_width(page) <= width
    if width < 1280:  # the wide pages are play.png, play-over.png
        page.screenshot(path=str(shots / f"play-over-{width}.png"), full_page=True)
    context.close()


def test_the_move_list_shows_a_scrollbar_where_it_scrolls(server: tuple[str, Path],
                                                         browser: Any, shots: Path) -> None:
    """Elevenes' first turn offers 27 moves: the list scrolls, says so, and shows its
    scrollbar (a browser with its scrollbars shown, as a person's is)."""
    from .conftest import CHROMIUM_ARGS, chromium_path

    base, _ = server
    shown = browser.browser_type.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS,
                                        ignore_default_args=["--hide-scrollbars"])
    try:
        page = shown.new_page(viewport={"width": 1280, "height": 860})
        start_game(page, base, "elevenes", 12)
        choices = page.locator("form.choices")
        count = choices.locator("button.choice").count()
        assert choices.evaluate("e => e.scrollHeight > e.clientHeight")
        assert page.locator("#scroll-note").inner_text() == f"{count} moves: the list scrolls."
        assert choices.evaluate("e => e.offsetWidth - e.clientWidth - e.clientLeft * 2") >= 8
        page.screenshot(path=str(shots / "play-elevenes-scrolls.png"))
    finally:
        shown.close()


def test_what_is_disputed_is_kept_when_a_move_is_tried_first(server: tuple[str, Path],
                                                            page: Any) -> None:
    base, _ = server
    page.goto(base + "/disputes")
    page.select_option("#from-start select[name=game]", "elevenes-for-one")
    with page.expect_navigation():
        page.click("#from-start button")
    page.fill("#description", "may the first card dealt be Milk?")
    with page.expect_navigation():  # a move tried at once, before "Check and set up"
        page.locator("form.chips button").first.click()
    assert page.locator("ol.verdicts > li").count() == 1
    page.reload()
    assert page.locator("#description").input_value() == "may the first card dealt be Milk?"


def test_the_home_page_offers_what_each_game_takes(server: tuple[str, Path], page: Any) -> None:
    base, _ = server
    page.goto(base + "/")
    assert page.locator("#players").count() == 0  # Elevenes for One: one player
    page.select_option("#game-select", "111")
    page.locator("#players").wait_for()
    assert page.locator("#players").get_attribute("max") == "6"
    page.select_option("#game-select", "bowling-solitaire")  # one player: no such field
    page.locator("#players").wait_for(state="detached")
    others = [s.name for s in load_game("bowling-solitaire").option_specs]
    assert page.locator("#options").count() == (1 if others else 0)


@pytest.mark.parametrize("game", ["elevenes", "bowling-solitaire", "111"])
def test_the_other_games_at_the_table(server: tuple[str, Path], page: Any, shots: Path,
                                      game: str) -> None:
    """Each game starts at the human's decision: the table drawn from her view, her legal
    moves as buttons; one click plays one and the bots answer."""
    base, data = server
    page.goto(base + "/")
    page.screenshot(path=str(shots / "home.png"))
    name = start_game(page, base, game, 12)
    state = resumed(data, name, game)
    buttons = page.locator("form.choices button.choice")
    assert [buttons.nth(i).get_attribute("value") for i in range(buttons.count())] == \
        state.legal_action_strings()
    assert page.locator("#table svg").count() == 1
    page.screenshot(path=str(shots / f"play-{game}.png"), full_page=True)
    first = buttons.first.get_attribute("value")
    with page.expect_navigation():
        buttons.first.click()
    assert f"you: {first}" in page.locator("#log").inner_text()


def test_the_hint_of_elevenes_for_one_is_the_exact_solvers(
        server: tuple[str, Path], page: Any, shots: Path) -> None:
    """Late in a game, Hint shows the solver's best move and every move's chance to win."""
    from elevenes.games.prompt import saved_text

    base, data = server
    doc = {"game": "elevenes-for-one", "phase": "turn", "minutes": 4,
           "trolley": list(range(1, 8)), "pantry": [[8, "up"], [10, "up"], [9, "up"],
                                                    [11, "up"]], "discard": [], "cursor": 0}
    state = load_game("elevenes-for-one").state_from_json(doc)
    (data / "games" / "late-game.json").write_text(saved_text(state), encoding="utf-8")
    page.goto(base + "/game/late-game")
    page.click("#hint-button")
    page.locator(".hint-box").wait_for(timeout=120_000)
    best = page.locator(".hint-move").inner_text()
    assert best in state.legal_action_strings()
    rows = page.locator("table.values tr.best td:first-child")
    assert best in [rows.nth(i).inner_text() for i in range(rows.count())]
    page.screenshot(path=str(shots / "hint.png"), full_page=True)
