"""What a scenario or perft check expects, in a normal form, and frozen records of a release's.

The compatibility policy (docs/compatibility.md) lets a minor release add scenarios but never
change what a scenario of the default (rules) profile expects.  To check that, a release's
expectations are recorded once, from git history, as one digest per id, and every later suite is
compared with the record (tests/conformance/test_compatibility.py).

An item's *expectation* is everything an implementation is judged on, and nothing else:

- a scenario: its game and options (file-wide options merged under its own), its set-up
  document, whether that must be refused, and per step the actions, the refusal's rule id, the
  legal set, the partial expectation and the observations checked; the ``final`` expectation.
  ``legal`` sets are sorted; the set-up is written as canonical JSON (keys sorted), so the
  order of keys in the YAML does not count.
- a perft check: game, options, set-up, depth, counts and divide.

A record holds, per id, the first 16 hex digits of the SHA-256 of the expectation's canonical
JSON, and lists the ids of the profiles other than ``rules``.

Left out: the id's file and line, ``description``, ``rules``, step notes, ``xfail`` (a remark about
the reference) and ``profile`` (which profile an item belongs to is recorded beside it).

Make the record of a release::

    python -m elevenes.conformance.expectations --commit 606ee8c --version 2.2.0 \\
        --out tests/conformance/data/suite-2.2.0-expectations.json
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from ..core.errors import ElevenesError
from .loader import load_suite
from .model import PROFILES, RULES, Item, Json, Perft

RECORD_FORMAT = 1


def _sorted_legal(value: Any) -> Any:
    """A partial expectation with every ``legal`` list sorted (it is compared as a set)."""
    if not isinstance(value, dict):
        return value
    found = dict(value)
    if isinstance(found.get("legal"), list):
        found["legal"] = sorted(found["legal"])
    return found


def expectation(item: Item) -> Json:
    """The normal form of what ``item`` expects (module docstring)."""
    if isinstance(item, Perft):
        return {
            "kind": "perft",
            "game": item.game,
            "options": item.options,
            "setup": item.setup,
            "depth": item.depth,
            "counts": list(item.counts),
            "divide": item.divide,
        }
    return {
        "kind": "scenario",
        "game": item.game,
        "options": item.options,
        "setup": item.setup,
        "setup_refused": item.setup_refused,
        "steps": [
            {
                "actions": list(step.actions),
                "violation": step.violation,
                "legal": sorted(step.legal) if step.legal is not None else None,
                "expect": _sorted_legal(step.expect),
                "observe": [
                    {"player": seen.player, "expect": seen.expect} for seen in step.observe
                ],
            }
            for step in item.steps
        ],
        "final": _sorted_legal(item.final),
    }


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(item: Item) -> str:
    """A short digest of ``item``'s expectation (the first 16 hex digits of its SHA-256)."""
    return hashlib.sha256(canonical(expectation(item)).encode("utf-8")).hexdigest()[:16]


def record(items: list[Item], version: str, commit: str = "") -> Json:
    """The frozen record of a suite: the digest of each id's expectation, and the ids of each
    profile but the default one."""
    chosen = sorted(items, key=lambda found: found.id)
    found: Json = {"format": RECORD_FORMAT, "suite_version": version, "commit": commit}
    others = {
        profile: [item.id for item in chosen if item.profile == profile]
        for profile in PROFILES
        if profile != RULES
    }
    found["profiles"] = {profile: ids for profile, ids in others.items() if ids}
    found["items"] = {item.id: digest(item) for item in chosen}
    return found


def record_text(found: Json) -> str:
    """A record as JSON text, one line per item (so that a diff shows the ids that changed)."""
    head = {key: value for key, value in found.items() if key != "items"}
    entries = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in found["items"].items()]
    return "\n".join(
        [json.dumps(head, sort_keys=True)[:-1] + ', "items": {', ",\n".join(entries), "}}"]
    ) + "\n"


def record_profile(found: Json, item_id: str) -> str:
    """The profile an id of a record belongs to."""
    for profile, ids in found.get("profiles", {}).items():
        if item_id in ids:
            return str(profile)
    return RULES


def suite_at(commit: str, repository: Path, into: Path) -> list[Item]:
    """The items of ``conformance/`` as it was at ``commit`` (read with today's loader)."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(repository), "archive", "--format=tar", commit, "conformance"],
            check=True,
            capture_output=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = (getattr(exc, "stderr", b"") or b"").decode(errors="replace").strip()
        raise ElevenesError(f"cannot read conformance/ at {commit!r}: {detail or exc}") from None
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    suite = load_suite([into / "conformance"])
    if suite.errors:
        raise ElevenesError("\n".join(str(error) for error in suite.errors))
    return suite.items


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m elevenes.conformance.expectations",
        description="Write the frozen record of the expectations of a suite release.",
    )
    parser.add_argument("--commit", required=True, help="the git commit of the release")
    parser.add_argument("--version", required=True, help="the suite version it is, e.g. 2.2.0")
    parser.add_argument("--repository", default=".", help="the repository (default: .)")
    parser.add_argument("--out", default="-", help="the file to write (default: stdout)")
    args = parser.parse_args(argv)
    try:
        with tempfile.TemporaryDirectory() as folder:
            items = suite_at(args.commit, Path(args.repository), Path(folder))
        full = subprocess.run(
            ["git", "-C", args.repository, "rev-parse", args.commit],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (ElevenesError, subprocess.CalledProcessError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    text = record_text(record(items, args.version, full))
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
