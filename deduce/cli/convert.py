"""``deduce convert FILE --to FORMAT``: a puzzle in another format, so it
opens in the app people play in (f-puzzles, SudokuPad, SudokuWiki,
HoDoKu...), and reads back in deduce without ``--format``."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import DeduceError
from ..formats import (
    CANDIDATES,
    HODOKU,
    MARKS_LINE,
    WRITABLE,
    Entry,
    entry_state,
    write_candidates_grid,
    write_hodoku,
    write_marks_line,
    write_puzzle,
)
from .common import EXIT_BAD_INPUT, EXIT_OK, Output, _each, _where, input_options
from .printing import PICTURES, add_print_options

#: Formats a puzzle written alone spreads over several lines (blank line between puzzles).
_MULTILINE = {"grid", "bordered", "candidates", "janko-jigsaw", "janko-killer", "latin", "svg"}


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("convert", help="write the puzzle in another format (f-puzzles, SudokuPad, grid ...)")
    input_options(p)
    p.add_argument("--to", required=True, choices=[*WRITABLE, *PICTURES], metavar="FORMAT",
                   help=f"output format: {', '.join(WRITABLE)}, or to print: svg (each clean grid), pdf (a sheet "
                        f"of puzzles, each with its level and ER, and one of answers)")
    add_print_options(p, output=True)
    p.set_defaults(run=cmd_convert)


def convert_entry(entry: Entry, to: str) -> str:
    """The entry's puzzle (or pencil-mark position) written in ``to``."""
    puzzle = entry.puzzle
    assert puzzle is not None
    if to == "svg":   # the clean grid, as printed
        from ..render.printed import puzzle_svg

        return puzzle_svg(puzzle)
    if entry.format == CANDIDATES and to in (CANDIDATES, MARKS_LINE, HODOKU) and entry.extra is not None:
        write_puzzle(puzzle, to)  # raises when the format cannot hold the puzzle
        marks = entry.extra
        if to == CANDIDATES:
            return write_candidates_grid(puzzle, marks)
        if to == MARKS_LINE:
            return write_marks_line(puzzle, marks)
        state = entry_state(entry)
        placed = [c for c in range(puzzle.ncells) if state.value[c] >= 0 and puzzle.givens[c] < 0]
        return write_hodoku(puzzle, state.value, placed, state.cand)
    return write_puzzle(puzzle, to)


def _has_marks(entry: Entry) -> bool:
    """The position says more than its givens (placed digits, removed candidates)."""
    from ..state import State

    assert entry.puzzle is not None
    return entry_state(entry).cand != State.from_puzzle(entry.puzzle).cand


def printed(entry: Entry, title: str) -> Any:
    """The entry's puzzle for the print sheet: its one solution, level and ER
    (raises DeduceError for a puzzle without exactly one solution)."""
    from ..backtrack import first_solutions
    from ..rating import Rater
    from ..render.sheet import PrintError, Sheet

    puzzle = entry.puzzle
    assert puzzle is not None
    found = first_solutions(puzzle, 2)
    if len(found) != 1:
        raise PrintError("no solution: nothing to print as its answer" if not found else
                         "several solutions: a printed puzzle needs exactly one")
    rating = Rater().rate(puzzle, solution=found[0])
    return Sheet(puzzle, tuple(found[0]), title, rating.level, rating.er)


def cmd_convert(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Any) -> int:
    many = len(entries) > 1
    failed = False
    written = 0
    sheets: list[Any] = []
    if args.output and args.to != "pdf":
        io.warn("--output is for --to pdf (the other formats go to standard output)")
        return EXIT_BAD_INPUT
    if args.to == "pdf":
        from .printing import check_pdf_output, check_pdf_ready

        problem = check_pdf_ready() or check_pdf_output(args.output, io.out)
        if problem:
            io.warn(problem)
            return EXIT_BAD_INPUT

    def handle(entry: Entry) -> int:
        nonlocal failed, written
        for warning in entry.warnings:
            io.warn(f"{_where(entry, True)}{warning}")
        if entry.format == CANDIDATES and args.to not in (CANDIDATES, MARKS_LINE, HODOKU) and _has_marks(entry):
            io.warn(f"{_where(entry, True)}{args.to} holds givens only: the pencil marks and placed digits are dropped")
        try:
            if args.to == "pdf":
                from .printing import heading

                sheets.append(printed(entry, heading(args.title, len(sheets) + 1)))
                return EXIT_OK
            text = convert_entry(entry, args.to)
        except DeduceError as exc:
            failed = True
            io.warn(f"{_where(entry, many)}{exc}")
            return EXIT_BAD_INPUT
        if written and args.to in _MULTILINE:
            io.print()
        io.print(text)
        written += 1
        return EXIT_OK

    status = _each(entries, io, args, handle)
    if args.to == "pdf" and sheets:
        from .printing import write_pdf

        try:
            write_pdf(sheets, args, args.output, io.out)
        except DeduceError as exc:
            io.warn(str(exc))
            return EXIT_BAD_INPUT
        except OSError as exc:
            io.warn(f"{args.output}: {exc.strerror or exc}")
            return EXIT_BAD_INPUT
    elif args.to == "pdf":
        io.warn("no puzzle to print")
        return EXIT_BAD_INPUT
    return EXIT_BAD_INPUT if failed else status
