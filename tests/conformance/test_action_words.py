"""The words of an action string (docs/protocol.md, "Action strings"): exactly six ASCII
characters separate words, in every game's parser."""

from __future__ import annotations

import re
import sys

import pytest

from elevenes.core.errors import IllegalAction
from elevenes.core.words import WHITESPACE, is_ascii_digits, split_words
from elevenes.games import load_game

# Characters some language takes for whitespace and the protocol does not: Python's
# str.split() takes U+001C-U+001F and U+0085, JavaScript's \s takes U+FEFF, both take the
# Unicode spaces.
NOT_SEPARATORS = [chr(c) for c in (*range(0x1C, 0x20), 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B),
                                   0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF)]


def test_exactly_the_six_ascii_characters_separate_words() -> None:
    separators = [chr(c) for c in range(sys.maxunicode + 1)
                  if len(split_words(f"a{chr(c)}b")) == 2]
    assert separators == sorted(" \t\n\v\f\r") == sorted(WHITESPACE)


def test_words_ignore_leading_trailing_and_repeated_whitespace() -> None:
    assert split_words(" \t\v\fknock\r\n0  H\tI ") == ["knock", "0", "H", "I"]
    assert split_words("") == [] and split_words(" \n ") == []


def test_ascii_digits() -> None:
    assert is_ascii_digits("0") and is_ascii_digits("10")
    assert not any(is_ascii_digits(d) for d in ("", "\u0663", "\u00b3", "\uff11", "1\u0660"))


# (game, the action written with the six separators, the same action plainly, its two words
# joined by a character to refuse, the rule the refusal cites)
SPACED = [("elevenes-for-one", " \tdeal\v7\r\n", "deal 7", "deal{}7", "EFO.ACTIONS"),
          ("bowling-solitaire", "\fEND\vball\r", "end ball", "end{}ball", "BWL.NOTATION.ACTIONS")]


@pytest.mark.parametrize("game_id,spaced,plain,joined,rule", SPACED, ids=[s[0] for s in SPACED])
@pytest.mark.parametrize("char", NOT_SEPARATORS, ids=lambda c: f"U+{ord(c):04X}")
def test_other_spaces_are_part_of_a_word(char: str, game_id: str, spaced: str, plain: str,
                                         joined: str, rule: str) -> None:
    state = load_game(game_id).new_initial_state()
    assert state.string_to_action(spaced) == state.string_to_action(plain)
    with pytest.raises(IllegalAction) as refused:
        state.string_to_action(joined.format(char))
    assert refused.value.rule_id == rule


@pytest.mark.parametrize("text", ["deal \u0667", "deal 1\u0660", "deal \uff17", "deal \u00b9"])
def test_elevenes_for_one_numbers_are_ascii_digits(text: str) -> None:
    state = load_game("elevenes-for-one").new_initial_state()
    with pytest.raises(IllegalAction, match=re.escape(repr(text))):
        state.string_to_action(text)


@pytest.mark.parametrize("text", ["deal \u0667", "deal \u00b3", "knock 0 \u0131",
                                  "knock 0 \u212a", "END\u00a0BALL"])
def test_bowling_letters_and_digits_are_ascii(text: str) -> None:
    state = load_game("bowling-solitaire").new_initial_state()
    with pytest.raises(IllegalAction) as refused:
        state.string_to_action(text)
    assert refused.value.rule_id == "BWL.NOTATION.ACTIONS"


def a_two_word_action(game_id: str) -> tuple[object, str]:
    state = load_game(game_id).new_initial_state()
    for action in state.legal_actions():
        text = state.action_to_string(action)
        if len(text.split(" ")) >= 2:
            return state, text
    raise AssertionError(f"no action of two words at the start of {game_id}")


@pytest.mark.parametrize("game_id", ["111", "bowling-solitaire", "elevenes", "elevenes-for-one"])
def test_every_game_splits_words_on_the_six_characters_only(game_id: str) -> None:
    state, text = a_two_word_action(game_id)
    parse = state.string_to_action  # type: ignore[attr-defined]
    expected = parse(text)
    assert parse("\t" + text.replace(" ", "\v\f \r\n") + "\n") == expected
    for char in NOT_SEPARATORS:
        with pytest.raises(IllegalAction):
            parse(text.replace(" ", char))


@pytest.mark.parametrize("text", ["\u017furrender", "f\u0131ght on", "buy attac\u212a"])
def test_111_folds_case_for_ascii_letters_only(text: str) -> None:
    from elevenes.games.one_eleven.notation import parse_action

    with pytest.raises(IllegalAction) as refused:
        parse_action(text)
    assert refused.value.rule_id == "G111.NOTATION.ACTIONS"
