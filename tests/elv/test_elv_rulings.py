"""ELV.RULING.FIRST-SERVER: the option naming the first starting server, and its refusals
(a scenario can only show positions the game accepts)."""

from __future__ import annotations

import pytest

from elevenes.cli import main
from elevenes.core.errors import BadOption
from elevenes.games.elevenes import make_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_can_be_the_first_server(players: int) -> None:
    for seat in range(players):
        state = make_game({"players": players, "first_server": seat}).new_initial_state()
        assert state.server == seat
        while state.is_chance_node():  # the deal: the first legal card each time
            state.apply_action(state.legal_actions()[0])
        assert state.current_player() == seat


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 2, "first_server": 2}, "a 2-player game has seats 0 to 1 [ELV.SETUP.SERVER]"),
        ({"players": 3, "first_server": 4}, "takes a number from 0 to 3"),
        ({"players": 3, "first_server": "random"}, "takes a whole number"),
    ],
)
def test_a_seat_that_is_not_there_is_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(BadOption) as refused:
        make_game(options)
    assert words in str(refused.value)


def test_the_command_line_refuses_it_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["play", "elevenes", "--players", "2", "-o", "first_server=3", "--bot",
                 "greedy", "--quiet"])
    assert code == 1
    err = capsys.readouterr().err
    assert "first_server" in err and "Traceback" not in err
