"""A fast sample of the fault planting (benchmarks/plant_faults.py, docs/suite.md "What the
suite catches"): the hand-written rule-level faults of every game (a turn order, a bail-out,
the edges of scoring bands, each condition of a game's end, ...) are planted one at a time and
the game's whole suite must notice each of them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "plant_faults.py"
GAMES = ["bowling-solitaire", "elevenes-for-one", "111", "elevenes"]


def _plant(out: Path, game: str, *extra: str) -> list[dict[str, object]]:
    """The hand-written faults of ``game`` (unless ``extra`` chooses others)."""
    which = [] if {"--sample", "--only"} & set(extra) else ["--rule-faults"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--game", game, *which, "--no-baseline",
         "--timeout", "120", "--json", str(out), *extra],
        capture_output=True, text=True, timeout=1200, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    mutants: list[dict[str, object]] = json.loads(out.read_text())["mutants"]
    return mutants


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, object]]:
    """Every game's rule faults, run in one process (the suite is loaded once), each on the
    whole suite (no tracing first: a handful of faults, each killed early)."""
    return _plant(tmp_path_factory.mktemp("faults") / "all.json", "all", "--select", "all")


@pytest.mark.parametrize("game", GAMES)
def test_the_suite_kills_every_rule_fault(planted: list[dict[str, object]], game: str) -> None:
    mutants = [m for m in planted if m["game"] == game]
    assert len(mutants) >= 2, "each game keeps a handful of hand-written faults"
    alive = [(m["detail"], m["status"], m.get("by")) for m in mutants if m["status"] != "killed"]
    assert alive == [], f"{game}: faults the suite does not notice: {alive}"
    timed_out = [m["detail"] for m in mutants if str(m.get("by", "")).startswith("time-out")]
    assert timed_out == [], "a fault must fail a scenario, not hang the game"


def test_a_suite_without_the_scenarios_lets_the_faults_survive(tmp_path: Path) -> None:
    """The check above can fail: with every scenario left out, no fault is noticed."""
    mutants = _plant(tmp_path / "none.json", "bowling-solitaire", "--exclude", "*")
    assert mutants and {m["status"] for m in mutants} == {"survived"}


def test_selection_by_coverage_gives_the_verdicts_of_the_whole_suite(tmp_path: Path) -> None:
    """A sample of faults, run once on the whole suite and once on only the items that reach
    the fault's line (the default): the same verdict for each, from fewer items."""
    sample = ["--sample", "6", "--seed", "3"]
    whole = _plant(tmp_path / "all.json", "bowling-solitaire", *sample, "--select", "all")
    chosen = _plant(tmp_path / "cov.json", "bowling-solitaire", *sample)
    assert [m["key"] for m in whole] == [m["key"] for m in chosen]
    assert [m["status"] for m in whole] == [m["status"] for m in chosen]
    assert {m["status"] for m in chosen} >= {"killed", "survived"}, "the sample tries both"
    survivors = [(w, c) for w, c in zip(whole, chosen, strict=True) if c["status"] == "survived"]
    assert all(int(c["items"]) < int(w["items"]) for w, c in survivors)


def test_a_journal_lets_an_interrupted_run_resume(tmp_path: Path) -> None:
    """`--journal`: each verdict is appended as it comes; a run given the journal of an
    interrupted one runs only the faults not in it and counts every fault."""
    journal = tmp_path / "faults.journal"
    sample = ["--sample", "4", "--seed", "5", "--select", "all", "--journal", str(journal)]
    first = _plant(tmp_path / "first.json", "bowling-solitaire", *sample)
    lines = journal.read_text().splitlines()
    assert len(lines) == len(first) == 4
    # an interruption after the first two verdicts, the second line cut short mid-write
    journal.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])
    again = _plant(tmp_path / "again.json", "bowling-solitaire", *sample)
    assert [(m["key"], m["status"]) for m in again] == [(m["key"], m["status"]) for m in first]
    rerun = [json.loads(line)["key"] for line in journal.read_text().splitlines()[1:]]
    assert rerun == [m["key"] for m in first[1:]], "the cut line's fault and the rest run again"


def _key_of(game: str, file: str, code: str, kind: str) -> str:
    """The key of the planted fault of ``kind`` on the line of ``file`` holding ``code``."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import plant_faults
    finally:
        sys.path.remove(str(SCRIPT.parent))
    found = [m.key for m in plant_faults.all_mutants(game)
             if m.file == file and code in m.code and m.kind == kind]
    assert len(found) == 1, found
    return found[0]


def test_the_card_language_scenarios_judge_the_effects_only_variant_cards_set_off(
    tmp_path: Path,
) -> None:
    """`--card-scenarios`: the faults are judged by the card language's own scenarios
    (tests/dsl/scenarios/, each file played with its card file), which play the events no
    printed card has an effect on.  A flipped effect never set off is no fault the suite can
    see (no printed card has one; the whole planting lists it with that reason), and one those
    scenarios see."""
    key = _key_of("elevenes", "state.py", 'if "flipped" in self.game.fires and turned:',
                  "if-false")
    by_cards = _plant(tmp_path / "cards.json", "elevenes", "--only", key, "--card-scenarios")
    assert [m["status"] for m in by_cards] == ["killed"]
    scenarios = (ROOT / "tests" / "dsl" / "scenarios").glob("*.yaml")
    assert any(f"id: {by_cards[0]['by']}\n" in path.read_text() for path in scenarios)
    summary = json.loads((tmp_path / "cards.json").read_text())["summary"]["elevenes"]
    assert summary["judged_by"] == "card-scenarios"


@pytest.mark.parametrize("game", GAMES)
def test_each_fault_has_its_own_identity(game: str) -> None:
    """A verdict is kept (journal, `--survivors-of`) by the fault's identity: two alike faults
    of one line, such as the two 1s of ``range(1, N + 1)`` each made 2, must not share one, or
    the one's verdict is reported for the other."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import plant_faults
    finally:
        sys.path.remove(str(SCRIPT.parent))
    mutants = plant_faults.all_mutants(game)
    assert len({m.identity for m in mutants}) == len(mutants)
    assert any(m.twin for m in mutants), "the games have such lines"
