"""card_facts.py: the solvers' key reductions and bound, read off the card programs.  Each
construct that would make them unsound turns them off and names its place; on seeded random
variant files that keep them, the values are those of the whole row and the general bound."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from test_native import native_value, needs_compiler
from test_solver import position

from elevenes.cli import main
from elevenes.core.solve import SolverError
from elevenes.games.elevenes_for_one import make_game
from elevenes.games.elevenes_for_one.card_facts import CardFacts, ceiling_table
from elevenes.games.elevenes_for_one.game import EfoState
from elevenes.games.elevenes_for_one.solver import make_solver


def test_the_printed_cards_facts() -> None:
    """Sandwiches (8) reads the first place; Sugar (4) costs two minutes to score.  The bound
    is the one worked out by hand from the card texts: to win, every card up to (10) costs
    a minute ((4) two) and (11) needs one left.  A game ends won (11 and the minutes left),
    out of time (the top card) or stuck (the top card and the minutes left, only once the
    cards off the trolley fit in the pile of three): the rating's bound is the best of the
    ends the clock allows, scoring on card after card."""
    facts = make_game().card_facts()
    assert facts.row_as_set and facts.first_reader == 8 and facts.stuck_cap == 3
    assert facts.score_cost is not None and facts.score_cost[4] == 2
    assert [c for c in range(2, 11) if facts.score_cost[c] != 1] == [4]
    win, rating = ceiling_table(facts, "win"), ceiling_table(facts, "rating")
    for top in range(11):
        for minutes in range(16):
            need = 11 - top + (top < 4)
            assert win[top * 16 + minutes] == (minutes >= need)
            ends = [top]  # out of time with nothing more scored
            spent = 0
            for card in range(top + 1, 12):
                if minutes - spent < 1:
                    break  # no score starts without a minute
                spent += 0 if card == 11 else 2 if card == 4 else 1
                left = max(0, minutes - spent)
                ends.append(11 + left if card == 11 else card)
                if card != 11 and card >= 8 and left:
                    ends.append(card + left)  # stuck: 11 - card cards fit in the pile
            if top >= 8:
                ends.append(top + minutes)  # stuck now
            assert rating[top * 16 + minutes] == max(ends), (top, minutes)
    # under EFO.RULING.ELEVENSES (c) a card may go onto a full pile: the pile is not capped
    loose = ceiling_table(make_game({"reading.EFO.RULING.ELEVENSES": "c"}).card_facts(),
                          "rating")
    assert loose[0 * 16 + 5] == 5 and rating[0 * 16 + 5] == 4


def facts_of(tmp_path: Path, body: str) -> CardFacts:
    path = tmp_path / "variant.cards"
    path.write_text(f"game elevenes-for-one\n{body}", encoding="utf-8")
    return make_game(cards=str(path)).card_facts()


@pytest.mark.parametrize(("card", "why"), [
    ('card 2 "Mix" { on use { choose exactly 2 in pantry -> swap } }', "may lie face down"),
    ('card 2 "Peek" { on use { if first is 5 { cost 2 } } }', "which card is first"),
    ('card 2 "Peek" { on use { if face_up(next) { cost 2 } } }', "tests the next card"),
    ('card 2 "Shove" { on use { send_to_end next } }', "send_to_end to the next card"),
    ('card 2 "Shove" { on use { send_to_end self } }', "other than the first"),
    ('card 2 "Shove" { on use { choose 1 face_up in pantry -> send_to_end } }',
     "sends chosen cards"),
    ('card 2 "Twice" { on use { send_to_end first\n send_to_end first } }', "twice"),
    ('card 2 "Again" { on use { repeat up to 2 { send_to_end first } } }', "in a repeat"),
    ('card 2 "Drop" { on discard { send_to_end first } }', "when discarded"),
    ('card 3 "Rival" { on use { send_to_end first } }', "as card 3 does"),
])
def test_each_construct_that_reads_the_row_keeps_the_whole_row(
        tmp_path: Path, card: str, why: str) -> None:
    facts = facts_of(tmp_path, card)
    assert not facts.row_as_set
    assert why in facts.why_whole_row
    assert "variant.cards:2:" in facts.why_whole_row  # the place, file:line:col
    assert facts.score_cost is not None  # the bound does not depend on the row


def test_a_choice_that_may_offer_face_down_cards_but_does_not_move_them_keeps_the_key(
        tmp_path: Path) -> None:
    """Turning a card face down skips face-down ones; a named card is read by its number."""
    facts = facts_of(tmp_path, 'card 2 "Peek" { on use { choose 1 in pantry -> flip_down\n'
                     '  choose 1 in pantry as x\n  if x is 5 { cost 2 } } }')
    assert facts.row_as_set, facts.why_whole_row


@pytest.mark.parametrize(("card", "why"), [
    ('card 2 "Double" { on score { choose 1 scorable in discard -> score } }', "chain"),
    ('card 2 "Double" { on discard { repeat up to 2 { choose 1 scorable in discard -> score }'
     ' } }', "chain"),
])
def test_a_chain_that_may_score_two_cards_takes_the_general_bound(
        tmp_path: Path, card: str, why: str) -> None:
    facts = facts_of(tmp_path, card)
    assert facts.score_cost is None and why in facts.why_general_bound
    assert facts.ceiling("win", 5, 1) == 1 and facts.ceiling("rating", 5, 3) == 14


def test_costs_are_read_on_every_path(tmp_path: Path) -> None:
    """A cost set first holds on every path; a cost in a branch may not be set, so the rules'
    minute still counts; a cost that is not a plain number counts as none."""
    facts = facts_of(tmp_path, 'card 4 "S" { on score { cost 6 } }\n'
                     'card 5 "C" { on score { if minutes > 3 { cost 3 } } }\n'
                     'card 6 "M" { on score { cost 2\n if minutes > 3 { cost 4 } } }\n'
                     'card 7 "N" { on score { cost 3\n may { cost 0 } } }\n')
    assert facts.score_cost is not None
    assert facts.score_cost[4:8] == (6, 1, 2, 0)


# -- seeded random variants that keep the reductions -------------------------------------
STATEMENTS = [
    "choose 1 face_up in pantry except self -> flip_down",
    "choose exactly 2 face_up in pantry except self -> swap",
    "flip_down next",
    "cost {cost}",
    "if count(face_down in pantry) >= 2 {{ cost {cost} }}",
    "may {{ choose 1 in discard -> return_after_self }}",
    "choose 1 in pantry except self -> flip_down",
    "choose 1 in pantry except self as x\n if x is 9 or face_down(x) {{ cost {cost} }}",
    "if any(face_up in pantry except self) {{ flip_down next }} else {{ cost {cost} }}",
]


def random_variant(rng: random.Random) -> str:
    """Three to six cards rewritten from statements card_facts.py accepts; one may read the
    first place, and some may score from the discard pile when discarded."""
    numbers = rng.sample(range(2, 11), rng.randint(3, 5))
    reader = rng.choice(numbers + [0])
    if reader not in (0, 8) and 8 not in numbers:
        numbers.append(8)  # Sandwiches reads the first place unless rewritten
    lines = ["game elevenes-for-one"]
    for number in numbers:
        body = [rng.choice(STATEMENTS).format(cost=rng.randint(1, 3))
                for _ in range(rng.randint(1, 2))]
        if number == reader:
            body.append("send_to_end first")
        trait = " trait undiscardable" if rng.random() < 0.3 else ""
        handlers = f"  on use, score {{\n    {chr(10).join(body)}\n  }}"
        if rng.random() < 0.25:
            handlers += "\n  on discard { may { choose 1 scorable in discard -> score } }"
        lines.append(f'card {number} "Card {number}" {{\n {trait}\n{handlers}\n}}')
    return "\n".join(lines) + "\n"


def value_or_loop(state: EfoState, objective: str) -> Fraction | str:
    """The native value, or the refusal of a free re-deal."""
    try:
        return native_value(state, objective)
    except SolverError as exc:
        return str(exc)


@needs_compiler
@pytest.mark.parametrize("seed", range(12))
def test_random_variants_have_the_values_of_the_whole_row(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    path = tmp_path / f"random-{seed}.cards"
    path.write_text(random_variant(rng), encoding="utf-8")
    facts = make_game(cards=str(path)).card_facts()
    assert facts.row_as_set and facts.score_cost is not None, path.read_text()
    compared = 0
    for _ in range(4):
        top = rng.randint(4, 7)
        minutes = rng.randint(2, 9)
        higher = list(range(top + 1, 12))
        discard = tuple(sorted(rng.sample(higher, rng.randint(0, min(2, len(higher) - 3)))))
        for objective in ("win", "rating"):
            reduced = value_or_loop(
                position(top, minutes, cards=str(path), discard=discard), objective)
            whole = position(top, minutes, cards=str(path), discard=discard)
            whole.game.without_reductions()
            plain = value_or_loop(whole, objective)
            if isinstance(reduced, str) or isinstance(plain, str):
                continue  # a free re-deal, met by one search and not by the other
            assert reduced == plain, (path.read_text(), top, minutes, discard, objective)
            compared += 1
            if top >= 6:  # and the Python search, with its own key and bound
                assert make_solver(objective).value(
                    position(top, minutes, cards=str(path), discard=discard)) == plain
    assert compared >= 4


def turn_key(behind: list[int], cards: str | None = None, whole_row: bool = False) -> object:
    """The solver's key of a turn with 1-5 on the trolley, ``behind`` passed face down, and
    Sandwiches (8), Servants (10) and Elevenses (11) ahead."""
    game = make_game({"minutes": 8}, cards)
    if whole_row:
        game.without_reductions()
    state = game.state_from_json({
        "game": "elevenes-for-one", "options": {"minutes": 8}, "phase": "turn", "minutes": 8,
        "trolley": [1, 2, 3, 4, 5], "discard": [], "deck": [], "cursor": 3,
        "pantry": [[c, "down"] for c in behind] + [[8, "up"], [10, "up"], [11, "up"]]})
    return state.solver_key()


def test_the_key_keeps_the_first_card_only_while_its_reader_may_act() -> None:
    """Printed cards: Sandwiches (8) is ahead, so the first card counts, the others behind
    are a set.  Tea Party: Tea (2), its reader, is on the trolley, so none counts.  Without
    reductions every order behind is its own position."""
    assert turn_key([6, 7, 9]) == turn_key([6, 9, 7])
    assert turn_key([6, 7, 9]) != turn_key([7, 6, 9])
    party = str(Path(__file__).resolve().parents[2] / "docs" / "examples" / "tea-party.cards")
    assert turn_key([6, 7, 9], party) == turn_key([7, 9, 6], party)
    assert turn_key([6, 7, 9], whole_row=True) != turn_key([6, 9, 7], whole_row=True)


@needs_compiler
def test_the_guide_shows_what_solve_prints_for_its_variant(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """docs/guide-write-a-card.md, "Solve it exactly": the fixed draft keeps the whole row (a
    choice that may take face-down cards), the face_up one does not; the values and the
    solver's lines are those the command prints."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "guide-write-a-card.md").read_text(
        encoding="utf-8")
    fixed = [b for b in re.findall(r"```text\n(.*?)```", guide, re.S) if "minutes > 5" in b]
    assert len(fixed) == 1
    monkeypatch.chdir(tmp_path)
    for text in (fixed[0], fixed[0].replace("2 in pantry", "2 face_up in pantry")):
        Path("my.cards").write_text(text, encoding="utf-8")
        assert main(["solve", "elevenes-for-one", "--cards", "my.cards", "--trolley", "3",
                     "--minutes", "10", "--objective", "win", "--no-cache"]) == 0
        out = capsys.readouterr().out
        value = re.search(r"best chance to win: (\S+ \(\S+\))", out)
        assert value is not None and f"best chance to win: {value.group(1)}" in guide
        for line in out.splitlines():
            if line.startswith("  solver's"):
                assert line in guide
    # --vs: the shipped cards against the fixed draft, each line as the guide shows it
    Path("my.cards").write_text(fixed[0], encoding="utf-8")
    assert main(["solve", "elevenes-for-one", "--trolley", "3", "--minutes", "10",
                 "--objective", "win", "--vs", "my.cards", "--no-cache"]) == 0
    shown = [line.split("  [")[0] for line in capsys.readouterr().out.splitlines()
             if not line.startswith("    (known values")]  # shipped values: read or not
    assert len(shown) == 11 and all(line in guide for line in shown), shown


@pytest.mark.parametrize(("name", "reader", "sugar"), [("slow-sugar", 8, 6), ("tea-party", 2, 2)])
def test_the_example_variants_keep_the_reductions(name: str, reader: int, sugar: int) -> None:
    """The docs' example variants (docs/solver.md times their whole games)."""
    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / f"{name}.cards"
    facts = make_game(cards=str(path)).card_facts()
    assert facts.row_as_set and facts.first_reader == reader
    assert facts.score_cost is not None and facts.score_cost[4] == sugar
