"""``elevenes check``: exit codes and output, through ``elevenes.cli.main``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from elevenes.cli import main
from elevenes.dsl import load
from elevenes.dsl.diagnostics import CODES, INTERNAL
from elevenes.dsl.load import shipped_card_files

BROKEN = Path(__file__).parent / "broken"
[SHIPPED] = shipped_card_files("elevenes-for-one")


def check(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["check", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str | bytes, name: str = "my.cards") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_clean_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(capsys, SHIPPED) == (0, f"{SHIPPED}: ok, 11 cards\n", "")


def test_one_card(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, 'game elevenes-for-one\ncard 4 "Sugar" { on use { cost 3 } }\n')
    assert check(capsys, path) == (0, f"{path}: ok, 1 card\n", "")


def test_a_broken_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = BROKEN / "E103-unknown-zone.cards"
    assert check(capsys, path) == (
        1,
        f"{path}:6:25: E103 unknown zone `pantri`\n"
        "    hint: did you mean `pantry`?\n"
        "1 problem in 1 file\n",
        "",
    )


def test_clean_and_broken_files_together(capsys: pytest.CaptureFixture[str]) -> None:
    zone = BROKEN / "E103-unknown-zone.cards"
    twice = BROKEN / "E109-duplicate-card.cards"
    code, out, _ = check(capsys, SHIPPED, zone, twice)
    assert code == 1
    assert out.splitlines() == [
        f"{SHIPPED}: ok, 11 cards",
        f"{zone}:6:25: E103 unknown zone `pantri`",
        "    hint: did you mean `pantry`?",
        f"{twice}:8:6: E109 card 4 is defined twice",
        "    hint: first defined at line 4",
        "2 problems in 2 files",
    ]


def test_every_broken_file_exits_1_with_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(BROKEN.glob("*.cards"))
    code, out, err = check(capsys, *files)
    assert code == 1 and err == ""
    found = {line.split(": ")[1].split()[0] for line in out.splitlines()
             if ": E" in line or ": W" in line}
    assert found == set(CODES)
    warned = [f for f in files if f.name.startswith("W")]  # a warning is not a problem
    assert warned and all(f"{f}: ok, 1 card" in out.splitlines() for f in warned)
    broken = len(files) - len(warned)
    assert out.splitlines()[-1] == f"{broken} problems in {broken} files"


def test_a_warning_alone_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    [warned] = BROKEN.glob("W130-*.cards")
    code, out, err = check(capsys, str(warned))
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith(f"{warned}:4:6: W130 card 6 has no `value`")
    assert out.splitlines()[-1] == f"{warned}: ok, 1 card"


def test_a_missing_path_is_a_diagnostic(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nope.cards"
    code, out, _ = check(capsys, SHIPPED, missing)
    assert code == 1
    assert f"{missing}:1:1: E121 cannot read the file: no such file\n" in out
    assert out.startswith(f"{SHIPPED}: ok, 11 cards\n")


def test_a_directory_is_a_diagnostic(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = check(capsys, tmp_path)
    assert code == 1
    assert out.startswith(f"{tmp_path}:1:1: E121 cannot read the file: it is a directory\n")


def test_no_file_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = check(capsys)
    assert (code, out) == (2, "")
    assert "the following arguments are required: FILE" in err


def test_an_unknown_game_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = check(capsys, "--game", "elevenes-for-two", SHIPPED)
    assert (code, out) == (2, "")
    assert "invalid choice: 'elevenes-for-two'" in err


def test_game_option_checks_a_file_without_a_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, 'card 9 "Cakes" { on use { flip_down next } }\n')
    code, out, _ = check(capsys, path)
    assert code == 1
    assert out.splitlines()[0] == f"{path}:1:1: E101 the file does not say its game"
    assert check(capsys, "--game", "elevenes-for-one", path) == (0, f"{path}: ok, 1 card\n", "")


def test_game_option_refuses_a_file_for_another_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, 'game elevenes-for-one\ncard 9 "Cakes" { }\n')
    code, out, _ = check(capsys, "--game", "elevenes", path)
    assert code == 1
    assert out.splitlines()[0] == (
        f"{path}:1:6: E101 these cards are for `elevenes-for-one`, not `elevenes`"
    )


def test_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    zone = BROKEN / "E103-unknown-zone.cards"
    code, out, err = check(capsys, "--json", SHIPPED, zone, BROKEN / "E113-choose-player.cards")
    assert code == 1 and err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0] == {
        "path": str(zone), "line": 6, "column": 25, "code": "E103",
        "message": "unknown zone `pantri`", "hint": "did you mean `pantry`?", "severity": "error",
    }
    assert [d["code"] for d in lines] == ["E103", "E113"]


def test_json_of_clean_files_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(capsys, "--json", SHIPPED) == (0, "", "")


# -- whatever the input: a diagnostic, never a traceback -------------------------------------------


def nested(depth: int) -> str:
    return 'game elevenes-for-one\ncard 4 "X" {\n on use ' + "{ may " * depth + "{ cost 1 }" + (
        " }" * depth) + "\n}\n"


JUNK: dict[str, tuple[str | bytes, str]] = {
    "empty": ("", "E101"),
    "only-comments": ("# nothing here\n\n", "E101"),
    "binary": (bytes(range(256)) * 4, "E121"),
    "nul-bytes": ("game elevenes-for-one\x00\x00", "E100"),
    "huge-card-number": ('game elevenes-for-one\ncard 99999999999999999999 "X" {}', "E100"),
    "huge-cost": ('game elevenes-for-one\ncard 4 "X" { on use { cost ' + "9" * 5000 + " } }",
                  "E100"),
    "big-but-allowed": ('game elevenes-for-one\ncard 999999999 "X" {}', "E110"),
    "deep-braces": (nested(2000), "E100"),
    "deep-parentheses": ('game elevenes-for-one\ncard 4 "X" { requires ' + "(" * 5000, "E100"),
    "unbalanced-braces": ("}" * 100 + "{" * 100, "E100"),
    "long-line": ("game elevenes-for-one\n" + "card 4 \"X\" {}; " * 5000, "E109"),
    "unknown-game": ("game elevenes\ngame elevenes-for-one\n", "E100"),
}


@pytest.mark.parametrize("name", sorted(JUNK))
def test_junk_gives_diagnostics(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text, expected = JUNK[name]
    path = write(tmp_path, text)
    code, out, err = check(capsys, path)
    assert code == 1
    assert err == ""
    assert "Traceback" not in out
    assert out.splitlines()[0].startswith(f"{path}:")
    assert out.splitlines()[0].split(": ")[1].startswith(expected)


def test_old_mac_line_endings_are_line_endings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, 'game elevenes-for-one\rcard 4 "X" {}\r')
    assert check(capsys, path) == (0, f"{path}: ok, 1 card\n", "")


def test_deep_nesting_within_the_limit_is_fine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, nested(40))
    assert check(capsys, path) == (0, f"{path}: ok, 1 card\n", "")


# -- the fallback -------------------------------------------------------------------------------


def test_a_failure_of_the_checker_is_an_internal_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_checker(*args: object, **kwargs: object) -> list[object]:
        raise RuntimeError("the checker fell over")

    monkeypatch.setattr(load, "check_tree", broken_checker)
    code, out, err = check(capsys, SHIPPED, BROKEN / "E103-unknown-zone.cards")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0] == (
        f"{SHIPPED}:1:1: {INTERNAL} internal error of the checker: "
        "RuntimeError: the checker fell over"
    )
    assert lines[1] == (
        "    hint: this is a bug in elevenes, not in the file; please report it with the file"
    )
    assert lines[-1] == "2 problems in 2 files"


def test_a_failure_of_the_parser_is_an_internal_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_parser(path: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(load, "parse_file", broken_parser)
    code, out, _ = check(capsys, "--json", SHIPPED)
    assert code == 1
    [line] = out.splitlines()
    diagnostic = json.loads(line)
    assert diagnostic["code"] == INTERNAL
    assert diagnostic["message"].startswith("internal error of the checker: RecursionError")


def test_a_file_of_guests(capsys: pytest.CaptureFixture[str]) -> None:
    [guests] = [p for p in shipped_card_files("elevenes") if "guests" in p.name]
    assert check(capsys, guests) == (0, f"{guests}: ok, 6 guests\n", "")


def test_a_terminal_that_cannot_show_a_character(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = write(tmp_path, 'game elevenes-for-one\ncard 4 "Sugar \u2713" { } \u2713\n')
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="latin-1")
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["check", str(path)]) == 1
    stdout.flush()
    assert raw.getvalue().decode("latin-1").splitlines()[0] == (
        f"{path}:2:22: E100 unexpected character '\\u2713'"
    )
