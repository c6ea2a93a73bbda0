"""What every terminal game does at its prompt: read a choice by number or by its action
text, answer `help`, `hint` and `rules ID`, and explain a refused move with its rule."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ..core.api import Action, Game, State
from ..core.errors import ElevenesError, IllegalAction


def read_saved(path: str) -> dict[str, Any]:
    """A saved game: the canonical state JSON that ``save_game`` wrote."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ElevenesError(f"cannot read saved game {path}: {exc}") from None
    if not isinstance(doc, dict):
        raise ElevenesError(f"cannot read saved game {path}: not a JSON object")
    return doc


def starting_state(game: Game, saved: dict[str, Any] | None) -> State:
    """A new game, or the saved one (``--resume``)."""
    return game.new_initial_state() if saved is None else game.state_from_json(saved)


def save_game(state: State, out: TextIO) -> Path:
    """Keep an unfinished game: its canonical state goes to ``<game>-save.json`` in the current
    folder, and the player is told how to continue it."""
    path = Path(f"{state.game.id}-save.json")
    path.write_text(json.dumps(state.to_json(), indent=1) + "\n", encoding="utf-8")
    print(f"Game saved to {path}; continue with: elevenes play {state.game.id} "
          f"--resume {path}", file=out)
    return path


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
