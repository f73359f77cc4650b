"""``deduce solve`` and ``deduce count``."""

from __future__ import annotations

import argparse
from typing import Any

from .. import backtrack
from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, SOLVED_WITH_BACKTRACKING, Solver
from ..errors import Contradiction
from ..formats import Entry, write_solution
from ..render.json import SCHEMA, result_to_json
from .common import (EXIT_BAD_INPUT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, Output, _each, _exit_for,
                     _solve_entry, _where, input_options, technique_options)


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("solve", help="print the solution in the input's own format")
    input_options(p)
    technique_options(p)
    p.add_argument("--all", action="store_true", help="print every solution")
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("count", help="count solutions, up to a limit")
    input_options(p)
    p.add_argument("--limit", type=int, default=1000, help="stop counting here (default 1000)")
    p.set_defaults(run=cmd_count)


def cmd_solve(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Solver) -> int:
    many = len(entries) > 1

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        if args.all:
            return _solve_all(entry, io, args, many)
        result = _solve_entry(solver, entry)
        if args.json:
            io.json(result_to_json(result))
        elif result.solution is None:
            io.print("no solution")
        else:
            io.print(write_solution(puzzle, result.solution, entry.format, entry.extra))
        if result.status == NO_SOLUTION:
            io.warn(f"{_where(entry, many)}no solution: {result.reason}")
        elif result.status == MULTIPLE_SOLUTIONS:
            io.warn(f"{_where(entry, many)}the puzzle has several solutions; printed the first")
        return _exit_for(result)

    return _each(entries, io, args, handle)


def _solve_all(entry: Entry, io: Output, args: argparse.Namespace, many: bool) -> int:
    puzzle = entry.puzzle
    assert puzzle is not None
    count = 0
    try:
        for sol in backtrack.iter_solutions(puzzle):
            count += 1
            if args.json:
                io.json({"schema": SCHEMA, "puzzle": puzzle.givens_string(), "index": count,
                         "solution": "".join(puzzle.symbols[v] for v in sol)})
                continue
            text = write_solution(puzzle, sol, entry.format, entry.extra)
            if count > 1 and "\n" in text:
                io.print()
            io.print(text)
    except Contradiction as exc:
        io.warn(f"{_where(entry, many)}no solution: {exc.reason}")
        return EXIT_NO_SOLUTION
    if count == 0:
        if not args.json:
            io.print("no solution")
        io.warn(f"{_where(entry, many)}no solution")
        return EXIT_NO_SOLUTION
    return EXIT_OK if count == 1 else EXIT_MULTIPLE


def cmd_count(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Any) -> int:
    if args.limit < 1:
        io.warn("--limit must be at least 1")
        return EXIT_BAD_INPUT

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        first, count = None, 0
        try:
            for sol in backtrack.iter_solutions(puzzle):
                first = first if first is not None else sol
                count += 1
                if count >= args.limit:
                    break
        except Contradiction:
            pass
        limit_reached = count >= args.limit
        if args.json:
            status = NO_SOLUTION if count == 0 else SOLVED_WITH_BACKTRACKING if count == 1 else MULTIPLE_SOLUTIONS
            io.json({"schema": SCHEMA, "puzzle": puzzle.givens_string(), "status": status,
                     "backtracking": True, "count": count, "limit_reached": limit_reached,
                     "solution": "".join(puzzle.symbols[v] for v in first) if first is not None else None})
        else:
            io.print(f"{count}+" if limit_reached else str(count))
        return EXIT_NO_SOLUTION if count == 0 else EXIT_OK if count == 1 else EXIT_MULTIPLE

    return _each(entries, io, args, handle)


