"""Elevenes (2-4 players) drawn: the sugar bowl, then one row per seat: its spread of ten
places, its kitchen, the card set aside, its cubes and its guest."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .names import Names
from .svg import CARD, INK, LABEL, SET_COLOURS, Svg

W, H = 60, 82
GAP = 6
CARD_RE = re.compile(r"^(~?)(\d+)?([a-d])$")


def draw(doc: Mapping[str, Any], names: Names, viewer: int | None) -> str:
    players = list(doc.get("players", []))
    phase = str(doc.get("phase", "?"))
    turn = doc.get("turn")
    server = doc.get("server")
    width = 20 + 10 * (W + GAP) + 24 + 170 + 20 + W + 20
    title = f"Elevenes: round {doc.get('round', '?')}, phase {phase}, seat {turn} to play"
    if viewer is not None:
        title += f", the view of seat {viewer}"
    svg = Svg(width, title)
    pills = [f"round {doc.get('round', '?')}", f"phase {phase}", f"server: seat {server}"]
    if viewer is not None:
        pills.append(f"view of seat {viewer}")
    svg.title_bar("Elevenes", pills, 120.0)
    bowl = int(doc.get("bowl", 0))
    _bowl(svg, width - 90, 30, bowl)

    y = 74.0
    centre = doc.get("centre")
    if centre:
        svg.label(20, y, "centre")
        _card(svg, 70, y - 14, str(centre), names, tip="played to the centre")
        y += H + 10
    for seat, player in enumerate(players):
        y = _seat(svg, y, seat, player, doc, names, viewer) + 16
    y = svg.notes(20, y, _notes(doc, names, viewer))
    return svg.finish(y + 6)


def _seat(svg: Svg, y: float, seat: int, player: Mapping[str, Any], doc: Mapping[str, Any],
          names: Names, viewer: int | None) -> float:
    letter = "abcd"[seat] if seat < 4 else "?"
    colour = SET_COLOURS.get(letter, INK)
    svg.rect(12, y, svg.width - 24, H + 62, fill="#000000", rx=10, opacity="0.12")
    svg.circle(30, y + 18, 8, fill=colour, stroke=CARD, stroke_width=1.5)
    who = f"Seat {seat} (set {letter})" + (" \u2014 you" if viewer == seat else "")
    svg.text(44, y + 23, who, size=14, fill=LABEL, weight="bold")
    x = 44 + len(who) * 8.6 + 10
    if doc.get("turn") == seat and doc.get("phase") not in (
            "first_server", "deal", "guests", "over"):
        x += svg.pill(x, y + 8, "to play") + 6
    if doc.get("server") == seat:
        x += svg.pill(x, y + 8, "server", fill="#d6e9df") + 6
    if "value" in player:
        x += svg.pill(x, y + 8, f"value {player['value']}", fill="#d6e9df") + 6
    cubes = int(player.get("cubes", 0))
    x += 6
    svg.label(x, y + 23, f"{cubes} cube{'s' if cubes != 1 else ''}", fill=LABEL)
    _cubes(svg, x + 62, y + 12, cubes)
    guest = _guest(player.get("guest"), bool(player.get("revealed")), names)
    if guest:
        svg.label(svg.width - 20, y + 23, guest, anchor="end", fill=LABEL)

    top = y + 34
    for i, entry in enumerate(list(player.get("spread", []))[:10]):
        px = 20 + i * (W + GAP)
        if entry is None:
            svg.slot(px, top, W, H, text=str(i + 1))
        else:
            _card(svg, px, top, str(entry), names, tip=f"seat {seat}'s spread, place {i + 1}")
    kx = 20 + 10 * (W + GAP) + 24
    kitchen = [str(c) for c in player.get("kitchen", [])]
    svg.label(kx, top + H + 14, f"kitchen ({len(kitchen)})")
    step = min(W + 4.0, (170 - W) / max(1, len(kitchen) - 1)) if len(kitchen) > 1 else 0
    for i, card in enumerate(kitchen):
        _card(svg, kx + i * step, top, card, names, tip=f"in seat {seat}'s kitchen")
    ax = kx + 170 + 20
    aside = player.get("aside")
    if aside:
        svg.label(ax, top + H + 14, "set aside")
        _card(svg, ax, top, str(aside), names, tip=f"set aside by seat {seat}")
    return top + H + 28


def _card(svg: Svg, x: float, y: float, text: str, names: Names, tip: str = "") -> None:
    """``5a`` face up, ``~5a`` face down (its identity shown faintly), ``~a`` or ``a`` a back."""
    match = CARD_RE.match(text)
    if match is None:
        svg.slot(x, y, W, H, text="?")
        return
    down, number, letter = match.groups()
    colour = SET_COLOURS[letter]
    if number is None:
        svg.back(x, y, colour=colour, w=W, h=H, mark=letter, tip=f"a card of set {letter}, "
                 f"hidden" + (f"; {tip}" if tip else ""))
        return
    card = int(number)
    label = f"{card}{letter} {names.name(card)}"
    if down:
        svg.back(x, y, colour=colour, w=W, h=H, ghost=f"{card}{letter}",
                 tip=f"face down: {label}" + (f"; {tip}" if tip else ""))
        return
    value = names.values.get(card)
    svg.face(x, y, str(card), names.name(card), colour=colour, w=W, h=H,
             note=f"\u2022{value}" if value is not None else "",
             tip=label + (f" (value {value})" if value is not None else "")
             + (f"; {tip}" if tip else ""))


def _cubes(svg: Svg, x: float, y: float, count: int) -> None:
    for i in range(min(count, 12)):
        cx = x + i * 13
        svg.rect(cx, y, 10, 10, fill="#ffffff", stroke="#c9c1ad", rx=2)
        svg.path(f"M{cx} {y}l3 -3h10l-3 3z", fill="#efe9da", stroke="#c9c1ad", width=0.6)
    if count > 12:
        svg.label(x + 12 * 13 + 4, y + 10, f"+{count - 12}", fill=LABEL)


def _bowl(svg: Svg, cx: float, cy: float, count: int) -> None:
    svg.path(f"M{cx - 46} {cy - 8}Q{cx} {cy + 48} {cx + 46} {cy - 8}Z", fill="#f4f1ea",
             stroke="#8a7a60", width=1.5)
    svg.text(cx, cy + 14, str(count), size=18, fill=INK, anchor="middle", weight="bold")
    svg.label(cx, cy - 14, "sugar bowl", anchor="middle", fill=LABEL)


def _guest(guest: Any, revealed: bool, names: Names) -> str:
    if guest is None:
        return ""
    if isinstance(guest, Mapping):
        if guest.get("hidden"):
            return "guest: hidden"
        wants = ", ".join(str(w) for w in guest.get("wants", []))
        state = "revealed" if guest.get("revealed") else "not revealed"
        return f"guest: {guest.get('name', '?')} (wants {wants}; {state})"
    name = names.guests.get(int(guest), f"guest {guest}")
    return f"guest: {name} ({'revealed' if revealed else 'not revealed'})"


def _notes(doc: Mapping[str, Any], names: Names, viewer: int | None) -> list[str]:
    lines = []
    for entry in doc.get("stack", []) or []:
        card = str(entry.get("card", ""))
        number = CARD_RE.match(card)
        name = names.name(int(number.group(2))) if number and number.group(2) else ""
        lines.append(f"effect in progress: {card} {name}, played by seat {entry.get('owner')}, "
                     f"statement {entry.get('at')}")
    if doc.get("resolving"):
        lines.append(f"effect in progress: {doc['resolving']}")
    choice = doc.get("choice")
    if isinstance(choice, Mapping):
        who = "chance" if choice.get("player") == -1 else f"seat {choice.get('player')}"
        options = [str(o) for o in choice.get("options", [])]
        lines.append(f"{who} decides: " + ", ".join(options[:8])
                     + (f", ... ({len(options)} in all)" if len(options) > 8 else ""))
    legal = doc.get("legal")
    if viewer is not None and isinstance(legal, list) and legal:
        lines.append(f"seat {viewer} may: " + ", ".join(str(a) for a in legal[:8])
                     + (f", ... ({len(legal)} in all)" if len(legal) > 8 else ""))
    seen = [entry for entry in doc.get("seen", []) or [] if isinstance(entry, Mapping)
            and entry.get("kind") != "placed"]
    for entry in seen[-3:]:
        by = f" (by {entry['by']})" if entry.get("by") else ""
        lines.append(f"shown to seat {', '.join(str(s) for s in entry.get('to', []))}: "
                     f"{entry.get('kind')} of seat {entry.get('player')}: "
                     + " ".join(str(c) for c in entry.get("cards", [])) + by)
    if doc.get("reveal"):
        lines.append("asked about their guests: seats "
                     + ", ".join(str(s) for s in doc["reveal"]))
    if doc.get("dealing"):
        lines.append(f"dealing: seat {doc['dealing'][0]}, next place {doc['dealing'][1]}")
    deck = doc.get("deck")
    if isinstance(deck, list) and deck:
        lines.append(f"still to deal: {len(deck)}")
    last = doc.get("last_round")
    if isinstance(last, Mapping):
        lines.append(f"last round ({last.get('round')}): values {last.get('values')}, "
                     f"ended by {last.get('ended_by')}")
    if doc.get("winners"):
        lines.append("winners: seat " + ", ".join(str(s) for s in doc["winners"]))
    elif doc.get("phase") == "over":  # ELV.RULING.BOWL-EMPTY (f): a game with no winner
        lines.append("winners: none (the bowl is empty, nobody reached the target)")
    return lines


