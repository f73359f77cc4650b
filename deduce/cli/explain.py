"""``deduce explain``: numbered, explained steps (text, JSON, HTML page)."""

from __future__ import annotations

import argparse
from typing import Any

from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, SolveResult, Solver
from ..formats import Entry, write_solution
from ..render.json import result_to_json
from ..render.text import TextRenderer
from .common import Output, _each, _exit_for, _solve_entry, input_options, technique_options


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("explain", help="print numbered, explained steps and the solution")
    input_options(p)
    technique_options(p)
    p.add_argument("--html", metavar="OUT.html", help="also write an interactive page (one self-contained file) stepping through the solve; "
                        "with several puzzles, one page per puzzle: OUT-lineN.html, each named on stderr")
    p.set_defaults(run=cmd_explain)


def cmd_explain(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Solver) -> int:
    many = len(entries) > 1

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        result = _solve_entry(solver, entry)
        if args.html:
            _write_html(args.html, result, entry, io, many)
        if args.json:
            io.json(result_to_json(result, steps=True))
            return _exit_for(result)
        if many:
            io.print(f"# line {entry.line}: {puzzle.givens_string()}")
        renderer = TextRenderer(puzzle)
        for i, step in enumerate(result.steps, 1):
            io.print(f"{i}. {renderer.explain(step)}")
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
        if many:
            io.print()
        return _exit_for(result)

    return _each(entries, io, args, handle)


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
