"""Every diagnostic code has a broken card file under broken/ that produces exactly it.

Each file is named after its code and says on its first line what is wrong with it; the
table below pins the code, the line, the column and (where the checker gives one) the hint.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elevenes.dsl import diagnostics
from elevenes.dsl.diagnostics import CODES, CardFileError, Diagnostic, suggest
from elevenes.dsl.load import check_file

BROKEN = Path(__file__).parent / "broken"

# file -> (code, line, column, hint or None when the checker gives none)
EXPECTED: dict[str, tuple[str, int, int, str | None]] = {
    "E100-missing-in.cards": ("E100", 6, 29, "expected `ahead`, `in`, a name, a number"),
    "E100-unclosed-brace.cards": ("E100", 8, 1, "expected `grant`, `on`, `requires`, `trait`, `}`"),
    "E100-unexpected-character.cards": ("E100", 6, 11, None),
    "E100-number-too-large.cards": ("E100", 6, 18, "numbers have at most 9 digits"),
    "E101-unknown-game.cards": ("E101", 2, 6, "did you mean `elevenes-for-one`?"),
    "E101-no-game.cards": ("E101", 1, 1, "start it with: game elevenes-for-one"),
    "E102-unknown-event.cards": ("E102", 5, 6, "did you mean `use`? cards of elevenes-for-one "
                                 "know: `use`, `score`, `discard`, `flipped`, "
                                 "`laid_out`"),
    "E103-unknown-zone.cards": ("E103", 6, 25, "did you mean `pantry`?"),
    "E104-unknown-filter.cards": ("E104", 6, 14, "did you mean `face_up`?"),
    "E104-unknown-exception.cards": ("E104", 6, 39, "did you mean `self`?"),
    "E105-unknown-trait.cards": ("E105", 5, 22, "did you mean `undiscardable`?"),
    "E106-unknown-verb.cards": ("E106", 6, 5, "did you mean `flip_down`?"),
    "E107-missing-argument.cards": ("E107", 6, 5, "usage: cost int"),
    "E107-not-a-number.cards": ("E107", 6, 10, "usage: cost int"),
    "E107-random-draws-one.cards": ("E107", 6, 5, None),
    "E108-unknown-card-reference.cards": ("E108", 6, 15, "did you mean `next`?"),
    "E109-duplicate-card.cards": ("E109", 8, 6, "first defined at line 4"),
    "E110-card-number-out-of-range.cards": ("E110", 4, 6, None),
    "E111-chosen-cards-do-not-fit.cards": ("E111", 6, 47, "write: choose exactly 2 ... -> swap"),
    "E111-verb-cannot-follow-arrow.cards": ("E111", 6, 27, None),
    "E112-zone-has-no-owner.cards": ("E112", 6, 25, "write `pantry`"),
    "E113-choose-player.cards": ("E113", 6, 5, None),
    "E114-event-handled-twice.cards": ("E114", 8, 13, "first at line 5"),
    "E115-unknown-value.cards": ("E115", 6, 8, "did you mean `minutes`?"),
    "E115-unknown-test.cards": ("E115", 6, 8, "did you mean `face_up`?"),
    "E116-unknown-grant.cards": ("E116", 5, 3, "elevenes-for-one has no grants"),
    "E117-name-bound-twice.cards": ("E117", 7, 5, "pick another name"),
    "E117-name-is-a-reference.cards": ("E117", 6, 5, "pick another name"),
    "E118-empty-may.cards": ("E118", 6, 5, None),
    "E118-repeat-zero.cards": ("E118", 6, 5, None),
    "E119-guest-in-solo-game.cards": ("E119", 4, 7, None),
    "E120-unknown-rule-id.cards": ("E120", 4, 29, "did you mean `EFO.CARD.SUGAR`?"),
    "E121-not-utf8.cards": ("E121", 2, 23, "save the file as UTF-8"),
    "E122-value-read-in-play.cards": (
        "E122", 4, 22, "a number read in play can set what a use or score costs: "
        "cost (count(face_down in pantry))",
    ),
    "E122-requires-in-solo-game.cards": (
        "E122", 5, 12, "the card would be played as if the line were not there; remove it",
    ),
    "E123-reshuffle-discard.cards": ("E123", 6, 15, "`reshuffle` acts on `pantry`"),
    "E124-return-from-pantry.cards": (
        "E124", 6, 31, "`return_after_self` acts on cards in `discard`",
    ),
    "E126-face-up-in-discard.cards": ("E126", 6, 20, "`face_up` holds only in `pantry`"),
    "E128-repeat-acts-once.cards": (
        "E128", 6, 5,
        "drop the repeat, or choose the cards inside it: repeat up to 2 { choose 1 ... -> "
        "flip_down }",
    ),
    "E129-lone-set-aside.cards": (
        "E129", 7, 5,
        "let every player set_aside: each player as q { choose 1 in ... by q -> set_aside }",
    ),
    "W130-value-left-out.cards": (
        "W130", 4, 6, 'write: card 6 "Fine China" value 2 ..., or value 0 to mean it',
    ),
    "E131-place-in-elevenes.cards": (
        "E131", 6, 15, "name the card: a reference or a name bound with `as`",
    ),
    "E132-cube-to-herself.cards": (
        "E132", 6, 20, "name another player: left, right, or one chosen with "
        "`choose player except me as p`",
    ),
    "E133-give-to-herself.cards": (
        "E133", 6, 40, "name another player (left, right, or one chosen with `choose player "
        "except me as p`), or choose in another player's kitchen",
    ),
    "E140-self-in-guest.cards": (
        "E140", 6, 43, "name the cards the effect acts on: choose them, or name their zone",
    ),
    "E141-end-round-at-its-end.cards": (
        "E141", 6, 5, "what it does (it is eleven o'clock: the round ends) has already "
        "happened when `end_of_round` does",
    ),
    "E142-flipped-never-happens.cards": (
        "E142", 8, 6, "only cards of positions 2-9 are turned face down "
        "(ELV.RULING.TEA-POSITIONS); Elevenses lies in the centre",
    ),
    "E150-ahead-in-elevenes.cards": (
        "E150", 6, 22, "name the cards otherwise: a zone, a filter, a reference",
    ),
    "E151-ahead-in-discard.cards": (
        "E151", 6, 14, "the pass walks `pantry`: write `ahead in pantry`",
    ),
    "E152-where-names-no-player.cards": (
        "E152", 6, 30, "name the chosen player's zone: where any(... in ZONE(p))",
    ),
    "E153-take-from-own-kitchen.cards": (
        "E153", 6, 50, "choose in another player's kitchen: kitchen(left), kitchen(right), or "
        "one chosen with `choose player except me as p`",
    ),
    "E127-no-card-ends-the-round.cards": (
        "E127", 4, 6,
        "card 11 replaces Elevenses, the card that did; keep `end_round` at the top of some "
        "card's effect, outside any `if`, `may` or `repeat`",
    ),
    "E125-choice-in-trolley.cards": (
        "E125", 6, 17,
        "choose from `pantry` or `discard`; look at `trolley` with count(in trolley) or "
        "any(in trolley)",
    ),
}


def test_every_code_has_a_broken_file() -> None:
    covered = {name.split("-")[0] for name in EXPECTED}
    assert covered == set(CODES)


def test_every_broken_file_is_in_the_table() -> None:
    assert sorted(p.name for p in BROKEN.glob("*.cards")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_first_line_says_what_is_wrong(name: str) -> None:
    first = (BROKEN / name).read_bytes().split(b"\n", 1)[0].decode("utf-8")
    code = name.split("-")[0]
    assert first.startswith(f"# {code}: ")
    assert len(first) > len(f"# {code}: ") + 10


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_gives_its_diagnostic(name: str) -> None:
    code, line, column, hint = EXPECTED[name]
    path = BROKEN / name
    tree, found = check_file(path, warnings=True)
    assert [(d.code, d.line, d.column) for d in found] == [(code, line, column)]
    assert found[0].severity == ("warning" if code.startswith("W") else "error")
    if code.startswith("W"):  # a warning does not stop the file from loading
        assert check_file(path)[1] == []
    diagnostic = found[0]
    assert diagnostic.path == str(path)
    assert diagnostic.message
    if hint is None:
        assert diagnostic.hint == ""
    else:
        assert diagnostic.hint == hint


def test_diagnostic_text_form() -> None:
    plain = Diagnostic("my.cards", 3, 7, "E103", "unknown zone `pantri`")
    assert str(plain) == "my.cards:3:7: E103 unknown zone `pantri`"
    hinted = Diagnostic("my.cards", 3, 7, "E103", "unknown zone `pantri`", "did you mean `pantry`?")
    assert str(hinted) == (
        "my.cards:3:7: E103 unknown zone `pantri`\n    hint: did you mean `pantry`?"
    )


def test_card_file_error_lists_every_diagnostic() -> None:
    error = CardFileError(
        [Diagnostic("a.cards", 1, 1, "E101", "x"), Diagnostic("a.cards", 2, 3, "E103", "y")]
    )
    assert str(error) == "a.cards:1:1: E101 x\na.cards:2:3: E103 y"
    assert [d.code for d in error.diagnostics] == ["E101", "E103"]


def test_suggest_prefers_the_closest_word_then_lists_a_few() -> None:
    assert suggest("pantri", ["pantry", "discard", "trolley"]) == "did you mean `pantry`?"
    assert suggest("zzz", ["b", "a"]) == "known: `a`, `b`"
    assert suggest("zzz", [f"w{i}" for i in range(13)]) == ""
    assert suggest("zzz", []) == ""


def test_internal_error_code_is_not_a_file_problem() -> None:
    assert diagnostics.INTERNAL not in CODES
    assert diagnostics.INTERNAL.startswith("E")


def test_a_file_with_several_problems_reports_them_all_in_order(tmp_path: Path) -> None:
    path = tmp_path / "many.cards"
    path.write_text(
        "game elevenes-for-one\n"
        'card 2 "Tea" {\n'
        "  on uses { choose 1 face_upp in pantri -> flipdown }\n"
        "}\n"
        'card 2 "Tea again" { trait heavy }\n',
        encoding="utf-8",
    )
    _, found = check_file(path)
    assert [(d.code, d.line, d.column) for d in found] == [
        ("E102", 3, 6),
        ("E104", 3, 22),
        ("E103", 3, 34),
        ("E106", 3, 44),
        ("E109", 5, 6),
        ("E105", 5, 28),
    ]


def test_check_file_never_raises_on_a_missing_file(tmp_path: Path) -> None:
    tree, found = check_file(tmp_path / "nope.cards")
    assert tree is None
    assert [(d.code, d.line, d.column, d.message) for d in found] == [
        ("E121", 1, 1, "cannot read the file: no such file")
    ]


def test_zone_checks_follow_the_vocabulary_not_one_word(tmp_path: Path) -> None:
    """E123-E126 come from what each verb, filter and game declare: references (`next` is a pantry
    card), names bound by `as` and the 2-4 player game's verbs are checked the same way."""
    solo = tmp_path / "solo.cards"
    solo.write_text(
        "game elevenes-for-one\n"
        'card 8 "Sandwiches" value 8 {\n'
        "  on use, score {\n"
        "    return_after_self next\n"
        "    choose 1 in discard as found\n"
        "    send_to_end found\n"
        "    return_after_self found\n"
        "    choose exactly 2 in trolley -> swap\n"
        "  }\n"
        "}\n",
        encoding="utf-8",
    )
    _, found = check_file(solo)
    assert [(d.code, d.line, d.column) for d in found] == [
        ("E124", 4, 23), ("E124", 6, 17), ("E125", 8, 25),
    ]
    multi = tmp_path / "multi.cards"
    multi.write_text(
        "game elevenes\n"
        'card 10 "Servants" value 3 {\n'
        "  on play {\n"
        "    reveal spread(me)\n"
        "    choose 1 face_up in kitchen(me) -> flip_down\n"
        "    reveal kitchen(me)\n"
        "  }\n"
        "}\n",
        encoding="utf-8",
    )
    _, found = check_file(multi)
    assert [(d.code, d.line, d.column, d.hint) for d in found] == [
        ("E123", 4, 12, "`reveal` acts on `kitchen`"),
        ("E126", 5, 14, "`face_up` holds only in `spread`"),
        ("E124", 5, 25, "`flip_down` acts on cards in `spread`"),
    ]
