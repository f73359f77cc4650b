"""``deduce solve`` and ``deduce count``.

``solve`` answers by search (status ``solved``, ``no-solution`` or
``multiple-solutions``) and prints the solution in the input's own format;
``--logic`` solves step by step instead (as ``explain`` does, without the
words).  ``count`` counts solutions up to ``--limit``.
"""

from __future__ import annotations

import argparse
from typing import Any

from .. import backtrack
from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, NO_SOLUTION_BY_SEARCH, SOLVED, Solver, SolveResult, search
from ..errors import Contradiction
from ..formats import JSON, KILLER_LINE, LINE, Entry, write_solution
from ..render.schema import SCHEMA
from .common import (
    EXIT_BAD_INPUT,
    EXIT_HELP,
    EXIT_LIMIT,
    EXIT_MULTIPLE,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    LIMIT_REACHED,
    Output,
    _each,
    _exit_for,
    _target,
    _warn_outcome,
    _where,
    input_options,
    record,
    technique_options,
    timeout_option,
)


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("solve", help="print the solution in the input's own format (found by search)",
                       epilog=EXIT_HELP)
    input_options(p)
    technique_options(p)
    how = p.add_mutually_exclusive_group()
    how.add_argument("--all", action="store_true", help="print every solution")
    how.add_argument("--logic", action="store_true",
                     help="solve step by step with the techniques (--only, --exclude and --profile imply it)")
    p.set_defaults(run=cmd_solve, needs_solver=_logic)

    p = sub.add_parser("count", help="count solutions, up to a limit", epilog=EXIT_HELP)
    input_options(p)
    p.add_argument("--limit", type=int, default=1000, help="stop counting here (default 1000)")
    timeout_option(p)
    p.set_defaults(run=cmd_count)


def _logic(args: argparse.Namespace) -> bool:
    """True when the solve goes step by step (and needs the strategies), False when by search."""
    return bool(args.logic or args.only or args.exclude or args.profile != "deduce")


def cmd_solve(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Solver) -> int:
    many = len(entries) > 1
    logic = _logic(args)
    if args.all and logic:
        io.warn("solve: --all lists solutions by search; it does not combine with --only, --exclude or --profile")
        return EXIT_BAD_INPUT

    def handle(entry: Entry) -> int:
        if args.all:
            return _solve_all(entry, io, args, many)
        result = solver.solve(_target(entry)) if logic else search(_target(entry))
        _print_result(result, entry, io, args, many)
        return _exit_for(result)

    return _each(entries, io, args, handle, separator=_block_separator(entries, args))


#: Formats whose solution is one line: several puzzles need no separator.
ONE_LINE_FORMATS = (LINE, KILLER_LINE, JSON)


def _block_separator(entries: list[Entry], args: argparse.Namespace) -> str | None:
    """An empty line between the records of several puzzles written as
    blocks (grids), so the output reads back; None for one-line records."""
    formats = {e.format for e in entries if e.puzzle is not None}
    if len(entries) < 2 or args.json or formats <= set(ONE_LINE_FORMATS):
        return None
    return ""


def _print_result(result: SolveResult, entry: Entry, io: Output, args: argparse.Namespace, many: bool) -> None:
    """A solve's record: the solution in the input's format (or JSON), and a
    comment line instead when there is none; what is unusual goes to stderr."""
    if args.json:
        from ..render.json import result_to_json  # (the renderers: only for JSON)

        io.json({**result_to_json(result), "line": entry.line})
    elif result.solution is not None:
        io.print(write_solution(result.puzzle, result.solution, entry.format, entry.extra))
    _warn_outcome(io, result, entry, many)
    if result.status == NO_SOLUTION and not args.json:
        record(io, args, entry, NO_SOLUTION, result.reason)


def _solve_all(entry: Entry, io: Output, args: argparse.Namespace, many: bool) -> int:
    puzzle = entry.puzzle
    assert puzzle is not None
    count = 0
    try:
        for sol in backtrack.iter_solutions(_target(entry)):
            count += 1
            if args.json:
                io.json({"schema": SCHEMA, "line": entry.line, "puzzle": puzzle.givens_string(), "index": count,
                         "solution": "".join(puzzle.symbols[v] for v in sol)})
                continue
            text = write_solution(puzzle, sol, entry.format, entry.extra)
            if count > 1 and "\n" in text:
                io.print()
            io.print(text)
    except Contradiction as exc:
        return _no_solution(entry, io, args, many, exc.reason)
    if count == 0:
        return _no_solution(entry, io, args, many, NO_SOLUTION_BY_SEARCH)
    status, code = (SOLVED, EXIT_OK) if count == 1 else (MULTIPLE_SOLUTIONS, EXIT_MULTIPLE)
    if args.json:  # the puzzle's record ends with the one object that has a status
        io.json({"schema": SCHEMA, "line": entry.line, "puzzle": puzzle.givens_string(), "status": status,
                 "count": count})
    return code


def _no_solution(entry: Entry, io: Output, args: argparse.Namespace, many: bool, reason: str) -> int:
    io.warn(f"{_where(entry, many)}no solution: {reason}")
    record(io, args, entry, NO_SOLUTION, reason)
    return EXIT_NO_SOLUTION


def cmd_count(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Any) -> int:
    if args.limit < 1:
        io.warn(f"count: --limit must be at least 1, got {args.limit}")
        return EXIT_BAD_INPUT
    many = len(entries) > 1

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        count, first, reason = count_up_to(entry, args.limit + 1)
        exact = count <= args.limit
        count = min(count, args.limit)
        if count == 0:
            status, code = NO_SOLUTION, EXIT_NO_SOLUTION
            io.warn(f"{_where(entry, many)}no solution: {reason}")
        elif not exact:
            status, code = LIMIT_REACHED, EXIT_LIMIT
            io.warn(f"{_where(entry, many)}stopped counting at --limit {args.limit}: there are more solutions")
        elif count == 1:
            status, code = SOLVED, EXIT_OK
        else:
            status, code = MULTIPLE_SOLUTIONS, EXIT_MULTIPLE
        if args.json:
            doc = {"schema": SCHEMA, "line": entry.line, "puzzle": puzzle.givens_string(), "status": status,
                   "backtracking": True, "count": count, "limit": args.limit, "limit_reached": not exact,
                   "solution": None if first is None else "".join(puzzle.symbols[v] for v in first)}
            if reason:
                doc["reason"] = reason
            io.json(doc)
        else:
            io.print(f"{count}+" if not exact else str(count))
        return code

    return _each(entries, io, args, handle)


def count_up_to(entry: Entry, limit: int) -> tuple[int, tuple[int, ...] | None, str]:
    """(solutions found, at most ``limit``; the first; why there are none, when none)."""
    count, first = 0, None
    try:
        for sol in backtrack.iter_solutions(_target(entry)):
            count += 1
            first = first or sol
            if count >= limit:
                break
    except Contradiction as exc:
        return 0, None, exc.reason
    return count, first, "" if count else NO_SOLUTION_BY_SEARCH
