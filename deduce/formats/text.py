"""Plain-text formats: one puzzle per line (with comments, ratings, CSV
columns), grids of N rows (characters, values, box-spaced, bordered) and
the writers of both.

A grid is N rows, N being the width of its first row; blank lines and
border lines (``|``, ``-``, ``+``, ``.---.``, ``:---+``) inside it are
ignored (they separate bands), and the row after the N-th starts the next
grid, so blank lines between grids separate puzzles.

>>> rows = "53. .7. ...\\n6.. 195 ...\\n.98 ... .6.\\n\\n8.. .6. ..3\\n4.. 8.3 ..1\\n7.. .2. ..6\\n\\n" \\
...        ".6. ... 28.\\n... 419 ..5\\n... .8. .79\\n"
>>> [e.puzzle.givens_string() for e in read_grid(rows, {})][0][:12]
'53..7....6..'
"""

from __future__ import annotations

import csv
import itertools
import re
from typing import Any, Iterator, Sequence

from ..errors import DeduceError, InvalidPuzzleError, ParseError
from ..geometry import Geometry
from ..puzzle import Puzzle, default_symbols, size_for_length
from .base import (
    BLANK_CHARS,
    Entry,
    at_line,
    data_lines,
    entry_of,
    infer_symbols,
    is_ascii_number,
    jigsaw_geometry,
    parse_cells,
    symbol_index,
)

LINE, GRID, BORDERED, CSV = "line", "grid", "bordered", "csv"

_BORDER = re.compile(r"^[\s\-=+|.:'*~]*$")
_HEADER = re.compile(r"^(\[[^\]]*\]|[A-Za-z][A-Za-z _-]{0,30}:(\s.*)?)$")
_FIRST_FIELD = re.compile(r"[\s;,]")


# -- one puzzle per line -------------------------------------------------------------------

def first_field(line: str) -> str:
    """The puzzle part of a collection line: up to whitespace, ``;`` or ``,``."""
    return _FIRST_FIELD.split(line, 1)[0]


def line_kind(token: str) -> str | None:
    """What a token of this length can be: ``grid`` (N²), ``jigsaw`` (2N²), ``marks`` (N³)."""
    n = len(token)
    if size_for_length(n):
        return "grid"
    if n % 2 == 0 and size_for_length(n // 2):
        return "jigsaw"
    root = round(n ** (1 / 3))
    if root ** 3 == n and 3 <= root <= 25:
        return "marks"
    return None


def is_title(line: str, following: str | None) -> bool:
    """A collection's title line (``HardestDatabase110626``): a word that is no
    puzzle, followed by a line that is one."""
    return (following is not None and line[:1].isalpha() and any(ch.islower() for ch in line)
            and line_kind(first_field(line)) is None and line_kind(first_field(following)) is not None)


def read_line(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    from .marks import parse_marks_line

    symbols = options.get("symbols")
    lines = data_lines(text)
    first = next(lines, None)
    if first is None:
        return
    second = next(lines, None)
    rest = [second] if second else []
    head = [] if is_title(first[1], second[1] if second else None) else [first]
    for lineno, line in itertools.chain(head, rest, lines):
        token = first_field(line)
        if line_kind(token) == "marks":
            yield parse_marks_line(token, lineno, symbols)
            continue
        yield entry_of(LINE, lineno, parse_line, token, symbols, source=token)


def parse_line(line: str, symbols: str | None = None) -> Puzzle:
    """A puzzle from one line of N² characters (or, jigsaw, N² givens then N² region ids).

    >>> parse_line("12..3...2...4..1").givens[:4]
    (0, 1, -1, -1)
    """
    kind = line_kind(line)
    if kind == "jigsaw":
        return parse_jigsaw_line(line, symbols)
    if kind != "grid":
        raise ParseError(
            f"expected N*N characters for a grid (81 for 9x9, 16, 36, 64, 144, 256, 625 ...), got {len(line)}")
    n = size_for_length(len(line))
    assert n is not None
    syms = infer_symbols(line, n, symbols)
    return Puzzle(Geometry.boxes(n), syms, tuple(parse_cells(line, syms)))


def parse_jigsaw_line(line: str, symbols: str | None = None) -> Puzzle:
    half = len(line) // 2
    n = size_for_length(half)
    assert n is not None
    syms = infer_symbols(line[:half], n, symbols)
    givens = parse_cells(line[:half], syms)
    try:
        geometry = jigsaw_geometry(list(line[half:]))
    except InvalidPuzzleError as exc:
        raise ParseError(f"region ids (columns {half + 1}-{len(line)}): {exc}") from None
    return Puzzle(geometry, syms, tuple(givens))


def write_line(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    text = "".join(puzzle.symbols[v] if v >= 0 else "." for v in values)
    if puzzle.geometry.is_jigsaw:
        text += "".join(puzzle.geometry.region_rows())
    return text


def fits_line(puzzle: Puzzle) -> str | None:
    if puzzle.cages:
        return "a line holds no cages"
    return None


# -- CSV with a puzzle column ------------------------------------------------------------

PUZZLE_COLUMNS = ("puzzle", "quizzes", "quiz", "givens", "grid", "sudoku")


def looks_csv(lines: list[str]) -> bool:
    header = [h.strip().lower() for h in lines[0].split(",")]
    return (len(header) > 1 or header[0] in PUZZLE_COLUMNS) and (any(h in PUZZLE_COLUMNS for h in header)
                                or {"puzz_color", "puzz_hint"} <= set(header))


def read_csv(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    from .layouts import KILLER_LINE, parse_killer_line

    symbols = options.get("symbols")
    lines = text.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith("#")), 0)
    try:
        rows = csv.reader(lines[start:])
        header = [h.strip().lower() for h in next(rows, [])]
    except csv.Error as exc:
        yield Entry(start + 1, CSV, error=ParseError(f"CSV: {exc}", line=start + 1))
        return
    killer = {"puzz_color", "puzz_hint"} <= set(header)
    columns = [header.index(h) for h in PUZZLE_COLUMNS if h in header]
    if not killer and not columns:
        yield Entry(start + 1, CSV, error=ParseError(
            f"CSV: the header names no puzzle column ({', '.join(PUZZLE_COLUMNS)})", line=start + 1))
        return
    col = -1 if killer else columns[0]
    lineno = start + 1
    try:
        for row in rows:
            lineno = start + 1 + rows.line_num - 1
            if not row or not "".join(row).strip():
                continue
            if killer:
                letters = row[header.index("puzz_color")].strip()
                letters = letters[1:] if letters[:1] == "K" and line_kind(letters[1:]) else letters
                line = f"{letters} {row[header.index('puzz_hint')].replace(' ', '')}"
                yield entry_of(KILLER_LINE, lineno, parse_killer_line, line, source=line)
                continue
            if len(row) <= col:
                yield Entry(lineno, CSV, error=ParseError(f"no {header[col]!r} column in this row", line=lineno))
                continue
            token = row[col].strip()
            yield entry_of(LINE, lineno, parse_line, token, symbols, source=token)
    except csv.Error as exc:
        yield Entry(lineno, CSV, error=ParseError(f"CSV: {exc}", line=lineno))


# -- grids of N rows -----------------------------------------------------------------------

def is_border(line: str) -> bool:
    """A border line of a printed grid: only ``-=+|.:'*~`` and spaces, with a run of dashes."""
    return bool(_BORDER.match(line)) and ("--" in line or "==" in line or "+" in line)


def is_header(line: str) -> bool:
    """``[Puzzle]`` or ``Author: ...`` lines of .sdk/.ss files."""
    return bool(_HEADER.match(line))


def row_cells(line: str) -> list[str]:
    """The cells of one printed row: single characters, or whole values when
    the row is N space-separated values (``10`` in a 16×16).

    >>> row_cells("| 5 3 . | . 7 . |")
    ['5', '3', '.', '.', '7', '.']
    >>> row_cells("53. .7. ...")
    ['5', '3', '.', '.', '7', '.', '.', '.', '.']
    >>> row_cells("1 10 . 16")
    ['1', '10', '.', '16']
    """
    tokens = line.replace("|", " ").split()
    if len(tokens) > 1 and not all(len(t) == 1 for t in tokens) and \
            all(len(t) == 1 or (t.isdigit() and not (is_ascii_number(t) and int(t) > 25)) for t in tokens):
        return tokens
    return list("".join(tokens))


def grid_rows(text: str) -> Iterator[tuple[int, str, bool]]:
    """(line number, line, blank) for every line a grid reader looks at."""
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#") or (line and (is_header(line) and "|" not in line)):
            continue
        yield lineno, line, not line


def read_grid(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    symbols = options.get("symbols")
    block: list[tuple[int, list[str]]] = []
    bordered = False
    width = 0
    skipping = False
    previous = (0, 0)  # (size, last line) of the grid just read, while no blank line follows it
    rest = 0  # rows still to pass over of a grid whose first row was short or long (reported once, there)
    for lineno, line, blank in grid_rows(text):
        if rest and not blank:
            rest -= 1
            continue
        if blank or skipping:
            skipping = skipping and not blank
            previous = previous if skipping or not blank else (0, 0)
            continue
        if is_border(line) and not (width and line == "-" * width and not bordered):
            bordered = True
            continue
        cells = row_cells(line)
        bordered = bordered or "|" in line
        if not block:
            width = len(cells)
        elif len(block) == 1 and len(cells) != width and size_for_length(len(cells) ** 2) is not None:
            # the first row is the odd one (the second row says the size): one error, at the first row
            first = block[0][0]
            yield Entry(first, GRID, error=ParseError(
                f"expected {len(cells)} values in this row, got {width}", line=first))
            rest, previous = len(cells) - 2, (len(cells), lineno)
            block, bordered, width = [], False, 0
            continue
        block.append((lineno, cells))
        if len(block) == width or size_for_length(width * width) is None:
            yield _grid_entry(block, symbols, bordered)
            skipping = size_for_length(width * width) is None  # one error for the whole block
            previous = (width, lineno)
            block, bordered, width = [], False, 0
    if block:
        size, end = previous
        if size == width and len(block) < width:
            yield Entry(block[0][0], GRID, error=ParseError(
                f"{len(block)} row(s) after the {size}x{size} grid that ends on line {end} (an extra row?)",
                line=block[0][0]))
            return
        yield _grid_entry(block, symbols, bordered)


def _grid_entry(block: list[tuple[int, list[str]]], symbols: str | None, bordered: bool) -> Entry:
    start = block[0][0]
    fmt = BORDERED if bordered else GRID
    try:
        puzzle = parse_grid_block(block, symbols)
    except DeduceError as exc:
        return Entry(start, fmt, error=at_line(exc, start))
    return Entry(start, fmt, puzzle=puzzle, warnings=puzzle.warnings)


def parse_grid_block(block: list[tuple[int, list[str]]], symbols: str | None = None) -> Puzzle:
    """N rows of N cells (characters, or values such as ``10``)."""
    n = len(block[0][1])
    if size_for_length(n * n) is None:
        raise ParseError(f"a row of {n} cells is not a supported size (3 to 25)", line=block[0][0])
    if len(block) < n:
        raise ParseError(f"expected {n} rows of {n} cells, found {len(block)} (the grid ends early)",
                         line=block[-1][0])
    for lineno, cells in block:
        if len(cells) != n:
            raise ParseError(f"expected {n} values in this row, got {len(cells)}", line=lineno)
    chars = {c for _, cells in block for c in cells if len(c) == 1}
    syms = infer_symbols(chars, n, symbols)
    numeric = syms == default_symbols(n)
    givens = []
    for lineno, cells in block:
        for col, tok in enumerate(cells, 1):
            if len(tok) > 1:
                if numeric and is_ascii_number(tok) and 1 <= int(tok) <= n:
                    givens.append(int(tok) - 1)
                    continue
                raise ParseError(f"cell {col}: {tok!r} is not a symbol of {syms} nor 1-{n}", line=lineno)
            try:
                givens.append(symbol_index(tok, syms))
            except InvalidPuzzleError as exc:
                raise ParseError(f"cell {col}: {exc}", line=lineno) from None
    return Puzzle(Geometry.boxes(n), syms, tuple(givens))


def looks_grid(lines: list[str]) -> bool:
    """The first rows form an N×N grid (borders and headers skipped)."""
    rows = [ln for ln in lines if not is_border(ln) and not (is_header(ln) and "|" not in ln)]
    if not rows:
        return False
    width = len(row_cells(rows[0]))
    if size_for_length(width * width) is None or len(rows) < width:
        return False
    if any(len(row_cells(r)) != width for r in rows[:width]):
        return False
    if len(rows[0].split()) > 1 or "|" in rows[0] or width not in (9, 16, 25):
        return True
    # nine lines of nine characters, or nine 3×3 puzzles?  A grid uses more than three symbols.
    used = {c for r in rows[:width] for c in row_cells(r) if c not in BLANK_CHARS}
    return len(used) > round(width ** 0.5)


def write_grid(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    """N rows of space-separated values, ``0`` for a blank (``.`` when ``0`` is a symbol)."""
    n = puzzle.size
    blank = "." if "0" in puzzle.symbols else "0"
    return "\n".join(" ".join(puzzle.symbols[values[r * n + c]] if values[r * n + c] >= 0 else blank
                              for c in range(n)) for r in range(n))


def write_bordered(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    """The givens grid as HoDoKu prints it: ``.---.`` borders, ``|`` between boxes.

    >>> p = Puzzle.from_string("1..." "..2." ".3.." "...4")
    >>> print(write_bordered(p, p.givens))
    .-----.-----.
    | 1 . | . . |
    | . . | 2 . |
    :-----+-----:
    | . 3 | . . |
    | . . | . 4 |
    '-----'-----'
    """
    g = puzzle.geometry
    assert g.box_shape is not None
    br, bc = g.box_shape
    n = g.size
    wide = n > 9 and puzzle.symbols == default_symbols(n)
    width = 2 if wide else 1

    def cell(v: int) -> str:
        if v < 0:
            return ".".rjust(width)
        return (str(v + 1) if wide else puzzle.symbols[v]).rjust(width)

    seg = "-" * (bc * (width + 1) + 1)
    top, mid, bottom = ("." + ".".join([seg] * (n // bc)) + ".", ":" + "+".join([seg] * (n // bc)) + ":",
                        "'" + "'".join([seg] * (n // bc)) + "'")
    lines = [top]
    for r in range(n):
        if r and r % br == 0:
            lines.append(mid)
        parts = [" ".join(cell(values[r * n + c]) for c in range(b, b + bc)) for b in range(0, n, bc)]
        lines.append("| " + " | ".join(parts) + " |")
    lines.append(bottom)
    return "\n".join(lines)


def fits_grid(puzzle: Puzzle) -> str | None:
    if puzzle.cages:
        return "a grid holds no cages"
    if puzzle.geometry.is_jigsaw:
        return "a grid holds no jigsaw regions"
    return None
