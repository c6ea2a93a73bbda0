"""The card editor's work: check a card file's text as ``elevenes check`` does, and compare it
with the rulebook's cards as ``elevenes analyse --vs`` does, in a thread whose progress the
page polls."""

from __future__ import annotations

import base64
import io
import threading
import uuid
from pathlib import Path
from typing import Any

import attrs

from ..core.errors import ElevenesError
from ..dsl.diagnostics import Diagnostic
from ..dsl.load import check_file
from ..games import load_game
from .store import write_whole

MAX_TEXT = 200_000
GAMES_WITH_CARDS = ("elevenes-for-one", "elevenes")


@attrs.frozen
class Listing:
    """A card file's lines, each with the diagnostics found on it."""

    lines: tuple[tuple[int, str, tuple[Diagnostic, ...]], ...]
    problems: int
    cards: int

    @property
    def ok(self) -> bool:
        return self.problems == 0


def check_text(path: Path, text: str, game: str | None = None) -> Listing:
    """Write ``text`` to ``path`` and check it (``check_file``: every diagnostic, never an
    exception); the diagnostics are placed at their lines."""
    if len(text) > MAX_TEXT:
        raise ElevenesError(f"{path.name}: too long ({len(text)} characters)")
    write_whole(path, text)
    tree, found = check_file(path, game)
    rows = text.splitlines() or [""]
    at: dict[int, list[Diagnostic]] = {}
    for diagnostic in found:
        line = min(max(diagnostic.line, 1), len(rows))
        at.setdefault(line, []).append(diagnostic)
    lines = tuple((n, row, tuple(at.get(n, ()))) for n, row in enumerate(rows, start=1))
    cards = len(tree.cards) if tree is not None else 0
    return Listing(lines, len(found), cards)


def game_of(path: Path) -> str:
    """The game a checked card file is for (its ``game`` line)."""
    tree, found = check_file(path)
    if found or tree is None:
        raise ElevenesError(f"{path.name} has problems; fix them first "
                            f"(elevenes check {path.name})")
    game = str(getattr(tree, "game", "") or "")
    if game not in GAMES_WITH_CARDS:
        raise ElevenesError(f"{path.name}: cards of {game!r} cannot be played here")
    return game


# -- analyse --vs in the background --------------------------------------------------------------
@attrs.define
class Job:
    id: str
    title: str
    total: int
    done: int = 0
    report: str = ""
    chart: str = ""  # a PNG as a data: URL, when matplotlib is installed
    error: str = ""
    finished: bool = False

    @property
    def percent(self) -> int:
        return int(100 * self.done / self.total) if self.total else 100


JOBS: dict[str, Job] = {}


def start_analysis(game_id: str, cards: Path, games: int, bots: str | None = None) -> Job:
    """``elevenes analyse GAME --vs CARDS --games N`` started in a thread."""
    from ..bots import compare
    from ..bots.cli_analyse import analysis_module
    from ..games.cli import user_cards

    if not 1 <= games <= 5000:
        raise ElevenesError(f"games: a number from 1 to 5000, not {games}")
    module = analysis_module(game_id)
    rulebook = load_game(game_id)
    variant = load_game(game_id, cards=str(cards))  # a broken file is reported here
    jobs = module.jobs(rulebook, bots or "greedy,random")
    job = Job(uuid.uuid4().hex[:12], f"{game_id}: {cards.name} (B) against the rulebook (A)",
              games * len(jobs) * 2)
    JOBS[job.id] = job

    def work() -> None:
        from ..bots.runner import GameSpec, run_jobs

        try:
            results = []
            for spec in (GameSpec.make(game_id, {}, None), GameSpec.make(game_id, {}, str(cards))):
                results.append(run_jobs(spec, module.__name__, jobs, games, 0, None,
                                        max(1, games // 20), _advance(job)))
            rows = [row for j in jobs for row in compare.paired(j, results[0][j], results[1][j],
                                                                module.measures)]
            lines = [f"A: {user_cards(rulebook, None)}", f"B: {user_cards(variant, str(cards))}",
                     f"the same {games} seeded game(s) under A and under B, for each bot", "",
                     *compare.report(rows)]
            job.report = "\n".join(lines)
            job.chart = _chart(compare.drawing(rows, f"{game_id}: B - A, 95% intervals"))
        except ElevenesError as exc:
            job.error = str(exc)
        except Exception as exc:  # a bug of ours: one line, as the CLI says it
            job.error = f"internal error: {type(exc).__name__}: {exc}"
        finally:
            job.finished = True

    threading.Thread(target=work, daemon=True).start()
    return job


def _advance(job: Job) -> Any:
    def advance(label: str, count: int) -> None:
        job.done += count

    return advance


def _chart(draw: Any) -> str:
    try:
        from ..bots.charts import pyplot

        plt = pyplot()
    except ElevenesError:
        return ""  # no matplotlib: the text chart only
    figure = draw(plt)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    plt.close(figure)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
