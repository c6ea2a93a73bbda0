"""The picture of a position for a page: the renderer's SVG, or the terminal's text table where
the renderer cannot draw it (the page then shows the text, and the reason)."""

from __future__ import annotations

import attrs
from markupsafe import Markup

from ..core.api import State
from ..core.errors import ElevenesError
from . import tables


@attrs.frozen
class Picture:
    svg: Markup | None
    text: str = ""
    why: str = ""


def picture(state: State, whole: bool = False, cards: str | None = None) -> Picture:
    """The human's view of ``state`` (``whole``: the whole state, as on the dispute board),
    its cards named as in the card file ``cards`` when the game is played with one."""
    game_id = state.game.id
    try:
        from .. import render
        from ..render.names import shipped_names
    except ImportError as exc:
        return Picture(None, tables.text_table(state), f"no renderer here ({exc})")
    try:
        names = shipped_names(game_id, cards) if cards is not None else None
        if whole:
            svg = render.state_svg(game_id, state.to_json(), names)
        else:
            svg = render.observation_svg(game_id, state.observation(tables.HUMAN), names)
    except ElevenesError as exc:
        return Picture(None, tables.text_table(state), str(exc))
    return Picture(Markup(svg))  # the renderer escapes every text it draws
