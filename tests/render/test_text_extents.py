"""Every word a picture shows lies inside it: over seeded random positions of every game at
its most players (and each of its players' views), the estimated box of each ``<text>`` is
within the viewBox.  Text width is estimated conservatively from the font size and the number
of characters (0.6 em a character, wider than the DejaVu Sans / Verdana average); the height
from the font's ascent (0.8 em above the baseline) and descent (0.25 em below)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import elevenes
from elevenes.core.api import State
from elevenes.render import observation_svg, state_svg

SVG = "{http://www.w3.org/2000/svg}"
EM = 0.6  # the width of a character, in font sizes
ASCENT, DESCENT = 0.8, 0.25


def most_players(game_id: str) -> dict[str, Any]:
    """The options that seat the most players (and deal the guests where there are some)."""
    game = elevenes.load_game(game_id)
    options: dict[str, Any] = {}
    for spec in type(game).option_specs:
        if spec.name == "players":
            options["players"] = spec.high
        if spec.name == "guests":
            options["guests"] = True
    return options


GAMES = ["elevenes-for-one", "elevenes", "bowling-solitaire", "111"]


def overflows(svg: str) -> list[str]:
    """The texts whose estimated box leaves the viewBox, each with its box."""
    root = ET.fromstring(svg)
    _x0, _y0, width, height = (float(v) for v in root.get("viewBox", "").split())
    found = []
    for el in root.iter(f"{SVG}text"):
        text = "".join(el.itertext())
        if not text:
            continue
        size = float(el.get("font-size", "16"))
        x, y = float(el.get("x", "0")), float(el.get("y", "0"))
        w = len(text) * size * EM
        anchor = el.get("text-anchor", "start")
        left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
        box = (left, y - size * ASCENT, left + w, y + size * DESCENT)
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            found.append(f"{text!r} at {tuple(round(v) for v in box)} in {width:g}x{height:g}")
    return found


def positions(game_id: str, options: dict[str, Any], seed: int,
              sample: int | None = 16) -> list[State]:
    """Positions of one seeded random game: ``sample`` of them drawn at random (None: all),
    then its end."""
    state = elevenes.load_game(game_id, options=options).new_initial_state()
    rng = random.Random(seed)
    found = []
    for _ in range(3000):
        if state.is_terminal():
            break
        found.append(state.clone())
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    if sample is not None and len(found) > sample:
        found = [found[i] for i in sorted(random.Random(seed).sample(range(len(found)), sample))]
    return [*found, state]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_lies_inside_the_picture(game_id: str) -> None:
    options = most_players(game_id)
    bad: list[str] = []
    for seed in range(6):
        for state in positions(game_id, options, seed):
            bad += [f"seed {seed}, state: {b}" for b in overflows(state_svg(game_id,
                                                                            state.to_json()))]
            for player in range(state.game.num_players()):
                svg = observation_svg(game_id, state.observation(player))
                bad += [f"seed {seed}, player {player}: {b}" for b in overflows(svg)]
    assert not bad, f"{len(bad)} texts leave the picture, e.g. " + "; ".join(sorted(set(bad))[:6])


def test_111_defeated_bosses_on_a_six_player_table_stay_inside() -> None:
    """The case seen: seed 8 of a six-player game, whose "defeated bosses" line ran off."""
    for state in positions("111", {"players": 6}, 8, sample=60):
        assert not overflows(state_svg("111", state.to_json()))


def test_a_finished_efo_game_shows_no_pending_prompt() -> None:
    """A finished game asks for nothing: no "has asked for" prompt, no choice to make."""
    ended = 0
    for seed in range(40):
        state = positions("elevenes-for-one", {}, seed, sample=0)[-1]
        assert state.is_terminal()
        words = " ".join("".join(el.itertext())
                         for el in ET.fromstring(state_svg("elevenes-for-one",
                                                           state.to_json())).iter(f"{SVG}text"))
        assert "asked for" not in words, (seed, words)
        ended += 1
    assert ended == 40
