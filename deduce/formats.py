"""Reading and writing puzzles in the formats people already use.

Formats:

``line``
    One puzzle per line, N² characters, ``.`` or ``0`` for blanks (most
    public sets).  Blank lines and ``#`` comments are skipped.
``grid``
    N lines of N whitespace-separated symbols, ``0`` (or ``.``) for blanks;
    several grids may follow each other, separated by blank lines.
``json``
    A JSON document ``{"size": 9, "symbols": "...", "givens": "...",
    "regions": [...], "cages": [{"sum": 11, "cells": ["r1c1", "r1c2"],
    "repeats": false}]}`` where only ``size`` is required; several
    documents may be given one per line (JSON Lines).

:func:`read_puzzles` detects the format when it is not given and yields one
:class:`Entry` per puzzle, carrying either the puzzle or the error found at
that place, so a batch run can report a bad line and carry on.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator, Sequence

import attrs

from .errors import DeduceError, InvalidPuzzleError, ParseError
from .geometry import Geometry
from .puzzle import Cage, Puzzle, default_symbols, parse_symbol, size_for_length

LINE, GRID, JSON = "line", "grid", "json"


@attrs.frozen
class Entry:
    """One puzzle read from an input: ``puzzle`` or ``error``, with the
    1-based ``line`` where it starts and the ``format`` it was read as."""

    line: int
    format: str
    puzzle: Puzzle | None = None
    error: DeduceError | None = None
    source: str = ""
    #: Format-specific data needed to write the solution back the same way.
    extra: Any = None


# -- detection ---------------------------------------------------------------

def detect_format(text: str) -> str:
    """The format of ``text``: json, grid or line.

    Raises :class:`ParseError` when nothing fits.
    """
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise ParseError("the input is empty")
    first = lines[0].strip()
    if first.startswith("{") or first.startswith("["):
        return JSON
    for fmt, probe in DETECTORS:
        if probe(lines):
            return fmt
    if len(first.split()) > 1:
        return GRID
    return LINE


#: Extra format detectors (format name, predicate over the non-empty lines),
#: tried in order before the grid/line fallback.
DETECTORS: list[tuple[str, Callable[[list[str]], bool]]] = []

READERS: dict[str, Callable[[str, dict[str, Any]], Iterator[Entry]]] = {}
WRITERS: dict[str, Callable[[Puzzle, Sequence[int], Any], str]] = {}


def read_puzzles(text: str, fmt: str | None = None, *, symbols: str | None = None) -> Iterator[Entry]:
    """Every puzzle in ``text``, as entries (puzzle or error)."""
    if fmt is None:
        try:
            fmt = detect_format(text)
        except ParseError as exc:
            yield Entry(1, "unknown", error=exc)
            return
    if fmt not in READERS:
        yield Entry(1, fmt, error=ParseError(f"unknown format {fmt!r}; known: {', '.join(READERS)}"))
        return
    yield from READERS[fmt](text, {"symbols": symbols})


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


# -- line format -------------------------------------------------------------

def read_line(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            yield Entry(lineno, LINE, puzzle=parse_line(line, options.get("symbols")), source=line)
        except DeduceError as exc:
            yield Entry(lineno, LINE, error=_at_line(exc, lineno), source=line)


def parse_line(line: str, symbols: str | None = None) -> Puzzle:
    """A puzzle from one line of N² characters."""
    n = size_for_length(len(line))
    if n is None:
        raise ParseError(
            f"expected N*N characters for a grid (81 for 9x9, 16, 36, 64, 144, 256, 625 ...), got {len(line)}")
    syms = symbols or default_symbols(n)
    geometry = Geometry.boxes(n)
    givens = []
    for i, ch in enumerate(line):
        try:
            givens.append(parse_symbol(ch, syms))
        except InvalidPuzzleError:
            raise ParseError(f"unknown symbol {ch!r} (alphabet {syms})", column=i + 1) from None
    return Puzzle(geometry, syms, tuple(givens))


def write_line(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return "".join(puzzle.symbols[v] if v >= 0 else "." for v in values)


# -- grid format --------------------------------------------------------------

def read_grid(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    block: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines() + [""], 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if line:
            block.append((lineno, line))
            continue
        if not block:
            continue
        start = block[0][0]
        try:
            yield Entry(start, GRID, puzzle=parse_grid_block(block, options.get("symbols")),
                        source="\n".join(ln for _, ln in block))
        except DeduceError as exc:
            yield Entry(start, GRID, error=exc if isinstance(exc, ParseError) and exc.line else _at_line(exc, start))
        block = []


def parse_grid_block(block: list[tuple[int, str]], symbols: str | None = None) -> Puzzle:
    """N lines of N whitespace-separated symbols (0 or . blank)."""
    n = len(block)
    if size_for_length(n * n) is None:
        raise ParseError(f"a grid of {n} lines is not a supported size", line=block[0][0])
    syms = symbols or default_symbols(n)
    givens = []
    for lineno, line in block:
        tokens = line.split()
        if len(tokens) != n:
            raise ParseError(f"expected {n} values in this row, got {len(tokens)}", line=lineno)
        col = 0
        for tok in tokens:
            col = line.index(tok, col) + 1
            if tok in ("0", ".") and tok not in syms:
                givens.append(-1)
                continue
            idx = syms.find(tok) if len(tok) == 1 else -1
            if idx < 0 and tok.isdigit() and syms == default_symbols(n) and 1 <= int(tok) <= n:
                idx = int(tok) - 1  # 10, 11 ... in grids of size 10 and more
            if idx < 0:
                raise ParseError(f"unknown symbol {tok!r} (alphabet {syms})", line=lineno, column=col)
            givens.append(idx)
    return Puzzle(Geometry.boxes(n), syms, tuple(givens))


def write_grid(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    n = puzzle.size
    syms = puzzle.symbols
    return "\n".join(" ".join(syms[values[r * n + c]] if values[r * n + c] >= 0 else "0" for c in range(n))
                     for r in range(n))


# -- JSON ---------------------------------------------------------------------

def read_json(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    stripped = text.strip()
    docs: list[tuple[int, str]]
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
        docs = [(i, ln) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    else:
        first_line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.strip())
        if isinstance(whole, list):
            for k, doc in enumerate(whole):
                yield _json_entry(doc, first_line, f"item {k + 1}")
            return
        yield _json_entry(whole, first_line, "")
        return
    for lineno, line in docs:
        try:
            doc = json.loads(line)
        except json.JSONDecodeError as exc:
            yield Entry(lineno, JSON, error=ParseError(f"invalid JSON: {exc.msg}", line=lineno, column=exc.colno))
            continue
        yield _json_entry(doc, lineno, "")


def _json_entry(doc: Any, lineno: int, where: str) -> Entry:
    try:
        puzzle = puzzle_from_json(doc)
    except DeduceError as exc:
        msg = f"{where}: {exc}" if where else str(exc)
        return Entry(lineno, JSON, error=ParseError(msg, line=lineno))
    return Entry(lineno, JSON, puzzle=puzzle, source=json.dumps(doc), extra=doc)


def puzzle_from_json(doc: Any) -> Puzzle:
    """A puzzle from a parsed JSON document (see the module docstring)."""
    if not isinstance(doc, dict):
        raise InvalidPuzzleError("a puzzle document must be a JSON object")
    unknown = set(doc) - {"size", "symbols", "givens", "regions", "cages", "solution", "name", "id", "title"}
    if unknown:
        raise InvalidPuzzleError(f"unknown field(s) {', '.join(sorted(unknown))}")
    size = doc.get("size")
    if not isinstance(size, int) or isinstance(size, bool):
        raise InvalidPuzzleError("'size' is required and must be an integer")
    symbols = doc.get("symbols") or default_symbols(size)
    if not isinstance(symbols, str):
        raise InvalidPuzzleError("'symbols' must be a string")
    regions = doc.get("regions")
    if regions is not None:
        if not isinstance(regions, list) or len(regions) != size:
            raise InvalidPuzzleError(f"'regions' must be a list of {size} rows")
        rows = []
        for i, row in enumerate(regions):
            if isinstance(row, str):
                row = list(row.replace(" ", ""))
            if not isinstance(row, list) or len(row) != size:
                raise InvalidPuzzleError(f"'regions' row {i + 1} must have {size} region ids")
            rows.append(row)
        geometry = Geometry.jigsaw(rows)
        if geometry.size != size:
            raise InvalidPuzzleError(f"'regions' describe a {geometry.size}x{geometry.size} grid, not {size}")
    else:
        geometry = Geometry.boxes(size)
    if len(symbols) != size:
        raise InvalidPuzzleError(f"'symbols' must have {size} characters, got {len(symbols)}")
    givens_text = doc.get("givens", "." * size * size)
    if not isinstance(givens_text, str):
        raise InvalidPuzzleError("'givens' must be a string")
    givens_text = "".join(givens_text.split())
    if len(givens_text) != size * size:
        raise InvalidPuzzleError(f"'givens' must have {size * size} characters, got {len(givens_text)}")
    givens = []
    for i, ch in enumerate(givens_text):
        try:
            givens.append(parse_symbol(ch, symbols))
        except InvalidPuzzleError:
            raise InvalidPuzzleError(
                f"'givens' position {i + 1} ({geometry.cell_name(i)}): unknown symbol {ch!r} (alphabet {symbols})"
            ) from None
    cages = []
    for k, c in enumerate(doc.get("cages") or []):
        if not isinstance(c, dict) or "sum" not in c or "cells" not in c:
            raise InvalidPuzzleError(f"cage {k + 1} must be an object with 'sum' and 'cells'")
        total = c["sum"]
        if not isinstance(total, int) or isinstance(total, bool):
            raise InvalidPuzzleError(f"cage {k + 1}: 'sum' must be an integer")
        try:
            cells = [geometry.parse_cell(x) if isinstance(x, str) else _cell_from_pair(x, geometry)
                     for x in c["cells"]]
        except InvalidPuzzleError as exc:
            raise InvalidPuzzleError(f"cage {k + 1} (sum {total}): {exc}") from None
        if len(set(cells)) != len(cells):
            raise InvalidPuzzleError(f"cage {k + 1} (sum {total}) lists a cell twice")
        cages.append(Cage(total, tuple(cells), bool(c.get("repeats", False))))
    return Puzzle(geometry, symbols, tuple(givens), tuple(cages))


def _cell_from_pair(x: Any, g: Geometry) -> int:
    if isinstance(x, list) and len(x) == 2 and all(isinstance(v, int) for v in x):
        return g.parse_cell(f"r{x[0]}c{x[1]}")
    raise InvalidPuzzleError(f"{x!r} is not a cell (use 'r1c2' or [1, 2])")


def puzzle_to_json(puzzle: Puzzle, values: Sequence[int] | None = None) -> dict[str, Any]:
    """A JSON document for ``puzzle`` (givens replaced by ``values`` if given)."""
    g = puzzle.geometry
    cells = values if values is not None else puzzle.givens
    doc: dict[str, Any] = {"size": puzzle.size}
    if puzzle.symbols != default_symbols(puzzle.size):
        doc["symbols"] = puzzle.symbols
    doc["givens"] = "".join(puzzle.symbols[v] if v >= 0 else "." for v in cells)
    if g.is_jigsaw:
        doc["regions"] = g.region_rows()
    if puzzle.cages:
        doc["cages"] = [{"sum": c.total, "cells": [g.cell_name(x) for x in c.cells], "repeats": c.repeats}
                        for c in puzzle.cages]
    return doc


def write_json(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return json.dumps(puzzle_to_json(puzzle, values))


def _at_line(exc: DeduceError, lineno: int) -> DeduceError:
    if isinstance(exc, ParseError):
        return exc.at_line(lineno) if exc.line is None else exc
    return ParseError(str(exc), line=lineno)


READERS.update({LINE: read_line, GRID: read_grid, JSON: read_json})
WRITERS.update({LINE: write_line, GRID: write_grid, JSON: write_json})
