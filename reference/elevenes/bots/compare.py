"""Two rule sets, the same seeds: paired differences with 95% confidence intervals.

Game ``i`` is played under rule set A and under rule set B from the same seed (common random
numbers), so each game gives one difference ``B_i - A_i`` per measure.  The mean difference
and the 95% interval of that mean (normal approximation, ``1.96 sd / sqrt(n)`` of the paired
differences) say whether B changes the game and by how much; pairing removes the part of the
variation the two rule sets share (the same deals), so the interval is narrower than that of
two independent samples.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import attrs

from .charts import interval_bar, spread
from .runner import Record, label

Measure = tuple[str, float, bool]
"""(name, value, whether it is a share shown as a percentage) of one game."""


@attrs.frozen
class Paired:
    job: str
    measure: str
    share: bool
    games: int
    mean_a: float
    mean_b: float
    diff: float
    half: float  # half the width of the 95% interval of ``diff``

    @property
    def low(self) -> float:
        return self.diff - self.half

    @property
    def high(self) -> float:
        return self.diff + self.half

    @property
    def verdict(self) -> str:
        if self.low > 0:
            return "B higher"
        if self.high < 0:
            return "B lower"
        return "no clear difference"


def paired(
    job: Hashable,
    records_a: Sequence[Record],
    records_b: Sequence[Record],
    measures: Callable[[Hashable, Record], list[Measure]],
) -> list[Paired]:
    """The paired differences of every measure of one job (records in game order)."""
    a = [measures(job, r) for r in records_a]
    b = [measures(job, r) for r in records_b]
    rows = []
    for k, (name, _, share) in enumerate(a[0]):
        xs = [m[k][1] for m in a]
        ys = [m[k][1] for m in b]
        diffs = [y - x for x, y in zip(xs, ys, strict=True)]
        diff, _, half = spread(diffs)
        rows.append(
            Paired(label(job), name, share, len(diffs), spread(xs)[0], spread(ys)[0], diff, half)
        )
    return rows


def _value(row: Paired, x: float, signed: bool = False) -> str:
    sign = "+" if signed else ""
    return f"{x * 100:{sign}.1f}%" if row.share else f"{x:{sign}.2f}"


def report(rows: Sequence[Paired]) -> list[str]:
    """A table of the paired differences and a terminal chart of their intervals."""
    lines = [
        f"{'bots':<14} {'measure':<16} {'A':>8} {'B':>8} {'B - A':>8} "
        f"{'95% interval':>18}  verdict"
    ]
    for r in rows:
        interval = f"[{_value(r, r.low, True)}, {_value(r, r.high, True)}]"
        lines.append(
            f"{r.job:<14} {r.measure:<16} {_value(r, r.mean_a):>8} {_value(r, r.mean_b):>8} "
            f"{_value(r, r.diff, True):>8} {interval:>18}  {r.verdict}"
        )
    lines.append("")
    lines.append("B - A with its 95% interval (| is no difference; each row to its own scale):")
    for r in rows:
        reach = max(abs(r.low), abs(r.high)) * 1.1
        lines.append(f"{r.job:<14} {r.measure:<16} {interval_bar(r.low, r.diff, r.high, reach)}")
    return lines


def drawing(rows: Sequence[Paired], title: str) -> Callable[[Any], Any]:
    """The PNG version of the chart: one panel per measure kind (shares, other values)."""

    def draw(plt: Any) -> Any:
        groups = [[r for r in rows if r.share], [r for r in rows if not r.share]]
        groups = [g for g in groups if g]
        figure, axes = plt.subplots(
            len(groups), 1, figsize=(8, 1.5 + 0.5 * len(rows)), squeeze=False
        )
        for ax, group in zip(axes[:, 0], groups, strict=True):
            scale = 100.0 if group[0].share else 1.0
            names = [f"{r.job}: {r.measure}" for r in group]
            ys = list(range(len(group)))
            ax.errorbar(
                [r.diff * scale for r in group],
                ys,
                xerr=[r.half * scale for r in group],
                fmt="o",
                capsize=4,
            )
            ax.axvline(0, color="grey", linewidth=1)
            ax.set_yticks(ys)
            ax.set_yticklabels(names)
            ax.set_xlabel("B - A (percentage points)" if group[0].share else "B - A")
        axes[0, 0].set_title(title)
        return figure

    return draw
