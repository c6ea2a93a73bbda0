"""Compliance badges: one JSON file per game in the shields.io "endpoint" format.

``message`` is the share of the judged items (scenarios and perft checks) that passed, as
``"97% (68/70)"``, rounded down so that only a full pass shows 100%; skipped items are not
judged and are added as ``", 3 skipped"``.  ``xfail`` and ``xpass`` count as passed.  Each
profile has its own badges: ``<game>.json`` for the rules profile, ``<game>-strict.json``
(label ``<game> strict loading``) for the strict one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .model import RULES, STRICT
from .report import ERROR, FAIL, SKIP, Report

PROFILE_LABELS = {STRICT: "strict loading"}

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


def badge_name(game: str, profile: str) -> tuple[str, str]:
    """The file stem and the label of a game's badge for one profile."""
    if profile == RULES:
        return game, game
    return f"{game}-{profile}", f"{game} {PROFILE_LABELS.get(profile, profile)}"


def write_badges(report: Report, folder: Path | str) -> list[Path]:
    """Write ``<folder>/<game>.json`` for every game of the report (its rules profile), and
    ``<folder>/<game>-strict.json`` for every game with strict-profile items; the paths
    written."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    games = {result.game for result in report.results if result.kind != "file"}
    for profile in report.profiles():
        for game, counts in report.by_game(profile).items():
            if game not in games:
                continue  # files that could not be loaded belong to no game
            stem, label = badge_name(game, profile)
            path = target / f"{stem}.json"
            path.write_text(json.dumps(badge(label, counts), indent=2) + "\n", encoding="utf-8")
            written.append(path)
    return written
