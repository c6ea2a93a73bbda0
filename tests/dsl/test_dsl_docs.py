"""The card language documents stay true: their examples check as they say, their tables list
every diagnostic code and (generated) every word of each game's vocabulary."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elevenes.dsl.check import check_tree
from elevenes.dsl.diagnostics import CODES, INTERNAL, CardFileError
from elevenes.dsl.parser import parse_text
from elevenes.dsl.reference import reference_markdown
from elevenes.dsl.vocab import VOCABULARIES, vocabulary_for

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = ["language.md", "guide-write-a-card.md"]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
PLACEHOLDER = re.compile(r"(?<![.\w])[A-Z]{3,}(?![.\w])")  # NUMBER, STATEMENTS; not rule ids


def blocks(page: str, language: str) -> list[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return [body for lang, body in FENCE.findall(text) if lang == language]


def first_line(block: str) -> str:
    lines = [ln for ln in block.splitlines() if ln.strip() and not ln.startswith("#")]
    return lines[0] if lines else ""


def examples() -> list[tuple[str, int, str]]:
    found = []
    for page in PAGES:
        for index, block in enumerate(blocks(page, "text")):
            head = first_line(block)
            if head.startswith(("game ", "card ", "guest ")) and not PLACEHOLDER.search(block):
                found.append((page, index, block))
    return found


EXAMPLES = examples()


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize(("page", "index", "block"), EXAMPLES, ids=lambda v: str(v)[:20])
def test_examples_check_as_the_page_says(page: str, index: int, block: str) -> None:
    try:
        tree = parse_text(block, "my.cards")
    except CardFileError as error:  # pragma: no cover - shown on failure
        pytest.fail(f"{page} example {index} does not parse:\n{error}")
    found = check_tree(tree, expected_game=tree.game or "elevenes-for-one")
    shown = "\n".join(blocks(page, "console"))
    for diagnostic in found:  # a broken example must show its diagnostics, place and all
        assert str(diagnostic) in shown, f"{page} example {index}: {diagnostic}"


def test_the_guide_shows_a_broken_draft_and_its_fix() -> None:
    broken = [b for p, _, b in EXAMPLES if p == "guide-write-a-card.md" and "minute >" in b]
    fixed = [b for p, _, b in EXAMPLES if p == "guide-write-a-card.md" and "minutes >" in b]
    assert len(broken) == 1 and len(fixed) == 1
    assert [d.code for d in check_tree(parse_text(broken[0], "my.cards"))] == ["E115", "E111"]
    assert check_tree(parse_text(fixed[0], "my.cards")) == []


def test_every_code_is_in_the_table() -> None:
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    for code in [*CODES, INTERNAL]:
        assert f"| `{code}` | " in text, code


def test_the_page_shows_the_generated_words_of_every_game() -> None:
    text = (DOCS / "language.md").read_text(encoding="utf-8")
    assert sorted(re.findall(r"^<!-- vocabulary ([a-z0-9-]+) -->$", text, re.M)) == sorted(
        VOCABULARIES
    )


@pytest.mark.parametrize("game", sorted(VOCABULARIES))
def test_the_reference_table_has_a_row_for_every_word(game: str) -> None:
    v = vocabulary_for(game)
    rows = {(m.group(1), m.group(2)) for m in re.finditer(
        r"^\| `(\w+)` \| ([a-z ]+) \|", reference_markdown(game), re.M)}
    kinds = {"event": v.events, "zone": v.zones, "filter": v.filters, "trait": v.traits,
             "card reference": v.refs, "test": v.tests, "value": v.values, "grant": v.grants,
             "player": v.player_refs, "verb": v.verbs, "guest event": v.guest_events}
    places = {(word, "place") for word in ("after", "before", "card")} if v.positions else set()
    if v.pass_row:  # the keyword `ahead`, a place and a filter where a pass walks a row
        places |= {("ahead", "place"), ("ahead", "filter")}
    assert rows == {(word, kind) for kind, words in kinds.items() for word in words} | places


@pytest.mark.parametrize(("game", "verb"), [
    (game, verb) for game in sorted(VOCABULARIES) for verb in vocabulary_for(game).verbs
])
def test_every_verb_has_an_example_that_checks(game: str, verb: str) -> None:
    v = vocabulary_for(game)
    example = v.verbs[verb].example
    assert verb in example.replace(";", " ").split()
    event = next(iter(v.events))
    text = f'game {game}\ncard 5 "X" {{\n  on {event} {{ {example} }}\n}}\n'
    assert check_tree(parse_text(text, "example.cards")) == [], example


@pytest.mark.parametrize(("game", "grant"), [
    (game, grant) for game in sorted(VOCABULARIES) for grant in vocabulary_for(game).grants
])
def test_every_grant_has_an_example_that_checks(game: str, grant: str) -> None:
    example = vocabulary_for(game).grants[grant].example
    assert example.split()[:2] == ["grant", grant]
    text = f'game {game}\ncard 5 "X" {{\n  {example}\n}}\n'
    assert check_tree(parse_text(text, "example.cards")) == [], example


def fragments() -> list[tuple[str, str]]:
    """The text blocks that are pieces of a file: statements, sets, conditions, members."""
    complete = {block for _, _, block in EXAMPLES}
    found = []
    for page in PAGES:
        for block in blocks(page, "text"):
            if block in complete or PLACEHOLDER.search(block) or block.startswith("{"):
                continue
            found.append((page, block))
    return found


def clean_as_efo(text: str) -> list[str]:
    try:
        tree = parse_text(f'game elevenes-for-one\ncard 4 "X" {{\n{text}\n}}\n', "f.cards")
    except CardFileError as error:
        return [str(d) for d in error.diagnostics]
    return [f"{d.code} {d.message}" for d in check_tree(tree)]


def as_body(lines: list[str]) -> str:
    return "on use {\n" + "\n".join(lines) + "\n}"


@pytest.mark.parametrize(("page", "block"), fragments(), ids=lambda v: str(v)[:30])
def test_fragments_are_valid_pieces_of_an_elevenes_for_one_card(page: str, block: str) -> None:
    lines = block.strip().splitlines()
    if "hint:" in block:  # a statement shown with its diagnostic, indented below it
        [problem] = clean_as_efo(as_body(lines[:1]))
        assert problem in block.replace("\n  ", " ")
        return
    if lines[0].startswith("requires "):  # not a solo-game member: its syntax is checked
        assert clean_as_efo(block) == ["E122 elevenes-for-one never looks at `requires`"]
        return
    tries = {
        "statements": clean_as_efo(as_body(lines)),
        "conditions": clean_as_efo(as_body([f"if {ln} {{ nothing }}" for ln in lines])),
        "sets": clean_as_efo(as_body([f"if any({ln}) {{ nothing }}" for ln in lines])),
    }
    assert [] in tries.values(), f"{page}:\n{block}\n{tries}"
