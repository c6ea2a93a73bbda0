"""Problems found in a .cards file, each at ``file:line:col`` with a code and, where it can,
a suggestion.  The codes are documented in docs/language.md and each has a test."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

import attrs

from ..core.errors import ElevenesError

CODES: dict[str, str] = {
    "E100": "syntax error",
    "E101": "unknown or missing game",
    "E102": "unknown event",
    "E103": "unknown zone",
    "E104": "unknown filter",
    "E105": "unknown trait",
    "E106": "unknown verb",
    "E107": "wrong arguments",
    "E108": "unknown name",
    "E109": "duplicate card",
    "E110": "card number out of range",
    "E111": "chosen cards do not fit the verb",
    "E112": "zone owner missing or not allowed",
    "E113": "players cannot be chosen in this game",
    "E114": "event handled twice",
    "E115": "unknown test or value",
    "E116": "unknown grant",
    "E117": "name bound twice",
    "E118": "empty or useless block",
    "E119": "guest problem",
    "E120": "unknown rule id",
    "E121": "file cannot be read",
    "E122": "member the game never looks at",
    "E123": "verb given a zone it does nothing to",
    "E124": "verb given cards of a zone it does nothing to",
    "E125": "choice from a zone no card is chosen from",
    "E126": "filter that never holds in its zone",
    "E127": "a verb the game needs no card uses",
    "E128": "a repeated block that can only act once",
    "E129": "cards gathered from one player only go back to them",
    "W130": "a card replacing one with a value leaves `value` out (warning)",
    "E131": "a place in a row the game does not have",
    "E132": "cubes moved between the owner and herself",
    "E133": "a card moved from a player's zone to the same player",
    "E140": "`self` in a Special Guest's effect (a guest is no card)",
    "E141": "a verb that can only do nothing on this event",
    "E142": "an event that never happens to this card",
    "E150": "`ahead` in a game whose play walks no row",
    "E151": "`ahead` in a set of a zone the pass does not walk",
    "E152": "a condition of `choose player` that never names the chosen player",
    "E153": "a card of the owner's own zone moved into that zone (`take` from kitchen(me))",
}

INTERNAL = "E900"
"""The code of an internal error: the checker itself failed on a file.  That is a bug of
elevenes, never of the file, so no card file is meant to produce it (it is not in CODES)."""


@attrs.frozen
class Diagnostic:
    path: str
    line: int
    column: int
    code: str
    message: str
    hint: str = ""

    @property
    def severity(self) -> str:
        """``warning`` (a W code: the file still loads) or ``error``."""
        return "warning" if self.code.startswith("W") else "error"

    def __str__(self) -> str:
        text = f"{self.path}:{self.line}:{self.column}: {self.code} {self.message}"
        return f"{text}\n    hint: {self.hint}" if self.hint else text


class CardFileError(ElevenesError):
    """A .cards file with problems; ``str()`` lists them all."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


def suggest(word: str, known: Iterable[str]) -> str:
    """``did you mean `x`?`` for the closest known word, or a list of the known words."""
    names = sorted(set(known))
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if close:
        return f"did you mean `{close[0]}`?"
    if names and len(names) <= 12:
        return "known: " + ", ".join(f"`{n}`" for n in names)
    return ""
