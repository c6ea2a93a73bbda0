"""``elevenes play elevenes-for-one``: the game in the terminal, or a bot playing it."""

from __future__ import annotations

import argparse
import random
import shutil
import sys
from typing import TextIO

from ...core.api import Action, State
from ...core.errors import ElevenesError
from ...core.play import sample_chance
from ...core.solve import Progress, SolverError
from ..cardbook import CardBook
from ..events import EventLog
from ..prompt import Refusal, read_action, save_game, show_glossary, starting_state, typed_action
from ..screen import Screen
from .bots import ALL_BOTS, BOTS
from .events import GLOSSARY, describe, glossary_for, laid_out, menu_label
from .game import DEAL, EFFECT, FRONT, OVER, TURN, EfoGame, EfoState
from .hints import explain, hint_text, move_values

WIDTH = 12


TABLE_MARKS = {"▲ now": "now", "▲ acting": "now", "░" * (WIDTH - 2): "down", "●": "good",
               "○": "dim"}


def name_lines(name: str, inner: int) -> tuple[str, str]:
    """A card name on the two lines of a box: whole words while they fit, else cut."""
    words = name.split()
    first = ""
    while words and len((first + " " + words[0]).strip()) <= inner:
        first = (first + " " + words.pop(0)).strip()
    if not first:  # a first word longer than the box
        return name[:inner], name[inner:2 * inner]
    return first, " ".join(words)[:inner]


def card_box(card: int | None, face_up: bool = True, book: CardBook | None = None) -> list[str]:
    """Four lines of one card: a framed number and its name on two lines, or a back."""
    inner = WIDTH - 2
    if card is None or not face_up:
        return ["┌" + "─" * inner + "┐", "│" + "░" * inner + "│", "│" + "░" * inner + "│",
                "└" + "─" * inner + "┘"]
    first, second = name_lines((book or CardBook(None)).name(card), inner)
    return ["┌" + f"{card:>2}".ljust(inner, "─") + "┐", "│" + first.center(inner) + "│",
            "│" + second.center(inner) + "│", "└" + "─" * inner + "┘"]


def empty_box() -> list[str]:
    """An empty place: a dotted outline."""
    inner = WIDTH - 2
    return ["┌" + "╌" * inner + "┐", *(["╎" + " " * inner + "╎"] * 2), "└" + "╌" * inner + "┘"]


def spacer() -> list[str]:
    return [" " * WIDTH] * 4


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
        lines.extend("  " + " ".join(box[i] for box in chunk) for i in range(len(chunk[0])))
        if marks is not None:
            lines.append("  " + " ".join(m.center(WIDTH) for m in marks[start:start + per_row]))
    return "\n".join(lines)


def render(state: EfoState, book: CardBook | None = None) -> str:
    """The table: clock, trolley, pantry (backs for face-down cards, the current card marked)
    and the discard pile."""
    book = book or CardBook(state.cards)
    clock = "●" * state.minutes + "○" * (15 - state.minutes)
    parts = [f"Clock  {clock}  {state.minutes} min left"]
    top = state.trolley[-1] if state.trolley else None
    count = len(state.trolley)
    pile = f"Discard pile ({len(state.discard)}/3)"
    game = state.game
    if isinstance(game, EfoGame) and game.count_discards:  # EFO.RULING.DISCARD-LIMIT (b)
        pile += f", {state.discards} of 3 discards made"
    parts.append(f"Trolley ({count} card{'s' if count != 1 else ''})".ljust(2 * (WIDTH + 1) + 2)
                 + pile)
    boxes = [card_box(top, book=book) if top else empty_box(), spacer()]
    boxes += [card_box(c, book=book) for c in state.discard]
    boxes += [empty_box() for _ in range(3 - len(state.discard))]
    parts.append(row(boxes))
    marks: list[str] = []
    for index, card in enumerate(state.pantry):
        if state.phase == TURN and index == state.cursor:
            marks.append("▲ now")
        elif state.phase == EFFECT and state.stack and card == state.stack[-1].card:
            marks.append("▲ acting")
        else:
            marks.append(str(index + 1))
    parts.append("Pantry (first to last):")
    parts.append(row([card_box(c, c not in state.down, book) for c in state.pantry], marks))
    return "\n".join(parts)


def prompt_for(state: EfoState, book: CardBook | None = None) -> str:
    book = book or CardBook(state.cards)
    if state.phase == FRONT:
        return "Step 2: put one face-up card first for a minute, or pass."
    if state.phase == TURN:
        card = state.pantry[state.cursor]
        return f"Step 3: card {book.label(card)}: score, use or discard it."
    if state.phase == EFFECT and state.stack:
        frame = state.stack[-1]
        return f"Card {book.label(frame.card)} asks you to choose."
    return ""


def effect_note(state: EfoState, book: CardBook) -> str:
    """The effect of the card being decided on, for the prompt."""
    if state.phase == TURN:
        card = state.pantry[state.cursor]
    elif state.phase == EFFECT and state.stack:
        card = state.stack[-1].card
    else:
        return ""
    return f"  {book.label(card)}:\n" + book.effect(card, width=94, indent="    ")


def finish_text(state: EfoState) -> str:
    points, verdict = state.rating()
    outcome = {"won": "You won: tea is served at eleven!",
               "out-of-time": "The clock struck eleven: you lost.",
               "stuck": "No card left to play: you lost."}.get(state.result or "", "")
    return f"{outcome}\nRating: {points} point{'' if points == 1 else 's'}. {verdict}"


HINT_SECONDS = 10.0  # how long `hint` may think when the values are not at hand


def exact_hint(state: State) -> str:
    """The hint at the prompt: every move's exact chance to win, best first, from the values
    shipped for the printed cards or kept in the cache (a variant's pass starts are valued on
    demand, with a progress line, for at most HINT_SECONDS; past that, the greedy bot's move)."""
    assert isinstance(state, EfoState)
    progress = Progress("hint: ") if sys.stderr.isatty() else None
    try:
        values = move_values(state, ("win",), time_limit=HINT_SECONDS,
                             progress=progress.draw if progress is not None else None)
    except SolverError as exc:
        greedy = state.action_to_string(BOTS["greedy"](state, random.Random(0)))
        return f"No exact hint: {exc}.\nThe greedy bot would play: {greedy}"
    finally:
        if progress is not None:
            progress.close()
    return hint_text(state, values["win"])


KNOWN = tuple(key.split()[0] for key in GLOSSARY)

def typed(state: State, text: str) -> Action | Refusal:
    """A move typed at this game's prompt, as the terminal and the web table read it."""
    return typed_action(state, state.legal_actions(), text, str.strip, KNOWN)


def nothing_to_decide(state: State) -> Action | None:
    """The human is asked every question of Elevenes for One (none to skip)."""
    return None


def ask(state: EfoState, out: TextIO, inp: TextIO, book: CardBook | None = None,
        log: EventLog | None = None, screen: Screen | None = None) -> int | None:
    """Numbered choices, each saying what it does; the player may also type the action
    itself.  None means quit."""
    book = book or CardBook(state.cards)
    screen = screen or Screen(out)
    actions = state.legal_actions()
    texts = [state.action_to_string(action) for action in actions]
    doc = state.to_json()
    screen.say(prompt_for(state, book), "heading")
    note = effect_note(state, book)
    if note:
        screen.say(note, "dim")
    if state.phase == EFFECT:  # what the words of the choices mean
        show_glossary(glossary_for(texts), screen)
    compact = len(texts) > 12
    screen.menu([(text, menu_label(doc, text, book, compact)) for text in texts])
    return read_action(
        state, actions, out, inp,
        help_text="Type a number or an action (e.g. `use`, `front 7`, `flip 3 9`).",
        hint=exact_hint, hint_help="the best move and every move's exact chance to win",
        cards=book, glossary=glossary_for(texts), log=log, screen=screen,
        known=KNOWN,
    )


def run(game: EfoGame, args: argparse.Namespace) -> int:
    return play_terminal(game, args, sys.stdout, sys.stdin)


def play_terminal(game: EfoGame, args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    """The game at the terminal (or a bot playing it, ``args.bot``)."""
    screen = Screen(out)
    book = CardBook(game.cards)
    rng = random.Random(args.seed)
    state = starting_state(game, getattr(args, "saved", None))
    assert isinstance(state, EfoState)
    bot = None
    if args.bot:
        if args.bot not in ALL_BOTS:
            raise ElevenesError(f"unknown bot {args.bot!r}; bots: {', '.join(sorted(ALL_BOTS))}")
        bot = ALL_BOTS[args.bot]
    quiet = bot is not None and bool(getattr(args, "quiet", False))
    log = EventLog()
    replay: list[str] = []  # every action, chance included: enough to replay the game
    moves = 0
    while state.phase != OVER:
        if state.is_chance_node():
            action = sample_chance(state, rng)
            replay.append(state.action_to_string(action))
            state.apply_action(action)
            if state.phase != DEAL:
                log.add(laid_out(state.to_json(), book), "chance")
                if bot is not None and not quiet:
                    screen.say("")
                    log.show_new(screen)
            continue
        if bot is not None:
            action = bot(state, rng)
            text = state.action_to_string(action)
            moves += 1
            if not quiet:
                screen.say(f"{moves:3}. [{state.minutes:2} min] {prompt_for(state, book)} -> "
                           f"{text}")
                why = explain(state, action, getattr(bot, "last_values", None),
                              getattr(bot, "objective", None))
                if why:
                    screen.say("       " + why, "hint")
            replay.append(text)
            before = state.to_json()
            state.apply_action(action)
            log.extend(describe(before, state.to_json(), text, book))
            if not quiet:
                for line in log.entries[log.shown:]:
                    screen.say("       " + line[0], line[1])
                log.shown = len(log.entries)
            continue
        screen.say("")
        screen.table(render(state, book), TABLE_MARKS)
        log.show_new(screen)  # what happened since the last decision, just above the choices
        chosen = ask(state, out, inp, book, log, screen)
        if chosen is None:
            save_game(state, out, getattr(args, "cards", None), screen)
            return 0
        text = state.action_to_string(chosen)
        replay.append(text)
        before = state.to_json()
        state.apply_action(chosen)
        log.extend(describe(before, state.to_json(), text, book))
    if bot is None:
        log.show_new(screen)
    if not quiet:
        screen.say("")
        screen.say(render(state, book))
    won = state.result == "won"
    screen.say(finish_text(state), "good" if won else "bad")
    if bot is not None and not quiet:
        screen.say("Replay: " + ", ".join(replay))
    return 0
