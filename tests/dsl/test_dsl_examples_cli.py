"""Every card file of docs/examples/ (the worked variants the language guide shows, with their
figures) is accepted by `elevenes check` as a user runs it: through the installed command,
and through the CLI's main, one file at a time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from elevenes.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.cards"))


def test_there_are_worked_variants() -> None:
    names = {p.stem for p in EXAMPLES}
    # the worked variants the guide measures, one for each construct it shows
    assert {"minute-back", "long-cakes", "patient-sugar", "crowded-servants", "tip-jar",
            "late-elevenses", "eager-elevenses"} <= names


def test_the_command_accepts_every_example() -> None:
    script = Path(sys.executable).with_name("elevenes")  # the command pip installed
    command = [str(script)] if script.exists() else [
        sys.executable, "-c", "import sys; from elevenes.cli import main; sys.exit(main())"]
    run = subprocess.run(
        [*command, "check", *map(str, EXAMPLES)],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stderr == ""
    lines = run.stdout.splitlines()
    for path in EXAMPLES:
        assert any(line.startswith(f"{path}: ok, ") for line in lines), (path, run.stdout)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_main_accepts_each_example(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: ok, ") and "warning" not in out
