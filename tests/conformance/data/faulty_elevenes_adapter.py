"""The reference served over the protocol with one fault planted, chosen by the environment
variable ELEVENES_FAULT (for measuring and testing ``elevenes diff``):

- ``places``: two tied leaders get no place cube (ELV.SCORE.TIES says one each);
- ``leak``: a player's observation shows the other seats' kitchens (ELV.INFO.HIDDEN);
- ``lenient-setup``: ``setup`` accepts a document whose cube counts do not add up
  (ELV.EDITION.CUBES), by topping up the bowl;
- unset or empty: no fault.

The games are played by the reference engine in this process, as ``elevenes adapter`` does.
"""

from __future__ import annotations

import io
import os
import sys
from typing import Any

from elevenes.conformance import protocol
from elevenes.games.elevenes import state as elv_state
from elevenes.games.elevenes import views as elv_views

FAULT = os.environ.get("ELEVENES_FAULT", "")


def _places(values: list[int]) -> list[int]:
    awards = original_places(values)
    if awards.count(1) > 1 and 2 not in awards:
        return [0] * len(values)
    return awards


def _observation(state: Any, viewer: int) -> Any:
    doc = original_observation(state, viewer)
    for p, row in enumerate(doc["players"]):
        row["kitchen"] = [elv_views.card_str(c) for c in sorted(state.kitchen[p])]
    return doc


def _from_json(self: Any, doc: Any) -> Any:
    if isinstance(doc, dict) and isinstance(doc.get("players"), list):
        edition = (doc.get("options") or {}).get("edition", self.options["edition"])
        cubes = [p.get("cubes") for p in doc["players"] if isinstance(p, dict)]
        if all(isinstance(c, int) and c >= 0 for c in cubes):
            doc = dict(doc, bowl=(30 if edition == "fr" else 25) - sum(cubes))
    return original_from_json(self, doc)


original_places = elv_state.place_awards
original_observation = elv_views.observation
original_from_json = elv_state.ElvGame.state_from_json
if FAULT == "places":
    elv_state.place_awards = _places  # type: ignore[assignment]
elif FAULT == "leak":
    elv_views.observation = _observation  # type: ignore[assignment]
elif FAULT == "lenient-setup":
    elv_state.ElvGame.state_from_json = _from_json  # type: ignore[method-assign]
elif FAULT:
    sys.exit(f"unknown ELEVENES_FAULT {FAULT!r}")

stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True)
sys.exit(protocol.serve(stdin, stdout))
