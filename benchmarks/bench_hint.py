"""How long a person waits for `elevenes hint`, run as the README says: `elevenes play
elevenes-for-one`, `q` to save, then `elevenes hint FILE`.

Each case runs the command in a child process and reports its wall-clock time and CPU time
(the hint's own child process included):

- the printed cards at the first step 2 of a game, with the values cache as it is
  (``warm``: shipped values plus whatever earlier hints and solves kept) and with an empty
  one (``cold``: the shipped values only; the native library is compiled beforehand);
- the challenge variant (no values ship for its first passes) with ``--max-positions 10000``:
  the time until the hint stops with its one-line refusal.

    python benchmarks/bench_hint.py [--seeds 1 2 3] [--cold] [--timeout SECONDS]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ELEVENES = [sys.executable, "-m", "elevenes.cli"]


def run(args: list[str], folder: Path, env: dict[str, str], timeout: float,
        stdin: str = "") -> tuple[int, float, float, str]:
    """(exit code, wall seconds, CPU seconds of the children, last line of output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run([*ELEVENES, *args], cwd=folder, env=env, input=stdin,
                              capture_output=True, text=True, timeout=timeout)
        code, out = done.returncode, (done.stdout + done.stderr).strip()
    except subprocess.TimeoutExpired:
        code, out = -1, f"(stopped after {timeout:g} s)"
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return code, wall, cpu, out.splitlines()[-1] if out else ""


def saved_game(folder: Path, env: dict[str, str], seed: int, *options: str) -> Path:
    """A game saved at its first prompt, as `q` in `elevenes play` saves it."""
    folder.mkdir(parents=True, exist_ok=True)
    code, _, _, last = run(["play", "elevenes-for-one", "--seed", str(seed), *options],
                           folder, env, 120, stdin="q\n")
    if code != 0:
        raise SystemExit(f"play failed: {last}")
    return folder / "elevenes-for-one-save.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--cold", action="store_true", help="also time with an empty cache")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per hint at most")
    args = parser.parse_args()
    from elevenes.games.elevenes_for_one.native import cache_dir, library_path

    library = library_path()  # compiled once, outside the timings
    rows = []
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        warm = dict(os.environ)
        modes = [("warm", warm)]
        if args.cold:
            cold_cache = root / "cold-cache"
            (cold_cache / "elevenes").mkdir(parents=True)
            shutil.copy(library, cold_cache / "elevenes" / library.name)
            modes.append(("cold", {**warm, "XDG_CACHE_HOME": str(cold_cache)}))
        for seed in args.seeds:
            save = saved_game(root / f"printed-{seed}", warm, seed)
            for mode, env in modes:
                code, wall, cpu, last = run(["hint", str(save), "--no-progress"], save.parent,
                                            env, args.timeout)
                rows.append((f"printed cards, seed {seed}, {mode} cache", code, wall, cpu,
                             last))
        save = saved_game(root / "challenge", warm, 1, "-o", "challenge=true")
        code, wall, cpu, last = run(["hint", str(save), "--max-positions", "10000",
                                     "--no-progress"], save.parent, warm, args.timeout)
        rows.append(("challenge, --max-positions 10000", code, wall, cpu, last))
    print(f"values cache: {cache_dir()}")
    print("| case | exit | wall (s) | CPU (s) | last line |")
    print("|---|---:|---:|---:|---|")
    for case, code, wall, cpu, last in rows:
        print(f"| {case} | {code} | {wall:.1f} | {cpu:.1f} | {last[:70]} |")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n{os.cpu_count()} CPUs, load average {load} (1, 5, 15 min) at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
