"""What every terminal game does at its prompt, and how it keeps an unfinished game.

``read_action`` reads a choice by number or by its action text and answers the commands
every game shares:

=================  ==========================================================================
``3``              the third choice of the list
``use``, ``USE``   an action, case-insensitive; a typo gets "did you mean"
``help`` / ``?``   what can be typed here
``hint``           a move to play: the greedy bot's, or what the game's own hint says
``card WORD``      a card's effect (WORD a number or part of its name), if the game has cards
``rules``          the game's rules, id and title; ``rules WORD`` shows rule WORD or searches
``log``            everything that happened so far (the front end's ``EventLog``)
``q``, Ctrl-D,     save the game and leave (all three do the same and say so); so do
Ctrl-C             SIGTERM and SIGHUP (a closed terminal, a stopped session), at the prompt
                   or during a hint
=================  ==========================================================================

A refused move is explained with the rule that forbids it.  A front end passes what it has:
a ``CardBook`` for ``card``, a glossary of its action words (shown with ``help``), its
``EventLog`` for ``log`` and its ``Screen``.

A game's front end (``games/<game>/terminal.py``) is built from these shared pieces; the
three shipped ones show the pattern::

    screen, book, log = Screen(out), CardBook(game.cards), EventLog()
    state = starting_state(game, args.saved)
    while not state.is_terminal():
        ...                                    # chance: sample_chance; bots: their choice
        screen.table(render(state, book))      # the game's own drawing of the table
        log.show_new(screen)                   # what happened since, above the choices
        screen.menu([(text, label(text)) ...]) # each choice with what it does
        action = read_action(state, actions, out, inp, help_text=..., cards=book,
                             glossary=..., log=log, screen=screen)
        if action is None:                     # q, Ctrl-D, Ctrl-C
            save_game(state, out, args.cards, screen)
            return 0
        before = state.to_json()               # or state.observation(viewer)
        state.apply_action(action)
        log.extend(describe(before, state.to_json(), text))  # games/<game>/events.py

Saving: ``save_game`` writes the canonical state with one more key, ``saved_with``, that
records the card file (path and SHA-256 of its text) and the options; it never overwrites a
file (``<game>-save.json``, then ``<game>-save-2.json``, ...).  ``read_saved`` and
``check_resume`` refuse the wrong game's save, a changed card file and options that
conflict with the saved ones.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import json
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO, TypeVar

import attrs

from ..core.api import Action, Game, State
from ..core.errors import BadOption, ElevenesError, IllegalAction
from ..core.schema import excerpt
from .cardbook import CardBook
from .events import EventLog
from .screen import Screen

SAVE_KEY = "saved_with"
COMMANDS = ("help", "hint", "card", "rules", "log", "quit")


# -- saved games ---------------------------------------------------------------------------------
def read_saved(path: str, game_id: str | None = None) -> dict[str, Any]:
    """A saved game: the canonical state JSON that ``save_game`` wrote (``saved_with`` kept
    in the returned dict).  ``game_id``: refuse another game's save with a clear message."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise ElevenesError(f"cannot read saved game {path}: {exc}") from None
    doc = parse_json(text, f"saved game {path}")
    if not isinstance(doc, dict):
        raise ElevenesError(f"cannot read saved game {path}: not a JSON object")
    saved_game = doc.get("game")
    if game_id is not None and saved_game != game_id:
        from . import game_ids

        if isinstance(saved_game, str) and saved_game in game_ids():
            raise ElevenesError(
                f"{path} is a saved game of {saved_game!r}, not {game_id!r}; continue it "
                f"with: elevenes play {saved_game} --resume {path}")
        if isinstance(saved_game, str):
            raise ElevenesError(f"{path} names the game {excerpt(saved_game)}, which is not "
                                f"one of {', '.join(game_ids())}")
        raise ElevenesError(f"{path} is not a saved game (it names no game)")
    return doc


def parse_json(text: str, what: str) -> Any:
    """``text`` as JSON, or an ElevenesError in one line: a syntax error with its place, a
    document nested too deeply, a number of more digits than Python reads."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ElevenesError(f"cannot read {what}: it is nested too deeply") from None
    except ValueError as exc:
        if "digits" in str(exc) and "int" in str(exc):
            raise ElevenesError(f"cannot read {what}: it holds a number of more than "
                                f"{sys.get_int_max_str_digits()} digits") from None
        raise ElevenesError(f"cannot read {what}: {exc}") from None


def card_file_record(path: str | None) -> dict[str, str] | None:
    """What a save keeps of a ``--cards`` file: its path and the SHA-256 of its text."""
    if path is None:
        return None
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ElevenesError(f"cannot read card file {path}: {exc}") from None
    return {"path": str(Path(path).resolve()), "sha256": hashlib.sha256(data).hexdigest()}


def check_resume(saved: Mapping[str, Any], path: str, options: Mapping[str, Any],
                 game_options: Callable[[Mapping[str, Any]], Mapping[str, Any]],
                 cards: str | None) -> tuple[dict[str, Any], str | None]:
    """The options and card file to resume ``saved`` (read from ``path``) with.

    ``options`` are those given on the command line; ``game_options`` resolves options as
    the game does (coercing text).  A given option that differs from the saved one is
    refused, so is a card file other than the saved one; without ``--cards`` the saved card
    file is used again, if it is unchanged."""
    meta = saved.get(SAVE_KEY)
    saved_options = saved.get("options")
    if not isinstance(saved_options, dict) and isinstance(meta, dict):
        saved_options = meta.get("options")  # a state document without its options
    saved_options = dict(saved_options) if isinstance(saved_options, dict) else {}
    if options:
        wanted = game_options({**saved_options, **options})
        kept = game_options(saved_options)
        clashes = [k for k in options if wanted.get(k) != kept.get(k)]
        if clashes:
            shown = ", ".join(f"{k}={kept.get(k)}" for k in clashes)
            raise BadOption(
                f"{path} was saved with {shown}; a saved game keeps its options (leave out "
                f"-o {' -o '.join(f'{k}={options[k]}' for k in clashes)}, or start a new game)")
    record = meta.get("cards") if isinstance(meta, dict) else None
    if cards is not None:
        given = card_file_record(cards)
        if record is None:
            raise ElevenesError(f"{path} was saved without a card file; resume it without "
                                "--cards")
        assert given is not None
        if given["sha256"] != record.get("sha256"):
            raise ElevenesError(f"{path} was saved with the card file {record.get('path')}; "
                                f"{cards} is different")
        return saved_options, cards
    if isinstance(record, dict):
        file = str(record.get("path"))
        now = card_file_record(file) if Path(file).is_file() else None
        if now is None:
            raise ElevenesError(f"{path} was saved with the card file {file}, which is gone")
        if now["sha256"] != record.get("sha256"):
            raise ElevenesError(f"{path} was saved with the card file {file}, which has "
                                "changed since; the saved game cannot go on with other cards")
        return saved_options, file
    return saved_options, None


def starting_state(game: Game, saved: dict[str, Any] | None) -> State:
    """A new game, or the saved one (``--resume``)."""
    if saved is None:
        return game.new_initial_state()
    return game.state_from_json({k: v for k, v in saved.items() if k != SAVE_KEY})


def free_save_path(game_id: str, folder: Path | None = None) -> Path:
    """``<game>-save.json`` in ``folder`` (default: the current one), or the first
    ``<game>-save-N.json`` that does not exist: a save never replaces another."""
    folder = folder or Path(".")
    path = folder / f"{game_id}-save.json"
    number = 2
    while path.exists():
        path = folder / f"{game_id}-save-{number}.json"
        number += 1
    return path


def saved_text(state: State, cards: str | None = None) -> str:
    """The text of a save: the canonical state plus the card file and options under
    ``saved_with`` (what ``read_saved`` and ``check_resume`` read back)."""
    doc = state.to_json()
    doc[SAVE_KEY] = {"cards": card_file_record(cards), "options": dict(state.game.options)}
    return json.dumps(doc, indent=1) + "\n"


def save_game(state: State, out: TextIO, cards: str | None = None,
              screen: Screen | None = None) -> Path:
    """Keep an unfinished game in a new file (see ``free_save_path``): the canonical state,
    plus the card file and options under ``saved_with``; tell the player how to go on."""
    path = free_save_path(state.game.id)
    path.write_text(saved_text(state, cards), encoding="utf-8")
    screen = screen or Screen(out)
    screen.say(f"Game saved to {path}; continue with: elevenes play {state.game.id} "
               f"--resume {path}", "good")
    return path


# -- rules and cards at the prompt ---------------------------------------------------------------
def cite(rule_id: str, out: TextIO, full: bool = False) -> None:
    """Name a rule by id and title (``full``: print its text too); an unknown id says so."""
    from ..rulebook.cli import plain_text
    from ..rulebook.index import load_rulebook

    try:
        rule = load_rulebook().get(rule_id.strip().upper())
    except ElevenesError as exc:
        print(f"  {exc}", file=out)
        return
    print(f"  {rule.id}: {rule.title}", file=out)
    if full:
        print(plain_text(rule.text, width=92, indent="    "), file=out)


def show_rules(words: list[str], game_id: str | None, out: TextIO) -> None:
    """``rules``: the game's rules by id and title; ``rules WORD...``: one rule by id, or the
    rules mentioning the words (the only one found is shown whole)."""
    from ..rulebook.index import load_rulebook

    rulebook = load_rulebook()
    if not words:
        for rule in rulebook:
            if (game_id is None or rule.game == game_id) and not rule.is_ruling:
                print(f"  {rule.id:<30} {rule.title}", file=out)
        print("  (rules WORD searches them; rules ID prints one)", file=out)
        return
    if len(words) == 1 and (words[0].upper() in rulebook or "." in words[0].strip(".")):
        cite(words[0], out, full=True)
        return
    found = rulebook.search(words, game=game_id if game_id in rulebook.games() else None)
    if not found and len(words) == 1 and words[0].isupper():
        cite(words[0], out)  # meant as an id: say it is unknown, with the closest ids
    elif not found:
        print(f"  No rule mentions {' '.join(words)!r}.", file=out)
    elif len(found) == 1:
        cite(found[0].id, out, full=True)
    else:
        for rule in found[:8]:
            print(f"  {rule.id:<30} {rule.title}", file=out)
        more = f" ({len(found) - 8} more)" if len(found) > 8 else ""
        print(f"  rules ID prints one of them{more}.", file=out)


def show_card(word: str, cards: CardBook, out: TextIO) -> None:
    """``card WORD``: the effect of the card named or numbered WORD."""
    number, close = cards.find(word)
    if number is None:
        hint = f" Did you mean {' or '.join(close)}?" if close else ""
        print(f"  No card {word!r}.{hint}", file=out)
        return
    print(f"  {cards.label(number)}", file=out)
    print(cards.effect(number, width=92, indent="    "), file=out)


def show_glossary(glossary: Mapping[str, str], screen: Screen, width: int = 96) -> None:
    """What the action words on offer mean, one wrapped line each (under a choice prompt)."""
    from ..rulebook.cli import fill

    for word, meaning in glossary.items():
        text = fill(f"{word}: {meaning}", width, "  ")
        screen.say(text.replace("\n  ", "\n      "), "dim")


GREEDY_HINT = "the greedy bot's move"  # what `hint` gives unless the game says otherwise


def compose_help(intro: str, cards: CardBook | None, glossary: Mapping[str, str] | None,
                 hint_help: str = GREEDY_HINT) -> str:
    lines = [intro]
    if glossary:
        lines.append("Action words:")
        lines.extend(f"  {word:<12} {meaning}" for word, meaning in glossary.items())
    lines.append(f"Also: `hint` ({hint_help}), "
                 + ("`card N` or `card NAME` (what a card does), " if cards else "")
                 + "`rules` / `rules WORD` (the rulebook), `log` (what happened), "
                 "`q`, Ctrl-D or Ctrl-C (save and quit).")
    return "\n".join(lines)


# -- reading a move ------------------------------------------------------------------------------
class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP while a move is read: the player leaves as with Ctrl-C (saved)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


LEAVING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                        if hasattr(signal, name))


@contextlib.contextmanager
def leave_on_signals() -> Iterator[None]:
    """While a move is read (or a hint thought over), SIGTERM and SIGHUP raise ``Stopped``,
    so the game is saved as on Ctrl-C; the handlers found are put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only
        return

    def stop(signum: int, frame: object) -> None:
        raise Stopped(signal.Signals(signum).name)

    previous = {sig: signal.signal(sig, stop) for sig in LEAVING_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def leaving_text(exc: KeyboardInterrupt) -> str:
    if isinstance(exc, Stopped):
        return (f"\n{exc.name}: leaving (as Ctrl-C, Ctrl-D and q do: the game is saved).")
    return "\nCtrl-C: leaving (Ctrl-D and q do the same: the game is saved)."


def read_action(
    state: State,
    actions: list[Action],
    out: TextIO,
    inp: TextIO,
    help_text: str,
    hint: Callable[[State], Action | str] | None = None,
    normalise: Callable[[str], str] = str.strip,
    cards: CardBook | None = None,
    glossary: Mapping[str, str] | None = None,
    log: EventLog | None = None,
    screen: Screen | None = None,
    known: Sequence[str] = (),
    hint_help: str = GREEDY_HINT,
) -> Action | None:
    """Ask until the player gives a legal action (returned) or leaves (None: `q`, the end
    of the input, Ctrl-C, SIGTERM or SIGHUP; the caller saves).  A refused move is shown
    with the rule that forbids it; a typo with the closest actions, commands or ``known``
    action words."""
    screen = screen or Screen(out)
    try:
        with leave_on_signals():
            return _read_action(state, actions, out, inp, help_text, hint, normalise, cards,
                                glossary, log, screen, known, hint_help)
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM or SIGHUP: at the prompt or in a hint
        screen.say(leaving_text(exc), "hint")
        return None


def _read_action(
    state: State,
    actions: list[Action],
    out: TextIO,
    inp: TextIO,
    help_text: str,
    hint: Callable[[State], Action | str] | None,
    normalise: Callable[[str], str],
    cards: CardBook | None,
    glossary: Mapping[str, str] | None,
    log: EventLog | None,
    screen: Screen,
    known: Sequence[str],
    hint_help: str,
) -> Action | None:
    intro = help_text
    while True:
        screen.ask()
        line = inp.readline()
        if not line:
            screen.say("\nEnd of input (Ctrl-D): leaving (Ctrl-C and q do the same: the game "
                       "is saved).", "hint")
            return None
        text = line.strip()
        if not text:
            continue
        words = text.split()
        command = words[0].lower()
        if command in ("q", "quit", "exit"):
            screen.say("Leaving (Ctrl-D and Ctrl-C do the same: the game is saved).", "hint")
            return None
        if command in ("?", "help", "h"):
            screen.say(compose_help(intro, cards, glossary, hint_help))
            continue
        if command == "hint" and hint is not None:
            given = hint(state)  # a move to suggest, or the game's own text
            screen.say(given if isinstance(given, str)
                       else f"The greedy bot would play: {state.action_to_string(given)}", "hint")
            continue
        if command in ("rules", "rule"):
            show_rules(words[1:], state.game.id, out)
            continue
        if command in ("card", "cards") and cards is not None:
            if len(words) > 1:
                show_card(" ".join(words[1:]), cards, out)
            else:
                screen.say("Cards: " + ", ".join(cards.label(n) for n in sorted(cards.names))
                           + ". Type card N or card NAME for one.")
            continue
        if command == "log" and log is not None:
            log.show_all(screen)
            continue
        if text.isdigit():
            if 1 <= int(text) <= len(actions):
                return actions[int(text) - 1]
            screen.say(f"There is no choice {text}: pick 1 to {len(actions)}.", "refusal")
            continue
        chosen = typed_action(state, actions, text, normalise, known)
        if not isinstance(chosen, Refusal):
            return chosen
        screen.say(f"Refused: {chosen.refused.message} [{chosen.refused.rule_id}]", "refusal")
        if chosen.close:
            screen.say(f"  Did you mean: {' or '.join(chosen.close)}?", "hint")
        elif chosen.unknown:
            screen.say("  Type a number from the list, or ? for help.", "hint")
        else:
            cite(chosen.refused.rule_id, out)


@attrs.frozen
class Refusal:
    """A typed move refused: why (``refused``: the message and the rule), and, when the text
    names no action at all (a ``*.ACTIONS`` rule), the closest actions or words (``close``)."""

    refused: IllegalAction
    close: tuple[str, ...] = ()

    @property
    def unknown(self) -> bool:
        return self.refused.rule_id.endswith(".ACTIONS")


def typed_action(state: State, actions: list[Action], text: str,
                 normalise: Callable[[str], str] = str.strip,
                 known: Sequence[str] = ()) -> Action | Refusal:
    """The legal action a typed ``text`` means, whatever its case and with the game's
    shortcuts (``normalise``); else why it is refused and, for a text that names no action,
    what it may have meant.  The terminal's prompt and the web table both read moves so."""
    chosen = _parse(state, actions, text, normalise)
    if not isinstance(chosen, IllegalAction):
        return chosen
    close: tuple[str, ...] = ()
    if chosen.rule_id.endswith(".ACTIONS"):
        close = tuple(_close(text, [state.action_to_string(a) for a in actions], known))
    return Refusal(chosen, close)


def _parse(state: State, actions: list[Action], text: str,
           normalise: Callable[[str], str]) -> Action | IllegalAction:
    """The legal action ``text`` means, whatever its case; else why it is refused."""
    legal = {state.action_to_string(a).lower(): a for a in actions}
    variants = [normalise(text), normalise(text.lower()), normalise(text.upper())]
    for variant in variants:
        if variant.lower() in legal:
            return legal[variant.lower()]
    first: IllegalAction | None = None
    for variant in variants:
        try:
            action = state.string_to_action(variant)
        except IllegalAction as exc:
            first = first or exc
            continue
        if action in actions:
            return action
        return state.explain_illegal(action)
    assert first is not None
    return first


def _close(text: str, strings: list[str], known: Sequence[str] = ()) -> list[str]:
    """The actions, commands or action words closest to a mistyped ``text``."""
    low = text.lower()
    pool = {s.lower(): s for s in [*known, *COMMANDS, *strings]}
    close = difflib.get_close_matches(low, list(pool), n=3, cutoff=0.6)
    if not close:  # a mistyped first word: match on it and keep the rest
        head = low.split()[0]
        words = {s.split()[0] for s in pool}
        for word in difflib.get_close_matches(head, list(words), n=1, cutoff=0.6):
            close = [s for s in pool if s.split()[0] == word][:3]
    return [pool[c] for c in close]


BotT = TypeVar("BotT")


def bots_for_seats(spec: str, seats: int, bots: Mapping[str, BotT]) -> list[BotT]:
    """``--bot NAME`` (every seat) or ``--bot A,B,...`` (one per seat) as the bots to seat."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise BadOption(f"--bot takes one bot or {seats} (one per seat), not {len(names)}")
    unknown = [n for n in names if n not in bots]
    if unknown:
        raise BadOption(f"unknown bot {unknown[0]!r}; bots: {', '.join(sorted(bots))}")
    return [bots[n] for n in names]
