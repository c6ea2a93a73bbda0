"""Elevenes for 2-4 players: the state machine, read top to bottom.

Round procedure (rulebook/elevenes/rules.md):
  DEAL    chance lays each player's cards face down at positions 2-9, 3 to the kitchen
                                                                           ELV.ROUND.DEAL
  GUESTS  (advanced rules) chance deals each player a secret Special Guest  ELV.GUESTS.DEAL
  TURN    the player plays a card or takes an arrange action                ELV.TURN.OPTIONS
  ARRANGE she may take a second arrange action                              ELV.ARRANGE.SECOND
  EFFECT  the played card's effect runs; its choices are decisions          ELV.PLAY.SPECIAL
  REVEAL  end of a turn: players whose guest's cards are face up may reveal it
                                                        ELV.GUESTS.REVEAL, ELV.GUESTS.ASKED
  then the next player clockwise (ELV.TURN.ORDER), until Elevenses ends the round
  (ELV.END.ELEVENSES): scoring (ELV.SCORE.*), the game's end (ELV.GAME.END) or a new round.
The cards' effects are compiled from rulebook/elevenes/cards.cards against primitives.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import CHANCE, TERMINAL, Action, Game, Json, OptionSpec, State
from ...core.errors import BadOption, IllegalAction
from ...core.readings import (
    CONSULTING,
    card_files,
    card_readings,
    consult,
    consult_card,
    describe,
    game_specs,
    in_force,
)
from ...dsl.check import card_verbs
from ...dsl.compile import CardSet, Guest
from ...dsl.runtime import Choice, Frame, Program
from . import notation as nt
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
    SERVER,
)
from .primitives import PLACED, granted

DRAWING, DEALING, GUESTS, TURN, SECOND, EFFECT, REVEALING, OVER = (
    "first_server",
    "deal",
    "guests",
    "turn",
    "arrange",
    "effect",
    "reveal",
    "over",
)
PHASES = (DRAWING, DEALING, GUESTS, TURN, SECOND, EFFECT, REVEALING, OVER)

EDITIONS: dict[str, dict[str, Any]] = {
    # ELV.EDITION.CUBES, ELV.EDITION.TARGET, ELV.EDITION.TARGET-VARIANT,
    # ELV.EDITION.ANNOUNCE, ELV.EDITION.GUEST-TIMING
    "en": {"cubes": 25, "target": 5, "targets": (5,), "announce": False, "any_turn": True},
    "fr": {"cubes": 30, "target": 7, "targets": (5, 7, 9, 11), "announce": True, "any_turn": False},
}
MIN_FACE_UP = 4  # ELV.CARD.ELEVENSES: written in cards.cards as `requires`; here for messages
GUEST_VALUE = 2  # ELV.GUESTS.VALUE
# the events a card's effect runs on (vocab.py); all but play are variant cards' own
# (ELV.CARDS.FLIPPED, ELV.CARDS.END-OF-ROUND, ELV.CARDS.SCORED): no printed card has them
CARD_EVENTS = ("play", "flipped", "end_of_round", "score")
# the events a Special Guest's effect runs on (ELV.CARDS.GUEST-EFFECTS)
GUEST_EVENTS = ("revealed", "end_of_round", "score")
# the events of the round's end: Elevenses may lie in the centre while their effects run
ROUND_EVENTS = ("end_of_round", "score")
# a Special Guest's effect in progress: Frame.card is GUEST_FRAME + the guest's number
GUEST_FRAME = 1000


# The readings this game plays besides the decided ones (core/readings.py), each read at its
# rule site; a ruling's other playable readings are not options yet.
PROCEDURE_READINGS = frozenset({
    ("ELV.RULING.SERVER-TIE", "a"), ("ELV.RULING.ARRANGE-COUNT", "a"),
    ("ELV.RULING.TARGET-MORE", "a"),
    ("ELV.RULING.BOWL-EMPTY", "a"), ("ELV.RULING.BOWL-EMPTY", "c"), ("ELV.RULING.BOWL-EMPTY", "d"),
    ("ELV.RULING.BOWL-EMPTY", "e"), ("ELV.RULING.BOWL-EMPTY", "f"),
    ("ELV.RULING.GUEST-TIMING", "b"), ("ELV.RULING.GUEST-TIMING", "c"),
    ("ELV.RULING.FIRST-SERVER", "c"), ("ELV.RULING.END-OF-TURN", "b"),
})


class ElvGame(Game):
    id = "elevenes"
    option_specs: tuple[OptionSpec, ...] = (
        OptionSpec(
            "players", 2, kind=int, low=2, high=4, doc="number of players", rule="ELV.COMPONENTS"
        ),
        OptionSpec(
            "edition",
            "en",
            ["en", "fr"],
            doc="en: Grail (25 cubes, game to 5); fr: Adventureland (30 cubes, game to 7)",
            rule="ELV.EDITIONS",
        ),
        OptionSpec(
            "target",
            0,
            kind=int,
            low=0,
            high=11,
            doc="cubes to win; 0 = the edition's (fr variant: 5, 9 or 11)",
            rule="ELV.EDITION.TARGET-VARIANT",
        ),
        OptionSpec(
            "guests",
            False,
            kind=bool,
            doc="advanced rules: the Special Guests",
            rule="ELV.GUESTS.DEAL",
        ),
        OptionSpec(
            "guest_file",
            "",
            doc="a .cards file with the real guests (replaces guests)",
            rule="ELV.GUESTS.FILE",
        ),
        OptionSpec(
            "outright",
            False,
            kind=bool,
            doc="keep playing rounds after a tie until there is an outright winner",
            rule="ELV.VARIANT.OUTRIGHT",
        ),
        OptionSpec(
            "first_server",
            0,
            kind=int,
            low=0,
            high=3,
            doc="the seat that takes the starting server card for the first round",
            rule="ELV.SETUP.SERVER",
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None, cards: CardSet | None = None,
                 user_file: str | None = None):
        """``cards``: a card set already loaded (the decided readings' cards); else the
        rulebook's cards, the card files of the readings in force (rulebook/elevenes/readings,
        core/readings.py), then ``user_file``."""
        self.option_specs = game_specs(self.id, ElvGame.option_specs, options,
                                       PROCEDURE_READINGS | card_readings(self.id))
        super().__init__(options)
        self.readings = in_force(self.options)
        # ELV.RULING.SERVER-TIE (a): a holder tied for the fewest cubes keeps the card
        self.holder_keeps = self.readings.get("ELV.RULING.SERVER-TIE") == "a"
        # ELV.RULING.ARRANGE-COUNT (a): zero arrange actions, so a turn may be passed at will
        self.free_pass = self.readings.get("ELV.RULING.ARRANGE-COUNT") == "a"
        # ELV.RULING.TARGET-MORE (a): every player at or above the target wins
        self.target_wins = self.readings.get("ELV.RULING.TARGET-MORE") == "a"
        # ELV.RULING.BOWL-EMPTY: (b) decided; (a) no limit; (c) whole groups; (d) shared evenly;
        # (e) play goes on once the bowl is empty; (f) an empty bowl ends the game with no winner
        # unless someone has reached the target
        self.bowl_reading = self.readings.get("ELV.RULING.BOWL-EMPTY", "b")
        # ELV.RULING.GUEST-TIMING: (a) decided (English: the end of anyone's turn); (b) her own
        # turn only, as the French edition says; (c) only the turn her three cards came face up
        self.guest_timing = self.readings.get("ELV.RULING.GUEST-TIMING", "a")
        # ELV.RULING.FIRST-SERVER (c): chance draws the first starting server before the deal
        self.server_drawn = self.readings.get("ELV.RULING.FIRST-SERVER") == "c"
        # ELV.RULING.END-OF-TURN (b): a turn ends before the played card's special action, so
        # the end-of-turn reveals (the Special Guests) come between the play and its effect
        self.early_end = self.readings.get("ELV.RULING.END-OF-TURN") == "b"
        edition = EDITIONS[str(self.options["edition"])]
        target = int(self.options["target"]) or int(edition["target"])
        if target not in edition["targets"]:
            raise BadOption(
                f"option 'target' takes {' or '.join(map(str, edition['targets']))} in the "
                f"{self.options['edition']} edition, not {target} "
                "[ELV.EDITION.TARGET, ELV.EDITION.TARGET-VARIANT]"
            )
        self.options["target"] = target
        self.edition = edition
        self.total_cubes = int(edition["cubes"])
        variant = card_files(self.id, self.options)  # the readings that rewrite a card
        if cards is None:
            from . import load_cards

            cards = load_cards(user_file, str(self.options["guest_file"]) or None, variant)
        elif variant:
            raise BadOption(f"the readings {describe(self.options)} rewrite cards: they are "
                            "played with the rulebook's cards, not with a card set given whole")
        self.cards = cards
        self.players = int(self.options["players"])
        if self.server_drawn and int(self.options["first_server"]):
            raise BadOption(
                "under reading (c) of ELV.RULING.FIRST-SERVER chance draws the first starting "
                "server: leave out the option first_server [ELV.RULING.FIRST-SERVER]")
        if int(self.options["first_server"]) >= self.players:  # ELV.SETUP.SERVER
            raise BadOption(
                f"option 'first_server' names seat {self.options['first_server']}, but a "
                f"{self.players}-player game has seats 0 to {self.players - 1} "
                "[ELV.SETUP.SERVER]"
            )
        missing = [n for n in range(1, NUMBERS + 1) if n not in cards.cards]
        if missing:
            raise BadOption(f"the card set lacks card(s) {missing} [ELV.CARDS.TABLE]")
        if self.options["guests"] and len(cards.guests) < self.players:
            raise BadOption(
                f"the advanced rules need at least {self.players} Special Guests, the guest "
                f"file defines {len(cards.guests)} [ELV.GUESTS.DEAL]"
            )
        # what the fast path needs, by card number
        self.values = [0] + [cards.cards[n].value for n in range(1, NUMBERS + 1)]
        # ELV.SCORE.VALUE: a variant's value read when it is counted (`value count(...)`)
        self.value_fns = {n: fn for n in range(1, NUMBERS + 1)
                          if (fn := cards.cards[n].value_fn) is not None}
        # the effects of each event by card number (ELV.PLAY.SPECIAL, ELV.CARDS.*)
        self.handlers: dict[str, list[Program]] = {
            event: [()] + [cards.program(n, event) for n in range(1, NUMBERS + 1)]
            for event in CARD_EVENTS
        }
        self.programs: list[Program] = self.handlers["play"]
        # the events some card has an effect for (the others are never looked up)
        self.fires = frozenset(e for e in CARD_EVENTS[1:] if any(self.handlers[e]))
        self.guest_fires = frozenset(
            e for e in GUEST_EVENTS for g in cards.guests.values() if g.programs.get(e))
        self.requires = [()] + [cards.cards[n].requires for n in range(1, NUMBERS + 1)]
        self.cube_cards = [n for n in range(1, NUMBERS + 1) if cards.has(n, "round_cube")]
        # ELV.CARDS.TRANSFER: with a card that takes or gives one way a kitchen may run empty
        self.one_way = any({"take", "give"} & card_verbs(card)
                           for _, card in cards.definitions().values())
        # ELV.CARDS.GRANTS: does any card grant `play` (looked up only then)
        self.play_grants = any(name == "play" for card in cards.cards.values()
                               for name, _, _ in card.grants)
        self.want_masks: dict[int, int] = {}
        for number, guest in cards.guests.items():
            mask = 0
            for want in guest.wants:
                mask |= 1 << want
            self.want_masks[number] = mask

    def num_players(self) -> int:
        return self.players

    def guest(self, number: int) -> Guest:
        return self.cards.guests[number]

    def new_initial_state(self) -> ElvState:
        state = ElvState(self)
        state.bowl = self.total_cubes  # ELV.SETUP.BOWL
        # ELV.SETUP.SERVER / ELV.RULING.FIRST-SERVER: the table says who takes the card
        state.server = int(self.options["first_server"])
        state.start_round()
        consult("ELV.RULING.FIRST-SERVER")  # (c) draws the seat instead of reading the option
        if self.server_drawn:  # ELV.RULING.FIRST-SERVER (c): a chance event before the deal
            state.phase = DRAWING
        return state

    def state_from_json(self, doc: Mapping[str, Any]) -> ElvState:
        from .views import state_from_json

        return state_from_json(self, doc)


class ElvState(State):
    notation_rule = "ELV.ACTIONS"
    __slots__ = (
        "game",
        "cards",
        "n",
        "everyone",
        "history",
        "phase",
        "round",
        "server",
        "turn",
        "bowl",
        "cubes",
        "spread",
        "up",
        "kitchen",
        "aside",
        "guest",
        "revealed",
        "deck",
        "dealing",
        "centre",
        "stack",
        "choice",
        "reveal",
        "ended",
        "seen",
        "announced",
        "winners",
        "last",
        "trolley_cards",
        "legal",
        "fired",
        "complete_at_start",
        "waiting",
    )
    game: ElvGame

    def __init__(self, game: ElvGame) -> None:
        n = game.players
        self.game = game
        self.cards = game.cards
        self.n = n
        self.everyone = (1 << n) - 1
        self.history: list[Action] = []
        self.phase = DEALING
        self.round = 1
        self.server = 0
        self.turn = 0
        self.bowl = 0
        self.cubes = [0] * n
        self.spread = [[-1] * 11 for _ in range(n)]  # [player][position 1-10] -> card or -1
        self.up = [0] * n  # bit p set: the card at position p is face up
        self.kitchen: list[list[int]] = [[] for _ in range(n)]
        self.aside = [-1] * n  # Fine China / Biscuits: the card set aside to pass
        self.guest = [0] * n  # Special Guest number, 0 = none
        self.revealed = [False] * n
        self.deck: list[int] = []  # DEAL: undealt cards; GUESTS: undealt guests
        self.dealing = (0, 2)  # (player, position) being dealt
        self.centre = -1  # the Elevenses that ended the round
        self.stack: list[Frame] = []
        self.choice: Choice | None = None
        self.reveal: list[int] = []  # REVEAL: players still to be asked, in order
        self.ended = False
        self.seen: list[tuple[int, str, int, int, tuple[int, ...], int]] = []
        self.announced: list[int] | None = None
        self.winners: list[int] = []
        self.last: Json | None = None
        # the round_cube cards face up in each spread when the last round was scored, for its
        # log (not part of the state document: a loaded game's log counts them instead)
        self.trolley_cards: list[list[int]] | None = None
        self.legal: list[Action] | None = None  # legal_actions() until the next action
        # the effects events set off during the last action, for its log: (event, card or
        # GUEST_FRAME + guest, owner); not part of the state
        self.fired: list[tuple[str, int, int]] = []
        # ELV.RULING.GUEST-TIMING (c): the players (a bit mask) whose guest's three cards all
        # lay face up when the turn began; kept only under that reading
        self.complete_at_start = 0
        # ELV.RULING.END-OF-TURN (b): the card played whose effect waits for the end-of-turn
        # reveals, or -1
        self.waiting = -1

    def clone(self) -> ElvState:
        other = ElvState.__new__(ElvState)
        other.game = self.game
        other.cards = self.cards
        other.n = self.n
        other.everyone = self.everyone
        other.history = list(self.history)
        other.phase = self.phase
        other.round = self.round
        other.server = self.server
        other.turn = self.turn
        other.bowl = self.bowl
        other.cubes = list(self.cubes)
        other.spread = [list(s) for s in self.spread]
        other.up = list(self.up)
        other.kitchen = [list(k) for k in self.kitchen]
        other.aside = list(self.aside)
        other.guest = list(self.guest)
        other.revealed = list(self.revealed)
        other.deck = list(self.deck)
        other.dealing = self.dealing
        other.centre = self.centre
        other.stack = [f.copy() for f in self.stack]
        other.choice = self.choice
        other.reveal = list(self.reveal)
        other.ended = self.ended
        other.seen = list(self.seen)
        other.announced = None if self.announced is None else list(self.announced)
        other.winners = list(self.winners)
        other.last = self.last
        other.trolley_cards = self.trolley_cards
        other.legal = self.legal
        other.fired = []
        other.complete_at_start = self.complete_at_start
        other.waiting = self.waiting
        return other

    # -- small helpers the primitives use ------------------------------------------------------
    def is_face_up(self, card: int) -> bool:
        number = card % NUMBERS + 1
        if number == ELEVENSES:
            return False
        for player in range(self.n):
            if self.spread[player][number] == card:
                return bool(self.up[player] >> number & 1)
        return False

    def is_face_down(self, card: int) -> bool:
        for player in range(self.n):
            row = self.spread[player]
            up = self.up[player]
            for pos in HIDDEN_POSITIONS:
                if row[pos] == card and not up >> pos & 1:
                    return True
        return False

    def holder(self, card: int) -> int:
        """The player whose kitchen holds ``card``, or -1."""
        for player in range(self.n):
            if card in self.kitchen[player]:
                return player
        return -1

    def remember(
        self,
        viewers: int,
        kind: str,
        player: int,
        position: int,
        cards: tuple[int, ...],
        by: int,
    ) -> None:
        """ELV.INFO.MEMORY: what the ``viewers`` (a bit mask) have just seen."""
        if by >= GUEST_FRAME:  # a Special Guest's effect: no card did it
            by = -1
        self.seen.append((viewers, kind, player, position, cards, by))

    def face_up_count(self, player: int) -> int:
        return int(self.up[player]).bit_count()

    def value(self, player: int) -> int:
        """ELV.SCORE.VALUE: face-up cards of the spread, plus a revealed guest."""
        values = self.game.values
        row = self.spread[player]
        up = self.up[player]
        total = sum(values[row[pos] % NUMBERS + 1] for pos in range(1, 11) if up >> pos & 1)
        counted = self.game.value_fns
        if counted:  # a value read now, for the spread's owner, in place of the number
            for pos, fn in counted.items():
                if pos <= 10 and up >> pos & 1:
                    total += fn(self, Frame(row[pos], "value", player)) - values[pos]
        return total + (GUEST_VALUE if self.revealed[player] else 0)

    def arrange(self, player: int, card: int, position: int) -> None:
        """ELV.ARRANGE.ACTION: ``card`` face down at ``position``; the card there to hand."""
        kitchen = self.kitchen[player]
        kitchen.remove(card)
        row = self.spread[player]
        kitchen.append(row[position])
        row[position] = card
        self.seen.append((1 << player, PLACED, player, position, (card,), -1))

    # -- whose turn ------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in (TURN, SECOND):
            return self.turn
        if phase == EFFECT:
            return self.choice.player if self.choice is not None else self.turn
        if phase == REVEALING:
            return self.reveal[0]
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self) -> list[Action]:
        """The legal actions, sorted (the list is shared until the next action: do not change
        it)."""
        legal = self.legal
        if legal is None:
            legal = self.legal = self.compute_legal()
        return legal

    def compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            return self.turn_actions(self.turn)
        if phase == EFFECT:
            return self.choice.options if self.choice is not None else []
        if phase == SECOND:  # ELV.ARRANGE.SECOND
            return [PASS, *self.arrange_actions(self.turn)]
        if phase == REVEALING:  # ELV.GUESTS.REVEAL, ELV.GUESTS.ASKED
            return [PASS, REVEAL] if self.may_reveal(self.reveal[0]) else [PASS]
        if phase == DEALING:  # ELV.ROUND.DEAL
            dealt = self.dealing[0]
            return sorted(DEAL + c for c in self.deck if c // NUMBERS == dealt)
        if phase == GUESTS:  # ELV.GUESTS.DEAL
            return sorted(GUEST + g for g in self.deck)
        if phase == DRAWING:  # ELV.RULING.FIRST-SERVER (c): any seat, each alike
            return [SERVER + p for p in range(self.n)]
        return []

    def arrange_actions(self, player: int, kitchen: list[int] | None = None) -> list[Action]:
        """ELV.ARRANGE.ACTION: any kitchen card to any position 2-9 holding a face-down card
        (sorted: by card, then position)."""
        up = self.up[player]
        spots = [ARRANGE + pos - 2 for pos in HIDDEN_POSITIONS if not up >> pos & 1]
        cards = kitchen if kitchen is not None else sorted(self.kitchen[player])
        return [card * 8 + s for card in cards for s in spots]

    def turn_actions(self, player: int) -> list[Action]:
        """ELV.TURN.OPTIONS: play a card or arrange; ELV.TURN.PASS when neither is possible.
        Plays (100-143) sort before arrange actions (200-551)."""
        kitchen = sorted(self.kitchen[player])
        actions = [PLAY + c for c in kitchen if self.playable(player, c)]
        actions.extend(self.arrange_actions(player, kitchen))
        if actions and CONSULTING.on:
            consult("ELV.RULING.ARRANGE-COUNT")  # (a) would offer a pass beside them
        if self.game.free_pass:  # ELV.RULING.ARRANGE-COUNT (a): an action of no arrange
            return [PASS, *actions]
        return actions or [PASS]

    def playable(self, player: int, card: int) -> bool:
        number = card % NUMBERS + 1
        if number != ELEVENSES and self.up[player] >> number & 1:
            return False  # ELV.PLAY.NO-COPY
        requires = self.game.requires[number]
        if requires:  # ELV.CARD.ELEVENSES: four face-up cards (cards.cards `requires`)
            frame = Frame(card, "requires", player)
            if all(cond(self, frame) for cond in requires):
                return True
            # ELV.CARDS.GRANTS: a card face up in her spread may grant `play` of it anyway
            return self.game.play_grants and card in granted(self, player, "play")
        return True

    # -- actions as text ---------------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return nt.action_to_string(action)

    def string_to_action(self, text: str) -> Action:
        return nt.string_to_action(text, self.n)

    # -- refusals (slow path) ----------------------------------------------------------------------
    def explain_illegal(self, action: Action) -> IllegalAction:
        from .views import explain_illegal

        return explain_illegal(self, action)

    # -- applying actions (known legal) ------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self.legal = None
        if self.fired:
            self.fired = []
        phase = self.phase
        if phase == TURN:
            player = self.turn
            if action >= ARRANGE:  # ELV.ARRANGE.ACTION
                card, slot = divmod(action - ARRANGE, 8)
                self.arrange(player, card, slot + 2)
                self.phase = SECOND
            elif action >= PLAY:
                self.play(player, action - PLAY)
            else:  # ELV.TURN.PASS
                self.end_turn()
        elif phase == EFFECT:
            frame = self.stack[-1]
            instr = self.program_of(frame)[frame.pc]
            self.choice = None
            instr.resume(self, frame, action)
            self.run()
        elif phase == SECOND:
            if action != PASS:  # ELV.ARRANGE.SECOND
                card, slot = divmod(action - ARRANGE, 8)
                self.arrange(self.turn, card, slot + 2)
            self.end_turn()
        elif phase == REVEALING:
            player = self.reveal.pop(0)
            if action == REVEAL:  # ELV.GUESTS.REVEAL
                self.revealed[player] = True
                if "revealed" in self.game.guest_fires:  # ELV.CARDS.GUEST-EFFECTS
                    self.fire("revealed", [(GUEST_FRAME + self.guest[player], player)])
                    if self.stack:
                        self.phase = EFFECT
                        self.run()
                        return
            self.ask_next()
        elif phase == DEALING:
            self.deal(action - DEAL)
        elif phase == DRAWING:  # ELV.RULING.FIRST-SERVER (c): then the first deal
            self.server = action - SERVER
            self.dealing = (0, 2)
            self.phase = DEALING
        elif phase == GUESTS:
            player = self.dealing[0]
            self.guest[player] = action - GUEST
            self.deck.remove(action - GUEST)
            if player + 1 < self.n:
                self.dealing = (player + 1, 0)
            else:
                self.deck = []
                self.start_turns()

    # -- the round ---------------------------------------------------------------------------------
    def start_round(self) -> None:
        """ELV.ROUND.DEAL: every player's own set, shuffled, is laid out anew."""
        n = self.n
        self.spread = [[-1] * 11 for _ in range(n)]
        self.up = [0] * n
        self.kitchen = [[] for _ in range(n)]
        self.aside = [-1] * n
        self.guest = [0] * n
        self.revealed = [False] * n
        self.centre = -1
        self.stack = []
        self.choice = None
        self.reveal = []
        self.ended = False
        self.seen = []
        self.announced = [0] * n if self.game.edition["announce"] else None
        self.deck = list(range(n * NUMBERS))
        self.dealing = (0, 2)
        self.phase = DEALING

    def deal(self, card: int) -> None:
        player, position = self.dealing
        self.spread[player][position] = card
        self.deck.remove(card)
        if position < 9:
            self.dealing = (player, position + 1)
            return
        # the three cards left of the set are the kitchen
        self.kitchen[player] = [c for c in self.deck if c // NUMBERS == player]
        self.deck = [c for c in self.deck if c // NUMBERS != player]
        if player + 1 < self.n:
            self.dealing = (player + 1, 2)
        elif self.game.options["guests"]:  # ELV.GUESTS.DEAL
            self.deck = sorted(self.game.cards.guests)
            self.dealing = (0, 0)
            self.phase = GUESTS
        else:
            self.start_turns()

    def start_turns(self) -> None:
        """ELV.TURN.ORDER: the starting server takes the first turn."""
        self.dealing = (0, 0)
        self.turn = self.server
        self.phase = TURN
        self.turn_begins()

    def turn_begins(self) -> None:
        """ELV.RULING.GUEST-TIMING (c): a reveal is allowed only at the end of the turn in which
        the guest's three cards came face up, so what was complete as the turn began counts."""
        if self.game.guest_timing == "c" and self.game.options["guests"]:
            self.complete_at_start = self.complete_mask()

    def complete_mask(self) -> int:
        """The players whose guest's three wanted cards all lie face up (revealed or not)."""
        mask = 0
        for p in range(self.n):
            wanted = self.game.want_masks.get(self.guest[p], -1)
            if self.guest[p] and self.up[p] & wanted == wanted:
                mask |= 1 << p
        return mask

    def play(self, player: int, card: int) -> None:
        """ELV.PLAY.ACTION: face up at its position, pick up the card beneath, then its effect."""
        self.kitchen[player].remove(card)
        number = card % NUMBERS + 1
        if number == ELEVENSES:
            self.centre = card  # ELV.PLAY.POSITIONS: the centre of the table
        else:
            row = self.spread[player]
            below = row[number]
            if below >= 0:  # ELV.PLAY.PICK-UP
                self.kitchen[player].append(below)
            row[number] = card
            self.up[player] |= 1 << number
        if self.game.programs[number]:  # ELV.PLAY.SPECIAL
            if self.game.options["guests"] and number != ELEVENSES:  # ELV.RULING.GUEST-ELEVENSES
                consult("ELV.RULING.END-OF-TURN")  # (b) ends the turn before the effect
                if self.game.early_end:  # ELV.RULING.END-OF-TURN (b): the reveals come first
                    self.waiting = card
                    self.end_turn()
                    return
            self.stack.append(Frame(card, "play", player))
            self.phase = EFFECT
            self.run()
        else:
            self.after_play(player)

    def program_of(self, frame: Frame) -> Program:
        """The compiled effect a frame runs: a card's for its event, or a guest's."""
        if frame.card >= GUEST_FRAME:
            guest = self.cards.guests.get(frame.card - GUEST_FRAME)
            return guest.programs.get(frame.event, ()) if guest is not None else ()
        if CONSULTING.on:  # a card a reading's card file rewrites (core/readings.py)
            consult_card(self.game.id, frame.card % NUMBERS + 1, frame.event)
        return self.game.handlers[frame.event][frame.card % NUMBERS + 1]

    def run(self) -> None:
        """Run the effects on the stack until one waits for a choice or all are done; then
        the procedure goes on from what set off the first (the bottom frame's event)."""
        stack = self.stack
        if not stack:
            return
        bottom = stack[0]
        while stack:
            frame = stack[-1]
            program = self.program_of(frame)
            if frame.pc < len(program):
                choice = program[frame.pc].run(self, frame)
                if choice is not None:
                    choice.options.sort()
                    self.choice = choice
                    return
                continue
            stack.pop()
        self.choice = None
        if bottom.event == "end_of_round":  # ELV.CARDS.END-OF-ROUND: then the scoring
            self.score_round()
        elif bottom.event == "score":  # ELV.CARDS.SCORED: then the game's end or a new round
            self.finish_round()
        elif bottom.event == "revealed":  # ELV.CARDS.GUEST-EFFECTS: the others are asked
            self.ask_next()
        else:
            self.after_play(bottom.owner, bottom.card)

    def fire(self, event: str, due: list[tuple[int, int]]) -> None:
        """ELV.CARDS.ORDER: put the ``event`` effects of ``due`` (card or GUEST_FRAME + guest,
        owner) on the stack, to run before anything else: seat by seat in turn order from the
        player whose turn it is, each seat's cards by number, then her guest."""
        turn, n = self.turn, self.n
        due = [(card, owner) for card, owner in due if self.program_of(Frame(card, event))]
        due.sort(key=lambda item: ((item[1] - turn) % n,
                                   item[0] >= GUEST_FRAME, item[0] % NUMBERS))
        for card, owner in reversed(due):  # the first to run on top
            self.stack.append(Frame(card, event, owner))
        self.fired.extend((event, card, owner) for card, owner in due)

    def fire_flipped(self, turned: list[tuple[int, int]]) -> None:
        """ELV.CARDS.FLIPPED: the ``flipped`` effects of the cards (card, spread owner) an
        effect has just turned face down, before the rest of that effect."""
        if "flipped" in self.game.fires and turned:
            self.fire("flipped", turned)

    def round_over(self) -> None:
        """ELV.CARDS.END-OF-ROUND: the round has ended; the ``end_of_round`` effects of the
        cards face up in the spreads and of revealed guests run, then the scoring."""
        self.waiting = -1  # a guest's effect ended the round before the card's (END-OF-TURN (b))
        due: list[tuple[int, int]] = []
        if "end_of_round" in self.game.fires:
            due.extend(self.counted())
        if "end_of_round" in self.game.guest_fires:
            due.extend(self.revealed_guests())
        self.stack = []
        self.fire("end_of_round", due)
        if self.stack:
            self.phase = EFFECT
            self.run()
        else:
            self.score_round()

    def counted(self) -> list[tuple[int, int]]:
        """The cards face up in the spreads (card, spread owner): those a scoring counts."""
        return [(self.spread[p][pos], p) for p in range(self.n) for pos in range(1, 11)
                if self.up[p] >> pos & 1]

    def revealed_guests(self) -> list[tuple[int, int]]:
        return [(GUEST_FRAME + self.guest[p], p) for p in range(self.n)
                if self.revealed[p] and self.guest[p]]

    def ask_next(self) -> None:
        """ELV.GUESTS.ASKED: the next player asked about her guest, or the next turn; after a
        guest's effect that ended the round, nobody (ELV.GUESTS.NOT-AFTER-ELEVENSES)."""
        if self.ended:
            self.round_over()
            return
        if self.reveal:  # a guest's effect may have turned cards face down meanwhile
            asked = self.guests_to_ask()
            self.reveal = [p for p in self.reveal if p in asked]
        if self.reveal:
            self.phase = REVEALING
        else:
            self.turn_over()

    def after_play(self, player: int, card: int = -1) -> None:
        if self.ended:  # ELV.END.ELEVENSES: the round ends at once
            self.round_over()
            return
        if self.announced is not None:  # ELV.EDITION.ANNOUNCE
            self.announced[player] = self.value(player)
        if card >= 0 and self.game.early_end and self.game.options["guests"] \
                and card % NUMBERS + 1 != ELEVENSES:
            self.next_turn()  # ELV.RULING.END-OF-TURN (b): the turn ended before the effect
            return
        self.end_turn()

    def end_turn(self) -> None:
        """ELV.GUESTS.REVEAL: at the end of a turn, the players who might reveal are asked."""
        self.phase = TURN
        if self.game.options["guests"]:
            queue = self.guests_to_ask()
            if queue:
                self.reveal = queue
                self.phase = REVEALING
                return
        self.turn_over()

    def turn_over(self) -> None:
        """The end of a turn is over: the next turn; under ELV.RULING.END-OF-TURN (b) first
        the effect of the card played, which waited for the end-of-turn reveals."""
        if self.waiting >= 0:
            card, self.waiting = self.waiting, -1
            self.stack.append(Frame(card, "play", self.turn))
            self.phase = EFFECT
            self.run()
            return
        self.next_turn()

    def guests_to_ask(self) -> list[int]:
        """ELV.GUESTS.ASKED: everyone who might reveal, judged on what all can see (a hidden
        guest and three face-up cards), in turn order from the player whose turn ended;
        ELV.EDITION.GUEST-TIMING: in the French edition only that player, as under reading (b)
        of ELV.RULING.GUEST-TIMING in the English one."""
        everyone = [(self.turn + k) % self.n for k in range(self.n)]
        asked = [
            p
            for p in everyone
            if self.guest[p] and not self.revealed[p] and int(self.up[p]).bit_count() >= 3
        ]
        if asked and CONSULTING.on:
            consult("ELV.RULING.GUEST-TIMING")  # (b) asks only her, (c) may refuse a reveal
        if not self.game.edition["any_turn"] or self.game.guest_timing == "b":
            return [p for p in asked if p == self.turn]
        return asked

    def may_reveal(self, player: int) -> bool:
        """ELV.GUESTS.REVEAL: her guest's three wanted cards all lie face up in her spread."""
        mask = self.game.want_masks.get(self.guest[player], -1)
        if self.game.guest_timing == "c" and self.complete_at_start >> player & 1:
            return False  # ELV.RULING.GUEST-TIMING (c): the turn they came face up is past
        return (
            bool(self.guest[player])
            and not self.revealed[player]
            and (self.up[player] & mask == mask)
        )

    def next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.n  # ELV.TURN.ORDER: clockwise
        self.phase = TURN
        self.turn_begins()

    # -- scoring -----------------------------------------------------------------------------------
    def score_round(self) -> None:
        """ELV.SCORE.*: place and Tea Trolley cubes from the bowl; the game's end or a new round."""
        n = self.n
        values = [self.value(p) for p in range(n)]
        places = place_awards(values)
        self.trolley_cards = [
            [number for number in self.game.cube_cards if self.up[p] >> number & 1]
            for p in range(n)
        ]
        trolley = [len(cards) for cards in self.trolley_cards]
        order = [(self.server + k) % n for k in range(n)]
        paid = [0] * n
        # ELV.RULING.BOWL-EMPTY: places first (largest award first), then Tea Trolleys,
        # each group clockwise from the starting server, while the bowl lasts
        by_size = sorted(order, key=lambda p: -places[p])
        reading = self.game.bowl_reading
        if sum(places) + sum(trolley) > self.bowl:
            consult("ELV.RULING.BOWL-EMPTY")  # the bowl cannot pay the round
        for group, awards in ((by_size, places), (order, trolley)):
            if reading in ("c", "d"):
                self._pay_groups(group, awards, paid, reading)
                continue
            for p in group:
                amount = awards[p] if reading == "a" else min(awards[p], self.bowl)
                self.bowl = max(0, self.bowl - amount)  # (a): counters once the bowl is empty
                paid[p] += amount
                self.cubes[p] += amount
        self.last = {
            "round": self.round,
            "values": values,
            "places": places,
            "trolley": trolley,
            "paid": paid,
            "ended_by": self.turn,
        }
        self.stack = []
        self.choice = None
        # ELV.CARDS.SCORED: the cards counted and the revealed guests, once the cubes are paid
        due: list[tuple[int, int]] = []
        if "score" in self.game.fires:
            due.extend(self.counted())
        if "score" in self.game.guest_fires:
            due.extend(self.revealed_guests())
        self.fire("score", due)
        if self.stack:
            self.phase = EFFECT
            self.run()
        else:
            self.finish_round()

    def finish_round(self) -> None:
        """ELV.GAME.END, then ELV.SCORE.SERVER and a new round."""
        self.stack = []
        self.choice = None
        if self.game_over():
            return
        # ELV.SCORE.SERVER, ELV.RULING.SERVER-TIE
        self.server = next_server(self.cubes, self.server, self.game.holder_keeps)
        self.round += 1
        self.start_round()

    def _pay_groups(self, group: list[int], awards: list[int], paid: list[int],
                    reading: str) -> None:
        """ELV.RULING.BOWL-EMPTY (c): a group of equal awards (the 2-cube award, the 1-cube place
        awards, the Tea Trolley cubes) is paid only whole; (d) what the bowl holds is shared
        evenly among everyone owed, the remainder staying in the bowl."""
        sizes = sorted({awards[p] for p in group if awards[p]}, reverse=True)
        for size in sizes:
            players = [p for p in group if awards[p] == size]
            each = size
            if size * len(players) > self.bowl:  # the bowl cannot pay the whole group
                each = 0 if reading == "c" else self.bowl // len(players)
            for p in players:
                self.bowl -= each
                paid[p] += each
                self.cubes[p] += each

    def game_over(self) -> bool:
        """ELV.GAME.END / ELV.GAME.SHARED / ELV.VARIANT.OUTRIGHT / ELV.RULING.BOWL-EMPTY."""
        best = max(self.cubes)
        leaders = [p for p in range(self.n) if self.cubes[p] == best]
        target = int(self.game.options["target"])
        outright = bool(self.game.options["outright"])
        # ELV.RULING.BOWL-EMPTY (a), (e): an empty bowl does not end the game
        if self.bowl == 0:
            consult("ELV.RULING.BOWL-EMPTY")  # the bowl is empty after a scoring
        if best >= target and sum(1 for c in self.cubes if c >= target) > len(leaders):
            consult("ELV.RULING.TARGET-MORE")  # one at the target, another with more
        empty = self.bowl == 0 and self.game.bowl_reading not in ("a", "e")
        if (best >= target and (len(leaders) == 1 or not outright)) or empty:
            self.winners = leaders
            if empty and best < target and self.game.bowl_reading == "f":
                self.winners = []  # ELV.RULING.BOWL-EMPTY (f): nobody reached it, nobody wins
            if best >= target and self.game.target_wins and not outright:
                # ELV.RULING.TARGET-MORE (a): reaching the target is what wins
                self.winners = [p for p in range(self.n) if self.cubes[p] >= target]
            self.phase = OVER
            return True
        return False

    # -- results -----------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        return [1.0 if p in self.winners else 0.0 for p in range(self.n)]

    def score(self) -> int:
        return self.cubes[0]

    # -- views -------------------------------------------------------------------------------------
    def to_json(self) -> Json:
        from .views import state_to_json

        return state_to_json(self)

    def observation(self, player: int) -> Json:
        from .views import observation

        return observation(self, player)


def place_awards(values: list[int]) -> list[int]:
    """ELV.SCORE.PLACES / ELV.SCORE.TWO-PLAYER / ELV.SCORE.TIES: cubes for the places."""
    n = len(values)
    awards = [0] * n
    best = max(values)
    top = [p for p in range(n) if values[p] == best]
    if len(top) > 1:
        for p in top:
            awards[p] = 1
        return awards
    awards[top[0]] = 2
    if n >= 3:
        second = max(v for p, v in enumerate(values) if p != top[0])
        seconds = [p for p in range(n) if values[p] == second and p != top[0]]
        if len(seconds) == 1:
            awards[seconds[0]] = 1
    return awards


def next_server(cubes: list[int], server: int, holder_keeps: bool = False) -> int:
    """ELV.SCORE.SERVER / ELV.RULING.SERVER-TIE: the fewest cubes; among equals the first
    clockwise from the player after the current server (the server last); under reading (a)
    of the ruling (``holder_keeps``) the server first."""
    n = len(cubes)
    fewest = min(cubes)
    if cubes[server] == fewest and cubes.count(fewest) > 1:
        consult("ELV.RULING.SERVER-TIE")  # the server ties for the fewest
    if holder_keeps and cubes[server] == fewest:
        return server  # ELV.RULING.SERVER-TIE (a): she is the closest to herself
    for k in range(1, n + 1):
        p = (server + k) % n
        if cubes[p] == fewest:
            return p
    return server


__all__ = ["ElvGame", "ElvState", "PLAYER", "next_server", "place_awards"]
