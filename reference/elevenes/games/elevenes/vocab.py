"""The words Elevenes (2-4 players) cards may use.  Each is a primitive of primitives.py.

Cards are identified by their set (the colour of their back, one set per player) and their
number; the card language sees identifiers, and numbers and traits go by the card's number
(``Primitives.number_of``).
"""

from __future__ import annotations

from ...dsl.vocab import Grant, Verb, Vocabulary

VOCABULARY = Vocabulary(
    game="elevenes",
    card_numbers=(1, 11),
    # ELV.CARDS.EVENTS: play is the printed cards' one; the others are variant cards' own
    events={
        "play": "the card has been played face up and any card beneath picked up (the only "
                "way a card turns face up in Elevenes)",
        "flipped": "an effect has turned the card face down where it lies in a spread "
                   "(ELV.CARDS.FLIPPED); its owner is the spread's owner",
        "end_of_round": "the round has ended, before its scoring: the card lies face up in a "
                        "spread (ELV.CARDS.END-OF-ROUND)",
        "score": "the round has been scored, its cubes paid: the card lay face up in a "
                 "spread and was counted (ELV.CARDS.SCORED)",
    },
    # ELV.CARDS.GUEST-EFFECTS
    guest_events={
        "revealed": "the guest has just been revealed (ELV.GUESTS.REVEAL)",
        "end_of_round": "the round has ended, before its scoring, and the guest is revealed "
                        "(ELV.CARDS.END-OF-ROUND)",
        "score": "the round has been scored and the guest, revealed, was counted "
                 "(ELV.CARDS.SCORED)",
    },
    zones={
        "kitchen": True,
        "spread": True,
        "arrangements": True,
        "backs": True,
    },
    filters={
        "face_up": "the card lies face up in a spread",
        "face_down": "the card lies face down in a spread",
        "picked_back": "the card's back is the colour picked with pick_back in this effect",
    },
    traits={
        "unpassable": "never taken, passed or given (ELV.CARD.ELEVENSES)",
        "round_cube": "a cube at the round's end while face up in a spread (ELV.SCORE.TROLLEY)",
    },
    refs={"self": "the card whose effect this is"},
    tests={
        "face_up": "is the card face up in a spread",
        "face_down": "is the card face down in a spread",
        "unpassable": "may the card never change hands",
    },
    values={
        "players": "the number of players",
        "cubes": "the cubes the card's owner holds (ELV.CARDS.CUBES)",
        "bowl": "the cubes left in the sugar bowl (ELV.CARDS.CUBES)",
    },
    # ELV.CARDS.GRANTS: each grant lifts one rule for its cards while its condition holds
    grants={
        "see": Grant(
            "the spread's owner may look at these cards at any time: face-down spread cards "
            "and kitchen cards, hers or another player's",
            lifts="ELV.INFO.HIDDEN",
            zones=("spread", "kitchen"),
            example="grant see in kitchen(left) while face_up(self)",
        ),
        "play": Grant(
            "the spread's owner may play these cards of her kitchen even when their "
            "`requires` does not hold",
            lifts="ELV.CARD.ELEVENSES",
            zones=("kitchen",),
            example="grant play 11 in kitchen(me) while face_up(self)",
        ),
    },
    # ELV.CARDS.NEIGHBOURS
    player_refs={
        "left": "the player on the owner's left: the next in turn order (with 2 players, the "
                "other player, who is also on her right)",
        "right": "the player on the owner's right: the one before her in turn order",
    },
    verbs={
        "flip_down": Verb(
            "flip_down",
            ("card",),
            chosen=0,
            word="flip",
            again=False,
            doc="turn face-up cards face down",
            example="choose player as p; choose 1 face_up in spread(p) except 1, 10 -> flip_down",
            cards_from=("spread",),
        ),
        "exchange": Verb(
            "exchange",
            ("card", "card"),
            chosen=1,
            word="give",
            doc="the chosen card and the named card change places between two kitchens",
            example="choose player except me as p; choose 1 in kitchen(p) except unpassable as "
                    "taken; choose 1 in kitchen(me) except unpassable -> exchange taken",
            cards_from=("kitchen",),
        ),
        "set_aside": Verb(
            "set_aside",
            ("card",),
            chosen=1,
            word="pass",
            again=False,
            doc="put a kitchen card face down on the table, ready to be passed (one per "
                "player at a time)",
            example="each player as q { choose 1 in kitchen(q) except unpassable by q -> "
                    "set_aside }; pass_aside left",
            cards_from=("kitchen",),
        ),
        "pass_aside": Verb(
            "pass_aside", ("dir",), again=False, gathers="set_aside",
            doc="every card set aside goes to the nearest player in that direction who also "
                "set one aside (ELV.RULING.PASS-ALONE): a card set aside alone comes back",
            example="each player as q { choose 1 in kitchen(q) except unpassable by q -> "
                    "set_aside }; pass_aside right",
        ),
        "pick_back": Verb(
            "pick_back",
            ("card",),
            chosen=1,
            word="pick",
            again=False,
            doc="pick one back colour (backs)",
            example="choose player except me as p; choose 1 in backs(me) by p -> pick_back",
            cards_from=("backs",),
        ),
        "arrange": Verb(
            "arrange",
            ("card",),
            chosen=1,
            word="arrange",
            doc="take one arrange action",
            example="repeat up to 3 { choose 1 in arrangements(me) -> arrange }",
            cards_from=("arrangements",),
        ),
        "show": Verb(
            "show", ("zone", "to", "player"), doc="let one player look at a kitchen", again=False,
            zones=("kitchen",), example="choose player except me as p; show kitchen(p) to me",
        ),
        "show_card": Verb("show_card", ("card", "to", "player"), doc="let one player see a card",
                          again=False,
                          example="choose player except me as p; choose 1 in kitchen(me) as "
                                  "shown; show_card shown to p"),
        "reveal": Verb(
            "reveal", ("zone",), doc="show a kitchen to every player", zones=("kitchen",),
            again=False,
            example="reveal kitchen(me)",
        ),
        "take": Verb(
            "take",
            ("card",),
            chosen=1,
            word="take",
            again=False,
            doc="the card moves from the kitchen it lies in to the owner's, nothing given "
                "back (ELV.CARDS.TRANSFER); never an unpassable card",
            to_own="kitchen",
            example="choose 1 at random in kitchen(left) -> take",
            cards_from=("kitchen",),
        ),
        "give": Verb(
            "give",
            ("card", "to", "player"),
            chosen=1,
            word="give",
            again=False,
            doc="the card moves from the kitchen it lies in to the player's, nothing given "
                "back (ELV.CARDS.TRANSFER); never an unpassable card",
            example="choose 1 in kitchen(me) -> give to right",
            cards_from=("kitchen",),
        ),
        "take_cube": Verb(
            "take_cube", ("int",),
            doc="the owner takes that many cubes from the sugar bowl, as many as it holds "
                "(ELV.CARDS.CUBES)",
            example="take_cube 1",
        ),
        "lose_cube": Verb(
            "lose_cube", ("int",),
            doc="the owner puts that many of her cubes back in the sugar bowl, as many as she "
                "holds (ELV.CARDS.CUBES)",
            example="lose_cube 1",
        ),
        "give_cube": Verb(
            "give_cube", ("int", "to", "player"),
            doc="the owner gives that many of her cubes to the player, as many as she holds "
                "(ELV.CARDS.CUBES)",
            example="give_cube 1 to left",
            other_player=True,
        ),
        "steal_cube": Verb(
            "steal_cube", ("int", "from", "player"),
            doc="the owner takes that many cubes from the player, as many as the player holds "
                "(ELV.CARDS.CUBES)",
            example="choose player except me as p; steal_cube 1 from p",
            other_player=True,
        ),
        "end_round": Verb("end_round", (), doc="it is eleven o'clock: the round ends", again=False,
                          example="end_round", idle_in=("end_of_round", "score")),
    },
    players=True,
    guests=True,
    filter_zones={"face_up": ("spread",), "face_down": ("spread",)},
    # ELV.PLAY.*: a card's effect runs once it lies face up in its owner's spread
    ref_zones={"self": "spread"},
    # ELV.CARDS.FLIPPED, ELV.CARDS.END-OF-ROUND, ELV.CARDS.SCORED
    never={
        "flipped": ((1, 10, 11), "only cards of positions 2-9 are turned face down "
                                 "(ELV.RULING.TEA-POSITIONS); Elevenses lies in the centre"),
        "end_of_round": ((11,), "Elevenses lies in the centre, never face up in a spread "
                                "(ELV.PLAY.POSITIONS)"),
        "score": ((11,), "Elevenses lies in the centre and is never counted "
                         "(ELV.PLAY.POSITIONS)"),
    },
    needed={"end_round": "a round ends only when a card's effect ends it (ELV.END.ELEVENSES)"},
)
