"""Many seeded games in chunks, on any ``concurrent.futures.Executor``.

An analysis is a list of *jobs* (a bot, or a seating of bots) times ``games`` games.  Game
``i`` of a job depends only on the seed and ``i``, so the games can be cut into chunks of
consecutive indices and played anywhere: in this process, in local worker processes
(``--workers N``) or on a Dask cluster (``--scheduler ADDRESS``, through
``distributed.Client.get_executor()``).  The chunks are merged back in index order, so the
results are the same whatever the executor, the number of workers and the chunk size.

A game's analysis module (``elevenes.games.<game>.analyse``) supplies
``play_chunk(game, job, seed, start, stop) -> list[record]``; records are small tuples that
travel between processes.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import hashlib
import importlib
import os
import tempfile
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..core.api import Game
from ..core.errors import BadOption, ElevenesError
from ..core.workers import worker_initializer

Record = tuple[Any, ...]


@attrs.frozen
class GameSpec:
    """What a worker needs to build the game: its id, options and the text of a user's card
    file (so that workers on other machines need not share the file system)."""

    game_id: str
    options: tuple[tuple[str, Any], ...] = ()
    cards_path: str | None = None
    cards_text: str | None = None

    @classmethod
    def make(
        cls, game_id: str, options: Mapping[str, Any] | None, cards: str | None
    ) -> GameSpec:
        text = None
        if cards is not None:
            try:
                text = Path(cards).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                text = None  # load_game reports the problem with the file itself
        return cls(game_id, tuple(sorted((options or {}).items())), cards, text)

    def cards_file(self) -> str | None:
        """A path holding the card text: the user's own file when it is here and unchanged,
        else a copy in a temporary directory (on a worker of another machine)."""
        if self.cards_path is None:
            return None
        here = Path(self.cards_path)
        if self.cards_text is None:
            return self.cards_path
        with contextlib.suppress(OSError, UnicodeDecodeError):
            if here.is_file() and here.read_text(encoding="utf-8") == self.cards_text:
                return self.cards_path
        digest = hashlib.sha256(self.cards_text.encode()).hexdigest()[:16]
        copy = Path(tempfile.gettempdir()) / f"elevenes-{digest}" / here.name
        if not copy.exists():
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(self.cards_text, encoding="utf-8")
        return str(copy)

    def load(self) -> Game:
        game = _GAMES.get(self)
        if game is None:
            from ..games import load_game

            game = _GAMES[self] = load_game(self.game_id, dict(self.options), self.cards_file())
        return game


_GAMES: dict[GameSpec, Game] = {}  # per process: a worker builds each game once


def play_chunk(
    spec: GameSpec, module: str, job: Hashable, seed: int, start: int, stop: int
) -> list[Record]:
    """Games ``start``..``stop - 1`` of one job (run in a worker)."""
    analysis = importlib.import_module(module)
    records: list[Record] = analysis.play_chunk(spec.load(), job, seed, start, stop)
    return records


def chunk_size(games: int, workers: int) -> int:
    """Chunks small enough to share the work and show progress, large enough to be cheap."""
    return max(1, min(50, -(-games // (4 * max(workers, 1)))))


@contextlib.contextmanager
def executor_for(workers: int, scheduler: str | None) -> Iterator[cf.Executor | None]:
    """The executor of ``--workers`` / ``--scheduler``; None means: in this process."""
    if scheduler is not None:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ElevenesError(
                "--scheduler needs Dask's distributed scheduler, which is not installed: "
                "pip install 'elevenes[dask]' (or 'dask[distributed]')"
            ) from None
        try:
            client = distributed.Client(scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ElevenesError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        try:
            yield client.get_executor()
        finally:
            client.close()
        return
    if workers < 1:
        raise BadOption(f"--workers takes a positive number, not {workers}")
    if workers == 1:
        yield None
        return
    # each worker is ended with this process, however it ends (core/workers.py)
    pool = cf.ProcessPoolExecutor(max_workers=workers, initializer=worker_initializer,
                                  initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        # Ctrl-C or an error: the games under way are not waited for (a chunk of search-bot
        # games can take minutes); the workers are ended now and the pool let go
        stop_workers(pool)
        raise
    else:
        pool.shutdown(wait=True)


def stop_workers(pool: cf.ProcessPoolExecutor) -> None:
    """End a process pool's workers at once, without waiting for the work they hold."""
    processes = dict(getattr(pool, "_processes", None) or {})  # no public way before 3.14
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        process.terminate()
    for process in processes.values():
        process.join(5)


def run_jobs(
    spec: GameSpec,
    module: str,
    jobs: Sequence[Hashable],
    games: int,
    seed: int,
    executor: cf.Executor | None = None,
    chunk: int = 50,
    advance: Callable[[str, int], None] | None = None,
) -> dict[Hashable, list[Record]]:
    """Every job's ``games`` records, in game order; ``advance(label, n)`` after each chunk."""
    pieces = [
        (job, start, min(start + chunk, games)) for job in jobs for start in range(0, games, chunk)
    ]
    done: dict[tuple[Hashable, int], list[Record]] = {}
    if executor is None or len(pieces) == 1:
        for job, start, stop in pieces:
            done[job, start] = play_chunk(spec, module, job, seed, start, stop)
            if advance is not None:
                advance(label(job), stop - start)
    else:
        futures = {
            executor.submit(play_chunk, spec, module, job, seed, start, stop): (job, start, stop)
            for job, start, stop in pieces
        }
        try:
            for future in cf.as_completed(futures):
                job, start, stop = futures[future]
                done[job, start] = future.result()
                if advance is not None:
                    advance(label(job), stop - start)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    merged: dict[Hashable, list[Record]] = {job: [] for job in jobs}
    for job, start, _stop in pieces:
        merged[job].extend(done[job, start])
    return merged


def label(job: Hashable) -> str:
    """A job as the progress bar names it: a bot, or a seating of bots."""
    return ",".join(map(str, job)) if isinstance(job, tuple) else str(job)


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)
