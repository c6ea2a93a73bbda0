"""``elevenes analyse elevenes-for-one``: how often each bot wins, how it loses, and the
distribution of its ratings (EFO.RATING), over many seeded games."""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence

import attrs

from ...bots.charts import Progress, histogram, spread
from ...core.errors import BadOption
from ...core.play import sample_chance
from .bots import BOTS
from .game import RATING_BANDS, EfoGame, EfoState, band_index

MAX_ACTIONS = 5000  # EFO.RULING.ENDLESS: a game that loops without cost is cut here


@attrs.frozen
class BotResults:
    bot: str
    ratings: tuple[int, ...]
    results: tuple[str, ...]

    @property
    def games(self) -> int:
        return len(self.ratings)

    @property
    def mean(self) -> float:
        return spread(self.ratings)[0]

    @property
    def half_width(self) -> float:
        """Half the width of a 95% confidence interval of the mean rating."""
        return spread(self.ratings)[2]

    def share(self, result: str) -> float:
        return self.results.count(result) / len(self.results)


def play_one(game: EfoGame, bot: str, seed: int, index: int) -> EfoState:
    rng = random.Random(seed * 1_000_003 + index)
    player = BOTS[bot]
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history) < MAX_ACTIONS:
        action = sample_chance(state, rng) if state.is_chance_node() else player(state, rng)
        state.apply_action(action)
    return state


def simulate(game: EfoGame, bot: str, games: int, seed: int, progress: Progress) -> BotResults:
    ratings, results = [], []
    for index in range(games):
        state = play_one(game, bot, seed, index)
        ratings.append(state.score())
        results.append(state.result or "unfinished")
        progress.advance(bot)
    return BotResults(bot, tuple(ratings), tuple(results))


def report(stats: Sequence[BotResults]) -> list[str]:
    lines = [f"{'bot':<8} {'games':>6} {'won':>7} {'time':>7} {'stuck':>7} "
             f"{'rating':>7} {'±95%':>5} {'max':>4}"]
    for s in stats:
        lines.append(
            f"{s.bot:<8} {s.games:>6} {s.share('won'):>7.1%} {s.share('out-of-time'):>7.1%} "
            f"{s.share('stuck'):>7.1%} {s.mean:>7.2f} {s.half_width:>5.2f} {max(s.ratings):>4}")
    for s in stats:
        lines.append("")
        lines.append(f"{s.bot}: ratings (top card + minutes left)")
        lines.extend(histogram(s.ratings, width=1))
        bands = Counter(band_index(r) for r in s.ratings)
        lines.append("  bands: " + ", ".join(
            f"{label} {bands[i] / s.games:.0%}" for i, (_, label, _) in enumerate(RATING_BANDS)))
    return lines


def run(game: EfoGame, args: argparse.Namespace) -> int:
    names = [b.strip() for b in (args.bots or ",".join(BOTS)).split(",") if b.strip()]
    for name in names:
        if name not in BOTS:
            raise BadOption(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    if not names:
        raise BadOption("--bots names no bot")
    progress = Progress(args.games * len(names), sys.stderr)
    stats = [simulate(game, name, args.games, args.seed, progress) for name in names]
    progress.finish()
    options = ", ".join(f"{k}={v}" for k, v in sorted(game.options.items()))
    print(f"Elevenes for One ({options}): {args.games} game(s) per bot, seed {args.seed}\n")
    print("\n".join(report(stats)))
    return 0
