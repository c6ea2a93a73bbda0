"""Time to load a state document (``game.state_from_json``), per game, with the compiled
state validator the engine uses (jsonschema-rs) and, in the same run, the interpreted
``jsonschema`` validator it replaced, on the same documents.

Documents: each game's state after a few moves and the largest state seen in a seeded random
game (an Elevenes game's ``seen`` record grows with every look at a hidden card), plus a save
padded with 100,000 list entries, which must be refused quickly and in one short line.

    python benchmarks/bench_load.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import jsonschema

from elevenes.core.errors import ElevenesError
from elevenes.core.schema import check_state_document
from elevenes.games import load_game
from elevenes.paths import conformance_dir

CONFIGS = [("elevenes-for-one", {}), ("elevenes", {"players": 4, "edition": "fr", "guests": True}),
           ("bowling-solitaire", {}), ("111", {"players": 6})]


def documents(game_id: str, options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A state after 10 moves, and the largest state of a seeded random game."""
    game = load_game(game_id, options=options)
    state = game.new_initial_state()
    rng = random.Random(2)
    early: dict[str, Any] = {}
    largest: dict[str, Any] = {}
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
        doc = state.to_json()
        if step == 10:
            early = doc
        if len(json.dumps(doc)) > len(json.dumps(largest)):
            largest = doc
    return early, largest


def per_call(fn: Callable[[], Any], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def interpreted(game_id: str) -> Callable[[dict[str, Any]], None]:
    path = conformance_dir("schema") / f"state-{game_id}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(schema)(schema)

    def check(doc: dict[str, Any]) -> None:
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        if errors:
            raise ElevenesError(errors[0].message)

    return check


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args(argv)
    print(f"{'game':<18} {'document':<9} {'bytes':>7} {'load':>9} {'schema now':>11} "
          f"{'schema before':>14} {'ratio':>6}")
    for game_id, options in CONFIGS:
        game = load_game(game_id, options=options)
        old = interpreted(game_id)
        for name, doc in zip(("early", "largest"), documents(game_id, options), strict=True):
            size = len(json.dumps(doc))
            load = per_call(lambda d=doc, g=game: g.state_from_json(d), args.repeat)
            now = per_call(lambda d=doc, i=game_id: check_state_document(i, d), args.repeat)
            before = per_call(lambda d=doc, o=old: o(d), max(3, args.repeat // 10))
            print(f"{game_id:<18} {name:<9} {size:>7} {load * 1e3:>7.2f}ms {now * 1e3:>9.3f}ms "
                  f"{before * 1e3:>12.2f}ms {before / now:>5.0f}x")
        padded = game.new_initial_state().to_json()
        key = next(k for k, v in padded.items() if isinstance(v, list))
        padded[key] = list(padded[key]) + [7] * 100_000
        start = time.perf_counter()
        try:
            game.state_from_json(padded)
            message = "accepted"
        except ElevenesError as exc:
            message = str(exc)
        took = time.perf_counter() - start
        print(f"{game_id:<18} {'padded':<9} {len(json.dumps(padded)):>7} {took * 1e3:>7.1f}ms "
              f"refused in {len(message)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
