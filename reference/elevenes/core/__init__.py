"""Game-independent engine: the state API, chance, refusals, play, replay and perft."""

from .api import CHANCE, TERMINAL, Action, Game, Json, OptionSpec, State, canonical_dumps
from .errors import BadOption, BadState, ElevenesError, IllegalAction, UnknownGame

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "BadOption",
    "BadState",
    "ElevenesError",
    "Game",
    "IllegalAction",
    "Json",
    "OptionSpec",
    "State",
    "UnknownGame",
    "canonical_dumps",
]
