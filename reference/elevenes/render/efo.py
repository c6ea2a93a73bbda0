"""Elevenes for One drawn: the clock, the trolley, the discard pile, the pantry row."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .names import Names
from .svg import ACCENT, CARD_H, CARD_W, INK, LABEL, Svg

GAP = 10
MINI_W, MINI_H = 26, 34


def draw(doc: Mapping[str, Any], names: Names, viewer: int | None) -> str:
    phase = str(doc.get("phase", "?"))
    minutes = int(doc.get("minutes", 0))
    trolley = [int(n) for n in doc.get("trolley", [])]
    pantry = list(doc.get("pantry", []))
    discard = [int(n) for n in doc.get("discard", [])]
    deck = [int(n) for n in doc.get("deck", []) or []]
    held = doc.get("held")
    result = doc.get("result")
    width = max(840, 20 + max(len(pantry), 1) * (CARD_W + GAP) + 10)
    title = f"Elevenes for One: phase {phase}, {minutes} minutes left"
    if trolley:
        title += f", trolley up to ({trolley[-1]})"
    if result:
        title += f", {result}"
    if viewer is not None:
        title += ", the player's view"
    svg = Svg(width, title)
    svg.title_bar("Elevenes for One", [f"phase {phase}"] + ([str(result)] if result else [])
                  + (["player's view"] if viewer is not None else []), 200.0,
                  alert=("out-of-time", "stuck"))

    top = 62
    _clock(svg, 64, top + 46, minutes)
    svg.label(64, top + CARD_H + 16, f"{minutes} min left", anchor="middle", fill=LABEL)

    # The trolley: the scored cards overlapped, the top one whole.
    tx = 140
    svg.label(tx, top - 8, f"trolley ({len(trolley)})")
    if not trolley:
        svg.slot(tx, top, text="empty")
    step = 15
    for i, card in enumerate(trolley):
        svg.face(tx + i * step, top, str(card), names.name(card) if i == len(trolley) - 1 else "",
                 tip=f"({card}) {names.name(card)}, on the trolley")
    # The discard pile: three places, the limit of the pile.
    dx = tx + CARD_W + 10 * step + 34
    svg.label(dx, top - 8, f"discard pile ({len(discard)} of 3)")
    for i in range(max(3, len(discard))):
        px = dx + i * (CARD_W + 6)
        if i < len(discard):
            card = discard[i]
            svg.face(px, top, str(card), names.name(card),
                     tip=f"({card}) {names.name(card)}, discarded")
        else:
            svg.slot(px, top)
    rx = dx + 3 * (CARD_W + 6) + 20
    if held is not None:
        card = int(held)
        svg.label(rx, top - 8, "being discarded")
        svg.face(rx, top, str(card), names.name(card), highlight=ACCENT,
                 tip=f"({card}) {names.name(card)}: its discard effect runs")
        rx += CARD_W + 24
    if deck:
        svg.label(rx, top - 8, f"to lay out ({len(deck)})")
        per_row = max(1, int((width - rx - 10) // (MINI_W + 4)))
        for i, card in enumerate(deck):
            mx = rx + (i % per_row) * (MINI_W + 4)
            my = top + (i // per_row) * (MINI_H + 6)
            svg.face(mx, my, str(card), "", w=MINI_W, h=MINI_H,
                     tip=f"({card}) {names.name(card)}, still to lay out")

    # The pantry row, first card first.
    py = top + CARD_H + 52
    cursor = int(doc.get("cursor", 0) or 0)
    svg.label(20, py - 10, f"pantry ({len(pantry)}), first card first")
    if not pantry:
        svg.slot(20, py, text="empty")
    for i, entry in enumerate(pantry):
        card, side = entry[0], entry[1]
        px = 20 + i * (CARD_W + GAP)
        current = phase == "turn" and i == cursor
        if side == "up" and card is not None:
            svg.face(px, py, str(card), names.name(int(card)),
                     highlight=ACCENT if current else None,
                     tip=f"({card}) {names.name(int(card))}, face up, place {i + 1}"
                         + (", the current card" if current else ""))
        else:
            known = f"{card} {names.name(int(card))}" if card is not None else ""
            svg.back(px, py, ghost=known,
                     tip=f"face down, place {i + 1}" + (f": ({known})" if known else ""))
        svg.label(px + CARD_W / 2, py + CARD_H + 15, str(i + 1), anchor="middle")
        if current:
            svg.label(px + CARD_W / 2, py + CARD_H + 29, "current", anchor="middle", fill=ACCENT)
    if phase == "effect" and pantry:
        # The pass has reached the place before ``cursor``: mark the gap it stands at.
        gap_x = 20 + min(cursor, len(pantry)) * (CARD_W + GAP) - GAP / 2
        svg.line(gap_x, py - 6, gap_x, py + CARD_H + 6, stroke=ACCENT, width=3,
                 stroke_linecap="round")
        svg.label(gap_x, py + CARD_H + 29, "pass resumes here", anchor="middle", fill=ACCENT)

    y = py + CARD_H + 50.0
    y = svg.notes(20, y, _notes(doc, names))
    return svg.finish(y + 4)


def _clock(svg: Svg, cx: float, cy: float, minutes: int) -> None:
    """A clock face: 15 ticks, the minutes left as a filled wedge, the number in the middle."""
    r = 38
    svg.circle(cx, cy, r + 4, fill="#fffaf0", stroke="#5b4a36", stroke_width=1.5)
    if minutes >= 15:
        svg.circle(cx, cy, r - 4, fill=ACCENT, opacity="0.55")
    elif minutes > 0:
        angle = 2 * math.pi * minutes / 15
        ex, ey = cx + (r - 4) * math.sin(angle), cy - (r - 4) * math.cos(angle)
        large = 1 if minutes > 7.5 else 0
        svg.path(f"M{cx} {cy}L{cx} {cy - r + 4}A{r - 4} {r - 4} 0 {large} 1 {ex:.1f} {ey:.1f}Z",
                 fill=ACCENT, opacity="0.55")
    for tick in range(15):
        a = 2 * math.pi * tick / 15
        svg.line(cx + (r - 2) * math.sin(a), cy - (r - 2) * math.cos(a),
                 cx + (r + 2) * math.sin(a), cy - (r + 2) * math.cos(a), stroke=INK, width=1.5)
    svg.text(cx, cy + 9, str(minutes), size=26, fill=INK, anchor="middle", weight="bold")


def _notes(doc: Mapping[str, Any], names: Names) -> list[str]:
    """The machinery under the table: effects in progress, the decision asked, a new pass.
    A finished game asks for nothing: only its end is said."""
    if str(doc.get("phase")) == "over":
        return ["the game is over"]
    lines = []
    for entry in doc.get("stack", []) or []:
        card = int(entry.get("card", 0))
        lines.append(f"effect in progress: ({card}) {names.name(card)}, {entry.get('event')} "
                     f"text, statement {entry.get('at')}")
    choice = doc.get("choice")
    if isinstance(choice, Mapping):
        options = [str(o) for o in choice.get("options", [])]
        shown = ", ".join(options[:8]) + (f", ... ({len(options)} in all)"
                                          if len(options) > 8 else "")
        lines.append(f"decision asked: {shown or 'none'}")
    if doc.get("restart"):
        lines.append("Fine China has asked for a new pass")
    if not lines:
        lines.append({"deal": "laying out the pantry (chance)",
                      "front": "step 2: put a card first for a minute, or pass",
                      "turn": "step 3: score, use or discard the current card",
                      "over": "the game is over"}.get(str(doc.get("phase")), ""))
    return [line for line in lines if line]

