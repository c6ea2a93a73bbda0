"""Hidden information (ELV.INFO.HIDDEN): a player's observation shows only what the rules let
her see.  The property: changing hidden cards she may not see (swapping two cards of the same
back colour, or two other players' secret guests) leaves her observation unchanged."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from elv_helpers import CONFIGS, game, random_state
from hypothesis import given, settings
from hypothesis import strategies as st

from elevenes.core.errors import BadState
from elevenes.games.elevenes.notation import card_str, parse_card
from elevenes.games.elevenes.state import DEALING, GUESTS, ElvState
from elevenes.games.elevenes.views import visible_face_down

# where a card can be in a state document: ("kitchen", p, i), ("spread", p, i), ("aside", p)
Place = tuple[Any, ...]


def hidden_places(state: ElvState, viewer: int) -> list[tuple[int, Place]]:
    """Cards the viewer cannot see now and has never been shown this round, with their place
    in the state document."""
    doc = state.to_json()
    remembered: set[str] = set()
    for entry in state.observation(viewer)["seen"]:
        remembered.update(entry["cards"])
    shown = " ".join(state.observation(viewer)["legal"])
    sugar = {card_str(c) for c in visible_face_down(state, viewer)}
    found: list[tuple[int, Place]] = []
    n = state.n

    def add(text: str, place: Place) -> None:
        name = text.lstrip("~")
        if name in remembered or name in sugar or name in shown.split():
            return
        card = parse_card(name, n)
        assert card is not None
        found.append((card, place))

    for p, player in enumerate(doc["players"]):
        for i, slot in enumerate(player["spread"]):
            if slot is not None and slot.startswith("~"):
                add(slot, ("spread", p, i))
        if p != viewer:
            for i, text in enumerate(player["kitchen"]):
                add(text, ("kitchen", p, i))
            if player["aside"] is not None:
                add(player["aside"], ("aside", p))
    return found


def put(doc: dict[str, Any], place: Place, card: int) -> None:
    player = doc["players"][place[1]]
    if place[0] == "spread":
        player["spread"][place[2]] = "~" + card_str(card)
    elif place[0] == "kitchen":
        player["kitchen"][place[2]] = card_str(card)
    else:
        player["aside"] = card_str(card)


def swapped(state: ElvState, a: tuple[int, Place], b: tuple[int, Place]) -> ElvState | None:
    doc = copy.deepcopy(state.to_json())
    put(doc, a[1], b[0])
    put(doc, b[1], a[0])
    try:
        return state.game.state_from_json(doc)
    except BadState:
        return None  # e.g. an Elevenses moved away from its owner: a position no game reaches


@settings(max_examples=120)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 600),
    viewer=st.integers(0, 3),
    pick=st.integers(0, 10_000),
)
def test_swapping_hidden_cards_leaves_the_observation_unchanged(
    config: dict[str, Any], seed: int, steps: int, viewer: int, pick: int
) -> None:
    state = random_state(config, seed, steps)
    viewer %= state.n
    if state.is_terminal() or state.phase == DEALING:
        return
    before = state.observation(viewer)
    places = hidden_places(state, viewer)
    rng = random.Random(pick)
    rng.shuffle(places)
    tried = 0
    for i, a in enumerate(places):
        for b in places[i + 1 :]:
            if a[0] // 11 != b[0] // 11 or tried >= 6:
                continue
            other = swapped(state, a, b)
            if other is None:
                continue
            tried += 1
            after = other.observation(viewer)
            assert after == before, (
                f"swapping {card_str(a[0])} at {a[1]} and {card_str(b[0])} at {b[1]} changed "
                f"what player {viewer} sees"
            )


@settings(max_examples=60)
@given(
    config=st.sampled_from([c for c in CONFIGS if c.get("guests")]),
    seed=st.integers(0, 10_000),
    steps=st.integers(60, 600),
    viewer=st.integers(0, 3),
)
def test_swapping_other_players_secret_guests_leaves_the_observation_unchanged(
    config: dict[str, Any], seed: int, steps: int, viewer: int
) -> None:
    state = random_state(config, seed, steps)
    viewer %= state.n
    if state.is_terminal() or state.phase in (DEALING, GUESTS):
        return
    secret = [p for p in range(state.n) if p != viewer and not state.revealed[p]]
    if len(secret) < 2:
        return
    doc = state.to_json()
    a, b = secret[0], secret[1]
    doc["players"][a]["guest"], doc["players"][b]["guest"] = (
        doc["players"][b]["guest"],
        doc["players"][a]["guest"],
    )
    other = state.game.state_from_json(doc)
    assert other.observation(viewer) == state.observation(viewer)


def test_observations_name_no_card_the_viewer_cannot_see() -> None:
    """Every card named in an observation is face up, the viewer's own, remembered, or (with
    Sugar) face down in her own spread."""
    for seed in range(40):
        config = CONFIGS[seed % len(CONFIGS)]
        state = random_state(config, seed, 50 + 7 * seed)
        for viewer in range(state.n):
            obs = state.observation(viewer)
            allowed = set(obs["players"][viewer]["kitchen"])
            allowed.update(e for entry in obs["seen"] for e in entry["cards"])
            allowed.update(card_str(c) for c in visible_face_down(state, viewer))
            if obs["players"][viewer]["aside"]:
                allowed.add(obs["players"][viewer]["aside"])
            for p, player in enumerate(obs["players"]):
                for slot in player["spread"]:
                    if slot is not None and slot.startswith("~") and len(slot) > 2:
                        assert p == viewer and slot[1:] in allowed
                if p != viewer:
                    assert all(len(k) == 1 for k in player["kitchen"])  # backs only
            text = json.dumps(obs)
            for p in range(state.n):
                if p == viewer:
                    continue
                for card in state.kitchen[p]:
                    name = card_str(card)
                    if name not in allowed:
                        assert f'"{name}"' not in text, (seed, viewer, name)


def test_the_observation_is_a_copy() -> None:
    state = random_state({"players": 3}, 5, 80)
    obs = state.observation(1)
    obs["players"][0]["kitchen"].clear()
    assert state.observation(1) != obs
    assert game({"players": 3}).state_from_json(state.to_json()).observation(
        1
    ) == state.observation(1)
