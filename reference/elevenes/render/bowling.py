"""Bowling Solitaire drawn: the ten pins as a triangle (back row A-D at the top, the head pin
J at the bottom, towards the bowler), the three ball piles, the cards out and the score pad."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .svg import CARD, CARD_EDGE, INK, LABEL, Svg

W, H = 46, 62
ROWS = ("ABCD", "EFG", "HI", "J")
SPACE = W + 12
UNDER = 18  # how much of each face-down pile card shows below the one above


def draw(doc: Mapping[str, Any], names: object, viewer: int | None) -> str:
    phase = str(doc.get("phase", "?"))
    frame, ball = doc.get("frame", "?"), doc.get("ball", "?")
    total = doc.get("total")
    width = 760
    title = f"Bowling Solitaire: frame {frame}, ball {ball}, phase {phase}"
    if total is not None:
        title += f", total {total}"
    if viewer is not None:
        title += ", the player's view"
    svg = Svg(width, title)
    pills = [f"frame {frame}", f"ball {ball}", f"phase {phase}"]
    if doc.get("rack"):
        pills.append(f"bonus rack {doc['rack']}")
    if total is not None:
        pills.append(f"total {total}")
    if viewer is not None:
        pills.append("player's view")
    svg.title_bar("Bowling Solitaire", pills, 200.0)

    pins = doc.get("pins", {})
    top = 66
    svg.label(20, top - 8, "pins")
    for row, spots in enumerate(ROWS):
        for i, spot in enumerate(spots):
            px = 20 + row * SPACE / 2 + i * SPACE
            py = top + row * (H + 6)
            card = pins.get(spot)
            if card is None:
                svg.slot(px, py, W, H, text=spot)
            else:
                svg.face(px, py, "", "", w=W, h=H, centre=str(card), note=spot,
                         tip=f"pin {spot}: {card}")
    pin_bottom = top + 3 * (H + 6) + H

    # The piles: the top card face up, the cards under it face down.
    px0 = 20 + 4 * SPACE + 30
    svg.label(px0, top - 8, "ball piles (top card face up)")
    piles = list(doc.get("piles", []))
    for p, pile in enumerate(piles):
        x0 = px0 + p * (W + 36)
        if isinstance(pile, Mapping):  # an observation: the top card and a count
            top_card, hidden = pile.get("top"), int(pile.get("hidden", 0))
            under: list[Any] = [None] * hidden
        else:
            cards = list(pile)
            top_card = cards[0] if cards and phase != "deal" else None
            under = cards[1:] if top_card is not None else cards
        for k, card in enumerate(reversed(under)):
            svg.back(x0, top + (len(under) - k) * UNDER, w=W, h=H,
                     ghost="" if card is None else str(card),
                     tip=f"pile {p}: face down" + ("" if card is None else f" ({card})"))
        if top_card is not None:
            svg.face(x0, top, "", "", w=W, h=H, centre=str(top_card), tip=f"pile {p}: top card")
        elif not under:
            svg.slot(x0, top, W, H)
        svg.label(x0 + W / 2, top + H + 5 * UNDER + 18, f"pile {p}", anchor="middle", fill=LABEL)

    out = [int(c) for c in doc.get("out", [])]
    oy = max(pin_bottom, top + H + 5 * UNDER + 24) + 26
    svg.label(px0, top + H + 5 * UNDER + 44, f"out of play ({len(out)})")
    for i, card in enumerate(out):
        svg.face(px0 + (i % 10) * 30, top + H + 5 * UNDER + 52 + (i // 10) * 42, str(card), "",
                 w=26, h=36, tip=f"out of play: {card}")
    oy = max(oy, top + H + 5 * UNDER + 52 + ((len(out) + 9) // 10) * 42 + 10)

    y = _pad(svg, 20, oy, list(doc.get("pad", [])))
    if doc.get("ball_pins"):
        svg.text(20, y, f"pins downed by this ball so far: {doc['ball_pins']}", size=12,
                 fill=LABEL)
        y += 18
    return svg.finish(y + 6)


def _pad(svg: Svg, x: float, y: float, pad: list[Any]) -> float:
    """The score pad: ten frame boxes, the balls (or marks) above, the running total below."""
    svg.label(x, y, "score pad")
    y += 8
    box = (svg.width - 2 * x) / 10
    for f in range(10):
        bx = x + f * box
        svg.rect(bx, y, box - 4, 46, fill=CARD, stroke=CARD_EDGE, rx=5)
        svg.text(bx + 6, y + 13, str(f + 1), size=9, fill=CARD_EDGE)
        if f < len(pad):
            entry = pad[f]
            if isinstance(entry, Mapping):  # an observation: marks and totals
                balls = str(entry.get("marks", ""))
                total = entry.get("total")
            else:
                balls = " ".join(str(b) for b in entry)
                total = None
            svg.text(bx + box - 10, y + 14, balls, size=12, fill=INK, anchor="end",
                     weight="bold")
            if total is not None:
                svg.text(bx + (box - 4) / 2, y + 38, str(total), size=14, fill=INK,
                         anchor="middle", weight="bold")
    return y + 70
