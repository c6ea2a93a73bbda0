"""Faults planted in Elevenes for One that the suite cannot see."""

from __future__ import annotations

from faults import (
    API_ONLY,
    DEAD,
    DEFENSIVE,
    FAST_PATH,
    NUMBERING,
    OPTIONS,
    OVERWRITTEN,
    SCHEMA,
    SOLO,
    TEXT,
    VARIANT,
    Equivalent,
)

POSITIONS = ("the pantry places of the card language (`after`, `before`, the row's n-th card): "
             "no printed card names one, so only a variant card file reaches them")
CHANCE_ONLY = ("`chances` asks for the outcomes only at a chance node (a deal): what the "
               "function answers elsewhere is never read")
CONSULTED = ("only notes a ruling as consulted (core/readings.py: which readings a play "
             "depends on, for the reference's own reports); no state, legal action or refusal "
             "changes")
ONE_CHOSEN = ("Servants and the Elevenses choose exactly one card of the discard pile, which is "
              "never empty when they choose: the choice's first card is its last, and it is "
              "never empty")

EVENTS = (f"{VARIANT}: the card language's `flipped` and `laid_out` events, which no printed "
          "card and no shipped reading's card file has (tests/dsl/scenarios/efo-*.yaml play "
          "them, judged with `--card-scenarios`)")
ONE_TO_TAKE = ("under EFO.RULING.ELEVENSES (c) the discard effect onto a full pile may take one "
               "card only, the card next to score (one number): once `pass` is struck out, "
               "the choice has exactly one option")
NEVER_WAITS = ("the discard effect of a card discarded onto a full pile never waits for a "
               "decision (its one option is taken at once, EFO.EFFECT.FORCED), and once it "
               "has taken its card out the pile is no longer full: no `pass` is refused with "
               "such an effect on the stack")
FROM_DISCARD = ("`from_discard(self)` (reading (d) of EFO.RULING.ELEVENSES) is true only for a "
                "Servants scored from the pile by (11), when (1)-(9) are on the trolley and "
                "(11) is held: the pile is then empty, so Servants returns nothing under "
                "every answer (efo-reading-elevenses-d); a fault that makes it true for "
                "Servants scored in step 3A is killed (efo-faults-elevenses-d-servants-scored)")
ONE_STEP = ("the printed discard effect ((11)'s) is one step, so its first step is its last; "
            "and the count of a `choose` word is 1 with the printed cards")

ENTRIES: list[Equivalent] = [
    *(Equivalent("elevenes-for-one", "game.py", where, code, why) for where, code, why in [
        ("<module>", "SCORE, USE, DISCARD, PASS, YES", NUMBERING),
        ("<module>", "FRONT_BASE, DEAL_BASE, CHOICE_BASE", NUMBERING),
        ("encode_choice", "", NUMBERING),
        ("encode_all", "", NUMBERING),
        ("<module>", "MASK_CARDS", NUMBERING),
        ("check_consistent", "0 <= self.cursor <", "the JSON Schema makes the cursor 0 or more"),
        ("decode_choice", "", NUMBERING),
        ("<module>", "DEAL_TOTALS", FAST_PATH),
        ("_running_totals", "", FAST_PATH),
        ("<module>", '", "', TEXT),  # the rating bands' labels and verdicts
        ("<module>", "(0, ", TEXT),
        ("rating", "", TEXT),
        ("rule_for_exception", "", VARIANT),
        ("players", "", VARIANT),
        ("filter_face_down", "", VARIANT),
        ("test_face_down", "", VARIANT),
        ("ref_first", "", DEFENSIVE),
        ("ref_next", "", "the cursor already stands after the card: both ways name the same card"),
        ("applicable_flip_down", "", DEFENSIVE),
        ("applicable_swap", "", DEFENSIVE),
        ("verb_swap", "", DEFENSIVE),
        ("verb_return_after_self", "chosen[0] if chosen else card", DEFENSIVE),
        ("verb_return_after_self", "target is None or", DEFENSIVE),
        ("verb_return_after_self", "pantry.index(fr.card) + 1 if", "a card used stands just "
         "before the cursor: after its place is where the cursor stands"),
        ("verb_score", "chosen[0] if chosen else card", DEFENSIVE),
        ("verb_score", "target is None or", DEFENSIVE),
        ("verb_send_to_end", "st.down.discard(target)",
         "remove() has already turned the card face up"),
        ("verb_send_to_end", "", DEFENSIVE),
        ("_number", "", VARIANT),
        ("EfoGame", "OptionSpec", OPTIONS),
        ("__init__", "self.cards = cards if cards", VARIANT),
        ("__init__", "self.printed_cards", FAST_PATH),
        ("__init__", "self.minutes = 15", OVERWRITTEN),
        ("__init__", "range(len(ALL_CARDS) + 1)", DEAD),
        ("num_players", "", "the suite asks only for seats a game has"),
        ("remove", "self.down.discard(card)", "its one caller (send_to_end) turns the card "
         "face up itself"),
        ("insert", "self.down.discard(card)",
         "the card comes back from the discard pile, and only pantry cards lie face down"),
        ("insert", "self.cursor", DEAD),
        ("current_player", "phase == EFFECT", SOLO),
        ("is_chance_node", "", API_ONLY),
        ("apply_action", "", FAST_PATH),
        ("legal_actions", "", FAST_PATH),
        ("_legal_actions", "phase == EFFECT and", DEAD),
        ("action_to_string", "", API_ONLY),
        ("string_to_action", "words[0] in SIMPLE_BY_NAME", "one word: its first is its last"),
        ("string_to_action", "SIMPLE_BY_NAME[words[0]]", "one word: its first is its last"),
        ("string_to_action", "1 <= n <= 11", "the pattern [1-9] admits no 0; a 12 reads as "
         "a number whose text reads back otherwise, and such a number is refused as text that "
         "is no action (EFO.ACTIONS) all the same"),
        ("string_to_action", "numbers[0]", "one number: its first is its last"),
        ("explain_illegal", "FRONT_BASE < action < FRONT_BASE + 12", API_ONLY),
        ("explain_illegal", "DEAL_BASE < action < DEAL_BASE + 12", API_ONLY),
        ("explain_illegal", "action >= CHOICE_BASE", API_ONLY),
        ("explain_illegal", "f\"card {action - DEAL_BASE}", TEXT),
        ("explain_choice", "a >= CHOICE_BASE", NUMBERING),
        ("program", "", DEAD),
        ("run", "by_card is not None", DEAD),
        ("_apply", "or self.stack:", FAST_PATH),
        ("end_of", "if card in self.pantry", DEAD),
        ("end_of", "card == 11", VARIANT),
        ("load_stack", "card not in self.cards.cards", SCHEMA),
        ("from_json", "check_state_document", SCHEMA),
        ("from_json", 'doc["game"] != game.id', SCHEMA),
        ("check_consistent", "self.phase not in PHASES", SCHEMA),
        ("check_consistent", "len(self.discard) > DISCARD_LIMIT", SCHEMA),
        ("check_consistent", "self.minutes <= 15", SCHEMA),
        ("from_json", "check_playable(state", "every position the checks before let through "
         "has a legal action: step 1 a card to lay out, step 2 `pass`, step 3 `use`, and a "
         "loaded effect runs until it asks (a choice always has an option) or ends"),
        ("resume_loaded", "if frame.pc > len(program)", "the statement check of the stack "
         "refuses first: a waiting effect stands at a statement of its text, never past it"),
        ("resume_loaded", "frame = self.stack[-1]", "the check that follows holds for every "
         "entry of a loaded stack (each stands at a statement of its text or just past it)"),
        ("_apply", "if self.program(frame)", FAST_PATH),
        ("run", "if stack[-1] is not frame", "a step that starts another effect without "
         "asking first: no printed card has one (Elevenses scores from the pile in a `may`, "
         "always asked, and the effect it starts runs from the answer)"),
        ("stack_json", "index == len(self.stack) - 1", "with the printed cards the statement "
         "that asks a decision reads the same counted either way (as the waiting statement or "
         "as the statement of the step before it): each asking choice is its statement's "
         "first step"),
    ]),
    Equivalent("elevenes-for-one", "rulebook:cards.cards", "card 7",
               "choose exactly 2 face_up in pantry except self -> swap",
               "`choose 2` differs from `choose exactly 2` only with one candidate, taken "
               "alone; `swap` needs two cards and does nothing with one, as `exactly` does"),
    Equivalent("elevenes-for-one", "game.py", "onto_full_pile",
               "if self.discards >= DISCARD_LIMIT:",
               "forced true, it only notes the ruling as consulted: with the pile full, three "
               "discards at least were made (a loaded `remembered.discards` is never fewer than "
               "the cards in the pile, and no card gives a discard back)", "test forced true"),
    # the faults of `from_discard` that make it false where it is true (those that make it
    # true for a Servants scored in step 3A are killed)
    *(Equivalent("elevenes-for-one", "game.py", "test_from_discard", code, FROM_DISCARD, detail)
      for code, detail in [
          ('if frame.event == "discard":', "test forced true"),
          ('if frame.event == "discard":', "test forced false"),
          ('if frame.event == "discard":', "Eq -> NotEq"),
          ('elif below and frame.event == "score"', "test forced false"),
          ('elif below and frame.event == "score"', "Eq -> NotEq"),
          ("below = True", "True -> False"),
          ("return True", "True -> False")]),
    Equivalent("elevenes-for-one", "vocab.py", "", "", "what the card language accepts in a "
               "user's card file; the printed cards are checked the same way"),
    # the same answer under any card file (the general path after the fast one)
    *(Equivalent("elevenes-for-one", "game.py", where, code, why, detail)
      for where, code, why, detail in [
          ("fire_flipped", "if not due:", FAST_PATH, "test forced false"),
          ("fire_laid_out", "if not due:", "forced false, the pass starts through step 4 from "
           "the pantry's start, which lands on the first card: step 1 laid every card face up "
           "(EFO.RULING.FRONT-FACE-UP) and no new pass is due (`restart` is refused outside "
           "phases `effect` and `over`)", "test forced false"),
          ("_apply", "if self.stack:", "forced true, `run` with no effect on the stack does "
           "what the other branch does (step 4)", "test forced true")]),
    *(Equivalent("elevenes-for-one", "game.py", where, code, why) for where, code, why in [
        ("_gap", "", POSITIONS), ("_at", "", POSITIONS), ("position_after", "", POSITIONS),
        ("position_before", "", POSITIONS), ("position_row", "", POSITIONS),
        ("__init__", "if cards is None and (variant or user_file):", VARIANT),
        ("new_initial_state", "if native:", "the native playout engine of the bots and the "
         "solver; the suite plays the game through the Python engine"),
        ("is_legal", "", FAST_PATH),
        ("chance_outcomes", "if self.phase != DEAL:", CHANCE_ONLY),
        ("verb_return_after_self", "target = chosen[0] if chosen else None", ONE_CHOSEN),
        ("verb_score", "target = chosen[0] if chosen else None", ONE_CHOSEN),
        # the clock's cap: the clock starts at 15 at most (the schema and the `minutes`
        # option) and a printed card costs 0 minutes or more, so the minutes left before a
        # loss are never above 15 and the cap binds only at 15 exactly (a use that costs
        # nothing at a full clock: 15 -> 14 is killed); a cap of 16 gives the same clock
        # except after a variant's negative cost
        ("lose", "self.minutes = min(15, max(0, self.minutes - minutes))", VARIANT),
        ("", 'consult("EFO.RULING.', CONSULTED),
        # the test's body is only the consultation; the reading is read on the next line
        ("_legal_actions", "if self.minutes == 1:", CONSULTED),
        # the card language's `flipped` and `laid_out` events: no printed card and no shipped
        # reading's card file has one (tests/dsl/scenarios/efo-events.yaml plays them with
        # its own card file and judges these faults with --card-scenarios)
        ("verb_flip_down", "turned.append(target)", EVENTS),
        ("verb_flip_down", "st.fire_flipped(turned)", EVENTS),
        ("fire_flipped", "", EVENTS),
        ("fire_laid_out", "", EVENTS),
        ("end_of", "turned = here and card not in self.down", EVENTS),
        ("end_of", "if turned:", EVENTS),
        ("end_of", "self.fire_flipped([card])", EVENTS),
        ("end_of", 'elif frame.event == "discard":', EVENTS),
        ("end_of", "self.lose(frame.cost)", EVENTS),  # the last branch's: flipped, laid_out
        ("_apply", "if self.stack:", EVENTS),
        ("_apply", "self.run()", EVENTS),  # the no-effect branch's
        ("_apply", "self.fire_laid_out()", EVENTS),
        ("after_new_place", "if index != self.cursor:", "forced true, it only sets the cursor "
         "to the index it already holds (and notes the ruling as consulted)"),
        ("run", "if len(options) == 1:", ONE_TO_TAKE),
        ("run", "instr.resume(self, frame, options[0])", ONE_TO_TAKE),
        ("explain_illegal", "if phase == EFFECT and action == PASS and self.stack", NEVER_WAITS),
        ("explain_illegal", "and self.onto_full_pile_running(self.stack[-1])", NEVER_WAITS),
        ("explain_illegal", "game.full_pile and card in game.pile_scorers:", TEXT),
        ("explain_illegal", "the one card {card} could take out of it", TEXT),
        ("check_consistent", "card(s) discarded in the position and at", TEXT),
        ("verb_put_on_trolley", "target = chosen[0] if chosen else None", ONE_CHOSEN),
        ("verb_put_on_trolley", "target is None or", DEFENSIVE),
        ("__init__", "self.user_cards = ", "read only by the native solver, to refuse card sets "
         "other than the rulebook's (`native/__init__.py`): not reached through the protocol"),
        ("__init__", "isinstance(program[0], ChooseCards)", ONE_STEP),
        ("__init__", "and program[0].count == 1)", ONE_STEP),
        ("procedure_readings", "", "which readings the native solver refuses to play "
         "(`native/__init__.py`): the solver and the bots are not reached through the "
         "protocol, and the Python engine plays every reading whatever this answers"),
    ]),
]
