"""The readings of a ruling are marked in one notation a program can read: a list under
**Readings:**, one line per reading, ``- (b) *playable* ...`` or ``- (a) *not playable: why*
...``; the decision takes a playable reading.  Checked for every ruling written that way, and
required of the 111 and Bowling Solitaire rulings argued against their rival readings."""

from __future__ import annotations

import re

import pytest

from elevenes.rulebook import load_rulebook

MARKED = [
    *(f"G111.RULING.{name}" for name in (
        "FACE-PARTY", "BOSS-DAMAGE", "TWO-DIAMONDS", "SURRENDER-WHEN", "EXACT-KILL",
        "DECK-COUNT", "OPTIONAL-BOSS", "PVP-PARTIES", "NO-HEALTH", "TURN-LIMIT", "SAME-BOSS",
        "SHIELD-LEFT", "DEFEND-BONUS", "DEFEATED-PARTY", "ROLL-PER-STRIKE")),
    "BWL.RULING.TOUCH-FRAME", "BWL.RULING.FIRST-CARD", "BWL.RULING.BONUS-BALLS",
]
ITEM = re.compile(r"^- \(([a-z])\) ", re.M)
MARK = re.compile(r"^- \(([a-z])\) \*(playable|not playable: [^*]+[^*\s])\* \S", re.M)


def marked_readings(text: str) -> list[tuple[str, bool]]:
    """``(letter, playable)`` for each reading line of a ruling's **Readings:** paragraph;
    an item that does not follow the notation is an error."""
    found = re.search(r"\*\*Readings:\*\*(.*?)\n\n", text, re.S)
    if found is None:
        return []
    block = found.group(1)
    items = ITEM.findall(block)
    marks = MARK.findall(block)
    assert [letter for letter, _ in marks] == items, f"badly marked readings: {block!r}"
    return [(letter, mark == "playable") for letter, mark in marks]


def test_the_notation_is_read() -> None:
    text = ("**Readings:** with three players,\n- (a) *playable* one thing;\n  more of it;\n"
            "- (b) *not playable: not a complete rule* another.\n\n**Decision:** (a).")
    assert marked_readings(text) == [("a", True), ("b", False)]
    with pytest.raises(AssertionError):
        marked_readings("**Readings:**\n- (a) *playable*one\n- (b) another\n\n")


@pytest.mark.parametrize("rule_id", MARKED)
def test_these_rulings_mark_every_reading(rule_id: str) -> None:
    assert marked_readings(load_rulebook().get(rule_id).text), f"{rule_id}: no marked readings"


def test_every_marked_ruling_is_well_formed_and_decides_for_a_playable_reading() -> None:
    for rule in load_rulebook():
        readings = marked_readings(rule.text)
        if not readings:
            continue
        letters = [letter for letter, _ in readings]
        assert letters == [chr(ord("a") + i) for i in range(len(letters))], rule.id
        decision = re.search(r"\*\*Decision:\*\* \(([a-z])\)", rule.text)
        assert decision is not None, f"{rule.id}: the decision names no reading"
        assert dict(readings).get(decision.group(1)), f"{rule.id} decides for {decision.group(1)}"
