"""deduce's own JSON documents (one, a list, or JSON Lines); f-puzzles
documents (an object with a ``grid``) found among them are read as such."""

from __future__ import annotations

import json
from typing import Any, Iterator, Sequence

from ..errors import DeduceError, InvalidPuzzleError, ParseError
from ..geometry import MAX_SIZE, MIN_SIZE, Geometry
from ..puzzle import Cage, Puzzle, default_symbols
from .base import Entry, jigsaw_geometry, loads, symbol_index
from .fpuzzles import constraints_doc, constraints_from_doc

JSON = "json"
FIELDS = {"size", "symbols", "givens", "regions", "cages", "constraints", "solution", "name", "id", "title", "author"}


def _parses(line: str) -> bool:
    try:
        loads(line)
    except ParseError:
        return False
    return True


def read_json(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    lines = text.splitlines()
    first_line = next((i for i, ln in enumerate(lines, 1) if ln.strip()), 1)
    try:
        whole = loads(text.strip())
    except ParseError as whole_error:
        docs = [(i, ln) for i, ln in enumerate(lines, 1) if ln.strip() and not ln.lstrip().startswith("#")]
        if len(docs) < 2 or not _parses(docs[0][1]):   # JSON Lines: the first line is a document of its own
            line = (whole_error.line or 1) + first_line - 1
            yield Entry(line, JSON, error=ParseError(whole_error.message, line=line, column=whole_error.column))
            return
        for lineno, line_text in docs:
            try:
                doc = loads(line_text)
            except ParseError as exc:
                yield Entry(lineno, JSON, error=ParseError(exc.message, line=lineno, column=exc.column))
                continue
            yield json_entry(doc, lineno, "")
        return
    if isinstance(whole, list):
        if not whole:
            yield Entry(first_line, JSON, error=ParseError("the JSON list holds no puzzle", line=first_line))
        for k, doc in enumerate(whole):
            yield json_entry(doc, first_line, f"item {k + 1}")
        return
    yield json_entry(whole, first_line, "")


def json_entry(doc: Any, lineno: int, where: str) -> Entry:
    from .fpuzzles import FPUZZLES, puzzle_from_fpuzzles

    fmt = FPUZZLES if isinstance(doc, dict) and "grid" in doc else JSON
    warnings: list[str] = []
    try:
        if fmt == FPUZZLES:
            puzzle = puzzle_from_fpuzzles(doc, warnings)
        else:
            puzzle = puzzle_from_json(doc)
    except DeduceError as exc:
        msg = f"{where}: {exc}" if where else str(exc)
        return Entry(lineno, fmt, error=ParseError(msg, line=lineno))
    except RecursionError:
        return Entry(lineno, fmt, error=ParseError("nested too deeply", line=lineno))
    return Entry(lineno, fmt, puzzle=puzzle, source="", extra=doc,
                 warnings=tuple(warnings) + puzzle.warnings)


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidPuzzleError(f"{what} must be a whole number, got {_show(value)}")
    if not lo <= value <= hi:
        raise InvalidPuzzleError(f"{what} must be {lo} to {hi}, got {_show(value)}")
    return value


def _show(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, int) or abs(value) < 10 ** 12 else "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."


def puzzle_from_json(doc: Any) -> Puzzle:
    """A puzzle from a parsed JSON document (see the package docstring)."""
    if not isinstance(doc, dict):
        raise InvalidPuzzleError("a puzzle document must be a JSON object")
    unknown = set(doc) - FIELDS
    if unknown:
        raise InvalidPuzzleError(f"unknown field(s) {', '.join(sorted(map(repr, unknown)))[:200]}")
    if "size" not in doc:
        raise InvalidPuzzleError("'size' is required")
    size = _int(doc["size"], "'size'", MIN_SIZE, MAX_SIZE)
    symbols = doc.get("symbols") or default_symbols(size)
    if not isinstance(symbols, str):
        raise InvalidPuzzleError(f"'symbols' must be a string, got {_show(symbols)}")
    if len(symbols) != size or len(set(symbols)) != size:
        raise InvalidPuzzleError(f"'symbols' must be {size} distinct characters, got {_show(symbols)}")
    geometry = _geometry(doc.get("regions"), size)
    givens_text = doc.get("givens", "." * size * size)
    if not isinstance(givens_text, str):
        raise InvalidPuzzleError(f"'givens' must be a string, got {_show(givens_text)}")
    givens_text = "".join(givens_text.split())
    if len(givens_text) != size * size:
        raise InvalidPuzzleError(f"'givens' must have {size * size} characters, got {len(givens_text)}")
    givens = []
    for i, ch in enumerate(givens_text):
        try:
            givens.append(symbol_index(ch, symbols))
        except InvalidPuzzleError:
            raise InvalidPuzzleError(
                f"'givens' position {i + 1} ({geometry.cell_name(i)}): unknown symbol {ch!r} (alphabet {symbols})"
            ) from None
    cages_doc = doc.get("cages") or []
    if not isinstance(cages_doc, list):
        raise InvalidPuzzleError(f"'cages' must be a list, got {_show(cages_doc)}")
    cages = []
    for k, c in enumerate(cages_doc):
        if not isinstance(c, dict) or "sum" not in c or "cells" not in c:
            raise InvalidPuzzleError(f"cage {k + 1} must be an object with 'sum' and 'cells'")
        total = _int(c["sum"], f"cage {k + 1}: 'sum'", 0, 10 ** 6)
        cells_doc = c["cells"]
        if not isinstance(cells_doc, list) or not cells_doc:
            raise InvalidPuzzleError(f"cage {k + 1} (sum {total}): 'cells' must be a non-empty list of cells")
        try:
            cells = [geometry.parse_cell(x) if isinstance(x, str) else _cell_from_pair(x, geometry)
                     for x in cells_doc]
        except InvalidPuzzleError as exc:
            raise InvalidPuzzleError(f"cage {k + 1} (sum {total}): {exc}") from None
        if len(set(cells)) != len(cells):
            raise InvalidPuzzleError(f"cage {k + 1} (sum {total}) lists a cell twice")
        repeats = c.get("repeats", False)
        if not isinstance(repeats, bool):
            raise InvalidPuzzleError(f"cage {k + 1} (sum {total}): 'repeats' must be true or false")
        cages.append(Cage(total, tuple(cells), repeats))
    constraints = constraints_from_doc(doc["constraints"], size) if doc.get("constraints") else ()
    return Puzzle(geometry, symbols, tuple(givens), tuple(cages), constraints)


def _geometry(regions: Any, size: int) -> Geometry:
    if regions is None:
        return Geometry.boxes(size)
    if not isinstance(regions, list) or len(regions) != size:
        raise InvalidPuzzleError(f"'regions' must be a list of {size} rows")
    rows = []
    for i, row in enumerate(regions):
        if isinstance(row, str):
            row = list(row.replace(" ", ""))
        if not isinstance(row, list) or len(row) != size:
            raise InvalidPuzzleError(f"'regions' row {i + 1} must have {size} region ids")
        for x in row:
            if isinstance(x, bool) or not isinstance(x, (int, str)) or (isinstance(x, int) and abs(x) > 10 ** 6):
                raise InvalidPuzzleError(f"'regions' row {i + 1}: region id {_show(x)} is not a number or a letter")
        rows.append([str(x) if isinstance(x, int) and x < 0 else x for x in row])
    geometry = jigsaw_geometry(rows)
    if geometry.size != size:
        raise InvalidPuzzleError(f"'regions' describe a {geometry.size}x{geometry.size} grid, not {size}")
    return geometry


def _cell_from_pair(x: Any, g: Geometry) -> int:
    if isinstance(x, list) and len(x) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in x):
        if 1 <= x[0] <= g.size and 1 <= x[1] <= g.size:
            return (x[0] - 1) * g.size + x[1] - 1
        raise InvalidPuzzleError(f"cell {_show(x)} is outside the {g.size}x{g.size} grid")
    raise InvalidPuzzleError(f"{_show(x)} is not a cell (use 'r1c2' or [1, 2])")


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
    if puzzle.constraints:  # (as f-puzzles keys: deduce.formats.fpuzzles)
        doc["constraints"] = constraints_doc(puzzle)
    return doc


def write_json(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return json.dumps(puzzle_to_json(puzzle, values), ensure_ascii=False)
