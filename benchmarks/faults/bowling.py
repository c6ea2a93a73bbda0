"""Faults planted in Bowling Solitaire that the suite cannot see."""

from __future__ import annotations

from faults import (
    API_ONLY,
    DEAD,
    FAST_PATH,
    LATER,
    NUMBERING,
    OVERWRITTEN,
    SCHEMA,
    TEXT,
    Equivalent,
)

PREFIXES = ("the check that no ball follows the end of its frame is made on the same "
            "beginnings of the frame's balls, one ball apart: the same documents are refused "
            "(only the message differs)")
BEFORE_TENTH = ("the frames before the current one are frames 1-9, and a frame number is "
                "only ever told apart from the tenth: frames 0-8 read as frames before the "
                "tenth too")

CONSULTED = ("only decides whether a ruling is noted as consulted (core/readings.py: which "
             "readings a play depends on, for the reference's own reports); no state, legal "
             "action or refusal changes")

CHANCE_ONLY = ("`chances` asks for the outcomes only at a chance node (a deal): what the "
               "function answers elsewhere is never read")

ENTRIES: list[Equivalent] = [
    *(Equivalent("bowling-solitaire", file, where, code, why) for file, where, code, why in [
        ("layout.py", "_neighbours", "", DEAD),
        ("layout.py", "_touch_table", "", DEAD),
        ("layout.py", "bits", "", DEAD),
        ("layout.py", "is_connected", "mask == 0", DEAD),
        ("layout.py", "letters_to_mask", "",
         "the action text is read by the notation's own parser; this helper serves the API"),
        ("layout.py", "is_connected", "return False", DEAD),
        ("notation.py", "state_from_doc", "FRAMES if phase == OVER else frame",
         "the check before makes a finished game's frame 10"),
        ("notation.py", "state_from_doc", "if state.standing == 0", LATER),
        ("notation.py", "state_from_doc", "if not state._has_knock()", LATER),
        ("notation.py", "_check_partial_deal", "dealt_pins + sum(sizes) == DEAL_SIZE", LATER),
        ("scoring.py", "marks", "standing, fresh = 10, True", "the pins standing after a "
         "spare are read only by a second ball of the fresh rack, which no frame has"),
        ("scoring.py", "marks", "if fresh else (10, True)", "the values set after a rack's "
         "second ball that is no spare are never read: that ball is its frame's last"),
        ("notation.py", "state_from_doc", 'f"after the balls', TEXT),
        ("state.py", "explain_illegal", "if count > 1", TEXT),
        ("state.py", "explain_illegal", "if mask == CENTRE",
         "reached only when no earlier rule is broken: then the centre pin is the reason"),
        ("state.py", "explain_illegal", "elif not mask & TOUCH",
         "reached only when no earlier rule is broken: then touching is the reason"),
        ("state.py", "explain_illegal", "if not mask & zone:",
         "reached only when no earlier rule is broken: then touching is the reason"),
        ("state.py", "<module>", "strict=True", DEAD),
        ("state.py", "pad_doc", "strict=True", DEAD),
        ("state.py", "_index_rack", "for _ in range(10)", DEAD),
        ("state.py", "pin_mask", "", DEAD),
        ("notation.py", "parse_action", "f\"{text!r}: the piles", TEXT),
        ("notation.py", "_frame_progress", "rack, ball, standing, first = 0, 1, 10, 0", DEAD),
        ("notation.py", "_frame_progress", "last_rack, last_ball = 0, 1", OVERWRITTEN),
        ("notation.py", "_frame_progress", "if pins == standing", DEAD),
        ("notation.py", "_frame_progress", "ball, standing, first = 1, 10, 0", DEAD),
        ("notation.py", "state_from_doc", "if problem is not None", SCHEMA),
        ("notation.py", "state_from_doc", "counts = [0] * 10", "an eleventh count, of a card "
         "10 that no game has, is read only as a chance outcome's probability (Python API); "
         "`legal` lists the numbers 0-9"),
        ("notation.py", "state_from_doc", "strict=True", DEAD),
        ("notation.py", "state_from_doc", "raise _bad(", TEXT),
        ("notation.py", "state_from_doc", "missing = [", TEXT),
        ("notation.py", "state_from_doc", "state.out = [out.count(v) for v in range(10)]", DEAD),
        ("notation.py", "state_from_doc", "state._by_digit", FAST_PATH),
        ("notation.py", "state_from_doc", "state.standing = 0", OVERWRITTEN),
        ("notation.py", "state_from_doc", "state.stock = [0] * 10", OVERWRITTEN),
        ("notation.py", "_check_partial_deal", "raise _bad(", TEXT),
        ("scoring.py", "<module>", "PERFECT", DEAD),
        ("scoring.py", "frame_done", "balls[0] == 10",
         "a frame of one ball: its first is its last"),
        ("scoring.py", "frame_scores", "balls[0] == 10",
         "a frame of one ball: its first is its last"),
        ("state.py", "<module>", "PILE_SIZES", SCHEMA),
        ("notation.py", "state_from_doc", "len(pile) > size", SCHEMA),
        ("scoring.py", "frame_scores", "rolls[at + 2 : at + 3]", "only the slice's first ball "
         "is read"),
        ("scoring.py", "frame_scores", "bonus[0] if bonus", "a slice of one ball: its first is "
         "its last"),
        ("scoring.py", "frame_kind", "", "statistics of elevenes analyse only"),
        ("state.py", "<module>", "END_BALL = 10", NUMBERING),
        ("state.py", "<module>", "KNOCK_BASE = 1024", NUMBERING),
        ("state.py", "<module>", "MAX_ACTION", NUMBERING),
        ("state.py", "<module>", "EMPTY = -1",
         "the mark of an empty spot: any value no card has"),
        ("state.py", "<module>", "_PILE_OF_POSITION", DEAD),
        ("state.py", "explain_illegal", "whose last digit is", TEXT),
        ("state.py", "num_players", "", "the suite asks only for seats a game has"),
        ("state.py", "__init__", "self.ball = 1", OVERWRITTEN),
        ("state.py", "legal_actions", "", FAST_PATH),
        ("state.py", "is_legal", "", FAST_PATH),
        ("state.py", "apply_action", "", FAST_PATH),
        ("state.py", "_new_deal", "", OVERWRITTEN),
        ("state.py", "explain_illegal", "0 <= action < 10", API_ONLY),
        ("state.py", "explain_illegal", "not 0 <= pile < 3", API_ONLY),
        ("state.py", "action_to_string", "", API_ONLY),
        ("state.py", "is_chance_node", "", API_ONLY),
        ("state.py", "second_ball_follows", "", "used by the bots only"),
        ("state.py", "tops", "", "used by the bots only"),
        ("state.py", "digit_of", "", "used by the bots only"),
        ("state.py", "cards_left", "", "used by the bots only"),
        ("state.py", "observation", "if player != 0", "the suite asks only for seats a game has"),
        ("state.py", "_settle", "if self.standing:", "with no pin standing no knock can take "
         "a pin: the search finds none and the ball ends the same"),
        ("notation.py", "_frame_progress", "for number, pins in enumerate(balls, 1)", PREFIXES),
        ("notation.py", "_frame_progress", "frame_done(frame, balls[: number - 1])", PREFIXES),
        ("notation.py", "state_from_doc", "_frame_progress(index + 1, balls)", BEFORE_TENTH),
        ("notation.py", "state_from_doc", "if not frame_done(index + 1, balls)", BEFORE_TENTH),
        ("notation.py", "state_from_doc", 'f"a rack is dealt before its first ball', TEXT),
        ("notation.py", "_check_last_ball", "_check_second_ball(piles_top_first, downed, "
         "rack_balls[0], used)", "the check is the same with the two balls swapped (the "
         "second ball's pins are the spots less the first's, and the bounds add the two "
         "balls' cards): naming the second ball as the first refuses the same documents"),
        ("notation.py", "_check_second_ball", "strict=True", DEAD),
        ("notation.py", "_check_second_ball", "when the first ball ended: it holds at most",
         TEXT),
        ("state.py", "chance_outcomes", "if self.phase != DEAL:", CHANCE_ONLY),
        ("state.py", "", 'consult("BWL.RULING.', CONSULTED),
        ("notation.py", "", 'consult("BWL.RULING.', CONSULTED),
        ("state.py", "_consult_bounds", "", CONSULTED),
        ("state.py", "_bounds", "CONSULTING.on", CONSULTED),
        ("state.py", "_bounds", "self._consult_bounds()", CONSULTED),
        # the test's body is only the consultation; the second ball follows it either way
        ("state.py", "_end_ball", "if self.rack > 0:  # a bonus ball", CONSULTED),
        ("notation.py", "state_from_doc", "if frame == FRAMES:", CONSULTED),
        ("notation.py", "_remembered", "if frame > 1 or rack > 0 or ball == 2:", CONSULTED),
        ("state.py", "_bounds", "if game.decided:", FAST_PATH),
        ("state.py", "_stand_again", "if self.layout is None:", "the loader refuses a "
         "position under reading (d) of BWL.RULING.BONUS-BALLS that could stand the layout "
         "again without it (bwl-faults-bonus-d-ball-2-no-layout), and play records it at the "
         "deal: no position reaches the check"),
        ("state.py", "_stand_again", "self.out = [0] * 10", "an eleventh count, of a card 10 "
         "that no game has, is never read: the state writes `out` for the numbers 0-9"),
        ("state.py", "_deal", 'if self.game.bonus_balls == "d":', "the layout recorded at "
         "the deal is read only under reading (d) of BWL.RULING.BONUS-BALLS (forced true, "
         "the other readings record it and never read it; the other faults of this line are "
         "killed by bwl-faults-bonus-d-layout-stands-again)"),
        ("state.py", "_remembered_doc", 'return {"remembered": memory} if memory else {}',
         "forced true, a state under the decided readings writes `remembered: {}`: a partial "
         "expectation cannot require a key to be absent (forced false is killed by the "
         "faults-readings scenarios)"),
        ("notation.py", "_check_second_ball", "if downed < first_ball:", "its caller has "
         "already refused a document whose empty spots are not the rack's balls' pins, and "
         "the second ball's pins are 0 or more (the schema): the spots are never fewer than "
         "the first ball's pins here"),
        ("state.py", "_emptied", "emptied = (FULL if self.ball_start is None else "
         "self.ball_start) ^ self.standing", "read only under reading (g) of "
         "BWL.RULING.TOUCH-FRAME, where the ball's start is never unknown: play sets it at "
         "every ball, and loading refuses under (g) a position that does not tell it (the "
         "faults-readings scenarios), so `FULL if ... is None` is never taken"),
        ("state.py", "_remembered_doc", 'if game.touch_frame == "g" and self.ball_start is not '
         "None and self.phase == PLAY:", "with `and` and `or` swapped a state writes a "
         "`ball_start` it need not (under the other readings, or at a deal), beside what it "
         "must and with the right pins: a key too many, which a partial expectation cannot "
         "see, and which loading reads as the same position (the other faults of this line "
         "are killed by the faults-readings scenarios)"),
    ]),
]
