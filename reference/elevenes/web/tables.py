"""Each game at the web table, in the words of its terminal front end.

The web layer decides nothing about a game: the question asked, what each choice does, the
lines of the event log, the hint and the final result all come from the game's own
``games/<game>/terminal.py`` and ``events.py`` (the same words a terminal player reads).
This module only picks the right function of each game and plays the seats that are not the
human's (seat 0): chance with a seeded generator, the others with the greedy bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from ..core.api import Action, Json, State
from ..games.cardbook import CardBook
from ..games.prompt import Refusal

HUMAN = 0
Line = tuple[str, str]
"""One line of the event log and its style (event, chance, good, heading)."""


@attrs.frozen
class Hint:
    """A suggested move, with why (``values``: the exact chance to win of each move)."""

    action: str
    source: str
    chance: str = ""
    values: tuple[tuple[str, str, bool], ...] = ()


def book_of(state: State) -> CardBook:
    return CardBook(getattr(state.game, "cards", None))


def view(state: State) -> Json:
    """What the human may see: the whole state in a solo game, her observation otherwise."""
    if state.game.num_players() == 1:
        return state.to_json()
    return state.observation(HUMAN)


# -- the question and the choices ---------------------------------------------------------------
def heading(state: State) -> str:
    game = state.game.id
    if game == "elevenes-for-one":
        from ..games.elevenes_for_one.terminal import prompt_for

        return prompt_for(state, book_of(state))  # type: ignore[arg-type]
    if game == "elevenes":
        from ..games.elevenes.state import EFFECT, REVEALING, SECOND
        from ..games.elevenes.terminal import card_name

        phase = state.phase  # type: ignore[attr-defined]
        if phase == EFFECT and state.stack:  # type: ignore[attr-defined]
            card = state.stack[-1].card  # type: ignore[attr-defined]
            return f"{card_name(card, book_of(state))} asks you to choose:"
        if phase == REVEALING:
            return "Reveal your Special Guest now, or keep it hidden?"
        if phase == SECOND:
            return "You may arrange a second card, or pass to end your turn."
        return "Your turn: play a card from your kitchen, or arrange one face down."
    if game == "111":
        from ..games.one_eleven.terminal import question

        return question(state.observation(HUMAN))
    return "Bowl the top card of a pile at one to three pins, or end the ball."


def note(state: State) -> tuple[str, str]:
    """The card being decided on and its effect, when there is one (the terminal's note, its
    lines joined again: the page wraps them)."""
    game = state.game.id
    if game == "elevenes-for-one":
        from ..games.elevenes_for_one.terminal import effect_note

        lines = effect_note(state, book_of(state)).splitlines()  # type: ignore[arg-type]
        if not lines:
            return "", ""
        return lines[0].strip().rstrip(":"), " ".join(line.strip() for line in lines[1:])
    if game == "elevenes":
        from ..games.elevenes.notation import NUMBERS
        from ..games.elevenes.state import EFFECT
        from ..games.elevenes.terminal import card_name

        if state.phase == EFFECT and state.stack:  # type: ignore[attr-defined]
            card = state.stack[-1].card  # type: ignore[attr-defined]
            book = book_of(state)
            if card >= 1000:  # a Special Guest's effect (state.GUEST_FRAME)
                return card_name(card, book), ""
            text = book.effect(card % NUMBERS + 1, width=10_000, indent="")
            return card_name(card, book), " ".join(text.split())
    return "", ""


def glossary(state: State, texts: list[str]) -> dict[str, str]:
    """What the action words on offer mean."""
    game = state.game.id
    if game == "elevenes-for-one":
        from ..games.elevenes_for_one.events import glossary_for

        return glossary_for(texts)
    if game == "elevenes":
        from ..games.elevenes.events import glossary_for as elv_glossary

        return elv_glossary(texts)
    if game == "111":
        from ..games.one_eleven.terminal import GLOSSARY

        words = {t.split()[0] for t in texts} | {t for t in texts if t in GLOSSARY}
        return {k: v for k, v in GLOSSARY.items() if k in words}
    from ..games.bowling_solitaire.events import GLOSSARY as BOWL

    return dict(BOWL)


def choices(state: State) -> list[tuple[str, str]]:
    """Every legal action of the human, as its text and what it does."""
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    game = state.game.id
    book = book_of(state)
    if game == "elevenes-for-one":
        from ..games.elevenes_for_one.events import menu_label

        doc = state.to_json()
        compact = len(texts) > 12
        return [(t, menu_label(doc, t, book, compact)) for t in texts]
    if game == "elevenes":
        from ..games.elevenes.events import menu_label as elv_label

        phase = state.phase  # type: ignore[attr-defined]
        return [(t, elv_label(phase, t, book)) for t in texts]
    if game == "111":
        from ..games.one_eleven.terminal import label

        return [(t, label(t)) for t in texts]
    from ..games.bowling_solitaire.events import menu_label as bowl_label

    doc = state.to_json()
    return [(t, bowl_label(doc, t)) for t in texts]


TERMINALS = {
    "elevenes-for-one": "elevenes.games.elevenes_for_one.terminal",
    "elevenes": "elevenes.games.elevenes.terminal",
    "bowling-solitaire": "elevenes.games.bowling_solitaire.terminal",
    "111": "elevenes.games.one_eleven.terminal",
}


def terminal(state: State) -> Any:
    """The game's terminal front end (``games/<game>/terminal.py``)."""
    import importlib

    return importlib.import_module(TERMINALS[state.game.id])


def forced(state: State) -> Action | None:
    """A question the terminal does not put to the human (its ``nothing_to_decide``)."""
    answer: Action | None = terminal(state).nothing_to_decide(state)
    return answer


def typed(state: State, text: str) -> Action | Refusal:
    """A typed move read as the terminal's prompt reads it (its ``typed``): any case, the
    game's shortcuts, and "did you mean" for a text that names no action."""
    chosen: Action | Refusal = terminal(state).typed(state, text)
    return chosen


# -- playing a move and saying what it did ---------------------------------------------------
def play(state: State, action: Action) -> list[Line]:
    """Apply ``action`` (anyone's, chance included) and return the log lines the human reads."""
    game = state.game.id
    book = book_of(state)
    text = state.action_to_string(action)
    if game == "elevenes-for-one":
        from ..games.elevenes_for_one.events import describe, laid_out
        from ..games.elevenes_for_one.game import DEAL

        if state.is_chance_node():
            state.apply_action(action)
            if state.phase != DEAL:  # type: ignore[attr-defined]
                return [(laid_out(state.to_json(), book), "chance")]
            return []
        before = state.to_json()
        state.apply_action(action)
        return [(line, "event") for line in describe(before, state.to_json(), text, book)]
    if game == "bowling-solitaire":
        from ..games.bowling_solitaire.events import describe as bowl_describe

        before = state.to_json()
        state.apply_action(action)
        return [(line, "event") for line in bowl_describe(before, state.to_json(), text)]
    if game == "111":
        return _play_111(state, action, text)
    if game == "elevenes":
        return _play_elevenes(state, action, book)
    kind = "chance" if state.is_chance_node() else "event"
    state.apply_action(action)  # a game without words of its own for a move: the move itself
    return [(text, kind)]


def _play_111(state: State, action: Action, text: str) -> list[Line]:
    from ..games.one_eleven.events import describe as one_describe
    from ..games.one_eleven.terminal import action_line, chance_line

    lines: list[Line] = []
    turn = state.turn  # type: ignore[attr-defined]
    chance = state.is_chance_node()
    one: Any = state
    line = chance_line(one, text, HUMAN) if chance else action_line(one, text, HUMAN)
    before = view(state)
    state.apply_action(action)
    if line is not None:
        lines.append((line, "chance" if chance else "event"))
    lines.extend(("    " + t, "good") for t in one_describe(before, view(state), text, HUMAN))
    if state.turn != turn and not state.is_terminal():  # type: ignore[attr-defined]
        from ..games.one_eleven.events import seat_name

        coins = ", ".join(f"{seat_name(p, HUMAN)} {c}"
                          for p, c in enumerate(state.coins))  # type: ignore[attr-defined]
        lines.append((f"-- turn {state.turn}: "  # type: ignore[attr-defined]
                      f"{seat_name(state.active, HUMAN)} ({coins} coins) --",  # type: ignore[attr-defined]
                      "heading"))
    return lines  # the result of a finished game is the page's "Game over" (finish)


def _play_elevenes(state: State, action: Action, book: CardBook) -> list[Line]:
    from ..games.elevenes.events import changes, fired_lines
    from ..games.elevenes.state import DEALING, GUESTS
    from ..games.elevenes.terminal import dealt, describe, results, seen_text

    lines: list[Line] = []
    elv: Any = state
    dealing = elv.phase in (DEALING, GUESTS)
    line = describe(elv, action, HUMAN, book)
    before = None if dealing else view(state)
    seen_before = len(state.observation(HUMAN)["seen"])
    round_before = elv.round
    state.apply_action(action)
    if line is not None:
        lines.append((line, "chance" if dealing else "event"))
    lines.extend(("    " + t, "event") for t in fired_lines(elv.fired, HUMAN, book))
    if dealing and elv.phase not in (DEALING, GUESTS):
        lines.append((dealt(view(state), HUMAN, book), "chance"))
    if before is not None and elv.round == round_before and not state.is_terminal():
        lines.extend(("    " + t, "event") for t in changes(before, view(state), HUMAN, book))
        seen = state.observation(HUMAN)["seen"]
        lines.extend(("    you see: " + seen_text(entry, HUMAN), "event")
                     for entry in seen[seen_before:])
    if elv.round != round_before and not state.is_terminal():  # a finished game's result is
        # the page's finish; the cubes the round's end effects moved are told (before)
        lines.extend((t, "good") for t in results(elv, HUMAN, before).splitlines())
        lines.append((f"== Round {elv.round} ==", "heading"))
    return lines


def finish(state: State) -> str:
    game = state.game.id
    if game == "elevenes-for-one":
        from ..games.elevenes_for_one.terminal import finish_text

        return finish_text(state)  # type: ignore[arg-type]
    if game == "bowling-solitaire":
        from ..games.bowling_solitaire.terminal import finish_text as bowl_finish

        return bowl_finish(state)  # type: ignore[arg-type]
    if game == "111":
        from ..games.one_eleven.terminal import results

        return results(state, HUMAN)  # type: ignore[arg-type]
    from ..games.elevenes.terminal import results as elv_results

    return elv_results(state, HUMAN)  # type: ignore[arg-type]


def text_table(state: State) -> str:
    """The terminal's drawing of the table (shown where no picture can be drawn)."""
    game = state.game.id
    if game == "elevenes-for-one":
        from ..games.elevenes_for_one.terminal import render

        return render(state, book_of(state))  # type: ignore[arg-type]
    if game == "bowling-solitaire":
        from ..games.bowling_solitaire.terminal import render as bowl_render

        return bowl_render(state)  # type: ignore[arg-type]
    if game == "111":
        from ..games.one_eleven.terminal import render as one_render

        return one_render(state.observation(HUMAN), HUMAN)
    from ..games.elevenes.terminal import render as elv_render

    return elv_render(state.observation(HUMAN), book_of(state))


# -- the other seats, and hints -----------------------------------------------------------------
TABLE_BOT = "greedy"
"""The bot at the seats other than the human's: ``elevenes serve --bot NAME``."""


def bot(state: State, name: str | None = None) -> Callable[[State, random.Random], Action]:
    """The game's bot ``name`` (default ``TABLE_BOT``, which plays the seats other than the
    human's; the greedy bot where the game has no bot of that name)."""
    module = {
        "elevenes-for-one": "elevenes.games.elevenes_for_one.bots",
        "elevenes": "elevenes.games.elevenes.bots",
        "bowling-solitaire": "elevenes.games.bowling_solitaire.bots",
        "111": "elevenes.games.one_eleven.bots",
    }[state.game.id]
    import importlib

    bots = importlib.import_module(module).BOTS
    wanted = name or TABLE_BOT
    player: Callable[[State, random.Random], Action] = (
        bots[wanted] if wanted in bots else bots["greedy"])
    return player


def hint(state: State) -> Hint:
    """Elevenes for One: the exact solver's best move and its chance to win (from the shipped
    values); the other games: the greedy bot's move."""
    if state.game.id == "elevenes-for-one" and not state.is_chance_node():
        # the terminal's hint: shipped or cached values, a variant's bounded in time
        from ..core.solve import SolverError
        from ..games.elevenes_for_one.hints import move_values, percent, ranked
        from ..games.elevenes_for_one.terminal import HINT_SECONDS

        try:
            values = move_values(state, ("win",), time_limit=HINT_SECONDS)  # type: ignore[arg-type]
        except SolverError as exc:
            action = bot(state, "greedy")(state, random.Random(len(state.history)))
            return Hint(state.action_to_string(action), f"the greedy bot (no exact hint: {exc})")
        moves = ranked(state, values["win"])  # type: ignore[arg-type]
        best = moves[0][1]
        rows = tuple((text, percent(value), value == best) for text, value in moves)
        return Hint(moves[0][0], "the exact solver (best chance to win)", percent(best), rows)
    action = bot(state, "greedy")(state, random.Random(len(state.history)))
    return Hint(state.action_to_string(action), "the greedy bot")
