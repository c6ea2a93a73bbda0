"""What every terminal game does at its prompt: read a choice by number or by its action
text, answer `help`, `hint` and `rules ID`, and explain a refused move with its rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..core.api import Action, State
from ..core.errors import ElevenesError, IllegalAction


def cite(rule_id: str, out: TextIO, full: bool = False) -> None:
    """Name a rule by id and title (``full``: print its text too); an unknown id says so."""
    from ..rulebook.index import load_rulebook

    try:
        rule = load_rulebook().get(rule_id.strip().upper())
    except ElevenesError as exc:
        print(f"  {exc}", file=out)
        return
    print(f"  {rule.id}: {rule.title}", file=out)
    if full:
        print("\n".join("    " + line for line in rule.text.strip().splitlines()), file=out)


def read_action(
    state: State,
    actions: list[Action],
    out: TextIO,
    inp: TextIO,
    help_text: str,
    hint: Callable[[State], Action] | None = None,
    normalise: Callable[[str], str] = str.strip,
) -> Action | None:
    """Ask until the player gives a legal action (returned) or quits (None: `q` or the end
    of the input).  A refused move is shown with the rule that forbids it."""
    while True:
        print("> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            return None
        text = line.strip()
        if not text:
            continue
        if text.lower() in ("q", "quit"):
            return None
        if text in ("?", "help"):
            print(help_text + " `hint` shows the greedy bot's move, `rules ID` prints a rule, "
                  "q saves and quits.", file=out)
            continue
        if text.lower() == "hint" and hint is not None:
            print(f"The greedy bot would play: {state.action_to_string(hint(state))}", file=out)
            continue
        if text.lower().startswith("rules "):
            cite(text.split(None, 1)[1], out, full=True)
            continue
        if text.isdigit():
            if 1 <= int(text) <= len(actions):
                return actions[int(text) - 1]
            print(f"There is no choice {text}: pick 1 to {len(actions)}.", file=out)
            continue
        try:
            action = state.string_to_action(normalise(text))
            if action not in actions:
                raise state.explain_illegal(action)
            return action
        except IllegalAction as exc:
            print(f"Refused: {exc.message} [{exc.rule_id}]", file=out)
            cite(exc.rule_id, out)
