"""The ``elevenes serve`` application: Starlette routes rendering Jinja2 templates.

Every page is drawn on the server; the only script is the vendored htmx (a hint fetched on
request, the card checker run as one types, an analysis's progress polled).  The routes only
call the engine, the checker, the rulebook index and the renderer: no rule of any game is
written here.  Every error a user can cause is an ``ElevenesError`` shown as a one-line
message on an error page (status 400), as the CLI prints it; anything else is a bug, shown
as one line too (status 500), never a traceback.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..core.api import State
from ..core.errors import ElevenesError
from ..core.play import sample_chance
from ..games import REGISTRY, game_ids, load_game
from ..games.prompt import Refusal
from ..render.page import markdown
from ..rulebook.index import RULE_ID, Rule, load_rulebook
from . import cards as card_work
from . import dispute as disputes
from . import tables
from .draw import picture
from .store import Log, Store, safe_name, version, write_whole

HERE = Path(__file__).resolve().parent
GAME_TITLES = {"elevenes-for-one": "Elevenes for One", "elevenes": "Elevenes",
               "bowling-solitaire": "Bowling Solitaire", "111": "111, The Game"}
MAX_FORM = 300_000
STARTER_CARDS = """# A variant: Sugar costs six minutes, not two (see docs/language.md).
game elevenes-for-one
card 4 "Slow Sugar" rule EFO.CARD.SUGAR {
  on use, score {
    cost 6
  }
}
"""


# -- rule text as HTML -------------------------------------------------------------------------
def docs_anchor(rule_id: str) -> str:
    """The HTML id Sphinx gives the rule's MyST label (lower case, hyphens)."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


def rule_html(text: str) -> Markup:
    """A rule's MyST text as HTML (paragraphs, lists, tables, code), each rule id named in
    its words a link to its page.  MyST roles (``{ref}`words <ID>```) are read as the
    terminal reads them (``words (ID)``)."""
    from ..rulebook.cli import _ROLE

    def role(found: re.Match[str]) -> str:
        shown, target = found.group(1).strip(), (found.group(2) or "").strip()
        return f"{shown} ({target})" if shown and target else shown or target

    drawn = markdown().render(_ROLE.sub(role, text.strip()))
    parts, inside_link = [], False
    for piece in re.split(r"(<[^>]*>)", drawn):  # link the ids in the text, not in tags
        if piece.startswith("<"):
            inside_link = piece.startswith("<a ") or (inside_link and piece != "</a>")
            parts.append(piece)
        elif inside_link:
            parts.append(piece)
        else:
            parts.append(RULE_ID.sub(lambda m: f'<a href="/rules/{m.group(0)}">{m.group(0)}'
                                               "</a>", piece))
    return Markup('<div class="rule-text">' + "".join(parts) + "</div>")


def rulings_about(rule_id: str) -> list[Rule]:
    """The rulings the rule's text names, then the rulings whose text names the rule."""
    book = load_rulebook()
    if rule_id not in book:
        return []
    named = [m.group(0) for m in RULE_ID.finditer(book.get(rule_id).text)]
    cited = [book.get(i) for i in dict.fromkeys(named) if i in book and i != rule_id and
             book.get(i).is_ruling]
    citing = [r for r in book if r.is_ruling and r.id != rule_id and r not in cited and
              re.search(rf"(?<![A-Z0-9.]){re.escape(rule_id)}(?![A-Z0-9-])", r.text)]
    return cited + citing


def readable_json(doc: dict[str, Any]) -> str:
    """A state document to edit: one top-level field a line."""
    fields = [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
              for key, value in doc.items()]
    return "{\n" + ",\n".join(fields) + "\n}"


def whole_number(text: str, what: str, lowest: int | None = None) -> int:
    """A whole number typed in a form (ASCII digits, at most 18), or a one-line refusal."""
    if not re.fullmatch(r"-?[0-9]{1,18}", text) or (lowest is not None and int(text) < lowest):
        shown = text if len(text) <= 30 else text[:29] + "…"
        above = f" of at least {lowest}" if lowest is not None else ""
        raise ElevenesError(f"{what}: a whole number{above}, not {shown!r}")
    return int(text)


def scenario_id(text: str) -> str:
    """The ``id`` of a scenario file's text, if it has one (the file is checked later)."""
    try:
        doc = yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError):
        return ""
    found = doc.get("id") if isinstance(doc, dict) else None
    return found if isinstance(found, str) else ""


@lru_cache(maxsize=1)
def suite_items() -> tuple[Any, ...]:
    """The shipped conformance suite's scenarios and perft checks, read once."""
    from ..conformance.loader import load_suite

    return tuple(load_suite().items)


@lru_cache(maxsize=1)
def scenarios_citing() -> dict[str, list[str]]:
    """rule id -> the shipped scenarios that cite it (as ``elevenes rules show`` lists them)."""
    cited: dict[str, list[str]] = {}
    for item in suite_items():
        for rule_id in item.cited_rules():
            cited.setdefault(rule_id, []).append(item.id)
    return {rule_id: sorted(ids) for rule_id, ids in cited.items()}


MAX_FIGURES = 12


def scenario_figures(ids: list[str], book: Any) -> str:
    """The figures of the shipped scenarios ``ids`` (escaped by render.page)."""
    from ..conformance.model import Scenario
    from ..render.page import CSS, figure, inline_image, play

    wanted = set(ids)
    parts = [f"<style>{CSS}</style>"]
    for item in suite_items():
        if isinstance(item, Scenario) and item.id in wanted:
            parts.append(figure(play(item), inline_image, book, lambda rid: f"/rules/{rid}"))
    return "".join(parts)


def game_fields(game_id: str) -> dict[str, Any]:
    """What the new-game form offers for a game, read from the game's own options: the number
    of players (when it has that option: its range and default) and the other options."""
    specs = {spec.name: spec for spec in load_game(game_id).option_specs}
    players = specs.pop("players", None)
    others = [f"{spec.name}={str(spec.default).lower() if spec.kind is bool else spec.default}"
              for spec in specs.values()]
    return {"game": game_id, "players": players, "others": others}


def reading_views(move: disputes.Move, book: Any) -> list[dict[str, Any]]:
    """A move's verdict under each reading of the rulings it touches, as the dispute board
    shows them: one row per reading (its label, the verdict in words) and the position it
    leaves, drawn (conformance/verdicts.py decides; nothing is decided here)."""
    views = []
    for ruling in move.readings:
        rows = []
        for verdict in ruling.verdicts:
            tried = verdict.tried
            drawn = picture(tried.after, whole=True) if tried and tried.after else None
            rows.append({"letter": verdict.letter, "label": verdict.label(),
                         "decided": verdict.decided, "in_force": verdict.in_force,
                         "text": verdict.describe(),
                         "refused": tried is None or tried.refused, "picture": drawn})
        views.append({"ruling": ruling.ruling, "rule": book.rules.get(ruling.ruling),
                      "differ": ruling.differ, "rows": rows})
    return views


class Timing:
    """ASGI middleware: each response says how long the app took to make it
    (``Server-Timing: app;dur=MS``), for benchmarks/bench_web.py."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def timed(message: Any) -> None:
            if message["type"] == "http.response.start":
                spent = (time.perf_counter() - started) * 1000
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"],
                                      (b"server-timing", f"app;dur={spent:.1f}".encode())]
            await send(message)

        await self.app(scope, receive, timed)


class Web:
    """The application's state: the data folder and the templates."""

    def __init__(self, data: Path, docs: Path | None = None) -> None:
        self.store = Store(data)
        self.docs = docs if docs is not None and (docs / "index.html").is_file() else None
        self.env = Environment(loader=PackageLoader("elevenes.web", "templates"),
                               autoescape=select_autoescape(["html"]))
        self.env.globals.update(titles=GAME_TITLES, rule_html=rule_html,
                                docs_link=self.docs_link)

    def docs_link(self, rule: Rule) -> str:
        """The rule in the illustrated rulebook (the built documentation), else its page here."""
        if self.docs is not None and (self.docs / "games" / f"{rule.game}.html").is_file():
            return f"/docs/games/{rule.game}.html#{docs_anchor(rule.id)}"
        return f"/rules/{rule.id}"

    def page(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        return HTMLResponse(self.env.get_template(template).render(**context),
                            status_code=status)

    # -- errors ------------------------------------------------------------------------------
    async def user_error(self, request: Request, exc: Exception) -> Response:
        return self.page("error.html", 400, message=str(exc).splitlines()[0] if str(exc) else
                         type(exc).__name__, detail=str(exc).splitlines()[1:])

    async def not_found(self, request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        message = "no such page" if status == 404 else str(getattr(exc, "detail", exc))
        return self.page("error.html", status, message=message, detail=[])

    async def bug(self, request: Request, exc: Exception) -> Response:
        return self.page("error.html", 500, detail=[],
                         message=f"internal error: {type(exc).__name__}: {exc} (a bug in "
                                 "elevenes)")

    # -- forms -------------------------------------------------------------------------------
    async def form(self, request: Request) -> dict[str, str]:
        """The submitted fields as text (an uploaded file's text for a file field)."""
        length = int(request.headers.get("content-length") or 0)
        if length > MAX_FORM:
            raise ElevenesError(f"the form is too large ({length} bytes)")
        fields: dict[str, str] = {}
        async with request.form() as form:
            for key, value in form.multi_items():
                if isinstance(value, UploadFile):
                    data = await value.read()
                    if data:
                        try:
                            fields[key] = data.decode("utf-8")
                        except UnicodeDecodeError:
                            raise ElevenesError(f"{value.filename}: not a UTF-8 text file") \
                                from None
                else:
                    fields[key] = value
        return fields

    # -- home and games ------------------------------------------------------------------------
    async def home(self, request: Request) -> Response:
        chosen = request.query_params.get("game", "elevenes-for-one")
        chosen = chosen if chosen in REGISTRY else "elevenes-for-one"
        return self.page("home.html", games=self.store.games(), ids=game_ids(), chosen=chosen,
                         fields=game_fields(chosen), card_files=self.store.card_files())

    async def new_game_fields(self, request: Request) -> Response:
        """The fields of the new-game form for one game (fetched when the game is chosen)."""
        game_id = request.query_params.get("game", "")
        if game_id not in REGISTRY:
            raise ElevenesError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
        return self.page("game_fields.html", fields=game_fields(game_id))

    async def new_game(self, request: Request) -> Response:
        form = await self.form(request)
        game_id = form.get("game", "")
        if game_id not in REGISTRY:
            raise ElevenesError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
        from ..games.cli import parse_options

        options: dict[str, Any] = parse_options(form.get("options", "").split())  # as -o
        if form.get("players"):
            options["players"] = form["players"]
        cards = None
        if form.get("cards"):
            cards = str(self.store.card_path(form["cards"]))
            if not Path(cards).is_file():
                raise ElevenesError(f"no card file named {form['cards']!r}")
        game = load_game(game_id, options=options, cards=cards)
        seed_text = form.get("seed", "").strip()
        seed = (whole_number(seed_text, "seed") if seed_text
                else random.SystemRandom().randrange(10**9))
        path = self.store.new_game_path(game_id)
        state = game.new_initial_state()
        log = Log(seed=seed)
        self.advance(state, log)
        self.store.save(path, state, cards, log)
        return RedirectResponse(f"/game/{path.stem}", status_code=303)

    def advance(self, state: State, log: Log) -> None:
        """Play chance and the bots' seats until the human has a decision or the game ends."""
        while not state.is_terminal():
            rng = random.Random(f"{log.seed}:{log.draws}")
            if state.is_chance_node():
                action = sample_chance(state, rng)
            elif state.current_player() != tables.HUMAN:
                action = tables.bot(state)(state, rng)
            else:
                forced = tables.forced(state)
                if forced is None:
                    return
                action = forced
            log.draws += 1
            log.lines.extend(tables.play(state, action))

    def playing(self, name: str) -> tuple[State, str | None]:
        """A saved game brought to the human's decision: a save written elsewhere (by the
        terminal, at a shuffle or a bot's seat) is played on as the table would, and kept.
        The caller holds the game's lock."""
        state, cards = self.store.load(name)
        if not state.is_terminal():
            log = self.store.read_log(name)
            draws = log.draws
            self.advance(state, log)
            if log.draws != draws:
                self.store.save(self.store.game_path(name), state, cards, log)
        return state, cards

    def current(self, name: str) -> tuple[State, str | None]:
        """``playing`` under the game's lock."""
        with self.store.lock(name):
            return self.playing(name)

    async def show_game(self, request: Request) -> Response:
        name = request.path_params["name"]
        return await run_in_threadpool(self.game_page, name)

    def game_page(self, name: str, refusal: Refusal | None = None, tried: str = "",
                  moved_on: bool = False) -> Response:
        with self.store.lock(name):
            state, cards = self.playing(name)
            log = self.store.read_log(name)
        rule = None
        if refusal is not None:
            book = load_rulebook()
            rule = book.rules.get(refusal.refused.rule_id)
        texts = [t for t, _ in tables.choices(state)] if not state.is_terminal() else []
        status = 409 if moved_on else 200 if refusal is None else 422
        return self.page(
            "game.html", status=status, name=name, state=state,
            picture=picture(state, cards=cards), log=log.lines, cards=cards,
            version=version(state, log), moved_on=moved_on,
            heading="" if state.is_terminal() else tables.heading(state),
            note=("", "") if state.is_terminal() else tables.note(state),
            choices=[] if state.is_terminal() else tables.choices(state),
            glossary=tables.glossary(state, texts) if texts else {},
            finish=tables.finish(state) if state.is_terminal() else "",
            refusal=refusal.refused if refusal is not None else None,
            close=refusal.close if refusal is not None else (),
            rule=rule, tried=tried, save_path=self.store.game_path(name),
            rulings=rulings_about(refusal.refused.rule_id) if refusal is not None else [])

    async def act(self, request: Request) -> Response:
        name = request.path_params["name"]
        form = await self.form(request)
        return await run_in_threadpool(self.play_move, name, form.get("action", "").strip(),
                                       form.get("version", ""))

    def play_move(self, name: str, text: str, drawn_from: str) -> Response:
        """Play the move ``text`` chosen on a page drawn from the position ``drawn_from``
        (its version): refused, with the page of the current position, if the game has
        moved on since; one move at a time on each game (the game's lock)."""
        with self.store.lock(name):
            state, cards = self.playing(name)
            log = self.store.read_log(name)
            if state.is_terminal():
                raise ElevenesError("the game is over: start a new one")
            if not text:
                raise ElevenesError("no move given: choose one of the list or type one")
            if drawn_from != version(state, log):
                refused: Refusal | None = None
            else:
                chosen = tables.typed(state, text)
                if isinstance(chosen, Refusal):
                    refused = chosen
                else:
                    mine = f"you: {state.action_to_string(chosen)}"
                    log.lines.append((mine, "you"))  # the game's own line of it is not repeated
                    log.lines.extend(line for line in tables.play(state, chosen)
                                     if line[0] != mine)
                    self.advance(state, log)
                    self.store.save(self.store.game_path(name), state, cards, log)
                    return RedirectResponse(f"/game/{name}", status_code=303)
        if refused is None:
            return self.game_page(name, moved_on=True)
        return self.game_page(name, refused, text)

    async def hint(self, request: Request) -> Response:
        state, _ = await run_in_threadpool(self.current, request.path_params["name"])
        if state.is_terminal():
            return HTMLResponse("<p>The game is over.</p>")
        # the solver may think for a while: off the event loop, so other pages still answer
        return self.page("hint.html", hint=await run_in_threadpool(tables.hint, state))

    async def download_game(self, request: Request) -> Response:
        path = self.store.game_path(request.path_params["name"])
        return Response(path.read_text(encoding="utf-8"), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{path.name}"'})

    # -- the rulebook ------------------------------------------------------------------------
    async def rules(self, request: Request) -> Response:
        book = load_rulebook()
        query = request.query_params.get("q", "").strip()[:200]
        game = request.query_params.get("game", "") or None
        if game is not None and game not in book.games():
            raise ElevenesError(f"the rulebook has no chapter for game {game!r}; it has: "
                                f"{', '.join(book.games())}")
        terms: list[str] = []
        if query:
            found = book.search(query.split(), game=game)
            from ..rulebook.index import _WORD  # the words the search looks for

            terms = list(dict.fromkeys(w.lower() for w in _WORD.findall(query)))
        else:
            found = [r for r in book if game is None or r.game == game]
        rows = []
        for r in found[:300]:  # each rule with the words it does not mention
            words = f"{r.id}\n{r.title}\n{r.text}".lower()
            rows.append((r, [t for t in terms if t not in words]))
        every = sum(1 for r in found if all(t in f"{r.id}\n{r.title}\n{r.text}".lower()
                                              for t in terms))
        return self.page("rules.html", query=query, game=game or "", found=found, rows=rows,
                         terms=terms, every=every, games=book.games())

    async def rule(self, request: Request) -> Response:
        book = load_rulebook()
        rule_id = request.path_params["rule_id"]
        rule = book.get(rule_id.upper() if rule_id.upper() in book else rule_id)
        return self.page("rule.html", rule=rule, rulings=rulings_about(rule.id),
                         scenarios=scenarios_citing().get(rule.id, []))

    async def rule_scenarios(self, request: Request) -> Response:
        """The shipped scenarios that check a rule, drawn as in the illustrated rulebook
        (render.page: the position, the moves, the verdicts); fetched after the rule's page."""
        book = load_rulebook()
        rule = book.get(request.path_params["rule_id"])
        ids = scenarios_citing().get(rule.id, [])[:MAX_FIGURES]
        drawn = await run_in_threadpool(scenario_figures, ids, book)
        more = len(scenarios_citing().get(rule.id, [])) - len(ids)
        return self.page("figures.html", figures=Markup(drawn), more=more)

    # -- the dispute board -------------------------------------------------------------------
    async def dispute_list(self, request: Request) -> Response:
        return self.page("disputes.html", disputes=self.store.disputes(), ids=game_ids(),
                         games=self.store.games())

    def new_dispute_name(self, stem: str) -> str:
        stem = re.sub(r"[^A-Za-z0-9-]+", "-", stem).strip("-")[:40] or "dispute"
        name, number = stem, 2
        while self.store.dispute_path(name).exists():
            name, number = f"{stem}-{number}", number + 1
        return name

    async def new_dispute(self, request: Request) -> Response:
        form = await self.form(request)
        source = form.get("from", "")
        stem = form.get("name", "") or source
        if source == "scenario":  # named as the scenario is, when it has an id
            stem = scenario_id(form.get("file") or form.get("text", "")) or stem
        elif source == "suite":
            stem = form.get("id", "") or stem
        elif source == "start":
            stem = form.get("game", "") or stem
        elif source == "saved":
            stem = form.get("game_name", "") or stem
        name = self.new_dispute_name(stem or "dispute")
        if source == "start":
            game_id = form.get("game", "")
            if game_id not in REGISTRY:
                raise ElevenesError(f"unknown game {game_id!r}; known games: "
                                    f"{', '.join(game_ids())}")
            state = load_game(game_id).new_initial_state()
            made = disputes.Dispute(name, game_id, {}, "", state.to_json())
        elif source == "scenario":
            text = form.get("file") or form.get("text", "")
            if not text.strip():
                raise ElevenesError("no scenario given: paste its YAML or choose a file")
            made = disputes.from_scenario_text(name, text)
        elif source == "suite":  # a scenario of the shipped conformance suite
            made = disputes.from_suite(name, form.get("id", ""), suite_items())
        elif source == "saved":
            state, _ = self.store.load(form.get("game_name", ""))
            made = disputes.from_state(name, state)
        elif source == "state":
            text = form.get("file") or form.get("text", "")
            if not text.strip():
                raise ElevenesError("no saved game given: paste its JSON or choose a file")
            made = disputes.from_state_text(name, text)
        else:
            raise ElevenesError(f"unknown way to start a dispute: {source!r}")
        self.save_dispute(made)
        return RedirectResponse(f"/dispute/{name}", status_code=303)

    def save_dispute(self, made: disputes.Dispute) -> None:
        write_whole(self.store.dispute_path(made.name), made.yaml_text())

    def load_dispute(self, name: str) -> disputes.Dispute:
        path = self.store.dispute_path(name)
        if not path.is_file():
            raise ElevenesError(f"no dispute named {name!r}")
        return disputes.from_scenario_text(name, path.read_text(encoding="utf-8"))

    async def show_dispute(self, request: Request) -> Response:
        return self.dispute_page(self.load_dispute(request.path_params["name"]),
                                 placing=request.query_params.get("placing") == "1")

    def dispute_page(self, made: disputes.Dispute, setup_text: str | None = None,
                     problem: str = "", status: int = 200, placing: bool = False) -> Response:
        state = made.position()
        book = load_rulebook()
        verdicts = []
        for move in made.moves:
            rule = book.rules.get(move.rule_id) if move.refused else None
            verdicts.append((move, rule, rulings_about(move.rule_id) if move.refused else [],
                             reading_views(move, book)))
        if setup_text is None:
            setup_text = readable_json(made.setup if made.setup is not None else
                                       made.start().to_json())
        legal = [] if state.is_terminal() else state.legal_action_strings()
        try:  # the cards of the typed position, each with the places to click it to
            typed = json.loads(setup_text)
        except (ValueError, RecursionError):
            typed = {}
        places, lying = disputes.placing(made.game, typed,
                                         getattr(made.start().game, "cards", None))
        accepted = any(not move.refused for move in made.moves)
        return self.page("dispute.html", status, made=made, state=state, accepted=accepted,
                         picture=picture(state, whole=True),
                         setup_text=setup_text, problem=problem, verdicts=verdicts,
                         legal=legal[:60], more=max(0, len(legal) - 60), lying=lying,
                         places=places, placing=placing or bool(problem))

    async def dispute_setup(self, request: Request) -> Response:
        made = self.load_dispute(request.path_params["name"])
        form = await self.form(request)
        text = form.get("setup", "")
        game_id = form.get("game", made.game)
        made.description = form.get("description", made.description).strip()[:2000]
        clicked = form.get("place", "")
        try:
            if clicked:  # a card clicked into a place: the typed position, changed
                token, _, place = clicked.partition("@")
                doc = disputes.parse_json_text(text, "position.json")
                if not isinstance(doc, dict):
                    raise ElevenesError("position.json: expected a state document (an object)")
                moved = readable_json(disputes.place_card(game_id, doc, token, place))
                try:
                    options, doc = disputes.check_setup(game_id, moved)
                except ElevenesError as exc:  # refused: the position before the click stays,
                    self.save_dispute(made)   # so the markers agree with the picture
                    return self.dispute_page(
                        made, text, f"that click was not kept: {str(exc).splitlines()[0]}",
                        422, placing=True)
            else:
                options, doc = disputes.check_setup(game_id, text)
        except ElevenesError as exc:
            self.save_dispute(made)  # the description typed is kept
            return self.dispute_page(made, text, str(exc).splitlines()[0], 422,
                                     placing=bool(clicked))
        made.game, made.options, made.setup, made.moves = game_id, options, doc, []
        self.save_dispute(made)
        where = "?placing=1#placing" if clicked else ""
        return RedirectResponse(f"/dispute/{made.name}{where}", status_code=303)

    async def dispute_describe(self, request: Request) -> Response:
        """What is disputed, kept as it is typed (whatever is clicked next)."""
        made = self.load_dispute(request.path_params["name"])
        form = await self.form(request)
        if "description" in form:
            made.description = form["description"].strip()[:2000]
            self.save_dispute(made)
        return Response(status_code=204)

    async def dispute_try(self, request: Request) -> Response:
        made = self.load_dispute(request.path_params["name"])
        form = await self.form(request)
        text = form.get("action", "").strip()
        if not text:
            raise ElevenesError("no move given: choose one of the list or type one")
        if "description" in form:  # what is disputed, as typed before trying the move
            made.description = form["description"].strip()[:2000]
        made.moves.append(disputes.Move(text[:200]))
        made.position()
        self.save_dispute(made)
        if request.headers.get("HX-Request"):  # sent with the description by htmx: go there
            return Response(headers={  # a new address: a page reload, not a jump in it
                "HX-Redirect": f"/dispute/{made.name}?moves={len(made.moves)}#verdict"})
        return RedirectResponse(f"/dispute/{made.name}#verdict", status_code=303)

    async def dispute_undo(self, request: Request) -> Response:
        made = self.load_dispute(request.path_params["name"])
        if made.moves:
            made.moves.pop()
            self.save_dispute(made)
        return RedirectResponse(f"/dispute/{made.name}", status_code=303)

    async def dispute_yaml(self, request: Request) -> Response:
        made = self.load_dispute(request.path_params["name"])
        return PlainTextResponse(made.yaml_text(), media_type="application/yaml", headers={
            "Content-Disposition": f'attachment; filename="{made.name}.yaml"'})

    async def dispute_html(self, request: Request) -> Response:
        """The dispute as ``elevenes judge FILE --html OUT`` writes it: positions drawn."""
        made = self.load_dispute(request.path_params["name"])
        page = await run_in_threadpool(disputes.judge_page, made)
        return HTMLResponse(page, headers={
            "Content-Disposition": f'attachment; filename="{made.name}.html"'})

    # -- the card editor ----------------------------------------------------------------------
    async def cards_page(self, request: Request) -> Response:
        name = request.query_params.get("name", "")
        text = ""
        listing = None
        if name:
            path = self.store.card_path(name)
            if not path.is_file():
                raise ElevenesError(f"no card file named {name!r}")
            text = path.read_text(encoding="utf-8")
            listing = card_work.check_text(self.draft_path(name), text)
        else:
            text = STARTER_CARDS
        return self.page("cards.html", name=name or "my-cards", text=text, listing=listing,
                         files=self.store.card_files(), jobs=list(card_work.JOBS.values()))

    def draft_path(self, name: str) -> Path:
        folder = self.store.root / "drafts"
        folder.mkdir(exist_ok=True)
        return folder / f"{safe_name(name, 'card file')}.cards"

    async def cards_check(self, request: Request) -> Response:
        form = await self.form(request)
        name = form.get("name", "").strip() or "my-cards"
        if "text" not in form:  # a request that carries no text never blanks the draft
            raise ElevenesError("nothing to check: the form carries no card file text")
        listing = card_work.check_text(self.draft_path(name), form["text"])
        return self.page("listing.html", listing=listing, name=name)

    async def cards_save(self, request: Request) -> Response:
        form = await self.form(request)
        name = form.get("name", "").strip()
        if "text" not in form:  # a request that carries no text never blanks the file
            raise ElevenesError("nothing to save: the form carries no card file text")
        text = form["text"]
        path = self.store.card_path(name)
        listing = card_work.check_text(self.draft_path(name), text)
        write_whole(path, text)
        what = form.get("then", "save")
        if what == "save" or not listing.ok:
            if not listing.ok and what != "save":
                raise ElevenesError(f"{name}.cards has {listing.problems} problem(s); fix them "
                                    "first (they are shown at their lines in the editor)")
            return RedirectResponse(f"/cards?name={name}", status_code=303)
        game_id = card_work.game_of(path)
        if what == "play":
            game = load_game(game_id, cards=str(path))
            state = game.new_initial_state()
            log = Log(seed=random.SystemRandom().randrange(10**9))
            self.advance(state, log)
            target = self.store.new_game_path(game_id)
            self.store.save(target, state, str(path), log)
            return RedirectResponse(f"/game/{target.stem}", status_code=303)
        games = whole_number(form.get("games", "200").strip(), "games", lowest=1)
        job = card_work.start_analysis(game_id, path, games)
        return RedirectResponse(f"/jobs/{job.id}", status_code=303)

    async def job_page(self, request: Request) -> Response:
        job = card_work.JOBS.get(request.path_params["job"])
        if job is None:
            raise ElevenesError("no such analysis (they are kept until the server stops)")
        template = "job_progress.html" if request.headers.get("HX-Request") else "job.html"
        return self.page(template, job=job)


async def favicon(request: Request) -> Response:
    """The site's icon (browsers ask for /favicon.ico whatever the page says)."""
    return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml",
                        headers={"Cache-Control": "max-age=86400"})


def create_app(data: Path, docs: Path | None = None, warm: bool = False) -> Starlette:
    """The application over the data folder ``data``; ``docs``: a built documentation site
    to link rules to; ``warm``: read the conformance suite at once in the background (the
    rule pages list the scenarios citing each rule) rather than on the first rule page."""
    web = Web(data, docs)
    if warm:
        threading.Thread(target=scenarios_citing, daemon=True).start()
    routes = [
        Route("/", web.home),
        Route("/games", web.new_game, methods=["POST"]),
        Route("/games/fields", web.new_game_fields),
        Route("/game/{name}.json", web.download_game),
        Route("/game/{name}", web.show_game),
        Route("/game/{name}/act", web.act, methods=["POST"]),
        Route("/game/{name}/hint", web.hint),
        Route("/rules", web.rules),
        Route("/rules/{rule_id}", web.rule),
        Route("/rules/{rule_id}/scenarios", web.rule_scenarios),
        Route("/disputes", web.dispute_list),
        Route("/disputes", web.new_dispute, methods=["POST"]),
        Route("/dispute/{name}.yaml", web.dispute_yaml),
        Route("/dispute/{name}.html", web.dispute_html),
        Route("/dispute/{name}", web.show_dispute),
        Route("/dispute/{name}/setup", web.dispute_setup, methods=["POST"]),
        Route("/dispute/{name}/try", web.dispute_try, methods=["POST"]),
        Route("/dispute/{name}/describe", web.dispute_describe, methods=["POST"]),
        Route("/dispute/{name}/undo", web.dispute_undo, methods=["POST"]),
        Route("/cards", web.cards_page),
        Route("/cards/check", web.cards_check, methods=["POST"]),
        Route("/cards/save", web.cards_save, methods=["POST"]),
        Route("/jobs/{job}", web.job_page),
        Route("/favicon.ico", favicon),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    if web.docs is not None:
        routes.append(Mount("/docs", StaticFiles(directory=web.docs, html=True), name="docs"))
    return Starlette(routes=routes, middleware=[Middleware(Timing)], exception_handlers={
        ElevenesError: web.user_error, HTTPException: web.not_found, 404: web.not_found,
        405: web.not_found, Exception: web.bug})
