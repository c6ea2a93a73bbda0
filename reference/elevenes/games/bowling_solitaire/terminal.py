"""``elevenes play bowling-solitaire``: the pin triangle, the three ball piles and the score pad
in the terminal; or a bot bowling a whole game (``--bot greedy``)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from ...core.api import Action, State
from ...core.play import sample_chance
from ..events import EventLog
from ..prompt import Refusal, read_action, save_game, starting_state, typed_action
from ..screen import Screen
from .bots import get_bot, greedy_player
from .events import GLOSSARY, describe, menu_label
from .layout import PINS
from .scoring import FRAMES, marks, pad_total, running_totals
from .state import DEAL, EMPTY, BowlingGame, BowlingState

ROWS = ((0, 1, 2, 3), (4, 5, 6), (7, 8), (9,))

HELP = """Bowl the top card of a pile at 1-3 pins:  0 H F   (or: knock 0 H F)
Stop the current ball:                     end
Or type a number from the list."""


def render_pins(state: BowlingState) -> list[str]:
    """The triangle, back row on top; an empty spot shows as a dot."""
    lines = []
    for depth, row in enumerate(ROWS):
        cells = []
        for i in row:
            value = state.pins[i]
            cells.append(f"{PINS[i]}:{'·' if value == EMPTY else value}")
        lines.append("   " + "   " * depth + "  ".join(cells))
    return lines


def render_piles(state: BowlingState) -> str:
    parts = []
    for index, pile in enumerate(state.piles):
        if not pile:
            parts.append(f"{index}: (empty)")
        elif state.phase == DEAL:
            parts.append(f"{index}: {len(pile)} dealt")
        else:
            under = len(pile) - 1
            parts.append(f"{index}: [{pile[-1]}]" + (f" +{under} face down" if under else ""))
    return "Piles   " + "    ".join(parts)


def render_pad(pad: list[list[int]]) -> list[str]:
    """The score pad: marks and running totals, frame by frame."""
    totals = running_totals(pad)
    head, balls, sums = ["Frame"], ["Balls"], ["Total"]
    for index in range(FRAMES):
        width = 7 if index == FRAMES - 1 else 5
        head.append(str(index + 1).center(width))
        if index < len(pad):
            balls.append(marks(pad[index]).center(width))
            total = totals[index]
            sums.append(("" if total is None else str(total)).center(width))
        else:
            balls.append(" " * width)
            sums.append(" " * width)
    return ["|".join(row) + "|" for row in (head, balls, sums)]


def render(state: BowlingState) -> str:
    where = f"Frame {state.frame}"
    if state.rack:
        where += f" (bonus rack {state.rack})"
    where += f", ball {state.ball}: {state.ball_pins()} pin(s) down in this ball"
    out = [where, *render_pins(state), render_piles(state)]
    gone = state.to_json()["out"]
    out.append("Out     " + (" ".join(map(str, gone)) if gone else "(none)"))
    out.extend(render_pad(state.pad))
    return "\n".join(out)


def normalise(text: str) -> str:
    """Shortcuts: ``0 H F`` -> ``knock 0 H F``; ``e`` -> ``end ball``."""
    words = text.split()
    if words and words[0].isdigit():
        return "knock " + text
    if text.lower() in ("e", "end"):
        return "end ball"
    return text


KNOWN = ("knock", "end")

def typed(state: State, text: str) -> Action | Refusal:
    """A move typed at this game's prompt, as the terminal and the web table read it."""
    return typed_action(state, state.legal_actions(), text, normalise, KNOWN)


def nothing_to_decide(state: State) -> Action | None:
    """The human is asked every question of Bowling Solitaire (none to skip)."""
    return None


def ask(state: BowlingState, out: TextIO, inp: TextIO, log: EventLog | None = None,
        screen: Screen | None = None) -> int | None:
    """A legal action chosen by the player; None to quit."""
    screen = screen or Screen(out)
    actions = state.legal_actions()
    doc = state.to_json()
    texts = [state.action_to_string(action) for action in actions]
    screen.menu([(text, menu_label(doc, text)) for text in texts])
    return read_action(
        state, actions, out, inp, help_text=HELP,
        hint=lambda s: greedy_player(s, random.Random(0)), normalise=normalise,
        glossary=GLOSSARY, log=log, screen=screen, known=KNOWN,
    )


def finish_text(state: BowlingState) -> str:
    total = pad_total(state.pad)
    kinds = {"strike": 0, "spare": 0}
    for balls in state.pad:
        if balls and balls[0] == 10:
            kinds["strike"] += 1
        elif len(balls) >= 2 and balls[0] + balls[1] == 10:
            kinds["spare"] += 1
    verdict = "A perfect game!" if total == 300 else ""
    text = f"Final score: {total}  ({kinds['strike']} strike(s), {kinds['spare']} spare(s))"
    return text + (f"  {verdict}" if verdict else "")


def run(game: BowlingGame, args: argparse.Namespace) -> int:
    return play_terminal(game, args, sys.stdout, sys.stdin)


def play_terminal(game: BowlingGame, args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    """The game at the terminal, or a bot bowling it (``args.bot``).  The table (with the
    score pad) is drawn before each decision; the log says what each ball did; the pad is
    printed once more at the end."""
    screen = Screen(out)
    rng = random.Random(args.seed)
    bot = get_bot(args.bot) if args.bot else None
    quiet = bool(getattr(args, "quiet", False)) and bot is not None
    state = starting_state(game, getattr(args, "saved", None))
    assert isinstance(state, BowlingState)
    log = EventLog()
    replay: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        elif bot is not None:
            if not quiet:
                screen.say("")
                screen.say(render(state))
            action = bot(state, rng)
            if not quiet:
                screen.say(f"  -> {state.action_to_string(action)}", "hint")
        else:
            screen.say("")
            screen.table(render(state), {"·": "dim", "Frame ": "heading"})
            log.show_new(screen)
            chosen = ask(state, out, inp, log, screen)
            if chosen is None:
                screen.say("Moves so far: " + ", ".join(replay))
                save_game(state, out, None, screen)
                return 0
            action = chosen
        text = state.action_to_string(action)
        replay.append(text)
        before = state.to_json()
        state.apply_action(action)
        if not quiet:
            log.extend(describe(before, state.to_json(), text))
            if bot is not None:
                log.show_new(screen)
    log.show_new(screen)
    if not quiet:
        screen.say("")
    screen.say("\n".join(render_pad(state.pad)))
    screen.say(finish_text(state), "good")
    if bot is not None and not quiet:
        screen.say("Replay: " + ", ".join(replay))
    return 0
