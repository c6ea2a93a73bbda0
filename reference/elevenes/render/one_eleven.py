"""111, The Game drawn: the three boss slots, the draw pile, discards and the die, then one
row per seat: coins, hand and party with its attributes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .svg import (
    ACCENT,
    CARD,
    INK,
    LABEL,
    MUTED,
    SUIT_COLOURS,
    SUIT_SYMBOLS,
    Svg,
    fit,
)

W, H = 54, 76
SLOT_NAMES = {"J": "Jacks", "Q": "Queens", "K": "Kings"}
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def draw(doc: Mapping[str, Any], names: object, viewer: int | None) -> str:
    pending = doc.get("pending") or {}
    asking = str(pending.get("asking", "?"))
    active = doc.get("active")
    width = 960
    title = f"111, The Game: turn {doc.get('turn', '?')}, seat {active} active, asking {asking}"
    if viewer is not None:
        title += f", the view of seat {viewer}"
    svg = Svg(width, title)
    pills = [f"turn {doc.get('turn', '?')}", f"asking: {asking}"
             + (f" (seat {pending['player']})" if "player" in pending else "")]
    if viewer is not None:
        pills.append(f"view of seat {viewer}")
    svg.title_bar("111, The Game", pills, 180.0)

    top = 68
    bosses = doc.get("bosses", {})
    fight = doc.get("fight") or {}
    target = fight.get("target", {}) if isinstance(fight, Mapping) else {}
    for i, slot in enumerate("JQK"):
        bx = 20 + i * 160
        pile = list(bosses.get(slot, []))
        svg.label(bx, top - 8, f"{SLOT_NAMES[slot]} ({len(pile)})")
        for k in range(min(len(pile) - 1, 4), 0, -1):
            svg.back(bx + k * 4, top + k * 4, w=W, h=H, tip=f"{len(pile) - 1} bosses beneath")
        if not pile:
            svg.slot(bx, top, W, H, text=slot)
            continue
        boss = pile[-1]
        attacked = target.get("boss") == slot
        # the boss fought lies under the top (G111.RULING.WHICH-BOSS (a), (c)): named by its card
        depth = min(int(target.get("depth", 1)), len(pile)) if attacked else 1
        _card(svg, bx, top, str(boss["card"]),
              highlight="#e74c3c" if attacked and depth == 1 else None,
              tip=f"boss {boss['card']}: shield {boss['shield']}, health {boss['health']}, "
                  f"coins {boss['coins']}")
        sx = bx + W + 24
        _stat(svg, sx, top + 14, "shield", boss.get("shield"))
        _stat(svg, sx, top + 32, "health", boss.get("health"))
        _stat(svg, sx, top + 50, "coins", boss.get("coins"))
        if attacked:
            svg.label(sx, top + 70, "attacked" if depth == 1 else
                      f"attacked: {pile[-depth]['card']}", fill="#ff9b8f")

    # The draw pile, the die, the discards and the defeated bosses.
    dx = 20 + 3 * 160 + 10
    draw_pile = doc.get("draw_pile", [])
    count = draw_pile if isinstance(draw_pile, int) else len(draw_pile)
    svg.label(dx, top - 8, f"draw pile ({count})")
    if count:
        svg.back(dx, top, w=W, h=H, mark=str(count), tip=f"{count} cards face down")
    else:
        svg.slot(dx, top, W, H)
    ex = dx + W + 44
    roll = pending.get("roll")
    if roll is not None or asking == "roll":
        svg.label(ex, top - 8, "die")
        _die(svg, ex, top + 4, int(roll) if roll is not None else None)
        if asking == "roll":
            svg.label(ex + 24, top + 66, f"for the {pending.get('side', '?')}", anchor="middle")
    fx = ex + 68.0
    column = fx  # where the discards begin: the defeated bosses are counted under them
    discards = [str(c) for c in doc.get("discards", [])]
    svg.label(fx, top - 8, f"discards ({len(discards)})")
    if len(discards) > 12:  # the pile's order does not matter: the count and a few cards
        more = len(discards) - 11
        fx += svg.pill(fx, top + H / 2 - 9, f"+{more}", fill="#d6e9df") + 6
        discards = discards[-11:]
    room = width - 20 - fx - W
    step = min(20.0, room / max(1, len(discards) - 1)) if len(discards) > 1 else 0
    for i, card in enumerate(discards):
        _card(svg, fx + i * step, top, card, tip="discarded")
    defeated = [str(c) for c in doc.get("defeated", [])]
    if defeated:  # counted by rank here (the whole list in the notes, and as a tooltip)
        ranks = [f"{sum(1 for c in defeated if c[:1] == r)} {r}" for r in "JQK"
                 if any(c[:1] == r for c in defeated)]
        keep, svg.parts = svg.parts, []
        svg.label(column, top + H + 20, fit(f"defeated bosses ({len(defeated)}): "
                                            + ", ".join(ranks), 11, width - 20 - column))
        line, svg.parts = svg.parts, keep
        svg.group("defeated bosses: " + " ".join(defeated), line)

    y = top + H + 40.0
    for seat, player in enumerate(doc.get("players", [])):
        y = _seat(svg, y, seat, player, doc, viewer) + 12
    y += 8
    y = svg.notes(20, y, _notes(doc))
    return svg.finish(y + 6)


def _seat(svg: Svg, y: float, seat: int, player: Mapping[str, Any], doc: Mapping[str, Any],
          viewer: int | None) -> float:
    pending = doc.get("pending") or {}
    svg.rect(12, y, svg.width - 24, H + 46, fill="#000000", rx=10, opacity="0.12")
    who = f"Seat {seat}" + (" \u2014 you" if viewer == seat else "")
    svg.text(24, y + 22, who, size=14, fill=LABEL, weight="bold")
    x = 24 + len(who) * 8.6 + 10
    if doc.get("active") == seat:
        x += svg.pill(x, y + 7, "active") + 6
    if pending.get("player") == seat and pending.get("asking") != "draw":
        x += svg.pill(x, y + 7, f"asked: {pending.get('asking')}", fill="#d6e9df") + 6
    target = ((doc.get("fight") or {}).get("target") or {})
    if target.get("player") == seat:
        x += svg.pill(x, y + 7, "attacked", fill="#e74c3c", ink=CARD) + 6
    coins = int(player.get("coins", 0))
    svg.circle(x + 12, y + 17, 9, fill="#e5b93b", stroke="#9c7a17", stroke_width=1.5)
    svg.text(x + 12, y + 21, "\u00a2", size=11, fill="#6b5210", anchor="middle", weight="bold")
    svg.text(x + 26, y + 22, f"{coins} coins", size=13, fill=LABEL, weight="bold")

    top = y + 34
    hand = player.get("hand")
    size = int(player.get("hand_size", len(hand) if isinstance(hand, list) else 0))
    step = min(W + 4.0, 330 / max(1, size - 1)) if size > 1 else 0
    for i in range(size):
        if isinstance(hand, list) and i < len(hand):
            _card(svg, 24 + i * step, top, str(hand[i]), tip=f"in seat {seat}'s hand")
        else:
            svg.back(24 + i * step, top, w=W, h=H, tip=f"in seat {seat}'s hand, hidden")
    if not size:
        svg.label(24, top + H / 2, "no cards in hand")
    party = player.get("party")
    if isinstance(party, Mapping):
        px = 420
        svg.label(px, top - 4, "party")
        bonus = set(party.get("bonus", []))
        for i, card in enumerate(party.get("cards", [])):
            suit = str(card)[-1]
            _card(svg, px + i * (W + 6), top, str(card), tip="in the party"
                  + (" (bonus)" if suit in bonus else ""),
                  highlight=ACCENT if suit in bonus else None)
        sx = px + 4 * (W + 6) + 10
        for k, key in enumerate(("attack", "shield", "health", "money")):
            _stat(svg, sx, top + 12 + k * 18, key, party.get(key))
        discount = party.get("discount")
        if isinstance(discount, Mapping):
            svg.label(sx + 90, top + 12, f"discount: +{discount.get('points')} "
                      f"{discount.get('attribute')}")
    return top + H + 12


def _card(svg: Svg, x: float, y: float, card: str, tip: str = "",
          highlight: str | None = None) -> None:
    rank, suit = card[:-1], card[-1]
    colour = SUIT_COLOURS.get(suit, INK)
    symbol = SUIT_SYMBOLS.get(suit, "?")
    svg.face(x, y, rank, "", colour=colour, w=W, h=H, sub=symbol,
             centre=symbol if rank not in "JQK" else f"{rank}{symbol}",
             tip=f"{card}" + (f": {tip}" if tip else ""), highlight=highlight)


def _stat(svg: Svg, x: float, y: float, key: str, value: Any) -> None:
    svg.label(x, y, key)
    svg.text(x + 50, y, str(value), size=12, fill=LABEL, weight="bold")


def _die(svg: Svg, x: float, y: float, value: int | None) -> None:
    svg.rect(x, y, 48, 48, fill=CARD, stroke=INK, rx=9, stroke_width=1.5)
    if value is None:
        svg.text(x + 24, y + 32, "?", size=26, fill=MUTED, anchor="middle", weight="bold")
        return
    for dx, dy in PIPS.get(value, []):
        svg.circle(x + 24 + dx * 12, y + 24 + dy * 12, 4.5, fill=INK)


def _notes(doc: Mapping[str, Any]) -> list[str]:
    lines = []
    pending = doc.get("pending") or {}
    if pending.get("asking") == "draw":
        lines.append(f"a card is drawn for seat {pending.get('player')} "
                     f"({pending.get('for')})")
    fight = doc.get("fight")
    if isinstance(fight, Mapping):
        target = fight.get("target", {})
        depth = int(target.get("depth", 1))  # G111.RULING.WHICH-BOSS (a), (c)
        where = "the top boss" if depth == 1 else f"the boss {depth} down from the top"
        what = (f"{where} of the {SLOT_NAMES.get(target['boss'], target['boss'])}"
                if "boss" in target else f"seat {target.get('player')}")
        lines.append(f"fight: seat {doc.get('active')} attacks {what}")
    defeated = [str(c) for c in doc.get("defeated", [])]
    if defeated:
        lines.append("defeated bosses: " + " ".join(defeated))
    bank = doc.get("bank")
    if isinstance(bank, Mapping):
        lines.append(f"bank: {bank.get('issued')} coins issued, {bank.get('taken')} taken back")
    legal = doc.get("legal")
    if isinstance(legal, list) and legal:
        lines.append("may: " + ", ".join(str(a) for a in legal[:8])
                     + (f", ... ({len(legal)} in all)" if len(legal) > 8 else ""))
    if doc.get("winners"):
        lines.append("winners: seat " + ", ".join(str(s) for s in doc["winners"])
                     + (f" (ended by {doc.get('ended_by')})" if doc.get("ended_by") else ""))
    return lines



