"""``elevenes diff`` on Elevenes against implementations with one planted fault: a leak of
hidden cards in an observation, a load check left out, a wrong scoring rule; games cut off by
``--max-actions`` (counted in moves), positions of the suite named by their suite path."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from elevenes.cli import main
from elevenes.conformance.diff import Position, as_scenario, diff_games, suite_positions
from elevenes.conformance.subject import ReferenceSubject
from elevenes.games.elevenes import state as elv_state
from elevenes.games.elevenes import views as elv_views

ROOT = Path(__file__).resolve().parents[2]
FAULTY = ROOT / "tests" / "conformance" / "data" / "faulty_elevenes_adapter.py"


def _leak(state: Any, viewer: int) -> Any:
    doc = ORIGINAL_OBSERVATION(state, viewer)
    for p, row in enumerate(doc["players"]):
        row["kitchen"] = [elv_views.card_str(c) for c in sorted(state.kitchen[p])]
    return doc


def _no_tie_cubes(values: list[int]) -> list[int]:
    awards = ORIGINAL_PLACES(values)
    return [0] * len(values) if awards.count(1) > 1 and 2 not in awards else awards


def _lenient(self: Any, doc: Any) -> Any:
    doc = dict(doc, bowl=25 - sum(p["cubes"] for p in doc["players"]))
    return ORIGINAL_FROM_JSON(self, doc)


ORIGINAL_OBSERVATION = elv_views.observation
ORIGINAL_PLACES = elv_state.place_awards
ORIGINAL_FROM_JSON = elv_state.ElvGame.state_from_json


class Faulty(ReferenceSubject):
    """The reference with one fault planted while it answers (the reference subject it is
    compared with stays right: the fault is in place only during this one's calls)."""

    def __init__(self, fault: str) -> None:
        super().__init__()
        self.fault = fault

    @contextlib.contextmanager
    def _planted(self) -> Iterator[None]:
        if self.fault == "leak":
            elv_views.observation = _leak  # type: ignore[assignment]
        elif self.fault == "places":
            elv_state.place_awards = _no_tie_cubes  # type: ignore[assignment]
        elif self.fault == "lenient-setup":
            elv_state.ElvGame.state_from_json = _lenient  # type: ignore[method-assign]
        try:
            yield
        finally:
            elv_views.observation = ORIGINAL_OBSERVATION
            elv_state.place_awards = ORIGINAL_PLACES
            elv_state.ElvGame.state_from_json = ORIGINAL_FROM_JSON  # type: ignore[method-assign]

    def _wrap(self, call: Callable[..., Any], *args: Any) -> Any:
        with self._planted():
            return call(*args)

    def start(self, game: str, options: Any) -> None:
        self._wrap(super().start, game, options)

    def setup(self, state: Any) -> None:
        self._wrap(super().setup, state)

    def act(self, action: str) -> Any:
        return self._wrap(super().act, action)

    def legal(self) -> Any:
        return self._wrap(super().legal)

    def state(self) -> Any:
        return self._wrap(super().state)

    def observe(self, player: int) -> Any:
        return self._wrap(super().observe, player)


def test_a_leak_of_hidden_cards_is_caught() -> None:
    result = diff_games(ReferenceSubject(), Faulty("leak"), "elevenes", games=2, seed=1,
                        setups=0, shrink_seconds=20)
    assert result.divergent is not None
    found = result.divergent.shortest_difference
    assert found.what == "observation"
    assert found.path is not None and "kitchen" in found.path
    # the first kitchen is complete after the eight cards of seat 0's spread are dealt
    assert len(result.divergent.shortest) <= 8
    # and one deal from the position before it shows it too
    assert result.divergent.position_test is not None
    assert len(result.divergent.position_test.actions) == 1
    assert result.divergent.position_difference is not None
    assert result.divergent.position_difference.what == "observation"


def test_a_load_check_left_out_is_caught_on_a_suite_position(tmp_path: Path) -> None:
    position = suite_positions("elevenes", {})[0]
    wrong = dict(position.state, bowl=position.state.get("bowl", 25) - 1)
    result = diff_games(ReferenceSubject(), Faulty("lenient-setup"), "elevenes", games=1,
                        seed=0, setups=1.0, positions=[Position(position.options, wrong, "x")])
    assert result.divergent is not None
    assert result.divergent.shortest_difference.what == "setup"
    assert result.divergent.shortest_difference.actual == "accepted"
    # as a scenario: the reference passes it (the set-up must be refused)
    text = as_scenario(ReferenceSubject(), "elevenes", {}, result.divergent, seed=0)
    assert "setup_refused: true" in text
    scenario = tmp_path / "found.yaml"
    scenario.write_text(text, encoding="utf-8")
    assert main(["conform", str(scenario), "--profile", "all"]) == 0


def test_the_suite_positions_are_loaded_alike_and_named_by_their_suite_path() -> None:
    positions = suite_positions("elevenes", {})
    assert len(positions) > 50
    assert all(p.origin.startswith("conformance/elevenes/") for p in positions)
    result = diff_games(ReferenceSubject(), ReferenceSubject(), "elevenes", games=6, seed=4,
                        setups=1.0, max_actions=30)
    assert result.divergent is None
    assert result.set_up == 6


def test_refused_tries_do_not_count_towards_max_actions() -> None:
    result = diff_games(ReferenceSubject(), ReferenceSubject(), "elevenes", games=3, seed=2,
                        illegal=0.9, max_actions=40, setups=0)
    assert result.divergent is None
    assert result.moves == 3 * 40
    assert result.actions > 4 * result.moves  # most tries were refused
    assert result.cut_off == 3


def test_shrinking_keeps_to_its_time() -> None:
    result = diff_games(ReferenceSubject(), Faulty("leak"), "elevenes", games=3, seed=1,
                        setups=0, shrink_seconds=1e-6)
    assert result.divergent is not None
    assert result.games == 1  # no other game is played once the time is up
    assert result.divergent.replays <= 1  # the one action from the position before it
    assert result.divergent.shortest == result.divergent.actions
    assert result.divergent.shrink_seconds < 5


def test_the_cli_shows_the_position_and_writes_a_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "diff.html"
    monkeypatch.setenv("ELEVENES_FAULT", "leak")
    code = main(["diff", "--adapter", f"{sys.executable} {FAULTY}", "--game", "elevenes",
                 "--games", "2", "--seed", "1", "--setups", "0", "--no-progress",
                 "--html", str(page)])
    out = capsys.readouterr().out
    assert code == 1
    assert "observations differ" in out
    assert "the position before it (the reference's state document):" in out
    assert "the action: deal" in out
    assert "one action from the reference's position before it, set up, shows it too" in out
    assert "\n    observe: {" in out  # the scenario pins the observation
    assert "0 games cut off" in out
    text = page.read_text(encoding="utf-8")
    assert "<svg" in text and "The position before the action" in text


def test_reports_name_the_suite_files_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from elevenes.conformance import load_file
    from elevenes.paths import conformance_dir

    monkeypatch.chdir(tmp_path)  # as for an installed copy: the suite is not below the folder
    item = load_file(conformance_dir("elevenes") / "turn.yaml")[0]
    assert item.where.startswith("conformance/elevenes/turn.yaml:")
