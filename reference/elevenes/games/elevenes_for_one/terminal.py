"""``elevenes play elevenes-for-one``: the game in the terminal, or a bot playing it."""

from __future__ import annotations

import argparse
import random
import shutil
import sys
from typing import TextIO

from ...core.errors import ElevenesError
from ...core.play import sample_chance
from ..prompt import read_action, save_game, starting_state
from .bots import ALL_BOTS, BOTS
from .game import DEAL, EFFECT, FRONT, OVER, TURN, EfoGame, EfoState

NAMES = {1: "Trolley", 2: "Tea", 3: "Milk", 4: "Sugar", 5: "Cups&Saucr", 6: "Fine China",
         7: "Biscuits", 8: "Sandwiches", 9: "Cakes", 10: "Servants", 11: "Elevenses"}
WIDTH = 12


def card_box(card: int | None, face_up: bool = True) -> list[str]:
    """Three lines of one card: a framed number and name, or a back."""
    inner = WIDTH - 2
    if card is None or not face_up:
        return ["┌" + "─" * inner + "┐", "│" + "░" * inner + "│", "└" + "─" * inner + "┘"]
    name = NAMES.get(card, str(card))[:inner]
    return ["┌" + f"{card:>2}".ljust(inner, "─") + "┐", "│" + name.center(inner) + "│",
            "└" + "─" * inner + "┘"]


def row(boxes: list[list[str]], marks: list[str] | None = None) -> str:
    """Cards side by side, in as many rows as the terminal's width needs (the rules allow a
    pantry in several rows as long as its order is clear: read left to right, top to bottom)."""
    if not boxes:
        return "  (empty)"
    columns = shutil.get_terminal_size((100, 24)).columns
    per_row = max(1, (columns - 2) // (WIDTH + 1))
    lines: list[str] = []
    for start in range(0, len(boxes), per_row):
        chunk = boxes[start:start + per_row]
        lines.extend("  " + " ".join(box[i] for box in chunk) for i in range(3))
        if marks is not None:
            lines.append("  " + " ".join(m.center(WIDTH) for m in marks[start:start + per_row]))
    return "\n".join(lines)


def render(state: EfoState) -> str:
    """The table: clock, trolley, pantry (backs for face-down cards, the current card marked)
    and the discard pile."""
    clock = "●" * state.minutes + "○" * (15 - state.minutes)
    parts = [f"Clock  {clock}  {state.minutes} min left"]
    top = state.trolley[-1] if state.trolley else None
    trolley = f"{len(state.trolley)} card(s), top {top}" if top else "empty"
    parts.append(f"Trolley: {trolley}" + ("" if top is None else ""))
    parts.append(row([card_box(top)]) if top else "  (empty)")
    marks: list[str] = []
    for index, card in enumerate(state.pantry):
        if state.phase == TURN and index == state.cursor:
            marks.append("▲ now")
        elif state.phase == EFFECT and state.stack and card == state.stack[-1].card:
            marks.append("▲ acting")
        else:
            marks.append(str(index + 1))
    parts.append("Pantry (first to last):")
    parts.append(row([card_box(c, c not in state.down) for c in state.pantry], marks))
    parts.append(f"Discard pile ({len(state.discard)}/3):")
    parts.append(row([card_box(c) for c in state.discard]))
    return "\n".join(parts)


def prompt_for(state: EfoState) -> str:
    if state.phase == FRONT:
        return "Step 2: put one card first for a minute, or pass."
    if state.phase == TURN:
        card = state.pantry[state.cursor]
        return f"Step 3: card ({card}) {NAMES[card]}: score, use or discard it."
    if state.phase == EFFECT and state.stack:
        frame = state.stack[-1]
        return f"Card ({frame.card}) {NAMES[frame.card]} asks you to choose."
    return ""


def finish_text(state: EfoState) -> str:
    points, verdict = state.rating()
    outcome = {"won": "You won: tea is served at eleven!",
               "out-of-time": "The clock struck eleven: you lost.",
               "stuck": "No card left to play: you lost."}.get(state.result or "", "")
    return f"{outcome}\nRating: {points} points. {verdict}"


def ask(state: EfoState, out: TextIO, inp: TextIO) -> int | None:
    """Numbered choices; the player may also type the action itself.  None means quit."""
    actions = state.legal_actions()
    print(prompt_for(state), file=out)
    for number, action in enumerate(actions, 1):
        print(f"  {number}. {state.action_to_string(action)}", file=out)
    return read_action(
        state, actions, out, inp,
        help_text="Type a number or an action (e.g. `use`, `front 7`, `flip 3 9`).",
        hint=lambda s: BOTS["greedy"](s, random.Random(0)),
    )


def run(game: EfoGame, args: argparse.Namespace) -> int:
    out, inp = sys.stdout, sys.stdin
    rng = random.Random(args.seed)
    state = starting_state(game, getattr(args, "saved", None))
    assert isinstance(state, EfoState)
    bot = None
    if args.bot:
        if args.bot not in ALL_BOTS:
            raise ElevenesError(
                f"unknown bot {args.bot!r}; bots: {', '.join(sorted(ALL_BOTS))}")
        bot = ALL_BOTS[args.bot]
    log: list[str] = []  # every action, chance included: enough to replay the game
    moves = 0
    while state.phase != OVER:
        if state.is_chance_node():
            action = sample_chance(state, rng)
            log.append(state.action_to_string(action))
            state.apply_action(action)
            if state.phase != DEAL:
                order = " ".join(str(c) for c in state.pantry)
                if bot is None or not args.quiet:
                    print(f"\nThe pantry is shuffled and laid out: {order}", file=out)
            continue
        if bot is not None:
            action = bot(state, rng)
            text = state.action_to_string(action)
            moves += 1
            if not args.quiet:
                print(f"{moves:3}. [{state.minutes:2} min] {prompt_for(state)} -> {text}",
                      file=out)
            log.append(text)
            state.apply_action(action)
            continue
        print("\n" + render(state), file=out)
        chosen = ask(state, out, inp)
        if chosen is None:
            save_game(state, out)
            return 0
        log.append(state.action_to_string(chosen))
        state.apply_action(chosen)
    if bot is None or not args.quiet:
        print("\n" + render(state), file=out)
    print(finish_text(state), file=out)
    if bot is not None and not args.quiet:
        print("Replay: " + ", ".join(log), file=out)
    return 0
