"""The words Elevenes for One cards may use.  Each is a primitive of primitives.py."""

from __future__ import annotations

from ...dsl.vocab import Verb, Vocabulary

VOCABULARY = Vocabulary(
    game="elevenes-for-one",
    card_numbers=(1, 11),
    events={
        "use": "option 3B: the card is used (EFO.USE.ACTION)",
        "score": "option 3A: the card is scored (EFO.SCORE.ACTION)",
        "discard": "option 3C: the card is discarded; runs before it reaches the pile",
        "flipped": "the card is turned face down or face up in the pantry: used, flipped by"
                   " an effect, or sent to the end face down (EFO.CARDS.FLIPPED)",
        "laid_out": "a pass begins: the pantry is laid out and step 2 is over; every pantry"
                    " card's effect runs, first to last (EFO.CARDS.LAID-OUT)",
    },
    zones={"pantry": False, "discard": False, "trolley": False},
    filters={
        "face_up": "the card lies face up in the pantry",
        "face_down": "the card lies face down in the pantry",
        "scorable": "the card is next after the top of the Tea Trolley",
    },
    traits={
        "undiscardable": "never discarded (EFO.DISCARD.NEVER)",
        "unflippable": "never flipped face down by a card effect (EFO.FLIP.IMMUNE)",
    },
    refs={
        "self": "the card whose effect this is",
        "next": "the card after this one in the pantry (after its place, once it has left;"
                " none for a card scored from the discard pile)",
        "first": "the first card of the pantry",
    },
    tests={"face_up": "is the card face up in the pantry", "face_down": "is it face down",
           "from_discard": "was the card scored from the discard pile by the discard effect"
                           " now running (Elevenses): it never lay in this row"},
    values={"minutes": "minutes left on the clock"},
    grants={},
    requires=False,  # the solo game has no condition on using or scoring a card
    positions=("pantry",),  # `2 after self`, `before next`, `card 3 of pantry`
    pass_row="pantry",  # `ahead`: the pantry cards the pass has still to reach
    scores_value=False,  # the rating goes by the top card's number (EFO.RATING), not a value
    # the trolley is a pile of scored cards in order: no rule ever picks a card from it
    choose_from=("pantry", "discard"),
    ref_zones={"next": "pantry", "first": "pantry"},
    filter_zones={"face_up": ("pantry",), "face_down": ("pantry",)},
    verbs={
        "flip_down": Verb("flip_down", ("card",), chosen=0, word="flip", again=False,
                          doc="turn face-up pantry cards face down (not unflippable ones)",
                          cards_from=("pantry",),
                          example="choose 1 face_up in pantry except self -> flip_down"),
        "swap": Verb("swap", ("card",), chosen=2, word="swap",
                     doc="swap the places of two pantry cards", cards_from=("pantry",),
                     example="choose exactly 2 face_up in pantry except self -> swap"),
        "return_after_self": Verb("return_after_self", ("card",), chosen=1, word="return",
                                  again=False,
                                  doc="put a discarded card face up just after this card",
                                  cards_from=("discard",),
                                  example="choose 1 in discard -> return_after_self"),
        "score": Verb("score", ("card",), chosen=1, word="score", again=False,
                      doc="score a discarded card (the whole of option 3A)",
                      cards_from=("discard",), example="choose 1 scorable in discard -> score"),
        "put_on_trolley": Verb("put_on_trolley", ("card",), chosen=1, word="score",
                               again=False,
                               doc="put a discarded card on the trolley, only placed: no"
                               " action, no minute (it must be next after the top card)",
                               cards_from=("discard",),
                               example="choose 1 scorable in discard -> put_on_trolley"),
        "send_to_end": Verb("send_to_end", ("card",), chosen=1, word="move",
                            doc="put a pantry card last, face up", cards_from=("pantry",),
                            example="choose 1 in pantry except self -> send_to_end"),
        "reshuffle": Verb("reshuffle", ("zone",), again=False,
                          doc="collect the pantry and go to step 1",
                          zones=("pantry",), example="reshuffle pantry"),
        "cost": Verb("cost", ("signed",), again=False,
                     doc="the minutes this use or score costs (1 unless a card says "
                     "otherwise); below 0 it gives minutes back, the clock stopping at 15",
                     example="cost -1"),
    },
)
