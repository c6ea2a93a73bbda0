"""Pictures of positions: every game's canonical state, or a player's observation, as SVG.

The renderer draws documents only (what ``state.to_json()`` and ``state.observation(p)``
give): it knows where each game's fields go on a table, not what the rules allow.  Card names
come from the rulebook's card files.  ``state_svg`` shows everything the document holds (a
face-down card carries a faint label with its identity); ``observation_svg`` draws what a
player sees, hidden cards as plain backs.

>>> import elevenes
>>> from elevenes.render import state_svg
>>> game = elevenes.load_game("elevenes-for-one")
>>> state_svg("elevenes-for-one", game.new_initial_state().to_json()).startswith("<svg")
True
"""

from __future__ import annotations

import importlib
import importlib.util
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..core.errors import ElevenesError
from . import bowling, efo, elv, one_eleven
from .names import Names, shipped_names

Drawer = Callable[[Mapping[str, Any], Names, "int | None"], str]
DRAWERS: dict[str, Drawer] = {
    "elevenes-for-one": efo.draw,
    "elevenes": elv.draw,
    "bowling-solitaire": bowling.draw,
    "111": one_eleven.draw,
}


class RenderError(ElevenesError):
    """A document the renderer cannot draw (an unknown game, a field of the wrong shape)."""


def _draw(game_id: str, doc: Mapping[str, Any], viewer: int | None,
          names: Names | None) -> str:
    drawer = DRAWERS.get(game_id)
    if drawer is None:
        raise RenderError(f"no picture for game {game_id!r} (games: {', '.join(DRAWERS)})")
    if not isinstance(doc, Mapping):
        raise RenderError(f"cannot draw a {type(doc).__name__}: expected a JSON object")
    try:
        return drawer(doc, names if names is not None else shipped_names(game_id), viewer)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise RenderError(f"cannot draw this {game_id} document: a field has the wrong shape "
                          f"({type(exc).__name__}: {exc})") from None


def state_svg(game_id: str, doc: Mapping[str, Any], names: Names | None = None) -> str:
    """The SVG of a canonical state document of ``game_id`` (everything shown)."""
    return _draw(game_id, doc, None, names)


def observation_svg(game_id: str, doc: Mapping[str, Any], names: Names | None = None) -> str:
    """The SVG of a player's observation document: hidden cards are drawn as backs."""
    viewer = doc.get("viewer", doc.get("player", 0)) if isinstance(doc, Mapping) else 0
    return _draw(game_id, doc, int(viewer) if isinstance(viewer, int) else 0, names)


def png_converter() -> str | None:
    """The program ``svg_to_png`` would use: ``cairosvg`` (the Python package),
    ``rsvg-convert`` or a headless Chromium; None when there is none."""
    if importlib.util.find_spec("cairosvg") is not None:
        return "cairosvg"
    for program in ("rsvg-convert", "chromium", "chromium-browser", "google-chrome"):
        if shutil.which(program):
            return program
    return None


def _size(svg: str) -> tuple[int, int]:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    return (int(float(root.get("width", "800"))), int(float(root.get("height", "600"))))


def svg_to_png(svg: str, path: str | Path) -> bool:
    """Write ``svg`` as a PNG file at ``path``; False when no converter is installed
    (``png_converter``).  A converter that fails raises RenderError."""
    converter = png_converter()
    if converter is None:
        return False
    out = Path(path)
    if converter == "cairosvg":
        cairosvg: Any = importlib.import_module("cairosvg")
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(out))
        return True
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "picture.svg"
        source.write_text(svg, encoding="utf-8")
        if converter == "rsvg-convert":
            command = [converter, "-o", str(out.resolve()), str(source)]
        else:
            width, height = _size(svg)
            page = Path(folder) / "picture.html"
            page.write_text("<!doctype html><style>body{margin:0}</style>" + svg,
                            encoding="utf-8")
            command = [converter, "--headless", "--no-sandbox", "--disable-gpu",
                       "--hide-scrollbars", f"--user-data-dir={folder}/profile",
                       f"--window-size={width},{height}",
                       f"--screenshot={out.resolve()}", page.as_uri()]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise RenderError(f"{converter} could not convert the picture: {exc}") from None
        if done.returncode != 0 or not out.is_file():
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise RenderError(f"{converter} could not convert the picture: {last}")
    return True


__all__ = ["Names", "RenderError", "observation_svg", "png_converter", "shipped_names",
           "state_svg", "svg_to_png"]
