"""``elevenes diff --reading RULING=X``: the reading goes to both sides, the reference and the
program, among the game's options; a program that drops it is caught, and a reading of
another game or no playable reading is refused on the command line."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from elevenes.cli import main

# the reference over the protocol, except that it drops every reading from `start`'s options
# (a program that follows the decided rules whatever it is asked)
DEAF = '''
import json, subprocess, sys
inner = subprocess.Popen([sys.executable, "-m", "elevenes.cli", "adapter"], text=True,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "start" and isinstance(request.get("options"), dict):
        request["options"] = {k: v for k, v in request["options"].items()
                              if not k.startswith("reading.")}
    inner.stdin.write(json.dumps(request) + "\\n")
    inner.stdin.flush()
    sys.stdout.write(inner.stdout.readline())
    sys.stdout.flush()
'''

ADAPTER = f"{shlex.quote(sys.executable)} -m elevenes.cli adapter"
SELF_TARGET_A = ["--reading", "EFO.RULING.SELF-TARGET=a"]


def _diff(adapter: str, *extra: str) -> int:
    return main(["diff", "--adapter", adapter, "--game", "elevenes-for-one", "--games", "8",
                 "--seed", "3", "--no-progress", *extra])


@pytest.fixture
def deaf(tmp_path: Path) -> str:
    script = tmp_path / "deaf_adapter.py"
    script.write_text(DEAF)
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def test_a_reading_reaches_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    assert _diff(ADAPTER, *SELF_TARGET_A) == 0
    assert "no divergence in 8 games" in capsys.readouterr().out


def test_a_program_that_drops_the_reading_diverges(
        deaf: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _diff(deaf) == 0  # under the decided rules it is the reference
    capsys.readouterr()
    assert _diff(deaf, *SELF_TARGET_A) == 1
    out = capsys.readouterr().out
    # the states name the readings in force (docs/readings.md): the first position differs
    assert ('at state.options.reading.EFO.RULING.SELF-TARGET: expected "a", got nothing'
            in out)
    # and the scenario it writes pins the reading, as the reference played it
    assert 'options: {"reading.EFO.RULING.SELF-TARGET": "a"}' in out


@pytest.mark.parametrize(("reading", "message"), [
    ("BWL.RULING.TOUCH-FRAME=c", "is a ruling of bowling-solitaire, not of elevenes-for-one"),
    ("EFO.RULING.SELF-TARGET=z", "has no reading 'z'"),
    ("EFO.RULING.SELF-TARGET", "takes RULING=X"),
])
def test_a_reading_that_cannot_be_played_is_refused(
        reading: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _diff(ADAPTER, "--reading", reading) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
