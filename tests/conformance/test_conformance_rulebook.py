"""The rulebook index and `elevenes rules`."""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.core.errors import ElevenesError
from elevenes.rulebook import Rule, Rulebook, RulebookError, UnknownRule, load_rulebook, parse_rules
from elevenes.rulebook import cli as rules_cli

DATA = Path(__file__).resolve().parent / "data"


def test_rules_are_found_with_title_text_and_line(toy_rulebook: Rulebook) -> None:
    rule = toy_rulebook.get("TOY.ADD.LIMIT")
    assert rule.game == "toy"
    assert rule.title == "The total may not pass the target"
    assert rule.text.startswith(
        "An addition that would take the total over the target is not allowed.\n\n```text\n"
    )  # a code block after a rule's text is part of the rule
    assert rule.file == "toy/rules.md"
    lines = (DATA / "rulebook/toy/rules.md").read_text().splitlines()
    assert lines[rule.line - 1] == "(TOY.ADD.LIMIT)="
    assert not rule.is_ruling
    assert toy_rulebook.get("TOY.RULING.ROLL-THREE").is_ruling


def test_a_rule_text_stops_at_the_next_heading_of_its_level(toy_rulebook: Rulebook) -> None:
    parent = toy_rulebook.get("TOY.ROLL")
    assert parent.text == (
        "The game starts with one roll of a three-sided die; the roll is the starting total."
    )
    ruling = toy_rulebook.get("TOY.RULING.ROLL-THREE")
    assert ruling.text.startswith("**Source**")
    assert ruling.text.endswith("**Pinned by**: toy-roll-then-add.")


def test_anchors_in_code_blocks_and_ordinary_labels_are_not_rules(
    toy_rulebook: Rulebook,
) -> None:
    assert "TOY.NOT.A.RULE" not in toy_rulebook
    assert "toy-intro" not in toy_rulebook
    assert toy_rulebook.ids() == sorted(toy_rulebook.ids())
    assert len(toy_rulebook.ids()) == 9
    assert toy_rulebook.ids(game="toy") == toy_rulebook.ids()
    assert toy_rulebook.ids(game="other") == []
    assert toy_rulebook.prefixes() == {"TOY": ["toy"]}
    assert toy_rulebook.game_of("TOY.NEVER.WRITTEN") == "toy"


def test_unknown_rule_suggests_the_closest_id(toy_rulebook: Rulebook) -> None:
    with pytest.raises(UnknownRule) as caught:
        toy_rulebook.get("TOY.ADD.LIMT")
    assert isinstance(caught.value, ElevenesError)
    assert "did you mean 'TOY.ADD.LIMIT'" in str(caught.value)
    assert caught.value.suggestions[0] == "TOY.ADD.LIMIT"
    with pytest.raises(UnknownRule, match="unknown rule id 'NOTHING'$"):
        toy_rulebook.get("NOTHING")


def test_duplicate_ids_across_files_are_an_error(tmp_path: Path) -> None:
    for game in ("one", "two"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "rules.md").write_text(f"(X.SAME)=\n## X.SAME: in {game}\n\ntext\n")
    with pytest.raises(
        RulebookError, match=r"two/rules.md:1: rule id X.SAME is already defined at one/rules.md:1"
    ):
        Rulebook.from_dir(tmp_path)


def test_duplicate_ids_in_one_file_and_malformed_ids_are_errors() -> None:
    text = "(A.B)=\n## A.B: one\n\n(A.B)=\n## A.B: two\n"
    with pytest.raises(RulebookError, match="already defined"):
        Rulebook.from_rules(parse_rules(text, "g", "g/rules.md"))
    with pytest.raises(
        RulebookError, match=r"g/rules.md:3: anchor \(A.bad\)= is not a valid rule id"
    ):
        parse_rules("# Title\n\n(A.bad)=\n## A.bad\n", "g", "g/rules.md")


def test_heading_forms_and_rule_without_heading() -> None:
    text = "\n".join(
        [
            "(G.ONE)=",
            "### `G.ONE` - First",
            "Body one.",
            "(G.TWO)=",
            "",
            "## Second, without the id",
            "Body two.",
            "### A sub-heading stays in the rule",
            "More.",
            "## Next chapter",
            "Not part of G.TWO.",
            "(G.THREE)=",
            "Just text.",
        ]
    )
    rules = {r.id: r for r in parse_rules(text, "g", "g/rules.md")}
    assert rules["G.ONE"].title == "First"
    assert rules["G.TWO"].title == "Second, without the id"
    assert rules["G.TWO"].text == "Body two.\n### A sub-heading stays in the rule\nMore."
    assert rules["G.THREE"].title == ""
    assert rules["G.THREE"].text == "Just text."
    assert rules["G.THREE"].summary() == "G.THREE"


def test_search_ranks_by_words_matched_then_place(toy_rulebook: Rulebook) -> None:
    found = toy_rulebook.search(["target"])
    ids = [r.id for r in found]
    assert ids[0] == "TOY.ADD.LIMIT"  # in title and text
    assert set(ids) == {"TOY.ADD.LIMIT", "TOY.END"}
    both = [r.id for r in toy_rulebook.search(["total", "target"])]
    assert both[0] == "TOY.ADD.LIMIT"
    assert [r.id for r in toy_rulebook.search(["ruling"])][0] == "TOY.RULING.ROLL-THREE"
    assert toy_rulebook.search(["zebra"]) == []
    assert toy_rulebook.search([]) == []


def test_load_rulebook_is_cached(tmp_path: Path) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "rules.md").write_text("(G.A)=\n## G.A: a\n")
    first = load_rulebook(tmp_path)
    assert load_rulebook(tmp_path) is first
    assert first.ids() == ["G.A"]


def test_the_shipped_rulebook_loads() -> None:
    rulebook = load_rulebook()
    for rule in rulebook:
        assert isinstance(rule, Rule)
        assert rule.game, rule.id
    # Each prefix belongs to one game's folder.
    for prefix, games in rulebook.prefixes().items():
        assert len(games) == 1, f"prefix {prefix} is used by {games}"


@pytest.fixture
def cli_rulebook(monkeypatch: pytest.MonkeyPatch, toy_rulebook: Rulebook) -> Rulebook:
    monkeypatch.setattr(rules_cli, "load_rulebook", lambda: toy_rulebook)
    return toy_rulebook


def test_rules_show(cli_rulebook: Rulebook, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "TOY.ADD.LIMIT"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("TOY.ADD.LIMIT: The total may not pass the target\n")
    assert "rulebook/toy/rules.md:" in out
    assert "over the target is not allowed" in out
    assert main(["rules", "show", "toy.add.limit"]) == 0  # ids are matched ignoring case


def test_rules_show_unknown_id(cli_rulebook: Rulebook, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "TOY.ADD.LIMMIT"]) == 1
    captured = capsys.readouterr()
    assert "unknown rule id 'TOY.ADD.LIMMIT'; did you mean 'TOY.ADD.LIMIT'" in captured.err
    assert "Traceback" not in captured.err + captured.out


def test_rules_search_and_list(cli_rulebook: Rulebook, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "search", "target"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("TOY.ADD.LIMIT ")
    assert main(["rules", "search", "zebra"]) == 1
    assert "no rule mentions" in capsys.readouterr().out
    assert main(["rules", "list", "--game", "toy"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 9
    assert main(["rules", "list", "--rulings"]) == 0
    assert capsys.readouterr().out.split()[0] == "TOY.RULING.ROLL-THREE"
    assert main(["rules", "list", "--game", "nope"]) == 1
    assert "no chapter for game 'nope'" in capsys.readouterr().err
    assert main(["rules"]) == 2


def test_every_markdown_file_of_a_game_folder_is_read(tmp_path: Path) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "rules.md").write_text("(G.A)=\n## G.A: a\n")
    (tmp_path / "g" / "rulings.md").write_text("(G.RULING.B)=\n## G.RULING.B: b\n")
    rulebook = Rulebook.from_dir(tmp_path)
    assert rulebook.get("G.RULING.B").file == "g/rulings.md"
    assert rulebook.ids(game="g") == ["G.A", "G.RULING.B"]
