"""Every rule id cited anywhere must exist in the rulebook.

Cited means: a string literal of the reference code (reference/), a .cards file, a conformance
file, or the text of the rulebook itself.  An id written with a trailing dot (``PREFIX.TOPIC.``)
is a prefix and must start some id.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from elevenes.paths import conformance_dir, rulebook_dir
from elevenes.rulebook import Rulebook, load_rulebook

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"\b(?:EFO|ELV|BWL|G111)\.[A-Z0-9.\-]+")
ANCHOR = re.compile(r"^\([^()\s]+\)=\s*$")


@pytest.fixture(scope="module")
def rulebook() -> Rulebook:
    return load_rulebook()


def known(rulebook: Rulebook, cited: str) -> bool:
    cited = cited.rstrip("-")
    if cited in rulebook:
        return True
    if cited.endswith("."):
        # The end of a sentence, or a prefix of ids.
        return cited.rstrip(".") in rulebook or rulebook.covers(cited)
    return False


def string_literals(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def text_lines(path: Path) -> Iterator[tuple[int, str]]:
    yield from enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)


def unknown_ids(rulebook: Rulebook, where: Path, found: Iterator[tuple[int, str]]) -> list[str]:
    problems = []
    for line, text in found:
        for cited in CITED.findall(text):
            if not known(rulebook, cited):
                close = rulebook.suggest(cited.rstrip(".-"), n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                problems.append(f"{where.relative_to(ROOT)}:{line}: {cited}{hint}")
    return problems


def report(problems: list[str]) -> str:
    return "rule ids not in the rulebook:\n  " + "\n  ".join(problems)


def test_code_cites_only_rules_of_the_rulebook(rulebook: Rulebook) -> None:
    problems: list[str] = []
    for path in sorted((ROOT / "reference").rglob("*.py")):
        problems += unknown_ids(rulebook, path, string_literals(path))
    assert not problems, report(problems)


def test_c_sources_cite_only_rules_of_the_rulebook(rulebook: Rulebook) -> None:
    """The native solver and the C state name the rules they enforce in comments."""
    problems: list[str] = []
    sources = sorted((ROOT / "reference").rglob("*.c"))
    assert sources
    for path in sources:
        problems += unknown_ids(rulebook, path, text_lines(path))
    assert not problems, report(problems)


def test_card_files_cite_only_rules_of_the_rulebook(rulebook: Rulebook) -> None:
    problems: list[str] = []
    for path in sorted(rulebook_dir().rglob("*.cards")):
        problems += unknown_ids(rulebook, path, text_lines(path))
    assert not problems, report(problems)


def test_scenarios_cite_only_rules_of_the_rulebook(rulebook: Rulebook) -> None:
    problems: list[str] = []
    for path in sorted(conformance_dir().rglob("*.y*ml")):
        problems += unknown_ids(rulebook, path, text_lines(path))
    assert not problems, report(problems)


def test_the_rulebook_refers_only_to_its_own_rules(rulebook: Rulebook) -> None:
    problems: list[str] = []
    for path in sorted(rulebook_dir().rglob("*.md")):
        lines = ((n, line) for n, line in text_lines(path) if not ANCHOR.match(line))
        problems += unknown_ids(rulebook, path, lines)
    assert not problems, report(problems)


def test_the_checker_itself_notices_unknown_ids(tmp_path: Path) -> None:
    sample = Rulebook.from_dir(tmp_path)  # an empty rulebook
    source = ROOT / "reference" / "sample.py"
    lines = iter([(3, 'raise IllegalAction("EFO.NOT.THERE", "...")'), (4, "ELV.X.")])
    assert unknown_ids(sample, source, lines) == [
        "reference/sample.py:3: EFO.NOT.THERE",
        "reference/sample.py:4: ELV.X.",
    ]
