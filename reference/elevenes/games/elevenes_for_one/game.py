"""Elevenes for One: the state machine, read top to bottom.

Turn procedure (rulebook/elevenes-for-one/rules.md, "How to play"):
  step 1 DEAL   chance lays the pantry cards face up one by one      EFO.PASS.SHUFFLE
  step 2 FRONT  the player may put one card first for a minute       EFO.PASS.FRONT
  step 3 TURN   score / use / discard the current card               EFO.TURN.OPTIONS
         EFFECT the card's effect runs; its choices are decisions    EFO.EFFECT.MANDATORY
  step 4        the next face-up card, or a new pass                 EFO.PASS.NEXT, EFO.PASS.END
The cards' effects are compiled from rulebook/elevenes-for-one/cards.cards; the primitives
they call are the ``zone_/filter_/ref_/verb_`` methods of ``Primitives`` below.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_right
from collections.abc import Mapping
from typing import Any, Literal, overload

import attrs

from ...core.api import CHANCE, TERMINAL, Action, Game, Json, OptionSpec, State
from ...core.errors import BadState, IllegalAction
from ...core.readings import (
    CONSULTING,
    PREFIX,
    card_files,
    consult,
    consult_card,
    game_specs,
    in_force,
    option_name,
)
from ...core.schema import check_playable, check_state_document
from ...core.words import split_words
from ...dsl.compile import CardSet
from ...dsl.frames import frame_machine, frame_rules
from ...dsl.load import load_card_set
from ...dsl.runtime import Choice, ChooseCards, Frame, Program
from .card_facts import GENERAL, CardFacts, derive

# -- phases and actions ------------------------------------------------------------------------
DEAL, FRONT, TURN, EFFECT, OVER = "deal", "front", "turn", "effect", "over"
PHASES = (DEAL, FRONT, TURN, EFFECT, OVER)

SCORE, USE, DISCARD, PASS, YES = 1, 2, 3, 4, 5
FRONT_BASE, DEAL_BASE, CHOICE_BASE, WORD_SPAN = 100, 200, 1000, 4096
SIMPLE = {SCORE: "score", USE: "use", DISCARD: "discard", PASS: "pass", YES: "yes"}
SIMPLE_BY_NAME = {name: action for action, name in SIMPLE.items()}
# the action words of effect choices, in the order their actions sort
WORDS = ("flip", "swap", "return", "score", "move", "take", "draw", "player")

DISCARD_LIMIT = 3  # EFO.DISCARD.LIMIT
# the events a card's effect runs on (vocab.py); flipped and laid_out are variant cards' own
# (EFO.CARDS.FLIPPED, EFO.CARDS.LAID-OUT): no printed card has them
EVENTS = ("use", "score", "discard", "flipped", "laid_out")
# the events whose effect is no option of step 3: no minute is due unless the card says so
FREE_EVENTS = ("discard", "flipped", "laid_out")


def _running_totals(n: int) -> tuple[float, ...]:
    """The running total of n equal chances, summed as State.sample_chance sums them."""
    totals, total = [], 0.0
    for _ in range(n):
        total += 1.0 / n
        totals.append(total)
    return tuple(totals)


DEAL_TOTALS = tuple(_running_totals(n) for n in range(12))

PRECEDENCE = (  # EFO.PRECEDENCE: the rule a refusal cites when several are broken
    "EFO.ACTIONS", "EFO.GOAL.END", "EFO.PROCEDURE", "EFO.PASS.SHUFFLE", "EFO.RULING.FRONT-FIRST",
    "EFO.PASS.FRONT", "EFO.SCORE.NEXT", "EFO.DISCARD.NEVER", "EFO.DISCARD.LIMIT",
    "EFO.EFFECT.MANDATORY", "EFO.FLIP.FACE-UP", "EFO.RULING.SELF-TARGET", "EFO.FLIP.IMMUNE",
)  # then the card's own rule (EFO.CARD.*)
ALL_CARDS = tuple(range(1, 12))

RESULTS = ("won", "out-of-time", "stuck")

RATING_BANDS = (  # EFO.RATING.BANDS: (lowest points, short label, verdict)
    (14, "14+ raise", "You have shown your worth: Lady Agatha raises your wages."),
    (12, "12-13 half-day", "Lady Agatha congratulates you with a half-day off."),
    (11, "11 expected", "You did what was expected, no more."),
    (8, "8-10 disappointed", "The Madam is disappointed: you risk being replaced."),
    (0, "0-7 fired", "You're fired!"),
)


WORD_BASE = {word: CHOICE_BASE + i * WORD_SPAN for i, word in enumerate(WORDS)}


def encode_choice(word: str, items: tuple[int, ...]) -> int:
    base = WORD_BASE.get(word)
    if base is None:
        if word == "pass":
            return PASS
        if word == "yes":
            return YES
        raise ValueError(f"{word!r} is not a choice word")
    mask = 0
    for item in items:
        mask |= 1 << item
    return base + mask


# the cards of each choice's mask (bits 1-11), in increasing order
MASK_CARDS = tuple(tuple(i for i in range(12) if mask >> i & 1) for mask in range(WORD_SPAN))


def decode_choice(action: int) -> tuple[str, tuple[int, ...]]:
    if action == PASS:
        return "pass", ()
    if action == YES:
        return "yes", ()
    word, mask = divmod(action - CHOICE_BASE, WORD_SPAN)
    return WORDS[word], MASK_CARDS[mask]


def rating(top: int, minutes: int) -> tuple[int, str]:
    """EFO.RATING: the top card's number plus the minutes left, and its band."""
    points = top + minutes
    return points, RATING_BANDS[band_index(points)][2]


def band_index(points: int) -> int:
    """Which of RATING_BANDS (EFO.RATING.BANDS, EFO.RULING.RATING-TOP) the points fall in."""
    return next(i for i, (low, _, _) in enumerate(RATING_BANDS) if points >= low)


class Primitives:
    """The operations Elevenes for One cards are compiled against (vocab.py names them)."""

    PASS = PASS
    YES = YES

    def encode(self, word: str, items: tuple[int, ...]) -> int:
        return encode_choice(word, items)

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]:
        return decode_choice(action)

    def encode_all(self, word: str, sets: list[tuple[int, ...]]) -> list[int]:
        """encode() of each set of cards, in one pass (the choices of a card's effect)."""
        base = WORD_BASE[word]
        if sets and len(sets[0]) == 1:
            return [base + (1 << a) for (a,) in sets]
        if sets and len(sets[0]) == 2:
            return [base + (1 << a) + (1 << b) for a, b in sets]
        return [encode_choice(word, chosen) for chosen in sets]

    def rule_for_exception(self, name: str, rule: str) -> str:
        return "EFO.RULING.SELF-TARGET" if name == "self" else rule

    def rule_rank(self, rule: str) -> int:
        """EFO.PRECEDENCE: the place of a rule id in the order refusals cite rules."""
        return PRECEDENCE.index(rule) if rule in PRECEDENCE else len(PRECEDENCE)

    def players(self, st: EfoState, fr: Frame, except_me: bool) -> list[int]:
        return [] if except_me else [0]

    # zones: the state's own lists (the compiled code only reads them, and copies a set
    # of cards it keeps)
    def zone_pantry(self, st: EfoState, fr: Frame, owner: int) -> list[int]:
        return st.pantry

    def zone_discard(self, st: EfoState, fr: Frame, owner: int) -> list[int]:
        return st.discard

    def zone_trolley(self, st: EfoState, fr: Frame, owner: int) -> list[int]:
        return st.trolley

    # filters and tests
    def filter_face_up(self, st: EfoState, fr: Frame, card: int) -> bool:
        return card in st.pantry and card not in st.down

    def filter_face_down(self, st: EfoState, fr: Frame, card: int) -> bool:
        return card in st.down

    def filter_scorable(self, st: EfoState, fr: Frame, card: int) -> bool:
        return card == st.top() + 1  # EFO.SCORE.NEXT

    def test_face_up(self, st: EfoState, fr: Frame, card: int) -> bool:
        return self.filter_face_up(st, fr, card)

    def test_face_down(self, st: EfoState, fr: Frame, card: int) -> bool:
        return card in st.down

    def test_from_discard(self, st: EfoState, fr: Frame, card: int) -> bool:
        # EFO.RULING.ELEVENSES, EFO.RULING.CAKES-ELEVENSES: a card scored by a discard effect
        # ((11)) from the pile, whose score effect is under way above that discard effect
        below = False
        for frame in st.stack:
            if frame.event == "discard":
                below = True
            elif below and frame.event == "score" and frame.card == card:
                return True
        return False

    def value_minutes(self, st: EfoState, fr: Frame) -> int:
        return st.minutes

    def ahead_from(self, st: EfoState, fr: Frame) -> int:
        """`ahead`: the index of the first pantry card the pass has still to reach (in step 3
        the current card's; while an effect runs, the first the pass has not looked at)."""
        return st.cursor

    # card references
    def ref_self(self, st: EfoState, fr: Frame) -> int | None:
        return fr.card

    def ref_first(self, st: EfoState, fr: Frame) -> int | None:
        return st.pantry[0] if st.pantry else None

    def ref_next(self, st: EfoState, fr: Frame) -> int | None:
        # EFO.RULING.NEXT-CARD: after the card's place if it has left the pantry
        pantry = st.pantry
        if fr.card in pantry:
            index = pantry.index(fr.card) + 1
        elif st.held() is not None:
            # EFO.RULING.CAKES-ELEVENSES: a card scored from the discard pile (by a discard
            # effect, (11)) never lay in this row, so it has no place and no next card
            return None
        else:
            index = st.cursor
        return pantry[index] if index < len(pantry) else None

    # places in the row (`2 after self`, `before next`, `card 3 of pantry`)
    def _gap(self, st: EfoState, fr: Frame, card: int) -> tuple[int, int] | None:
        """The indexes of the pantry just before and just after ``card``: (i - 1, i + 1) for
        a card at i; for the card whose effect this is, once it has left the row, the cards
        around its place ((cursor - 1, cursor): EFO.RULING.NEXT-CARD, its next card is the
        one at the cursor); none for a card scored from the discard pile, which never lay in
        this row (EFO.RULING.CAKES-ELEVENSES) or any other card out of the row."""
        if card in st.pantry:
            index = st.pantry.index(card)
            return index - 1, index + 1
        if card == fr.card and st.held() is None:
            return st.cursor - 1, st.cursor
        return None

    def _at(self, st: EfoState, index: int) -> int | None:
        return st.pantry[index] if 0 <= index < len(st.pantry) else None

    def position_after(self, st: EfoState, fr: Frame, card: int, count: int) -> int | None:
        gap = self._gap(st, fr, card)
        return None if gap is None else self._at(st, gap[1] + count - 1)

    def position_before(self, st: EfoState, fr: Frame, card: int, count: int) -> int | None:
        gap = self._gap(st, fr, card)
        return None if gap is None else self._at(st, gap[0] - count + 1)

    def position_row(self, st: EfoState, fr: Frame, zone: str, count: int) -> int | None:
        return self._at(st, count - 1) if zone == "pantry" and count > 0 else None

    # verbs: (state, frame, chosen cards or None, *arguments)
    def applicable_flip_down(self, st: EfoState, fr: Frame, card: int) -> str | None:
        if card in st._unflippable:  # the cards with that trait
            return "EFO.FLIP.IMMUNE"
        if card not in st.pantry or card in st.down:
            return "EFO.FLIP.FACE-UP"
        return None

    def verb_flip_down(self, st: EfoState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        turned = []
        for target in chosen or ():
            if self.applicable_flip_down(st, fr, target) is None:
                st.down.add(target)
                turned.append(target)
        st.fire_flipped(turned)  # EFO.CARDS.FLIPPED

    def applicable_swap(self, st: EfoState, fr: Frame, card: int) -> str | None:
        # EFO.CARD.BISCUITS: only pantry cards change places (a user's card may name any zone)
        return None if card in st.pantry else "EFO.CARD.BISCUITS"

    def verb_swap(self, st: EfoState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        if chosen is None or len(chosen) != 2:
            return
        pantry = st.pantry
        i, j = pantry.index(chosen[0]), pantry.index(chosen[1])
        pantry[i], pantry[j] = pantry[j], pantry[i]

    def verb_return_after_self(self, st: EfoState, fr: Frame,
                               chosen: tuple[int, ...] | None) -> None:
        # EFO.CARD.SERVANTS; EFO.RULING.SERVANTS: after (10)'s place once scored
        target = chosen[0] if chosen else None
        if target is None or target not in st.discard:
            return
        st.discard.remove(target)
        pantry = st.pantry
        index = pantry.index(fr.card) + 1 if fr.card in pantry else st.cursor
        st.insert(index, target)

    def verb_score(self, st: EfoState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        # EFO.CARD.ELEVENSES / EFO.RULING.ELEVENSES: the whole of option 3A
        target = chosen[0] if chosen else None
        if target is None or target != st.top() + 1 or target not in st.discard:
            return
        st.discard.remove(target)
        st.start_score(target)

    def verb_put_on_trolley(self, st: EfoState, fr: Frame,
                            chosen: tuple[int, ...] | None) -> None:
        # EFO.RULING.ELEVENSES (b): the card taken from the pile is only placed on the trolley
        target = chosen[0] if chosen else None
        if target is None or target != st.top() + 1 or target not in st.discard:
            return
        st.discard.remove(target)
        st.trolley.append(target)

    def verb_send_to_end(self, st: EfoState, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        target = chosen[0] if chosen else None
        if target is None or target not in st.pantry:
            return
        was_down = target in st.down
        st.remove(target)
        st.pantry.append(target)  # face up (remove() took it off the face-down cards)
        if was_down:  # EFO.CARDS.FLIPPED: a face-down card sent to the end turns face up
            st.fire_flipped([target])

    def verb_reshuffle(self, st: EfoState, fr: Frame, chosen: tuple[int, ...] | None,
                       zone: tuple[str, int]) -> None:
        st.restart = True  # EFO.CARD.CHINA: back to step 1 once the card is resolved

    def verb_cost(self, st: EfoState, fr: Frame, chosen: tuple[int, ...] | None,
                  minutes: int) -> None:
        fr.cost = minutes


PRIMITIVES = Primitives()


def _written_options(game: Game) -> Json:
    """The options a state document carries: the game's own in full, a ruling's reading only
    when it is not the decided one (core/readings.py), so a document of the decided rules is
    as it always was."""
    written: Json = {k: v for k, v in game.options.items() if not k.startswith(PREFIX)}
    written.update({option_name(k): v for k, v in in_force(game.options).items()})
    return written


def _plain(kind: str, value: int) -> int:
    return value  # players and cards are numbers in Elevenes for One


def _number(kind: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadState(f"a {kind} is a number, not {value!r}")
    return value


# The readings this file plays besides the decided ones (core/readings.py), each read at its
# rule site; the readings that change a card are card files in rulebook/elevenes-for-one/readings.
PROCEDURE_READINGS = frozenset({
    ("EFO.RULING.FRONT-FIRST", "a"), ("EFO.RULING.FRONT-LAST-MINUTE", "a"),
    ("EFO.RULING.TIME-AND-STUCK", "b"), ("EFO.RULING.USE-FLIP-MOVED", "b"),
    ("EFO.RULING.DISCARD-LIMIT", "b"), ("EFO.RULING.NEXT-CARD", "a"),
    ("EFO.RULING.NEXT-CARD", "c"), ("EFO.RULING.ELEVENSES", "c"),
})


class EfoGame(Game):
    id = "elevenes-for-one"
    option_specs: tuple[OptionSpec, ...] = (
        OptionSpec("edition", "v1.1", ["v1.0", "v1.1"], doc="which rules text",
                   rule="EFO.EDITIONS"),
        OptionSpec("minutes", 15, kind=int, low=1, high=15, doc="minutes on the clock at the start",
                   rule="EFO.VARIANT.MINUTES"),
        OptionSpec("challenge", False, kind=bool,
                   doc="the Tea Trolley is shuffled into the pantry", rule="EFO.VARIANT.TROLLEY"),
    )

    def __init__(self, options: Mapping[str, Any] | None = None, cards: CardSet | None = None,
                 user_file: str | None = None):
        """``cards``: a card set already loaded; else the rulebook's cards, with the card
        files of the readings in force (core/readings.py) and then ``user_file``."""
        self.option_specs = game_specs(self.id, EfoGame.option_specs, options)
        super().__init__(options)
        self.readings = in_force(self.options)
        variant = card_files(self.id, self.options)
        # cards of one's own (a card set or a file), not only the rulebook's and its readings'
        self.user_cards = cards is not None or user_file is not None
        if cards is None and (variant or user_file):
            cards = load_card_set(self.id, PRIMITIVES, user_file, extra=variant)
        self.cards = cards if cards is not None else load_card_set(self.id, PRIMITIVES)
        # the printed cards.cards under the decided readings, no variant file
        self.printed_cards = cards is None and not self.readings
        # EFO.RULING.FRONT-FIRST (a): the card already first may be put first for a minute
        self.front_first = self.options["reading.EFO.RULING.FRONT-FIRST"] == "a"
        # EFO.RULING.FRONT-LAST-MINUTE (a): no step 2 with one minute left
        self.front_last_minute = self.options["reading.EFO.RULING.FRONT-LAST-MINUTE"] == "a"
        # EFO.RULING.TIME-AND-STUCK (b): the clock at 0 with the pantry empty is `stuck`
        self.time_and_stuck = self.options["reading.EFO.RULING.TIME-AND-STUCK"] == "b"
        # EFO.RULING.USE-FLIP-MOVED (b): a used card its action moved is not turned face down
        self.use_flip_moved = self.options["reading.EFO.RULING.USE-FLIP-MOVED"] == "b"
        # EFO.RULING.DISCARD-LIMIT (b): the limit counts the discards made in the game
        self.count_discards: bool = self.options["reading.EFO.RULING.DISCARD-LIMIT"] == "b"
        # EFO.RULING.NEXT-CARD (a): the place of the pass is an index; (c): after a used card's
        # new place
        self.next_card = str(self.options["reading.EFO.RULING.NEXT-CARD"])
        # EFO.RULING.ELEVENSES (c): (11) may be discarded onto a full pile
        self.full_pile: bool = self.options["reading.EFO.RULING.ELEVENSES"] == "c"
        self.fast_start: Any = None  # native/fast.py: the C state's cards and set-up, once
        self._card_facts: CardFacts | None = None
        self.undiscardable = frozenset(  # EFO.DISCARD.NEVER: the cards with that trait
            n for n, card in self.cards.cards.items() if "undiscardable" in card.traits)
        self.unflippable = frozenset(  # EFO.FLIP.IMMUNE: the cards with that trait
            n for n, card in self.cards.cards.items() if "unflippable" in card.traits)
        # each event's compiled programs by card number, looked up once per effect
        self.programs: dict[str, tuple[Program, ...]] = {
            event: tuple(self.cards.program(n, event) for n in range(len(ALL_CARDS) + 1))
            for event in EVENTS}
        # EFO.RULING.ELEVENSES: the cards whose discard effect begins by scoring a card of the
        # discard pile ((11) with the printed cards), the cards reading (c) lets onto a full pile
        self.pile_scorers = frozenset(
            n for n, program in enumerate(self.programs["discard"])
            if program and isinstance(program[0], ChooseCards) and program[0].word == "score"
            and program[0].count == 1)

    def num_players(self) -> int:
        return 1

    def procedure_readings(self) -> dict[str, str]:
        """The readings in force that change the procedure (read in this file), by ruling."""
        return {k: v for k, v in self.readings.items() if (k, v) in PROCEDURE_READINGS}

    def card_facts(self) -> CardFacts:
        """What the cards in play can read and cost (card_facts.py): the solvers' key
        reductions and bound, derived once from the card programs."""
        if self._card_facts is None:
            # the pile holds three cards at most when a pass ends, unless under
            # EFO.RULING.ELEVENSES (c) a card goes onto a full pile (the bound then lets a
            # game stop with minutes left at any top card, as with cards of unknown costs)
            self._card_facts = attrs.evolve(
                derive(self.cards), stuck_cap=len(ALL_CARDS) if self.full_pile else DISCARD_LIMIT)
        return self._card_facts

    def without_reductions(self) -> EfoGame:
        """This game with the whole row in the solvers' key and the general bound (to check
        that the derived reductions change no value)."""
        self._card_facts = GENERAL
        return self

    @overload
    def new_initial_state(self) -> EfoState: ...
    @overload
    def new_initial_state(self, native: Literal[False]) -> EfoState: ...
    @overload
    def new_initial_state(self, native: bool) -> State: ...

    def new_initial_state(self, native: bool = False) -> State:
        """The start of a game, before the first deal.  ``native=True``: the same game played
        in C for fast playouts (native/fast.py; NativeUnavailable says why it cannot run)."""
        if native:
            from .native.fast import new_state

            return new_state(self)
        state = EfoState(self)
        state.minutes = int(self.options["minutes"])  # EFO.SETUP.CLOCK
        if self.options["challenge"]:  # EFO.VARIANT.TROLLEY
            state.deck = list(ALL_CARDS)
        else:  # EFO.SETUP.TROLLEY, EFO.SETUP.PANTRY
            state.trolley = [1]
            state.deck = list(ALL_CARDS[1:])
        state.phase = DEAL
        return state

    def state_from_json(self, doc: Mapping[str, Any]) -> EfoState:
        return EfoState.from_json(self, doc)


class EfoState(State):
    notation_rule = "EFO.ACTIONS"
    __slots__ = ("game", "cards", "history", "minutes", "trolley", "pantry", "down", "discard",
                 "deck", "phase", "cursor", "stack", "choice", "restart", "result",
                 "discards", "_legal", "_undiscardable", "_unflippable", "_programs")

    def __init__(self, game: EfoGame) -> None:
        self.game = game
        self.cards = game.cards
        self.history: list[Action] = []
        self.minutes = 15
        self.trolley: list[int] = []
        self.pantry: list[int] = []
        self.down: set[int] = set()
        self.discard: list[int] = []
        self.deck: list[int] = []  # cards still to be laid out in this deal
        self.phase = DEAL
        self.cursor = 0  # TURN: the current card's index; EFFECT: the first unseen index
        self.stack: list[Frame] = []
        self.choice: Choice | None = None
        self.restart = False
        self.result: str | None = None
        # the discards made so far in the game (EFO.RULING.DISCARD-LIMIT (b) limits them; under
        # the other reading only counted, for the ruling's consultation)
        self.discards = 0
        self._legal: list[Action] | None = None  # legal actions of this position, once asked
        self._undiscardable = game.undiscardable
        self._unflippable = game.unflippable
        self._programs = game.programs

    def clone(self) -> EfoState:
        other = EfoState.__new__(EfoState)
        other.game = self.game
        other.cards = self.cards
        other.history = list(self.history)
        other.minutes = self.minutes
        other.trolley = list(self.trolley)
        other.pantry = list(self.pantry)
        other.down = set(self.down)
        other.discard = list(self.discard)
        other.deck = list(self.deck)
        other.phase = self.phase
        other.cursor = self.cursor
        other.stack = [f.copy() for f in self.stack]
        other.choice = self.choice
        other.restart = self.restart
        other.result = self.result
        other.discards = self.discards
        other._legal = self._legal
        other._undiscardable = self._undiscardable
        other._unflippable = self._unflippable
        other._programs = self._programs
        return other

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a solver's table (core/solve.py): everything but the history,
        with the discard pile as a set.  No primitive reads the pile's order (choices are
        sorted, counts and tests are order-free, cards leave it by name) and the order of the
        pile changes nothing else, so positions that differ only there have the same future.
        The pending choice is not in the key: the effect stack determines it.  When the cards
        allow it (card_facts.py) the cards a pass has left behind count as a set too
        (passed_key)."""
        down = discard = deck = 0
        for card in self.down:
            down |= 1 << card
        for card in self.discard:
            discard |= 1 << card
        for card in self.deck:
            deck |= 1 << card
        pantry: tuple[Any, ...] = tuple(self.pantry)
        if self.phase == TURN and self.cursor > 1:
            facts = self.game.card_facts() if isinstance(self.game, EfoGame) else None
            if facts is not None and facts.row_as_set:
                pantry = self.passed_key(facts.first_reader)
        game = self.game
        # EFO.RULING.DISCARD-LIMIT (b): the discards made are part of the position
        made = self.discards if isinstance(game, EfoGame) and game.count_discards else 0
        return (self.phase, self.minutes, len(self.trolley), pantry, down, discard,
                deck, self.cursor, self.restart, self.result, made,
                tuple((f.card, f.event, f.owner, f.cost, f.pc, tuple(sorted(f.vars.items())))
                      for f in self.stack))

    def printed_cards(self) -> bool:
        game = self.game
        return isinstance(game, EfoGame) and game.printed_cards

    def passed_key(self, reader: int) -> tuple[Any, ...]:
        """The pantry for the solver's key between two cards of a pass, for cards that read
        the row as card_facts.py allows (the printed cards do).

        When every card the pass has left behind (before the cursor) lies face down, their
        order can matter for one thing only: the first reader (Sandwiches, 8, with the printed
        cards) sends the first card of the pantry, face down or not, to the end.  Nothing else
        reads a place behind the cursor: a swap takes face-up cards, other choices read no
        place, `next` and Servants' return act after their own place (ahead), removals only
        shift the cursor by one.  The reader acts at most once more in this pass, and not at
        all once it is on the trolley or face down.  So the key keeps the first card while the
        reader may act, and the set of the other cards behind; the cards ahead keep their
        order."""
        behind = self.pantry[:self.cursor]
        down = self.down
        for card in behind:
            if card not in down:
                return tuple(self.pantry)
        first = 0
        if reader and reader not in down and reader not in self.trolley:  # it may still act
            first = behind[0]
            behind = behind[1:]
        mask = 0
        for card in behind:
            mask |= 1 << card
        return (first, mask, *self.pantry[self.cursor:])

    # -- small helpers the primitives use ------------------------------------------------------
    def held(self) -> int | None:
        """The discarded card whose discard effect is running: out of the pantry, not yet on
        the pile (EFO.CARD.ELEVENSES)."""
        for frame in self.stack:
            if frame.event == "discard":
                return frame.card
        return None

    def top(self) -> int:
        return self.trolley[-1] if self.trolley else 0

    def remove(self, card: int) -> None:
        """Take a card out of the pantry, keeping the place of the pass (EFO.PASS.NEXT)."""
        index = self.pantry.index(card)
        del self.pantry[index]
        self.down.discard(card)
        if index < self.cursor and self._keeps_place():
            self.cursor -= 1

    def insert(self, index: int, card: int) -> None:
        self.pantry.insert(index, card)
        self.down.discard(card)
        if index < self.cursor and self._keeps_place():
            self.cursor += 1

    def _keeps_place(self) -> bool:
        """A card taken out or put in before the place of the pass: whether the place moves
        with the row (EFO.RULING.NEXT-CARD (b), (c)) or stays at its index ((a))."""
        consult("EFO.RULING.NEXT-CARD")
        game = self.game
        return not (isinstance(game, EfoGame) and game.next_card == "a")

    def lose(self, minutes: int) -> None:
        # EFO.CLOCK.ZERO: never below zero; a variant's negative cost gives minutes back, up
        # to the clock's 15 (docs/language.md, `cost`)
        self.minutes = min(15, max(0, self.minutes - minutes))

    # -- whose turn ------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == DEAL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == EFFECT and self.choice is not None:
            return self.choice.player
        return 0

    def is_chance_node(self) -> bool:
        return self.phase == DEAL

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != DEAL:
            return []
        chance = 1.0 / len(self.deck)  # EFO.PASS.SHUFFLE: every card alike
        return [(DEAL_BASE + c, chance) for c in self.deck]

    def sample_chance(self, rng: random.Random) -> Action:
        """As State.sample_chance (one ``rng.random()`` against the running total of the
        outcomes in order, the same draw giving the same card), by bisection."""
        if self.phase != DEAL:
            return super().sample_chance(rng)
        deck = self.deck
        size = len(deck)
        index = bisect_right(DEAL_TOTALS[size], rng.random())
        return DEAL_BASE + deck[index if index < size else -1]

    def is_legal(self, action: Action) -> bool:
        """For State.apply_action: checked against the cached legal actions (a deal, the
        common chance step, against the deck, without building a list)."""
        if self.phase == DEAL:
            return action - DEAL_BASE in self.deck
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return action in legal

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == TURN:  # EFO.TURN.OPTIONS
            card = self.pantry[self.cursor]
            trolley = self.trolley
            # EFO.SCORE.NEXT: the card after the trolley's top card (none yet: 1)
            actions = [SCORE, USE] if card == (trolley[-1] + 1 if trolley else 1) else [USE]
            if card not in self._undiscardable and self.may_discard(card):
                actions.append(DISCARD)  # EFO.DISCARD.LIMIT, EFO.DISCARD.NEVER
            return actions
        if phase == DEAL:
            return [DEAL_BASE + c for c in self.deck]
        if phase == FRONT:  # EFO.PASS.FRONT; EFO.RULING.FRONT-FIRST: not the first card
            # step 1 has just laid every card face up (EFO.RULING.FRONT-FACE-UP)
            game = self.game
            assert isinstance(game, EfoGame)
            if self.minutes == 1:
                consult("EFO.RULING.FRONT-LAST-MINUTE")
            if game.front_last_minute and self.minutes == 1:
                return [PASS]  # EFO.RULING.FRONT-LAST-MINUTE (a): it would end the game
            consult("EFO.RULING.FRONT-FIRST")
            offered = self.pantry if game.front_first else self.pantry[1:]
            return [PASS] + [FRONT_BASE + c for c in sorted(offered)]
        if phase == EFFECT and self.choice is not None:
            return self.choice.options
        return []

    def may_discard(self, card: int) -> bool:
        """EFO.DISCARD.LIMIT: room in the discard pile; EFO.RULING.DISCARD-LIMIT (b): fewer
        than three discards made in the game; EFO.RULING.ELEVENSES (c): (11) onto a full pile
        when the card next to score is in it."""
        if len(self.discard) < DISCARD_LIMIT:
            if self.discards < DISCARD_LIMIT:
                return True
            consult("EFO.RULING.DISCARD-LIMIT")  # the pile has room, three were discarded
            game = self.game
            return not (isinstance(game, EfoGame) and game.count_discards)
        return self.onto_full_pile(card)

    def onto_full_pile(self, card: int) -> bool:
        """EFO.RULING.ELEVENSES (c): a card whose discard effect scores a card of the pile may
        be discarded onto a full pile when the card next to score is in it (the effect must
        then take it out: ``run``)."""
        game = self.game
        if not isinstance(game, EfoGame) or card not in game.pile_scorers \
                or self.top() + 1 not in self.discard:
            return False
        consult("EFO.RULING.ELEVENSES")
        if self.discards >= DISCARD_LIMIT:
            # under DISCARD-LIMIT (b) the limit counts discards, which no card gives back
            consult("EFO.RULING.DISCARD-LIMIT")
            if game.count_discards:
                return False
        return game.full_pile

    def onto_full_pile_running(self, frame: Frame) -> bool:
        """EFO.RULING.ELEVENSES (c): ``frame`` is the discard effect of a card discarded onto
        a full pile, which may not decline to take a card out."""
        game = self.game
        return (frame.event == "discard" and len(self.discard) >= DISCARD_LIMIT
                and isinstance(game, EfoGame) and game.full_pile)

    # -- actions as text -------------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        if action in SIMPLE:
            return SIMPLE[action]
        if FRONT_BASE < action < FRONT_BASE + 12:
            return f"front {action - FRONT_BASE}"
        if DEAL_BASE < action < DEAL_BASE + 12:
            return f"deal {action - DEAL_BASE}"
        if action >= CHOICE_BASE:
            word, items = decode_choice(action)
            return " ".join([word, *map(str, items)])
        return f"<action {action}>"

    def string_to_action(self, text: str) -> Action:
        words = split_words(text)  # docs/protocol.md: ASCII whitespace only
        if len(words) == 1 and words[0] in SIMPLE_BY_NAME:
            return SIMPLE_BY_NAME[words[0]]
        if len(words) >= 2 and all(re.fullmatch(r"[1-9][0-9]?", w) for w in words[1:]):
            numbers = [int(w) for w in words[1:]]
            if all(1 <= n <= 11 for n in numbers) and len(set(numbers)) == len(numbers):
                if words[0] == "front" and len(numbers) == 1:
                    return FRONT_BASE + numbers[0]
                if words[0] == "deal" and len(numbers) == 1:
                    return DEAL_BASE + numbers[0]
                if words[0] in WORDS and words[0] != "player":  # one player: never asked
                    return encode_choice(words[0], tuple(sorted(numbers)))
        raise IllegalAction("EFO.ACTIONS", f"{text!r} is not an Elevenes for One action", text)

    # -- refusals (slow path) ----------------------------------------------------------------------
    def explain_illegal(self, action: Action) -> IllegalAction:
        text = self.action_to_string(action)
        phase = self.phase
        if phase == OVER:
            return IllegalAction("EFO.GOAL.END", "the game is over", text)
        if phase == TURN and action in (SCORE, USE, DISCARD):
            card = self.pantry[self.cursor]
            if action == SCORE:
                return IllegalAction(
                    "EFO.SCORE.NEXT",
                    f"card {card} is not next after the trolley's top card {self.top()}", text)
            if self.cards.has(card, "undiscardable"):
                return IllegalAction("EFO.DISCARD.NEVER", f"card {card} can never be discarded",
                                     text)
            game = self.game
            onto_full = (isinstance(game, EfoGame) and game.full_pile
                         and card in game.pile_scorers)
            # EFO.RULING.DISCARD-LIMIT (b): room in the pile, or EFO.RULING.ELEVENSES (c)
            # letting (11) onto the full pile that holds the next card, but the discards made
            # are at the limit and none is given back
            if len(self.discard) < DISCARD_LIMIT or (onto_full and self.top() + 1 in self.discard):
                return IllegalAction(
                    "EFO.RULING.DISCARD-LIMIT",
                    f"{self.discards} cards have been discarded in this game (the limit counts "
                    "the discards made, not the cards in the pile)", text)
            if onto_full:
                return IllegalAction(  # EFO.RULING.ELEVENSES (c): nothing to take out first
                    "EFO.DISCARD.LIMIT",
                    f"the discard pile already holds {len(self.discard)} cards and card "
                    f"{self.top() + 1}, the one card {card} could take out of it, is not "
                    "among them", text)
            return IllegalAction(
                "EFO.DISCARD.LIMIT", f"the discard pile already holds {len(self.discard)} cards",
                text)
        if phase == FRONT and FRONT_BASE < action < FRONT_BASE + 12:
            card = action - FRONT_BASE
            game = self.game
            if isinstance(game, EfoGame) and game.front_last_minute and self.minutes == 1 \
                    and card in self.pantry:
                return IllegalAction("EFO.RULING.FRONT-LAST-MINUTE",
                                     "with one minute left a card may not be put first (it "
                                     "would end the game)", text)
            if self.pantry and self.pantry[0] == card:
                return IllegalAction("EFO.RULING.FRONT-FIRST", f"card {card} is already first",
                                     text)
            return IllegalAction("EFO.PASS.FRONT", f"card {card} is not in the pantry", text)
        if phase == DEAL and DEAL_BASE < action < DEAL_BASE + 12:
            return IllegalAction("EFO.PASS.SHUFFLE",
                                 f"card {action - DEAL_BASE} is not waiting to be laid out", text)
        if phase == EFFECT and self.choice is not None and action >= CHOICE_BASE:
            refused = self.explain_choice(action, text)
            if refused is not None:
                return refused
            frame = self.stack[-1]
            instr = self.program(frame)[frame.pc]
            rule, message = instr.explain(self, frame, action)
            return IllegalAction(rule, message, text)
        if phase == EFFECT and action == PASS and self.stack \
                and self.onto_full_pile_running(self.stack[-1]):
            return IllegalAction("EFO.RULING.ELEVENSES",
                                 "discarded onto a full pile, the card must first take a card "
                                 "out of it (reading (c))", text)
        if phase == EFFECT and action == PASS:
            return IllegalAction("EFO.EFFECT.MANDATORY",
                                 "this effect must be carried out: it cannot be declined", text)
        expected = {DEAL: "a card dealt (deal N)", FRONT: "front N or pass",
                    TURN: "score, use or discard", EFFECT: "one of the card's choices"}[phase]
        return IllegalAction("EFO.PROCEDURE", f"{text!r} is not a move now: expected {expected}",
                             text)

    def explain_choice(self, action: Action, text: str) -> IllegalAction | None:
        """The procedure's own reasons to refuse an effect choice, before the card's."""
        assert self.choice is not None
        word, chosen = decode_choice(action)
        asked = {decode_choice(a)[0] for a in self.choice.options if a >= CHOICE_BASE}
        if word not in asked:  # EFO.PROCEDURE: another kind of move than the pending choice
            return IllegalAction(
                "EFO.PROCEDURE", f"{text!r} is not a move now: expected "
                + " or ".join(f"{w} ..." for w in sorted(asked)), text)
        for card in chosen:
            if word == "flip" and (card not in self.pantry or card in self.down):
                return IllegalAction(  # EFO.FLIP.FACE-UP
                    "EFO.FLIP.FACE-UP", f"card {card} is not face up in the pantry", text)
            if word == "score" and card != self.top() + 1:
                return IllegalAction(  # EFO.SCORE.NEXT
                    "EFO.SCORE.NEXT",
                    f"card {card} is not next after the trolley's top card {self.top()}", text)
        return None

    # -- applying actions (known legal) ------------------------------------------------------------
    def program(self, frame: Frame) -> Program:
        """The compiled program of an effect in progress."""
        by_card = self._programs.get(frame.event)
        card = frame.card
        if CONSULTING.on:  # a card a reading's card file rewrites (core/readings.py)
            consult_card(self.game.id, card, frame.event)
        return by_card[card] if by_card is not None and 0 <= card < len(by_card) else ()

    def _apply(self, action: Action) -> None:
        self._legal = None
        phase = self.phase
        if phase == TURN:
            card = self.pantry[self.cursor]
            self.phase = EFFECT
            if action == USE:  # EFO.USE.ACTION
                self.cursor += 1
                frame = Frame(card, "use")
            else:
                # the card leaves the pantry at the cursor, which keeps the pass's place
                del self.pantry[self.cursor]
                if action == SCORE:  # EFO.SCORE.ACTION
                    self.trolley.append(card)
                    frame = Frame(card, "score")
                else:  # EFO.DISCARD.LIMIT: aside without its action or a minute
                    frame = Frame(card, "discard", cost=0)
                    self.discards += 1  # EFO.RULING.DISCARD-LIMIT (b) counts them
            if self.program(frame):
                self.stack.append(frame)
                self.run()
            else:  # no effect text: what run does once an effect is over, at once
                self.end_of(frame)
                self.choice = None
                if self.stack:  # the effect of a card turned face down (EFO.CARDS.FLIPPED)
                    self.run()
                else:
                    self.step_four()
        elif phase == DEAL:  # EFO.PASS.SHUFFLE
            card = action - DEAL_BASE
            self.deck.remove(card)
            self.pantry.append(card)
            if not self.deck:
                self.phase = FRONT
        elif phase == FRONT:
            if action != PASS:  # EFO.PASS.FRONT
                card = action - FRONT_BASE
                self.pantry.remove(card)
                self.pantry.insert(0, card)
                self.lose(1)
            self.cursor = 0
            self.phase = TURN
            if self.minutes == 0:  # EFO.CLOCK.ZERO
                self.finish("out-of-time")
            else:
                self.fire_laid_out()  # EFO.CARDS.LAID-OUT: a pass begins
        else:
            frame = self.stack[-1]
            instr = self.program(frame)[frame.pc]
            self.choice = None
            instr.resume(self, frame, action)
            self.run()

    def start_score(self, card: int) -> None:
        """EFO.SCORE.ACTION: onto the trolley, then the card's action, then the minute."""
        self.trolley.append(card)
        self.stack.append(Frame(card, "score"))

    def run(self) -> None:
        """Run the effects on the stack until one waits for a choice or all are done."""
        stack = self.stack
        while stack:
            frame = stack[-1]
            program = self.program(frame)
            size = len(program)
            while frame.pc < size:
                instr = program[frame.pc]
                choice = instr.run(self, frame)
                if choice is not None:
                    if frame.event == "discard" and PASS in choice.options \
                            and self.onto_full_pile_running(frame):
                        # EFO.RULING.ELEVENSES (c): onto a full pile the card must take one out
                        options = [a for a in choice.options if a != PASS]
                        if len(options) == 1:  # EFO.EFFECT.FORCED
                            instr.resume(self, frame, options[0])
                            if stack[-1] is not frame:
                                break
                            continue
                        choice = Choice(options, choice.player)
                    self.choice = choice
                    return
                if stack[-1] is not frame:  # the step started another effect (a score)
                    break
            else:
                stack.pop()
                self.end_of(frame)
        self.choice = None
        self.step_four()

    def end_of(self, frame: Frame) -> None:
        """What the procedure does once a card's effect is over."""
        card = frame.card
        if frame.event == "use":
            here = card in self.pantry
            if here and (self.cursor == 0 or self.pantry[self.cursor - 1] != card):
                # it has left the place of the pass (Sandwiches that was first)
                consult("EFO.RULING.USE-FLIP-MOVED")
                game = self.game
                assert isinstance(game, EfoGame)
                here = not game.use_flip_moved  # (b): it escapes the turn
            turned = here and card not in self.down
            if card in self.pantry:
                self.after_new_place(card)
            if here:
                self.down.add(card)  # EFO.USE.FLIP
            self.lose(frame.cost)  # EFO.USE.MINUTE (Sugar: 2, Servants returning: 0)
            if turned:  # EFO.CARDS.FLIPPED: after the whole of the use, its minute included
                self.fire_flipped([card])
        elif frame.event == "score":
            if card == 11:
                self.result = "won"  # EFO.GOAL.WIN: no minute is lost for (11)
            else:
                self.lose(frame.cost)  # EFO.SCORE.MINUTE
        elif frame.event == "discard":
            self.discard.append(card)  # EFO.CARD.ELEVENSES: (11) reaches the pile last
        else:  # EFO.CARDS.COST: flipped, laid_out: the minutes the card itself says, if any
            self.lose(frame.cost)

    def after_new_place(self, card: int) -> None:
        """EFO.RULING.NEXT-CARD: a used card still in the row but no longer just before the
        place of the pass (its action moved it): under (c) the pass goes on after its new
        place."""
        index = self.pantry.index(card) + 1
        if index != self.cursor:
            consult("EFO.RULING.NEXT-CARD")
            game = self.game
            if isinstance(game, EfoGame) and game.next_card == "c":
                self.cursor = index

    def fire_flipped(self, cards: list[int]) -> None:
        """EFO.CARDS.FLIPPED: the ``flipped`` effects of pantry cards just turned face up or
        face down, to run before anything else (on top of the stack), first the card that
        lies first in the pantry (EFO.CARDS.ORDER).  A card whose own ``flipped`` effect is
        in progress does not start it again (EFO.CARDS.ONCE), so a chain of such effects
        always ends."""
        programs = self._programs["flipped"]
        due = [c for c in cards if programs[c]]  # the printed cards have none: done at once
        if not due:
            return
        running = {f.card for f in self.stack if f.event == "flipped"}
        due = [c for c in due if c in self.pantry and c not in running]
        due.sort(key=self.pantry.index)
        for card in reversed(due):  # the first to run on top
            self.stack.append(Frame(card, "flipped", cost=0))

    def fire_laid_out(self) -> None:
        """EFO.CARDS.LAID-OUT: once step 2 is over, the ``laid_out`` effects of the pantry's
        cards, first to last (EFO.CARDS.ORDER), before the first card's step 3."""
        programs = self._programs["laid_out"]
        due = [c for c in self.pantry if programs[c]]
        if not due:
            return
        self.phase = EFFECT
        for card in reversed(due):
            self.stack.append(Frame(card, "laid_out", cost=0))
        self.run()  # then step 4 from the pantry's start: the first face-up card's step 3

    def step_four(self) -> None:
        """EFO.PASS.NEXT / EFO.PASS.END: the next face-up card, or a new pass."""
        if self.result is not None:
            self.finish(self.result)
            return
        if self.minutes == 0:  # EFO.CLOCK.ZERO
            if not self.pantry:  # EFO.RULING.TIME-AND-STUCK: (b) the pass ends empty
                consult("EFO.RULING.TIME-AND-STUCK")
                game = self.game
                assert isinstance(game, EfoGame)
                if game.time_and_stuck:
                    self.finish("stuck")
                    return
            self.finish("out-of-time")
            return
        if not self.restart:
            pantry, down = self.pantry, self.down
            index, size = self.cursor, len(pantry)
            while index < size and pantry[index] in down:
                index += 1
            if index < size:
                self.cursor = index
                self.phase = TURN
                return
        self.restart = False
        if not self.pantry:  # EFO.GOAL.STUCK
            self.finish("stuck")
            return
        self.deck = sorted(self.pantry)  # EFO.PASS.SHUFFLE: all cards, face up again
        self.pantry = []
        self.down = set()
        self.cursor = 0
        self.phase = DEAL

    def finish(self, result: str) -> None:
        self.result = result
        self.phase = OVER
        self.stack = []
        self.choice = None

    # -- results -----------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        return [1.0 if self.result == "won" else 0.0]

    def score(self) -> int:
        return rating(self.top(), self.minutes)[0]

    def rating(self) -> tuple[int, str]:
        return rating(self.top(), self.minutes)

    # -- views -------------------------------------------------------------------------------------
    def to_json(self) -> Json:
        return {
            "game": self.game.id,
            "options": _written_options(self.game),
            "phase": self.phase,
            "minutes": self.minutes,
            "trolley": list(self.trolley),
            "pantry": [[c, "down" if c in self.down else "up"] for c in self.pantry],
            "discard": list(self.discard),
            "deck": sorted(self.deck),
            "cursor": self.cursor,
            "held": self.held(),
            "restart": self.restart,
            "stack": self.stack_json(),
            "choice": None if self.choice is None else {
                "player": self.choice.player,
                "options": [self.action_to_string(a) for a in self.choice.options],
            },
            "result": self.result,
            **self._remembered_doc(),
        }

    def _remembered_doc(self) -> Json:
        """What the readings in force remember beyond the position (``remembered``): the
        discards made so far under EFO.RULING.DISCARD-LIMIT (b); nothing otherwise."""
        game = self.game
        if isinstance(game, EfoGame) and game.count_discards:
            return {"remembered": {"discards": self.discards}}
        return {}

    def stack_json(self) -> list[Json]:
        """The effects in progress in rules terms (card, event, minutes due, statement)."""
        docs = []
        for index, frame in enumerate(self.stack):
            doc: Json = {"card": frame.card, "event": frame.event, "cost": frame.cost}
            doc.update(frame_rules(frame, self.cards.statements(frame.card, frame.event),
                                   index == len(self.stack) - 1, _plain))
            docs.append(doc)
        return docs

    def load_stack(self, docs: list[Any]) -> list[Frame]:
        frames = []
        for index, doc in enumerate(docs):
            card, event = int(doc["card"]), str(doc["event"])
            if card not in self.cards.cards:
                raise BadState(f"stack[{index}]: no card {card}")
            cost = int(doc.get("cost", 0 if event in FREE_EVENTS else 1))
            pc, variables = frame_machine(
                doc, self.cards.statements(card, event), index == len(docs) - 1, _number,
                f"stack[{index}] (card {card}, on {event})")
            frames.append(Frame(card, event, 0, cost, pc, variables))
        return frames

    def observation(self, player: int) -> Json:
        """What the player sees, in the state's vocabulary: a face-down pantry card is a back
        (``[null, "down"]``); the deck is the set of cards still to be laid out."""
        doc = self.to_json()
        doc["pantry"] = [[None, "down"] if c in self.down else [c, "up"] for c in self.pantry]
        del doc["stack"]
        return doc

    @classmethod
    def from_json(cls, game: EfoGame, doc: Mapping[str, Any]) -> EfoState:
        check_state_document(game.id, doc)
        if doc["game"] != game.id:
            raise BadState(f"the state is of game {doc['game']!r}, not {game.id!r}")
        state = cls(game)
        try:
            state.minutes = int(doc["minutes"])
            state.trolley = [int(c) for c in doc["trolley"]]
            state.pantry = [int(entry[0]) for entry in doc["pantry"]]
            state.down = {int(entry[0]) for entry in doc["pantry"] if entry[1] == "down"}
            state.discard = [int(c) for c in doc["discard"]]
            state.deck = sorted(int(c) for c in doc.get("deck", []))
            state.phase = str(doc["phase"])
            state.cursor = int(doc.get("cursor", 0))
            state.restart = bool(doc.get("restart", False))
            state.stack = state.load_stack(list(doc.get("stack", [])))
            state.result = doc.get("result")
            # EFO.RULING.DISCARD-LIMIT (b): the discards made, when the document says; else
            # the cards in the pile (and the one whose discard effect runs), the fewest the
            # position shows
            held = sum(1 for f in state.stack if f.event == "discard")
            remembered = doc.get("remembered")
            if remembered is not None and not game.count_discards:
                raise BadState("`remembered` is written only under a reading that remembers "
                               "more than the position (reading (b) of "
                               "EFO.RULING.DISCARD-LIMIT), which is not in force")
            state.discards = int((remembered or {}).get("discards", len(state.discard) + held))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise BadState(f"malformed Elevenes for One state: {exc}") from None
        state.check_consistent()
        if state.phase == EFFECT:
            state.resume_loaded()
        check_playable(state, "EFO.TURN.OPTIONS")
        return state

    def resume_loaded(self) -> None:
        """Recompute the pending choice of a loaded mid-effect state (or finish the effect)."""
        if not self.stack:
            raise BadState("phase 'effect' needs an effect on the stack")
        frame = self.stack[-1]
        program = self.program(frame)
        if frame.pc > len(program):
            raise BadState(f"card {frame.card} has no step {frame.pc} in its {frame.event}")
        self.run()

    def check_consistent(self) -> None:
        """A loaded state must hold each card once and respect the limits of the rules."""
        places = self.trolley + self.pantry + self.discard + self.deck
        held = [f.card for f in self.stack if f.event == "discard"]
        places.extend(held)
        expected = list(ALL_CARDS)
        if sorted(places) != expected:
            raise BadState(
                f"the state must hold each card 1-11 exactly once, found {sorted(places)}")
        if self.trolley != list(range(1, len(self.trolley) + 1)):
            raise BadState(f"the trolley must hold 1, 2, 3, ... in order, not {self.trolley}")
        if not self.game.options["challenge"] and not self.trolley:
            raise BadState("the Tea Trolley (1) starts on the trolley unless challenge is on")
        if len(self.discard) > DISCARD_LIMIT:
            raise BadState(f"the discard pile holds at most {DISCARD_LIMIT} cards")
        game = self.game
        if len(self.discard) + len(held) > DISCARD_LIMIT and not (
                isinstance(game, EfoGame) and game.full_pile
                and all(c in game.pile_scorers for c in held)
                and self.top() + 1 in self.discard and self.stack[-1].event == "discard"):
            # EFO.DISCARD.LIMIT: a card is discarded only onto a pile with room, but under
            # EFO.RULING.ELEVENSES (c), where (11) goes onto a full pile that holds the card
            # next to score, which its effect takes out before anything else (so the effect
            # is still the last on the stack)
            raise BadState(
                f"the discard pile holds {len(self.discard)} cards and card(s) {held} are being "
                f"discarded: the pile would hold more than {DISCARD_LIMIT} [EFO.DISCARD.LIMIT]")
        if isinstance(game, EfoGame) and game.count_discards:
            held_count = sum(1 for f in self.stack if f.event == "discard")
            if not len(self.discard) + held_count <= self.discards <= DISCARD_LIMIT:
                raise BadState(
                    f"remembered.discards counts the discards made in the game: at least the "
                    f"{len(self.discard) + held_count} card(s) discarded in the position and at "
                    f"most {DISCARD_LIMIT}, not {self.discards} [EFO.RULING.DISCARD-LIMIT]")
        if self.phase not in PHASES:
            raise BadState(f"unknown phase {self.phase!r}; phases: {', '.join(PHASES)}")
        if self.phase == TURN and not (
            0 <= self.cursor < len(self.pantry) and self.pantry[self.cursor] not in self.down
        ):
            raise BadState("in phase 'turn' the cursor must point at a face-up pantry card")
        if self.phase == OVER and self.result not in RESULTS:
            raise BadState(f"a finished game needs a result: {', '.join(RESULTS)}")
        if self.phase == FRONT and self.down:  # EFO.RULING.FRONT-FACE-UP
            raise BadState(
                "in phase 'front' every pantry card lies face up (step 1 has just laid them "
                f"out face up), but {sorted(self.down)} lie face down [EFO.RULING.FRONT-FACE-UP]")
        if self.phase == DEAL and not self.deck:
            raise BadState("phase 'deal' needs cards in the deck")
        if self.phase != DEAL and self.deck:  # EFO.PASS.SHUFFLE: a pass starts fully laid out
            raise BadState(f"only in phase 'deal' are cards left to lay out, but in phase "
                           f"{self.phase!r} the deck holds {self.deck} [EFO.PASS.SHUFFLE]")
        if not 0 <= self.minutes <= 15:
            raise BadState("minutes run from 0 to 15")
        # Fields that only one phase uses are refused elsewhere, never corrected: a value
        # there means the document does not say what it seems to (formats page, Consistency).
        if self.phase != EFFECT and self.stack:
            raise BadState(f"effects are in progress only in phase 'effect', but in phase "
                           f"{self.phase!r} the stack holds {len(self.stack)} effect(s)")
        if self.phase != OVER and self.result is not None:
            raise BadState(f"a result is given only once the game is over, but the phase is "
                           f"{self.phase!r} and the result {self.result!r}")
        if self.restart and self.phase not in (EFFECT, OVER):  # EFO.CARD.CHINA
            raise BadState(f"a new pass is asked for (`restart`) only while effects are in "
                           f"progress or once the game is over, not in phase {self.phase!r}: "
                           f"the next step 4 starts it [EFO.CARD.CHINA]")
        if self.phase == DEAL and self.cursor != 0:
            raise BadState(f"in phase 'deal' the cursor is 0 (no card is in turn), "
                           f"not {self.cursor}")
        if self.phase == FRONT and self.cursor != 0:  # EFO.PASS.FRONT: step 3 has not begun
            raise BadState(f"in phase 'front' the cursor is 0 (no card is in turn until step 3), "
                           f"not {self.cursor} [EFO.PASS.FRONT]")
        if self.phase == EFFECT and not 0 <= self.cursor <= len(self.pantry):
            raise BadState(f"in phase 'effect' the cursor is a place in the pantry, 0 to "
                           f"{len(self.pantry)}, not {self.cursor}")
