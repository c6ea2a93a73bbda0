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

ENTRIES: list[Equivalent] = [
    *(Equivalent("111", file, where, code, why) for file, where, code, why in [
        ("cards.py", "<module>", "# 0-51", NUMBERING),
        *(("cards.py", "<module>", f"{name} = ", NUMBERING) for name in (
            "ROLL", "PLACE", "KEEP", "COINS_ACE", "COINS_PAIR", "END_TURN", "ATTACK_BOSS",
            "ATTACK_PLAYER", "BUY", "BUY_NOTHING", "DISCOUNT", "DISCOUNT_NONE", "SURRENDER",
            "FIGHT_ON", "DISCARD", "PARTY", "DEFEND")),
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
        ("state.py", "_end_play", "self.side = self.roll = 0", OVERWRITTEN),
        ("state.py", "returns", "", "all zero either way until the game is over"),
        ("notation.py", "_check_pending", "asking == A_DRAW and not state.pile_size", LATER),
        ("notation.py", "_check_pending", "asking == A_PARTY and state.who != state.active",
         LATER),
    ]),
]
