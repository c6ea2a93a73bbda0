"""Information-set Monte Carlo tree search: a bot that sees only what its seat sees.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012), in the spirit of OpenSpiel's ``ISMCTSBot``:

- every iteration *determinizes*: the game's ``sample_state(state, player, rng)`` builds a full
  position that looks the same to the deciding player as the real one, with every card hidden
  from her dealt afresh from the cards she has not seen (it never keeps a hidden card where it
  truly is);
- the iteration walks one tree of the deciding player's decisions and everybody's moves from
  there, through the public API only (``legal_actions``, ``apply_action``); chance is played as
  the game's own outcomes (``sample_chance``) and does not branch the tree, so that positions
  the deciding player cannot tell apart share their statistics;
- a node's move is chosen by UCT (UCB1 with availability counts: a move is scored only against
  the iterations in which it was legal), a new move is tried once before any is repeated;
- a simulation then plays on with the game's rollout policy until the game ends or the game's
  ``horizon`` (Elevenes: the end of the round), where the game's ``evaluate`` gives each
  player's worth, from 0 to 1 (at the game's end too: Bowling's returns are pins); each node
  adds the worth to the player who moved there (any number of players);
- the move played is the root's most visited one.

Everything random comes from the generator given to the bot, so a seeded game is reproducible;
the budget is a number of iterations (reproducible) or seconds (not: it depends on the
machine).  As a bot name: ``ismcts`` (the default budget), ``ismcts:400`` (400 iterations per
decision), ``ismcts:0.5s`` (half a second per decision).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from ..core.api import Action, State
from ..core.errors import BadOption

Bot = Callable[[State, random.Random], Action]
Sampler = Callable[[State, int, random.Random], State]
Evaluator = Callable[[State], list[float]]
Horizon = Callable[[State, State], bool]
Prior = Callable[[State, random.Random], list[Action]]

DEFAULT_ITERATIONS = 100
"""The default budget, so that a person waits about a second at most for a bot's move
(docs/bots.md has the times measured); a game's ``sample`` module may set its own
(``ITERATIONS``)."""
EXPLORATION = 0.7  # UCT's constant (returns lie in 0..1)
MAX_ROLLOUT = 400  # moves of a simulation at most, before ``evaluate`` judges it
RACE_START = 4
"""The paired search's race (``Search.compare``) first weighs its moves after this many
samples, then every ``RACE_EVERY`` samples."""
RACE_EVERY = 2
RACE_Z = 2.0
"""How many standard errors above its mean a move's difference is given the benefit of."""


class Node:
    """Statistics of a move from its parent: visits, the mover's total return, and in how
    many iterations the move was legal (its availability)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


@attrs.frozen
class Search:
    """One game's IS-MCTS: its sampling, rollout policy and stopping point, and a budget."""

    sample: Sampler
    rollout: Bot
    evaluate: Evaluator
    horizon: Horizon | None = None
    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = None
    exploration: float = EXPLORATION
    prior: Prior | None = None
    widening: float = 1.0
    paired: int = 0
    margin: float = 0.0
    race: bool = True

    def __call__(self, state: State, rng: random.Random) -> Action:
        return self.choose(state, rng)

    def budget(self) -> Iterator[int]:
        if self.seconds is None:
            yield from range(self.iterations)
            return
        stop = time.perf_counter() + self.seconds
        count = 0
        while count == 0 or time.perf_counter() < stop:
            yield count
            count += 1

    def choose(self, state: State, rng: random.Random) -> Action:
        """The move of the player to decide in ``state``, searched on sampled positions."""
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        player = state.current_player()
        # the search has its own generator, seeded from the caller's: one draw of it
        search_rng = random.Random(rng.getrandbits(64))
        if self.paired and self.prior is not None:
            return self.compare(state, player, search_rng)
        root = Node()
        for _ in self.budget():
            self.iterate(root, state, player, search_rng)
        return max(
            legal,
            key=lambda a: (root.children[a].visits, root.children[a].total)
            if a in root.children
            else (-1, 0.0),
        )

    def compare(self, state: State, player: int, rng: random.Random) -> Action:
        """Paired flat search: the prior's first ``paired`` moves are each played on the
        same sampled positions with the same random numbers, and the simulations go on
        with the rollout policy; the prior's first move stays unless another one's mean
        worth beats it by more than ``margin``.

        A race (``race``): from ``RACE_START`` samples on, every ``RACE_EVERY`` samples, a
        move whose paired difference from the first move is, at ``RACE_Z`` standard errors
        above its mean, still no more than ``margin`` is no longer simulated (it would
        hardly end ahead by the margin); once only the first move is left it is played.
        The samples and random numbers are the same as without the race, so a move that
        stays is judged on the very same simulations."""
        assert self.prior is not None
        candidates = self.prior(self.sample(state, player, rng), rng)[: self.paired]
        if len(candidates) == 1:
            return candidates[0]
        width = len(candidates)
        totals = [0.0] * width
        squares = [0.0] * width  # sums of the squared differences from the first move
        alive = list(range(width))
        rounds = 0
        for count in self.budget():
            if count % width:
                continue  # the budget counts simulations: one sample serves every candidate
            det = self.sample(state, player, rng)
            seed = rng.getrandbits(64)
            first = 0.0
            for index in alive:
                trial = det.clone()
                trial.apply_action(candidates[index])
                worth = self.simulate(state, trial, random.Random(seed))[player]
                totals[index] += worth
                if index == 0:
                    first = worth
                else:
                    squares[index] += (worth - first) ** 2
            rounds += 1
            if self.race and rounds >= RACE_START and rounds % RACE_EVERY == 0:
                alive = [0, *(i for i in alive[1:] if self._may_lead(
                    (totals[i] - totals[0]) / rounds, squares[i] / rounds, rounds))]
                if len(alive) == 1:
                    return candidates[0]
        best = max(alive, key=lambda i: totals[i])
        if totals[best] - totals[0] > self.margin * max(rounds, 1):
            return candidates[best]
        return candidates[0]

    def _may_lead(self, mean: float, square: float, rounds: int) -> bool:
        """Whether a move whose paired differences from the first move have this mean and
        mean square over ``rounds`` samples may still end ahead of it by the margin."""
        spread = math.sqrt(max(square - mean * mean, 0.0) / rounds)
        return mean + RACE_Z * spread > self.margin

    def iterate(self, root: Node, state: State, player: int, rng: random.Random) -> None:
        det = self.sample(state, player, rng)
        node = root
        path: list[tuple[Node, int]] = []
        expanded = False
        while not det.is_terminal():
            if self.horizon is not None and self.horizon(state, det):
                break  # (before chance: a new round's deal would hide how the last one ended)
            if det.is_chance_node():
                det.apply_action(det.sample_chance(rng))
                continue
            if expanded:
                break
            mover = det.current_player()
            legal = det.legal_actions()
            if self.prior is not None:
                # progressive widening: the moves in the prior's order, one more as the
                # node's visits grow (its first, the rollout policy's own move, at once)
                width = 1 + int(self.widening * math.sqrt(node.visits))
                legal = self.prior(det, rng)[:width] if len(legal) > 1 else legal
                untried = [a for a in legal if a not in node.children][:1]
            else:
                untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                node.children[action] = Node()
                expanded = True
            else:
                action = self.select(node, legal)
            for a in legal:
                seen = node.children.get(a)
                if seen is not None:
                    seen.available += 1
            child = node.children[action]
            det.apply_action(action)
            path.append((child, mover))
            node = child
        values = self.simulate(state, det, rng)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.total += values[mover]

    def select(self, node: Node, legal: list[Action]) -> Action:
        best = legal[0]
        best_score = -math.inf
        c = self.exploration
        for a in legal:
            child = node.children[a]
            score = child.total / child.visits + c * math.sqrt(
                math.log(max(child.available, 1)) / child.visits
            )
            if score > best_score:
                best, best_score = a, score
        return best

    def simulate(self, root: State, det: State, rng: random.Random) -> list[float]:
        """Play on from ``det`` with the rollout policy and the game's chance, then judge.

        The moves are applied as ``core.play.perft`` applies them, without asking again
        whether they are legal: a chance outcome drawn by ``sample_chance`` and the rollout
        policy's move (a bot's, chosen from ``legal_actions``) are legal moves, and the
        check cost a tenth of a 111 simulation.  The moves, and so the decisions, are the
        ones ``apply_action`` would make (tests/bots/test_ismcts_same_decisions.py)."""
        horizon, rollout = self.horizon, self.rollout
        apply, history = det._apply, det.history
        for _ in range(MAX_ROLLOUT):
            if det.is_terminal() or (horizon is not None and horizon(root, det)):
                break
            action = det.sample_chance(rng) if det.is_chance_node() else rollout(det, rng)
            apply(action)
            history.append(action)
        return self.evaluate(det)


def parse_budget(text: str) -> tuple[int, float | None]:
    """``ismcts``'s budget from the text after the colon: ``400`` iterations, ``0.5s``."""
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if not 0 < seconds <= 600:
                raise ValueError
            return DEFAULT_ITERATIONS, seconds
        iterations = int(text)
        if not 1 <= iterations <= 10_000_000:
            raise ValueError
        return iterations, None
    except ValueError:
        raise BadOption(
            f"bot budget {text!r}: write ismcts:N for N iterations per decision (1 or more) "
            "or ismcts:Xs for X seconds per decision (more than 0, at most 600)"
        ) from None


def default_iterations(package: str) -> int:
    """The default budget of a game package's search bot: its ``sample.ITERATIONS``, else
    ``DEFAULT_ITERATIONS``."""
    module: Any = importlib.import_module(package + ".sample")
    return int(getattr(module, "ITERATIONS", DEFAULT_ITERATIONS))


def search_for(package: str, iterations: int | None = None,
               seconds: float | None = None) -> Search:
    """The IS-MCTS bot of a game package (``elevenes.games.<game>``), from its ``sample``
    module: ``sample_state``, ``evaluate``, optional ``horizon``, ``ROLLOUT`` (the rollout
    policy; default: uniformly random moves), ``ITERATIONS`` (the default budget),
    ``PRIOR`` and ``WIDENING`` (progressive widening in the prior's order), ``PAIRED`` and
    ``MARGIN`` (a flat search of the prior's first moves, ``Search.compare``)."""
    module: Any = importlib.import_module(package + ".sample")
    if iterations is None:
        iterations = default_iterations(package)
    rollout: Bot = getattr(module, "ROLLOUT", None) or _random_move
    return Search(
        module.sample_state,
        rollout,
        module.evaluate,
        getattr(module, "horizon", None),
        iterations,
        seconds,
        prior=getattr(module, "PRIOR", None),
        widening=getattr(module, "WIDENING", 1.0),
        paired=getattr(module, "PAIRED", 0),
        margin=getattr(module, "MARGIN", 0.0),
    )


def _random_move(state: State, rng: random.Random) -> Action:
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


class BotTable(dict[str, Bot]):
    """A game's bots by name, where ``ismcts`` also answers to ``ismcts:BUDGET``: the names
    are looked up like a dict's keys (``name in BOTS``, ``BOTS[name]``) wherever a bot is
    chosen (play, serve, analyse)."""

    def __init__(self, bots: Mapping[str, Bot], package: str) -> None:
        super().__init__(bots)
        self.package = package
        self.names = [*bots, "ismcts"]

    def __missing__(self, name: str) -> Bot:
        base, colon, budget = name.partition(":")
        if base != "ismcts" or (colon and not budget.strip()):
            raise KeyError(name)
        iterations: int | None
        if colon:
            iterations, seconds = parse_budget(budget.strip())
            if seconds is not None:
                iterations = None
        else:
            iterations, seconds = None, None
        bot = search_for(self.package, iterations, seconds)  # built on first use
        self[name] = bot
        return bot

    def __iter__(self) -> Iterator[str]:
        """The bots' names (``ismcts`` once, whatever budgets were asked for)."""
        return iter(self.names)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if dict.__contains__(self, name):
            return True
        try:
            self[name]
        except KeyError:
            return False
        return True

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default


__all__ = [
    "DEFAULT_ITERATIONS",
    "BotTable",
    "Node",
    "Search",
    "default_iterations",
    "parse_budget",
    "search_for",
]
