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

from ...core.api import Action
from ...core.errors import BadOption
from ...core.play import sample_chance
from ..prompt import read_action, save_game, starting_state
from . import guests_are_illustrative
from .bots import BOTS, Bot, greedy_player
from .notation import (
    ARRANGE,
    DEAL,
    GUEST,
    NUMBERS,
    PASS,
    PLAY,
    REVEAL,
    SETS,
    action_to_string,
    card_str,
    decode_choice,
)
from .state import DEALING, EFFECT, GUESTS, OVER, REVEALING, SECOND, ElvGame, ElvState

NAMES = {
    1: "Tea Trolley",
    2: "Tea",
    3: "Milk",
    4: "Sugar",
    5: "Cups & Saucers",
    6: "Fine China",
    7: "Biscuits",
    8: "Sandwiches",
    9: "Cakes",
    10: "Servants",
    11: "Elevenses",
}


def card_name(card: int) -> str:
    return f"{card_str(card)} {NAMES[card % NUMBERS + 1]}"


def seat_name(seat: int, human: int | None) -> str:
    return "you" if seat == human else f"P{seat}"


# -- what a player sees ---------------------------------------------------------------------------
def render(obs: dict[str, Any]) -> str:
    """The table as one player sees it (from ``state.observation``)."""
    viewer = obs["viewer"]
    lines = [
        f"Round {obs['round']}  ·  starting server P{obs['server']}  ·  bowl {obs['bowl']} cubes"
        f"  ·  turn: {'you' if obs['turn'] == viewer else 'P' + str(obs['turn'])}"
    ]
    for seat, player in enumerate(obs["players"]):
        who = "You " if seat == viewer else f"P{seat}  "
        slots = [slot if slot is not None else "--" for slot in player["spread"]]
        row = (
            f"{slots[0]:>4} | "
            + " ".join(f"{s:>4}" for s in slots[1:5])
            + " | "
            + " ".join(f"{s:>4}" for s in slots[5:9])
            + f" | {slots[9]:>4}"
        )
        guest = player.get("guest")
        guest_text = ""
        if guest:
            guest_text = (
                "  guest: hidden"
                if guest.get("hidden")
                else (
                    f"  guest {guest['number']} {guest['name']} wants {guest['wants']}"
                    + (" (revealed)" if guest["revealed"] else "")
                )
            )
        lines.append(
            f"{who}(set {SETS[seat]})  cubes {player['cubes']}  value {player['value']:>2}  "
            f"{row}{guest_text}"
        )
        aside = f"  set aside: {player['aside']}" if player.get("aside") else ""
        lines.append(f"      kitchen: {' '.join(player['kitchen']) or '(empty)'}{aside}")
    if obs.get("announced") is not None:
        lines.append(f"Announced values: {obs['announced']}")
    if obs["seen"]:
        lines.append("You have seen this round:")
        for entry in obs["seen"]:
            lines.append("  " + seen_text(entry, viewer))
    if obs.get("resolving"):
        lines.append(f"Resolving: {obs['resolving']}")
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


def describe(state: ElvState, action: Action, viewer: int | None) -> str | None:
    """A line of the log of ``action`` (about to be applied), as ``viewer`` may see it; None
    for what she may not see.  ``viewer`` None: everything (a log of bots)."""
    actor = state.current_player()
    if state.phase in (DEALING, GUESTS):
        if viewer is None:
            return f"chance: {action_to_string(action)}"
        if state.phase == GUESTS and state.dealing[0] == viewer and action >= GUEST:
            return f"you are dealt guest {action - GUEST}"
        return None
    name = seat_name(actor, viewer) if actor >= 0 else "chance"
    public = viewer is None or actor == viewer
    if PLAY <= action < ARRANGE and state.phase != EFFECT:
        return f"{name}: play {card_name(action - PLAY)}"
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
        return f"{name}: pass" if public or state.phase != EFFECT else None
    word, items = decode_choice(action)
    if word == "player":
        return f"{name}: choose P{items[0]}"
    if word == "flip":
        return f"{name}: flip {card_str(items[0])} face down"
    if public:
        return f"{name}: {action_to_string(action)}"
    return None


# -- the players ---------------------------------------------------------------------------------
def bots_for(spec: str, seats: int) -> list[Bot]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise BadOption(f"--bot takes one bot or {seats} (one per seat), not {len(names)}")
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        raise BadOption(f"unknown bot {unknown[0]!r}; bots: {', '.join(sorted(BOTS))}")
    return [BOTS[n] for n in names]


def ask(state: ElvState, out: TextIO, inp: TextIO) -> Action | None:
    """The human's decision: a number from the list or an action string.  None: quit."""
    actions = state.legal_actions()
    names = [state.action_to_string(a) for a in actions]
    width = max(len(n) for n in names) + 6
    columns = max(1, 96 // width)
    for start in range(0, len(names), columns):
        print(
            "".join(
                f"{i + 1:>3}. {names[i]:<{width - 5}}"
                for i in range(start, min(start + columns, len(names)))
            ),
            file=out,
        )
    return read_action(
        state, actions, out, inp,
        help_text="Type a number or an action (e.g. `play 7a`, `arrange 3a at 5`).",
        hint=lambda s: greedy_player(s, random.Random(len(s.history))),
    )


def results(state: ElvState, human: int | None) -> str:
    lines = []
    if state.last is not None:
        last = state.last
        lines.append(f"Round {last['round']}: values {last['values']}, cubes paid {last['paid']}")
    cubes = ", ".join(f"{seat_name(p, human)} {c}" for p, c in enumerate(state.cubes))
    lines.append(f"Cubes: {cubes}")
    if state.phase == OVER:
        names = " and ".join(seat_name(p, human) for p in state.winners)
        verb = "win" if human in state.winners or len(state.winners) > 1 else "wins"
        lines.append(f"Game over after {state.round} round(s): {names} {verb}.")
    return "\n".join(lines)


def run(game: ElvGame, args: argparse.Namespace) -> int:
    return play_terminal(game, args, sys.stdout, sys.stdin)


def play_terminal(game: ElvGame, args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    rng = random.Random(args.seed)
    state = starting_state(game, getattr(args, "saved", None))
    assert isinstance(state, ElvState)
    seats = game.num_players()
    watching = bool(args.bot)
    human: int | None = None if watching else 0
    bots = bots_for(args.bot or "greedy", seats)
    quiet = bool(getattr(args, "quiet", False))
    if game.options["guests"] and guests_are_illustrative(game) and not quiet:
        print(
            "Note: the Special Guests are the illustrative ones shipped with elevenes, not "
            "the printed cards (ELV.GUESTS.FILE).",
            file=out,
        )
    if human is not None:
        print(
            f"Elevenes for {seats}: you are P0 (set a), against {seats - 1} greedy bot(s). "
            "Type ? for help.",
            file=out,
        )
    round_shown = 0
    while not state.is_terminal():
        if state.round != round_shown and state.phase == DEALING and not quiet:
            print(f"\n== Round {state.round} ==", file=out)
            round_shown = state.round
        player = state.current_player()
        if state.is_chance_node():
            action = sample_chance(state, rng)
        elif player == human and state.phase == REVEALING and state.legal_actions() == [PASS]:
            action = PASS  # asked about a guest that cannot come yet: nothing to decide
        elif player == human:
            print("\n" + render(state.observation(player)), file=out)
            chosen = ask(state, out, inp)
            if chosen is None:
                save_game(state, out)
                return 0
            action = chosen
        else:
            action = bots[player](state, rng)
        if not quiet:
            line = describe(state, action, human)
            if line is not None and not (watching and state.phase == DEALING):
                print(line, file=out)
        before = state.round
        state.apply_action(action)
        if (state.round != before or state.is_terminal()) and not quiet:
            print(results(state, human), file=out)
    if quiet:
        print(results(state, human), file=out)
    return 0


__all__ = ["describe", "play_terminal", "render", "run"]
