"""Where ``elevenes serve`` keeps things: one data folder, plain files only.

- ``games/<game>-save[-N].json``: each game as the save file ``elevenes play --resume``
  reads (written by ``games.prompt.saved_text``), rewritten after every move; beside it
  ``<name>.log.json`` keeps the event log and the seed of the shuffles, so a reload loses
  nothing;
- ``cards/<name>.cards``: card files written in the card editor (a game played with one
  records its path and digest, as ``play --cards`` does);
- ``disputes/<name>.yaml``: positions set up on the dispute board, as scenario files that
  ``elevenes judge`` accepts.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import threading
from pathlib import Path
from typing import Any

import attrs

from ..core.api import State
from ..core.errors import ElevenesError
from ..games import load_game
from ..games.prompt import SAVE_KEY, check_resume, free_save_path, read_saved, saved_text
from ..games.prompt import starting_state as resumed_state

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$")


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/elevenes`` (``~/.local/share/elevenes`` by default)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "elevenes"


def safe_name(name: str, what: str) -> str:
    """A file name taken from a URL or a form: letters, digits, ``.-_`` only."""
    if not NAME.match(name) or ".." in name:
        raise ElevenesError(f"no {what} named {name!r}")
    return name


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a temporary file in the same folder,
    flushed to the disk, then renamed over ``path`` (a crash leaves the old file or the new
    one, never half of one)."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise




@attrs.define
class Log:
    """What the save file does not hold: the log lines and the generator's seed and draws."""

    lines: list[tuple[str, str]] = attrs.field(factory=list)
    seed: int = 0
    draws: int = 0


def version(state: State, log: Log) -> str:
    """Which position a page was drawn from: the length of the game's log (it grows with every
    move) and a digest of the state document.  A move form carries it; a move from another
    version is refused."""
    doc = json.dumps(state.to_json(), sort_keys=True, ensure_ascii=True)
    return f"{len(log.lines)}-{hashlib.sha256(doc.encode()).hexdigest()[:16]}"


class Store:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        for folder in ("games", "cards", "disputes"):
            (root / folder).mkdir(parents=True, exist_ok=True)

    # -- games -------------------------------------------------------------------------------
    def game_path(self, name: str) -> Path:
        path = self.root / "games" / f"{safe_name(name, 'saved game')}.json"
        if not path.is_file():
            raise ElevenesError(f"no saved game named {name!r}")
        return path

    def lock(self, name: str) -> threading.Lock:
        """The lock of one saved game: whatever reads a game, plays on it and saves it holds
        it, so that two requests never play on the same position."""
        with self._locks_lock:
            return self._locks.setdefault(name, threading.Lock())

    def new_game_path(self, game_id: str) -> Path:
        return free_save_path(game_id, self.root / "games")

    def games(self) -> list[dict[str, Any]]:
        """The saved games, newest first: name, game, and how it stands (over, or why it
        cannot be read)."""
        found = []
        paths = sorted((self.root / "games").glob("*.json"), key=lambda p: -p.stat().st_mtime)
        for path in paths:
            if path.name.endswith(".log.json"):
                continue
            try:
                state, _ = self.load(path.stem)
            except ElevenesError as exc:
                found.append({"name": path.stem, "game": "", "note": str(exc).splitlines()[0]})
                continue
            found.append({"name": path.stem, "game": state.game.id,
                          "note": "over" if state.is_terminal() else ""})
        return found

    def load(self, name: str) -> tuple[State, str | None]:
        """A saved game as ``play --resume`` reads it: its options and card file checked."""
        path = self.game_path(name)
        saved = read_saved(str(path))
        game_id = saved.get("game")
        if not isinstance(game_id, str):
            raise ElevenesError(f"{path.name} is not a saved game (it names no game)")
        options, cards = check_resume(
            saved, str(path), {}, lambda given: load_game(game_id, options=given).options, None)
        game = load_game(game_id, options=options, cards=cards)
        return resumed_state(game, saved), cards

    def save(self, path: Path, state: State, cards: str | None, log: Log) -> None:
        write_whole(self.log_path(path), json.dumps(attrs.asdict(log)))
        write_whole(path, saved_text(state, cards))

    def log_path(self, path: Path) -> Path:
        return path.with_name(path.stem + ".log.json")

    def read_log(self, name: str) -> Log:
        path = self.log_path(self.game_path(name))
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            return Log([(str(t), str(s)) for t, s in doc["lines"]], int(doc["seed"]),
                       int(doc["draws"]))
        except (OSError, ValueError, KeyError, TypeError):
            return Log(seed=abs(hash(name)) % 10**9)  # a save made by `elevenes play`

    def saved_cards(self, name: str) -> str | None:
        """The card file a saved game records (None: the rulebook's cards)."""
        meta = read_saved(str(self.game_path(name))).get(SAVE_KEY)
        record = meta.get("cards") if isinstance(meta, dict) else None
        return str(record["path"]) if isinstance(record, dict) else None

    # -- card files --------------------------------------------------------------------------
    def card_files(self) -> list[str]:
        return sorted(p.stem for p in (self.root / "cards").glob("*.cards"))

    def card_path(self, name: str) -> Path:
        return self.root / "cards" / f"{safe_name(name, 'card file')}.cards"

    # -- disputes ----------------------------------------------------------------------------
    def disputes(self) -> list[str]:
        return sorted(p.stem for p in (self.root / "disputes").glob("*.yaml"))

    def dispute_path(self, name: str) -> Path:
        return self.root / "disputes" / f"{safe_name(name, 'dispute')}.yaml"
