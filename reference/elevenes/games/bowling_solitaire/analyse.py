"""``elevenes analyse bowling-solitaire``: how often each bot strikes, spares and leaves a frame
open, its mean score, and the distribution of its scores.

Every bot bowls the same deals: game ``i`` draws its cards from a generator seeded by
``(seed, i)``, and each rack takes exactly twenty draws, so two bots see the same racks frame
by frame (they part only in the tenth frame's bonus racks, which not every bot earns).
The game has no card effects, so there is no ``--cards`` / ``--vs`` comparison.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import attrs

from ...bots.charts import histogram, spread
from ...bots.compare import Measure
from ...bots.runner import Record
from ...core.errors import BadOption
from ...core.play import sample_chance
from .bots import Player, get_bot
from .scoring import frame_kind, pad_total
from .state import BowlingGame

HAS_CARDS = False  # no card effects: --cards / --vs do not apply


@attrs.frozen
class BotStats:
    """The results of one bot over many games."""

    bot: str
    scores: tuple[int, ...]
    strikes: int
    spares: int
    opens: int
    first_ball_pins: int  # pins downed by the first ball of frames 1-10 (rack 0)

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def frames(self) -> int:
        return self.strikes + self.spares + self.opens

    @property
    def mean(self) -> float:
        return spread(self.scores)[0]

    @property
    def sd(self) -> float:
        return spread(self.scores)[1]

    def rate(self, count: int) -> float:
        return count / self.frames if self.frames else 0.0


def play_one(game: BowlingGame, player: Player, seed: int, index: int) -> list[list[int]]:
    """One game's score pad: deals from ``(seed, index)``, decisions by ``player``."""
    deals = random.Random(seed * 1_000_003 + index)
    choices = random.Random(seed * 1_000_033 + index + 7)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, deals))
        else:
            state.apply_action(player(state, choices))
    return state.pad


def jobs(game: BowlingGame, bots: str | None) -> list[Hashable]:
    """One job per bot named (default: random and greedy; the search bot only when named)."""
    names = [b.strip() for b in (bots or "random,greedy").split(",") if b.strip()]
    if not names:
        raise BadOption("--bots names no bot")
    for name in names:
        get_bot(name)  # unknown names fail before any game is played
    return list(dict.fromkeys(names))


def play_chunk(
    game: BowlingGame, job: Hashable, seed: int, start: int, stop: int
) -> list[Record]:
    """Games ``start``..``stop - 1`` of bot ``job``: (score, strikes, spares, opens, pins of
    the frames' first balls) each."""
    player = get_bot(str(job))
    records: list[Record] = []
    for index in range(start, stop):
        pad = play_one(game, player, seed, index)
        kinds = [frame_kind(balls) for balls in pad]
        records.append((
            pad_total(pad),
            kinds.count("strike"),
            kinds.count("spare"),
            kinds.count("open"),
            sum(balls[0] for balls in pad),
        ))
    return records


def bot_stats(bot: str, records: Sequence[Record]) -> BotStats:
    return BotStats(
        bot=bot,
        scores=tuple(r[0] for r in records),
        strikes=sum(r[1] for r in records),
        spares=sum(r[2] for r in records),
        opens=sum(r[3] for r in records),
        first_ball_pins=sum(r[4] for r in records),
    )


def simulate(game: BowlingGame, bot: str, games: int, seed: int) -> BotStats:
    return bot_stats(bot, play_chunk(game, bot, seed, 0, games))


def measures(job: Hashable, record: Record) -> list[Measure]:
    return [("score", float(record[0]), False)]


def summary_table(stats: Sequence[BotStats]) -> list[str]:
    lines = [
        f"{'bot':<8} {'games':>6} {'mean':>7} {'±95%':>6} {'sd':>6} {'min':>4} {'max':>4} "
        f"{'strike':>7} {'spare':>7} {'open':>7} {'1st ball':>8}"
    ]
    for s in stats:
        half = spread(s.scores)[2]
        lines.append(
            f"{s.bot:<8} {s.games:>6} {s.mean:>7.1f} {half:>6.1f} {s.sd:>6.1f} "
            f"{min(s.scores):>4} {max(s.scores):>4} {s.rate(s.strikes):>7.1%} "
            f"{s.rate(s.spares):>7.1%} {s.rate(s.opens):>7.1%} "
            f"{s.first_ball_pins / s.frames:>8.2f}"
        )
    return lines


def title(game: BowlingGame, args: argparse.Namespace) -> str:
    return (
        f"Bowling Solitaire: {args.games} game(s) per bot, seed {args.seed} "
        "(the same deals for every bot)"
    )


def report(
    game: BowlingGame, results: dict[Hashable, list[Record]], args: argparse.Namespace
) -> list[str]:
    stats = [bot_stats(str(bot), records) for bot, records in results.items()]
    lines = summary_table(stats)
    lines.append(
        "\nstrike / spare / open: share of all frames; 1st ball: mean pins of a frame's first ball"
    )
    for s in stats:
        lines.append(f"\n{s.bot}: score distribution")
        lines.extend(histogram(s.scores))
    return lines


def drawing(
    game: BowlingGame, results: dict[Hashable, list[Record]], args: argparse.Namespace
) -> Callable[[Any], Any]:
    """The score distributions as a PNG chart."""
    stats = [bot_stats(str(bot), records) for bot, records in results.items()]

    def draw(plt: Any) -> Any:
        figure, axes = plt.subplots(figsize=(8, 4.5))
        edges = list(range(0, 310, 10))
        for s in stats:
            axes.hist(s.scores, bins=edges, alpha=0.6, label=f"{s.bot} (mean {s.mean:.1f})")
        axes.set_xlabel("final score")
        axes.set_ylabel("games")
        axes.set_title(f"Bowling Solitaire: scores over {stats[0].games} games per bot")
        axes.legend()
        return figure

    return draw
