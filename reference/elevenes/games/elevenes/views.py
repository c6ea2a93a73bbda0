"""Elevenes off the fast path: the canonical JSON of a state, loading one back (checked against
the schema and the rules), what one player may see (ELV.INFO.*) and why a move is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import Json
from ...core.errors import BadState, IllegalAction
from ...core.readings import PREFIX, in_force, option_name
from ...core.schema import check_playable, check_state_document
from ...dsl.frames import frame_machine, frame_rules
from ...dsl.runtime import Frame, Statement
from .notation import (
    ARRANGE,
    DEAL,
    ELEVENSES,
    GUEST,
    HIDDEN_POSITIONS,
    NUMBERS,
    PASS,
    PLAY,
    PLAYER,
    REVEAL,
    SETS,
    WORD_BASE,
    action_to_string,
    card_str,
    decode_choice,
    number_of,
    parse_card,
    set_of,
)
from .primitives import BACK, CARD, FLIPPED, GAVE, KITCHEN, PLACED, granted
from .state import (
    CARD_EVENTS,
    DEALING,
    DRAWING,
    EFFECT,
    GUEST_EVENTS,
    GUEST_FRAME,
    GUESTS,
    MIN_FACE_UP,
    OVER,
    PHASES,
    REVEALING,
    ROUND_EVENTS,
    SECOND,
    TURN,
    ElvGame,
    ElvState,
)

SEEN_KINDS = (KITCHEN, CARD, FLIPPED, PLACED, GAVE)


# -- canonical JSON ----------------------------------------------------------------------------
def slot_json(state: ElvState, player: int, position: int) -> str | None:
    card = state.spread[player][position]
    if card < 0:
        return None
    return card_str(card) if state.up[player] >> position & 1 else "~" + card_str(card)


def frame_json(state: ElvState, frame: Frame, waiting: bool = True) -> Json:
    """An effect in progress in rules terms: the card, its owner, the statement of its text
    being carried out and the names given so far (dsl/frames.py)."""
    n = state.n

    def encode(kind: str, value: int) -> Any:
        return card_str(value) if kind == "card" else value

    doc: Json = {"event": frame.event, "owner": frame.owner}
    if frame.card >= GUEST_FRAME:  # a Special Guest's effect (ELV.CARDS.GUEST-EFFECTS)
        doc["guest"] = frame.card - GUEST_FRAME
    else:
        doc["card"] = card_str(frame.card)
    if not waiting and frame.pc == 0:  # set off with others, to run after the ones above
        doc.update({"at": 1, "queued": True})  # ELV.CARDS.ORDER
        return doc
    doc.update(frame_rules(frame, frame_statements(state, frame), waiting, encode))
    back = frame.vars.get(BACK)
    if back is not None and 0 <= back < n:  # which back the taker picked (Sandwiches)
        doc["picked_back"] = SETS[back]
    return doc


def frame_statements(state: ElvState, frame: Frame) -> tuple[Statement, ...]:
    """The statements of the effect text a frame runs (a card's or a guest's)."""
    if frame.card >= GUEST_FRAME:
        guest = state.cards.guests.get(frame.card - GUEST_FRAME)
        return guest.statements.get(frame.event, ()) if guest is not None else ()
    return state.cards.statements(number_of(frame.card), frame.event)


def resolving_str(card: int) -> str:
    """The card (or ``guest N``) whose effect is in progress, as an observation names it."""
    return f"guest {card - GUEST_FRAME}" if card >= GUEST_FRAME else card_str(card)


def seen_json(entry: tuple[int, str, int, int, tuple[int, ...], int], n: int) -> Json:
    viewers, kind, player, position, cards, by = entry
    return {
        "to": [p for p in range(n) if viewers >> p & 1],
        "kind": kind,
        "player": player,
        "position": position,
        "cards": [card_str(c) for c in cards],
        "by": card_str(by) if by >= 0 else None,
    }


def written_options(options: Mapping[str, Any]) -> Json:
    """The game's own options in full, a ruling's reading only when it is not the decided one
    (core/readings.py), so a document of the decided rules is as it always was."""
    written: Json = {k: v for k, v in options.items() if not k.startswith(PREFIX)}
    written.update({option_name(k): v for k, v in in_force(options).items()})
    return written


def state_to_json(state: ElvState) -> Json:
    n = state.n
    guests_phase = state.phase == GUESTS
    return {
        "game": state.game.id,
        "options": written_options(state.game.options),
        "round": state.round,
        "phase": state.phase,
        "server": state.server,
        "turn": state.turn,
        "bowl": state.bowl,
        "players": [
            {
                "cubes": state.cubes[p],
                "spread": [slot_json(state, p, pos) for pos in range(1, 11)],
                "kitchen": [card_str(c) for c in sorted(state.kitchen[p])],
                "aside": card_str(state.aside[p]) if state.aside[p] >= 0 else None,
                "guest": state.guest[p] or None,
                "revealed": state.revealed[p],
            }
            for p in range(n)
        ],
        "centre": card_str(state.centre) if state.centre >= 0 else None,
        "deck": sorted(state.deck) if guests_phase else [card_str(c) for c in sorted(state.deck)],
        "dealing": list(state.dealing) if state.phase in (DEALING, GUESTS) else None,
        "reveal": list(state.reveal),
        "stack": [
            frame_json(state, f, i == len(state.stack) - 1) for i, f in enumerate(state.stack)
        ],
        "choice": None
        if state.choice is None
        else {
            "player": state.choice.player,
            "options": [action_to_string(a) for a in state.choice.options],
        },
        "seen": [seen_json(e, n) for e in state.seen],
        "announced": None if state.announced is None else list(state.announced),
        "last_round": state.last,
        "winners": list(state.winners),
        **({"round_ended": True} if state.ended and state.phase == EFFECT else {}),
        **({"complete_at_turn_start": [p for p in range(n) if state.complete_at_start >> p & 1]}
           if keeps_completion(state) else {}),
        **({"effect_waiting": card_str(state.waiting)} if state.waiting >= 0 else {}),
    }


def keeps_completion(state: ElvState) -> bool:
    """ELV.RULING.GUEST-TIMING (c): the document carries the guests complete when the turn
    began wherever the position cannot tell it (a turn under way: an arrange, an effect, the
    reveals); at the turn's start it is the position's own."""
    return (state.game.guest_timing == "c" and bool(state.game.options["guests"])
            and state.phase in (SECOND, EFFECT, REVEALING))


# -- what one player may see -------------------------------------------------------------------
def visible_face_down(state: ElvState, player: int) -> set[int]:
    """ELV.CARD.SUGAR, ELV.CARDS.GRANTS: the face-down spread cards and kitchen cards a grant
    (``grant see``) lets ``player`` look at."""
    return granted(state, player, "see")


def observation(state: ElvState, viewer: int) -> Json:
    """ELV.INFO.HIDDEN: what ``viewer`` may see.

    Face-up cards, the backs of every hidden card (their colour shows whose set each is),
    cube counts and revealed guests are public; the viewer's own kitchen, set-aside card and
    guest are hers; face-down cards of her spread while a grant (Sugar) lets her look; and
    ``seen``: what she was shown or did herself this round (ELV.INFO.MEMORY), as it was then.
    Who is deciding is shown only for the turn itself: the choices inside effects and the
    guest reveals are asked in secret (ELV.EFFECT.ASKED).
    """
    n = state.n
    sugar = visible_face_down(state, viewer)
    players = []
    for p in range(n):
        row = state.spread[p]
        spread: list[str | None] = []
        for position in range(1, 11):
            card = row[position]
            if card < 0:
                spread.append(None)
            elif state.up[p] >> position & 1:
                spread.append(card_str(card))
            elif card in sugar:
                spread.append("~" + card_str(card))
            else:
                spread.append("~" + SETS[set_of(card)])
        mine = p == viewer
        kitchen = (
            [card_str(c) for c in sorted(state.kitchen[p])]
            if mine
            # the backs; a card a grant lets her look at (ELV.CARDS.GRANTS) by name, after
            # the backs of its set
            else [card_str(c) if c in sugar else SETS[set_of(c)]
                  for c in sorted(state.kitchen[p],
                                  key=lambda c: (set_of(c), c in sugar, c if c in sugar else 0))]
        )
        aside = state.aside[p]
        guest: Json | None = None
        if state.guest[p]:
            if mine or state.revealed[p]:
                found = state.game.guest(state.guest[p])
                guest = {
                    "number": found.number,
                    "name": found.name,
                    "wants": list(found.wants),
                    "revealed": state.revealed[p],
                }
            else:
                guest = {"hidden": True}
        players.append(
            {
                "cubes": state.cubes[p],
                "spread": spread,
                "kitchen": kitchen,
                "aside": None if aside < 0 else card_str(aside) if mine else SETS[set_of(aside)],
                "guest": guest,
                "value": state.value(p),
            }
        )
    public_phase = {DRAWING: "deal", DEALING: "deal", GUESTS: "deal",
                    OVER: "over"}.get(state.phase, "play")
    deciding = state.current_player() == viewer
    doc: Json = {
        "game": state.game.id,
        "options": written_options(state.game.options),
        "viewer": viewer,
        "round": state.round,
        "phase": public_phase,
        "turn": state.turn,
        "server": state.server,
        "bowl": state.bowl,
        "players": players,
        "centre": card_str(state.centre) if state.centre >= 0 else None,
        "resolving": resolving_str(state.stack[-1].card) if state.stack else None,
        "to_move": state.turn if state.phase in (TURN, SECOND) else (viewer if deciding else None),
        "legal": state.legal_action_strings() if deciding else [],
        "seen": [seen_json(e, n) for e in state.seen if e[0] >> viewer & 1],
        "announced": None if state.announced is None else list(state.announced),
        "last_round": state.last,
        "winners": list(state.winners),
    }
    return doc


# -- refusals ------------------------------------------------------------------------------------
def explain_illegal(state: ElvState, action: int) -> IllegalAction:
    text = action_to_string(action)
    phase = state.phase
    player = state.turn
    if phase == OVER:
        return IllegalAction("ELV.GAME.END", "the game is over", text)
    if phase in (TURN, SECOND) and PLAY <= action < ARRANGE:
        if phase == SECOND:
            return IllegalAction(
                "ELV.ARRANGE.SECOND",
                "after an arrange action the turn holds only a second arrange action (or pass)",
                text,
            )
        card = action - PLAY
        number = number_of(card)
        if card not in state.kitchen[player]:
            return IllegalAction(
                "ELV.PLAY.FROM-KITCHEN", f"{card_str(card)} is not in your kitchen", text
            )
        if number == ELEVENSES:
            return IllegalAction(
                "ELV.CARD.ELEVENSES",
                f"Elevenses needs {MIN_FACE_UP} face-up cards in your spread, you have "
                f"{state.face_up_count(player)}",
                text,
            )
        return IllegalAction(
            "ELV.PLAY.NO-COPY", f"a card {number} is already face up in your spread", text
        )
    if phase in (TURN, SECOND) and ARRANGE <= action < DEAL:
        card, slot = divmod(action - ARRANGE, 8)
        position = slot + 2
        if card not in state.kitchen[player]:
            return IllegalAction(
                "ELV.ARRANGE.ACTION", f"{card_str(card)} is not in your kitchen", text
            )
        return IllegalAction(
            "ELV.ARRANGE.FACE-DOWN",
            f"position {position} holds a face-up card; arrange only onto face-down cards",
            text,
        )
    if phase == TURN and action == PASS:
        return IllegalAction("ELV.TURN.PASS", "you can play or arrange, so you may not pass", text)
    if phase == EFFECT and state.choice is not None and state.stack:
        frame = state.stack[-1]
        if action == PASS:
            return IllegalAction(
                "ELV.EFFECT.MANDATORY", "this choice must be made: it cannot be declined", text
            )
        if PLAYER <= action < PLAYER + 4 or action >= WORD_BASE or ARRANGE <= action < DEAL:
            word, items = decode_choice(action)
            words = {decode_choice(option)[0] for option in state.choice.options}
            if word not in words:
                return IllegalAction(
                    "ELV.PROCEDURE",
                    f"{text!r} is not a move now: expected one of {', '.join(sorted(words))}",
                    text,
                )
            if word == "player" and items[0] == frame.owner:
                return IllegalAction(
                    "ELV.RULING.CHOOSE-SELF",
                    f"{resolving_str(frame.card)} is played on another player, not on yourself",
                    text,
                )
            instr = state.program_of(frame)[frame.pc]
            rule, message = instr.explain(state, frame, action)
            return IllegalAction(rule, message, text)
    if phase == REVEALING and action == REVEAL and state.game.guest_timing == "c" \
            and state.complete_at_start >> state.reveal[0] & 1:
        return IllegalAction(
            "ELV.RULING.GUEST-TIMING",
            "your guest's three wanted cards were already face up when this turn began: the "
            "reveal belonged to the end of the turn in which they came face up",
            text,
        )
    if phase == REVEALING and action == REVEAL:
        return IllegalAction(
            "ELV.GUESTS.REVEAL",
            "your guest's three wanted cards are not all face up in your spread",
            text,
        )
    if phase == DEALING and DEAL <= action < GUEST:
        return IllegalAction(
            "ELV.ROUND.DEAL",
            f"{card_str(action - DEAL)} is not a card of set {SETS[state.dealing[0]]} "
            "waiting to be dealt",
            text,
        )
    if phase == GUESTS and GUEST <= action < PLAYER:
        return IllegalAction(
            "ELV.GUESTS.DEAL", f"guest {action - GUEST} is not waiting to be dealt", text
        )
    if phase == DRAWING and PLAYER <= action < WORD_BASE:
        return IllegalAction("ELV.RULING.FIRST-SERVER",
                             f"{text!r} is not a seat of the game drawn to serve first", text)
    expected = {
        DRAWING: "the first starting server drawn (server N)",
        DEALING: "a card dealt (deal CARD)",
        GUESTS: "a guest dealt (guest N)",
        TURN: "play CARD, arrange CARD at POSITION (or pass when neither is possible)",
        SECOND: "a second arrange action or pass",
        EFFECT: "one of the card's choices",
        REVEALING: "reveal or pass",
    }[phase]
    return IllegalAction("ELV.PROCEDURE", f"{text!r} is not a move now: expected {expected}", text)


# -- loading a state -------------------------------------------------------------------------------
def state_from_json(game: ElvGame, doc: Mapping[str, Any]) -> ElvState:
    check_state_document(game.id, doc)
    if doc["game"] != game.id:
        raise BadState(f"the state is of game {doc['game']!r}, not {game.id!r}")
    for name, value in dict(doc.get("options", {})).items():
        mine = game.options.get(name)
        if name == "target" and value == 0 and not isinstance(value, bool):
            # ELV.EDITIONS: 0 stands for the edition's number of cubes, as it does in `start`
            value = game.edition["target"]
        if mine != value and str(mine) != str(value):
            raise BadState(
                f"the state is for option {name}={value!r} but the game has {name}={mine!r}"
            )
    n = game.players
    if len(doc["players"]) != n:
        raise BadState(f"the state has {len(doc['players'])} players, the game {n}")
    state = ElvState(game)

    def card(text: str, where: str) -> int:
        return read_card(text, n, where, face_down_mark=True)

    state.round = int(doc["round"])
    state.phase = str(doc["phase"])
    state.server = int(doc["server"])
    state.turn = int(doc["turn"])
    state.bowl = int(doc["bowl"])
    for p, entry in enumerate(doc["players"]):
        state.cubes[p] = int(entry["cubes"])
        for position, slot in enumerate(entry["spread"], start=1):
            if slot is None:
                continue
            state.spread[p][position] = card(slot, f"players[{p}].spread[{position - 1}]")
            if not slot.startswith("~"):
                state.up[p] |= 1 << position
        state.kitchen[p] = [card(c, f"players[{p}].kitchen") for c in entry["kitchen"]]
        if entry.get("aside") is not None:
            state.aside[p] = card(entry["aside"], f"players[{p}].aside")
        state.guest[p] = int(entry.get("guest") or 0)
        state.revealed[p] = bool(entry.get("revealed", False))
    if doc.get("centre") is not None:
        state.centre = card(doc["centre"], "centre")
    deck = doc.get("deck", [])
    if state.phase == GUESTS:
        state.deck = sorted(int(g) for g in deck)
    else:
        state.deck = sorted(card(str(c), "deck") for c in deck)
    dealing = doc.get("dealing")
    if state.phase in (DEALING, GUESTS) and not dealing:  # ELV.ROUND.DEAL, ELV.GUESTS.DEAL
        raise BadState(f"phase {state.phase!r} needs `dealing`: the seat dealt next "
                       "(ELV.ROUND.DEAL, ELV.GUESTS.DEAL)")
    state.dealing = (int(dealing[0]), int(dealing[1])) if dealing else (0, 0)
    state.reveal = [int(p) for p in doc.get("reveal", [])]
    stack = list(doc.get("stack", []))
    state.stack = [
        load_frame(state, f, i == len(stack) - 1, f"stack[{i}]") for i, f in enumerate(stack)
    ]
    state.seen = [load_seen(e, n) for e in doc.get("seen", [])]
    announced = doc.get("announced")
    if game.edition["announce"]:
        state.announced = [int(v) for v in announced] if announced else [0] * n
        if len(state.announced) != n:
            raise BadState(f"announced holds {len(state.announced)} values; the French edition "
                           f"announces one per player ({n}) (ELV.EDITION.ANNOUNCE)")
    state.last = doc.get("last_round")
    state.winners = [int(p) for p in doc.get("winners", [])]
    # ELV.END.ELEVENSES: an effect has ended the round, its statements left still to run
    state.ended = bool(doc.get("round_ended", False)) and state.phase == EFFECT
    load_completion(state, doc)
    load_waiting(state, doc)
    check_consistent(state)
    if state.phase == EFFECT:
        state.run()
        if state.phase == EFFECT and state.choice is None:
            raise BadState("phase 'effect' needs a card effect waiting for a choice")
    check_playable(state, "ELV.TURN.ORDER")
    return state


def load_completion(state: ElvState, doc: Mapping[str, Any]) -> None:
    """ELV.RULING.GUEST-TIMING (c): ``complete_at_turn_start`` while a turn is under way; at
    the turn's start the guests complete now."""
    given = doc.get("complete_at_turn_start")
    if not keeps_completion(state):
        if given is not None:
            raise BadState("complete_at_turn_start is read only under reading (c) of "
                           "ELV.RULING.GUEST-TIMING, with the Special Guests, while a turn is "
                           "under way (phases arrange, effect, reveal)")
        if state.phase == TURN:
            state.turn_begins()
        return
    for p in given or ():  # left out: no seat's guest was complete as the turn began
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < state.n:
            raise BadState(f"complete_at_turn_start: {p!r} is not a seat of the game")
        state.complete_at_start |= 1 << p


def read_card(text: str, n: int, where: str, face_down_mark: bool = False) -> int:
    """A card of an ``n``-player game written in a document at ``where`` (``~`` before it,
    a face-down card, read where ``face_down_mark``)."""
    found = parse_card(text.lstrip("~") if face_down_mark else text, n)
    if found is None:
        raise BadState(f"{where}: {text!r} is not a card of a {n}-player game")
    return found


def load_waiting(state: ElvState, doc: Mapping[str, Any]) -> None:
    """ELV.RULING.END-OF-TURN (b): ``effect_waiting``, the card the turn's player has played,
    face up in her spread, whose effect runs once the end-of-turn reveals are over."""
    given = doc.get("effect_waiting")
    if given is None:
        return
    if not (state.game.early_end and state.game.options["guests"]
            and state.phase in (REVEALING, EFFECT)):
        raise BadState("effect_waiting is read only under reading (b) of ELV.RULING.END-OF-TURN, "
                       "with the Special Guests, in phases reveal and effect (a guest's effect "
                       "set off by a reveal)")
    card = read_card(str(given), state.n, "effect_waiting")
    number = number_of(card)
    if number == ELEVENSES or not state.game.programs[number] or not (
            state.spread[state.turn][number] == card and state.up[state.turn] >> number & 1):
        raise BadState(f"effect_waiting: {card_str(card)} must be a card with an effect that "
                       f"the player whose turn it is (seat {state.turn}) has just played, face "
                       "up at its position (ELV.RULING.END-OF-TURN)")
    if state.phase == EFFECT and state.stack and state.stack[0].event != "revealed":
        raise BadState("effect_waiting: while the played card's effect waits, the only effect "
                       "that runs is a revealed guest's (ELV.RULING.END-OF-TURN)")
    state.waiting = card


def load_frame(state: ElvState, doc: Mapping[str, Any], waiting: bool, where: str) -> Frame:
    n = state.n
    event = str(doc.get("event", "play"))
    if "guest" in doc:  # a Special Guest's effect (ELV.CARDS.GUEST-EFFECTS)
        number = doc["guest"]
        if not isinstance(number, int) or number not in state.cards.guests:
            raise BadState(f"{where}: no Special Guest {number!r}")
        if event not in GUEST_EVENTS:
            raise BadState(f"{where}: a guest's effect runs on {', '.join(GUEST_EVENTS)}, "
                           f"not {event!r} (ELV.CARDS.GUEST-EFFECTS)")
        found = GUEST_FRAME + number
    else:
        found_card = parse_card(str(doc.get("card")), n)
        if found_card is None:
            raise BadState(f"{where}: {doc.get('card')!r} is not a card of a {n}-player game")
        if event not in CARD_EVENTS:
            raise BadState(f"{where}: a card's effect runs on {', '.join(CARD_EVENTS)}, "
                           f"not {event!r}")
        found = found_card

    def decode(kind: str, value: Any) -> int:
        if kind == "card":
            card = parse_card(str(value), n)
            if card is None:
                raise BadState(f"{where}: {value!r} is not a card of a {n}-player game")
            return card
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            raise BadState(f"{where}: {value!r} is not a player of a {n}-player game")
        return value

    if doc.get("queued") and not waiting:  # ELV.CARDS.ORDER: not begun yet
        return Frame(found, event, int(doc["owner"]), 1, 0, {})
    pc, variables = frame_machine(
        doc, frame_statements(state, Frame(found, event)), waiting, decode,
        f"{where} ({resolving_str(found)})")
    back = doc.get("picked_back")
    if back is not None:
        if str(back) not in SETS[:n]:
            raise BadState(f"{where}: {back!r} is not the back of a set in play")
        variables[BACK] = SETS.index(str(back))
    return Frame(found, event, int(doc["owner"]), 1, pc, variables)


def load_seen(doc: Mapping[str, Any], n: int) -> tuple[int, str, int, int, tuple[int, ...], int]:
    cards = []
    for text in doc["cards"]:
        found = parse_card(str(text), n)
        if found is None:
            raise BadState(f"seen: {text!r} is not a card of a {n}-player game")
        cards.append(found)
    by = -1
    if doc.get("by") is not None:
        found_by = parse_card(str(doc["by"]), n)
        if found_by is None:
            raise BadState(f"seen: {doc['by']!r} is not a card")
        by = found_by
    mask = 0
    for p in doc["to"]:
        if not 0 <= int(p) < n:
            raise BadState(f"seen: no player {p}")
        mask |= 1 << int(p)
    return (
        mask,
        str(doc["kind"]),
        int(doc["player"]),
        int(doc.get("position", 0)),
        tuple(cards),
        by,
    )


def check_deal(state: ElvState) -> None:
    """ELV.ROUND.DEAL, ELV.GUESTS.DEAL: a deal in progress has dealt, in order, the spreads
    of the players before ``dealing`` and part of the current one, and still has the cards
    (or guests) to finish; nothing else has happened in the round."""
    n, (player, position) = state.n, state.dealing
    if state.phase == DEALING:
        if not (0 <= player < n and 2 <= position <= 9):
            raise BadState(f"dealing {[player, position]}: a deal is at a player 0-{n - 1} "
                           "and a position 2-9 (ELV.ROUND.DEAL)")
        done = [(p, 10) for p in range(player)] + [(player, position)]
        for p in range(n):
            upto = dict(done).get(p, 2)
            row = state.spread[p]
            dealt = [row[i] for i in range(2, upto)]
            if any(c < 0 or c // NUMBERS != p for c in dealt) or any(
                    row[i] >= 0 for i in range(11) if not 2 <= i < upto):
                raise BadState(f"dealing {[player, position]}: player {p}'s spread must hold "
                               f"her own cards at positions 2-{upto - 1} only (ELV.ROUND.DEAL)")
            if len(state.kitchen[p]) != (3 if p < player else 0):
                raise BadState(f"dealing {[player, position]}: player {p}'s kitchen must hold "
                               f"{3 if p < player else 0} cards (ELV.ROUND.DEAL)")
    else:
        guests = sorted(state.game.cards.guests)
        if not 0 <= player < n or any(bool(state.guest[p]) != (p < player) for p in range(n)):
            raise BadState(f"dealing {[player, position]}: the players before the one being "
                           "dealt a guest hold one, the others none (ELV.GUESTS.DEAL)")
        held = [g for g in state.guest if g]
        if sorted(state.deck) != sorted(set(guests) - set(held)) or len(held) != len(set(held)):
            raise BadState("deck: the guests not yet dealt are every guest no player holds "
                           "(ELV.GUESTS.DEAL)")
        if any(len(state.kitchen[p]) != 3 for p in range(n)):
            raise BadState("guests are dealt once every spread and kitchen is (ELV.GUESTS.DEAL)")
    if any(state.up) or any(a >= 0 for a in state.aside) or state.centre >= 0 or state.stack \
            or any(state.revealed):
        raise BadState("while dealing no card is face up, set aside or in the centre, and no "
                       "effect runs (ELV.ROUND.DEAL)")


def check_draw(state: ElvState) -> None:
    """ELV.RULING.FIRST-SERVER (c): the first starting server is drawn before anything else of
    the game happens: round 1, every card still to deal, no cube paid."""
    if not state.game.server_drawn:
        raise BadState("phase 'first_server' exists only under reading (c) of "
                       "ELV.RULING.FIRST-SERVER (chance draws the first starting server)")
    n = state.n
    if state.round != 1 or state.bowl != state.game.total_cubes or any(state.cubes) \
            or sorted(state.deck) != list(range(n * NUMBERS)) or any(state.guest) \
            or state.last is not None or state.turn != 0 or state.server != 0:
        raise BadState("phase 'first_server' comes before the first deal: round 1, server and "
                       "turn 0, every card in deck, the whole bowl, no guest and no round "
                       "scored (ELV.RULING.FIRST-SERVER)")


def check_consistent(state: ElvState) -> None:
    """A loaded state must be a position the rules can reach (as far as one can tell)."""
    n = state.n
    phase = state.phase
    if phase not in PHASES:
        raise BadState(f"unknown phase {phase!r}; phases: {', '.join(PHASES)}")
    for name, value in (("server", state.server), ("turn", state.turn)):
        if not 0 <= value < n:
            raise BadState(f"{name} must be a seat 0-{n - 1}, not {value}")
    places: list[int] = list(state.deck) if phase != GUESTS else []
    for p in range(n):
        places.extend(c for c in state.spread[p] if c >= 0)
        places.extend(state.kitchen[p])
        if state.aside[p] >= 0:
            places.append(state.aside[p])
    if state.centre >= 0:
        places.append(state.centre)
    if sorted(places) != list(range(n * NUMBERS)):
        missing = sorted(set(range(n * NUMBERS)) - set(places))
        doubled = sorted({c for c in places if places.count(c) > 1})
        raise BadState(
            "the state must hold each of the "
            f"{n * NUMBERS} cards exactly once (ELV.COMPONENTS); missing "
            f"{[card_str(c) for c in missing]}, more than once {[card_str(c) for c in doubled]}"
        )
    total = state.game.total_cubes
    held = state.bowl + sum(state.cubes)
    # ELV.RULING.BOWL-EMPTY (a): once the bowl is empty, counters stand in for more cubes
    counters = state.game.bowl_reading == "a" and state.bowl == 0 and held >= total
    if state.bowl < 0 or min(state.cubes) < 0 or (held != total and not counters):
        raise BadState(
            f"the bowl ({state.bowl}) and the players' cubes ({sum(state.cubes)}) must add up "
            f"to the edition's {total} cubes (ELV.EDITION.CUBES)"
        )
    if phase == OVER:
        # ELV.RULING.BOWL-EMPTY (f): an empty bowl with nobody at the target has no winner
        nobody = (state.game.bowl_reading == "f" and state.bowl == 0
                  and max(state.cubes) < int(state.game.options["target"]))
        if not state.winners and not nobody:
            raise BadState("a finished game needs its winners")
        if state.winners and nobody:
            raise BadState("under reading (f) of ELV.RULING.BOWL-EMPTY a game the empty bowl "
                           "ended with nobody at the target has no winner: winners is []")
        return
    if phase == DRAWING:
        check_draw(state)
        return
    if phase in (DEALING, GUESTS):
        check_deal(state)
        return
    for p in range(n):
        row, up = state.spread[p], state.up[p]
        for position in range(1, 11):
            card = row[position]
            if card < 0:
                if position in HIDDEN_POSITIONS:
                    raise BadState(f"player {p}: position {position} cannot be empty in a round")
                continue
            if up >> position & 1:
                if number_of(card) != position:
                    raise BadState(
                        f"player {p}: face-up {card_str(card)} lies at position {position}; "
                        "a card is played face up only to its own position (ELV.PLAY.POSITIONS)"
                    )
            elif position not in HIDDEN_POSITIONS:
                raise BadState(f"player {p}: position {position} cannot hold a face-down card")
        elevenses = p * NUMBERS + ELEVENSES - 1
        if elevenses not in state.kitchen[p] and elevenses not in row and state.centre != elevenses:
            raise BadState(f"player {p}'s Elevenses must stay with her (ELV.KEEP.ELEVENSES)")
        if not state.kitchen[p] and state.aside[p] < 0 and not state.game.one_way \
                and state.centre != elevenses:  # Elevenses played: the round is over
            raise BadState(f"player {p}'s kitchen cannot be empty (ELV.RULING.EMPTY-KITCHEN)")
        if state.aside[p] >= 0 and phase != EFFECT:
            raise BadState("a card is set aside only while Fine China or Biscuits resolves")
    if state.game.options["guests"]:
        dealt = [g for g in state.guest if g]
        if (
            len(dealt) != n
            or len(set(dealt)) != n
            or any(g not in state.game.cards.guests for g in dealt)
        ):
            raise BadState("with the Special Guests every player holds a different known guest")
    elif any(state.guest) or any(state.revealed):
        raise BadState("guests are dealt only with the option guests=true")
    if phase == EFFECT and not state.stack:
        raise BadState("phase 'effect' needs an effect on the stack")
    if phase != EFFECT and state.stack:
        raise BadState(f"phase {phase!r} has no effect on the stack")
    if phase == REVEALING:
        asked = state.guests_to_ask()
        if not state.reveal or any(p not in asked for p in state.reveal):
            raise BadState(
                "the players asked about their guests must hold a hidden guest and three "
                "face-up cards (ELV.GUESTS.ASKED)"
            )
    if state.centre >= 0 and not (phase == EFFECT and state.stack[0].event in ROUND_EVENTS):
        raise BadState("Elevenses in the centre ends the round at once: only the effects of "
                       "the round's end may still run (ELV.CARDS.END-OF-ROUND)")
    for frame in state.stack:
        if not 0 <= frame.owner < n:
            raise BadState(f"stack: card {card_str(frame.card)} has no owner {frame.owner}")


__all__ = ["REVEAL", "explain_illegal", "observation", "state_from_json", "state_to_json"]
