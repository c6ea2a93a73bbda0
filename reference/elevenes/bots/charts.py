"""What simulations report: a progress bar, a histogram, and the spread of a mean."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import TextIO

BAR = 50


class Progress:
    """A progress bar on a stream: redrawn in place (at most ``steps`` times) on a terminal,
    a line at each quarter otherwise (logs, pipes)."""

    def __init__(self, total: int, stream: TextIO, steps: int = 50) -> None:
        self.total = max(total, 1)
        self.stream = stream
        self.live = stream.isatty()
        self.every = max(self.total // (steps if self.live else 4), 1)
        self.done = 0

    def advance(self, label: str) -> None:
        self.done += 1
        if self.done % self.every == 0 or self.done == self.total:
            if not self.live:
                percent = 100 * self.done // self.total
                print(f"{percent:3}% ({self.done}/{self.total} games, {label})", file=self.stream)
                return
            filled = BAR * self.done // self.total
            bar = "#" * filled + "." * (BAR - filled)
            percent = 100 * self.done // self.total
            print(f"\r[{bar}] {percent:3}% {label:<10}", end="", file=self.stream, flush=True)

    def finish(self) -> None:
        if self.live:
            print("", file=self.stream, flush=True)


def histogram(scores: Sequence[int], width: int = 10, bar: int = BAR) -> list[str]:
    """A terminal histogram of scores in bins of ``width`` points."""
    if not scores:
        return ["(no games)"]
    low = min(scores) // width * width
    high = max(scores) // width * width
    counts = {start: 0 for start in range(low, high + 1, width)}
    for score in scores:
        counts[score // width * width] += 1
    peak = max(counts.values())
    lines = []
    for start, count in counts.items():
        length = round(bar * count / peak) if count else 0
        label = f"{start:>4}" if width == 1 else f"{start:>4}-{start + width - 1:<4}"
        lines.append(f"{label}| {'█' * length} {count}")
    return lines


def spread(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, standard deviation, half-width of its 95% confidence interval)``."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0, 0.0
    sd = statistics.stdev(values)
    return mean, sd, 1.96 * sd / math.sqrt(len(values))
