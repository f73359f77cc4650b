"""The ``deduce`` command line tool.

    deduce solve   [FILE|-] [--all] [--json] [--format F]
    deduce explain [FILE|-] [--json] [--only CODES] [--exclude CODES]
    deduce count   [FILE|-] [--limit N] [--json]
    deduce hint    [FILE|-] [--level nudge|clue|full] [--json]
    deduce rate    [FILE|-] [--csv | --json] [--jobs N] [--timeout S] [--no-uniqueness]
    deduce techniques [NAME]

Exit status: 0 solved with a unique solution; 1 no solution; 2 malformed
input; 3 several solutions.  For a file of several puzzles: 2 if any entry
was malformed, else 0 (each puzzle's outcome is on its own output line).
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence, TextIO

from .. import __version__
from ..errors import DeduceError
from ..formats import read_puzzles
from . import convert, explain, hint, rate, solve, techniques
from .common import EXIT_BAD_INPUT, EXIT_OK, Output, _read_input, _solver
from .rate import Progress, RateTable

__all__ = ["EXIT_BAD_INPUT", "EXIT_OK", "Output", "Progress", "RateTable", "build_parser", "entry_point", "main"]

#: The command modules, in the order ``deduce --help`` lists them.
COMMANDS = (solve, explain, hint, rate, techniques, convert)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deduce", description="Solve, explain and count Sudoku-family puzzles.")
    parser.add_argument("--version", action="version", version=f"deduce {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    io = Output(out or sys.stdout, err or sys.stderr)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_BAD_INPUT if exc.code else EXIT_OK
    if getattr(args, "standalone", None) is not None:
        return int(args.standalone(args, io))
    try:
        text = _read_input(args.file)
    except OSError as exc:
        io.warn(f"{args.file}: {exc.strerror or exc}")
        return EXIT_BAD_INPUT
    except UnicodeDecodeError:
        io.warn(f"{args.file}: not a text file (UTF-8 expected)")
        return EXIT_BAD_INPUT
    try:
        entries = list(read_puzzles(text, args.fmt, symbols=args.symbols))
        solver = _solver(args) if hasattr(args, "only") else None
    except (DeduceError, KeyError) as exc:
        io.warn(str(exc).strip("'\""))
        return EXIT_BAD_INPUT
    if not entries:
        io.warn(f"{args.file}: no puzzle found")
        return EXIT_BAD_INPUT
    run: Callable[..., int] = args.run
    try:
        return run(args, entries, io, solver)
    except BrokenPipeError:
        return EXIT_OK


def entry_point() -> None:
    try:
        code = main()
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        # the reader went away (``deduce techniques | head``): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_OK
    sys.exit(code)
