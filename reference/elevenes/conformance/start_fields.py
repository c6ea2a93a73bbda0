"""What the runner sends with ``start`` besides the game and its options (docs/protocol.md).

Elevenes with the Special Guests: ``guest_cards``, the guests in play, so that a program need
not find the shipped guest file inside this package (the option ``guest_file`` stays as it is,
``""`` for the shipped guests, for programs that read the files themselves).
"""

from __future__ import annotations

from ..core.api import Json
from ..core.errors import ElevenesError


def start_fields(game: str, options: Json | None) -> Json:
    """The optional fields of the ``start`` request for ``game`` with ``options``."""
    if game != "elevenes" or not isinstance(options, dict) or options.get("guests") is not True:
        return {}
    from ..games.elevenes import guest_cards

    try:
        return {"guest_cards": guest_cards(options)}
    except ElevenesError:  # a guest file that cannot be read: the program says what it makes of it
        return {}
