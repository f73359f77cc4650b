"""The ``deduce`` command line tool.

    deduce solve   [FILE|-] [--all | --logic] [--json] [--format F] [--timeout S]
    deduce explain [FILE|-] [--json] [--only CODES] [--exclude CODES] [--timeout S]
    deduce count   [FILE|-] [--limit N] [--json] [--timeout S]
    deduce hint    [FILE|-] [--level nudge|clue|full] [--json] [--timeout S]
    deduce rate    [FILE|-] [--csv | --json] [--jobs N] [--timeout S] [--no-uniqueness] [--nested LEVEL]
    deduce techniques [NAME]
    deduce generate [--kind K] [--size N] [--level L | --er MIN-MAX | --technique X [--first]] [--count N]
    deduce serve   [--host H] [--port P] [--workers N] [--timeout S] [--cors ORIGIN] [--open]

Exit status (see :mod:`deduce.cli.common`): 0 solved; 1 no solution; 2
malformed input or options; 3 several solutions; 4 timeout; 5 count limit
reached; 70 internal error (one line, the traceback only with ``--debug``).
For a file of several puzzles the most severe wins: 70, then 2, then 4, 1,
3, 5, 0; every puzzle has its own record on the output.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Sequence, TextIO

from .. import __version__, collector
from .._accelerator import engine
from ..errors import DeduceError
from ..formats import read_puzzles
from .common import (
    EXIT_BAD_INPUT,
    EXIT_HELP,
    EXIT_INTERNAL,
    EXIT_LIMIT,
    EXIT_MULTIPLE,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    EXIT_TIMEOUT,
    Output,
    _read_input,
    _solver,
)

if TYPE_CHECKING:
    from .rate import Progress, RateTable

__all__ = ["EXIT_BAD_INPUT", "EXIT_INTERNAL", "EXIT_LIMIT", "EXIT_MULTIPLE", "EXIT_NO_SOLUTION", "EXIT_OK",
           "EXIT_TIMEOUT", "Output", "Progress", "RateTable", "UsageError", "build_parser", "entry_point",
           "main"]

#: The command modules (of this package), in the order ``deduce --help`` lists them, each with the
#: commands it adds.  A command line naming one of them imports that module alone: ``deduce solve``
#: never loads the rater, the generator, the server or the renderers (tests/test_cli_lazy.py checks
#: this table against what each module adds).
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("solve", ("solve", "count")),
    ("explain", ("explain",)),
    ("hint", ("hint",)),
    ("rate", ("rate",)),
    ("techniques", ("techniques",)),
    ("convert", ("convert",)),
    ("generate", ("generate",)),
    ("serve", ("serve",)),
)


def command_module(name: str) -> ModuleType:
    """The command module ``name`` of :data:`COMMANDS` (imported on first use)."""
    return importlib.import_module(f"{__name__}.{name}")


def __getattr__(name: str) -> Any:
    """``Progress`` and ``RateTable`` (of :mod:`deduce.cli.rate`), imported when first asked for."""
    if name in ("Progress", "RateTable"):
        return getattr(command_module("rate"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def command_of(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs, when the parser needs only its module: the
    first word that is not an option, unless help is asked for before it;
    None (every module) otherwise, an unknown command included, so that
    argparse's own messages list them all."""
    for word in argv:
        if word == "--":
            return None
        if word.startswith("-"):
            if word in ("-h", "--help") or word.startswith("--h"):
                return None
            continue
        return word if any(word in commands for _, commands in COMMANDS) else None
    return None


class _Version(argparse.Action):
    """``--version``: the version and the engine in use, on one line (argparse's own action wraps it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> NoReturn:
        print(f"deduce {__version__}, engine: {engine()}")
        parser.exit()


class UsageError(Exception):
    """A command line argparse refused, as one line: ``deduce solve: ...``."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and no exit (the caller
    prints it and returns 2); subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser for every command, or for ``command``'s module only."""
    parser = Parser(prog="deduce", description="Solve, explain and count Sudoku-family puzzles.", epilog=EXIT_HELP)
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show the version and the engine in use (C accelerator or pure Python, and why)")
    parser.add_argument("--debug", action="store_true", help="on an internal error, print the traceback too")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, commands in COMMANDS:
        if command is None or command in commands:
            command_module(name).add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run one command; the exit code.  Nothing escapes but KeyboardInterrupt:
    an unexpected exception is one line (``internal error: ..., please
    report``) and exit 70, with the traceback under ``--debug``."""
    io = Output(out or sys.stdout, err or sys.stderr)
    argv = sys.argv[1:] if argv is None else list(argv)
    io.debug = "--debug" in argv[: argv.index("--") if "--" in argv else len(argv)]
    try:
        with collector.relaxed():   # (for the whole command: see deduce.collector)
            return _main(argv, io)
    except BrokenPipeError:
        raise
    except Exception as exc:
        io.internal(exc)
        return EXIT_INTERNAL


def _main(argv: list[str], io: Output) -> int:
    parser = build_parser(command_of(argv))
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        io.error_line(str(exc))
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help, --version
        return EXIT_BAD_INPUT if exc.code else EXIT_OK
    if getattr(args, "standalone", None) is not None:
        return int(args.standalone(args, io))
    if args.file == "-" and (sys.stdin is None or sys.stdin.closed):
        io.warn("standard input is closed; give a FILE or pipe puzzles in")
        return EXIT_BAD_INPUT
    try:
        text = _read_input(args.file)
    except OSError as exc:
        io.warn(f"{args.file}: {exc.strerror or exc}")
        return EXIT_BAD_INPUT
    except UnicodeDecodeError as exc:
        io.warn(f"{args.file}: not a text file (UTF-8 expected; byte {exc.start + 1} is not UTF-8)")
        return EXIT_BAD_INPUT
    except DeduceError as exc:
        io.warn(f"{args.file}: {exc}")
        return EXIT_BAD_INPUT
    except MemoryError:
        io.warn(f"{args.file}: the input is too large to read")
        return EXIT_BAD_INPUT
    try:
        entries = list(read_puzzles(text, args.fmt, symbols=args.symbols))
        # A solve by search needs no strategies: finding them costs more than some searches.
        needs_solver = getattr(args, "needs_solver", None)
        solver = _solver(args) if hasattr(args, "only") and (needs_solver is None or needs_solver(args)) else None
    except (DeduceError, KeyError) as exc:
        io.warn(str(exc).strip("'\""))
        return EXIT_BAD_INPUT
    for entry in entries:   # e.g. a jigsaw region in two pieces: said, and the solve goes on
        for warning in getattr(entry, "warnings", ()):
            io.warn(f"line {entry.line}: {warning}" if len(entries) > 1 else str(warning))
    if not entries:
        io.warn(f"{args.file}: no puzzle found")
        return EXIT_BAD_INPUT
    run: Callable[..., int] = args.run
    try:
        return run(args, entries, io, solver)
    except BrokenPipeError:
        return EXIT_OK


def entry_point() -> None:
    code: Any
    try:
        code = main()
        if sys.stdout is not None:
            sys.stdout.flush()
    except KeyboardInterrupt:
        print("deduce: interrupted", file=sys.stderr)
        code = 130
    except BrokenPipeError:
        # the reader went away (``deduce techniques | head``): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_OK
    sys.exit(code)
