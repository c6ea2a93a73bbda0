"""What happened, in the words a player uses: the event log of a terminal game.

The engines are not asked to report anything.  A front end looks at a canonical view of the
position (``to_json``, or ``observation(viewer)`` when some cards are hidden from the
viewer) before and after each action, chance included, and a game's ``describe`` turns the
difference into lines ("scored (4) Sugar", "swapped (4) Sugar and (9) Cakes", "-2 minutes").
This costs nothing unless a person is watching, and a hidden card stays hidden because only
the viewer's own view is compared.

``EventLog`` keeps the lines; ``show_new`` prints the ones not yet shown, ``show_all`` the
whole game (the prompt's ``log`` command).  The helpers below describe common changes to
ordered zones (a row of cards) so that every game words them alike.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from ..core.api import Action, Json, State
from .screen import Screen

T = TypeVar("T", bound=Hashable)

# a game's describer: (view before, view after, the action's text) -> lines
Describe = Callable[[Json, Json, str], list[str]]


class EventLog:
    """The lines of what happened, oldest first, each with a style (see screen.STYLES)."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, str]] = []
        self.shown = 0

    def add(self, text: str, style: str = "event") -> None:
        self.entries.append((text, style))

    def extend(self, lines: Sequence[str], style: str = "event") -> None:
        for line in lines:
            self.add(line, style)

    def lines(self) -> list[str]:
        return [text for text, _ in self.entries]

    def show_new(self, screen: Screen) -> None:
        """Print what was added since the last call."""
        for text, style in self.entries[self.shown:]:
            screen.say(text, style)
        self.shown = len(self.entries)

    def show_all(self, screen: Screen) -> None:
        if not self.entries:
            screen.say("Nothing has happened yet.", "dim")
        for text, style in self.entries:
            screen.say(text, style)
        self.shown = len(self.entries)


def play_and_describe(state: State, action: Action, view: Callable[[State], Json],
                      describe: Describe) -> list[str]:
    """Apply ``action`` to ``state`` and return its description as ``view`` shows it."""
    text = state.action_to_string(action)
    before = view(state)
    state.apply_action(action)
    return describe(before, view(state), text)


# -- changes to a row of cards ---------------------------------------------------------------------
def added(before: Sequence[T], after: Sequence[T]) -> list[T]:
    """Items in ``after`` and not in ``before``, in ``after``'s order."""
    old = set(before)
    return [item for item in after if item not in old]


def removed(before: Sequence[T], after: Sequence[T]) -> list[T]:
    return added(after, before)


def reordering(before: Sequence[T], after: Sequence[T]) -> tuple[str, list[T]]:
    """How the items present in both rows moved: ``("", [])`` not at all, ``("swap", [x, y])``
    two exchanged places, ``("end", [x])`` one went to the end, ``("front", [x])`` one went
    first, ``("order", row)`` anything else (the new order)."""
    kept = set(before) & set(after)
    old = [item for item in before if item in kept]
    new = [item for item in after if item in kept]
    if old == new:
        return "", []
    moved = [i for i in range(len(old)) if old[i] != new[i]]
    if len(moved) == 2 and old[moved[0]] == new[moved[1]] and old[moved[1]] == new[moved[0]]:
        return "swap", [old[moved[0]], old[moved[1]]]
    for item in old:
        rest = [x for x in old if x != item]
        if new == rest + [item]:
            return "end", [item]
        if new == [item] + rest:
            return "front", [item]
    return "order", new


def join(items: Sequence[Any]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    texts = [str(item) for item in items]
    if len(texts) <= 2:
        return " and ".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]
