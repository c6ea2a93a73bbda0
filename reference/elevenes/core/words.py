"""Words of an action string (docs/protocol.md, "Action strings").

Every game reads its action strings as words separated by whitespace, and "whitespace" is
exactly the six ASCII characters below: space, tab, line feed, vertical tab, form feed and
carriage return.  No other character separates words; a no-break space, an em space, a
byte-order mark or an ASCII file separator is part of a word, so the text is then not an
action (a program in JavaScript must not split on ``\\s``, and one in Python not on
``str.split()`` without an argument: both take more characters than these).
"""

from __future__ import annotations

import re

WHITESPACE = " \t\n\v\f\r"
"""The characters that separate words: U+0020 and U+0009 to U+000D."""

_SEPARATORS = re.compile(f"[{re.escape(WHITESPACE)}]+")


def split_words(text: str) -> list[str]:
    """The words of ``text``: runs of characters other than ``WHITESPACE``, in order
    (leading and trailing whitespace gives no empty word)."""
    return [word for word in _SEPARATORS.split(text) if word]


def is_ascii_digits(word: str) -> bool:
    """Whether ``word`` is one or more of the ASCII digits 0-9 (``str.isdigit`` also takes
    other scripts' digits and superscripts)."""
    return bool(word) and all("0" <= c <= "9" for c in word)


_TO_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_TO_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_upper(text: str) -> str:
    """``text`` with a-z in upper case and every other character as it is: where a game
    ignores case, it does so for the ASCII letters only (``str.upper`` writes a dotless i as
    I and a long s as S, and so would read them as those letters)."""
    return text.translate(_TO_UPPER)


def ascii_lower(text: str) -> str:
    """``text`` with A-Z in lower case and every other character as it is."""
    return text.translate(_TO_LOWER)
