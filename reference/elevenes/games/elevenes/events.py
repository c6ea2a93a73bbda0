"""Elevenes in words: what an action did, as one player may see it.

The front end compares the viewer's ``observation`` (or, watching bots, the whole
``to_json``) before and after each action (see games/events.py): a card laid, picked up or
turned face down at a position of someone's spread, cubes taken from the bowl, a guest
revealed, and what the viewer was shown.  Hidden cards stay hidden: only the viewer's own
view is compared.  ``menu_label`` says what each choice does ("pass 6a" hands 6a over, a
bare "pass" ends the turn or declines), ``round_result`` where each cube came from.
"""

from __future__ import annotations

from typing import Any

from ...core.api import Json
from ..cardbook import CardBook
from .notation import SETS
from .state import EFFECT, REVEALING, SECOND

POSITIONS = {1: "Tea Trolley spot", 10: "Servants spot"}

GLOSSARY = {
    "play C": "lay card C from your kitchen face up at its own position; you pick up the "
              "face-down card that was there, then C acts",
    "arrange C at P": "lay card C face down at position P (2-9), picking up the face-down card "
                      "there; you may then arrange once more",
    "pass": "end your turn (after an arrange action, or with no move); in an effect: decline; "
            "for a guest: keep it hidden",
    "pass C": "Fine China / Biscuits: hand card C over (it is set aside, then passed on)",
    "reveal": "reveal your Special Guest",
    "flip C": "Tea: turn face-up card C face down (it stays where it is)",
    "take C": "Milk / Cakes: the card you take",
    "give C": "Milk / Cakes / Sandwiches: the card you give in exchange",
    "pick S": "Sandwiches: draw blind from the cards with back S",
    "player N": "choose player N (P0 is you)",
    "yes": "carry out the optional effect",
}


PASS_MEANS = {SECOND: "end your turn", EFFECT: "decline the effect",
              REVEALING: "keep your guest hidden"}


def glossary_for(actions: list[str], phase: str | None = None) -> dict[str, str]:
    """The meanings of the forms among ``actions`` (a bare ``pass`` and ``pass C`` apart);
    with ``phase``, a bare ``pass`` gets its meaning there only."""
    forms = {text.split()[0] + ("" if len(text.split()) == 1 else " _") for text in actions}
    found = {key: meaning for key, meaning in GLOSSARY.items()
             if key.split()[0] + ("" if len(key.split()) == 1 else " _") in forms}
    if "pass" in found and phase in PASS_MEANS:
        found["pass"] = PASS_MEANS[phase]
    return found


def position_name(position: int) -> str:
    row = "top row" if 2 <= position <= 5 else "bottom row" if 6 <= position <= 9 else ""
    where = POSITIONS.get(position, row)
    return f"position {position} ({where})"


def card_label(text: str, book: CardBook) -> str:
    """``7a`` -> ``7a Biscuits``."""
    number = text.rstrip(SETS)
    return f"{text} {book.name(int(number))}" if number.isdigit() else text


def who(seat: int, human: int | None) -> str:
    return "you" if seat == human else f"P{seat}"


def changes(before: Json, after: Json, human: int | None, book: CardBook) -> list[str]:
    """What changed on the table between two views of it, in words."""
    lines: list[str] = []
    for seat, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
        name = who(seat, human)
        for index, (was, now) in enumerate(zip(old["spread"], new["spread"], strict=True)):
            if was == now:
                continue
            where = position_name(index + 1)
            was_up = was is not None and not was.startswith("~")
            now_up = now is not None and not now.startswith("~")
            if now_up and was is None:
                lines.append(f"{name}: {card_label(now, book)} laid face up at {where}")
            elif now_up and not was_up:
                lines.append(f"{name}: {card_label(now, book)} face up at {where}; the "
                             "face-down card there was picked up")
            elif now_up:
                lines.append(f"{name}: {card_label(now, book)} replaced {was} at {where}")
            elif was_up and now is not None:
                lines.append(f"{name}: {card_label(was, book)} turned face down at {where}")
            elif now is not None and was is None:
                lines.append(f"{name}: a card laid face down at {where}")
            elif now is not None and was is not None:
                if len(was) == 2 or len(now) == 2:
                    continue  # only what the viewer may look at changed (Sugar)
                lines.append(f"{name}: {now[1:]} laid face down at {where}; {was[1:]} was "
                             "picked up")
            else:
                lines.append(f"{name}: {was if was_up else 'a face-down card'} left {where}")
        gained = new["cubes"] - old["cubes"]
        if gained:
            lines.append(f"{name}: {gained:+d} cube{'s' if abs(gained) != 1 else ''} "
                         f"(now {new['cubes']})")
        guest, was_guest = new.get("guest"), old.get("guest")
        if isinstance(guest, dict) and guest.get("revealed") and not (
                isinstance(was_guest, dict) and was_guest.get("revealed")):
            lines.append(f"{name}: revealed Special Guest {guest['number']} {guest['name']} "
                         f"(wants {' '.join(map(str, guest['wants']))})")
    return lines


EVENT_WORDS = {
    # ELV.CARDS.FLIPPED, ELV.CARDS.END-OF-ROUND, ELV.CARDS.SCORED, ELV.CARDS.GUEST-EFFECTS
    "flipped": "was turned face down: its effect runs",
    "end_of_round": "is face up as the round ends: its effect runs before the scoring",
    "score": "was counted at the scoring: its effect runs",
    "revealed": "is revealed: its effect runs",
}


def fired_lines(fired: list[tuple[str, int, int]], human: int | None,
                book: CardBook) -> list[str]:
    """The effects events set off during an action (``ElvState.fired``), in the order they
    run, in words: whose card, what happened to it."""
    from .terminal import card_name

    lines = []
    for event, card, owner in fired:
        whose = "your" if owner == human else f"P{owner}'s"
        lines.append(f"{whose} {card_name(card, book)} {EVENT_WORDS.get(event, event)}")
    return lines


def effect_cubes(before: Json, cubes: list[int], last: dict[str, Any] | None,
                 human: int | None) -> list[str]:
    """The cubes the effects of a round's end moved (ELV.CARDS.END-OF-ROUND,
    ELV.CARDS.SCORED), beside those the scoring paid: ``before`` is the view before the
    action that ended the round, ``cubes`` the players' cubes after it."""
    if last is None:
        return []
    lines = []
    for seat, (old, paid) in enumerate(zip(before["players"], last["paid"], strict=True)):
        moved = cubes[seat] - old["cubes"] - paid
        if moved:
            lines.append(f"  {who(seat, human)}: {moved:+d} cube{'s' if abs(moved) != 1 else ''}"
                         " moved by the effects of the round's end")
    return lines


def round_result(last: dict[str, Any], human: int | None,
                 trolley_cards: list[list[int]] | None = None,
                 book: CardBook | None = None) -> list[str]:
    """The end of a round: the values, and where each player's cubes came from; with
    ``trolley_cards`` (``ElvState.trolley_cards``), the cards face up that earned a cube
    (ELV.SCORE.TROLLEY: every card with ``round_cube``, not only the Tea Trolley) by name."""
    values = ", ".join(f"{who(p, human)} {v}" for p, v in enumerate(last["values"]))
    lines = [f"Round {last['round']} is over (ended by {who(last['ended_by'], human)}). "
             f"Values: {values}."]
    for seat, paid in enumerate(last["paid"]):
        place, trolley = last["places"][seat], last["trolley"][seat]
        parts = []
        if place:
            parts.append(f"{place} for the place" + (" (shared)" if place == 1 and sum(
                1 for p in last["places"] if p == 1) > 1 and 2 not in last["places"] else ""))
        if trolley and trolley_cards is not None and len(trolley_cards[seat]) == trolley:
            names = [f"({number}) {(book or CardBook(None)).name(number)}"
                     for number in trolley_cards[seat]]
            parts.append(f"{trolley} for the Tea Trolley card{'s' if trolley > 1 else ''} "
                         f"face up: {', '.join(names)}")
        elif trolley:
            parts.append(f"{trolley} for {trolley} Tea Trolley card{'s' if trolley > 1 else ''}"
                         " face up")
        due = place + trolley
        text = f"  {who(seat, human)}: " + (" + ".join(parts) if parts else "nothing")
        text += f" = {paid} cube{'s' if paid != 1 else ''} from the bowl"
        if paid < due:
            text += f" (due {due}: the bowl ran short)"
        lines.append(text)
    return lines


def menu_label(phase: str, action: str, book: CardBook) -> str:
    """What choosing ``action`` in ``phase`` does, for the list of choices; '' when the
    action says it."""
    words = action.split()
    if words[0] == "play":
        return book.name(int(words[1].rstrip(SETS)))
    if action == "pass":
        if phase == SECOND:
            return "end your turn"
        if phase == REVEALING:
            return "keep your guest hidden"
        if phase == EFFECT:
            return "decline"
        return "end your turn"
    if words[0] == "pass":
        return f"hand {words[1]} over"
    if words[0] == "flip":
        return f"turn {words[1]} face down"
    if words[0] in ("take", "give"):
        return card_label(words[1], book)
    if words[0] == "pick":
        return f"draw a card with back {words[1]}"
    if words[0] == "player":
        return "you" if words[1] == "0" else f"P{words[1]}"
    if words[0] == "reveal":
        return "show your Special Guest"
    return ""
