"""Players for Elevenes: ``random`` and ``greedy`` (a one-move heuristic).

The greedy player looks only at what its seat may see: its own kitchen, the face-up cards and
values of every spread, and the options of its own decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...bots.ismcts import BotTable
from ...core.api import Action, State
from ...core.play import sample_chance
from .notation import (
    ARRANGE,
    ELEVENSES,
    HIDDEN_POSITIONS,
    NUMBERS,
    PASS,
    PLAY,
    PLAYER,
    REVEAL,
    YES,
    decode_choice,
)
from .state import EFFECT, REVEALING, SECOND, TURN, ElvState

Bot = Callable[[State, random.Random], Action]

# how much playing each card is worth beyond its value (its special action), by number
ACTION_BONUS = {1: 1.2, 2: 0.6, 3: 0.3, 4: 0.2, 5: 0.2, 6: 0.0, 7: 0.0, 8: 0.0, 9: -0.3, 10: -0.2}


def random_player(state: State, rng: random.Random) -> Action:
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def usefulness(state: ElvState, player: int, card: int) -> float:
    """How much ``player`` wants to keep ``card`` in her kitchen."""
    number = card % NUMBERS + 1
    if number == ELEVENSES:
        return 4.0
    if state.up[player] >> number & 1:
        return 0.0  # a copy of a face-up card cannot be played (ELV.PLAY.NO-COPY)
    return state.game.values[number] + ACTION_BONUS.get(number, 0.0) + 0.5


def public_values(state: ElvState) -> list[int]:
    return [state.value(p) for p in range(state.n)]


def greedy_player(state: State, rng: random.Random) -> Action:
    if state.is_chance_node():
        return sample_chance(state, rng)
    assert isinstance(state, ElvState)
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    phase = state.phase
    player = state.current_player()
    if phase == REVEALING:
        return REVEAL
    if phase == TURN:
        return turn_choice(state, player, actions, rng)
    if phase == SECOND:
        return extra_arrange(state, player, actions, rng)
    if phase == EFFECT:
        return effect_choice(state, player, actions, rng)
    return actions[rng.randrange(len(actions))]


def turn_choice(state: ElvState, player: int, actions: list[Action], rng: random.Random) -> Action:
    plays = [a for a in actions if PLAY <= a < ARRANGE]
    # end the round while ahead; with three or more, also when a clear second (the spreads'
    # values, a sum each, are read only when she may play her Elevenses)
    for action in plays:
        if (action - PLAY) % NUMBERS + 1 == ELEVENSES and may_end(state, player):
            return action
    best: tuple[float, Action] | None = None
    for action in plays:
        card = action - PLAY
        number = card % NUMBERS + 1
        if number == ELEVENSES:
            continue
        score = usefulness(state, player, card) + rng.random() * 0.1
        if best is None or score > best[0]:
            best = (score, action)
    if best is not None and best[0] >= 1.0:
        return best[1]
    arranges = [a for a in actions if a >= ARRANGE]
    if arranges:
        return arrange_choice(state, player, arranges, rng)
    return best[1] if best is not None else actions[0]


def may_end(state: ElvState, player: int) -> bool:
    """Whether she ends the round: she leads, or with three or more players she is a clear
    second with at least 4."""
    values = public_values(state)
    mine = values[player]
    others = [v for p, v in enumerate(values) if p != player]
    ahead = mine > max(others)
    clear_second = (
        state.n >= 3
        and mine < max(others)
        and sorted(values)[-2] == mine
        and values.count(mine) == 1
        and mine >= 4
    )
    return ahead or clear_second


def arrange_choice(
    state: ElvState, player: int, arranges: list[Action], rng: random.Random
) -> Action:
    """Lay the least useful kitchen card face down somewhere, to fish for a better one."""
    worst = min((usefulness(state, player, (a - ARRANGE) // 8) for a in arranges), default=0.0)
    pool = [a for a in arranges if usefulness(state, player, (a - ARRANGE) // 8) == worst]
    return pool[rng.randrange(len(pool))]


def extra_arrange(
    state: ElvState, player: int, actions: list[Action], rng: random.Random
) -> Action:
    arranges = [a for a in actions if a >= ARRANGE]
    useless = [a for a in arranges if usefulness(state, player, (a - ARRANGE) // 8) == 0.0]
    if useless:
        return useless[rng.randrange(len(useless))]
    return PASS


def effect_choice(
    state: ElvState, player: int, actions: list[Action], rng: random.Random
) -> Action:
    frame = state.stack[-1]
    card_number = frame.card % NUMBERS + 1
    words: dict[str, list[Action]] = {}
    for action in actions:
        words.setdefault(decode_choice(action)[0], []).append(action)
    if "player" in words:
        values = public_values(state)  # (only here: the spreads' values cost a sum each)
        return choose_player(state, player, card_number, words["player"], values, rng)
    if "flip" in words:
        # Tea: an opponent's most valuable card, or one's own least valuable one
        def card_value(action: Action) -> int:
            return state.game.values[decode_choice(action)[1][0] % NUMBERS + 1]

        if frame.vars.get("p") == player:
            return min(words["flip"], key=card_value)
        return max(words["flip"], key=card_value)
    if "arrange" in words:  # Cups & Saucers: arrange only useless cards
        useless = [
            a
            for a in words["arrange"]
            if usefulness(state, player, decode_choice(a)[1][0] // 8) == 0.0
        ]
        return useless[rng.randrange(len(useless))] if useless else PASS
    if "take" in words:  # Milk, Cakes: the card worth most to me, if better than my worst
        best = max(words["take"], key=lambda a: usefulness(state, player, decode_choice(a)[1][0]))
        gain = usefulness(state, player, decode_choice(best)[1][0])
        worst = min(
            (
                usefulness(state, player, c)
                for c in state.kitchen[player]
                if c % NUMBERS + 1 != ELEVENSES
            ),
            default=99.0,
        )
        return best if gain > worst or PASS not in actions else PASS
    if "give" in words:  # the card least useful to me (Sandwiches: keep only a better card)
        give = min(words["give"], key=lambda a: usefulness(state, player, decode_choice(a)[1][0]))
        if PASS in actions:
            drawn = frame.vars.get("drawn", -1)
            worth = usefulness(state, player, drawn) if drawn >= 0 else 0.0
            return give if worth > usefulness(state, player, decode_choice(give)[1][0]) else PASS
        return give
    if YES in actions:  # a `may` with no choice inside (a variant's or a reading's card):
        drawn = frame.vars.get("drawn", -1)  # yes, unless the card it gives me is of no use
        return YES if drawn < 0 or usefulness(state, player, drawn) > 0 else PASS
    if "pass" in words:  # Fine China, Biscuits: what I need least
        return min(words["pass"], key=lambda a: usefulness(state, player, decode_choice(a)[1][0]))
    if "pick" in words:
        return words["pick"][rng.randrange(len(words["pick"]))]
    return actions[rng.randrange(len(actions))]


def choose_player(
    state: ElvState,
    player: int,
    card_number: int,
    options: list[Action],
    values: list[int],
    rng: random.Random,
) -> Action:
    seats = [a - PLAYER for a in options]
    others = [p for p in seats if p != player] or seats
    if card_number == 2:  # Tea: hurt the leader, if she has something to flip

        def flippable(p: int) -> int:
            return max(
                (state.game.values[pos] for pos in HIDDEN_POSITIONS if state.up[p] >> pos & 1),
                default=0,
            )

        target = max(others, key=lambda p: (flippable(p) > 0, values[p], rng.random()))
        if flippable(target) == 0:
            target = player  # recycle one of one's own cards rather than waste the Tea
        return PLAYER + target
    if card_number == 9:  # Cakes helps the chosen player: the one furthest behind
        return PLAYER + min(others, key=lambda p: (values[p], rng.random()))
    return PLAYER + max(others, key=lambda p: (values[p], rng.random()))


BOTS: dict[str, Bot] = BotTable(
    {"random": random_player, "greedy": greedy_player}, "elevenes.games.elevenes"
)
"""``ismcts`` (and ``ismcts:BUDGET``) is the search bot of ``elevenes.bots.ismcts``."""
