"""Replay recorded progress lines of whole-game solves through the time-left estimate.

    python benchmarks/replay_progress.py [LOG ...] [--every SECONDS]

A long ``elevenes solve elevenes-for-one`` shows a progress line on a terminal: the share of
the first pass's orders done, the pass under way, and the time left.  The logs in
``benchmarks/progress_logs/`` are the progress lines of five recorded runs (gzipped text: a
header of ``#`` lines saying which run, its command, its first pass and when it ended, then
the lines as the terminal showed them).  This script feeds each line, at its time, to
today's estimate (``native.Progress``: ``big_left`` while the first pass waits for passes of as
many cards, ``time_left`` once its orders move) and prints, every SECONDS (default 120), the
time shown against the time the run still took, then the worst ratio either way over the
stretch with more than a minute to go.  Changing the estimate and replaying shows what it
would have shown on real runs; ``tests/efo/test_native.py`` holds the worst ratios within
bounds.  With no LOG, every log in the folder.
"""
from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "reference"))

from elevenes.games.elevenes_for_one import native  # noqa: E402

LOGS = Path(__file__).resolve().parent / "progress_logs"
LINE = re.compile(  # the line as drawn today, and as the recorded logs have it
    r"([\d.]+)%(?:, [^;]*?\(first pass: [\d,]+ orders\);"
    r"| of the first pass's [\d,]+ orders; .*?;)"
    r"(?: now a pass of (\d+) cards at (\d+) min (\d+)%;)?"
    r" ([\d,]+) pass starts valued; ([\d,]+)M positions; ([\d,]+\.\d) s")


@dataclass
class Shown:
    seconds: float  # since the solve began
    share: float  # of the first pass's orders
    inner: tuple[int, int, int] | None  # the pass under way: cards, minutes, percent done
    left: float | None  # the time left shown (None: estimating)
    actual: float  # the time the run still took


@dataclass
class Replay:
    title: str
    rows: list[Shown]

    def worst(self) -> tuple[float, float]:
        """The largest ratio of shown to actual, and of actual to shown, while more than a
        minute was left (1.0 where never long or never short)."""
        ratios = [r.left / r.actual for r in self.rows
                  if r.left is not None and r.left > 0 and r.actual > 60]
        return max(ratios + [1.0]), max([1 / r for r in ratios] + [1.0])


def replay(path: Path) -> Replay:
    """The estimate of today's Progress at every line of one log."""
    header: dict[str, str] = {}
    title = ""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        text = lines.read()
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].strip().partition(": ")
        if sep:
            header[key] = value
        elif not title:
            title = key
    try:
        end = float(header["ended after"].removesuffix(" s"))
        cards, _, minutes = header["first pass"].removesuffix(" minutes").partition(
            " cards at ")
        first = (int(cards), int(minutes))
    except (KeyError, ValueError):
        raise SystemExit(f"{path}: the header must say 'first pass: C cards at M minutes' "
                         "and 'ended after: S s'") from None
    with open(os.devnull, "w") as quiet:
        progress = native.Progress("", stream=quiet)
    progress.first = first
    progress.start = 0.0
    rows: list[Shown] = []
    for match in LINE.finditer(text):
        share = float(match.group(1)) / 100
        now = float(match.group(7).replace(",", ""))
        inner = ((int(match.group(2)), int(match.group(3)), int(match.group(4)))
                 if match.group(2) else None)
        left = progress.time_left(share, now, waiting=inner is not None)
        if left is None:
            left = progress.big_left(None if inner is None else (*inner, 100), now)
        rows.append(Shown(now, share, inner, left, end - now))
    if not rows:
        raise SystemExit(f"{path}: no progress lines")
    return Replay(title or path.name, rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="*", type=Path, metavar="LOG")
    parser.add_argument("--every", type=float, default=120.0, metavar="SECONDS")
    args = parser.parse_args()
    for path in args.logs or sorted(LOGS.glob("*.log.gz")):
        if not path.is_file():
            raise SystemExit(f"{path}: no such log")
        result = replay(path)
        print(f"\n{result.title} ({path.name})\n")
        print("| after | share of the first pass | pass under way | time left shown "
              "| time it still took |")
        print("|---:|---:|---|---:|---:|")
        due = 0.0
        for row in result.rows:
            if row.seconds < due:
                continue
            due = row.seconds + args.every
            inner = "" if row.inner is None else f"{row.inner[0]} cards at {row.inner[1]} min"
            shown = "estimating" if row.left is None else native.duration(row.left)
            print(f"| {native.duration(row.seconds)} | {row.share * 100:.1f}% | {inner} "
                  f"| {shown} | {native.duration(row.actual)} |")
        long, short = result.worst()
        print(f"\nworst: {long:.2f} times too long, {short:.2f} times too short "
              "(while more than a minute was left)")


if __name__ == "__main__":
    main()
