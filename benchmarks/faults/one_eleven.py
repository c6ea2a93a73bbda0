"""Faults planted in 111, The Game that the suite cannot see."""

from __future__ import annotations

from faults import (
    API_ONLY,
    DEAD,
    DEFENSIVE,
    FAST_PATH,
    LATER,
    NUMBERING,
    OPTIONS,
    OVERWRITTEN,
    SCHEMA,
    TEXT,
    Equivalent,
)

CONSULTED = ("only decides whether a ruling is noted as consulted (core/readings.py: which "
             "readings a position depends on, for the reference's own reports); no state, "
             "legal action or refusal changes")
BOTS = ("read only by the bots (the boss an action would fight, for their weighing): no "
        "request of the protocol reaches it")
SEAT_BOUND = ("the engine's own bound on the table under G111.RULING.PLAYER-COUNT (b), whose "
              "reading sets none: it is checked when a game is made (no scenario can ask for a "
              "start that is refused), and a program may seat more")

ENTRIES: list[Equivalent] = [
    *(Equivalent("111", file, where, code, why) for file, where, code, why in [
        ("cards.py", "<module>", "# 0-51", NUMBERING),
        *(("cards.py", "<module>", f"{name} = ", NUMBERING) for name in (
            "ROLL", "PLACE", "KEEP", "COINS_ACE", "COINS_PAIR", "END_TURN", "ATTACK_BOSS",
            "ATTACK_PLAYER", "BUY", "BUY_NOTHING", "DISCOUNT", "DISCOUNT_NONE", "SURRENDER",
            "FIGHT_ON", "DISCARD", "PARTY", "DEFEND", "ATTACK_DEEP", "BUY_MANY")),
        ("cards.py", "<module>", "MAX_SEATS = ", SEAT_BOUND),
        ("cards.py", "rank_of", "", DEAD),
        ("cards.py", "suit_of", "", DEAD),
        ("cards.py", "is_face", "", DEAD),
        ("cards.py", "party_code", "", NUMBERING),
        ("cards.py", "party_decode", "", NUMBERING),
        ("cards.py", "bonus_groups", "rank >= 0", "a missing suit is -1: 0 and -1 are both below "
         "every rank that counts"),
        ("rules.py", "<module>", "", API_ONLY),  # the action-number ranges of each question
        ("rules.py", "kind_of", "", API_ONLY),
        ("rules.py", "_party", "card_text(rank * 4 + suit)", TEXT),
        ("rules.py", "_party", "party_decode(action - (PARTY if complete", NUMBERING),
        ("rules.py", "_party", "complete = action < DEFEND", NUMBERING),
        ("notation.py", "action_text", "", API_ONLY),
        ("notation.py", "party_text", "range(4)", DEAD),
        ("notation.py", "party_doc", "", DEAD),
        ("notation.py", "_party_action", "ranks = [-1, -1, -1, -1]", DEAD),
        ("notation.py", "_party_action", "if len(word) == 2 else -1", DEFENSIVE),
        ("notation.py", "parse_action", "rest[0]", "one word after the head: its first is its "
         "last"),
        ("notation.py", "parse_action", "if not words:", DEFENSIVE),
        ("notation.py", "observation", "", "the suite asks only for seats a game has"),
        ("notation.py", "_party_from_doc", "ranks = [-1, -1, -1, -1]", DEAD),
        ("notation.py", "state_from_doc", "if problem is not None", SCHEMA),
        ("notation.py", "state_from_doc", "if options != game.options", FAST_PATH),
        ("notation.py", "state_from_doc", 'raise _bad(f"active player', TEXT),
        ("notation.py", "state_from_doc", 'pending.get("player", -1)', OVERWRITTEN),
        ("notation.py", "state_from_doc", "_cards([boss[", "one card: its first is its last"),
        ("notation.py", "_check_party", 'raise _bad(f"{where}: {name} must be', TEXT),
        ("notation.py", "_check_party", 'f"give (', TEXT),
        ("notation.py", "asking_doc", "", "adds a key the schema allows; expectations match "
         "mappings as subsets, so no scenario can see an extra key"),
        ("state.py", "OneElevenGame", "OptionSpec", OPTIONS),
        ("state.py", "__init__", "", OVERWRITTEN),
        ("state.py", "is_chance_node", "", API_ONLY),
        ("state.py", "apply_action", "", FAST_PATH),
        ("state.py", "is_legal", "", FAST_PATH),
        ("state.py", "_is_party", "", FAST_PATH),
        ("state.py", "_parties", "found.sort()", "the order of legal actions: the suite compares "
         "them as a set"),
        ("state.py", "_coin_buys", "range(2, 6)", "no diamond is worth 1: a pair from 1 finds "
         "no cards"),
        ("state.py", "_end_play", "self.side = self.roll = self.struck = 0", OVERWRITTEN + "; "
         + "struck " + CONSULTED),
        ("state.py", "returns", "", "all zero either way until the game is over"),
        ("notation.py", "_check_pending", "asking == A_DRAW and not state.pile_size", LATER),
        # seats in a document are never negative: the schema's minimum is 0
        ("notation.py", "state_from_doc", "if not 0 <= state.active < n", SCHEMA),
        ("notation.py", "state_from_doc", "if not 0 <= state.target_player < n", SCHEMA),
        ("notation.py", "_check_pending", "not 0 <= state.who < state.n", SCHEMA),
        ("notation.py", "parse_action", "c >> 2 < JACK for c in cards", "a diamond face card is "
         "worth 10, 12 or 14 and the ace 11: no other diamond makes 11 with one"),
        # the refusals: the last check of a party that no text reaches, and branches that
        # differ only in their words
        ("rules.py", "_party", "if not complete:", "an attacking party that gets here names all "
         "four suits (one missing is refused just before): no suit is left out"),
        ("rules.py", "_party", "if not wanted_ok or bonus & ~allowed", "a party from the text "
         "that passes every check before is legal: the last refusal is never reached"),
        ("rules.py", "_party", "allowed |= 1 << s", "only a party with a wrong bonus gets here: "
         "with no suit allowed it is refused under G111.PARTY.BONUS all the same"),
        ("rules.py", "_party", "wanted_ok = all(", "only a party with a wrong bonus gets here: "
         "with a set of equal cards it is refused under G111.PARTY.BONUS either way"),
        ("rules.py", "_target", "if action < ATTACK_PLAYER:", TEXT),
        ("rules.py", "_discard", "if len(state.hands[state.who]) <= HAND:", TEXT),
        ("rules.py", "_store", "if not 0 <= item < 3:", API_ONLY),  # buy nothing is always legal
        # one strike (G111.FIGHT.SHIELD, G111.FIGHT.KNOCK-OUT, G111.FIGHT.HEALTH)
        ("state.py", "_resolve", "if shield > 0:", "a strike scores at least 1 (attack 0 or more "
         "plus the roll): with no shield both paths take all the points off the health"),
        ("state.py", "_resolve", "elif points < shield:", "points equal to the shield are the "
         "knock-out, taken just before"),
        ("state.py", "_resolve", "if health < 0:", "a health of 0 is kept at 0 either way"),
        ("state.py", "_resolve", "self._defeat(1 - side, exact)", "the fight's end tests only "
         "whether the loser is side 1: sides 0 and 2 take the same branch"),
        ("state.py", "_parties", "if not groups:", "with no set of equal cards the loop over the "
         "picks runs once, with no bonus: the same party"),
        ("state.py", "_parties", "options[suit].append(-1)", "any negative rank is no card to "
         "party_code and bonus_groups"),
        ("state.py", "_striker_party", "", "the store is asked of the target's side only in a "
         "fight against a player (a boss's roll opens no store), so a target player is set"),
        ("state.py", "_start_turn", "self._placement()", "a turn starts with a card in the draw "
         "pile or the discards: hands hold five cards at most then, and the 40 number cards of a "
         "deck cannot all be in hands"),
        ("state.py", "_place", "self._placement()", "the placement question, of the active "
         "player, is already the one asked"),
        ("state.py", "_strike_next", "self.who = -1", OVERWRITTEN),
        ("state.py", "_game_over", "self.who = -1", "no one is asked once the game is over: the "
         "seat asked is read by nothing (current_player is -4, the pending document names none)"),
        ("state.py", "_end_play", "self.target_boss = self.target_player = self.target_at = -1",
         "every reader tests a target with >= 0: -1 and -2 both mean none; target_at is set "
         "again whenever a boss is named"),
        ("state.py", "action_to_string", "", "action_text does not read its second argument"),
        ("state.py", "_apply", "action - PARTY", NUMBERING),
        ("state.py", "_apply", "action - DEFEND", NUMBERING),
        ("state.py", "_apply", "elif asking == A_DISCARD:", "the last question left: no action is "
         "legal once the game is over, so only a discard gets here"),
        ("state.py", "chance_outcomes", "if self.asking == A_ROLL:", "`chances` asks for the "
         "outcomes only at a chance node (a draw or a roll): what the function answers "
         "elsewhere is never read"),
        ("notation.py", "state_from_doc", "if options != written_options(game.options):",
         "a game made again from the document's options when they are the game's own is the "
         "same game: a fast path"),
        # a guard whose body only notes a ruling as consulted, and the notes themselves
        ("state.py", "", "consult(", CONSULTED),
        ("state.py", "_placements", "if must and self.required_placed:", CONSULTED),
        ("state.py", "_placements", "elif not must and faces and not self.required_placed:",
         CONSULTED),
        ("state.py", "_parties", "if CONSULTING.on and any(JACK", CONSULTED),
        ("state.py", "_parties", "if any(len(ranks) > 1 for ranks in options):", CONSULTED),
        ("state.py", "bonuses", "if CONSULTING.on:", CONSULTED),
        ("state.py", "bonuses", "if len(groups) > 1:", CONSULTED),
        ("state.py", "bonuses", "if groups and not complete:", CONSULTED),
        ("state.py", "bonuses", "if groups:", CONSULTED),
        ("state.py", "bonuses", "groups = bonus_groups(ranks)", CONSULTED),
        ("state.py", "_attackable", "if not held:", CONSULTED),
        ("state.py", "_under_max", "if party.bought[item] >= STORE_MAX[item]:", CONSULTED),
        ("state.py", "_coin_buys", "if CONSULTING.on and any(c & 3 == DIAMONDS", CONSULTED),
        ("state.py", "_coin_buys", "if len(diamonds) > 1 and (ACE in held or len(diamonds) > 2)",
         CONSULTED),
        ("state.py", "_store", 'if CONSULTING.on or self.game.reads("G111.RULING.ONE-PER-ROLL"',
         FAST_PATH),
        ("state.py", "_store", "if many:", CONSULTED),
        ("state.py", "_start_turn", "if self.turn >= self.turn_limit:", CONSULTED),
        ("state.py", "_choose_target", "if len(self.slots[slot]) > 1:", CONSULTED),
        ("state.py", "_fight_starts", "if party is not None and party.health == 0:", CONSULTED),
        ("state.py", "_retarget", 'if self.game.same_boss == "a" and not CONSULTING.on:',
         FAST_PATH),
        ("state.py", "_strike_points", "if self.struck >> side & 1:", CONSULTED),
        ("state.py", "_strike_points", "self.struck |= 1 << side", CONSULTED),
        ("state.py", "_resolve", "if bare:", CONSULTED),
        ("state.py", "_resolve", "if hit and not whole and health == 0:", CONSULTED),
        ("state.py", "_resolve", "if self.surrender_offered or self.knocked_out:", CONSULTED),
        ("state.py", "_knock_out_shield", 'if reading == "b" and not CONSULTING.on:', FAST_PATH),
        ("state.py", "_knock_out_shield", "if shield != printed or shield != whole:", CONSULTED),
        ("state.py", "_surrender", "if party.money % 2 or self.coins[player] < half:", CONSULTED),
        ("state.py", "_end_play", "if CONSULTING.on and any(boss[1:3]", CONSULTED),
        ("state.py", "_refill", "if any(self.coins[p] == 0 for p in range(self.n) if p != "
         "self.active):", CONSULTED),
        ("state.py", "_game_over", "if len(self.winners) > 1:", CONSULTED),
        ("state.py", "boss_for", "", BOTS),
        ("state.py", "_resolve", "points = self._strike_points(", "the side only marks which "
         "side has struck in the fight (`struck`), read for the consultations alone"),
        ("state.py", "_party_back", "if party is not None:", "a party goes back only from a fight "
         "it was in (a boss's defeat of the active party, the end of a fight between players): "
         "it is never missing"),
        ("state.py", "_resolve", "self._defeat(1 - side, False)", "the fight's end tests only "
         "whether the loser is side 1: sides 0 and 2 take the same branch"),
        ("state.py", "_surrender", 'if self.game.reads("G111.RULING.SURRENDER-PAY", "b") and '
         "half > penalty:", "when the player pays the whole half, the bank makes up 0 either "
         "way"),
        ("state.py", "_targets", "found.sort()", "the order of legal actions: the suite compares "
         "them as a set"),
        ("rules.py", "_target", "slot, depth = divmod(action - ATTACK_DEEP, 16)", "the slot and "
         "depth only fill the refusal's words; both refusals' rules are chosen without them"),
        # the words of a refusal only
        ("rules.py", "_party", '+ ("defending party has no bonus" if game.defend_bonus == "b"',
         TEXT),
        ("rules.py", "_party", '"set goes to " + ("its club if it has one, else "', TEXT),
        ("rules.py", "_discount", 'letter = "b" if state.game.reads("G111.RULING.DISCOUNT", "b")',
         TEXT),
        ("rules.py", "_discount", 'why = ("no money is bought at the discount" if letter == "b"',
         TEXT),
        ("rules.py", "_target", 'f"{text}: only the boss on top of a pile is attacked "', TEXT),
        ("notation.py", "_check_bonus", 'why = ("G111.PARTY.BONUS" + (', TEXT),
        ("notation.py", "_check_bonus", '+ (f", G111.RULING.DEFEND-BONUS ({defend})"', TEXT),
        ("notation.py", "_check_bonus", '+ (f", G111.RULING.PARTY-CHOICE ({choice})"', TEXT),
        ("notation.py", "state_from_doc", 'raise _bad(f"the fight\'s boss is {depth} deep', TEXT),
        ("rules.py", "_party", "key=RANK_VALUE.__getitem__, default=-1)", "the party's card of "
         "the suit is in the hand and may be a member (both refused before otherwise), so the "
         "suit always has a highest card: the default is never used"),
        ("cards.py", "bonus_choices", "if one_set and len(groups) > 1:", "with one set of equal "
         "cards, the bonus of one set only is the bonus of every set: both paths give each of "
         "its cards alone"),
        ("state.py", "_knock_out_shield", 'if reading == "b":', "under reading (b) the fast "
         "path above has already returned the shield left unless a consultation is open"),
    ]),
    *(Equivalent("111", file, where, code, why, detail) for file, where, code, why, detail in [
        ("state.py", "_discounts", "tops = [most] * 4", "only the four attributes' tops are read "
         "(range(4)): a fifth is never used", "4 -> 5"),
        ("state.py", "_buy", "if action > BUY_NOTHING:", "buy nothing is taken just before: an "
         "action equal to BUY_NOTHING never gets here", "Gt -> GtE"),
        ("state.py", "_choose_target", "if action >= ATTACK_DEEP:", "no action text is "
         "ATTACK_DEEP itself (a depth is 2 or more): > and >= split the actions alike",
         "GtE -> Gt"),
        ("rules.py", "_target", "if action >= ATTACK_DEEP:", "no action text is ATTACK_DEEP "
         "itself (a depth is 2 or more): > and >= split the actions alike", "GtE -> Gt"),
    ]),
    Equivalent("111", "notation.py", "<module>", "_DEPTHS = tuple(str(d) for d in range(2, 13))",
               "`attack J 1` read as a depth of 1: that number is no action of the game "
               "(action_to_string knows depths 2 and above only), so the text is refused by "
               "G111.NOTATION.ACTIONS all the same (pinned by "
               "111-notation-depth-edges-which-boss-a "
               "and 111-notation-depth-decided)", "2 -> 1"),
    *(Equivalent("111", file, where, code, why, detail) for file, where, code, why, detail in [
        ("notation.py", "_fight_doc", "depth = len(state.slots[state.target_boss]) - "
         "state.target_at",
         "a depth of 1 and one of 0 are both left unwritten (only a depth above 1 is written)",
         "1 -> 0"),
        *(("notation.py", "state_from_doc", "state.target_at = size - depth if depth > 1 else -1",
           "the top boss by its index (size - 1) or as -1 is the same boss for the whole fight "
           "(no boss is placed during a fight, and naming the target again sets it anew)", d)
          for d in ("test forced true", "Gt -> GtE", "1 -> 0")),
        *(("notation.py", "parse_action", "rest[1] in _SEATS or seats > 6 and rest[1] in "
           "_SEATS_ANY[:seats]", "at a table of six the first six seats are the one-digit "
           "seats 0-5 either way", d) for d in ("Gt -> GtE", "6 -> 5")),
    ]),
    *(Equivalent("111", file, where, code, why, detail) for file, where, code, why, detail in [
        ("rules.py", "_store", "if action >= BUY_MANY:", "no action text is BUY_MANY itself (2 "
         "to 5 units are written above it): > and >= split the actions alike", "GtE -> Gt"),
        ("rules.py", "_store", "item, units = action - BUY, 1", "one unit or none: the "
         "several-units check below asks for more than one either way", "1 -> 0"),
        *(("rules.py", "_store", "if party is not None and units > 1 and state._room(party, item) "
           "< units:", "for one unit, no room left is the maximum reached, which the next check "
           "refuses under the same rule (G111.RULING.STORE-MAX)", d)
          for d in ("Gt -> GtE", "1 -> 0")),
        ("notation.py", "_check_party", 'if rolls and doc["attack"] > full["attack"] + '
         'extra["attack"]:', "an attack equal to cards and purchases sets the rolls' share to "
         "what the purchases already give: the same check follows", "Gt -> GtE"),
    ]),
    *(Equivalent("111", file, where, code, why, detail) for file, where, code, why, detail in [
        ("rules.py", "_party", "if bonus not in state.bonuses(ranks, complete):", "a party "
         "that passes every check before with a bonus it may carry is legal and never refused",
         "test forced true"),
        ("rules.py", "_party", "if any(bonus >> suit & 1 and not any(suit in g for g in groups) "
         "for suit in range(4)):", "a bonus has four bits: a fifth suit is never set", "4 -> 5"),
        ("rules.py", "_target", "if 0 <= target < state.n and target != state.who and not "
         "state._attackable(target):", "no action text names a seat below 0", "0 -> -1"),
        ("state.py", "chance_outcomes", "if self.asking == A_DISCARD and self.game.random_discards "
         "and not self.hand_limit:", "`chances` asks for the outcomes only at a chance node, "
         "and a draw's and a roll's are answered before: what the function answers elsewhere "
         "is never read", "test forced true"),
        ("state.py", "chance_outcomes", "if self.asking == A_DISCARD and self.game.random_discards "
         "and not self.hand_limit:", "`chances` asks for the outcomes only at a chance node, "
         "and a draw's and a roll's are answered before: what the function answers elsewhere "
         "is never read", "And swapped"),
        ("state.py", "_store", 'if self.game.reads("G111.RULING.ONE-PER-ROLL", "b"):', "under "
         "the decided reading this line runs only while a consultation is open (the test above "
         "skips it otherwise)", "test forced true"),
        ("state.py", "_store", "many = [BUY_MANY + 10 * i + k for i in range(3) if BUY + i in "
         "found", "BUY + 3 is no purchase the store offers: a fourth line adds nothing",
         "3 -> 4"),
        *(("state.py", "_draw", "if (reason == 1 or reason == 2) and len(hand) > HAND:", "under "
           "G111.RULING.HAND-SIZE (b) only the turn's draw takes a hand past five: a boss's draw "
           "follows a placement from at most five cards, and the deal and the refill draw up to "
           "five", d) for d in ("Eq -> NotEq", "2 -> 3", "2 -> 1")),
        ("state.py", "_discard", "self.hand_limit = False", "under G111.RULING.HAND-SIZE (b) no "
         "hand passes five at the end of a turn (the turn's draw is cut back at once, and a "
         "party comes back to a hand of at most one card), so no refill discard follows the "
         "hand limit's to read the flag", "False -> True"),
        ("notation.py", "_party_from_doc", 'choice = "a" if game is None else game.party_choice',
         "a loaded party is always read with its game (state_from_doc passes it): the game's "
         "reading is the one taken", "test forced false"),
    ]),
    *(Equivalent("111", file, where, code, why, detail) for file, where, code, why, detail in [
        *(("state.py", "_room", "if (0, -1, 2, 1)[attribute] == item:", "the survivors move "
           "money's or the shield's discount points to the attack line or to no line: attack's "
           "maximum is 1, so it never has a purchase of several units, which is all this room "
           "decides", d) for d in ("0 -> -1", "1 -> 0", "1 -> 2")),
        ("state.py", "_under_max", "if (0, -1, 2, 1)[attribute] == item:", "money's -1 made -2: "
         "money maps to no store line either way", "1 -> 2"),
        ("state.py", "_last_of_kind", "card & ~3 | 2] + self.pile[card & ~3 | 3]", "c & ~2 | 3 "
         "is c & ~3 | 3: both set the two suit bits", "3 -> 2"),
        ("state.py", "_last_of_kind", "return not self.pile[card & ~3] + self.pile[card & ~3 | 1]",
         "c & ~2 | 1 is c & ~3 | 1 (the bit kept is set again)", "3 -> 2"),
        ("rules.py", "_discount", "attribute, points = divmod(action - DISCOUNT, 10)", "only the "
         "points are read here, and (action + DISCOUNT) % 10 is (action - DISCOUNT) % 10",
         "Sub swapped"),
    ]),
    # a face card in a party's text: the parser and the legality check each refuse it under
    # G111.RULING.FACE-PARTY, so either alone gives the same refusal
    *(Equivalent("111", file, where, code, "a party's text naming a face card is refused under "
                 "G111.RULING.FACE-PARTY by the parser and again by the legality check: either "
                 "alone gives the same refusal")
      for file, where, code in [
          ("notation.py", "_party_action", "if JACK <= rank <= KING and not faces:"),
          ("rules.py", "_party", "if any(JACK <= rank <= KING for rank in ranks) and not "
           "state.game.face_party:")]),
    Equivalent("111", "notation.py", "state_from_doc", 'if pending["for"] not in DRAW_FOR:',
               "the lookup just after (DRAW_FOR.index) refuses the same documents"),
    Equivalent("111", "notation.py", "state_from_doc", "if not state.slots[state.target_boss]:",
               "the depth check just after refuses the same documents (a depth of 1 is more "
               "than an empty pile holds)"),
    Equivalent("111", "notation.py", "_party_from_doc", "for item, most in zip(STORE_ITEMS, "
               "STORE_MAX, strict=True):", "the two tuples have three items each: strict or "
               "not, zip pairs them alike"),
    # range(1, 0 + 1) and range(1, -1 + 1) are both empty: no money point at the discount
    Equivalent("111", "state.py", "_discounts", "tops[1] = 0", "range(1, 1) and range(1, 0) "
               "are both empty: no money is offered at the discount either way", "0 -> -1"),
    # a strike scores at least 1 (attack 0 or more plus the roll): no strike equals -2 or 0
    *(Equivalent("111", "state.py", "_knock_out_shield", "return shield if shield == whole else -1",
                 "a strike scores at least 1: it equals neither 0 nor -2, so no shield is "
                 "knocked out either way", detail) for detail in ("1 -> 2", "1 -> 0")),
]
