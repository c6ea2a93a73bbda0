"""Readings of Elevenes for One that change the procedure and need more than the rules' usual
care: the discards made under DISCARD-LIMIT (b), a memory the position does not show, travel
in the state document (`remembered`) and nowhere else; NEXT-CARD and ELEVENSES (c) report the
ruling they depend on whatever reading is in force."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from elevenes.conformance.schemas import validator
from elevenes.core.errors import BadState, IllegalAction
from elevenes.core.readings import consultation
from elevenes.games import load_game
from elevenes.games.elevenes_for_one.game import EfoState

LIMIT_B = {"reading.EFO.RULING.DISCARD-LIMIT": "b"}


def position(options: dict[str, Any], **fields: Any) -> EfoState:
    game = load_game("elevenes-for-one", options)
    doc: dict[str, Any] = {"game": "elevenes-for-one", "phase": "turn", "minutes": 8,
                           "trolley": [1, 2, 3], "cursor": 0}
    doc.update(fields)
    state = game.state_from_json(doc)
    assert isinstance(state, EfoState)
    return state


def act(state: EfoState, text: str) -> None:
    state.apply_action(state.string_to_action(text))


def moves(state: EfoState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_the_discards_made_are_remembered_and_a_save_keeps_them() -> None:
    state = position(LIMIT_B, pantry=[[6, "up"], [7, "up"], [9, "up"], [10, "up"], [5, "up"],
                                      [4, "up"], [8, "up"], [11, "up"]], discard=[])
    assert state.to_json()["remembered"] == {"discards": 0}
    for _ in range(3):
        act(state, "discard")
    doc = state.to_json()
    assert doc["remembered"] == {"discards": 3} and doc["discard"] == [6, 7, 9]
    act(state, "use")  # (10) Servants takes (6) back: the pile has room again
    act(state, "return 6")
    assert moves(state) == ["use"]  # (6) is current; three discards were made
    again = state.game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json() and moves(again) == ["use"]
    with pytest.raises(IllegalAction) as refused:
        act(again, "discard")
    assert refused.value.rule_id == "EFO.RULING.DISCARD-LIMIT"
    # the same position under the decided reading: the pile's room is what counts
    decided = position({}, **{k: v for k, v in state.to_json().items()
                              if k not in ("options", "remembered")})
    assert moves(decided) == ["use", "discard"]


def test_a_memory_the_reading_does_not_have_or_cannot_be_is_refused() -> None:
    fields: dict[str, Any] = {
        "pantry": [[6, "up"], [7, "up"], [10, "up"], [5, "up"], [8, "up"], [11, "up"]],
        "discard": [4, 9], "remembered": {"discards": 2}}
    with pytest.raises(BadState, match="DISCARD-LIMIT"):
        position({}, **fields)
    with pytest.raises(BadState, match="at least the 2 card"):
        position(LIMIT_B, **{**fields, "remembered": {"discards": 1}})
    with pytest.raises(BadState):  # the schema: at most three
        position(LIMIT_B, **{**fields, "remembered": {"discards": 4}})
    # left out: the cards in the pile
    fields.pop("remembered")
    assert position(LIMIT_B, **fields).to_json()["remembered"] == {"discards": 2}


@pytest.mark.parametrize("seed", range(6))
def test_documents_under_the_memory_satisfy_the_schemas_and_load_back(seed: int) -> None:
    state_schema = validator("state-elevenes-for-one.schema.json")
    seen_schema = validator("observation-elevenes-for-one.schema.json")
    assert state_schema is not None and seen_schema is not None
    rng = random.Random(seed)
    options = {**LIMIT_B, "reading.EFO.RULING.ELEVENSES": rng.choice("ac"),
               "reading.EFO.RULING.NEXT-CARD": rng.choice("abc")}
    game = load_game("elevenes-for-one", options)
    state = game.new_initial_state()
    discards = 0
    while not state.is_terminal():
        doc = state.to_json()
        assert list(state_schema.iter_errors(doc)) == [], doc
        assert list(seen_schema.iter_errors(state.observation(0))) == []
        again = game.state_from_json(doc)
        assert again.to_json() == doc and again.legal_actions() == state.legal_actions()
        action = rng.choice(state.legal_actions())
        discards += state.action_to_string(action) == "discard"
        state.apply_action(action)
        assert state.to_json()["remembered"] == {"discards": discards}
    assert discards <= 3


def test_the_rulings_are_consulted_where_they_decide() -> None:
    # Sandwiches, first, moves itself: where the pass goes on depends on NEXT-CARD
    state = position({}, trolley=list(range(1, 8)), minutes=6, discard=[],
                     pantry=[[8, "up"], [9, "up"], [10, "up"], [11, "up"]])
    with consultation() as seen:
        act(state, "use")
    assert "EFO.RULING.NEXT-CARD" in seen
    # (11) before a full pile holding the card next to score: ELEVENSES decides (the legal
    # moves are worked out as the position loads)
    with consultation() as seen:
        state = position({}, minutes=6, discard=[4, 6, 7],
                         pantry=[[11, "up"], [5, "up"], [10, "up"], [8, "up"], [9, "up"]])
        assert moves(state) == ["use"]
    assert "EFO.RULING.ELEVENSES" in seen
    # three discards made, room in the pile: DISCARD-LIMIT decides
    with consultation() as seen:
        state = position(LIMIT_B, discard=[4], remembered={"discards": 3},
                         pantry=[[6, "up"], [5, "up"], [7, "up"], [8, "up"], [9, "up"],
                                 [10, "up"], [11, "up"]])
        assert moves(state) == ["use"]
    assert "EFO.RULING.DISCARD-LIMIT" in seen


def test_hint_and_solve_play_discard_limit_b_natively(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """The native solver plays DISCARD-LIMIT (b) (the discards made are part of its pass
    starts): both commands answer without falling back to the Python search, and three
    discards made leave only `use`; under another reading it plays, no note either."""
    from elevenes.cli import main
    from elevenes.games.elevenes_for_one import native

    if native.compiler() is None:
        pytest.skip("no C compiler: the native solver cannot be built")

    doc = {"game": "elevenes-for-one", "phase": "turn", "minutes": 4,
           "trolley": [1, 2, 3, 4, 5, 6, 7], "pantry": [[9, "up"], [8, "up"], [10, "up"],
                                                         [11, "up"]],
           "discard": [], "cursor": 0, "remembered": {"discards": 3},
           "options": {"reading.EFO.RULING.DISCARD-LIMIT": "b", "minutes": 6}}
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc))
    assert main(["hint", str(path), "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert "note" not in err
    assert re.search(r"^use\s+0\.0000% \*", out, re.M)  # three discards made: only `use`
    assert "\ndiscard" not in out
    assert main(["solve", "elevenes-for-one", "--trolley", "8", "-o", "minutes=5", "-o",
                 "reading.EFO.RULING.DISCARD-LIMIT=b", "--no-progress", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "note" not in err and json.loads(out)["engine"] == "native"
    doc["options"] = {"reading.EFO.RULING.NEXT-CARD": "a", "minutes": 6}
    del doc["remembered"]
    path.write_text(json.dumps(doc))
    assert main(["hint", str(path), "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert "note" not in err and re.search(r"^discard\s+100\.0000% \*", out, re.M)


def test_the_table_shows_the_discards_made_under_the_reading() -> None:
    from elevenes.games.elevenes_for_one.terminal import render

    fields: dict[str, Any] = {
        "pantry": [[6, "up"], [7, "up"], [10, "up"], [5, "up"], [8, "up"], [11, "up"]],
        "discard": [4, 9]}
    assert "Discard pile (2/3), 3 of 3 discards made" in render(
        position(LIMIT_B, remembered={"discards": 3}, **fields))
    assert "discards made" not in render(position({}, **fields))
