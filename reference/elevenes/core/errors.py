"""Errors the engine raises.  Every refusal names the rule that forbids the move."""

from __future__ import annotations


class ElevenesError(Exception):
    """Base class of every error the package reports to a user."""


class IllegalAction(ElevenesError):
    """A move the rules forbid.  The state it was tried on is left unchanged."""

    def __init__(self, rule_id: str, message: str, action: str = "") -> None:
        super().__init__(f"{message} [{rule_id}]")
        self.rule_id = rule_id
        self.message = message
        self.action = action


class BadState(ElevenesError):
    """A state document that does not describe a legal position of the game.  Its message is
    one line of at most ``MESSAGE`` characters, whatever the document held."""

    def __init__(self, message: str) -> None:
        super().__init__(shorten(message))


class UnknownGame(ElevenesError):
    """No game of that id is registered."""


class BadOption(ElevenesError):
    """An option the game does not have, or a value it does not accept."""


MESSAGE = 300  # characters of a refusal's message kept


def shorten(message: str, limit: int = MESSAGE) -> str:
    """A validator's message on one line and at most ``limit`` characters (its start, where
    the value is quoted, and its end, which says what is wrong)."""
    message = " ".join(message.split())
    if len(message) <= limit:
        return message
    keep = (limit - 3) // 2
    return message[:keep] + " … " + message[-keep:]
