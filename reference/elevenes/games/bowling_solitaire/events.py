"""Bowling Solitaire in words: what a knock or the end of a ball did, from the canonical state
before and after it (see games/events.py), and what each choice on offer means."""

from __future__ import annotations

from ...core.api import Json
from ..events import join
from .scoring import frame_scores, marks

GLOSSARY = {
    "knock P PINS": "bowl the top card of pile P (0, 1 or 2) at 1-3 touching pins; the card "
                    "must equal one pin, or the last digit of the pins' sum (also: P PINS)",
    "end ball": "stop this ball: its top cards are discarded (also: e)",
}


def _standing(doc: Json) -> dict[str, int]:
    return {pin: value for pin, value in doc["pins"].items() if value is not None}


def menu_label(doc: Json, action: str) -> str:
    """``knock 1 H I`` -> ``pile 1's 1 takes H 8 + I 3 = 11``."""
    words = action.split()
    if words[0] != "knock":
        return "stop this ball" if words[0] == "end" else ""
    pile, pins = int(words[1]), "".join(words[2:])
    top = doc["piles"][pile][0]
    values = [doc["pins"][pin] for pin in pins]
    parts = " + ".join(f"{pin} {value}" for pin, value in zip(pins, values, strict=True))
    total = f" = {sum(values)}" if len(values) > 1 else ""
    return f"pile {pile}'s {top} takes {parts}{total}"


def describe(before: Json, after: Json, action: str) -> list[str]:
    """The log lines of one action; a deal is told once, when the rack is complete."""
    words = action.split()
    lines: list[str] = []
    if words[0] == "deal":
        if before["phase"] == "deal" and after["phase"] != "deal":
            pins = " ".join(f"{p}:{v}" for p, v in _standing(after).items())
            tops = ", ".join(f"pile {i} shows {pile[0]}" for i, pile in enumerate(after["piles"])
                             if pile)
            lines.append(f"A new rack is dealt: {pins}; {tops}.")
        return lines + ball_results(before, after)
    if words[0] == "knock":
        pile = int(words[1])
        card = before["piles"][pile][0]
        pins = "".join(words[2:])
        taken = join([f"{pin} ({before['pins'][pin]})" for pin in pins])
        head = f"Ball {before['ball']}: pile {pile}'s {card} knocks down {taken}"
    else:
        head = f"You end ball {before['ball']}"
    effects = []
    if after["frame"] == before["frame"] and after["rack"] == before["rack"]:
        for index, (old, new) in enumerate(zip(before["piles"], after["piles"], strict=True)):
            if new and len(new) < len(old):
                effects.append(f"pile {index} now shows {new[0]}")
    gone = len(after["out"]) - len(before["out"])
    if words[0] != "knock" and gone > 0:
        effects.append(f"{gone} card{'s' if gone > 1 else ''} discarded")
    lines.append(head + (": " + "; ".join(effects) if effects else "") + ".")
    lines.extend(ball_results(before, after))
    return lines


def ball_results(before: Json, after: Json) -> list[str]:
    """The balls that ended and the frames that closed between the two positions."""
    lines = []
    old, new = before["pad"], after["pad"]
    for frame in range(len(new)):
        known = len(old[frame]) if frame < len(old) else 0
        for pins in new[frame][known:]:
            lines.append(f"Ball over: {pins} pin{'s' if pins != 1 else ''}.")
    closed = after["frame"] != before["frame"] or after["phase"] == "over"
    if closed and new:
        frame = before["frame"]
        balls = new[frame - 1]
        score = frame_scores(new)[frame - 1]
        lines.append(f"Frame {frame} done: {marks(balls)}"
                     + ("" if score is None else f" ({score})") + ".")
    return lines
