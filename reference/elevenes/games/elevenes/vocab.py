"""The words Elevenes (2-4 players) cards may use.  Each is a primitive of primitives.py.

Cards are identified by their set (the colour of their back, one set per player) and their
number; the card language sees identifiers, and numbers and traits go by the card's number
(``Primitives.number_of``).
"""

from __future__ import annotations

from ...dsl.vocab import Verb, Vocabulary

VOCABULARY = Vocabulary(
    game="elevenes",
    card_numbers=(1, 11),
    events={"play": "the card has been played face up and any card beneath picked up"},
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
    values={"players": "the number of players"},
    grants={"see": "the spread's owner may look at these cards at any time"},
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
        "end_round": Verb("end_round", (), doc="it is eleven o'clock: the round ends", again=False,
                          example="end_round"),
    },
    players=True,
    guests=True,
    filter_zones={"face_up": ("spread",), "face_down": ("spread",)},
    # ELV.PLAY.*: a card's effect runs once it lies face up in its owner's spread
    ref_zones={"self": "spread"},
    needed={"end_round": "a round ends only when a card's effect ends it (ELV.END.ELEVENSES)"},
)
