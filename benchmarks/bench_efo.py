"""Elevenes for One: the engine against two hand-written simulators of the same rules.

- efo_handwritten.py lays the pantry out card by card and offers the same actions in the same
  order, drawing chance with the same arithmetic, so the same seed gives the same game on both
  sides: decisions per second, game for game.
- efo_shuffled.py, a tight simulator, shuffles the pantry in one call at each pass: it plays
  other games from the same seeds, so the two sides are compared in whole games per second
  of this process's CPU time (steadier than the clock on a shared machine) over the same
  number of seeded random games.
- Two more loops bound the engine's share: the same playout loop over a state that does
  nothing (what the API's calls cost by themselves), and the engine with each pass laid out
  in one shuffle at no cost (what a chance node dealing a whole pass in one call could give).

    python benchmarks/bench_efo.py [--games N] [--seed S] [--rounds R] [--profile engine]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import efo_handwritten  # noqa: E402
import efo_shuffled  # noqa: E402
from harness import Bench, Playout, arguments, engine_playout, main  # noqa: E402

import elevenes  # noqa: E402
from elevenes.core.errors import ElevenesError  # noqa: E402

engine = engine_playout(elevenes.load_game("elevenes-for-one"))


def hand(seed: int) -> int:
    return efo_handwritten.playout(random.Random(seed))[0]


def shuffled(seed: int) -> int:
    return efo_shuffled.playout(random.Random(seed))[3]


BENCH = Bench("elevenes-for-one", engine, hand, games=5000)


class Script:
    """A state with no game in it: it replays the kinds of steps of one engine game (chance or
    decision, and how many actions were legal) and does nothing else.  Played through the
    same loop as the engine (harness.engine_playout), it measures what the loop of
    ``legal_actions`` / ``apply_action`` / ``sample_chance`` costs by itself."""

    __slots__ = ("steps", "at", "history", "_legal")

    def __init__(self, steps: list[int]) -> None:
        self.steps = steps  # 0: a chance step; n > 0: a decision among n actions
        self.at = 0
        self.history: list[int] = []
        self._legal: list[int] = []

    def is_terminal(self) -> bool:
        return self.at >= len(self.steps)

    def is_chance_node(self) -> bool:
        return self.steps[self.at] == 0

    def sample_chance(self, rng: random.Random) -> int:
        rng.random()
        return 0

    def legal_actions(self) -> list[int]:
        self._legal = list(range(self.steps[self.at]))
        return list(self._legal)

    def apply_action(self, action: int) -> None:
        if type(action) is not int:
            raise TypeError(action)
        self.at += 1
        self.history.append(action)


class ScriptGame:
    """new_initial_state() gives the next game's script (the scripts are played in order)."""

    def __init__(self, scripts: list[list[int]]) -> None:
        self.scripts = scripts
        self.next = 0

    def new_initial_state(self) -> Script:
        script = self.scripts[self.next % len(self.scripts)]
        self.next += 1
        return Script(script)


def dealt_at_once(game: Any) -> Playout:
    """What a chance node that lays a whole pass out in one call could reach at best: the
    engine's playout loop, except that at a chance node the pass is shuffled with one
    ``rng.shuffle`` and written into the state directly, at no cost in checks, history or
    API calls.  Not a way to play (it goes behind the API's back); it bounds what changing
    the chance action space would give."""
    from elevenes.games.elevenes_for_one.game import FRONT

    def playout(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                deck = state.deck
                rng.shuffle(deck)
                state.pantry, state.deck, state.phase, state._legal = deck, [], FRONT, None
                decisions += len(deck)
                continue
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            decisions += 1
        return decisions

    return playout


class InC:
    """The game whose states are the C state (``new_initial_state(native=True)``,
    native/fast.py): the same games through the same public API."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def new_initial_state(self) -> Any:
        return self.game.new_initial_state(native=True)


def scripts(seeds: range) -> list[list[int]]:
    """The steps of the engine's game from each seed: 0 for chance, else the legal count."""
    game = elevenes.load_game("elevenes-for-one")
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = []
        while not state.is_terminal():
            if state.is_chance_node():
                steps.append(0)
                action = state.sample_chance(rng)
            else:
                actions = state.legal_actions()
                steps.append(len(actions))
                action = actions[rng.randrange(len(actions))]
            state.apply_action(action)
        found.append(steps)
    return found


def cpu_seconds(playout: Playout, seeds: range) -> float:
    """The CPU time of this process playing ``seeds``: unlike the clock, it does not count
    the time other programs on a busy machine take from it."""
    start = time.process_time()
    for seed in seeds:
        playout(seed)
    return time.process_time() - start


def whole_games(
    engine: Playout, other: Playout, games: int, seed: int = 0, rounds: int = 3, batch: int = 20
) -> tuple[float, float, float]:
    """Whole games per CPU second of each side (best round) and the median of the rounds'
    ratios engine / other, both sides interleaved ``batch`` games at a time."""
    best_engine = best_other = 0.0
    ratios = []
    for round_ in range(rounds):
        t_engine = t_other = 0.0
        for start in range(seed, seed + games, batch):
            seeds = range(start, min(start + batch, seed + games))
            t_engine += cpu_seconds(engine, seeds)
            t_other += cpu_seconds(other, seeds)
        best_engine = max(best_engine, games / t_engine)
        best_other = max(best_other, games / t_other)
        ratios.append(t_other / t_engine)
        print(f"  round {round_ + 1}/{rounds}: engine {games / t_engine:,.0f} games/s, "
              f"one-shuffle simulator {games / t_other:,.0f} games/s, ratio {ratios[-1]:.2f}",
              file=sys.stderr)
    return best_engine, best_other, statistics.median(ratios)


def run(argv: list[str] | None = None) -> int:
    args = arguments(BENCH.games).parse_args(argv)
    if args.profile:
        return main(BENCH, argv)
    main(BENCH, argv)  # decisions per second against the card-by-card simulator
    started = time.perf_counter()
    rate, other, ratio = whole_games(engine, shuffled, args.games, args.seed, args.rounds)
    print(f"elevenes-for-one: {args.games} random games per side, whole games per CPU second")
    print(f"  engine                 {rate:>12,.0f} games/s")
    print(f"  one-shuffle simulator  {other:>12,.0f} games/s")
    print(f"  ratio engine/one-shuffle simulator: {ratio:.2f}")
    game = elevenes.load_game("elevenes-for-one")
    try:
        in_c = engine_playout(InC(game))
        same = all(in_c(seed) == engine(seed) for seed in range(args.seed, args.seed + 200))
    except ElevenesError as exc:  # NativeUnavailable: no compiler or headers
        print(f"  the C state: not measured ({exc})")
    else:
        if not same:
            raise SystemExit("the C state played other games than the engine")
        c_rate, other, c_ratio = whole_games(in_c, shuffled, args.games, args.seed,
                                             args.rounds)
        print(f"  the C state (new_initial_state(native=True), the same games through the "
              f"same API): {c_rate:,.0f} games/s, ratio {c_ratio:.2f} to the simulator")
    seeds = range(args.seed, args.seed + args.games)
    loop = engine_playout(ScriptGame(scripts(seeds)))
    empty, other, floor = whole_games(loop, shuffled, args.games, args.seed, args.rounds)
    print(f"  the playout loop alone (a state replaying the engine's games' steps and doing "
          f"nothing else): {empty:,.0f} games/s, ratio {floor:.2f} to the simulator")
    at_once, other, bound = whole_games(
        dealt_at_once(elevenes.load_game("elevenes-for-one")), shuffled, args.games, args.seed,
        args.rounds)
    print(f"  what-if, each pass laid out in one shuffle at no cost (behind the API): "
          f"{at_once:,.0f} games/s, ratio {bound:.2f} to the simulator")
    print(f"  ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(run())
