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

#: Formats a puzzle written alone spreads over several lines (blank line between puzzles).
_MULTILINE = {"grid", "bordered", "candidates", "janko-jigsaw", "janko-killer", "latin"}


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("convert", help="write the puzzle in another format (f-puzzles, SudokuPad, grid ...)")
    input_options(p)
    p.add_argument("--to", required=True, choices=list(WRITABLE), metavar="FORMAT",
                   help=f"output format: {', '.join(WRITABLE)}")
    p.set_defaults(run=cmd_convert)


def convert_entry(entry: Entry, to: str) -> str:
    """The entry's puzzle (or pencil-mark position) written in ``to``."""
    puzzle = entry.puzzle
    assert puzzle is not None
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


def cmd_convert(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Any) -> int:
    many = len(entries) > 1
    failed = False
    written = 0

    def handle(entry: Entry) -> int:
        nonlocal failed, written
        for warning in entry.warnings:
            io.warn(f"{_where(entry, True)}{warning}")
        if entry.format == CANDIDATES and args.to not in (CANDIDATES, MARKS_LINE, HODOKU) and _has_marks(entry):
            io.warn(f"{_where(entry, True)}{args.to} holds givens only: the pencil marks and placed digits are dropped")
        try:
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
    return EXIT_BAD_INPUT if failed else status
