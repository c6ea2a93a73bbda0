"""The compiler: a checked file becomes flat programs of closures over a host's primitives.

The host here is a tiny fake game written for the test: a row of cards, a pile, a hand per
player.  Its vocabulary is declared below and the same text is checked against it before it is
compiled, exactly as a real game does.  ``run`` drives a program the way a game's state does:
run instructions until one returns a Choice, answer it, resume.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from elevenes.core.api import CHANCE
from elevenes.dsl.check import Checker
from elevenes.dsl.compile import CardSet, compile_cards
from elevenes.dsl.parser import parse_text
from elevenes.dsl.runtime import (
    ChooseCards,
    ChoosePlayer,
    Frame,
    Jump,
    JumpUnless,
    MayGate,
    Op,
)
from elevenes.dsl.vocab import Grant, Verb, Vocabulary

TOY = Vocabulary(
    game="toy",
    card_numbers=(1, 9),
    events={"play": "the card is played", "end": "the card leaves"},
    zones={"row": False, "pile": False, "hand": True},
    filters={"odd": "an odd-numbered card"},
    traits={"heavy": "a card the fake game treats specially"},
    refs={"self": "this card", "next": "the card after this one in the row"},
    tests={"odd": "is the card odd"},
    values={"points": "the points scored so far"},
    grants={"discount": Grant("cards that cost less")},
    verbs={
        "mark": Verb("mark", ("card",), chosen=0, word="mark"),
        "pair": Verb("pair", ("card",), chosen=2, word="pair"),
        "take": Verb("take", ("card",), chosen=1, word="take"),
        "move": Verb("move", ("card", "to", "zone"), chosen=1, word="move"),
        "gain": Verb("gain", ("int",)),
        "give": Verb("give", ("player", "int")),
        "turn": Verb("turn", ("dir",)),
    },
    players=True,
    guests=True,
)

PASS, YES = 1, 2


@attrs.define
class Table:
    """The fake game's state."""

    row: list[int] = attrs.field(factory=list)
    pile: list[int] = attrs.field(factory=list)
    hands: dict[int, list[int]] = attrs.field(factory=dict)
    points: int = 0
    players: int = 1
    log: list[tuple[Any, ...]] = attrs.field(factory=list)


class Host:
    """The fake game's primitives: the ``zone_/filter_/test_/value_/ref_/verb_`` methods."""

    PASS = PASS
    YES = YES

    WORDS = ("mark", "pair", "take", "move", "draw", "player")

    def encode(self, word: str, items: tuple[int, ...]) -> int:
        if word == "pass":
            return PASS
        if word == "yes":
            return YES
        return 16 + self.WORDS.index(word) * 1024 + sum(1 << i for i in items)

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]:
        if action == PASS:
            return "pass", ()
        if action == YES:
            return "yes", ()
        word, mask = divmod(action - 16, 1024)
        return self.WORDS[word], tuple(i for i in range(10) if mask >> i & 1)

    def rule_for_exception(self, name: str, rule: str) -> str:
        return "TOY.SELF" if name == "self" else rule

    def players(self, st: Table, fr: Frame, except_me: bool) -> list[int]:
        return [p for p in range(st.players) if not (except_me and p == fr.owner)]

    def zone_row(self, st: Table, fr: Frame, owner: int) -> list[int]:
        return list(st.row)

    def zone_pile(self, st: Table, fr: Frame, owner: int) -> list[int]:
        return list(st.pile)

    def zone_hand(self, st: Table, fr: Frame, owner: int) -> list[int]:
        return list(st.hands.get(owner, []))

    def filter_odd(self, st: Table, fr: Frame, card: int) -> bool:
        return card % 2 == 1

    def test_odd(self, st: Table, fr: Frame, card: int) -> bool:
        return card % 2 == 1

    def value_points(self, st: Table, fr: Frame) -> int:
        return st.points

    def ref_self(self, st: Table, fr: Frame) -> int | None:
        return fr.card

    def ref_next(self, st: Table, fr: Frame) -> int | None:
        if fr.card in st.row and st.row.index(fr.card) + 1 < len(st.row):
            return st.row[st.row.index(fr.card) + 1]
        return None

    def applicable_take(self, st: Table, fr: Frame, card: int) -> str | None:
        return "TOY.NINE" if card == 9 else None  # card 9 can never be taken

    def verb_mark(self, st: Table, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        st.log.append(("mark", chosen))

    def verb_pair(self, st: Table, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        st.log.append(("pair", chosen))

    def verb_take(self, st: Table, fr: Frame, chosen: tuple[int, ...] | None) -> None:
        taken = chosen or ()
        st.log.append(("take", taken))
        for zone in (st.row, st.pile, *st.hands.values()):
            for item in taken:
                if item in zone:
                    zone.remove(item)

    def verb_move(self, st: Table, fr: Frame, chosen: tuple[int, ...] | None,
                  to: str, zone: tuple[str, int]) -> None:
        st.log.append(("move", chosen, to, zone))

    def verb_gain(self, st: Table, fr: Frame, chosen: tuple[int, ...] | None, n: int) -> None:
        st.points += n
        st.log.append(("gain", n))

    def verb_give(self, st: Table, fr: Frame, chosen: tuple[int, ...] | None,
                  player: int, n: int) -> None:
        st.log.append(("give", player, n))

    def verb_turn(self, st: Table, fr: Frame, chosen: tuple[int, ...] | None,
                  direction: str) -> None:
        st.log.append(("turn", direction))


HOST = Host()

Answer = tuple[str, tuple[int, ...]]
Asked = tuple[int, list[Answer]]


def compile_text(text: str) -> CardSet:
    """Check (against the toy vocabulary) then compile; the text must be clean."""
    tree = parse_text("game toy\n" + text, "toy.cards")
    assert Checker(tree, TOY).run() == []
    return compile_cards([tree], TOY, HOST)


def card(body: str, number: int = 1, extra: str = "") -> CardSet:
    return compile_text(f'card {number} "Card" {{\n{extra}\non play {{\n{body}\n}}\n}}\n')


def run(
    cards: CardSet, st: Table, answers: list[Answer] | None = None, number: int = 1,
    event: str = "play", owner: int = 0,
) -> list[Asked]:
    """Run a card's program to its end; answer each choice with the next of ``answers``.
    Return every choice asked: (who, options decoded)."""
    program = cards.program(number, event)
    frame = Frame(number, event, owner)
    pending = list(answers or [])
    asked: list[Asked] = []
    while frame.pc < len(program):
        instr = program[frame.pc]
        choice = instr.run(st, frame)
        if choice is None:
            continue
        asked.append((choice.player, [HOST.decode(a) for a in choice.options]))
        assert pending, f"no answer left for {asked[-1]}"
        action = HOST.encode(*pending.pop(0))
        assert action in choice.options
        instr.resume(st, frame, action)
    assert not pending, "answers left over"
    return asked


# -- what a handler compiles to -------------------------------------------------------------------


def kinds(cards: CardSet, number: int = 1, event: str = "play") -> list[str]:
    return [type(i).__name__ for i in cards.program(number, event)]


def test_statements_compile_to_flat_instructions() -> None:
    assert kinds(card("gain 1")) == ["Op"]
    assert kinds(card("choose 1 in row -> mark")) == ["ChooseCards"]
    assert kinds(card("nothing")) == []
    assert kinds(card("if points > 1 { gain 1 } else { gain 2 }")) == [
        "JumpUnless", "Op", "Jump", "Op",
    ]
    assert kinds(card("if points > 1 { gain 1 }")) == ["JumpUnless", "Op"]
    assert kinds(card("may { gain 1 }")) == ["MayGate", "Op"]
    assert kinds(card("may { choose 1 in row -> mark; gain 1 }")) == ["ChooseCards", "Op"]
    assert kinds(card("repeat up to 2 { gain 1 }")) == [
        "Op", "JumpUnless", "MayGate", "Op", "Op", "Jump", "Op",
    ]
    assert kinds(card("choose player as p")) == ["ChoosePlayer"]


def test_jump_targets_are_resolved() -> None:
    program = card("if points > 1 { gain 1 } else { gain 2 }\ngain 3").program(1, "play")
    test, _, skip, _, _ = program
    assert isinstance(test, JumpUnless) and test.target == 3
    assert isinstance(skip, Jump) and skip.target == 4
    gate, _, tail = card("may { gain 1 }\ngain 2").program(1, "play")
    assert isinstance(gate, MayGate) and gate.skip == 2
    assert isinstance(tail, Op)


def test_one_handler_serves_all_its_events() -> None:
    cards = compile_text('card 1 "C" { on play, end { gain 1 } }')
    assert cards.program(1, "play") == cards.program(1, "end")
    assert len(cards.program(1, "play")) == 1
    assert cards.program(1, "unhandled") == ()
    assert cards.program(7, "play") == ()


def test_card_attributes_traits_and_default_rule() -> None:
    cards = compile_text(
        'card 2 "Ruled" value 5 rule TOY.CARD.TWO { trait heavy }\ncard 3 "Plain" { }'
    )
    ruled, plain = cards.cards[2], cards.cards[3]
    assert (ruled.name, ruled.value, ruled.rule) == ("Ruled", 5, "TOY.CARD.TWO")
    assert (plain.value, plain.rule) == (0, "TOY.CARD.3")
    assert cards.has(2, "heavy") and not cards.has(3, "heavy") and not cards.has(8, "heavy")
    assert ruled.source == "toy.cards:2"


def test_requires_and_grants_become_callables() -> None:
    cards = compile_text(
        'card 1 "C" {\n requires points >= 2 and not any(in pile)\n'
        ' grant discount odd in row while points < 5\n}'
    )
    compiled = cards.cards[1]
    [requires] = compiled.requires
    frame = Frame(1, "play")
    assert requires(Table(points=2), frame)
    assert not requires(Table(points=1), frame)
    assert not requires(Table(points=3, pile=[4]), frame)
    [(name, chosen, cond)] = compiled.grants
    assert name == "discount"
    assert chosen(Table(row=[1, 2, 3]), frame) == [1, 3]
    assert cond(Table(points=4), frame) and not cond(Table(points=5), frame)


def test_later_files_replace_cards_of_the_same_number() -> None:
    first = parse_text('game toy\ncard 1 "Old" { on play { gain 1 } }\ncard 2 "Kept" { }', "a")
    second = parse_text('game toy\ncard 1 "New" { on play { gain 2 } }', "b")
    cards = compile_cards([first, second], TOY, HOST)
    assert cards.cards[1].name == "New" and cards.cards[1].source == "b:2"
    assert cards.cards[2].name == "Kept"
    assert cards.sources == ("a", "b")
    st = Table()
    run(cards, st)
    assert st.points == 2


def test_guests_are_collected() -> None:
    tree = parse_text('game toy\nguest 2 "Vicar" wants 3, 4, 5 rule TOY.GUEST', "g")
    assert Checker(tree, TOY).run() == []
    guest = compile_cards([tree], TOY, HOST).guests[2]
    assert (guest.name, guest.wants, guest.rule, guest.source) == (
        "Vicar", (3, 4, 5), "TOY.GUEST", "g:2",
    )


# -- choose ----------------------------------------------------------------------------------------


def test_choose_n_means_as_many_as_possible_up_to_n() -> None:
    cards = card("choose 2 in row -> mark")
    st = Table(row=[4, 5, 6])
    asked = run(cards, st, [("mark", (4, 6))])
    assert asked == [(0, [("mark", (4, 5)), ("mark", (4, 6)), ("mark", (5, 6))])]
    assert st.log == [("mark", (4, 6))]
    st = Table(row=[5])  # one candidate: fewer than two, so that one, without asking
    assert run(cards, st) == []
    assert st.log == [("mark", (5,))]
    st = Table()  # none: nothing happens
    assert run(cards, st) == [] and st.log == []


def test_choose_exactly_needs_that_many_or_does_nothing() -> None:
    cards = card("choose exactly 2 in row -> pair")
    st = Table(row=[5])
    assert run(cards, st) == [] and st.log == []
    st = Table(row=[6, 5])  # one possible pair: made without asking (a forced choice)
    assert run(cards, st) == [] and st.log == [("pair", (5, 6))]
    st = Table(row=[4, 5, 6])
    assert len(run(cards, st, [("pair", (5, 6))])[0][1]) == 3
    assert st.log == [("pair", (5, 6))]


def test_choose_at_random_is_a_chance_node() -> None:
    cards = card("choose 1 at random in pile -> take")
    st = Table(pile=[3, 7])
    asked = run(cards, st, [("draw", (7,))])
    assert asked == [(CHANCE, [("draw", (3,)), ("draw", (7,))])]
    assert st.log == [("take", (7,))]
    st = Table(pile=[3])  # a single card is still drawn at a chance node
    assert run(cards, st, [("draw", (3,))]) == [(CHANCE, [("draw", (3,))])]


def test_filters_exceptions_traits_and_card_numbers() -> None:
    cards = compile_text(
        'card 3 "Heavy" { trait heavy }\ncard 5 "Heavy too" { trait heavy }\n'
        'card 1 "C" { on play {\n'
        ' choose 9 odd in row except self, 7 -> mark\n'
        ' choose 9 heavy in row except 5 -> mark\n'
        ' choose 9 4 in row -> mark\n'
        '} }'
    )
    st = Table(row=[1, 2, 3, 4, 5, 7])
    assert run(cards, st) == []  # each set has one possible choice: all of it
    assert st.log == [("mark", (3, 5)), ("mark", (3,)), ("mark", (4,))]


def test_a_verb_may_refuse_some_candidates() -> None:
    cards = card("choose 1 in row -> take")
    st = Table(row=[8, 9])  # the host's applicable_take refuses 9
    assert run(cards, st) == []
    assert st.log == [("take", (8,))]


def test_refusals_name_the_rule() -> None:
    cards = card("choose 1 odd in row except self -> take", number=1)
    program = cards.program(1, "play")
    [choose] = program
    assert isinstance(choose, ChooseCards)
    st = Table(row=[1, 3, 5, 8, 9])
    frame = Frame(1, "play")
    assert choose.run(st, frame) is not None
    assert choose.explain(st, frame, HOST.encode("take", (1,))) == (
        "TOY.SELF", "card 1 cannot be chosen here",
    )
    assert choose.explain(st, frame, HOST.encode("take", (8,)))[0] == "TOY.CARD.1"
    assert choose.explain(st, frame, HOST.encode("take", (9,)))[0] == "TOY.NINE"
    assert choose.explain(st, frame, HOST.encode("mark", (3,))) == (
        "TOY.CARD.1", "this card asks for `take`, not `mark`",
    )


def test_arrow_applies_the_verb_to_the_chosen_cards_with_its_other_arguments() -> None:
    cards = card("choose 1 in row -> move to hand(me)")
    st = Table(row=[4])
    run(cards, st, owner=0)
    assert st.log == [("move", (4,), "to", ("hand", 0))]


def test_as_names_the_chosen_card_for_later_statements() -> None:
    cards = card(
        "choose 1 in pile as found\n"
        "if odd(found) { mark found } else { take found }\n"
        "if found is 4 { gain 4 }"
    )
    st = Table(pile=[3, 4])
    run(cards, st, [("take", (4,))])
    assert st.log == [("take", (4,)), ("gain", 4)]
    st = Table(pile=[3, 4])
    run(cards, st, [("take", (3,))])
    assert st.log == [("mark", (3,))]
    st = Table()  # nothing to choose: the name stays unbound, its tests are false
    run(cards, st)
    assert st.log == [("take", ())]  # no card named: the verb gets no target


def test_references_and_tests() -> None:
    cards = card("if odd(next) and self is 1 { mark next } else { gain 1 }")
    st = Table(row=[1, 3])
    run(cards, st)
    assert st.log == [("mark", (3,))]
    st = Table(row=[1])  # no next card: the test is false
    run(cards, st)
    assert st.log == [("gain", 1)]


# -- may, if/else, repeat -----------------------------------------------------------------------


def test_may_asks_yes_or_pass_and_pass_skips_the_whole_block() -> None:
    cards = card("may { gain 1; gain 2 }\ngain 10")
    st = Table()
    assert run(cards, st, [("yes", ())]) == [(0, [("pass", ()), ("yes", ())])]
    assert st.points == 13
    st = Table()
    run(cards, st, [("pass", ())])
    assert st.points == 10


def test_may_starting_with_choose_offers_the_choices_and_pass() -> None:
    cards = card("may { choose 1 in pile -> take; gain 5 }\ngain 10")
    st = Table(pile=[4])  # a single candidate is still a decision: it may be declined
    asked = run(cards, st, [("take", (4,))])
    assert asked == [(0, [("pass", ()), ("take", (4,))])]
    assert st.points == 15
    st = Table(pile=[4])
    run(cards, st, [("pass", ())])
    assert st.points == 10 and st.log == [("gain", 10)]
    st = Table()  # nothing to choose: the block is skipped without asking
    assert run(cards, st) == []
    assert st.points == 10


def test_if_else_runs_exactly_one_branch() -> None:
    cards = card("if points >= 3 { gain 1 } else { gain 100 }\ngain 10")
    st = Table(points=3)
    run(cards, st)
    assert st.points == 14
    st = Table(points=2)
    run(cards, st)
    assert st.points == 112


def test_nested_blocks_jump_to_the_right_places() -> None:
    cards = card(
        "if points > 0 {\n may { if odd(self) { gain 1 } else { gain 2 }; gain 4 }\n"
        "} else { gain 8 }\ngain 16"
    )
    st = Table(points=1)
    run(cards, st, [("yes", ())])
    assert st.points == 1 + 1 + 4 + 16
    st = Table(points=1)
    run(cards, st, [("pass", ())])
    assert st.points == 1 + 16
    st = Table()
    run(cards, st)
    assert st.points == 8 + 16


def test_repeat_up_to_n_is_optional_each_time_and_stops_at_n() -> None:
    cards = card("repeat up to 3 { gain 1 }\ngain 10")
    for times in range(4):
        st = Table()
        yes: Answer = ("yes", ())
        stop: list[Answer] = [("pass", ())] if times < 3 else []
        answers = [yes] * times + stop
        asked = run(cards, st, answers)
        assert len(asked) == min(times + 1, 3)
        assert st.points == times + 10


def test_repeat_with_choose_stops_when_nothing_is_left() -> None:
    cards = card("repeat up to 5 { choose 1 in pile -> take }")
    st = Table(pile=[2, 4])
    asked = run(cards, st, [("take", (2,)), ("take", (4,))])
    assert asked == [
        (0, [("pass", ()), ("take", (2,)), ("take", (4,))]),
        (0, [("pass", ()), ("take", (4,))]),  # optional, so a single card is still asked
    ]
    assert st.log == [("take", (2,)), ("take", (4,))] and st.pile == []
    st = Table(pile=[2, 4])
    assert len(run(cards, st, [("take", (4,)), ("pass", ())])) == 2
    assert st.pile == [2]
    st = Table()
    assert run(cards, st) == [] and st.log == []


def test_repeat_counters_do_not_leak_into_the_frame() -> None:
    cards = card("repeat up to 2 { gain 1 }\nrepeat up to 2 { gain 2 }")
    st = Table()
    program = cards.program(1, "play")
    frame = Frame(1, "play")
    answers = [YES, PASS, PASS]
    while frame.pc < len(program):
        instr = program[frame.pc]
        if instr.run(st, frame) is not None:
            instr.resume(st, frame, answers.pop(0))
    assert st.points == 1 and frame.vars == {}


# -- players ---------------------------------------------------------------------------------


def test_choose_player_binds_a_player_for_by_and_owned_zones() -> None:
    cards = card(
        "choose player except me as victim\n"
        "choose 1 in hand(victim) by victim -> take\n"
        "give victim 3\n"
        "turn left"
    )
    st = Table(players=3, hands={1: [2, 3], 2: [4]})
    asked = run(cards, st, [("player", (1,)), ("take", (3,))], owner=0)
    assert asked == [
        (0, [("player", (1,)), ("player", (2,))]),
        (1, [("take", (2,)), ("take", (3,))]),
    ]
    assert st.log == [("take", (3,)), ("give", 1, 3), ("turn", "left")]


def test_a_single_possible_player_is_chosen_without_asking() -> None:
    cards = card("choose player except me as other\ngive other 1")
    st = Table(players=2)
    assert run(cards, st, owner=1) == []
    assert st.log == [("give", 0, 1)]


def test_may_by_asks_that_player() -> None:
    cards = card("choose player except me as other\nmay by other { gain 1 }")
    st = Table(players=2)
    asked = run(cards, st, [("yes", ())], owner=0)
    assert asked == [(1, [("pass", ()), ("yes", ())])]
    assert st.points == 1


def test_each_player_runs_the_block_once_per_player_in_order() -> None:
    cards = card("each player as q { give q 1 }\neach player except me as r { give r 2 }")
    st = Table(players=3)
    program = cards.program(1, "play")
    frame = Frame(1, "play", owner=1)
    while frame.pc < len(program):
        assert program[frame.pc].run(st, frame) is None
    assert st.log == [("give", 0, 1), ("give", 1, 1), ("give", 2, 1), ("give", 0, 2),
                      ("give", 2, 2)]
    assert frame.vars == {}  # the loop's counter and name are gone afterwards


def test_each_player_with_choices_inside() -> None:
    cards = card("each player as q { choose 1 in hand(q) by q -> take }")
    st = Table(players=2, hands={0: [2, 3], 1: [4, 5]})
    asked = run(cards, st, [("take", (3,)), ("take", (4,))])
    assert [who for who, _ in asked] == [0, 1]
    assert st.log == [("take", (3,)), ("take", (4,))]


class SecretiveHost(Host):
    """A host whose hands are hidden: choices there are always asked."""

    def always_ask(self, zone: str) -> bool:
        return zone == "hand"


def test_choices_among_hidden_cards_are_always_asked() -> None:
    host = SecretiveHost()
    tree = parse_text(
        'game toy\ncard 1 "C" { on play {\n choose 1 in hand(me) -> take\n'
        ' may { choose 1 in hand(me) -> mark }\n choose 1 in row -> take\n} }', "t"
    )
    assert Checker(tree, TOY).run() == []
    cards = compile_cards([tree], TOY, host)
    st = Table(hands={0: [4]}, row=[6])
    program = cards.program(1, "play")
    frame = Frame(1, "play")
    asked = []
    answers = [host.encode("take", (4,)), PASS]
    while frame.pc < len(program):
        instr = program[frame.pc]
        choice = instr.run(st, frame)
        if choice is not None:
            asked.append([host.decode(a) for a in choice.options])
            instr.resume(st, frame, answers.pop(0))
    # the forced choice in the hand is asked; the optional one with no card left offers pass;
    # the forced choice in the open row is made without asking
    assert asked == [[("take", (4,))], [("pass", ())]]
    assert st.log == [("take", (4,)), ("take", (6,))]


def test_the_program_holds_no_syntax_tree() -> None:
    """Compiled instructions hold closures and numbers, never the tree they came from."""
    cards = card("may { choose 2 odd in row except self -> mark }\nif points > 1 { gain 1 }")
    for instr in cards.program(1, "play"):
        for slot in getattr(type(instr), "__slots__", ()):
            value = getattr(instr, slot)
            assert type(value).__module__ != "elevenes.dsl.ast"
            assert isinstance(value, int | str | bool | type(None) | Host) or callable(value)


@pytest.mark.parametrize(
    ("statement", "instruction"),
    [("choose player as p", ChoosePlayer), ("may { gain 1 }", MayGate)],
)
def test_instruction_types(statement: str, instruction: Callable[..., Any]) -> None:
    assert isinstance(card(statement).program(1, "play")[0], instruction)  # type: ignore[arg-type]
