"""``deduce explain``: numbered, explained steps (text, JSON, HTML page).

Each step is written as soon as it is found.  Text: ``N. explanation`` lines,
then the outcome and the solution (several puzzles: a ``# line N: givens``
header before each block and an empty line after).  ``--json``: one object
per step as found, ``{"schema": 1, "line": L, "index": N, "step": {...}}``
(the step as in :func:`deduce.render.json.step_to_json`), then the puzzle's
result object ``{"schema": 1, "line": L, "puzzle", "status", "backtracking",
"solution", "steps": <number of steps>, "reason"?}``; a puzzle's record ends
with the one object that has a ``status``.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, Solver, SolveResult
from ..formats import Entry, write_solution
from ..render.json import SCHEMA, result_to_json, step_to_json
from ..render.words import TextRenderer
from ..step import Step
from .common import (
    EXIT_BAD_INPUT,
    EXIT_HELP,
    Output,
    _each,
    _exit_for,
    _target,
    _warn_outcome,
    input_options,
    technique_options,
)


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("explain", help="print numbered, explained steps and the solution", epilog=EXIT_HELP)
    input_options(p)
    technique_options(p)
    p.add_argument("--html", metavar="OUT.html",
                   help="also write an interactive page (one self-contained file) stepping through the solve; "
                        "with several puzzles, one page per puzzle: OUT-lineN.html, each named on stderr")
    p.set_defaults(run=cmd_explain)


def cmd_explain(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Solver) -> int:
    many = len(entries) > 1
    if args.html is not None and not _html_writable(args.html, io):
        return EXIT_BAD_INPUT

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        renderer = TextRenderer(puzzle)
        if many and not args.json:
            io.print(f"# line {entry.line}: {puzzle.givens_string()}")
        result: SolveResult | None = None
        index = 0
        for item in solver.iter_solve(_target(entry)):
            if isinstance(item, Step):
                index += 1
                if args.json:
                    io.json({"schema": SCHEMA, "line": entry.line, "index": index,
                             "step": step_to_json(item, puzzle, renderer)})
                else:
                    io.print(f"{index}. {renderer.explain(item)}")
            else:
                result = item
        assert result is not None
        if args.html:
            _write_html(args.html, result, entry, io, many)
        _warn_outcome(io, result, entry, many)
        if args.json:
            io.json({**result_to_json(result), "line": entry.line, "steps": len(result.steps)})
            return _exit_for(result)
        if result.status == NO_SOLUTION:
            io.print(f"No solution: {result.reason}.")
        else:
            if result.status == MULTIPLE_SOLUTIONS:
                io.print("The puzzle has several solutions; the first found is:")
            elif result.backtracking:
                io.print("Solution (trial and error was needed):")
            else:
                io.print("Solution (by logic alone):")
            assert result.solution is not None
            io.print(write_solution(puzzle, result.solution, entry.format, entry.extra))
        return _exit_for(result)

    return _each(entries, io, args, handle, separator="" if many and not args.json else None)


def _html_writable(path: str, io: Output) -> bool:
    """Whether a page can be written at ``path`` (checked before any work)."""
    folder = os.path.dirname(path) or "."
    if not path.strip():
        problem = "an empty file name"
    elif os.path.isdir(path):
        problem = "is a directory"
    elif not os.path.isdir(folder):
        problem = f"no such directory {folder!r}"
    elif not os.access(folder, os.W_OK):
        problem = f"directory {folder!r} is not writable"
    elif os.path.exists(path) and not os.access(path, os.W_OK):
        problem = "the file is not writable"
    else:
        return True
    io.warn(f"explain: --html {path}: {problem}")
    return False


def _write_html(path: str, result: SolveResult, entry: Entry, io: Output, many: bool) -> None:
    """One self-contained page per puzzle.  With several puzzles, each goes to
    ``OUT-lineN.html`` (N: the input line it starts on), and every file written
    is named on standard error."""
    from ..render.html import page_title, result_html

    if many:
        stem, dot, ext = path.rpartition(".")
        path = f"{stem}-line{entry.line}.{ext}" if dot and "/" not in ext else f"{path}-line{entry.line}"
    assert entry.puzzle is not None
    title = page_title(entry.puzzle, entry.extra)
    if many and title.startswith("deduce: "):
        title += f" (line {entry.line})"
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(result_html(result, title=title))
    except OSError as exc:
        io.warn(f"{path}: {exc.strerror or exc}")
        return
    if many:
        io.warn(f"line {entry.line}: page written to {path}")
