"""Compliance badges: one JSON file per game in the shields.io "endpoint" format.

``message`` is the share of the judged items (scenarios and perft checks) that passed, as
``"97% (68/70)"``, rounded down so that only a full pass shows 100%; skipped items are not
judged and are added as ``", 3 skipped"``.  ``xfail`` and ``xpass`` count as passed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .report import ERROR, FAIL, SKIP, Report

COLORS = ((100, "brightgreen"), (90, "green"), (75, "yellowgreen"), (50, "orange"), (0, "red"))
"""The lowest percentage of each color, best first."""


def badge(game: str, counts: dict[str, int]) -> dict[str, Any]:
    """The endpoint document for one game's counts (``report.by_game()`` values)."""
    total = sum(counts.values())
    skipped = counts.get(SKIP, 0)
    judged = total - skipped
    passed = judged - counts.get(FAIL, 0) - counts.get(ERROR, 0)
    if judged == 0:
        message, color = f"not judged ({skipped} skipped)", "lightgrey"
    else:
        percent = passed * 100 // judged
        message = f"{percent}% ({passed}/{judged})"
        if skipped:
            message += f", {skipped} skipped"
        color = next(name for low, name in COLORS if percent >= low)
    return {"schemaVersion": 1, "label": game, "message": message, "color": color}


def write_badges(report: Report, folder: Path | str) -> list[Path]:
    """Write ``<folder>/<game>.json`` for every game of the report; the paths written."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for game, counts in report.by_game().items():
        if game not in {result.game for result in report.results}:
            continue  # files that could not be loaded belong to no game
        path = target / f"{game}.json"
        path.write_text(json.dumps(badge(game, counts), indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written
