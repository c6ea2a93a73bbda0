"""``elevenes analyse elevenes-for-one``: how often each bot wins, how it loses, and the
distribution of its ratings (EFO.RATING), over many seeded games."""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import attrs

from ...bots.charts import histogram, spread
from ...bots.compare import Measure
from ...bots.runner import Record
from ...core.errors import BadOption
from ...core.play import sample_chance
from .bots import BOTS
from .game import RATING_BANDS, EfoGame, EfoState, band_index

HAS_CARDS = True
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


def jobs(game: EfoGame, bots: str | None) -> list[Hashable]:
    """One job per bot named (default: every bot)."""
    names = [b.strip() for b in (bots or ",".join(BOTS)).split(",") if b.strip()]
    for name in names:
        if name not in BOTS:
            raise BadOption(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}")
    if not names:
        raise BadOption("--bots names no bot")
    return list(dict.fromkeys(names))


def play_chunk(game: EfoGame, job: Hashable, seed: int, start: int, stop: int) -> list[Record]:
    """Games ``start``..``stop - 1`` of bot ``job``: (rating, result) each."""
    records: list[Record] = []
    for index in range(start, stop):
        state = play_one(game, str(job), seed, index)
        records.append((state.score(), state.result or "unfinished"))
    return records


def bot_results(bot: str, records: Sequence[Record]) -> BotResults:
    return BotResults(bot, tuple(r[0] for r in records), tuple(r[1] for r in records))


def measures(job: Hashable, record: Record) -> list[Measure]:
    rating, result = record
    return [("won", float(result == "won"), True), ("rating", float(rating), False)]


def title(game: EfoGame, args: argparse.Namespace) -> str:
    options = ", ".join(f"{k}={v}" for k, v in sorted(game.options.items()))
    return f"Elevenes for One ({options}): {args.games} game(s) per bot, seed {args.seed}"


def report(
    game: EfoGame, results: dict[Hashable, list[Record]], args: argparse.Namespace
) -> list[str]:
    stats = [bot_results(str(bot), records) for bot, records in results.items()]
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


def drawing(
    game: EfoGame, results: dict[Hashable, list[Record]], args: argparse.Namespace
) -> Callable[[Any], Any]:
    stats = [bot_results(str(bot), records) for bot, records in results.items()]

    def draw(plt: Any) -> Any:
        figure, axes = plt.subplots(figsize=(8, 4.5))
        top = max(max(s.ratings) for s in stats)
        edges = [x - 0.5 for x in range(0, top + 2)]
        for s in stats:
            axes.hist(s.ratings, bins=edges, alpha=0.6,
                      label=f"{s.bot} (won {s.share('won'):.0%}, mean {s.mean:.2f})")
        axes.set_xlabel("rating (top card + minutes left)")
        axes.set_ylabel("games")
        axes.set_title(f"Elevenes for One: ratings over {args.games} games per bot")
        axes.legend()
        return figure

    return draw
