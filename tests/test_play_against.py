"""``elevenes play GAME --against BOT``: a person at seat 0, typing, against the chosen bot in
the other seats (the search bot among them), to the end of a seeded game; refused where it
makes no sense."""

from __future__ import annotations

import io
import random
import sys

import pytest

from elevenes.cli import main


@pytest.mark.parametrize("game,players,heading", [
    ("111", 2, "you are seat 0 against 1 ismcts:5 bot(s)"),
    ("elevenes", 2, "you are P0 (set a), against 1 ismcts:5 bot(s)"),
])
def test_a_person_plays_a_whole_game_against_the_search_bot(
        game: str, players: int, heading: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7)  # the person picks among the first choices offered, seeded
    typed = "".join(f"{rng.randint(1, 3)}\n" for _ in range(20000))
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", game, "--players", str(players), "--against", "ismcts:5",
                 "--seed", "4"])
    out = capsys.readouterr().out
    assert code == 0
    assert heading in out
    assert "Game over" in out or "wins" in out.splitlines()[-1]
    assert "saved to" not in out  # played to its end, not left for later


def test_against_the_search_bot_plays_otherwise_than_against_greedy(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    logs = []
    for bot in ("greedy", "ismcts:5"):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
        assert main(["play", "111", "--against", bot, "--seed", "4"]) == 0
        logs.append(capsys.readouterr().out.splitlines()[1:])
    assert logs[0] != logs[1]


@pytest.mark.parametrize("argv,message", [
    (["play", "111", "--against", "greedy", "--bot", "greedy"], "give one of them"),
    (["play", "bowling-solitaire", "--against", "greedy"], "has no other seats"),
    (["play", "elevenes", "--against", "oracle"], "unknown bot 'oracle'"),
])
def test_against_is_refused_with_a_message(argv: list[str], message: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_person_plays_111_to_the_end_under_a_reading_whose_chance_picks_a_discard(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """G111.RULING.REFILL-ORDER (b): chance discards from a hand over five; the terminal
    tells it in words (it stopped with an internal error there)."""
    rng = random.Random(3)
    typed = "".join(f"{rng.randint(1, 3)}\n" for _ in range(20000))
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", "111", "--against", "greedy", "--seed", "3",
                 "-o", "reading.G111.RULING.REFILL-ORDER=b"])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert "at random to refill the hand" in out
    assert "Game over" in out and "bug in elevenes" not in out
