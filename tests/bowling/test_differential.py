"""The engine against the plain simulator of benchmarks/bench_bowling.py, a second and
independent implementation of the same rules: same deals, same choices, same legal moves at
every decision, same score pad."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

from elevenes.games.bowling_solitaire import BowlingGame

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_bowling.py"


def load_plain() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bowling", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_engine_matches_the_plain_simulator(game: BowlingGame) -> None:
    plain = load_plain()
    assert len(plain.GROUPS) == 64
    decisions = 0
    for seed in range(250):
        rng = random.Random(seed)
        greedy_bias = seed % 3  # vary how often balls are stopped
        state = game.new_initial_state()
        other = plain.PlainBowling()
        deck = [v for v in range(10) for _ in range(2)]
        while not state.is_terminal():
            assert not other.over
            if state.is_chance_node():
                assert other.needs_deal()
                rng.shuffle(deck)
                for card in deck:
                    state.apply_action(card)
                other.deal(list(deck))
                continue
            assert not other.needs_deal()
            mine = sorted(state.legal_action_strings())
            theirs = sorted(plain.move_text(m) for m in other.moves())
            assert mine == theirs, (seed, state.to_json())
            moves = other.moves()
            if greedy_bias and len(moves) > 1 and rng.random() < 0.9:
                move = moves[1 + rng.randrange(len(moves) - 1)]  # prefer knocking
            else:
                move = moves[rng.randrange(len(moves))]
            state.apply_action(plain.move_text(move))
            other.play(move)
            decisions += 1
            assert state.pad == other.pad
        assert other.over
        assert state.score() == plain.total_score(other.pad)
    assert decisions > 5000
