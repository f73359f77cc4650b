"""What every command shares: where output goes, exit codes, reading input,
the solver options and the loop over a file's puzzles."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, TextIO

from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, SolveResult, Solver
from ..formats import CANDIDATES, Entry, entry_state
from ..render.json import SCHEMA
from ..techniques import PROFILES, select

EXIT_OK, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_MULTIPLE = 0, 1, 2, 3


def input_options(p: argparse.ArgumentParser) -> None:
    """The input file and how to read it, plus JSON output."""
    p.add_argument("file", nargs="?", default="-", help="puzzle file, or - for standard input (default)")
    p.add_argument("--format", dest="fmt", help="input format (detected when not given)")
    p.add_argument("--symbols", help="alphabet, e.g. ABCDEF (default 1-9 then A-Z)")
    p.add_argument("--json", action="store_true", help="JSON Lines output, one object per puzzle")


def technique_options(p: argparse.ArgumentParser) -> None:
    """Which techniques a logical solve may use."""
    p.add_argument("--only", help="use only these techniques (codes, names or families, comma-separated)")
    p.add_argument("--exclude", help="never use these techniques")
    p.add_argument("--no-uniqueness", action="store_true", help="never use uniqueness techniques")
    p.add_argument("--profile", choices=sorted(PROFILES), default="deduce",
                   help="technique set and order of trial: deduce (default), full (adds mutant fish and "
                        "nested forcing chains), se (Sudoku Explainer's), hodoku (HoDoKu's)")


class Output:
    """Where the command writes; kept apart so tests can capture it."""

    def __init__(self, out: TextIO, err: TextIO):
        self.out = out
        self.err = err

    def print(self, text: str = "") -> None:
        print(text, file=self.out)

    def warn(self, text: str) -> None:
        print(f"deduce: {text}", file=self.err)

    def json(self, doc: dict[str, Any]) -> None:
        print(json.dumps(doc, ensure_ascii=False), file=self.out)
        self.out.flush()


def _read_input(name: str) -> str:
    """The text of ``name`` or ``-`` (bounded, BOM and CRLF taken away);
    an input too large to be a puzzle file is an OSError naming the line."""
    from ..errors import DeduceError
    from ..formats import read_source

    try:
        return read_source(name)
    except DeduceError as exc:
        raise OSError(str(exc)) from None


def _solver(args: argparse.Namespace) -> Solver:
    only = select(args.only) if args.only else None
    exclude = select(args.exclude) if args.exclude else set()
    return Solver(profile=args.profile, only=only, exclude=exclude, uniqueness=not args.no_uniqueness)


def _each(entries: list[Entry], io: Output, args: argparse.Namespace,
          handle: Callable[[Entry], int]) -> int:
    """Run ``handle`` on every entry; report bad ones and carry on."""
    single = len(entries) == 1
    bad = False
    status = EXIT_OK
    for entry in entries:
        if entry.error is not None:
            bad = True
            io.warn(str(entry.error))
            if args.json:
                io.json({"schema": SCHEMA, "status": "invalid", "line": entry.line, "error": str(entry.error)})
            continue
        status = handle(entry)
    if bad:
        return EXIT_BAD_INPUT
    return status if single else EXIT_OK


def _exit_for(result: SolveResult) -> int:
    if result.status == NO_SOLUTION:
        return EXIT_NO_SOLUTION
    if result.status == MULTIPLE_SOLUTIONS:
        return EXIT_MULTIPLE
    return EXIT_OK


def _where(entry: Entry, many: bool) -> str:
    return f"line {entry.line}: " if many else ""


def _solve_entry(solver: Solver, entry: Entry) -> SolveResult:
    assert entry.puzzle is not None
    if entry.format == CANDIDATES:
        return solver.solve(entry_state(entry))
    return solver.solve(entry.puzzle)


