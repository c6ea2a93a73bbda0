"""``elevenes play elevenes``: play against bots in the terminal, or watch bots play.

``--players N`` seats the human at seat 0 and greedy bots elsewhere; the human sees only her
own observation (ELV.INFO.HIDDEN): her kitchen, backs for everything hidden, and what she
has legitimately seen.  ``--bot NAME`` (or ``NAME,NAME,...``, one per seat) makes every seat
a bot and prints the whole log; ``--quiet`` prints only the result.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, TextIO

from ...core.api import Action, Json, State
from ...core.play import sample_chance
from ..cardbook import CardBook
from ..events import EventLog
from ..prompt import (
    Refusal,
    bots_for_seats,
    read_action,
    save_game,
    show_glossary,
    starting_state,
    typed_action,
)
from ..screen import Screen
from . import guests_are_illustrative
from .bots import BOTS, greedy_player
from .events import (
    GLOSSARY,
    card_label,
    changes,
    effect_cubes,
    fired_lines,
    glossary_for,
    menu_label,
    round_result,
)
from .notation import (
    ARRANGE,
    DEAL,
    GUEST,
    NUMBERS,
    PASS,
    PLAY,
    REVEAL,
    SERVER,
    SETS,
    action_to_string,
    card_str,
    decode_choice,
)
from .state import (
    DEALING,
    DRAWING,
    EFFECT,
    GUEST_FRAME,
    GUESTS,
    OVER,
    REVEALING,
    SECOND,
    ElvGame,
    ElvState,
)


def card_name(card: int, book: CardBook | None = None) -> str:
    """``7a Biscuits``; a Special Guest's effect in progress (ELV.CARDS.GUEST-EFFECTS):
    ``Special Guest 3 Name``."""
    if card >= GUEST_FRAME:
        guests = book.cards.guests if book is not None and book.cards is not None else {}
        guest = guests.get(card - GUEST_FRAME)
        return f"Special Guest {card - GUEST_FRAME}" + (f" {guest.name}" if guest else "")
    return f"{card_str(card)} {(book or CardBook(None)).name(card % NUMBERS + 1)}"


def seat_name(seat: int, human: int | None) -> str:
    return "you" if seat == human else f"P{seat}"


# -- what a player sees ---------------------------------------------------------------------------
NAME_COLUMN = 16
LEGEND = ("Spread positions: 1 = Tea Trolley spot | 2-5 top row | 6-9 bottom row | "
          "10 = Servants spot.\n~b = a face-down card with back b; ~3a = your face-down 3a; "
          "-- = an empty position.")


def spread_row(slots: list[str]) -> str:
    """Ten spread slots as ``1 | 2 3 4 5 | 6 7 8 9 | 10``."""
    return (f"{slots[0]:>4} | " + " ".join(f"{s:>4}" for s in slots[1:5]) + " | "
            + " ".join(f"{s:>4}" for s in slots[5:9]) + f" | {slots[9]:>4}")


def render(obs: dict[str, Any], book: CardBook | None = None) -> str:
    """The table as one player sees it (from ``state.observation``): every spread under a
    header naming its positions, with each player's cubes, value, kitchen and guest."""
    viewer = obs["viewer"]
    lines = [
        f"Round {obs['round']}  ·  starting server {seat_name(obs['server'], viewer)}  ·  "
        f"bowl {obs['bowl']} cubes  ·  turn: {seat_name(obs['turn'], viewer)}",
        " " * NAME_COLUMN + "  " + spread_row([str(p) for p in range(1, 11)])
        + "  cubes value",
    ]
    for seat, player in enumerate(obs["players"]):
        who = f"{'You' if seat == viewer else 'P' + str(seat)} (set {SETS[seat]})"
        slots = [slot if slot is not None else "--" for slot in player["spread"]]
        lines.append(f"{who:<{NAME_COLUMN}}  {spread_row(slots)}  {player['cubes']:>5} "
                     f"{player['value']:>5}")
        guest = player.get("guest")
        guest_text = ""
        if guest:
            guest_text = (
                "  guest: hidden"
                if guest.get("hidden")
                else (
                    f"  guest {guest['number']} {guest['name']} wants "
                    f"{' '.join(map(str, guest['wants']))}"
                    + (" (revealed)" if guest["revealed"] else "")
                )
            )
        aside = f"  set aside: {player['aside']}" if player.get("aside") else ""
        kitchen = (", " if seat == viewer else " ").join(
            card_label(c, book) if book and c[:-1].isdigit() else c for c in player["kitchen"])
        lines.append(f"{'':<{NAME_COLUMN}}  kitchen: {kitchen or '(empty)'}{aside}{guest_text}")
    if obs.get("centre"):
        lines.append(f"Centre: {obs['centre']}")
    if obs.get("announced") is not None:
        lines.append(f"Announced values: {obs['announced']}")
    if obs["seen"]:
        lines.append("You have seen this round:")
        for entry in obs["seen"]:
            lines.append("  " + seen_text(entry, viewer))
    if obs.get("resolving"):
        lines.append(f"Resolving: {card_label(obs['resolving'], book or CardBook(None))}")
    return "\n".join(lines)


def seen_text(entry: dict[str, Any], viewer: int) -> str:
    who = "your" if entry["player"] == viewer else f"P{entry['player']}'s"
    cards = " ".join(entry["cards"])
    by = f" ({entry['by']})" if entry.get("by") else ""
    kind = entry["kind"]
    if kind == "kitchen":
        return f"{who} kitchen held {cards}{by}"
    if kind == "card":
        return f"you drew {cards} from {who} kitchen{by}"
    if kind == "flipped":
        return f"{cards} was turned face down at {who} position {entry['position']}{by}"
    if kind == "placed":
        return f"you laid {cards} face down at your position {entry['position']}"
    return f"you gave {cards} to P{entry['player']}{by}"


def describe(state: ElvState, action: Action, viewer: int | None,
             book: CardBook | None = None) -> str | None:
    """A line of the log of ``action`` (about to be applied), as ``viewer`` may see it; None
    for what she may not see.  ``viewer`` None: everything (a log of bots)."""
    book = book or CardBook(state.cards)
    actor = state.current_player()
    if state.phase == DRAWING:  # ELV.RULING.FIRST-SERVER (c): public, before the first deal
        return (f"chance: {seat_name(action - SERVER, viewer)} takes the starting server card "
                "for the first round")
    if state.phase in (DEALING, GUESTS):
        if viewer is None:
            return f"chance: {action_to_string(action)}"
        if state.phase == GUESTS and state.dealing[0] == viewer and action >= GUEST:
            return f"you are dealt guest {action - GUEST}"
        return None
    name = seat_name(actor, viewer) if actor >= 0 else "chance"
    public = viewer is None or actor == viewer
    if PLAY <= action < ARRANGE and state.phase != EFFECT:
        return f"{name}: play {card_name(action - PLAY, book)}"
    if action >= ARRANGE and action < DEAL:
        card, slot = divmod(action - ARRANGE, 8)
        if public:
            return f"{name}: arrange {card_str(card)} at {slot + 2}"
        return f"{name}: arrange a card with back {SETS[card // NUMBERS]} at {slot + 2}"
    if state.phase == REVEALING:
        if action == REVEAL:
            return f"{name}: reveal the Special Guest"
        return f"{name}: keep the guest hidden" if public else None
    if action == PASS:
        if state.phase == SECOND:
            return f"{name}: end of turn"
        if state.phase == EFFECT:
            return f"{name}: decline" if public else None
        return f"{name}: pass (no move: end of turn)"
    word, items = decode_choice(action)
    if word == "player":
        return f"{name}: choose P{items[0]}"
    if word == "flip":
        return f"{name}: flip {card_str(items[0])} face down"
    if word == "pass" and public:
        return f"{name}: hand {card_str(items[0])} over"
    if public:
        return f"{name}: {action_to_string(action)}"
    return None


KNOWN = tuple(key.split()[0] for key in GLOSSARY)

def typed(state: State, text: str) -> Action | Refusal:
    """A move typed at this game's prompt, as the terminal and the web table read it."""
    return typed_action(state, state.legal_actions(), text, str.strip, KNOWN)


def nothing_to_decide(state: State) -> Action | None:
    """The one answer of a question not put to the human: whether to reveal a Special Guest
    that cannot come yet (pass is the only legal move)."""
    if state.phase == REVEALING and state.legal_actions() == [PASS]:  # type: ignore[attr-defined]
        return PASS
    return None


# -- the players ---------------------------------------------------------------------------------
def ask(state: ElvState, out: TextIO, inp: TextIO, book: CardBook | None = None,
        log: EventLog | None = None, screen: Screen | None = None) -> Action | None:
    """The human's decision: a number from the list or an action string.  None: quit."""
    book = book or CardBook(state.cards)
    screen = screen or Screen(out)
    actions = state.legal_actions()
    names = [state.action_to_string(a) for a in actions]
    if state.phase == EFFECT and state.stack:
        card = state.stack[-1].card
        screen.say(f"{card_name(card, book)} asks you to choose:", "heading")
        if card < GUEST_FRAME:
            screen.say(book.effect(card % NUMBERS + 1, width=94, indent="  "), "dim")
        show_glossary(glossary_for(names, state.phase), screen)
    elif state.phase == REVEALING:
        screen.say("Reveal your Special Guest now, or keep it hidden?", "heading")
    elif state.phase == SECOND:
        screen.say("You may arrange a second card, or pass to end your turn.", "heading")
    else:
        screen.say("Your turn: play a card from your kitchen, or arrange one face down.",
                   "heading")
    screen.menu([(text, menu_label(state.phase, text, book)) for text in names])
    return read_action(
        state, actions, out, inp,
        help_text="Type a number or an action (e.g. `play 7a`, `arrange 3a at 5`).",
        hint=lambda s: greedy_player(s, random.Random(len(s.history))),
        cards=book, glossary=glossary_for(names), log=log, screen=screen,
        known=KNOWN,
    )


def dealt(doc: Json, human: int | None, book: CardBook) -> str:
    """The line told when a round's deal is complete."""
    first = doc["players"][0]
    down = sum(1 for slot in first["spread"] if slot is not None)
    text = (f"The cards are dealt: {down} face down in each spread, {len(first['kitchen'])} "
            "in each kitchen.")
    if human is not None:
        mine = doc["players"][human]["kitchen"]
        text += " Your kitchen: " + ", ".join(card_label(c, book) for c in mine) + "."
    return text


def results(state: ElvState, human: int | None, before: Json | None = None) -> str:
    """The last round's scoring and the cubes; with ``before`` (the view before the action
    that ended the round), the cubes the effects of the round's end moved."""
    lines = []
    if state.last is not None:
        lines.extend(round_result(state.last, human, state.trolley_cards, CardBook(state.cards)))
        if before is not None:  # ELV.CARDS.END-OF-ROUND, ELV.CARDS.SCORED
            lines.extend(effect_cubes(before, state.cubes, state.last, human))
    cubes = ", ".join(f"{seat_name(p, human)} {c}" for p, c in enumerate(state.cubes))
    lines.append(f"Cubes: {cubes}; {state.bowl} left in the bowl.")
    if state.phase == OVER and not state.winners:  # ELV.RULING.BOWL-EMPTY (f)
        lines.append(f"Game over after {state.round} round(s): the sugar bowl is empty and "
                     f"nobody has reached {state.game.options['target']} cubes, so nobody "
                     "wins.")
    elif state.phase == OVER:
        names = " and ".join(seat_name(p, human) for p in state.winners)
        verb = "win" if human in state.winners or len(state.winners) > 1 else "wins"
        lines.append(f"Game over after {state.round} round(s): {names} {verb}.")
    return "\n".join(lines)


def run(game: ElvGame, args: argparse.Namespace) -> int:
    return play_terminal(game, args, sys.stdout, sys.stdin)


def play_terminal(game: ElvGame, args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    screen = Screen(out)
    book = CardBook(game.cards)
    rng = random.Random(args.seed)
    state = starting_state(game, getattr(args, "saved", None))
    assert isinstance(state, ElvState)
    seats = game.num_players()
    watching = bool(args.bot)
    human: int | None = None if watching else 0
    opponent = getattr(args, "against", None) or "greedy"  # play --against BOT
    bots = bots_for_seats(args.bot or opponent, seats, BOTS)
    quiet = bool(getattr(args, "quiet", False))
    log = EventLog()

    def view(s: ElvState) -> Json:
        return s.to_json() if human is None else s.observation(human)

    if game.options["guests"] and guests_are_illustrative(game) and not quiet:
        screen.say(
            "Note: the Special Guests are the illustrative ones shipped with elevenes, not "
            "the printed cards (ELV.GUESTS.FILE).", "dim")
    if human is not None:
        screen.say(
            f"Elevenes for {seats}: you are P0 (set a), against {seats - 1} {opponent} bot(s). "
            "Type ? for help, `card N` for what a card does.", "heading")
        screen.say(LEGEND, "dim")
    round_shown = 0
    while not state.is_terminal():
        if state.round != round_shown and state.phase == DEALING and not quiet:
            log.add(f"\n== Round {state.round} ==", "heading")
            log.show_new(screen)  # the last round's end, then the new round's heading
            round_shown = state.round
        player = state.current_player()
        if state.is_chance_node():
            action = sample_chance(state, rng)
        elif player == human and nothing_to_decide(state) is not None:
            action = PASS  # asked about a guest that cannot come yet
        elif player == human:
            screen.say("")
            screen.table(render(state.observation(player), book),
                         {"You (set a)": "heading", " -- ": "dim", "Round ": "heading"})
            log.show_new(screen)  # what happened since her last decision, above the choices
            chosen = ask(state, out, inp, book, log, screen)
            if chosen is None:
                save_game(state, out, getattr(args, "cards", None), screen)
                return 0
            action = chosen
        else:
            action = bots[player](state, rng)
        dealing = state.phase in (DEALING, GUESTS)
        line = describe(state, action, human, book)
        before = None if quiet or dealing else view(state)
        seen_before = len(state.observation(human)["seen"]) if human is not None else 0
        round_before = state.round
        state.apply_action(action)
        if quiet:
            continue
        if line is not None and not (watching and dealing):
            log.add(line, "chance" if dealing else "event")
        log.extend(["    " + text for text in fired_lines(state.fired, human, book)])
        if dealing and state.phase not in (DEALING, GUESTS):
            log.add(dealt(view(state), human, book), "chance")
        if before is not None and state.round == round_before and not state.is_terminal():
            log.extend(["    " + text for text in changes(before, view(state), human, book)])
            if human is not None:
                seen = state.observation(human)["seen"]
                log.extend(["    you see: " + seen_text(entry, human)
                            for entry in seen[seen_before:]])
        if state.round != round_before or state.is_terminal():
            log.extend(results(state, human, before).splitlines(), "good")
        if human is None:
            log.show_new(screen)
    log.show_new(screen)
    if quiet:
        screen.say(results(state, human))
    return 0


__all__ = ["describe", "play_terminal", "render", "run"]
