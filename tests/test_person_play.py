"""Every game played to its end by a person at the terminal.

A ``Typist`` stands in for the person: it reads what the game printed since its last answer
(the numbered choices of the menu) and types, from a seeded random generator, what people
type at the prompt: a choice's number, the action itself in any case, a number out of range,
a typo, ``hint``, ``card N``, ``rules`` / ``rules WORD``, ``log``, ``?``, an empty line, and
now and then ``q``.  A game left with ``q`` is continued with ``--resume`` from the file it was
saved to, and the position it resumes must be the one that was saved (checked by saving again
at once and comparing the two files).  Every game, edition, variant and player count runs
through ``elevenes play`` exactly as typed at a terminal, to the game's end.

``ELEVENES_PERSON_SEEDS`` sets the number of seeds per configuration (default 2);
``benchmarks/person_soak.py`` runs many more.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from elevenes.cli import main

SEEDS = int(os.environ.get("ELEVENES_PERSON_SEEDS", "2"))

# (game, extra arguments): every edition, variant and player count the texts name
CONFIGS: list[tuple[str, list[str]]] = [
    ("elevenes-for-one", []),
    ("elevenes-for-one", ["-o", "edition=v1.0"]),
    ("elevenes-for-one", ["-o", "minutes=12", "-o", "challenge=true"]),
    ("elevenes-for-one", ["-o", "minutes=13"]),
    ("elevenes", ["--players", "2"]),
    ("elevenes", ["--players", "3", "-o", "edition=fr"]),
    ("elevenes", ["--players", "4", "-o", "guests=true"]),
    ("elevenes", ["--players", "2", "-o", "edition=fr", "-o", "outright=true"]),
    ("elevenes", ["--players", "3", "-o", "edition=fr", "-o", "guests=true"]),
    ("bowling-solitaire", []),
    ("111", ["--players", "2"]),
    ("111", ["--players", "3"]),
    ("111", ["--players", "4"]),
    ("111", ["--players", "5"]),
    ("111", ["--players", "6"]),
]

MENU = re.compile(r"(?:^|\s)(\d+)\. (\S.*?)(?=\s{2,}|$)", re.MULTILINE)
SAVED = re.compile(r"Game saved to (\S+); continue with")
WORDS = ["rules discard", "rules", "log", "?", "help", "hint", "card 7", "card sugar",
         "card", "", "xyzzy", "pass", "plya", "0", "99", "rules G111.ATTACK.TARGET"]


class Terminal(io.StringIO):
    """The screen: everything printed, and what was printed since the person last looked."""

    def __init__(self) -> None:
        super().__init__()
        self.fresh: list[str] = []

    def write(self, text: str) -> int:
        self.fresh.append(text)
        return super().write(text)

    def look(self) -> str:
        new = "".join(self.fresh)
        self.fresh.clear()
        return new


class Typist(io.TextIOBase):
    """A person at the prompt: answers each ``readline`` after reading the screen."""

    def __init__(self, screen: Terminal, rng: random.Random, quit_rate: float) -> None:
        self.screen, self.rng, self.quit_rate = screen, rng, quit_rate  # 1.0: quit at once
        self.typed = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        new = self.screen.look()
        self.typed += 1
        if self.typed > 20_000:
            return ""  # Ctrl-D: the game is saved; the test sees it did not end
        menu = {int(n): action.strip() for n, action in MENU.findall(new)}
        roll = self.rng.random()
        if roll < self.quit_rate:  # leaving: q, Ctrl-D (end of input) or Ctrl-C
            way = self.rng.choice(("q\n", "", "ctrl-c"))
            if way == "ctrl-c":
                raise KeyboardInterrupt
            return way
        if menu and roll < 0.70:
            return f"{self.rng.choice(sorted(menu))}\n"
        if menu and roll < 0.85:
            action = menu[self.rng.choice(sorted(menu))]
            return (action.upper() if self.rng.random() < 0.3 else action) + "\n"
        if roll < 0.88:
            return f"{self.rng.randint(1, 120)}\n"
        return self.rng.choice(WORDS) + "\n"


def play_once(args: list[str], rng: random.Random, quit_rate: float,
              monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stdin", Typist(screen, rng, quit_rate))
    code = main(["play", *args])
    monkeypatch.setattr(sys, "stdout", sys.__stdout__)
    return code, screen.getvalue()


def play_to_the_end(game: str, extra: list[str], seed: int, folder: Path,
                    monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Play one game as a person, resuming every save; yields each screen."""
    rng = random.Random(f"{game} {extra} {seed}")
    monkeypatch.chdir(folder)
    args = [game, "--seed", str(seed), *extra]
    for sitting in range(4):
        # a person leaves up to three times in a game, and finishes it the fourth time
        code, screen = play_once(args, rng, 0.01 if sitting < 3 else 0.0, monkeypatch)
        assert code == 0, screen[-2000:]
        assert "internal error" not in screen and "Traceback" not in screen, screen[-3000:]
        yield screen
        saved = SAVED.search(screen)
        if saved is None:
            return
        path = saved.group(1)
        # the save resumes to the position it holds: resume, save at once, compare
        resume = [game, "--resume", path, "--seed", str(seed + sitting)]
        code, again = play_once(resume, random.Random(0), 1.0, monkeypatch)
        assert code == 0, again[-2000:]
        second = SAVED.search(again)
        assert second is not None, again[-2000:]
        first_doc = json.loads(Path(path).read_text())
        second_doc = json.loads(Path(second.group(1)).read_text())
        assert first_doc == second_doc
        args = [game, "--resume", second.group(1), "--seed", str(seed + sitting)]
    raise AssertionError(f"{game} {extra} seed {seed}: not over after the last sitting")


GAME_OVER = {
    "elevenes-for-one": re.compile(r"Rating: -?\d+ points?"),
    "elevenes": re.compile(r"Game over after \d+ round"),
    "bowling-solitaire": re.compile(r"Final score: \d+"),
    "111": re.compile(r"Game over after \d+ turns"),
}


@pytest.mark.parametrize(("game", "extra"), CONFIGS,
                         ids=[" ".join([g, *e]) for g, e in CONFIGS])
def test_a_person_plays_every_game_to_its_end(game: str, extra: list[str], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    everything = []
    for seed in range(1, SEEDS + 1):
        folder = tmp_path / str(seed)
        folder.mkdir()
        screens = list(play_to_the_end(game, extra, seed, folder, monkeypatch))
        assert GAME_OVER[game].search(screens[-1]), screens[-1][-2000:]
        everything.extend(screens)
    # what the person typed was answered: numbers out of range, typos and refused moves
    shown = "".join(everything)
    assert "There is no choice" in shown and ("Refused:" in shown or "Did you mean" in shown)
