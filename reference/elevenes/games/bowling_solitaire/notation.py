"""Text in and out: action strings (BWL.NOTATION.ACTIONS) and canonical state documents.

Both are the slow path: a parse or a load checks everything and explains what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.api import Action, Json
from ...core.errors import BadState, IllegalAction
from ...core.readings import consult
from ...core.schema import schema_problem
from ...core.words import ascii_lower, ascii_upper, is_ascii_digits, split_words
from .layout import FULL, PIN_INDEX, PINS
from .scoring import FRAMES, frame_done
from .state import (
    DEAL,
    DEAL_SIZE,
    EMPTY,
    END_BALL,
    GAME_ID,
    OVER,
    PHASES,
    PILE_SIZES,
    PLAY,
    BowlingGame,
    BowlingState,
    knock_action,
    pin_mask,
)

ACTION_HELP = "actions are 'knock P PINS' (e.g. 'knock 0 F H'), 'end ball' and 'deal N'"


def parse_action(text: str) -> Action:
    """``knock 0 H F`` / ``knock 0 HF`` / ``end ball`` / ``deal 7`` -> action number."""
    # docs/protocol.md: words are separated by ASCII whitespace only; case is folded for the
    # ASCII letters only (a dotless i or a Kelvin sign names no pin and no word)
    words = [ascii_lower(word) for word in split_words(text)]
    if len(words) == 2 and words[0] == "deal" and len(words[1]) == 1 and is_ascii_digits(words[1]):
        return int(words[1])
    if words in (["end", "ball"], ["end"]):
        return END_BALL
    if len(words) >= 2 and words[0] == "knock":
        if words[1] not in ("0", "1", "2"):
            raise IllegalAction(
                "BWL.NOTATION.ACTIONS",
                f"{text!r}: the piles are 0 (five cards), 1 (three) and 2 (two), not {words[1]!r}",
                text,
            )
        mask = 0
        for letter in ascii_upper("".join(words[2:])):
            if letter not in PIN_INDEX:
                raise IllegalAction(
                    "BWL.NOTATION.ACTIONS",
                    f"{text!r}: {letter!r} is no pin; the pins are A to J",
                    text,
                )
            bit = 1 << PIN_INDEX[letter]
            if mask & bit:
                raise IllegalAction(
                    "BWL.NOTATION.ACTIONS", f"{text!r}: pin {letter} is named twice", text
                )
            mask |= bit
        return knock_action(int(words[1]), mask)
    raise IllegalAction("BWL.NOTATION.ACTIONS", f"unknown action {text!r}; {ACTION_HELP}", text)


# -- canonical state documents ----------------------------------------------------------------


def _bad(message: str) -> BadState:
    return BadState(f"bowling-solitaire state: {message}")


def _frame_progress(
    frame: int, balls: Sequence[int], fresh_bonus: bool = False
) -> tuple[int, int, int, int, int]:
    """Replay one frame's balls: (rack, ball, pins downed by the rack's first ball) for the
    next ball, then (rack, ball) of the last ball bowled.  Raises BadState for balls no
    frame can have.  ``fresh_bonus``: every bonus ball of the tenth frame is bowled at a fresh
    rack (reading (c) of BWL.RULING.BONUS-BALLS)."""
    rack, ball, standing, first = 0, 1, 10, 0
    last_rack, last_ball = 0, 1
    for number, pins in enumerate(balls, 1):
        last_rack, last_ball = rack, ball
        if frame_done(frame, balls[: number - 1]):
            raise _bad(f"frame {frame} has a ball too many: {list(balls)} (BWL.GAME.FRAMES)")
        if pins > standing:
            raise _bad(
                f"frame {frame}: ball {number} downs {pins} pins but only {standing} stand "
                f"(BWL.SCORE.PINS)"
            )
        if ball == 1 and pins < 10 and not (fresh_bonus and rack > 0):
            ball, standing, first = 2, 10 - pins, pins
        else:  # a strike, or the rack's second ball: the next ball (if any) is at a fresh rack
            if pins == standing or (fresh_bonus and rack > 0):
                rack += 1
            ball, standing, first = 1, 10, 0
    return rack, ball, first, last_rack, last_ball


def state_from_doc(game: BowlingGame, doc: Mapping[str, Any]) -> BowlingState:
    """Load a canonical state document, or raise BadState saying what is wrong."""
    problem = schema_problem("bowling-solitaire", doc)
    if problem is not None:
        raise _bad(problem)
    phase = PHASES.index(doc["phase"])
    frame: int = doc["frame"]
    pad: list[list[int]] = [list(balls) for balls in doc["pad"]]
    pins = [EMPTY if doc["pins"][p] is None else doc["pins"][p] for p in PINS]
    piles_top_first: list[list[int]] = [list(p) for p in doc["piles"]]
    out: list[int] = list(doc["out"])

    # BWL.SETUP.CARDS: twenty cards, 0-9 twice.
    counts = [0] * 10
    for value in [v for v in pins if v != EMPTY] + sum(piles_top_first, []) + out:
        counts[value] += 1
    for value, n in enumerate(counts):
        if n > 2:
            raise _bad(
                f"there are {n} cards numbered {value}; the cards are 0-9 twice (BWL.SETUP.CARDS)"
            )
    if out != sorted(out):
        raise _bad("'out' must be sorted")
    for index, (pile, size) in enumerate(zip(piles_top_first, PILE_SIZES, strict=True)):
        if len(pile) > size:
            raise _bad(
                f"pile {index} holds {len(pile)} cards; it is dealt {size} (BWL.SETUP.PILES)"
            )

    # The pad: finished frames, then the current one.
    expected_frames = FRAMES if phase == OVER else frame
    if phase == OVER and frame != FRAMES:
        raise _bad("a finished game is in frame 10 (BWL.GAME.FRAMES)")
    if len(pad) != expected_frames:
        raise _bad(
            f"the pad must hold {expected_frames} frame(s) (frames so far, the current "
            f"one included), not {len(pad)}"
        )
    for index, balls in enumerate(pad[:-1]):
        _frame_progress(index + 1, balls)
        if not frame_done(index + 1, balls):
            raise _bad(f"frame {index + 1} is not finished: {balls}")
    if frame == FRAMES:
        consult("BWL.RULING.BONUS-BALLS")  # (c), (d) read the tenth frame's racks otherwise
    rack, ball, first_ball, last_rack, last_ball = _frame_progress(
        frame, pad[-1], game.bonus_balls == "c" and frame == FRAMES)
    current_done = frame_done(frame, pad[-1])
    if phase == OVER:
        if not current_done:
            raise _bad(f"the game is over but frame 10 is not finished: {pad[-1]}")
        rack, ball = last_rack, last_ball
    elif current_done:
        raise _bad(f"frame {frame} is finished ({pad[-1]}); the state should be in the next frame")
    if (doc["rack"], doc["ball"]) != (rack, ball):
        raise _bad(
            f"after the balls {pad[-1]} of frame {frame} comes rack {rack}, ball {ball}; "
            f"not rack {doc['rack']}, ball {doc['ball']}"
        )

    state = BowlingState.__new__(BowlingState)
    state.game = game
    state.history = []
    state.phase = phase
    state.frame = frame
    state.rack = rack
    state.ball = ball
    state.pad = pad
    state.pins = pins
    state.piles = [list(reversed(pile)) for pile in piles_top_first]
    state.out = [out.count(v) for v in range(10)]
    state._digit = {}
    state._by_digit = ((),) * 10

    _remembered(game, state, phase, pad, first_ball, doc.get("remembered") or {})
    if phase == DEAL:
        if ball != 1:  # a rack is dealt before its first ball: never between two balls
            raise _bad(
                f"a rack is dealt before its first ball, but after the balls {pad[-1]} of "
                f"frame {frame} comes ball 2 of the same rack (BWL.SETUP.DEAL)"
            )
        _check_partial_deal(pins, piles_top_first, out)
        state.stock = [2 - n for n in counts]
        state.dealt = sum(counts)
        state.standing = 0
        return state

    if sum(counts) != DEAL_SIZE:
        missing = [v for v in range(10) for _ in range(2 - counts[v])]
        raise _bad(
            f"cards {missing} are missing: pins, piles and out hold all twenty (BWL.SETUP.CARDS)"
        )
    state.stock = [0] * 10
    state.dealt = DEAL_SIZE
    state.standing = sum(1 << i for i, v in enumerate(pins) if v != EMPTY)
    if phase == OVER:
        _check_last_ball(pad[-1], ball, 10 - state.standing.bit_count(), piles_top_first)
    if phase == PLAY:
        downed = 10 - state.standing.bit_count()
        if state.standing == 0:
            raise _bad("every pin is down: the ball is over (BWL.BALL.END)")
        used = DEAL_SIZE - 10 - sum(len(pile) for pile in piles_top_first)
        if ball == 1 and not used <= downed <= 3 * used:
            raise _bad(
                f"in a first ball, {used} ball card(s) used cannot have downed {downed} pin(s): "
                "each card takes 1 to 3 pins (BWL.KNOCK.COUNT)"
            )
        if ball == 2:
            _check_second_ball(piles_top_first, downed, first_ball, used)
        state._index_rack()
        if not state._has_knock():
            raise _bad(
                "no top card can be used, so the ball would already have ended "
                "(BWL.BALL.END, BWL.RULING.USABLE)"
            )
    return state


def _remembered(
    game: BowlingGame, state: BowlingState, phase: int, pad: Sequence[Sequence[int]],
    first_ball: int, memory: Mapping[str, Any],
) -> None:
    """What a reading other than the decided one remembers beyond the position: from the
    document's ``remembered``, else found from the position, or the position refused under
    that reading when neither can tell."""
    frame, rack, ball = state.frame, state.rack, state.ball
    state.earlier = 0 if frame == 1 and rack == 0 else None
    state.ball_start = None
    state.layout = None
    if "spots_emptied_before" in memory:
        state.earlier = pin_mask(memory["spots_emptied_before"])
    if phase == OVER:
        return
    standing = sum(1 << i for i, v in enumerate(state.pins) if v != EMPTY)
    if ball == 1 or phase == DEAL:
        state.ball_start = FULL
    elif 10 - standing.bit_count() == first_ball:  # ball 2 has downed nothing yet
        state.ball_start = standing
    elif "ball_start" in memory:
        start = pin_mask(memory["ball_start"])
        if start & standing != standing or (FULL ^ start).bit_count() != first_ball:
            raise _bad(f"remembered ball_start {memory['ball_start']} is not the pins standing "
                       f"after a first ball of {first_ball} that left these")
        state.ball_start = start
    if phase == PLAY and standing == FULL and [len(p) for p in state.piles] == list(PILE_SIZES):
        state.layout = (list(state.pins), [list(p) for p in state.piles])
    elif "layout" in memory and frame == FRAMES:
        layout = memory["layout"]
        if sorted([*layout["pins"], *sum(layout["piles"], [])]) != sorted([*range(10)] * 2):
            raise _bad("the remembered layout must hold the twenty cards, 0-9 twice "
                       "(BWL.SETUP.CARDS)")
        state.layout = (list(layout["pins"]), [list(reversed(p)) for p in layout["piles"]])
    if frame > 1 or rack > 0 or ball == 2:  # (c), (g) need what the position does not show
        consult("BWL.RULING.TOUCH-FRAME")
    if game.bonus_balls == "d" and phase == DEAL and frame == FRAMES and rack > 0:
        raise _bad("under reading (d) of BWL.RULING.BONUS-BALLS no rack is dealt inside the "
                   "tenth frame: its layout stands again")
    if game.touch_frame == "c" and state.earlier is None:
        raise _bad("under reading (c) of BWL.RULING.TOUCH-FRAME the spots emptied in earlier "
                   "racks count, and a position after the first rack does not record them")
    if game.touch_frame == "g" and state.ball_start is None:
        raise _bad("under reading (g) of BWL.RULING.TOUCH-FRAME only the spots emptied in this "
                   "ball count, and a second ball that has downed pins does not record which")
    if (game.bonus_balls == "d" and phase == PLAY and frame == FRAMES and len(pad[-1]) < 2
            and state.layout is None):
        raise _bad("under reading (d) of BWL.RULING.BONUS-BALLS the tenth frame's layout stands "
                   "again after a strike or spare, and this position does not record it")


def _check_last_ball(
    balls: Sequence[int], ball: int, downed: int, piles_top_first: Sequence[Sequence[int]]
) -> None:
    """In phase over the last rack is as the last ball left it: its empty spots are the pins
    of the rack's balls, and the piles lost what those balls used."""
    rack_balls = list(balls[-2:]) if ball == 2 else [balls[-1]]
    if downed != sum(rack_balls):
        raise _bad(
            f"the game ended with ball {ball} of its last rack, which downed "
            f"{' + '.join(map(str, rack_balls))} pins, but {downed} spots are empty"
        )
    used = DEAL_SIZE - 10 - sum(len(pile) for pile in piles_top_first)
    if ball == 2:
        _check_second_ball(piles_top_first, downed, rack_balls[0], used)
    elif not -(-downed // 3) <= used <= downed:
        raise _bad(
            f"a last ball of {downed} pin(s) used 1 ball card for every 1 to 3 pins, not "
            f"{used} (BWL.KNOCK.COUNT)"
        )


def _check_second_ball(
    piles_top_first: Sequence[Sequence[int]], downed: int, first_ball: int, used: int
) -> None:
    """At ball 2: what the first ball and the second ball's knocks so far can have left.

    The first ball took ``first_ball`` pins with ``u1`` ball cards (1 to 3 pins each), then
    the top card of every pile that still had one went out (BWL.BALL.SECOND), ``r`` of them,
    and the second ball has taken ``downed - first_ball`` pins with ``u2`` cards.  The cards
    gone from the piles are ``used = u1 + r + u2``."""
    if downed < first_ball:
        raise _bad(f"the first ball downed {first_ball} pins but only {downed} spots are empty")
    for index, (pile, size) in enumerate(zip(piles_top_first, PILE_SIZES, strict=True)):
        if len(pile) >= size:
            raise _bad(
                f"at ball 2 pile {index} holds {len(pile)} cards, but its top card went out "
                f"when the first ball ended: it holds at most {size - 1} (BWL.BALL.SECOND)"
            )
    second = downed - first_ball
    showing = sum(1 for pile in piles_top_first if pile)  # each had its top card removed
    fewest = showing + -(-first_ball // 3) + -(-second // 3)
    most = first_ball + 3 + second
    if not fewest <= used <= most:
        raise _bad(
            f"at ball 2, {used} card(s) gone from the piles cannot follow a first ball of "
            f"{first_ball} pin(s) and {second} pin(s) so far: the ball cards take 1 to 3 pins "
            f"each and the first ball's end removes one top card per pile, so {fewest} to "
            f"{most} are gone (BWL.KNOCK.COUNT, BWL.BALL.SECOND)"
        )


def _check_partial_deal(
    pins: Sequence[int], piles_top_first: Sequence[Sequence[int]], out: Sequence[int]
) -> None:
    """BWL.SETUP.DEAL: during a deal the dealt cards fill the positions in order."""
    if out:
        raise _bad("no card is out of play while a rack is being dealt")
    dealt_pins = sum(1 for v in pins if v != EMPTY)
    if any(v == EMPTY for v in pins[:dealt_pins]):
        raise _bad(
            "pins are dealt in order A to J: a dealt pin follows an empty spot (BWL.SETUP.DEAL)"
        )
    sizes = [len(p) for p in piles_top_first]
    if any(sizes) and dealt_pins < 10:
        raise _bad("the piles are dealt after the ten pins (BWL.SETUP.DEAL)")
    for index in (1, 2):
        if sizes[index] and sizes[index - 1] < PILE_SIZES[index - 1]:
            raise _bad(f"pile {index} is dealt after pile {index - 1} is full (BWL.SETUP.DEAL)")
    if dealt_pins + sum(sizes) == DEAL_SIZE:
        raise _bad("all twenty cards are dealt: the phase is 'play' (or the rack already ended)")


def dump_state(state: BowlingState) -> Json:
    return state.to_json()


__all__ = ["GAME_ID", "PLAY", "FULL", "parse_action", "state_from_doc", "dump_state"]
