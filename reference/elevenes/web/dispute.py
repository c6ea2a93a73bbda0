"""The dispute board: a position, the moves tried on it, and the reference's verdict on each.

A dispute is a scenario file (the format ``elevenes judge`` reads): ``setup`` is the position
(or none: the start of the game), each step one move tried; a refused move is kept with
``violation: RULE.ID``, so that ``elevenes judge`` on the downloaded file says whether the
reference still agrees.  Every check is the engine's: the state schema and
``state_from_json`` for a position, ``apply_action`` for a move.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import yaml

from ..conformance.verdicts import Readings, RulingVerdicts
from ..conformance.verdicts import try_move as tried_on
from ..core.api import Json, State
from ..core.errors import ElevenesError
from ..games import REGISTRY, game_ids, load_game

MAX_TEXT = 200_000


@attrs.define
class Move:
    action: str
    rule_id: str = ""
    message: str = ""
    lines: list[str] = attrs.field(factory=list)
    readings: list[RulingVerdicts] = attrs.field(factory=list)
    """The move under each reading of the rulings it touches (conformance/verdicts.py)."""

    @property
    def refused(self) -> bool:
        return bool(self.rule_id)


@attrs.define
class Dispute:
    name: str
    game: str
    options: Json = attrs.field(factory=dict)
    description: str = ""
    setup: Json | None = None
    moves: list[Move] = attrs.field(factory=list)

    def start(self) -> State:
        """The position the moves are tried on (checked as ``state_from_json`` checks it)."""
        game = load_game(self.game, options=self.options)
        if self.setup is None:
            return game.new_initial_state()
        return game.state_from_json(self.setup)

    def position(self) -> State:
        """The position after the accepted moves (the verdicts are recomputed: the file keeps
        only the moves)."""
        state = self.start()
        readings = Readings(self.game, state.game.options, self.setup)
        for move in self.moves:
            try:
                move.readings = readings.verdicts(state, move.action)
            except ElevenesError:  # the move is judged; its other readings cannot be shown
                move.readings = []
            verdict = try_move(state, move.action)
            move.rule_id, move.message, move.lines = (verdict.rule_id, verdict.message,
                                                      verdict.lines)
            readings.advance(move.action)
        return state

    def scenario(self) -> Json:
        doc: Json = {"id": self.name, "game": self.game}
        if self.options:
            doc["options"] = self.options
        if self.description:
            doc["description"] = self.description
        if self.setup is not None:
            doc["setup"] = self.setup
        steps: list[Json] = []
        for move in self.moves:
            step: Json = {"act": move.action}
            if move.refused:
                step["violation"] = move.rule_id
            steps.append(step)
        doc["steps"] = steps
        return doc

    def yaml_text(self) -> str:
        head = ("# A position and the moves tried on it; check it with: "
                f"elevenes judge {self.name}.yaml\n")
        return head + yaml.safe_dump(self.scenario(), sort_keys=False, allow_unicode=True,
                                     default_flow_style=None, width=100)


@contextmanager
def _named_alone(folder: str) -> Iterator[None]:
    """Messages about a file checked in a scratch folder name the file alone, as a user who
    typed it into the page knows it."""
    try:
        yield
    except ElevenesError as exc:
        text = str(exc)
        for prefix in _prefixes(folder):
            text = text.replace(prefix + "/", "")
        raise ElevenesError(text) from None


def try_move(state: State, text: str) -> Move:
    """Play ``text`` on ``state`` if the rules allow it (``state`` changes); else the refusal
    and the rule that forbids it (``state`` unchanged): the judge's own trial of a move."""
    tried = tried_on(state, text)
    return Move(tried.action, tried.rule_id, tried.message, lines=list(tried.lines))


def judge_page(made: Dispute) -> str:
    """The page ``elevenes judge FILE.yaml --html OUT`` writes of the dispute's scenario file."""
    import contextlib
    import io

    from ..conformance.cli_judge import Judge, write_html
    from ..conformance.loader import load_file
    from ..conformance.model import Scenario
    from ..rulebook.index import load_rulebook

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{made.name}.yaml"
        path.write_text(made.yaml_text(), encoding="utf-8")
        out = Path(folder) / f"{made.name}.html"
        scenarios = [i for i in load_file(path, require_id=False) if isinstance(i, Scenario)]
        rulebook = load_rulebook()
        judge = Judge(rulebook, io.StringIO())  # as the command judges: each move's readings
        for scenario in scenarios:
            judge.judge(scenario)
        with contextlib.redirect_stderr(io.StringIO()):  # its "wrote FILE" line
            write_html(str(out), str(path), scenarios, rulebook, None,
                       readings=judge.by_scenario)
        page = out.read_text(encoding="utf-8")
        for prefix in _prefixes(folder):  # the file is named alone, as the user knows it
            page = page.replace(prefix + "/", "")
        return page


def _prefixes(folder: str) -> list[str]:
    """The ways a report may name a scratch folder: resolved, relative to here, as given."""
    from ..conformance.loader import display_path

    return [str(Path(folder).resolve()), display_path(Path(folder)), folder]


def parse_json_text(text: str, what: str) -> Any:
    """JSON typed in a form, with the message a JSON file would get from the CLI."""
    from ..games.prompt import parse_json

    if len(text) > MAX_TEXT:
        raise ElevenesError(f"{what}: too long ({len(text)} characters)")
    return parse_json(text, what)


def check_setup(game_id: str, text: str) -> tuple[Json, Json]:
    """A position typed as a state document: its options and the document, checked against the
    game's state schema and by ``state_from_json`` (the CLI's checks and messages)."""
    from ..conformance.loader import read_state_file

    if game_id not in REGISTRY:
        raise ElevenesError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    parse_json_text(text, "position.json")  # a JSON error is told as JSON
    with tempfile.TemporaryDirectory() as folder, _named_alone(folder):
        path = Path(folder) / "position.json"
        path.write_text(text, encoding="utf-8")
        doc = read_state_file(path, game_id)
    if doc.get("game", game_id) != game_id:
        raise ElevenesError(f"position.json: the position is of {doc.get('game')!r}, "
                            f"not {game_id!r}")
    options = doc.get("options") if isinstance(doc.get("options"), dict) else {}
    load_game(game_id, options=options).state_from_json(doc)  # raises BadState with the rule
    return dict(options or {}), doc


def from_scenario_text(name: str, text: str) -> Dispute:
    """A dispute from a scenario file's text (its first scenario), checked by the suite's
    loader; its steps become the moves tried."""
    from ..conformance.loader import load_file
    from ..conformance.model import Scenario

    if len(text) > MAX_TEXT:
        raise ElevenesError(f"{name}.yaml: too long ({len(text)} characters)")
    with tempfile.TemporaryDirectory() as folder, _named_alone(folder):
        path = Path(folder) / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        items = load_file(path, require_id=False)
    scenarios = [item for item in items if isinstance(item, Scenario)]
    if not scenarios:
        raise ElevenesError(f"{name}.yaml: a perft file, not a scenario")
    scenario = scenarios[0]
    moves = [Move(action) for step in scenario.steps for action in step.actions]
    dispute = Dispute(name, scenario.game, dict(scenario.options), scenario.description.strip(),
                      scenario.setup, moves)
    dispute.position()  # the set-up checks, now
    return dispute


# -- placing cards by clicks: the game says where its cards lie (games/<game>/places.py) ------
def placing(game_id: str, typed: Any, cards: Any) -> tuple[list[Any], list[tuple[str, str, str]]]:
    """The places of a typed state document (key, label) and its cards, each with its token,
    label and the key of the place it lies in."""
    from ..games.places import cards as cards_in
    from ..games.places import places_of

    if not isinstance(typed, dict):
        return [], []
    module = places_of(game_id)
    places = module.places(typed)
    found = cards_in(typed, places)
    found.sort(key=lambda lying: (isinstance(lying.card, str), lying.card
                                  if isinstance(lying.card, int) else str(lying.card)))
    return ([(place.key, place.label) for place in places],
            [(lying.token, module.label(lying.card, cards), lying.place) for lying in found])


def place_card(game_id: str, doc: Json, token: str, to: str) -> Json:
    """``doc`` with the card at ``token`` moved to the place ``to`` (the game's ``places``),
    then settled as the game's format says (e.g. the phase the cards left to lay out imply)."""
    from ..games.places import move, places_of

    module = places_of(game_id)
    settled: Json = module.settle(move(doc, module.places(doc), token, to))
    return settled


def from_suite(name: str, scenario_id: str, items: Iterable[Any]) -> Dispute:
    """A dispute from a scenario of the shipped conformance suite (``items``), by its id."""
    from ..conformance.model import Scenario

    for item in items:
        if isinstance(item, Scenario) and item.id == scenario_id:
            moves = [Move(action) for step in item.steps for action in step.actions]
            dispute = Dispute(name, item.game, dict(item.options), item.description.strip(),
                              item.setup, moves)
            dispute.position()
            return dispute
    raise ElevenesError(f"the conformance suite has no scenario {scenario_id!r}")


def from_state(name: str, state: State) -> Dispute:
    """A dispute set up at a position (a saved game's)."""
    doc = state.to_json()
    return Dispute(name, state.game.id, dict(state.game.options), "", doc, [])


def from_state_text(name: str, text: str) -> Dispute:
    """A dispute from a saved game's (or any state document's) JSON text."""
    doc = parse_json_text(text, f"{name}.json")
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
        raise ElevenesError(f"{name}.json: not a saved game (it names no game)")
    doc.pop("saved_with", None)
    options, checked = check_setup(doc["game"], json.dumps(doc))
    return Dispute(name, doc["game"], options, "", checked, [])
