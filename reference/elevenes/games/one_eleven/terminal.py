"""``elevenes play 111``: the table in the terminal (coins, boss slots, parties, the dice),
with bots in the other seats; or bots in every seat (``--bot``), printing the log."""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from ...core.play import sample_chance
from ..prompt import read_action, save_game, starting_state
from .bots import get_bot, greedy_player
from .state import OneElevenGame, OneElevenState

HELP = "Type an action (e.g. `party 5C 9D 5H 9S`, `attack J`, `buy shield`) or its number."


def render(state: OneElevenState, seat: int) -> str:
    doc = state.observation(seat)
    lines = [f"Turn {doc['turn']}, player {doc['active']} to play; "
             f"draw pile {doc['draw_pile']}, bank issued {doc['bank']['issued']}"]
    for slot, bosses in doc["bosses"].items():
        shown = ", ".join(f"{b['card']} (shield {b['shield']}, health {b['health']}, "
                          f"{b['coins']} coins)" for b in bosses) or "-"
        lines.append(f"  {slot} slot: {shown}")
    for p, player in enumerate(doc["players"]):
        hand = " ".join(player["hand"]) if player["hand"] is not None else (
            f"{player['hand_size']} cards")
        line = f"  player {p}: {player['coins']} coins, hand {hand}"
        party = player["party"]
        if party is not None:
            line += (f"; party {' '.join(party['cards'])} attack {party['attack']} shield "
                     f"{party['shield']} health {party['health']} money {party['money']}")
        lines.append(line)
    pending = doc["pending"]
    if pending["asking"] == "store":
        lines.append(f"  rolled {pending['roll']}")
    return "\n".join(lines)


def run(game: OneElevenGame, args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    rng = random.Random(args.seed)
    bot = get_bot(args.bot) if args.bot else None
    quiet = bool(getattr(args, "quiet", False)) and bot is not None
    state = starting_state(game, getattr(args, "saved", None))
    assert isinstance(state, OneElevenState)
    log: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        elif bot is not None or state.current_player() != 0:
            action = (bot or greedy_player)(state, rng)
        else:
            print("\n" + render(state, 0), file=out)
            actions = state.legal_actions()
            for number, choice in enumerate(actions, 1):
                print(f"  {number:2}. {state.action_to_string(choice)}", file=out)
            chosen = read_action(state, actions, out, sys.stdin, HELP,
                                 hint=lambda s: greedy_player(s, random.Random(0)))
            if chosen is None:
                save_game(state, out)
                return 0
            action = chosen
        text = state.action_to_string(action)
        who = "chance" if state.is_chance_node() else f"player {state.current_player()}"
        if not quiet:
            print(f"{who}: {text}", file=out)
        log.append(text)
        state.apply_action(action)
    coins = ", ".join(f"player {p}: {c}" for p, c in enumerate(state.coins))
    winners = " and ".join(f"player {p}" for p in state.winners)
    print(f"Game over after {state.turn} turns ({state.ended_by}); coins {coins}; "
          f"won by {winners}.", file=out)
    return 0
