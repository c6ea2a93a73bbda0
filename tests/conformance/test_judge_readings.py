"""``elevenes judge``: a move that touches a ruling with playable readings gets a verdict under
each of them, one line per reading, the decided one marked; a move that touches none is
judged as it always was."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from elevenes.cli import main
from elevenes.games import load_game
from elevenes.games.bowling_solitaire.layout import FULL

ROOT = Path(__file__).resolve().parents[2]
TEA = ROOT / "docs" / "examples" / "dispute-tea-itself.yaml"
DISCARDS = ROOT / "docs" / "examples" / "dispute-discard-limit.yaml"
SELF = "EFO.RULING.SELF-TARGET (Tea, Milk and Biscuits never choose themselves)"


def judged(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    assert main(["judge", str(path)]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_move_in_dispute_is_judged_under_each_reading(
        capsys: pytest.CaptureFixture[str]) -> None:
    lines = judged(capsys, TEA)
    at = lines.index("    flip 2 -> refused: " + SELF)
    assert lines[at + 2] == "      under each reading of " + SELF + ":"
    assert lines[at + 3].startswith(
        "        (a)                    accepted: You choose `flip 2` for (2) Tea: turned (2) "
        "Tea face down; -1 minute (14 left). Changed: ")
    assert lines[at + 4] == ("        (b) decided, in force  refused: EFO.RULING.SELF-TARGET "
                             "(card 2 cannot be chosen here)")
    # the use of Tea touches the ruling too: under (a) Tea is among the cards it may flip
    assert "Unlike (b): choice.options: +\"flip 2\"" in "\n".join(lines[:at])


def test_a_pinned_reading_is_marked_in_force_beside_the_decided_one(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = yaml.safe_load(TEA.read_text(encoding="utf-8"))
    doc["options"] = {"reading.EFO.RULING.SELF-TARGET": "a"}
    path = tmp_path / "pinned.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    lines = judged(capsys, path)
    assert "    flip 2 -> accepted" in lines
    assert any(line.startswith("        (a) in force  accepted: You choose `flip 2`")
               for line in lines)
    assert "        (b) decided   refused: EFO.RULING.SELF-TARGET (card 2 cannot be chosen " \
           "here)" in lines


def test_moves_that_touch_no_ruling_keep_their_verdict_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    lines = judged(capsys, DISCARDS)
    touched = [n for n, line in enumerate(lines) if "under each reading of" in line]
    # Servants used and its return (EFO.RULING.SERVANTS-MINUTE), the fourth discard
    assert len(touched) == 3
    step3, step4, step5 = (lines.index(f"  step {n}:") for n in (3, 4, 5))
    assert not any("under each reading" in line for line in lines[step3:step4])
    assert not any("under each reading" in line for line in lines[step5:])
    assert "    discard -> refused: EFO.DISCARD.LIMIT (At most three cards in the discard " \
           "pile)" in lines[step5:]


def test_a_move_touches_a_ruling_through_what_the_moves_so_far_remember(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Three discards made, two in the pile: the position's document under the decided
    reading does not count discards, but the moves played from the set-up do, so the fourth
    discard is judged under both readings of EFO.RULING.DISCARD-LIMIT."""
    lines = judged(capsys, DISCARDS)
    step4 = lines[lines.index("  step 4:"):lines.index("  step 5:")]
    assert step4[1] == "    discard -> accepted"
    assert step4[2].startswith("      under each reading of EFO.RULING.DISCARD-LIMIT")
    assert step4[3].startswith("        (a) decided, in force  accepted: You discard (6) Fine "
                               "China")
    assert step4[4].startswith("        (b)                    refused: "
                               "EFO.RULING.DISCARD-LIMIT (3 cards have been discarded")


def second_ball_of_frame_two() -> Any:
    """A position of frame 2, ball 2, some pins down and a knock to try (seeded search)."""
    for seed in range(100):
        state = load_game("bowling-solitaire").new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and state.frame < 3:
            if (state.frame == 2 and state.ball == 2 and not state.is_chance_node()
                    and state.standing != FULL and len(state.legal_actions()) > 1):
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no seed reaches the second ball of frame 2 with a knock")


def test_a_position_a_reading_cannot_read_says_so(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    """Frame 2, a second ball: (c) of BWL.RULING.TOUCH-FRAME needs the spots emptied in the
    first frame, which a position does not hold."""
    state = second_ball_of_frame_two()
    knock = state.legal_action_strings()[-1]
    path = tmp_path / "bowl.yaml"
    path.write_text(yaml.safe_dump({"id": "bowl", "game": "bowling-solitaire",
                                    "setup": json.loads(json.dumps(state.to_json())),
                                    "steps": [{"act": knock}]}), encoding="utf-8")
    lines = judged(capsys, path)
    at = next(n for n, line in enumerate(lines)
              if line.startswith("      under each reading of BWL.RULING.TOUCH-FRAME"))
    readings = [line.strip() for line in lines[at + 1:at + 4]]
    assert [line[:3] for line in readings] == ["(b)", "(c)", "(g)"]
    assert readings[0].startswith("(b) decided, in force  accepted: ")
    assert readings[1].startswith("(c)                    the position cannot be read under "
                                  "it: bowling-solitaire state: under reading (c) of "
                                  "BWL.RULING.TOUCH-FRAME")


def test_a_ruling_whose_readings_all_agree_takes_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 1 plays Tea: ARRANGE-COUNT is consulted but both its readings accept the move
    alike, so it takes one line; TEA-POSITIONS, whose reading (b) ends the effect at once on
    the next move, gets a line per reading there."""
    lines = judged(capsys, ROOT / "conformance" / "elevenes" / "faults-absent.yaml")
    step2 = lines[lines.index("  step 2:  # Tea's effect in progress, waiting for seat 1 to "
                              "choose a player"):]
    step2 = step2[:step2.index("      expected state: agrees")]
    assert "      under every reading of ELV.RULING.ARRANGE-COUNT (\"Up to 2\" arrange " \
           "actions), (a) and (b): the same" in step2
    assert not any("under each reading of" in line for line in step2)
    step3 = lines[lines.index("  step 3:  # still in progress, waiting for the card to turn"):]
    step3 = step3[:step3.index("      expected state: agrees")]
    at = step3.index("      under each reading of ELV.RULING.TEA-POSITIONS (Tea on positions "
                     "1 and 10):")
    assert step3[at + 1].startswith("        (a) decided, in force  accepted")
    assert step3[at + 2].startswith("        (b)                    accepted")
