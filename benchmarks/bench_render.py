"""What the pictures cost: SVG drawing per game, the illustrated rulebook's work, the docs build.

- pictures: positions of seeded random games, every tenth one drawn as the whole state and
  as player 0's view; milliseconds per picture and the average size;
- illustrated rulebook: what the docs extension does at build time (load the suite, play
  every scenario on the reference, draw each scenario's position before and after);
- ``--docs``: the whole Sphinx build (wall and CPU time), with and without the extension.

    python benchmarks/bench_render.py [--games 20] [--docs]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("elevenes") is None:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT / "reference"))

GAMES = [("elevenes-for-one", {}), ("elevenes", {"players": 4, "guests": True}),
         ("bowling-solitaire", {}), ("111", {"players": 4})]


def pictures(games: int) -> None:
    import elevenes
    from elevenes.render import observation_svg, state_svg

    print("| game | pictures | ms per picture | average size (kB) |")
    print("|---|---:|---:|---:|")
    for game_id, options in GAMES:
        game = elevenes.load_game(game_id, options=options)
        docs = []
        for seed in range(games):
            state, rng, moves = game.new_initial_state(), random.Random(seed), 0
            while not state.is_terminal():
                if moves % 10 == 0:
                    docs.append((state.to_json(), state.observation(0)))
                state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                                   else rng.choice(state.legal_actions()))
                moves += 1
        state_svg(game_id, docs[0][0])  # card names loaded once, outside the timing
        start = time.perf_counter()
        size = 0
        for doc, view in docs:
            size += len(state_svg(game_id, doc)) + len(observation_svg(game_id, view))
        spent = time.perf_counter() - start
        count = 2 * len(docs)
        print(f"| {game_id} | {count:,} | {spent / count * 1000:.2f} | "
              f"{size / count / 1000:.1f} |")


def illustrated() -> None:
    from elevenes.conformance.loader import load_suite
    from elevenes.conformance.model import Scenario
    from elevenes.render import RenderError, state_svg
    from elevenes.render.page import play

    start = time.perf_counter()
    scenarios = [i for i in load_suite(strict=True).items if isinstance(i, Scenario)]
    loaded = time.perf_counter()
    played = [play(sc) for sc in scenarios]
    ran = time.perf_counter()
    count = 0
    for item in played:
        for doc in (item.before, item.after):
            if doc is not None:
                try:
                    state_svg(item.scenario.game, doc)
                except RenderError:
                    continue
                count += 1
    drawn = time.perf_counter()
    print(f"\nillustrated rulebook: {len(scenarios)} scenarios loaded in {loaded - start:.2f} s, "
          f"played in {ran - loaded:.2f} s, {count} positions drawn in {drawn - ran:.2f} s")


def docs_build(extension: bool) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "sphinx", "-q", "-b", "html", "docs", out]
        if not extension:  # (the pictures page's `position` directives then only warn)
            command[3:3] = ["-D", "extensions=myst_parser,sphinx.ext.autodoc,"
                            "sphinx.ext.napoleon"]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per game id")
    parser.add_argument("--docs", action="store_true", help="also time the Sphinx build")
    args = parser.parse_args()
    pictures(args.games)
    illustrated()
    if args.docs:
        for extension in (False, True):
            wall, cpu = docs_build(extension)
            label = "with" if extension else "without"
            print(f"docs build {label} the illustrated rulebook: {wall:.1f} s wall, "
                  f"{cpu:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
