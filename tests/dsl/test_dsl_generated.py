"""A card file the checker accepts never crashes the engine.

The checker and the compiler read each verb's arguments from one definition (vocab.Verb);
every primitive must take exactly those arguments (vocab.host_problems).  Then the property:
card files generated from the grammar and each game's vocabulary (card_gen.py) either are
refused by the checker, or play random games to their end with no error but a refusal, and
(Elevenes for One) solve a small endgame.  This is a fast, derandomised sample; the larger
run is benchmarks/bench_card_language.py.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from card_gen import Counts, card_files, exercise, play_out
from hypothesis import given, settings

import elevenes
from elevenes.dsl.diagnostics import INTERNAL, CardFileError
from elevenes.dsl.load import check_file, load_card_set
from elevenes.dsl.runtime import Frame
from elevenes.dsl.vocab import VOCABULARIES, host_problems, vocabulary_for
from elevenes.games.elevenes.primitives import Primitives as ElvPrimitives
from elevenes.games.elevenes.state import ElvState
from elevenes.games.elevenes_for_one.game import PRIMITIVES as EFO_PRIMITIVES

HOSTS: dict[str, Any] = {"elevenes": ElvPrimitives(), "elevenes-for-one": EFO_PRIMITIVES}

# a card taken at random from another player and one of the owner's, both named with `as`,
# set aside by name, then passed: the two cards change hands
STEAL = """\
game elevenes

card 3 "Milk" value 1 rule ELV.CARD.MILK {
  on play {
    choose player except me as p; choose 1 at random in kitchen(p) except unpassable as stolen
    choose 1 in kitchen(me) except unpassable as mine
    set_aside stolen; set_aside mine; pass_aside right
  }
}
"""


def test_every_game_with_cards_has_a_host() -> None:
    assert set(HOSTS) == set(VOCABULARIES)


@pytest.mark.parametrize("game", sorted(HOSTS))
def test_every_word_has_a_primitive_taking_the_arguments_the_checker_allows(game: str) -> None:
    assert host_problems(vocabulary_for(game), HOSTS[game]) == []


def test_a_primitive_that_disagrees_with_its_word_is_found_before_any_play(
    tmp_path: Path,
) -> None:
    class OldSetAside(ElvPrimitives):
        def verb_set_aside(  # type: ignore[override]
            self, st: ElvState, fr: Frame, chosen: tuple[int, ...] | None, card: int
        ) -> None:
            pass

    assert host_problems(vocabulary_for("elevenes"), OldSetAside()) == [
        "elevenes: verb_set_aside must take (st, fr, chosen)"
    ]
    path = tmp_path / "steal.cards"
    path.write_text(STEAL, encoding="utf-8")
    with pytest.raises(CardFileError) as caught:
        load_card_set("elevenes", OldSetAside(), path)
    assert [d.code for d in caught.value.diagnostics] == [INTERNAL]
    assert "verb_set_aside must take (st, fr, chosen)" in caught.value.diagnostics[0].message


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_aside_of_a_card_named_with_as_plays_to_the_end(tmp_path: Path, players: int) -> None:
    path = tmp_path / "steal.cards"
    path.write_text(STEAL, encoding="utf-8")
    assert check_file(path)[1] == []
    game = elevenes.load_game("elevenes", {"players": players}, cards=str(path))
    rng = random.Random(players)
    for _ in range(3):
        play_out(game, rng)


@pytest.mark.parametrize("game", sorted(VOCABULARIES))
def test_every_generated_file_that_checks_plays_to_the_end(game: str) -> None:
    counts = Counts()
    with tempfile.TemporaryDirectory() as directory:

        @settings(max_examples=20, derandomize=True, database=None)
        @given(card_files(game))
        def run(text: str) -> None:
            exercise(text, game, Path(directory), 7, counts, games=1)

        run()
    assert counts.generated >= 12
    assert counts.accepted >= 4  # the sample reaches the engine, not only the checker
    assert counts.endless == []
    assert counts.games == counts.accepted


# the words added for variant Elevenes cards (rules.md, ELV.CARDS.*): the generator writes them
NEW_WORDS = ("take", "give", "take_cube", "lose_cube", "give_cube", "steal_cube", "(left)",
             "(right)", "grant see", "grant play", "cubes", "bowl", " where any(")


def test_the_generator_writes_the_words_of_variant_elevenes_cards() -> None:
    texts: list[str] = []

    @settings(max_examples=300, derandomize=True, database=None)
    @given(card_files("elevenes"))
    def collect(text: str) -> None:
        texts.append(text)

    collect()
    missing = [w for w in NEW_WORDS if not any(w in t for t in texts)]
    assert missing == []


def test_generated_files_with_transfers_cubes_and_grants_play_to_the_end() -> None:
    """The property on the files that use the words of ELV.CARDS.*: a seeded sample of them."""
    counts = Counts()
    wanted = ("take", "give", "_cube", "grant", "(left)", "(right)")
    with tempfile.TemporaryDirectory() as directory:

        @settings(max_examples=80, derandomize=True, database=None)
        @given(card_files("elevenes"))
        def run(text: str) -> None:
            if any(w in text for w in wanted):
                exercise(text, "elevenes", Path(directory), 11, counts, games=1)

        run()
    assert counts.accepted >= 5
    assert counts.endless == []
    assert counts.games == counts.accepted


# the words a pass gives the solo game's cards: `ahead` (a set's filter and a place), and the
# words of the readings of EFO.RULING.ELEVENSES
PASS_WORDS = (" ahead in pantry", "2 ahead", "3 ahead", "put_on_trolley", "from_discard(")


def test_generated_files_with_the_words_of_a_pass_play_to_the_end() -> None:
    """The generator writes `ahead` (filter and place) and the solo game's reading words, and
    a seeded sample of the files using them that the checker accepts play to the end."""
    counts = Counts()
    seen: set[str] = set()
    with tempfile.TemporaryDirectory() as directory:

        @settings(max_examples=200, derandomize=True, database=None)
        @given(card_files("elevenes-for-one"))
        def run(text: str) -> None:
            found = {w for w in PASS_WORDS if w in text}
            if "ahead" in text:
                found.add("ahead")
            seen.update(found)
            if found:
                exercise(text, "elevenes-for-one", Path(directory), 13, counts, games=1)

        run()
    assert seen >= {*PASS_WORDS, "ahead"}
    assert counts.accepted >= 5
    assert counts.endless == []
    assert counts.games == counts.accepted
