"""``elevenes analyse bowling-solitaire``: how often each bot strikes, spares and leaves a frame
open, its mean score, and the distribution of its scores.

Every bot bowls the same deals: game ``i`` draws its cards from a generator seeded by
``(seed, i)``, and each rack takes exactly twenty draws, so two bots see the same racks frame
by frame (they part only in the tenth frame's bonus racks, which not every bot earns).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import attrs

from ...bots.charts import Progress, histogram, spread
from ...core.errors import BadOption
from ...core.play import sample_chance
from .bots import BOTS, Player, get_bot
from .scoring import frame_kind, pad_total
from .state import BowlingGame


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


def simulate(
    game: BowlingGame, bot: str, games: int, seed: int, progress: Progress | None = None
) -> BotStats:
    player = get_bot(bot)
    scores = []
    kinds = {"strike": 0, "spare": 0, "open": 0}
    first = 0
    for index in range(games):
        pad = play_one(game, player, seed, index)
        scores.append(pad_total(pad))
        for balls in pad:
            kinds[frame_kind(balls)] += 1
            first += balls[0]
        if progress is not None:
            progress.advance(bot)
    return BotStats(
        bot=bot,
        scores=tuple(scores),
        strikes=kinds["strike"],
        spares=kinds["spare"],
        opens=kinds["open"],
        first_ball_pins=first,
    )


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


def write_png(stats: Sequence[BotStats], path: str, out: TextIO) -> bool:
    """Draw the score distributions with matplotlib, if it is installed."""
    try:  # optional: never a requirement of the package
        matplotlib: Any = importlib.import_module("matplotlib")
        matplotlib.use("Agg")
        plt: Any = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        print("matplotlib is not installed: no PNG written (pip install matplotlib)", file=out)
        return False
    figure, axes = plt.subplots(figsize=(8, 4.5))
    edges = list(range(0, 310, 10))
    for s in stats:
        axes.hist(s.scores, bins=edges, alpha=0.6, label=f"{s.bot} (mean {s.mean:.1f})")
    axes.set_xlabel("final score")
    axes.set_ylabel("games")
    axes.set_title(f"Bowling Solitaire: scores over {stats[0].games} games per bot")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    print(f"chart written to {path}", file=out)
    return True


def run(game: BowlingGame, args: argparse.Namespace) -> int:
    names = [b.strip() for b in (args.bots or ",".join(BOTS)).split(",") if b.strip()]
    if not names:
        raise BadOption("--bots names no bot")
    for name in names:
        get_bot(name)  # unknown names fail before any game is played
    out = sys.stdout
    progress = Progress(args.games * len(names), sys.stderr)
    stats = [simulate(game, name, args.games, args.seed, progress) for name in names]
    progress.finish()
    print(
        f"Bowling Solitaire: {args.games} game(s) per bot, seed {args.seed} "
        "(the same deals for every bot)\n",
        file=out,
    )
    print("\n".join(summary_table(stats)), file=out)
    print(
        "\nstrike / spare / open: share of all frames; 1st ball: mean pins of a frame's first ball",
        file=out,
    )
    for s in stats:
        print(f"\n{s.bot}: score distribution", file=out)
        print("\n".join(histogram(s.scores)), file=out)
    if args.png:
        write_png(stats, args.png, sys.stderr)
    return 0
