"""A ruling's readings written as a list (``- (b) *playable* ...``) are shown without the list
bullet of the next line: the page's panel of readings ends each reading with its own words."""

from __future__ import annotations

from elevenes.render.page import readings
from elevenes.rulebook import load_rulebook
from elevenes.rulebook.index import Rule


def test_listed_readings_end_with_their_own_words() -> None:
    pairs, chosen = readings(load_rulebook().get("BWL.RULING.TOUCH-FRAME"))
    assert chosen == "b"
    assert [letter for letter, _ in pairs] == list("abcdefg")
    for _, text in pairs:
        assert not text.endswith(("-", ";")), text
    assert dict(pairs)["b"] == "*playable* a pin removed earlier in this rack, in either ball"


def test_readings_in_a_sentence_are_read_as_before() -> None:
    text = ("**Readings:** (a) one way; (b) the other - with a dash.\n\n"
            "**Decision:** (b).\n")
    rule = Rule(id="X.RULING.Y", game="x", title="t", text=text, file="f", line=1)
    assert readings(rule) == ([("a", "one way"), ("b", "the other - with a dash.")], "b")
