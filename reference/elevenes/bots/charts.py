"""What simulations report: a progress bar, a histogram, and the spread of a mean."""

from __future__ import annotations

import importlib
import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..core.errors import ElevenesError
from ..core.terminal import fit, terminal_columns

BAR = 50


class Progress:
    """A progress bar on a terminal stream, redrawn in place (at most ``steps`` times).

    It stays quiet when the stream is not a terminal (logs, pipes) or when ``enabled`` is
    false (``--no-progress``), so that output kept in a file holds only the results."""

    def __init__(self, total: int, stream: TextIO, steps: int = 50, enabled: bool = True) -> None:
        self.total = max(total, 1)
        self.stream = stream
        self.live = enabled and stream.isatty()
        self.every = max(self.total // steps, 1)
        self.done = 0
        self.shown = 0

    def advance(self, label: str, count: int = 1) -> None:
        self.done = min(self.done + count, self.total)
        if not self.live or (self.done - self.shown < self.every and self.done < self.total):
            return
        self.shown = self.done
        filled = BAR * self.done // self.total
        bar = "#" * filled + "." * (BAR - filled)
        percent = 100 * self.done // self.total
        line = f"[{bar}] {percent:3}% ({self.done}/{self.total} games) {label:<16}"
        print(
            "\r" + fit(line, terminal_columns(self.stream)),
            end="",
            file=self.stream,
            flush=True,
        )

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


def interval_bar(low: float, mean: float, high: float, reach: float, width: int = 41) -> str:
    """A terminal drawing of an interval on an axis from ``-reach`` to ``+reach`` with zero
    in the middle: ``|`` zero, ``━`` the interval, ``●`` the mean."""
    reach = reach or 1.0

    def at(x: float) -> int:
        return max(0, min(width - 1, round((x / reach + 1) * (width - 1) / 2)))

    cells = [" "] * width
    cells[width // 2] = "|"
    for i in range(at(low), at(high) + 1):
        cells[i] = "━"
    cells[at(mean)] = "●"
    return "[" + "".join(cells) + "]"


MATPLOTLIB_MISSING = (
    "--png needs matplotlib, which is not installed: pip install matplotlib "
    "(or pip install 'elevenes[plot]'); the tables and terminal charts need nothing more"
)


def pyplot() -> Any:
    """matplotlib's pyplot drawing to files only, or ElevenesError saying why there is none."""
    try:  # optional: never a requirement of the package
        matplotlib: Any = importlib.import_module("matplotlib")
        matplotlib.use("Agg")
        return importlib.import_module("matplotlib.pyplot")
    except ImportError:
        raise ElevenesError(MATPLOTLIB_MISSING) from None


def write_png(path: str, draw: Callable[[Any], Any], out: TextIO) -> None:
    """``draw(pyplot)`` makes a figure, saved to ``path``."""
    plt = pyplot()
    figure = draw(plt)
    figure.tight_layout()
    try:
        figure.savefig(path)
    except (OSError, ValueError) as exc:
        raise ElevenesError(f"cannot write the chart to {path}: {exc}") from None
    finally:
        plt.close(figure)
    print(f"chart written to {path}", file=out)
