"""A small SVG writer: shapes and escaped text appended to a list, one palette, card drawing.

Everything a picture shows goes through ``Svg``: attribute values and text are escaped here,
so a name from a user's card file or a scenario cannot inject markup.  Sizes are in pixels;
text width is estimated (no font metrics), generously, so labels do not overflow.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

# The palette: a green baize table, cream cards, one colour per Elevenes set and per suit.
TABLE = "#2f6b55"
TABLE_EDGE = "#24533f"
INK = "#22252b"
LABEL = "#f3efe2"
MUTED = "#b9d3c6"
CARD = "#fffaf0"
CARD_EDGE = "#5b4a36"
SLOT = "#4a8670"
ACCENT = "#f2b134"
ALERT = "#d9534f"
BACK = "#2b4c8c"
BACK_LIGHT = "#5d7fc0"
SET_COLOURS = {"a": "#c0392b", "b": "#2c6fbb", "c": "#2e8b57", "d": "#8e44ad"}
SUIT_COLOURS = {"C": "#1d1d1d", "S": "#1d1d1d", "H": "#c0392b", "D": "#c0392b"}
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}

CARD_W = 64
CARD_H = 88
EM = 0.6
"""The width of a character in font sizes: wider than the average of the fonts named (DejaVu
Sans, Verdana), so text measured with it stays inside its place."""
NAME_EM = 0.56
"""The same for a card's name inside the card: the fonts' average, so that a ten-letter name
fits a card; the card's margin takes what a wide name exceeds it by."""


def text_width(text: str, size: float) -> float:
    """An estimate of the width of ``text`` at ``size`` pixels (a sans-serif font), generous."""
    return len(text) * size * EM


def wrap(text: str, size: float, width: float, lines: int = 2, em: float = EM) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines that fit ``width``; the last line
    is cut with an ellipsis when the text is longer."""
    words = text.split()
    out: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if len(trial) * size * em <= width or not current:
            current = trial
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    if len(out) > lines:
        out = out[: lines]
        out[-1] += "\u2026"
    fitted = []
    for line in out:
        limit = max(1, int(width / (size * em)))
        fitted.append(line if len(line) <= limit else line[: limit - 1] + "\u2026")
    return fitted


def fit(text: str, size: float, width: float, em: float = EM) -> str:
    """``text`` cut (with an ellipsis) to fit ``width`` on one line."""
    limit = max(1, int(width / (size * em)))
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class Svg:
    """Shapes appended in drawing order; ``finish`` wraps them in an ``<svg>`` element."""

    def __init__(self, width: float, title: str = "") -> None:
        self.width = width
        self.title = title
        self.parts: list[str] = []

    def _attrs(self, attrs: dict[str, object]) -> str:
        out = []
        for key, value in attrs.items():
            if value is not None:
                shown = _num(value) if isinstance(value, float) else str(value)
                out.append(f" {key.rstrip('_').replace('_', '-')}={quoteattr(shown)}")
        return "".join(out)

    def element(self, tag: str, content: str = "", /, **attrs: object) -> None:
        if content:
            self.parts.append(f"<{tag}{self._attrs(attrs)}>{content}</{tag}>")
        else:
            self.parts.append(f"<{tag}{self._attrs(attrs)}/>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str | None = None,
             rx: float = 0, stroke_width: float = 1, **attrs: object) -> None:
        self.element("rect", x=float(x), y=float(y), width=float(w), height=float(h), rx=float(rx),
                     fill=fill, stroke=stroke, stroke_width=stroke_width if stroke else None,
                     **attrs)

    def circle(self, cx: float, cy: float, r: float, fill: str, stroke: str | None = None,
               stroke_width: float = 1, **attrs: object) -> None:
        self.element("circle", cx=float(cx), cy=float(cy), r=float(r), fill=fill, stroke=stroke,
                     stroke_width=stroke_width if stroke else None, **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str,
             width: float = 1, **attrs: object) -> None:
        self.element("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2),
                     stroke=stroke, stroke_width=width, **attrs)

    def path(self, d: str, fill: str, stroke: str | None = None, width: float = 1,
             **attrs: object) -> None:
        self.element("path", d=d, fill=fill, stroke=stroke,
                     stroke_width=width if stroke else None, **attrs)

    def text(self, x: float, y: float, text: str, size: float = 12, fill: str = LABEL,
             anchor: str = "start", weight: str = "normal", **attrs: object) -> None:
        self.element("text", escape(text), x=float(x), y=float(y), font_size=size, fill=fill,
                     text_anchor=anchor if anchor != "start" else None,
                     font_weight=weight if weight != "normal" else None, **attrs)

    def tooltip(self, text: str) -> str:
        return f"<title>{escape(text)}</title>"

    def group(self, tip: str, parts: Sequence[str]) -> None:
        self.parts.append(f"<g>{self.tooltip(tip)}{''.join(parts)}</g>")

    def finish(self, height: float) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(self.width)}" '
            f'height="{_num(height)}" viewBox="0 0 {_num(self.width)} {_num(height)}" '
            f'font-family={quoteattr(FONT)} role="img">'
        )
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        frame = (f'<rect x="1" y="1" width="{_num(self.width - 2)}" height="{_num(height - 2)}" '
                 f'rx="14" fill="{TABLE}" stroke="{TABLE_EDGE}" stroke-width="2"/>')
        return head + title + frame + "".join(self.parts) + "</svg>"

    # -- table furniture ------------------------------------------------------------------
    def heading(self, x: float, y: float, text: str, size: float = 17) -> None:
        self.text(x, y, text, size=size, fill=LABEL, weight="bold")

    def title_bar(self, name: str, pills: list[str], x: float,
                  alert: tuple[str, ...] = ()) -> None:
        """The game's name at the top left, then a badge for each of ``pills`` from ``x``
        (those in ``alert`` in the alert colour)."""
        self.heading(20, 30, name)
        for text in pills:
            x += self.pill(x, 16, text, fill=ALERT if text in alert else ACCENT) + 6

    def label(self, x: float, y: float, text: str, size: float = 11, anchor: str = "start",
              fill: str = MUTED) -> None:
        self.text(x, y, text, size=size, fill=fill, anchor=anchor)

    def slot(self, x: float, y: float, w: float = CARD_W, h: float = CARD_H,
             text: str = "") -> None:
        """An empty place for a card: a dashed outline, optionally labelled."""
        self.rect(x, y, w, h, fill="none", stroke=SLOT, rx=7, stroke_width=1.5,
                  stroke_dasharray="5 4")
        if text:
            self.text(x + w / 2, y + h / 2 + 5, text, size=14, fill=SLOT, anchor="middle",
                      weight="bold")

    def notes(self, x: float, y: float, lines: Sequence[str], size: float = 12) -> float:
        """Lines of text under the table, each wrapped to the picture's width (at most two
        lines, then cut); returns the baseline below the last."""
        for line in lines:
            for part in wrap(line, size, self.width - 2 * x, lines=2):
                self.text(x, y, part, size=size, fill=LABEL)
                y += size * 1.5
        return y

    def pill(self, x: float, y: float, text: str, fill: str = ACCENT, ink: str = INK,
             size: float = 11) -> float:
        """A rounded badge; returns its width."""
        w = text_width(text, size) + 12
        self.rect(x, y, w, size + 8, fill=fill, rx=(size + 8) / 2)
        self.text(x + w / 2, y + size + 2, text, size=size, fill=ink, anchor="middle",
                  weight="bold")
        return w

    # -- cards ------------------------------------------------------------------------------
    def face(self, x: float, y: float, corner: str, name: str, colour: str = INK,
             w: float = CARD_W, h: float = CARD_H, note: str = "", tip: str = "",
             highlight: str | None = None, centre: str = "", sub: str = "") -> None:
        """A face-up card: ``corner`` (its number or rank) top left and bottom right, ``name``
        wrapped across the middle (or a big ``centre`` symbol), ``note`` small at the foot."""
        parts: list[str] = []
        keep, self.parts = self.parts, parts
        if highlight:
            self.rect(x - 4, y - 4, w + 8, h + 8, fill="none", stroke=highlight, rx=10,
                      stroke_width=3)
        self.rect(x + 1.5, y + 2, w, h, fill="#000000", rx=7, opacity="0.18")
        self.rect(x, y, w, h, fill=CARD, stroke=CARD_EDGE, rx=7, stroke_width=1.2)
        self.rect(x + 4, y + 4, w - 8, h - 8, fill="none", stroke=colour, rx=5, stroke_width=0.8,
                  opacity="0.45")
        size = 15 if w >= 56 else 12
        self.text(x + 7, y + 6 + size, corner, size=size, fill=colour, weight="bold")
        if sub:
            self.text(x + 7 + text_width(corner, size) / 2 - 1, y + 8 + size * 1.9, sub,
                      size=size * 0.8, fill=colour, anchor="middle")
        if not note and w >= 40:
            self.text(x + w - 7, y + h - 8, corner, size=size * 0.75, fill=colour,
                      anchor="end", weight="bold")
        if centre:
            self.text(x + w / 2, y + h / 2 + 12, centre, size=34 if w >= 56 else 26,
                      fill=colour, anchor="middle")
        if name:
            name_size = 9.5 if w >= 64 else 8.5
            lines = wrap(name, name_size, w - 10, em=NAME_EM)
            top = y + h / 2 + 4 - (len(lines) - 1) * name_size * 0.6
            for number, line in enumerate(lines):
                self.text(x + w / 2, top + number * name_size * 1.2, line, size=name_size,
                          fill=INK, anchor="middle")
        if note:
            self.text(x + 7, y + h - 8, note, size=8.5, fill=CARD_EDGE)
        self.parts = keep
        self.group(tip or f"{corner} {name}".strip(), parts)

    def back(self, x: float, y: float, colour: str = BACK, w: float = CARD_W,
             h: float = CARD_H, mark: str = "", ghost: str = "", tip: str = "face down") -> None:
        """A card back: a coloured card with a lattice, ``mark`` (a set letter) in the middle;
        ``ghost`` is what a full-knowledge picture knows of the card (shown small and faint)."""
        parts: list[str] = []
        keep, self.parts = self.parts, parts
        self.rect(x + 1.5, y + 2, w, h, fill="#000000", rx=7, opacity="0.18")
        self.rect(x, y, w, h, fill=colour, stroke="#1c2d52", rx=7, stroke_width=1.2)
        self.rect(x + 5, y + 5, w - 10, h - 10, fill="none", stroke="#ffffff", rx=4,
                  stroke_width=1, opacity="0.55")
        x0, y0, iw, ih = x + 5, y + 5, w - 10, h - 10
        d = []
        k = -ih + 6.0
        while k < iw:
            sx, sy = x0 + max(0.0, k), y0 + max(0.0, -k)
            run = min(iw - max(0.0, k), ih - max(0.0, -k))
            d.append(f"M{_num(sx)} {_num(sy)}l{_num(run)} {_num(run)}")
            k += 9.0
        self.path("".join(d), fill="none", stroke="#ffffff", width=0.6, opacity="0.25")
        if mark:
            self.circle(x + w / 2, y + h / 2, 11, fill="#ffffff", opacity="0.9")
            self.text(x + w / 2, y + h / 2 + 5, mark, size=14, fill=colour, anchor="middle",
                      weight="bold")
        if ghost:
            self.rect(x + 4, y + h - 17, w - 8, 13, fill="#ffffff", rx=4, opacity="0.85")
            self.text(x + w / 2, y + h - 7, fit(ghost, 8.5, w - 10, em=NAME_EM), size=8.5, fill=INK,
                      anchor="middle")
        self.parts = keep
        self.group(tip, parts)
