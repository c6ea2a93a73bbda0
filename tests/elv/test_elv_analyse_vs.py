"""``elevenes analyse elevenes --vs``: the default line-up can show a difference between two
rule sets (greedy against random wins every game under both), with each seat's share."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elevenes.cli import main

ROOT = Path(__file__).resolve().parents[2]
RICH_SERVANTS = ROOT / "benchmarks" / "variants" / "rich-servants.cards"


def _rows(out: str) -> dict[str, str]:
    """measure -> B - A, from the comparison table."""
    found = {}
    for line in out.splitlines():
        m = re.match(r"^\S+\s+(\S+(?: \S+)?)\s+\S+\s+\S+\s+([+-]\S+)\s+\[", line)
        if m:
            found[m.group(1)] = m.group(2)
    return found


def test_vs_default_line_up_is_greedy_against_greedy(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyse", "elevenes", "--games", "40", "--workers", "1", "--no-progress",
                 "--vs", str(RICH_SERVANTS)])
    out = capsys.readouterr().out
    assert code == 0
    assert "bots greedy, greedy" in out
    rows = _rows(out)
    assert {"P0 wins", "P1 wins", "greedy cubes", "rounds"} <= set(rows), rows
    # Servants worth 5 changes some paired game: not every difference is zero
    assert any(float(d.rstrip("%")) != 0.0 for d in rows.values()), rows


def test_vs_named_bots_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyse", "elevenes", "--games", "4", "--workers", "1", "--no-progress",
                 "--bots", "greedy,random", "--vs", str(RICH_SERVANTS)])
    out = capsys.readouterr().out
    assert code == 0 and "bots greedy, random" in out
    assert {"greedy wins", "random wins", "P0 wins", "P1 wins"} <= set(_rows(out))
