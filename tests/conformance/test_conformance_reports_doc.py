"""Every command docs/conformance-reports.md shows runs as shown and succeeds, and the badge
it shows is the one the command writes."""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import elevenes
from elevenes.cli import main
from elevenes.conformance import load_suite, run_suite

PAGE = Path(__file__).resolve().parents[2] / "docs" / "conformance-reports.md"
SERVE = "elevenes adapter"


def shown(kind: str) -> list[str]:
    """The bodies of the page's fenced blocks of ``kind``."""
    return re.findall(rf"```{kind}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def commands() -> list[list[str]]:
    found = []
    for block in shown("console"):
        for line in block.splitlines():
            assert line.startswith("$ elevenes "), line
            found.append(shlex.split(line[2:]))
    return found


def test_the_page_shows_the_commands_and_options() -> None:
    flat = [word for argv in commands() for word in argv]
    for option in ("--junit", "--badge", "-k", "-x", "--json", "--timeout", "--seed"):
        assert option in flat
    assert {argv[1] for argv in commands()} == {"conform", "diff"}


@pytest.mark.parametrize("argv", commands(), ids=lambda argv: " ".join(argv[1:]))
def test_every_command_on_the_page_works(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # "elevenes adapter" run by this interpreter, wherever the package is.
    package_root = str(Path(elevenes.__file__).resolve().parents[1])
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", package_root + (os.pathsep + path if path else ""))
    monkeypatch.chdir(tmp_path)
    serve = f"{shlex.quote(sys.executable)} -m elevenes.cli adapter"
    args = [serve if word == SERVE else word for word in argv[1:]]
    assert main(args) == 0
    out = capsys.readouterr().out
    if "--json" in args:
        assert json.loads(out)["ok"] is True
    elif args[0] == "diff":
        assert out.startswith("no divergence in ")
    else:
        assert "\nOK: " in out
    if "--junit" in args:
        root = ET.parse(tmp_path / args[args.index("--junit") + 1]).getroot()
        assert root.get("failures") == "0" and int(root.get("tests", "0")) > 0
    if "--badge" in args:
        folder = tmp_path / args[args.index("--badge") + 1]
        (example,) = shown("json")
        written = json.loads((folder / "bowling-solitaire.json").read_text())
        assert written == json.loads(example)


def test_the_scenario_shown_is_one_the_reference_passes(tmp_path: Path) -> None:
    (example,) = shown("yaml")
    (tmp_path / "found.yaml").write_text(example)
    report = run_suite(load_suite([tmp_path / "found.yaml"]))
    assert [r.status for r in report.results] == ["pass"]
