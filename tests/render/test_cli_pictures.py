"""``elevenes show`` and ``elevenes judge --html`` through the real command line, and the
docs extension that illustrates the rulebook."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import elevenes
from elevenes.cli import main
from elevenes.render import png_converter

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "dispute-discard-limit.yaml"
POSITION = {
    "game": "elevenes-for-one", "phase": "turn", "minutes": 9, "trolley": [1, 2],
    "pantry": [[10, "up"], [6, "up"], [8, "down"], [3, "up"], [5, "up"], [9, "up"],
               [7, "up"]],
    "discard": [11, 4], "cursor": 0,
}


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in err
    return err


def test_show_writes_a_picture_and_a_players_view(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    state = write(tmp_path, "efo.json", json.dumps(POSITION))
    out = tmp_path / "efo.svg"
    assert main(["show", state, "--svg", str(out)]) == 0
    full = out.read_text(encoding="utf-8")
    ET.fromstring(full)
    assert "Sandwiches" in full  # the face-down card, known to the state
    assert main(["show", state, "--player", "0"]) == 0
    view = capsys.readouterr().out
    ET.fromstring(view.strip().splitlines()[-1])
    assert "Sandwiches" not in view and "player's view" in view


def test_show_reads_a_saved_game(tmp_path: Path) -> None:
    game = elevenes.load_game("111", options={"players": 2})
    final, _ = elevenes.play(game, seed=1)
    doc = final.to_json()
    doc["saved_with"] = {"cards": None, "options": dict(game.options)}
    saved = write(tmp_path, "111-save.json", json.dumps(doc))
    out = tmp_path / "save.svg"
    assert main(["show", saved, "--svg", str(out), "--player", "1"]) == 0
    assert "view of seat 1" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "expected a state document"),
    ('{"phase": "turn"}', "names no game"),
    ('{"game": "chess"}', "unknown game 'chess'"),
    ('{"game": "elevenes-for-one", "phase": "turn"}', "does not match its schema"),
])
def test_show_refuses_bad_input_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            content: str, message: str) -> None:
    state = write(tmp_path, "bad.json", content)
    assert main(["show", state, "--svg", str(tmp_path / "out.svg")]) == 1
    assert message in one_line_error(capsys)
    assert not (tmp_path / "out.svg").exists()


def test_show_refuses_a_missing_file_and_a_wrong_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(tmp_path / "missing.json")]) == 1
    assert "cannot read" in one_line_error(capsys)
    state = write(tmp_path, "efo.json", json.dumps(POSITION))
    assert main(["show", state, "--player", "1"]) == 1
    assert "players 0 to 0" in one_line_error(capsys)


def test_show_png_without_a_converter_says_how_to_get_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("elevenes.render.cli_show.png_converter", lambda: None)
    state = write(tmp_path, "efo.json", json.dumps(POSITION))
    assert main(["show", state, "--png", str(tmp_path / "out.png")]) == 1
    assert "needs a converter" in one_line_error(capsys)
    assert not (tmp_path / "out.png").exists()


@pytest.mark.skipif(png_converter() is None, reason="no SVG to PNG converter installed")
def test_show_png_through_the_installed_command(tmp_path: Path) -> None:
    state = write(tmp_path, "efo.json", json.dumps(POSITION))
    out = tmp_path / "out.png"
    done = subprocess.run([sys.executable, "-m", "elevenes.cli", "show", state, "--png",
                           str(out)], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def inline_svgs(html: str) -> list[ET.Element]:
    return [ET.fromstring(found) for found in re.findall(r"<svg .*?</svg>", html, re.S)]


def test_judge_html_draws_the_dispute(tmp_path: Path) -> None:
    out = tmp_path / "dispute.html"
    done = subprocess.run([sys.executable, "-m", "elevenes.cli", "judge", str(EXAMPLE),
                           "--html", str(out)], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert len(inline_svgs(page)) == 2  # before and after the moves
    assert "EFO.DISCARD.LIMIT" in page and "refused" in page
    assert "<script" not in page  # self-contained: no script, nothing fetched from outside
    assert not re.search(r'(src|href)="(https?:)?//', page)


def test_judge_html_escapes_the_users_text_and_shows_disagreement(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = EXAMPLE.read_text(encoding="utf-8").replace(
        "description: after Servants returns a card",
        "description: <script>alert(1)</script> after Servants returns a card")
    scenario += "    violation: EFO.DISCARD.SERVANTS\n"  # a wrong expectation
    file = write(tmp_path, "dispute.yaml", scenario)
    out = tmp_path / "page.html"
    assert main(["judge", file, "--html", str(out)]) == 1
    page = out.read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "the reference disagrees" in page and "it cites EFO.DISCARD.LIMIT" in page


def test_judge_html_to_an_unwritable_place_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", str(EXAMPLE), "--html", str(tmp_path / "no" / "such" / "x.html")]) == 1
    assert "cannot write" in one_line_error(capsys)


def test_docs_extension_draws_the_scenarios_of_a_ruling(tmp_path: Path) -> None:
    """A one-rule rulebook page built with the extension gets the ruling's scenarios."""
    sphinx = pytest.importorskip("sphinx.cmd.build")
    src = tmp_path / "src"
    (src / "games").mkdir(parents=True)
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['myst_parser', 'scenario_figures']\n"
        "source_suffix = {'.md': 'markdown'}\n", encoding="utf-8")
    (src / "index.md").write_text("# Test\n\n```{toctree}\ngames/elevenes-for-one\n```\n",
                                  encoding="utf-8")
    (src / "games" / "elevenes-for-one.md").write_text(
        "# Elevenes for One\n\n## Rulings\n\n(EFO.RULING.DISCARD-LIMIT)=\n"
        "### EFO.RULING.DISCARD-LIMIT: the limit\n\n"
        "**Readings:** (a) the pile now; (b) the discards so far.\n\n"
        "**Decision:** (a), the pile's size.\n", encoding="utf-8")
    out = tmp_path / "html"
    assert sphinx.build_main(["-W", "-q", "-b", "html", str(src), str(out)]) == 0
    page = (out / "games" / "elevenes-for-one.html").read_text(encoding="utf-8")
    assert "efo-discard-limit-full" in page and "efo-discard-after-servants-return" in page
    assert "reading (a) \u2014 the decision" in page and "reading (b) \u2014 not taken" in page
    pictures = re.findall(r'<img src="\.\./(_scenarios/[^"]+\.svg)"', page)
    assert "_scenarios/efo-discard-limit-full-before.svg" in pictures
    for picture in pictures:
        ET.fromstring((out / picture).read_text(encoding="utf-8"))


def test_judge_html_quotes_the_rules_and_rulings_cited(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    assert main(["judge", str(EXAMPLE), "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    rules = page.split("The rules cited", 1)[1]
    assert 'id="efo-discard-limit"' in rules and 'id="efo-ruling-discard-limit"' in rules
    assert "Decision" in rules  # the ruling's text, readings and decision
    # the readings are a list, one item each, as the rulebook writes them
    assert "<li>(a) <em>playable</em> the number of cards in the discard pile now;</li>" in rules
    assert "<li>(b) <em>playable</em> the number of discards made" in rules
    assert 'href="#efo-discard-limit"' in page  # the refusal links to the rule's text
    out2 = tmp_path / "linked.html"
    assert main(["judge", str(EXAMPLE), "--html", str(out2),
                 "--rulebook-url", "https://example.org/elevenes/"]) == 0
    assert ('href="https://example.org/elevenes/games/elevenes-for-one.html#efo-discard-limit"'
            in out2.read_text(encoding="utf-8"))


def test_judge_text_and_page_agree_on_a_refused_set_up(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = ROOT / "conformance" / "elevenes-for-one" / "setup-refused.yaml"
    out = tmp_path / "refused.html"
    assert main(["judge", str(file), "--html", str(out)]) == 0
    text = capsys.readouterr().out
    assert "expected the set-up to be refused: agrees" in text and "DISAGREES" not in text
    page = out.read_text(encoding="utf-8")
    assert "the set-up given (refused)" in page and "the reference disagrees" not in page
    assert page.count("the reference agrees") == 2
