"""Bowling Solitaire (Sid Sackson, Grail edition): the game and its state machine.

Read top to bottom: the actions, the game, then the state: whose turn, the legal actions,
how each action changes the position (one short method per rule, its id beside it), the
refusals (slow path), the score, and the canonical JSON.

A game is ten frames.  Each frame deals a fresh *rack*: ten pins and three ball piles, dealt
card by card as chance actions (``deal 7``).  The player then bowls the first ball, a run of
``knock P PINS`` actions, until every pin is down, no top card can be used, or ``end ball``;
then the second ball likewise.  The tenth frame's bonus balls are bowled at fresh racks
(BWL.RULING.BONUS-BALLS).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.api import CHANCE, TERMINAL, Action, Game, Json, State
from ...core.errors import BadOption, BadState, IllegalAction
from ...core.readings import CONSULTING, consult, game_specs
from .layout import (
    BACK_ROW,
    CENTRE,
    FULL,
    PIN_INDEX,
    PIN_SET_BITS,
    PIN_SETS,
    PINS,
    TOUCH,
    bits,
    is_connected,
    mask_to_letters,
)
from .scoring import FRAMES, frame_done, frame_scores, marks, pad_total, running_totals

GAME_ID = "bowling-solitaire"

# -- actions (BWL.NOTATION.ACTIONS) ------------------------------------------------------------
# "deal V"          0..9      chance: the next card dealt is a V (BWL.SETUP.DEAL)
# "end ball"        10        stop the current ball by choice (BWL.BALL.END)
# "knock P X Y Z"   1024*(P+1) + mask of the pins X Y Z: bowl the top card of pile P
END_BALL = 10
KNOCK_BASE = 1024
MAX_ACTION = KNOCK_BASE * 4 - 1

PILE_SIZES = (5, 3, 2)  # BWL.SETUP.PILES: left, centre, right
DEAL_SIZE = 20  # BWL.SETUP.CARDS: 0-9 twice
# BWL.SETUP.DEAL: positions 0-9 are pins A-J, then pile 0 top to bottom, pile 1, pile 2.
_PILE_OF_POSITION = (0,) * 5 + (1,) * 3 + (2,) * 2


def _set_spots(mask: int, spots: tuple[int, ...]) -> tuple[int, int, int, int]:
    """A pin set as (mask, spot, spot, spot), padded with spot 10 (a 0 in ``_index_rack``)."""
    a, b, c = (*spots, 10, 10)[:3]
    return mask, a, b, c


_SET_SPOTS = tuple(_set_spots(m, s) for m, s in zip(PIN_SETS, PIN_SET_BITS, strict=True))

DEAL, PLAY, OVER = 0, 1, 2
PHASES = ("deal", "play", "over")
EMPTY = -1  # an empty spot (or one not dealt yet)


def knock_action(pile: int, mask: int) -> Action:
    return KNOCK_BASE * (pile + 1) + mask


# The readings this file plays besides the decided ones (core/readings.py): each is read at
# its rule site below, the ruling id beside it.
PROCEDURE_READINGS = frozenset({
    ("BWL.RULING.TOUCH-FRAME", "c"), ("BWL.RULING.TOUCH-FRAME", "g"),
    ("BWL.RULING.FIRST-CARD", "a"), ("BWL.RULING.FIRST-CARD", "c"),
    ("BWL.RULING.FIRST-CARD", "d"),
    ("BWL.RULING.BONUS-BALLS", "c"), ("BWL.RULING.BONUS-BALLS", "d"),
})


class BowlingGame(Game):
    """Bowling Solitaire for one player; no card effects.  Its options are the readings of
    its rulings (``reading.`` and the ruling id), the decided ones by default."""

    id = GAME_ID

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.option_specs = game_specs(GAME_ID, (), options)
        super().__init__(options)
        chosen = self.options
        self.touch_frame = str(chosen.get("reading.BWL.RULING.TOUCH-FRAME", "b"))
        self.first_card = str(chosen.get("reading.BWL.RULING.FIRST-CARD", "b"))
        self.bonus_balls = str(chosen.get("reading.BWL.RULING.BONUS-BALLS", "b"))
        self.decided = (self.touch_frame, self.first_card, self.bonus_balls) == ("b", "b", "b")

    def num_players(self) -> int:
        return 1

    def new_initial_state(self) -> BowlingState:
        return BowlingState(self)

    def state_from_json(self, doc: Mapping[str, Any]) -> BowlingState:
        from .notation import state_from_doc

        return state_from_doc(self, doc)


class BowlingState(State):
    """One position.  Piles are stored bottom first (the face-up top card is the last)."""

    game: BowlingGame
    notation_rule = "BWL.NOTATION.ACTIONS"
    _knock_list: list[Action] | None = None  # the legal knocks here, once computed

    def __init__(self, game: BowlingGame) -> None:
        self.game = game
        self.history: list[Action] = []
        self.phase = DEAL
        self.frame = 1  # 1..10
        self.rack = 0  # fresh racks dealt in this frame before this one (0; 1-2 for bonus balls)
        self.ball = 1  # ball of this rack, 1 or 2
        self.pad: list[list[int]] = [[]]  # pins downed ball by ball, frame by frame
        # what some readings remember beyond the canonical state (None: not known)
        self.ball_start: int | None = FULL  # the pins standing when this ball began
        self.earlier: int | None = 0  # spots emptied in earlier racks of the game
        self.layout: tuple[list[int], list[list[int]]] | None = None  # the rack as dealt
        self._new_deal()

    # -- whose turn ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == PLAY:
            return 0
        return CHANCE if self.phase == DEAL else TERMINAL

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            knocks = self._knock_list
            if knocks is None:
                knocks = self._knock_list = self._knocks()
            return [END_BALL, *knocks]
        if self.phase == DEAL:
            return [v for v in range(10) if self.stock[v]]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != DEAL:
            return []
        left = DEAL_SIZE - self.dealt
        return [(v, n / left) for v, n in enumerate(self.stock) if n]

    def sample_chance(self, rng: random.Random) -> Action:
        """As ``State.sample_chance`` (the same draw gives the same card), without building
        the list of outcomes: the chance step of every dealt card is the hot path of a
        random playout."""
        stock = self.stock
        left = DEAL_SIZE - self.dealt
        roll = rng.random()
        total = 0.0
        drawn = -1
        for value in range(10):
            n = stock[value]
            if n:
                drawn = value
                total += n / left
                if roll < total:
                    return value
        if drawn < 0:
            raise IllegalAction("BWL.SETUP.DEAL", "no card is being dealt")
        return drawn

    def _knocks(self) -> list[Action]:
        """Every legal knock: pile order, then pin mask order (so already sorted)."""
        standing = self.standing
        first, zone = self._bounds()
        found = []
        for p in range(3):
            pile = self.piles[p]
            if not pile:
                continue  # BWL.KNOCK.PILE
            base = KNOCK_BASE * (p + 1)
            for mask in self._by_digit[pile[-1]]:  # BWL.KNOCK.SUM
                if mask & standing != mask:
                    continue  # BWL.KNOCK.STANDING
                if first and (mask & BACK_ROW or mask == CENTRE):
                    continue  # BWL.FIRST.BACK-ROW, BWL.FIRST.CENTRE
                if not mask & zone:
                    continue  # BWL.LATER.TOUCH
                found.append(base + mask)
        return found

    def _may_knock(self, pile: int, mask: int) -> bool:
        """Fast test of one knock, the same rules as ``_knocks``."""
        cards = self.piles[pile]
        standing = self.standing
        if not cards or mask & standing != mask or self._digit.get(mask) != cards[-1]:
            return False
        first, zone = self._bounds()
        if first and (mask & BACK_ROW or mask == CENTRE):
            return False
        return bool(mask & zone)

    def _bounds(self) -> tuple[bool, int]:
        """Whether the first-card restrictions bind the next card (BWL.FIRST.BACK-ROW,
        BWL.FIRST.CENTRE), and the spots one of its pins must touch (BWL.LATER.TOUCH; every
        spot when the touch rule does not apply yet)."""
        standing = self.standing
        game = self.game
        if CONSULTING.on:
            self._consult_bounds()
        if game.decided:  # BWL.RULING.FIRST-CARD (b), BWL.RULING.TOUCH-FRAME (b)
            if standing == FULL:
                return True, FULL
            return False, TOUCH[FULL ^ standing]
        first = standing == FULL  # BWL.RULING.FIRST-CARD (b): the rack's first card
        if game.first_card == "a":  # BWL.RULING.FIRST-CARD (a): each ball's first card
            first = standing == self.ball_start
        elif game.first_card == "c" and self.frame == FRAMES and self.rack > 0:
            first = False  # BWL.RULING.FIRST-CARD (c): not at the tenth frame's bonus racks
        elif game.first_card == "d" and self.ball == 2:
            first = False  # BWL.RULING.FIRST-CARD (d): the first ball's first card only
        emptied = self._emptied()
        return first, TOUCH[emptied] if emptied else FULL

    def _consult_bounds(self) -> None:
        """The rulings whose readings would bound the next card otherwise (core/readings.py)."""
        standing, later = self.standing, self.ball == 2 or self.frame == FRAMES and self.rack > 0
        if later and standing in (FULL, self.ball_start):
            consult("BWL.RULING.FIRST-CARD")  # (a) each ball's, (c) no bonus rack, (d) ball 1
        if standing != FULL and (later or self.frame > 1):
            consult("BWL.RULING.TOUCH-FRAME")  # (g) this ball, (c) earlier racks too

    def _has_knock(self) -> bool:
        return bool(self._knocks())

    def is_legal(self, action: Action) -> bool:
        if self.phase == PLAY:
            if action == END_BALL:
                return True
            pile, mask = divmod(action - KNOCK_BASE, KNOCK_BASE)
            return 0 <= pile < 3 and self._may_knock(pile, mask)
        if self.phase == DEAL:
            return 0 <= action < 10 and self.stock[action] > 0
        return False

    # -- how actions change the position ---------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._knock_list = None
        if action < END_BALL:
            self._deal(action)
        elif action == END_BALL:
            self._end_ball()  # BWL.BALL.END: by choice
            self._settle()
        else:
            pile, mask = divmod(action - KNOCK_BASE, KNOCK_BASE)
            self._knock(pile, mask)
            self._settle()

    def _new_deal(self) -> None:
        """BWL.FRAME.NEXT: all twenty cards are gathered and shuffled for a fresh rack."""
        self.phase = DEAL
        self.ball = 1
        self.stock = [2] * 10  # BWL.SETUP.CARDS: the cards not dealt yet, by number
        self.dealt = 0
        self.pins = [EMPTY] * 10
        self.standing = 0
        self.piles: list[list[int]] = [[], [], []]
        self.out = [0] * 10  # cards out of play in this rack, by number
        self._digit: dict[int, int] = {}
        self._by_digit: tuple[tuple[int, ...], ...] = ((),) * 10

    def _deal(self, value: int) -> None:
        """BWL.SETUP.DEAL: the shuffle is dealt one card at a time, pins A-J, then the piles
        from the top down; BWL.SETUP.PILES: the top card of each pile is face up."""
        position = self.dealt
        self.stock[value] -= 1
        if position < 10:
            self.pins[position] = value
        else:
            self.piles[_PILE_OF_POSITION[position - 10]].insert(0, value)
        self.dealt = position + 1
        if self.dealt == DEAL_SIZE:
            self.phase = PLAY
            self.standing = FULL
            self.ball_start = FULL
            if self.game.bonus_balls == "d":  # BWL.RULING.BONUS-BALLS (d) stands it again
                self.layout = (list(self.pins), [list(pile) for pile in self.piles])
            self._index_rack()
            self._settle()

    def _index_rack(self) -> None:
        """The last digit of each pin set's sum, so a knock is a table look-up."""
        pins = [*self.pins, 0]
        by_digit: list[list[int]] = [[] for _ in range(10)]
        digit = {}
        for mask, a, b, c in _SET_SPOTS:
            d = (pins[a] + pins[b] + pins[c]) % 10
            digit[mask] = d
            by_digit[d].append(mask)
        self._digit = digit
        self._by_digit = tuple(tuple(masks) for masks in by_digit)

    def _knock(self, pile: int, mask: int) -> None:
        """BWL.KNOCK.REMOVE: the ball card and the pins it takes leave the layout; the card
        beneath the ball card becomes the pile's face-up top card."""
        out = self.out
        out[self.piles[pile].pop()] += 1
        pins = self.pins
        for i in bits(mask):
            out[pins[i]] += 1
            pins[i] = EMPTY
        self.standing &= ~mask

    def _settle(self) -> None:
        """BWL.BALL.END: a ball ends by itself when every pin is down or when no top card
        can be used (BWL.RULING.USABLE); several balls may end in a row."""
        while self.phase == PLAY:
            if self.standing:
                knocks = self._knocks()
                if knocks:
                    self._knock_list = knocks  # kept for legal_actions
                    return
            self._end_ball()

    def _end_ball(self) -> None:
        """Write the ball on the pad, then start the second ball, a fresh rack (the tenth
        frame's bonus balls), the next frame, or end the game."""
        balls = self.pad[-1]
        downed = 10 - self.standing.bit_count()
        balls.append(downed - balls[-1] if self.ball == 2 else downed)  # BWL.SCORE.PINS
        if frame_done(self.frame, balls):  # BWL.FRAME.STRIKE / SPARE / OPEN
            if self.frame == FRAMES:
                self.phase = OVER  # BWL.GAME.FRAMES
                return
            self._remember_rack()
            self.frame += 1
            self.rack = 0
            self.pad.append([])
            self._new_deal()  # BWL.FRAME.NEXT
        elif self.standing == 0 or (self.game.bonus_balls == "c" and self.rack > 0):
            # BWL.SCORE.TENTH, BWL.RULING.BONUS-BALLS: a fresh rack when the pins are all down
            # ((b)); for every bonus ball ((c))
            consult("BWL.RULING.BONUS-BALLS")
            self._remember_rack()
            self.rack += 1
            if self.game.bonus_balls == "d":  # BWL.RULING.BONUS-BALLS (d): the same layout
                self._stand_again()
            else:
                self._new_deal()
        else:
            if self.rack > 0:  # a bonus ball of the tenth frame: (c) would lay a fresh rack
                consult("BWL.RULING.BONUS-BALLS")
            self._second_ball()

    def _remember_rack(self) -> None:
        """BWL.RULING.TOUCH-FRAME (c): the spots this rack emptied count for the rest of the
        game."""
        if self.earlier is not None:
            self.earlier |= FULL ^ self.standing

    def _stand_again(self) -> None:
        """BWL.RULING.BONUS-BALLS (d): the tenth frame's pin cards stand again on their spots,
        the ball piles made up again from the same cards, and the next ball is its first."""
        if self.layout is None:
            raise BadState("reading (d) of BWL.RULING.BONUS-BALLS stands the tenth frame's "
                           "layout again, which this position does not record")
        pins, piles = self.layout
        self.pins = list(pins)
        self.piles = [list(pile) for pile in piles]
        self.out = [0] * 10
        self.ball = 1
        self.standing = FULL
        self.ball_start = FULL

    def _second_ball(self) -> None:
        """BWL.BALL.SECOND: every pile that still has cards loses its top card; the cards
        beneath are the second ball's (BWL.RULING.EMPTY-PILE)."""
        self.ball = 2
        self.ball_start = self.standing
        for pile in self.piles:
            if pile:
                self.out[pile.pop()] += 1

    # -- refusals (slow path) --------------------------------------------------------------
    def explain_illegal(self, action: Action) -> IllegalAction:
        text = self._describe(action)
        if self.phase == OVER:
            return IllegalAction(
                "BWL.GAME.FRAMES", f"{text}: the game is over after ten frames", text
            )
        if self.phase == DEAL:
            if 0 <= action < 10:
                return IllegalAction(
                    "BWL.SETUP.CARDS",
                    f"{text}: both {action}s are already dealt (the cards are 0-9 twice)",
                    text,
                )
            return IllegalAction("BWL.SETUP.DEAL", f"{text}: the rack is still being dealt", text)
        if 0 <= action < 10:
            return IllegalAction(
                "BWL.SETUP.DEAL", f"{text}: the rack is already dealt; the player bowls", text
            )
        pile, mask = divmod(action - KNOCK_BASE, KNOCK_BASE)
        if not 0 <= pile < 3:
            return IllegalAction("BWL.NOTATION.ACTIONS", f"action {action} is no action", text)
        cards = self.piles[pile]
        if not cards:
            return IllegalAction("BWL.KNOCK.PILE", f"{text}: pile {pile} is empty", text)
        ball = cards[-1]
        count = mask.bit_count()
        if not 1 <= count <= 3:
            return IllegalAction(
                "BWL.KNOCK.COUNT", f"{text}: a ball card takes 1 to 3 pins, not {count}", text
            )
        down = [PINS[i] for i in bits(mask) if self.pins[i] == EMPTY]
        if down:
            return IllegalAction(
                "BWL.KNOCK.STANDING",
                f"{text}: no pin stands at {', '.join(down)}",
                text,
            )
        if not is_connected(mask):
            return IllegalAction(
                "BWL.KNOCK.ADJACENT",
                f"{text}: pins {'-'.join(mask_to_letters(mask))} are not adjacent to each other",
                text,
            )
        values = [self.pins[i] for i in bits(mask)]
        total = sum(values)
        if total % 10 != ball:
            shown = "+".join(map(str, values))
            return IllegalAction(
                "BWL.KNOCK.SUM",
                f"{text}: the pins make {shown} = {total}, whose last digit is {total % 10}, "
                f"not the ball card's {ball}"
                if count > 1
                else f"{text}: the pin is a {total}, not the ball card's {ball}",
                text,
            )
        first, zone = self._bounds()
        if first:
            if mask & BACK_ROW:
                return IllegalAction(
                    "BWL.FIRST.BACK-ROW",
                    f"{text}: the first ball card of a rack may not take a back-row pin "
                    f"({', '.join(mask_to_letters(mask & BACK_ROW))})",
                    text,
                )
            if mask == CENTRE:
                return IllegalAction(
                    "BWL.FIRST.CENTRE",
                    f"{text}: the first ball card of a rack may not take the centre pin F alone",
                    text,
                )
        if not mask & zone:
            return IllegalAction(
                "BWL.LATER.TOUCH",
                f"{text}: none of these pins is next to a spot already emptied "
                f"({', '.join(mask_to_letters(self._emptied()))})",
                text,
            )
        return IllegalAction("BWL.NOTATION.ACTIONS", f"{text} is not legal here", text)

    def _emptied(self) -> int:
        """The spots already emptied that a knock's pins may touch (BWL.LATER.TOUCH)."""
        emptied = FULL ^ self.standing  # BWL.RULING.TOUCH-FRAME (b): emptied in this rack
        if self.game.touch_frame == "g":  # BWL.RULING.TOUCH-FRAME (g): emptied in this ball
            emptied = (FULL if self.ball_start is None else self.ball_start) ^ self.standing
        elif self.game.touch_frame == "c":  # BWL.RULING.TOUCH-FRAME (c): and in earlier racks
            emptied |= self.earlier or 0
        return emptied

    def _describe(self, action: Action) -> str:
        try:
            return self.action_to_string(action)
        except IllegalAction:
            return f"action {action}"

    # -- action text (BWL.NOTATION.ACTIONS) ------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        if 0 <= action < END_BALL:
            return f"deal {action}"
        if action == END_BALL:
            return "end ball"
        if KNOCK_BASE <= action <= MAX_ACTION:
            pile, mask = divmod(action - KNOCK_BASE, KNOCK_BASE)
            return " ".join(["knock", str(pile), *mask_to_letters(mask)])
        raise IllegalAction("BWL.NOTATION.ACTIONS", f"{action} is no action of this game")

    def string_to_action(self, text: str) -> Action:
        from .notation import parse_action

        return parse_action(text)

    # -- results ---------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """The pad's total: the final score once the game is over (BWL.SCORE.PAD)."""
        return [float(pad_total(self.pad))]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase == DEAL

    def ball_pins(self) -> int:
        """Pins downed so far by the current ball."""
        if self.phase != PLAY:
            return 0
        downed = 10 - self.standing.bit_count()
        return downed - self.pad[-1][-1] if self.ball == 2 else downed

    def second_ball_follows(self) -> bool:
        """Whether ending this ball with pins standing leads to a second ball at them."""
        if self.ball == 2:
            return False
        balls = self.pad[-1]
        return not frame_done(self.frame, [*balls, 0])

    # -- views -----------------------------------------------------------------------------
    def observation(self, player: int) -> Json:
        if player != 0:
            raise BadOption(f"Bowling Solitaire has one player (0), not {player}")
        dealing = self.phase == DEAL
        return {
            "phase": PHASES[self.phase],
            "frame": self.frame,
            "rack": self.rack,
            "ball": self.ball,
            "pins": self._pins_doc(),
            "piles": [
                {
                    "top": None if dealing or not pile else pile[-1],
                    "hidden": len(pile) if dealing else max(len(pile) - 1, 0),
                }
                for pile in self.piles
            ],
            "out": self._out_doc(),
            "ball_pins": self.ball_pins(),
            "pad": self.pad_doc(),
            "total": pad_total(self.pad),
        }

    def pad_doc(self) -> list[Json]:
        scores = frame_scores(self.pad)
        totals = running_totals(self.pad)
        return [
            {"balls": list(balls), "marks": marks(balls), "score": score, "total": total}
            for balls, score, total in zip(self.pad, scores, totals, strict=True)
        ]

    def to_json(self) -> Json:
        return {
            "game": GAME_ID,
            "phase": PHASES[self.phase],
            "frame": self.frame,
            "rack": self.rack,
            "ball": self.ball,
            "pins": self._pins_doc(),
            "piles": [list(reversed(pile)) for pile in self.piles],
            "out": self._out_doc(),
            "pad": [list(balls) for balls in self.pad],
            **self._remembered_doc(),
        }

    def _remembered_doc(self) -> Json:
        """What the readings in force remember beyond the position (``remembered``), or
        nothing under the decided readings."""
        game = self.game
        memory: Json = {}
        if game.touch_frame == "c" and self.earlier is not None:
            memory["spots_emptied_before"] = mask_to_letters(self.earlier)
        if game.touch_frame == "g" and self.ball_start is not None and self.phase == PLAY:
            memory["ball_start"] = mask_to_letters(self.ball_start)
        if (game.bonus_balls == "d" and self.layout is not None and self.frame == FRAMES
                and self.phase == PLAY):
            pins, piles = self.layout
            memory["layout"] = {"pins": list(pins),
                                "piles": [list(reversed(pile)) for pile in piles]}
        return {"remembered": memory} if memory else {}

    def _pins_doc(self) -> dict[str, int | None]:
        return {PINS[i]: (None if v == EMPTY else v) for i, v in enumerate(self.pins)}

    def _out_doc(self) -> list[int]:
        return [v for v in range(10) for _ in range(self.out[v])]

    def clone(self) -> BowlingState:
        copy = BowlingState.__new__(BowlingState)
        copy.game = self.game
        copy.history = list(self.history)
        copy.phase = self.phase
        copy.frame = self.frame
        copy.rack = self.rack
        copy.ball = self.ball
        copy.pad = [list(balls) for balls in self.pad]
        copy.stock = list(self.stock)
        copy.dealt = self.dealt
        copy.pins = list(self.pins)
        copy.standing = self.standing
        copy.piles = [list(pile) for pile in self.piles]
        copy.out = list(self.out)
        copy._digit = self._digit  # shared: fixed for the rack
        copy._by_digit = self._by_digit
        copy.ball_start = self.ball_start
        copy.earlier = self.earlier
        copy.layout = self.layout  # never changed in place
        return copy

    # -- helpers for front ends and bots ---------------------------------------------------
    def tops(self) -> list[int | None]:
        """The face-up top card of each pile (None for an empty pile or during the deal)."""
        if self.phase != PLAY:
            return [None, None, None]
        return [pile[-1] if pile else None for pile in self.piles]

    def masks_for(self, digit: int) -> tuple[int, ...]:
        """The pin sets of this rack (by shape) whose sum ends in ``digit``, standing or not."""
        return self._by_digit[digit]

    def digit_of(self, mask: int) -> int:
        """The last digit of the sum of the pins dealt to the spots of ``mask``."""
        return (
            sum(self.pins[i] for i in bits(mask)) % 10
            if mask not in self._digit
            else (self._digit[mask])
        )

    def cards_left(self) -> list[int]:
        """How many cards of each number are not yet out of play nor standing as pins:
        the ball cards (seen or not) plus the cards not dealt yet."""
        left = [2] * 10
        for v in self.pins:
            if v != EMPTY:
                left[v] -= 1
        for v in range(10):
            left[v] -= self.out[v]
        return left


def pin_mask(letters: Sequence[str]) -> int:
    return sum(1 << PIN_INDEX[letter] for letter in letters)
