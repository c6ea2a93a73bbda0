"""A saved game is checked as strictly as a scenario's set-up.

Real saves (positions reached by seeded random play in every game, edition and player count,
written as ``play`` writes them) are mutated one change at a time: a value replaced by another
from the same document, a number moved by one or written as a float, a list entry dropped,
doubled or swapped, a key removed, a list emptied.  The loader either refuses the mutant with
a short one-line message, or accepts it; an accepted state must then play to its end under
random play without any error, and every position on the way must save and load again (a
save the program writes, it reads back).  ``elevenes play --resume`` typed on the mutant must
agree: the game resumes, or exit status 1 with one line.  ``ELEVENES_SAVE_EXAMPLES`` sets the
number of mutants (default 300).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elevenes.cli import main
from elevenes.core.api import State
from elevenes.core.errors import ElevenesError
from elevenes.games import load_game
from elevenes.games.prompt import SAVE_KEY, check_resume, read_saved, starting_state

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("elevenes-for-one", {}),
    ("elevenes-for-one", {"challenge": True, "minutes": 12}),
    ("elevenes", {"players": 2}),
    ("elevenes", {"players": 3, "edition": "fr", "guests": True}),
    ("elevenes", {"players": 4, "guests": True}),
    ("bowling-solitaire", {}),
    ("111", {"players": 2}),
    ("111", {"players": 5}),
]
MAX_MESSAGE = 400  # characters: a refusal quotes at most a short excerpt of the bad value


def random_step(state: State, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def real_save(config: int, seed: int, steps: int) -> dict[str, Any]:
    """The save ``play`` would write after ``steps`` random moves of a seeded game."""
    game_id, options = CONFIGS[config]
    game = load_game(game_id, options=options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    doc = state.to_json()
    doc[SAVE_KEY] = {"cards": None, "options": dict(game.options)}
    return doc


def paths(doc: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document (the save's own ``saved_with`` left out)."""
    found = [here]
    if isinstance(doc, dict):
        for key, value in doc.items():
            if here == () and key == SAVE_KEY:
                continue
            found.extend(paths(value, (*here, key)))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            found.extend(paths(value, (*here, index)))
    return found


def walk(doc: Any, rng: random.Random) -> tuple[Any, ...]:
    """A random place in ``doc``, reached by descending from the top and stopping at each
    level with some chance: top-level fields are chosen as often as deep ones."""
    path: tuple[Any, ...] = ()
    while True:
        keys: list[Any] = []
        if isinstance(doc, dict):
            keys = [k for k in doc if not (path == () and k == SAVE_KEY)]
        elif isinstance(doc, list):
            keys = list(range(len(doc)))
        if not keys or (path and rng.random() < 0.35):
            return path
        key = rng.choice(keys)
        path, doc = (*path, key), doc[key]


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


MUTATIONS = ("replace", "plus", "minus", "float", "drop", "double", "swap", "delete", "empty",
             "zero", "string")


def mutate(doc: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """One change to a copy of ``doc``, and what it was."""
    doc = copy.deepcopy(doc)
    places = paths(doc)[1:]
    path = walk(doc, rng)
    parent, key = at(doc, path[:-1]), path[-1]
    value = parent[key]
    kind = rng.choice(MUTATIONS)
    leaves = [at(doc, p) for p in places if not isinstance(at(doc, p), dict | list)]
    if kind == "replace" and leaves:
        parent[key] = copy.deepcopy(rng.choice(leaves))
    elif kind in ("plus", "minus", "float", "zero") and isinstance(value, int) \
            and not isinstance(value, bool):
        parent[key] = {"plus": value + 1, "minus": value - 1, "float": float(value),
                       "zero": 0}[kind]
    elif kind in ("drop", "double", "swap", "empty") and isinstance(value, list) and value \
            and (kind != "swap" or len(set(map(repr, value))) > 1):
        if kind == "drop":
            value.pop(rng.randrange(len(value)))
        elif kind == "double":
            value.append(copy.deepcopy(rng.choice(value)))
        elif kind == "swap":  # two entries that differ, so the document changes
            i, j = rng.sample(range(len(value)), 2)
            while repr(value[i]) == repr(value[j]):
                i, j = rng.sample(range(len(value)), 2)
            value[i], value[j] = value[j], value[i]
        else:
            value.clear()
    elif kind == "delete" and isinstance(parent, dict):
        del parent[key]
    elif kind == "string" and isinstance(value, str):
        parent[key] = value[:-1] if value else "x"
    else:
        parent[key] = copy.deepcopy(rng.choice(leaves)) if leaves else None
        kind = "replace"
    return doc, f"{kind} at {'/'.join(map(str, path))}"


def load_or_refuse(doc: dict[str, Any], tmp: Path) -> State | None:
    """``read_saved`` + ``starting_state`` as ``play --resume`` does: the state, or None when
    refused with a short one-line message (anything else fails the test)."""
    file = tmp / "save.json"
    file.write_text(json.dumps(doc))
    try:
        saved = read_saved(str(file), str(doc.get("game")))
        game_id = saved["game"]
        options, cards = check_resume(saved, str(file), {},
                                      lambda given: load_game(game_id, options=given).options,
                                      None)
        return starting_state(load_game(game_id, options=options, cards=cards), saved)
    except ElevenesError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) <= MAX_MESSAGE, message
        return None


def play_resume(game_id: str, file: Path, folder: Path) -> tuple[int, str, str]:
    """``elevenes play GAME --resume FILE`` typed in ``folder``, answered with ``q``."""
    out, err, here = io.StringIO(), io.StringIO(), os.getcwd()
    stdin = sys.stdin
    try:
        os.chdir(folder)
        sys.stdin = io.StringIO("q\n")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["play", game_id, "--resume", str(file)])
    finally:
        sys.stdin = stdin
        os.chdir(here)
    return code, out.getvalue(), err.getvalue()


def play_out(state: State, rng: random.Random) -> None:
    """Random play to the end; every position saves and loads again to the same document."""
    for step in range(100_000):
        if step < 12 or step % 10 == 0 or state.is_terminal():
            doc = state.to_json()
            again = state.game.state_from_json(json.loads(json.dumps(doc)))
            assert again.to_json() == doc
        if state.is_terminal():
            state.returns()
            return
        assert state.is_chance_node() or state.legal_actions(), "no move in a live position"
        if state.is_chance_node():
            assert state.chance_outcomes(), "a chance node with no outcome"
        random_step(state, rng)
    raise AssertionError("the game did not end")


@settings(max_examples=int(os.environ.get("ELEVENES_SAVE_EXAMPLES", "300")))
@given(config=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 10_000),
       steps=st.integers(0, 120), mutation=st.integers(0, 2**32))
def test_a_mutated_save_is_refused_in_one_line_or_plays_to_the_end(
        config: int, seed: int, steps: int, mutation: int, tmp_path_factory: Any) -> None:
    tmp = tmp_path_factory.mktemp("save")
    original = real_save(config, seed, steps)
    doc, what = mutate(original, random.Random(mutation))
    state = load_or_refuse(doc, tmp)
    # the command a person types agrees: resumed (then saved again with q), or one line
    code, out, err = play_resume(CONFIGS[config][0], tmp / "save.json", tmp)
    assert "Traceback" not in out + err and "internal error" not in err, (what, err)
    if state is None:
        assert code == 1 and len(err.strip().splitlines()) == 1, (what, code, err)
    else:
        assert code == 0 and ("Game saved to" in out or state.is_terminal()), (what, err)
    if state is not None:
        try:
            play_out(state, random.Random(mutation))
        except Exception as exc:
            raise AssertionError(f"accepted {what}, then: {type(exc).__name__}: {exc}") from exc


def test_every_real_save_loads_and_plays_to_the_end(tmp_path: Path) -> None:
    for config in range(len(CONFIGS)):
        for seed, steps in ((1, 0), (2, 7), (3, 40), (4, 90)):
            state = load_or_refuse(real_save(config, seed, steps), tmp_path)
            assert state is not None, CONFIGS[config]
            play_out(state, random.Random(seed))


# -- refusals a person can read ------------------------------------------------------------
def resume(args: list[str], file: Path, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code = main([*args, "--resume", str(file)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert "internal error" not in captured.err, captured.err
    return code, captured.err


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_refused_saves_say_why_in_one_short_line(
        config: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    game_id = CONFIGS[config][0]
    original = real_save(config, 5, 30)
    file = tmp_path / "bad.json"
    deep = "[" * 1000 + "]" * 1000
    padded = copy.deepcopy(original)
    first_list = next(p for p in paths(padded)[1:] if isinstance(at(padded, p), list))
    at(padded, first_list).extend([7] * 100_000)
    huge = json.dumps(original)[:-1] + ', "extra": ' + "9" * 5001 + "}"
    for text, says in [
        (json.dumps({**original, "phase": deep}).replace(f'"{deep}"', deep), "nested"),
        (json.dumps(padded), ""),
        (huge, "digits"),
    ]:
        file.write_text(text)
        code, err = resume(["play", game_id], file, monkeypatch, capsys)
        assert code != 0
        lines = err.strip().splitlines()
        assert len(lines) == 1 and len(lines[0]) <= MAX_MESSAGE + 20, err[:1000]
        assert says in lines[0]
        assert "set_int_max_str_digits" not in err


def test_a_whole_number_written_as_a_float_is_refused_in_every_game(
        tmp_path: Path) -> None:
    for config in range(len(CONFIGS)):
        doc = real_save(config, 6, 25)
        number_path = next(p for p in paths(doc)[1:]
                           if isinstance(at(doc, p), int) and not isinstance(at(doc, p), bool))
        at(doc, number_path[:-1])[number_path[-1]] = float(at(doc, number_path))
        file = tmp_path / "float.json"
        file.write_text(json.dumps(doc))
        with pytest.raises(ElevenesError, match="whole number"):
            saved = read_saved(str(file), doc["game"])
            starting_state(load_game(doc["game"], options=doc[SAVE_KEY]["options"]), saved)


def test_a_save_naming_a_game_with_stray_spaces_is_not_suggested_as_a_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "odd.json"
    file.write_text(json.dumps({**real_save(6, 1, 3), "game": " 111 "}))
    code, err = resume(["play", "111"], file, monkeypatch, capsys)
    assert code != 0 and "elevenes play  111" not in err and "--resume" not in err, err
