"""The ``elevenes`` command.  Each sub-command lives in the package that owns it; this file
only assembles them and turns every error into a message and an exit code (never a
traceback): 0 success, 1 a failed check / illegal move / bad input, 2 a usage error,
3 an internal error (a bug; ELEVENES_DEBUG=1 shows its traceback)."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .core.errors import ElevenesError

# sub-command -> (module, one-line help).  The module has add_arguments(parser) and run(args).
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("elevenes.games.cli", "play a game in the terminal, or watch a bot play one"),
    "check": ("elevenes.dsl.cli", "check a .cards file and report every problem"),
    "rules": ("elevenes.rulebook.cli", "show a rule by id, list or search the rulebook"),
    "judge": ("elevenes.conformance.cli_judge", "play a scenario's steps and show each verdict"),
    "conform": ("elevenes.conformance.cli_conform", "run the conformance suite"),
    "perft": ("elevenes.conformance.cli_perft", "count action sequences from a position"),
    "adapter": ("elevenes.conformance.cli_adapter", "serve the reference over the protocol"),
    "diff": ("elevenes.conformance.cli_diff", "compare another program with the reference"),
    "analyse": ("elevenes.bots.cli_analyse", "simulate many games and summarise the results"),
    "solve": ("elevenes.games.elevenes_for_one.cli_solve",
              "solve Elevenes for One exactly: best chance to win, best expected rating"),
    "hint": ("elevenes.games.elevenes_for_one.cli_hint",
             "the best moves of an Elevenes for One position, with their values"),
    "serve": ("elevenes.web.cli",
              "play, settle disputes, read the rulebook and edit cards in a web page"),
    "show": ("elevenes.render.cli_show", "draw a position as SVG or PNG"),
}


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="elevenes",
        description="Rulebook, card language and reference engine for the Elevenes games.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    subs = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, (module_name, help_text) in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("elevenes"):
                continue  # a command whose module is not part of this build
            raise
        sub = subs.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(sub)
        sub.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.version:
            from . import __version__

            print(f"elevenes {__version__}")
            return 0
        if not getattr(args, "command", None):
            parser.print_help()
            return 2
        code: int = args._run(args)
        return code
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except ElevenesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: say so plainly; the traceback is opt-in
        if os.environ.get("ELEVENES_DEBUG"):
            raise
        print(
            f"internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in elevenes; run again with ELEVENES_DEBUG=1 to see where it is.",
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":
    sys.exit(main())
