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
    """A state document that does not describe a legal position of the game."""


class UnknownGame(ElevenesError):
    """No game of that id is registered."""


class BadOption(ElevenesError):
    """An option the game does not have, or a value it does not accept."""
