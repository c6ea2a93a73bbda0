"""elevenes: formal rulebook, card-effect language and reference engine for the Elevenes
family of card games."""

from .core import CHANCE, TERMINAL, Game, IllegalAction, State
from .core.play import divide, perft, play, replay
from .games import game_ids, load_game

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "IllegalAction",
    "State",
    "divide",
    "game_ids",
    "load_game",
    "perft",
    "play",
    "replay",
]
