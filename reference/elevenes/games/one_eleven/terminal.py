"""``elevenes play 111``: the table in the terminal (coins, the boss slots, the parties, the
dice) with greedy bots in the other seats, the human at seat 0 seeing only her own hand; or
bots in every seat (``--bot NAME`` or ``NAME,NAME,...``), printing the whole log of what
happened and why (``--quiet``: only the result)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, TextIO

from ...core.api import Action, Json, State
from ...core.play import sample_chance
from ..events import EventLog
from ..prompt import Refusal, bots_for_seats, read_action, save_game, starting_state, typed_action
from ..screen import Screen
from .bots import BOTS, greedy_player
from .cards import STORE_COST, STORE_ITEMS, STORE_MAX, WIN_COINS
from .events import describe, seat_name
from .state import OneElevenGame, OneElevenState

BOSS_FIGURE = {"J": 10, "Q": 12, "K": 14}
HELP = ("Type a number or an action (e.g. `party 5C 9D 5H 9S +C`, `attack J`, `buy shield`, "
        "`surrender`).  Suits: C clubs = attack, D diamonds = money, H hearts = health, "
        f"S spades = shield.  First to {WIN_COINS} coins wins.")

GLOSSARY = {
    "keep": "keep your face cards in hand (no boss placed)",
    "place": "put a face card on top of its boss slot, then draw again",
    "party": "form a party of one card per suit (+N: the bonus of a pair, triple, ...)",
    "coins": "sell diamonds to the bank for 11 coins (ends the turn)",
    "end turn": "end your turn without buying coins",
    "attack": "attack the top boss of a slot, or another player's party",
    "defend": "defend with one card per suit you can (fewer cards: the discount)",
    "discount": "buy points for the defending party at 1 coin each",
    "buy": "spend coins at the store for this roll: "
           + ", ".join(f"{i} {c} (max {m}/turn)"
                       for i, c, m in zip(STORE_ITEMS, STORE_COST, STORE_MAX, strict=True)),
    "surrender": "give up the fight: pay half your party's money",
    "fight on": "take the next strike",
    "discard": "discard a card down to five",
}


def _party_text(party: dict[str, Any] | None) -> str:
    if party is None:
        return "no party"
    cards = " ".join(c + ("+" if c[-1] in party["bonus"] else "") for c in party["cards"])
    text = (f"party {cards}: attack {party['attack']}  shield {party['shield']}  "
            f"health {party['health']}  money {party['money']}")
    bought = [f"{k} {v}" for k, v in party.get("bought", {}).items() if v]
    if bought:
        text += f"  (bought {', '.join(bought)})"
    return text


def _boss_text(boss: dict[str, Any]) -> str:
    coins = f", {boss['coins']} coin{'s' if boss['coins'] != 1 else ''} on it" if boss["coins"] \
        else ""
    # G111.RULING.ROLL-PER-STRIKE (c): a boss's attack grown by its rolls
    grown = f", attack {boss['attack']}" if boss.get("attack", BOSS_FIGURE[boss["card"][0]]) != \
        BOSS_FIGURE[boss["card"][0]] else ""
    return f"{boss['card']} shield {boss['shield']} health {boss['health']}{grown}{coins}"


def _slot_text(bosses: list[dict[str, Any]]) -> str:
    """The top boss in full; those below it (attacked only once it is beaten) in short."""
    if not bosses:
        return "(empty)"
    text = _boss_text(bosses[-1])
    if len(bosses) > 1:
        text += "   below: " + ", ".join(
            b["card"] + (f" {b['shield']}/{b['health']}" if (b["shield"], b["health"]) !=
                         (BOSS_FIGURE[b["card"][0]],) * 2 else "")
            + (f" {b['coins']}c" if b["coins"] else "") for b in reversed(bosses[:-1]))
    return text


def render(doc: Json, viewer: int | None) -> str:
    """The table from one view (``observation`` or ``to_json``): turn, bank, draw pile, the
    three boss slots (top boss last), each player's coins, hand and party, the fight."""
    pile = doc["draw_pile"]
    pile_count = pile if isinstance(pile, int) else len(pile)
    lines = [
        f"Turn {doc['turn']}  ·  {seat_name(doc['active'], viewer)} to play  ·  draw pile "
        f"{pile_count}  ·  discards {len(doc['discards'])}  ·  bank paid out "
        f"{doc['bank']['issued']}, took back {doc['bank']['taken']}",
        "Bosses (each slot's top boss is fought; a jack strikes 10 + die, a queen 12, "
        "a king 14):",
    ]
    for slot, bosses in doc["bosses"].items():
        lines.append(f"  {slot}: {_slot_text(bosses)}")
    fight = doc.get("fight")
    lines.append("Players:")
    for p, player in enumerate(doc["players"]):
        hand = player["hand"]
        held = " ".join(hand) if hand is not None else f"{player['hand_size']} cards"
        mark = "▶" if p == doc["active"] else " "
        lines.append(f" {mark}{seat_name(p, viewer):>4}  {player['coins']:>3} coins  hand: "
                     f"{held}")
        if player["party"] is not None:
            lines.append(f"         {_party_text(player['party'])}")
    if fight is not None:
        target = fight["target"]
        depth = int(target.get("depth", 1))  # G111.RULING.WHICH-BOSS (a), (c)
        top = doc["bosses"][target["boss"]][-depth]["card"] if "boss" in target else ""
        where = "top" if depth == 1 else f"{depth} down from the top"
        them = (f"{top} ({where} of the {target['boss']} slot)" if "boss" in target
                else seat_name(target["player"], viewer))
        lines.append(f"Fight: {seat_name(doc['active'], viewer)} against {them}")
    pending = doc["pending"]
    if pending["asking"] == "store":
        lines.append(f"Die: {pending['roll']}")
    return "\n".join(lines)


QUESTION = {
    "place": "Place a boss (a face card whose slot is empty must be placed), or keep:",
    "party": "Form your party (one card per suit; choose where pair bonuses go):",
    "coins": "No party this turn: sell diamonds for 11 coins, or end the turn:",
    "target": "Attack a boss slot's top boss or a player:",
    "defend": "You are attacked: defend with one card of each suit you hold:",
    "discount": "Your defending party is short: buy points at 1 coin each?",
    "store": "The store, before this roll's strike (one purchase per roll):",
    "surrender": "You were hit: surrender (pay half your money) or fight on?",
    "discard": "Your hand is over five: discard a card:",
}


def question(obs: Json) -> str:
    """The question of a view's pending decision; the target asked again in the middle of a
    boss fight (G111.RULING.SAME-BOSS (b), (c)) and the hand limit's discard
    (G111.RULING.HAND-SIZE (b)) in their own words."""
    pending = obs["pending"]
    asking = str(pending["asking"])
    if asking == "target" and obs.get("fight") is not None:
        return "Back at your strike: name the boss to strike (the same or another):"
    if asking == "discard" and pending.get("for") == "hand limit":
        return "Your hand holds more than five: discard a card at once:"
    return QUESTION.get(asking, "Choose:")


STORE_LABEL = {
    f"buy {item}": f"+1 {item} for {cost} coin{'s' if cost > 1 else ''} (at most {most} a turn)"
    for item, cost, most in zip(STORE_ITEMS, STORE_COST, STORE_MAX, strict=True)
}
STORE_LABEL["buy nothing"] = "strike as you are"
STORE_LABEL.update({  # G111.RULING.ONE-PER-ROLL (b): several units of one line at once
    f"buy {item} {units}": f"+{units} {item} for {units * cost} coins (at most {most} a turn)"
    for item, cost, most in zip(STORE_ITEMS, STORE_COST, STORE_MAX, strict=True)
    for units in range(2, 6)})


def label(text: str) -> str:
    """What a choice does, beside it in the menu (nothing when its text says it all)."""
    if text in STORE_LABEL:
        return STORE_LABEL[text]
    for word in ("keep", "coins", "end turn", "surrender", "fight on"):
        if text == word or text.startswith(word + " "):
            return GLOSSARY[word]
    return ""


def chance_line(state: OneElevenState, text: str, viewer: int | None) -> str | None:
    """A draw is told to its receiver only (others learn that a card was drawn); a roll to
    everyone."""
    doc = state.observation(viewer) if viewer is not None else state.to_json()
    pending = doc["pending"]
    if pending["asking"] == "roll":
        side = pending["side"]
        who = (seat_name(state.active, viewer) if side == "attacker" else
               "the boss" if state.target_boss >= 0 else seat_name(state.target_player, viewer))
        verb = "roll" if who == "you" else "rolls"
        return f"{who} {verb} the die: {text.split()[1]}"
    if pending["asking"] == "discard":  # G111.RULING.REFILL-ORDER (b): chance picks it
        player = int(pending["player"])
        return (f"{seat_name(player, viewer)} discard{'' if player == viewer else 's'} "
                f"{text.split()[1]} at random to refill the hand")
    if pending["for"] == "deal":
        return None
    receiver = int(pending["player"])
    why = {"turn": "at the start of the turn", "boss": "after placing a boss",
           "refill": "to refill the hand"}[pending["for"]]
    if viewer is None or receiver == viewer:
        return f"{seat_name(receiver, viewer)} draw{'' if receiver == viewer else 's'} " \
               f"{text.split()[1]} {why}"
    return f"{seat_name(receiver, viewer)} draws a card {why}"


def action_line(state: OneElevenState, text: str, viewer: int | None) -> str | None:
    who = seat_name(state.current_player(), viewer)
    if text == "keep" and viewer is not None and state.current_player() != viewer:
        return None  # a question every player is asked: nothing happened
    if text.startswith("discard") and viewer is not None and state.current_player() != viewer:
        return f"{who} discards a card"
    return f"{who}: {text}"


def results(state: OneElevenState, viewer: int | None) -> str:
    coins = ", ".join(f"{seat_name(p, viewer)} {c}" for p, c in enumerate(state.coins))
    names = " and ".join(seat_name(p, viewer) for p in state.winners)
    why = (f"{WIN_COINS} coins reached" if state.ended_by == "coins"
           else "a draw was due from an empty pile" if state.ended_by == "empty pile"
           else "the turn limit was reached")
    return f"Game over after {state.turn} turns ({why}). Coins: {coins}. Won by {names}."


def run(game: OneElevenGame, args: argparse.Namespace) -> int:
    return play_terminal(game, args, sys.stdout, sys.stdin)


def play_terminal(game: OneElevenGame, args: argparse.Namespace, out: TextIO,
                  inp: TextIO) -> int:
    screen = Screen(out)
    rng = random.Random(args.seed)
    state = starting_state(game, getattr(args, "saved", None))
    assert isinstance(state, OneElevenState)
    seats = game.num_players()
    human: int | None = None if args.bot else 0
    opponent = getattr(args, "against", None) or "greedy"  # play --against BOT
    bots = bots_for_seats(args.bot or opponent, seats, BOTS)
    quiet = bool(getattr(args, "quiet", False)) and human is None
    log = EventLog()

    def view(s: OneElevenState) -> Json:
        return s.to_json() if human is None else s.observation(human)

    if human is not None:
        screen.say(f"111, The Game for {seats}: you are seat 0 against {seats - 1} {opponent} "
                   f"bot(s). First to {WIN_COINS} coins wins. Type ? for help.", "heading")
    turn_shown = -1
    while not state.is_terminal():
        if state.turn != turn_shown and state.turn > 0 and not quiet:
            log.add(f"-- turn {state.turn}: {seat_name(state.active, human)} "
                    f"({', '.join(f'{seat_name(p, human)} {c}' for p, c in enumerate(state.coins))}"
                    " coins) --", "heading")
            turn_shown = state.turn
        player = state.current_player()
        if state.is_chance_node():
            action = sample_chance(state, rng)
        elif player == human and nothing_to_decide(state) is not None:
            action = state.legal_actions()[0]  # no face card to place
        elif player == human:
            chosen = ask(state, human, out, inp, log, screen)
            if chosen is None:
                save_game(state, out, None, screen)
                return 0
            action = chosen
        else:
            action = bots[player](state, rng)
        if quiet:
            state.apply_action(action)
            continue
        text = state.action_to_string(action)
        line = chance_line(state, text, human) if state.is_chance_node() else \
            action_line(state, text, human)
        before = view(state)
        chance = state.is_chance_node()
        state.apply_action(action)
        if line is not None:
            log.add(line, "chance" if chance else "event")
        log.extend(["    " + t for t in describe(before, view(state), text, human)], "good")
        if human is None:
            log.show_new(screen)
    log.show_new(screen)
    screen.say(results(state, human), "heading")
    return 0


KNOWN = tuple(key.split()[0] for key in GLOSSARY)

def typed(state: State, text: str) -> Action | Refusal:
    """A move typed at this game's prompt, as the terminal and the web table read it."""
    return typed_action(state, state.legal_actions(), text, str.strip, KNOWN)


def nothing_to_decide(state: State) -> Action | None:
    """The one answer of a question not put to the human: keeping the party when there is
    no face card to place (keep is the only legal move)."""
    legal = state.legal_actions()
    if len(legal) == 1 and legal[0] == state.string_to_action("keep"):
        return legal[0]
    return None


def ask(state: OneElevenState, human: int, out: TextIO, inp: TextIO, log: EventLog,
        screen: Screen) -> Action | None:
    screen.say("")
    screen.table(render(state.observation(human), human),
                 {"Turn ": "heading", "▶": "now", "Fight:": "heading", "Die:": "heading"})
    log.show_new(screen)
    actions = state.legal_actions()
    names = [state.action_to_string(a) for a in actions]
    screen.say(question(state.observation(human)),
               "heading")
    screen.menu([(text, label(text)) for text in names])
    return read_action(
        state, actions, out, inp, help_text=HELP,
        hint=lambda s: greedy_player(s, random.Random(len(s.history))),
        glossary=GLOSSARY, log=log, screen=screen,
        known=KNOWN,
    )


__all__ = ["describe", "play_terminal", "render", "run"]
