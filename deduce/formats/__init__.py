"""Reading and writing puzzles in the formats people already use.

Reading (detected when ``fmt`` is not given; the README's table has an
example of each):

* ``line``: one puzzle per line, N² characters (jigsaw: then N² region
  ids; pencil marks: N³ characters); ``#`` comments, blank lines, anything
  after whitespace, ``;`` or ``,`` (a comment, a rating, a Sudoku Explainer
  ``serate`` line's ``ER/EP/ED``) ignored; ``csv`` files whose header names
  a ``puzzle`` or ``quizzes`` column;
* ``grid`` / ``bordered``: N rows of N characters, of N values, box-spaced
  or between ``|``, ``-``, ``+`` borders (:mod:`.text` has the blank-line rule);
* ``candidates``: pencil-mark grids, and HoDoKu library lines (``hodoku``)
  read as a position;
* ``json`` (deduce's documents) and ``fpuzzles`` documents; ``link``:
  f-puzzles, SudokuPad and SudokuWiki links (:mod:`.fpuzzles`);
* ``latin``, ``janko-jigsaw``, ``janko-killer``, ``killer-line``
  (:mod:`.layouts`).

Blanks are ``.``, ``0``, ``-``, ``*``, ``_`` or ``x`` unless the puzzle's
alphabet holds that character; the alphabet is inferred (a 6×6 written
with ``A``-``F`` reads as letters) unless ``symbols`` is given.

:func:`read_puzzles` yields one :class:`Entry` per puzzle, carrying either
the puzzle or the error found at that place, so a batch run can report a
bad line and carry on.  :func:`write_solution` writes a solution in the
format it was read in; :func:`write_puzzle` writes a puzzle in any format
that can hold it (:func:`fitting_formats`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

import attrs

from ..errors import DeduceError, ParseError
from ..geometry import BOX_SHAPES
from ..puzzle import Puzzle, size_for_length
from .base import (
    MAX_INPUT,
    MAX_LINE,
    PUZZLE_WRITERS,
    READERS,
    WRITERS,
    Entry,
    check_text,
    data_lines,
    infer_symbols,
    read_source,
)
from .fpuzzles import (
    FPUZZLES,
    FPUZZLES_LINK,
    LINK,
    SUDOKUPAD_LINK,
    SUDOKUWIKI,
    fits_fpuzzles,
    fits_sudokuwiki,
    fpuzzles_doc,
    looks_link,
    parse_link,
    puzzle_from_fpuzzles,
    read_links,
    write_fpuzzles,
    write_fpuzzles_link,
    write_sudokupad_link,
    write_sudokuwiki,
)
from .jsonfmt import JSON, puzzle_from_json, puzzle_to_json, read_json, write_json
from .layouts import (
    CAGE_LETTERS,
    JANKO_JIGSAW,
    JANKO_KILLER,
    KILLER_LINE,
    LATIN,
    LETTERS,
    _janko_blocks,
    fits_janko_jigsaw,
    fits_killer,
    fits_latin,
    looks_janko,
    looks_killer_line,
    looks_latin,
    parse_janko_jigsaw,
    parse_janko_killer,
    parse_killer_line,
    parse_latin,
    read_janko_jigsaw,
    read_janko_killer,
    read_killer_line,
    read_latin,
    write_janko,
    write_janko_jigsaw,
    write_janko_killer,
    write_killer_line,
    write_latin,
    write_latin_puzzle,
)
from .marks import (
    CANDIDATES,
    HODOKU,
    MARKS_LINE,
    Marks,
    entry_state,
    looks_candidates,
    looks_hodoku,
    parse_candidates,
    parse_hodoku,
    read_candidates,
    read_hodoku,
    write_candidates,
    write_candidates_grid,
    write_hodoku,
    write_marks_line,
)
from .text import (
    BORDERED,
    CSV,
    GRID,
    LINE,
    first_field,
    fits_grid,
    fits_line,
    is_border,
    is_header,
    is_title,
    line_kind,
    looks_csv,
    looks_grid,
    parse_grid_block,
    parse_jigsaw_line,
    parse_line,
    read_csv,
    read_grid,
    read_line,
    row_cells,
    write_bordered,
    write_grid,
    write_line,
)

__all__ = [
    "BORDERED",
    "CAGE_LETTERS",
    "CANDIDATES",
    "CSV",
    "DETECTORS",
    "FPUZZLES",
    "FPUZZLES_LINK",
    "GRID",
    "HODOKU",
    "JANKO_JIGSAW",
    "JANKO_KILLER",
    "JSON",
    "KILLER_LINE",
    "LATIN",
    "LETTERS",
    "LINE",
    "LINK",
    "MARKS_LINE",
    "MAX_INPUT",
    "MAX_LINE",
    "READERS",
    "SUDOKUPAD_LINK",
    "SUDOKUWIKI",
    "WRITABLE",
    "WRITERS",
    "Entry",
    "Marks",
    "detect_format",
    "entry_state",
    "fitting_formats",
    "fpuzzles_doc",
    "infer_symbols",
    "parse_candidates",
    "parse_grid_block",
    "parse_hodoku",
    "parse_janko_jigsaw",
    "parse_janko_killer",
    "parse_jigsaw_line",
    "parse_killer_line",
    "parse_latin",
    "parse_line",
    "parse_link",
    "puzzle_from_fpuzzles",
    "puzzle_from_json",
    "puzzle_to_json",
    "read_puzzle",
    "read_puzzles",
    "read_source",
    "same_puzzle",
    "write_candidates_grid",
    "write_puzzle",
    "write_solution",
]

#: Extra format detectors (format name, predicate over the first data lines),
#: tried in order after the unmistakable ones (JSON, links, HoDoKu, CSV).
DETECTORS: list[tuple[str, Callable[[list[str]], bool]]] = [
    (LATIN, looks_latin), (KILLER_LINE, looks_killer_line), (CANDIDATES, looks_candidates)]

_PROBE_LINES = 64


def detect_format(text: str) -> str:
    """The format of ``text``; raises :class:`ParseError` when nothing fits.

    >>> detect_format("53..7....\\n6..195...\\n.98....6.\\n8...6...3\\n4..8.3..1\\n7...2...6\\n"
    ...               ".6....28.\\n...419..5\\n....8..79\\n")
    'grid'
    >>> detect_format("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... # hard")
    'line'
    """
    lines = []
    for _, line in data_lines(text):
        lines.append(line)
        if len(lines) >= _PROBE_LINES:
            break
    if not lines:
        raise ParseError("the input is empty")
    if is_title(lines[0], lines[1] if len(lines) > 1 else None):
        lines = lines[1:]
    first = lines[0]
    if first.startswith(("{", "[", '"')) and not first.startswith("[Puzzle"):
        return JSON
    if looks_link(lines):
        return LINK
    if looks_hodoku(lines):
        return HODOKU
    if looks_csv(lines):
        return CSV
    for fmt, probe in DETECTORS:
        if probe(lines):
            return fmt
    if looks_janko(lines):
        return _janko_kind(text)
    if looks_grid(lines):
        return GRID
    kind = line_kind(first_field(first))
    if kind in ("jigsaw", "marks") or (kind == "grid" and size_for_length(len(first_field(first))) in BOX_SHAPES):
        return LINE
    if len(lines) == 1:   # one line is never a grid (a grid has 3 rows or more): read it as a puzzle line
        return LINE
    rows = [row_cells(ln) for ln in lines[:2 + _PROBE_LINES // 2] if not is_border(ln) and not is_header(ln)]
    if len(first.split()) > 1 or any("|" in ln for ln in lines[:3]) or (len(rows) > 1 and len(rows[0]) <= 25
                                                    and len(rows[1]) == len(rows[0])):
        return GRID
    return LINE


def _janko_kind(text: str) -> str:
    """janko-jigsaw when the ids form N regions of N cells and every value
    is 1-N (no killer can look like that: its sums would add up to too
    little), janko-killer when there is one sum per cage; else ask."""
    _janko_blocks(text)  # a wrong header or count of lines is named as such
    for fmt, parse in ((JANKO_JIGSAW, parse_janko_jigsaw), (JANKO_KILLER, parse_janko_killer)):
        try:
            parse(text)
        except DeduceError:
            continue
        return fmt
    raise ParseError("this looks like the 'R C' jigsaw/killer layout but reads as neither; "
                     "choose it with --format janko-jigsaw or --format janko-killer to see why", line=1)


def read_puzzles(text: str, fmt: str | None = None, *, symbols: str | None = None) -> Iterator[Entry]:
    """Every puzzle in ``text``, as entries (puzzle or error)."""
    try:
        text = check_text(text)
        if fmt is None:
            fmt = detect_format(text)
    except ParseError as exc:
        yield Entry(exc.line or 1, fmt or "unknown", error=exc)
        return
    if fmt not in READERS:
        yield Entry(1, fmt, error=ParseError(f"unknown format {fmt!r}; known: {', '.join(sorted(READERS))}"))
        return
    if symbols is not None and (not symbols or len(set(symbols)) != len(symbols)):
        yield Entry(1, fmt, error=ParseError(f"--symbols must be distinct characters, got {symbols!r}"))
        return
    for entry in READERS[fmt](text, {"symbols": symbols}):
        yield _one_line(entry)


#: How an error names the format it was read as (links name theirs at the start).
_READ_AS = {LINE: "a puzzle line", GRID: "a grid", BORDERED: "a bordered grid", CSV: "CSV", JSON: "JSON",
            FPUZZLES: "an f-puzzles document", CANDIDATES: "pencil marks", LATIN: "the Latin-square layout",
            JANKO_JIGSAW: "the Janko jigsaw layout", JANKO_KILLER: "the Janko killer layout",
            KILLER_LINE: "a killer line"}


def _one_line(entry: Entry) -> Entry:
    """The entry, its error message naming the format tried and kept to one
    printable line (input text quoted in it may hold anything)."""
    error = entry.error
    if error is None:
        return entry
    message = error.message if isinstance(error, ParseError) else str(error)
    message = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)
    if entry.format in _READ_AS:
        message += f" (read as {_READ_AS[entry.format]})"
    line = error.line if isinstance(error, ParseError) and error.line is not None else entry.line
    column = error.column if isinstance(error, ParseError) else None
    return attrs.evolve(entry, error=ParseError(message, line=line, column=column))


def read_puzzle(text: str, fmt: str | None = None, *, symbols: str | None = None) -> Puzzle:
    """Exactly one puzzle from ``text``; raises the entry's error if any."""
    entries = list(read_puzzles(text, fmt, symbols=symbols))
    if not entries:
        raise ParseError("no puzzle found")
    if entries[0].error is not None:
        raise entries[0].error
    assert entries[0].puzzle is not None
    return entries[0].puzzle


def write_solution(puzzle: Puzzle, values: Sequence[int], fmt: str, extra: Any = None) -> str:
    """``values`` written in format ``fmt`` (the input's own)."""
    return WRITERS[fmt](puzzle, values, extra)


def write_puzzle(puzzle: Puzzle, fmt: str) -> str:
    """``puzzle`` written in ``fmt`` (one of :data:`WRITABLE`); raises
    :class:`ParseError` when the format cannot hold it."""
    if fmt not in WRITABLE:
        raise ParseError(f"unknown format {fmt!r}; known: {', '.join(WRITABLE)}")
    fits, write = WRITABLE[fmt]
    why = fits(puzzle) or _holds_constraints(puzzle, fmt)
    if why:
        raise ParseError(f"{fmt} cannot hold this puzzle: {why}")
    return write(puzzle)


def fitting_formats(puzzle: Puzzle) -> list[str]:
    """The formats :func:`write_puzzle` can write ``puzzle`` in."""
    return [fmt for fmt, (fits, _) in WRITABLE.items() if not fits(puzzle) and not _holds_constraints(puzzle, fmt)]


def _holds_constraints(puzzle: Puzzle, fmt: str) -> str | None:
    """Why ``fmt`` cannot hold the puzzle's variant constraints (only f-puzzles documents and links do)."""
    if puzzle.constraints and fmt not in (FPUZZLES, FPUZZLES_LINK, SUDOKUPAD_LINK, JSON):
        return f"{fmt} holds no variant constraints (f-puzzles documents and links and deduce's JSON do)"
    return None


def same_puzzle(a: Puzzle, b: Puzzle) -> bool:
    """Same geometry, alphabet, givens, cages (cage order aside) and constraints."""
    return (a.geometry == b.geometry and a.symbols == b.symbols and a.givens == b.givens
            and sorted(map(repr, a.constraints)) == sorted(map(repr, b.constraints))
            and sorted((c.cells, c.total, c.repeats) for c in a.cages)
            == sorted((c.cells, c.total, c.repeats) for c in b.cages))


def _always(puzzle: Puzzle) -> str | None:
    return None


def _fits_boxes(puzzle: Puzzle) -> str | None:
    return fits_grid(puzzle)


def _fits_marks_line(puzzle: Puzzle) -> str | None:
    if puzzle.size in (4, 8):
        return "64 and 512 characters would read as a 8x8 grid or a 16x16 jigsaw line"
    return fits_grid(puzzle)


def _fits_hodoku(puzzle: Puzzle) -> str | None:
    return fits_sudokuwiki(puzzle) and "a HoDoKu library line holds classic 9x9 puzzles"


def _givens(write: Callable[[Puzzle, Sequence[int], Any], str]) -> Callable[[Puzzle], str]:
    return lambda p: write(p, p.givens, None)


#: Format -> (why a puzzle does not fit or None, writer), for ``deduce convert``.
WRITABLE: dict[str, tuple[Callable[[Puzzle], str | None], Callable[[Puzzle], str]]] = {
    LINE: (fits_line, _givens(write_line)),
    GRID: (_fits_boxes, _givens(write_grid)),
    BORDERED: (_fits_boxes, _givens(write_bordered)),
    CANDIDATES: (_fits_boxes, _givens(write_candidates)),
    MARKS_LINE: (_fits_marks_line, lambda p: write_marks_line(
        p, [1 << v if v >= 0 else (1 << p.size) - 1 for v in p.givens])),
    HODOKU: (_fits_hodoku, lambda p: write_hodoku(p, p.givens)),
    JSON: (_always, _givens(write_json)),
    FPUZZLES: (fits_fpuzzles, _givens(write_fpuzzles)),
    FPUZZLES_LINK: (fits_fpuzzles, _givens(write_fpuzzles_link)),
    SUDOKUPAD_LINK: (fits_fpuzzles, _givens(write_sudokupad_link)),
    SUDOKUWIKI: (fits_sudokuwiki, _givens(write_sudokuwiki)),
    JANKO_JIGSAW: (fits_janko_jigsaw, write_janko_jigsaw),
    JANKO_KILLER: (lambda p: fits_killer(p, 10 ** 6), write_janko_killer),
    KILLER_LINE: (fits_killer, write_killer_line),
    LATIN: (fits_latin, write_latin_puzzle),
}
PUZZLE_WRITERS.update({fmt: write for fmt, (_, write) in WRITABLE.items()})

READERS.update({LINE: read_line, GRID: read_grid, BORDERED: read_grid, CSV: read_csv, JSON: read_json,
                FPUZZLES: read_json, LINK: read_links, FPUZZLES_LINK: read_links, SUDOKUPAD_LINK: read_links,
                SUDOKUWIKI: read_links, LATIN: read_latin, JANKO_JIGSAW: read_janko_jigsaw,
                JANKO_KILLER: read_janko_killer, KILLER_LINE: read_killer_line, CANDIDATES: read_candidates,
                HODOKU: read_hodoku, MARKS_LINE: read_line})
WRITERS.update({LINE: write_line, GRID: write_grid, BORDERED: write_bordered, JSON: write_json,
                FPUZZLES: write_fpuzzles, FPUZZLES_LINK: write_fpuzzles_link, SUDOKUPAD_LINK: write_sudokupad_link,
                SUDOKUWIKI: write_sudokuwiki, LATIN: write_latin, JANKO_JIGSAW: write_janko,
                JANKO_KILLER: write_janko, KILLER_LINE: write_line, CANDIDATES: write_candidates})

