"""``elevenes conform --reading``: a scenario that does not cite a ruling but whose play
consults it is skipped, saying so, when the reference itself fails it under the reading; one
that consults it and holds under the reading runs.  The whole suite of a game is then clean
under its readings (docs/readings.md, "Running the suite under a reading")."""

from __future__ import annotations

import pytest

from elevenes.cli import main
from elevenes.conformance.cli_conform import consulting_run
from elevenes.conformance.model import Scenario, Step
from elevenes.conformance.subject import ReferenceSubject, Refusal, StateView, Subject
from elevenes.core.api import Json

TEA_FIRST = {
    "game": "elevenes-for-one", "phase": "turn", "minutes": 15, "trolley": [1],
    "pantry": [[2, "up"], [3, "up"], [4, "up"], [5, "up"], [6, "up"], [7, "up"], [8, "up"],
               [9, "up"], [10, "up"], [11, "up"]],
    "discard": [], "cursor": 0,
}
SELF_A = {"reading.EFO.RULING.SELF-TARGET": "a"}


def tea(sid: str, step: Step) -> Scenario:
    return Scenario(id=sid, game="elevenes-for-one", options=dict(SELF_A), setup=TEA_FIRST,
                    steps=(step,), rules=("EFO.CARD.TEA",))


def test_a_scenario_consulting_the_ruling_runs_when_it_holds_under_the_reading() -> None:
    holds = tea("holds", Step(index=0, actions=("use", "flip 3"),
                              expect={"minutes": 14, "cursor": 2}))
    result = consulting_run({"EFO.RULING.SELF-TARGET": "a"})(ReferenceSubject(), holds)
    assert result.status == "pass", result.message


def test_a_scenario_consulting_the_ruling_and_failing_under_it_is_skipped_with_why() -> None:
    offered = ["flip 3", "flip 4", "flip 6", "flip 7", "flip 8", "flip 9", "flip 10", "flip 11"]
    breaks = tea("breaks", Step(index=0, actions=("use",), legal=tuple(offered)))
    result = consulting_run({"EFO.RULING.SELF-TARGET": "a"})(ReferenceSubject(), breaks)
    assert result.status == "skip"
    assert result.message.startswith(
        "depends on EFO.RULING.SELF-TARGET, which it does not cite: its play consults the "
        "ruling, and under reading (a) of EFO.RULING.SELF-TARGET the reference itself finds "
        "step 1: ")
    assert '"flip 2"' in result.message  # what the reading changes: Tea may flip itself


@pytest.mark.parametrize(("game", "reading"), [
    ("elevenes-for-one", "EFO.RULING.SELF-TARGET=a"),
    ("elevenes-for-one", "EFO.RULING.SERVANTS-MINUTE=a"),
    ("bowling-solitaire", "BWL.RULING.TOUCH-FRAME=c"),
    ("bowling-solitaire", "BWL.RULING.BONUS-BALLS=d"),
    # who is asked about a guest: a set-up in the middle of a turn depends on it uncited
    ("elevenes", "ELV.RULING.GUEST-TIMING=b"),
])
def test_the_suite_of_a_game_is_clean_under_its_reading(
        capsys: pytest.CaptureFixture[str], game: str, reading: str) -> None:
    code = main(["conform", "--game", game, "--reading", reading, "-v", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0, out
    ruling = reading.split("=")[0]
    assert f"depends on {ruling}, which it does not cite" in out


class Program(Subject):
    """Another implementation (here the reference behind the protocol's operations), counting
    the actions it is asked to play."""

    name = "program"

    def __init__(self) -> None:
        self.inner = ReferenceSubject()
        self.acted = 0

    def start(self, game: str, options: Json) -> None:
        self.inner.start(game, options)

    def setup(self, state: Json) -> None:
        self.inner.setup(state)

    def act(self, action: str) -> Refusal | None:
        self.acted += 1
        return self.inner.act(action)

    def legal(self) -> list[str]:
        return self.inner.legal()

    def state(self) -> StateView:
        return self.inner.state()

    def observe(self, player: int) -> Json:
        return self.inner.observe(player)

    def perft(self, depth: int) -> tuple[list[int], dict[str, int]]:
        return self.inner.perft(depth)


def test_another_program_plays_only_what_holds_under_the_reading() -> None:
    run = consulting_run({"EFO.RULING.SELF-TARGET": "a"})
    program = Program()
    offered = ("flip 3", "flip 4", "flip 6", "flip 7", "flip 8", "flip 9", "flip 10", "flip 11")
    skipped = run(program, tea("breaks", Step(index=0, actions=("use",), legal=offered)))
    assert skipped.status == "skip" and program.acted == 0
    held = run(program, tea("holds", Step(index=0, actions=("use", "flip 3"),
                                          expect={"minutes": 14, "cursor": 2})))
    assert held.status == "pass" and program.acted == 2
