"""The reference table of a game's card words, generated from its vocabulary (vocab.py), so
that the words the docs describe are the words the checker accepts and the compiler binds.

docs/_ext/vocabulary_tables.py puts it into docs/language.md at each line
``<!-- vocabulary GAME -->``; ``python -m elevenes.dsl.reference GAME`` prints it.
"""

from __future__ import annotations

import sys

from .vocab import Verb, Vocabulary, vocabulary_for

KINDS = {
    "card": "a card",
    "player": "a player (`me`, a name bound by `choose player`, or a player the game names "
              "such as `left`)",
    "zone": "a zone",
    "int": "a number from 0",
    "signed": "a whole number, below 0 too",
    "dir": "`left` or `right`",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    return f"`{text}`" if text else ""


def verb_arguments(verb: Verb, v: Vocabulary) -> str:
    """The arguments of a verb as written out, in words."""
    words: list[str] = []
    for index, kind in enumerate(verb.params):
        if kind == "card" and index == 0 and verb.has_target():
            where = " or ".join(f"`{z}`" for z in verb.cards_from)
            words.append(f"its target: a card{' of ' + where if where else ''}")
        elif kind == "zone" and verb.zones:
            words.append("the zone " + " or ".join(f"`{z}`" for z in verb.zones))
        elif kind in KINDS:
            words.append(KINDS[kind])
        else:
            words.append(f"the word `{kind}`")
    return "; ".join(words) or "none"


def after_arrow(verb: Verb) -> str:
    if verb.chosen is None:
        return "cannot follow `->`"
    count = "any number of cards" if verb.chosen == 0 else (
        "1 card" if verb.chosen == 1 else f"exactly {verb.chosen} cards")
    return f"{count} (action word `{verb.word}`)"


def _first(words: dict[str, str] | tuple[str, ...], default: str = "") -> str:
    return next(iter(words), default)


def _zone_example(v: Vocabulary, zone: str) -> str:
    return f"{zone}(me)" if v.zones.get(zone) else zone


def reference_markdown(game: str) -> str:
    """Markdown tables of every word of ``game``'s vocabulary: what it is, its arguments,
    what it does and an example."""
    v = vocabulary_for(game)
    low, high = v.card_numbers
    test = _first(v.tests, "")
    lines: list[str] = [
        f"Cards are numbered {low} to {high}. "
        + ("Cards may choose players (`choose player`, `each player`). " if v.players
           else "Cards cannot choose players. ")
        + ("A file may define Special Guests. " if v.guests else "A file cannot define guests. ")
        + ("The rules look at `requires`." if v.requires else "The rules never look at "
           "`requires` (`E122`)."),
        "",
        "| word | kind | arguments | what it does | example |",
        "|---|---|---|---|---|",
    ]

    def row(word: str, kind: str, arguments: str, doc: str, example: str) -> None:
        lines.append(f"| `{word}` | {kind} | {_cell(arguments)} | {_cell(doc)} | "
                     f"{_cell(_code(example))} |")

    for event, doc in v.events.items():
        row(event, "event", "none", doc, f"on {event} {{ ... }}")
    for event, doc in v.guest_events.items():  # a Special Guest's effects
        row(event, "guest event", "none", doc,
            f'guest 1 "X" wants 2, 3, 4 {{ on {event} {{ ... }} }}')
    for zone, owned in v.zones.items():
        pickable = v.choose_from is None or zone in v.choose_from
        doc = "cards of a player" if owned else "cards of the table"
        if not pickable:
            doc += "; counted and tested, never chosen from (`E125`)"
        row(zone, "zone", "its owner, a player" if owned else "none", doc,
            f"count(in {_zone_example(v, zone)})")
    for name, doc in v.filters.items():
        where = v.filter_zones.get(name, ())
        zone = where[0] if where else _first(v.choose_from or tuple(v.zones))
        extra = f" (holds only in {', '.join(f'`{z}`' for z in where)})" if where else ""
        row(name, "filter", "none", doc + extra, f"any({name} in {_zone_example(v, zone)})")
    for name, doc in v.traits.items():
        zone = _first(v.choose_from or tuple(v.zones))
        row(name, "trait", "none", doc + "; also a filter",
            f"count({name} in {_zone_example(v, zone)})")
    for name, doc in v.refs.items():
        named = v.ref_zones.get(name)
        row(name, "card reference", "none",
            doc + (f" (a card of `{named}`)" if named else ""),
            f"{test}({name})" if test else name)
    for name, doc in v.tests.items():
        row(name, "test", "a card", doc, f"if {name}(self) {{ ... }}")
    for name, doc in v.values.items():
        row(name, "value", "none", doc, f"if {name} >= 2 {{ ... }}")
    for name, grant in v.grants.items():
        lying = (" (cards in " + " or ".join(f"`{z}`" for z in grant.zones) + ")"
                 if grant.zones else "")
        lifts = f"; lifts {grant.lifts}" if grant.lifts else ""
        row(name, "grant", "a set of cards" + lying + ", then a condition", grant.doc + lifts,
            grant.example or f"grant {name} in {_zone_example(v, _first(tuple(v.zones)))} "
            f"while {test}(self)")
    for name, doc in v.player_refs.items():
        row(name, "player", "none", doc + "; the owner of a zone or a verb's player, not a "
            "chooser (`by`)", f"count(in {_zone_example(v, _first(tuple(v.zones)))})".replace(
                "(me)", f"({name})"))
    if v.positions:
        row_zone = v.positions[0]
        row("after", "place", "a number (1 if left out), then a card reference",
            f"the card that many places after the card in the {row_zone} row (none past "
            "its end)", "flip_down 2 after self")
        row("before", "place", "a number (1 if left out), then a card reference",
            f"the card that many places before the card in the {row_zone} row",
            "flip_down before self")
        row("card", "place", "a number, `of`, a row (" + ", ".join(f"`{z}`" for z in v.positions)
            + ")", "the card at that place of the row, counted from 1",
            f"send_to_end card 2 of {row_zone}")
    if v.pass_row:
        row("ahead", "place", "a number (1 if left out), then `ahead`",
            f"the card that many places along the {v.pass_row} row from the place of the pass: "
            "`ahead` the card the pass reaches next (none past the row's end)",
            "flip_down ahead")
        row("ahead", "filter", "none (a keyword of the language)",
            f"the card lies in the {v.pass_row} row where the pass has still to reach it",
            f"choose exactly 2 face_up ahead in {v.pass_row} except self -> swap")
    for name, verb in v.verbs.items():
        row(name, "verb", f"{verb_arguments(verb, v)}; after `->`: {after_arrow(verb)}",
            verb.doc, verb.example)
    if v.needed:
        lines += ["", "Some card in force must use "
                  + ", ".join(f"`{verb}` ({why})" for verb, why in v.needed.items())
                  + ": otherwise `E127`."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    for game in args:
        sys.stdout.write(reference_markdown(game))
    return 0


if __name__ == "__main__":
    sys.exit(main())
