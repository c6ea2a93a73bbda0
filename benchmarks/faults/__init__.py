"""The planted faults that no scenario can see, one module per game, and why.

A surviving fault listed here changes nothing an implementation could be tested on through the
suite (``benchmarks/plant_faults.py`` reports it apart from the open ones)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Equivalent:
    """Survivors that change no rule an implementation could be tested on through the
    suite: those of ``file`` in function ``where`` ("" any) whose line contains ``code`` (and
    whose change is ``detail``, such as ``GtE -> Gt``, when one is given)."""

    game: str
    file: str
    where: str
    code: str
    why: str
    detail: str = ""


NUMBERING = ("action numbering: the numbers behind the action strings are the engine's own; the "
             "suite sends and compares action strings only")
API_ONLY = ("reached only through the Python API (action numbers, the history, Python types); the "
            "suite's actions are text")
FAST_PATH = "a fast path or a cache: the general path gives the same answer"
VARIANT = ("reached only with a variant card file (a word, filter or reference no printed card "
           "uses); the suite plays the printed cards")
OPTIONS = "checks an option when a game is made; no scenario can ask for a start that is refused"
TEXT = "words only (a message, the rating's verdict): no state, rule id or legal action changes"
SCHEMA = "the JSON Schema refuses such a document first (the runner checks every set-up with it)"
DEFENSIVE = "re-checks what the actions offered already guarantee: no legal action reaches it"
OVERWRITTEN = "a starting value that is always set again before it is read"
SOLO = "Elevenes for One has one player: every decision is seat 0's"
DEAD = "no position of the game reaches it with the printed cards"
LATER = ("a later check refuses the same documents (a loaded position must have a legal "
         "action or chance outcome)")
