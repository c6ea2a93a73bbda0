"""Elevenes for One's state in C, for playouts: ``EfoGame.new_initial_state(native=True)``.

The state answers the calls a playout makes (``legal_actions``, ``apply_action``,
``sample_chance``, ``is_terminal``, ``is_chance_node``, ``current_player``, ``returns``,
``score``, ``clone``, ``child``, ``history``) in C (efo_fast.c), with the turn procedure
and the card interpreter of the native solver (efo_solve.c) and the cards lowered from the
.cards files as the solver lowers them.  It plays the same games as the Python engine: the
same legal actions in the same order, the same chance draw from the same ``random.Random``,
the same results (tests/efo/test_fast_state.py plays both side by side).

Everything else is the Python engine's: any other attribute (``to_json``,
``observation``, ``action_to_string``, ``explain_illegal``, ...) is answered by an
:class:`EfoState` replayed from the history (kept until the next action), an illegal action
is refused by that state (the same :class:`IllegalAction` and rule id), and a text action
is read by it.  The C file is compiled on first use, like the solver's; where it cannot be
(no C compiler, no Python headers, cards the interpreter lacks) ``new_initial_state`` says
why (:class:`NativeUnavailable`) and the Python state is the one to use.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sysconfig
from pathlib import Path
from types import ModuleType
from typing import Any

from ....core.api import State
from ..game import DEAL_TOTALS, EfoGame, EfoState
from . import SOURCE, NativeUnavailable, build, choice_words, lower

FAST_SOURCE = Path(__file__).with_name("efo_fast.c")
_module: ModuleType | None = None


def extension_path() -> Path:
    """Compile efo_fast.c (which includes efo_solve.c) as a Python extension once per source
    text, compiler and Python version, then reuse it."""
    include = sysconfig.get_paths().get("include", "")
    if not include or not (Path(include) / "Python.h").exists():
        raise NativeUnavailable(
            f"no Python.h in {include or 'the include path'}: the C state needs Python's "
            "development headers (Debian: python3-dev)")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return build(FAST_SOURCE, "efo_fast", suffix, [f"-I{include}"],
                 FAST_SOURCE.read_bytes() + SOURCE.read_bytes(), "the C state")


def extension() -> ModuleType:
    global _module
    if _module is None:
        path = str(extension_path())
        loader = importlib.machinery.ExtensionFileLoader("efo_fast", path)
        spec = importlib.util.spec_from_file_location("efo_fast", path, loader=loader)
        assert spec is not None
        try:
            module = importlib.util.module_from_spec(spec)
            loader.exec_module(module)
        except (ImportError, OSError) as exc:  # e.g. no room left for its thread-locals
            raise NativeUnavailable(f"cannot load the C state: {exc}") from None
        _module = module
    return _module


def start_of(game: EfoGame) -> tuple[Any, int, int, int]:
    """The game's cards lowered for efo_fast.c and its set-up as game.py makes it (the
    clock, the deck as a mask of cards, the top card), once per game."""
    start: tuple[Any, int, int, int] | None = game.fast_start
    if start is None:
        tables = lower(game)  # NativeUnavailable: cards the interpreter lacks
        totals = [t for n in range(12) for t in (list(DEAL_TOTALS[n]) + [2.0] * 12)[:12]]
        rules = extension().rules(tables["code"], tables["progs"], tables["sets"],
                                  tables["conds"], tables["traits"], tables["undiscardable"],
                                  tables["unflippable"], choice_words(), totals)
        first = game.new_initial_state()  # EFO.SETUP.CLOCK, EFO.SETUP.TROLLEY, EFO.VARIANT.TROLLEY
        deck = sum(1 << card for card in first.deck)
        start = (rules, first.minutes, deck, first.top())
        game.fast_start = start
    return start


def new_state(game: EfoGame) -> State:
    """The start of a game (before the first deal) as a C state."""
    made = _state_class(extension().FastState)
    state: State = made(game, *start_of(game))
    return state


_classes: dict[type, type] = {}


def _state_class(base: type) -> type:
    """The Python face of the C state: the Python engine answers what C does not."""
    made = _classes.get(base)
    if made is not None:
        return made

    class FastState(base):  # type: ignore[misc]
        """An Elevenes for One state played in C (see the module's docstring)."""

        game: EfoGame  # the C type's (read-only)
        history: list[int]
        _full_cache: EfoState | None  # the C type's: dropped at the next action

        def full(self) -> EfoState:
            """The Python engine's state for the same history (kept until the next action)."""
            cached = self._full_cache
            if cached is None:
                cached = self.game.new_initial_state()
                for action in self.history:
                    cached.apply_action(action)
                self._full_cache = cached
            return cached

        def __getattr__(self, name: str) -> Any:
            if name.startswith("__"):
                raise AttributeError(name)
            return getattr(self.full(), name)

        def child(self, action: Any) -> Any:
            """A copy with ``action`` applied: a C state too."""
            other = self.clone()
            other.apply_action(action)
            return other

        def _refuse(self, action: Any) -> None:
            raise self.full().refusal(action)

        def _apply_other(self, action: Any) -> None:
            """A text action, or something that is not an action: as the Python engine takes
            it (the same errors), then played here."""
            probe = self.full().clone()
            probe.apply_action(action)
            self.apply_action(probe.history[-1])

        def _sample_other(self, rng: Any) -> int:
            return int(self.full().sample_chance(rng))

        def __str__(self) -> str:
            return str(self.full())

        def __repr__(self) -> str:
            return f"<FastState of {self.game.id}: {len(self.history)} actions>"

    State.register(FastState)
    _classes[base] = FastState
    return FastState

