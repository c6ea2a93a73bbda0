"""Elevenes for One in words: what an action did, from the canonical state before and after
it (see games/events.py).  ``describe`` returns the lines of the log; ``glossary`` says what
the action words mean."""

from __future__ import annotations

from typing import Any

from ...core.api import Json
from ..cardbook import CardBook
from ..events import added, join, removed, reordering

GLOSSARY = {
    "score": "put the current card on the trolley (it must be next after the top card)",
    "use": "carry out the current card's effect; the card is then turned face down",
    "discard": "put the current card on the discard pile (at most 3 cards there)",
    "front N": "step 2: put face-up card N first in the pantry (costs a minute)",
    "pass": "step 2: put no card first; in an effect: decline it (when it may be declined)",
    "flip N": "turn card N face down (flip N M: both of them)",
    "swap A B": "exchange the places of cards A and B in the pantry",
    "return N": "take card N from the discard pile back into the pantry",
    "move N": "move card N to where the card's effect says",
    "take N": "take card N where the card's effect says",
    "draw N": "draw card N",
    "player N": "choose player N",
    "yes": "carry out the optional effect",
}


def glossary_for(actions: list[str]) -> dict[str, str]:
    """The meanings of the words of ``actions`` (the choices on offer)."""
    words = {text.split()[0] for text in actions}
    return {key: meaning for key, meaning in GLOSSARY.items() if key.split()[0] in words}


def _pantry(doc: Json) -> list[int]:
    return [int(card) for card, _ in doc["pantry"]]


def _down(doc: Json) -> set[int]:
    return {int(card) for card, side in doc["pantry"] if side == "down"}


def headline(before: Json, action: str, book: CardBook) -> str | None:
    """The player's move itself ("You use (7) Biscuits"); None for a chance deal."""
    words = action.split()
    if words[0] == "deal":
        return None
    if before["phase"] == "front":
        if words[0] == "front":
            return f"You put {book.label(int(words[1]))} first."
        return "You put no card first."
    if before["phase"] == "turn":
        card = _pantry(before)[before["cursor"]]
        return f"You {words[0]} {book.label(card)}."
    acting = before["stack"][-1]["card"] if before.get("stack") else None
    by = f" for {book.label(int(acting))}" if acting is not None else ""
    if words[0] == "pass":
        return f"You decline{by}."
    if words[0] == "yes":
        return f"You carry out{by}."
    return f"You choose `{action}`{by}."


def changes(before: Json, after: Json, book: CardBook) -> list[str]:
    """Everything the action changed on the table, forced effects included."""
    lines: list[str] = []
    name = book.label
    back = removed(before["discard"], after["discard"])  # out of the discard pile
    for card in added(before["trolley"], after["trolley"]):
        lines.append(f"scored {name(card)}" + (" from the discard pile" if card in back else "")
                     + " on the trolley")
    for card in removed(before["trolley"], after["trolley"]):
        lines.append(f"{name(card)} left the trolley")
    for card in added(before["discard"], after["discard"]):
        lines.append(f"discarded {name(card)} ({len(after['discard'])}/3 on the pile)")
    told = set(after["trolley"]) | set(_pantry(after))
    for card in back:
        if card not in told:
            lines.append(f"{name(card)} came back from the discard pile")
    new_pass = after["phase"] == "deal" and before["phase"] != "deal"
    if not new_pass:
        old, new = _pantry(before), _pantry(after)
        for card in added(old, new):
            place = new.index(card)
            where = f"after {name(new[place - 1])}" if place else "first"
            side = "face down" if card in _down(after) else "face up"
            source = " from the discard pile" if card in back else ""
            lines.append(f"{name(card)} came back{source} into the pantry {side}, {where}")
        kind, items = reordering(old, new)
        if kind == "swap":
            lines.append(f"swapped {name(items[0])} and {name(items[1])}")
        elif kind == "end":
            lines.append(f"{name(items[0])} went to the end of the pantry")
        elif kind == "front":
            lines.append(f"{name(items[0])} went first in the pantry")
        elif kind == "order":
            lines.append("the pantry is now " + " ".join(map(str, new)))
        kept = set(old) & set(new)
        down = sorted(c for c in (_down(after) - _down(before)) if c in kept)
        up = sorted(c for c in (_down(before) - _down(after)) if c in kept)
        if down:
            lines.append(f"turned {join([name(c) for c in down])} face down")
        if up:
            lines.append(f"turned {join([name(c) for c in up])} face up")
    lost = before["minutes"] - after["minutes"]
    if lost:
        unit = "minute" if abs(lost) == 1 else "minutes"
        lines.append(f"{-lost:+d} {unit} ({after['minutes']} left)")
    if new_pass and after["result"] is None:
        lines.append("the pass is over: the pantry is gathered and shuffled for a new pass")
    return lines


def describe(before: Json, after: Json, action: str, book: CardBook) -> list[str]:
    """The log lines of one action: the move, then its effects in one line."""
    head = headline(before, action, book)
    if head is None:
        return []
    effects = changes(before, after, book)
    if not effects:
        return [head]
    return [head[:-1] + ": " + "; ".join(effects) + "."]


def laid_out(doc: dict[str, Any], book: CardBook) -> str:
    """The line of a finished deal."""
    return "The pantry is shuffled and laid out: " + " ".join(str(c) for c in _pantry(doc))


def menu_label(doc: Json, action: str, book: CardBook, compact: bool = False) -> str:
    """What choosing ``action`` does, in words, for the list of choices (``compact``: names
    only, for a long list)."""
    words = action.split()
    cards = [book.name(int(w)) if compact else book.label(int(w)) for w in words[1:]
             if w.isdigit()]
    if compact and words[0] == "swap":
        return " <-> ".join(cards)
    if compact and words[0] == "flip":
        return " + ".join(cards)
    phase = doc["phase"]
    if words[0] == "pass":
        return "put no card first" if phase == "front" else "decline the effect"
    if words[0] == "front":
        return f"put {cards[0]} first (-1 minute)"
    if phase == "turn":
        current = book.label(_pantry(doc)[doc["cursor"]])
        return {"score": f"put {current} on the trolley",
                "use": "carry out its effect; then it is turned face down",
                "discard": f"put {current} on the discard pile"}.get(words[0], "")
    return {"flip": f"turn {join(cards)} face down",
            "swap": f"exchange the places of {join(cards)}",
            "return": f"put {join(cards)} back into the pantry",
            "score": f"put {join(cards)} on the trolley",
            "yes": "carry out the effect"}.get(words[0], join(cards))
