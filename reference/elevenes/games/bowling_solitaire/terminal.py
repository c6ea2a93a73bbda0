"""``elevenes play bowling-solitaire``: the pin triangle, the three ball piles and the score pad
in the terminal; or a bot bowling a whole game (``--bot greedy``)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from ...core.play import sample_chance
from ..prompt import read_action, save_game, starting_state
from .bots import get_bot, greedy_player
from .layout import PINS
from .scoring import FRAMES, frame_scores, marks, pad_total, running_totals
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


def ask(state: BowlingState, out: TextIO, inp: TextIO) -> int | None:
    """A legal action chosen by the player; None to quit."""
    actions = state.legal_actions()
    for number, action in enumerate(actions, 1):
        print(f"  {number:2}. {state.action_to_string(action)}", file=out)
    return read_action(
        state, actions, out, inp, help_text=HELP,
        hint=lambda s: greedy_player(s, random.Random(0)), normalise=normalise,
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
    out, inp = sys.stdout, sys.stdin
    rng = random.Random(args.seed)
    bot = get_bot(args.bot) if args.bot else None
    quiet = bool(getattr(args, "quiet", False)) and bot is not None
    state = starting_state(game, getattr(args, "saved", None))
    assert isinstance(state, BowlingState)
    log: list[str] = []
    frame_seen = (0, -1)
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
            log.append(state.action_to_string(action))
            before = (state.frame, state.rack, len(state.pad[-1]))
            state.apply_action(action)
            if not quiet and (state.frame, state.rack, len(state.pad[-1])) != before:
                _report_balls(state, before, out)  # a ball with no usable card
            continue
        if not quiet and (state.frame, state.rack) != frame_seen:
            frame_seen = (state.frame, state.rack)
            print("", file=out)
        if bot is not None:
            if not quiet:
                print(render(state), file=out)
            action = bot(state, rng)
            text = state.action_to_string(action)
            if not quiet:
                print(f"  -> {text}\n", file=out)
        else:
            print("\n" + render(state), file=out)
            chosen = ask(state, out, inp)
            if chosen is None:
                print("Moves so far: " + ", ".join(log), file=out)
                save_game(state, out)
                return 0
            action = chosen
            text = state.action_to_string(action)
        log.append(text)
        before = (state.frame, state.rack, len(state.pad[-1]))
        state.apply_action(action)
        if not quiet and (state.frame, state.rack, len(state.pad[-1])) != before:
            _report_balls(state, before, out)
    print("\n".join(render_pad(state.pad)), file=out)
    print(finish_text(state), file=out)
    if bot is not None and not quiet:
        print("Replay: " + ", ".join(log), file=out)
    return 0


def _report_balls(state: BowlingState, before: tuple[int, int, int], out: TextIO) -> None:
    """Say what the balls just ended scored, and show the pad when a frame is over."""
    frame, _, known = before
    balls = state.pad[frame - 1]
    for pins in balls[known:]:
        print(f"Ball over: {pins} pin(s).", file=out)
    if frame != state.frame or state.is_terminal():
        score = frame_scores(state.pad)[frame - 1]
        kind = marks(balls)
        print(f"Frame {frame} done: {kind}" + ("" if score is None else f" ({score})"), file=out)
        print("\n".join(render_pad(state.pad)), file=out)
