"""f-puzzles documents and links, SudokuPad links, SudokuWiki ``bd=`` strings.

* f-puzzles JSON: ``{"size": 9, "grid": [[{"value": 5, "given": true,
  "region": 0}, ...], ...], "killercage": [{"cells": ["R1C1", "R1C2"],
  "value": "11"}], "title": ..., "author": ...}``; a link carries it
  lz-string-compressed after ``?load=``.
* SudokuPad links carry the same payload after ``fpuzzles`` (or their own
  own ``scl``/``ctc`` payload: :mod:`.sudokupad`).
* SudokuWiki: ``?bd=`` and the N² givens, ``0`` or ``.`` blank.

Only what deduce solves is read: givens, jigsaw regions, killer cages and
the variant constraints the ``deduce.constraints`` registry knows
(:mod:`deduce.constraint`: each key is read and written by its family's
class; ``negative`` lists the keys whose every dot is given).  Any other
key is refused by name; cosmetic elements (text, lines, circles,
rectangles, plain cages) are dropped with a warning.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import Any, Iterator, Sequence

from .. import constraint
from ..constraint import Constraint
from ..errors import DeduceError, InvalidPuzzleError, ParseError
from ..geometry import BOX_SHAPES, Geometry
from ..puzzle import Cage, Puzzle, default_symbols, size_for_length
from .base import Entry, at_line, data_lines, jigsaw_geometry, loads, parse_cells
from .lzstring import compress_to_base64, decompress_from_base64

FPUZZLES, FPUZZLES_LINK, SUDOKUPAD_LINK, SUDOKUWIKI = "fpuzzles", "fpuzzles-link", "sudokupad-link", "sudokuwiki"
LINK = "link"
FPUZZLES_URL = "https://www.f-puzzles.com/?load="
SUDOKUPAD_URL = "https://sudokupad.app/fpuzzles"
SUDOKUWIKI_URL = "https://www.sudokuwiki.org/sudoku.htm?bd="

#: Keys of an f-puzzles document that carry no constraint.
_META = {"size", "title", "author", "ruleset", "grid", "solution", "highlightConflicts", "disabledlogic",
         "truecandidatesoptions", "timer", "version", "id"}
_COSMETIC = {"text", "line", "circle", "rectangle", "cage"}
_CELL = re.compile(r"^[Rr](\d{1,2})[Cc](\d{1,2})$")


def _rc(name: Any, n: int, where: str) -> int:
    m = _CELL.match(name) if isinstance(name, str) else None
    if not m:
        raise InvalidPuzzleError(f"{where}: {json.dumps(name)[:30]} is not a cell like R1C1")
    r, c = int(m.group(1)), int(m.group(2))
    if not (1 <= r <= n and 1 <= c <= n):
        raise InvalidPuzzleError(f"{where}: cell {name} is outside the {n}x{n} grid")
    return (r - 1) * n + c - 1


def puzzle_from_fpuzzles(doc: Any, warnings: list[str] | None = None) -> Puzzle:
    """A puzzle from an f-puzzles document (a parsed JSON object)."""
    if not isinstance(doc, dict):
        raise InvalidPuzzleError("an f-puzzles document must be a JSON object")
    n = doc.get("size")
    if not isinstance(n, int) or isinstance(n, bool) or not 3 <= n <= 25:
        raise InvalidPuzzleError(f"'size' must be a whole number from 3 to 25, got {json.dumps(n)[:30]}")
    constraints = []
    for key, value in doc.items():
        if key in _META or key == "killercage" or not value:
            continue
        if key in _COSMETIC:
            if warnings is not None:
                warnings.append(f"cosmetic f-puzzles element '{key}' ignored")
            continue
        constraints.extend(_constraints(key, value, n))
    grid = doc.get("grid")
    if not isinstance(grid, list) or len(grid) != n or not all(isinstance(r, list) and len(r) == n for r in grid):
        raise InvalidPuzzleError(f"'grid' must be {n} rows of {n} cells")
    givens: list[int] = []
    regions: list[int] = []
    box = Geometry.boxes(n).region_of if n in BOX_SHAPES else None
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            where = f"r{r + 1}c{c + 1}"
            if cell is None:
                cell = {}
            if not isinstance(cell, dict):
                raise InvalidPuzzleError(f"{where}: a cell must be an object")
            value = cell.get("value")
            if value is not None and cell.get("given"):
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= n:
                    raise InvalidPuzzleError(f"{where}: value {json.dumps(value)[:30]} is not 1-{n}")
                givens.append(value - 1)
            else:
                givens.append(-1)
            region = cell.get("region")
            if region is None:
                if box is None:
                    raise InvalidPuzzleError(f"{where}: a {n}x{n} grid has no boxes, so every cell needs a region")
                region = box[r * n + c]
            if not isinstance(region, int) or isinstance(region, bool) or not 0 <= region < n:
                raise InvalidPuzzleError(f"{where}: region {json.dumps(region)[:30]} is not 0-{n - 1}")
            regions.append(region)
    geometry = Geometry.boxes(n) if box is not None and tuple(regions) == box else jigsaw_geometry(regions)
    cages, plain = _killer_cages(doc.get("killercage"), n)
    return Puzzle(geometry, default_symbols(n), tuple(givens), cages, tuple(plain) + tuple(constraints))


def _constraints(key: str, value: Any, n: int) -> list[Constraint]:
    """The constraints of one f-puzzles key, read by the class the registry has for it."""
    if key == "negative":
        if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
            raise InvalidPuzzleError("'negative' must be a list of constraint names")
        out = []
        for name in dict.fromkeys(value):
            cls = constraint.kind_for_key(f"negative:{name}")
            if cls is None:
                raise InvalidPuzzleError(f"negative constraint '{name}' is not supported")
            out.append(cls.from_negative(name, n))
        return out
    cls = constraint.kind_for_key(key)
    if cls is None:
        raise InvalidPuzzleError(f"constraint '{key}' is not supported")
    return list(cls.from_fpuzzles(key, value, n))


def _killer_cages(items: Any, n: int) -> tuple[tuple[Cage, ...], list[Constraint]]:
    """The killer cages, and the cages without a total (constraints: the registry's ``killercage/no-total``)."""
    if not items:
        return (), []
    if not isinstance(items, list):
        raise InvalidPuzzleError("'killercage' must be a list")
    cages = []
    plain: list[Constraint] = []
    for k, item in enumerate(items, 1):
        if not isinstance(item, dict) or not isinstance(item.get("cells"), list) or not item["cells"]:
            raise InvalidPuzzleError(f"killer cage {k}: 'cells' must be a non-empty list")
        cells = [_rc(x, n, f"killer cage {k}") for x in item["cells"]]
        value = item.get("value")
        kind = constraint.kind_for_key("killercage/no-total")
        if (value is None or value == "") and kind is not None:
            plain.extend(kind.from_fpuzzles("killercage/no-total", (item, k), n))
            continue
        if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value) < 7:
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidPuzzleError(f"killer cage {k} (r{cells[0] // n + 1}c{cells[0] % n + 1}...): "
                                     f"its value {json.dumps(value)[:30]} is not a whole number")
        if len(set(cells)) != len(cells):
            raise InvalidPuzzleError(f"killer cage {k} lists a cell twice")
        cages.append(Cage(value, tuple(cells)))
    return tuple(cages), plain


def fpuzzles_doc(puzzle: Puzzle, values: Sequence[int] | None = None) -> dict[str, Any]:
    """The f-puzzles document of ``puzzle`` (givens replaced by ``values`` if given)."""
    n = puzzle.size
    g = puzzle.geometry
    cells = puzzle.givens if values is None else values
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            item: dict[str, Any] = {}
            v = cells[r * n + c]
            if v >= 0:
                item = {"value": v + 1, "given": True}
            if g.is_jigsaw:
                item["region"] = g.region_of[r * n + c]
            row.append(item)
        grid.append(row)
    doc: dict[str, Any] = {"size": n, "grid": grid}
    if puzzle.cages:
        doc["killercage"] = [{"cells": [f"R{x // n + 1}C{x % n + 1}" for x in cage.cells], "value": str(cage.total)}
                             for cage in puzzle.cages]
    return constraints_doc(puzzle, doc)


def constraints_doc(puzzle: Puzzle, doc: dict[str, Any] | None = None) -> dict[str, Any]:
    """The puzzle's variant constraints as f-puzzles keys (each written by
    its class), added to ``doc`` if given (lists are extended)."""
    doc = {} if doc is None else doc
    for constraint_ in puzzle.constraints:
        for key, value in constraint_.to_fpuzzles(puzzle.size).items():
            if isinstance(value, list):
                doc.setdefault(key, []).extend(v for v in value if v not in doc.get(key, ()))
            else:
                doc[key] = value
    return doc


def constraints_from_doc(doc: Any, n: int) -> tuple[Constraint, ...]:
    """The variant constraints of an object of f-puzzles keys (deduce's JSON keeps them so)."""
    if not isinstance(doc, dict):
        raise InvalidPuzzleError("'constraints' must be an object of f-puzzles keys")
    out: list[Constraint] = []
    for key, value in doc.items():
        if key == "killercage" and value:  # (cages without a total; those with one are deduce's 'cages')
            cages, plain = _killer_cages(value, n)
            if cages:
                raise InvalidPuzzleError("'constraints' holds a killer cage with a total: put it in 'cages'")
            out.extend(plain)
        elif value:
            out.extend(_constraints(key, value, n))
    return tuple(out)


def fits_fpuzzles(puzzle: Puzzle) -> str | None:
    if puzzle.size > 16:
        return "f-puzzles holds grids up to 16x16"
    if puzzle.symbols != default_symbols(puzzle.size):
        return "f-puzzles holds the digits 1-N only"
    if any(c.repeats for c in puzzle.cages):
        return "f-puzzles has no sum-only cages"
    return None


def write_fpuzzles(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return json.dumps(fpuzzles_doc(puzzle, values), separators=(",", ":"))


def write_fpuzzles_link(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return FPUZZLES_URL + compress_to_base64(write_fpuzzles(puzzle, values))


def write_sudokupad_link(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return SUDOKUPAD_URL + compress_to_base64(write_fpuzzles(puzzle, values))


def write_sudokuwiki(puzzle: Puzzle, values: Sequence[int], extra: Any = None) -> str:
    return SUDOKUWIKI_URL + "".join(str(v + 1) if v >= 0 else "0" for v in values)


def fits_sudokuwiki(puzzle: Puzzle) -> str | None:
    if puzzle.size != 9 or puzzle.cages or puzzle.geometry.is_jigsaw or puzzle.symbols != "123456789":
        return "a SudokuWiki link holds classic 9x9 puzzles"
    return None


# -- links --------------------------------------------------------------------------------------

def looks_link(lines: list[str]) -> bool:
    first = lines[0].lower()
    return first.startswith(("http://", "https://", "www.", "bd=", "?bd=")) or \
        "f-puzzles.com" in first or "sudokupad" in first or "sudokuwiki" in first


def read_links(text: str, options: dict[str, Any]) -> Iterator[Entry]:
    for lineno, line in data_lines(text):
        token = line.split()[0]
        try:
            fmt, puzzle, warnings = parse_link(token)
        except DeduceError as exc:
            yield Entry(lineno, _link_kind(token), error=at_line(exc, lineno), source=token)
            continue
        yield Entry(lineno, fmt, puzzle=puzzle, source=token, warnings=tuple(warnings) + puzzle.warnings)


def _link_kind(link: str) -> str:
    low = link.lower()
    if "sudokupad" in low or "crackingthecryptic" in low:
        return SUDOKUPAD_LINK
    if "bd=" in low:
        return SUDOKUWIKI
    return FPUZZLES_LINK


_NAMES = {FPUZZLES_LINK: "f-puzzles link", SUDOKUPAD_LINK: "SudokuPad link", SUDOKUWIKI: "SudokuWiki link"}


def parse_link(link: str) -> tuple[str, Puzzle, list[str]]:
    """(format, puzzle, warnings) of an f-puzzles, SudokuPad or SudokuWiki link."""
    kind = _link_kind(link)
    name = _NAMES[kind]
    try:
        if kind == SUDOKUWIKI:
            return kind, _sudokuwiki(link), []
        payload, scl = _payload(link, kind)
        warnings: list[str] = []
        if scl:
            from .sudokupad import fpuzzles_of_scl

            return kind, puzzle_from_fpuzzles(fpuzzles_of_scl(payload), warnings), warnings
        text = decompress_from_base64(payload)
        try:
            doc = loads(text)
        except ParseError:
            raise InvalidPuzzleError("the payload is not an f-puzzles document") from None
        return kind, puzzle_from_fpuzzles(doc, warnings), warnings
    except DeduceError as exc:
        message = exc.message if isinstance(exc, ParseError) else str(exc)
        where = f"column {exc.column}: " if isinstance(exc, ParseError) and exc.column else ""
        raise ParseError(f"{name}: {where}{message}") from None


def _payload(link: str, kind: str) -> tuple[str, bool]:
    try:
        parsed = urllib.parse.urlsplit(link if "://" in link else "https://" + link)
        query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
    except ValueError as exc:
        raise InvalidPuzzleError(f"not a link ({exc})") from None
    if kind == FPUZZLES_LINK:
        if "load" not in query:
            raise InvalidPuzzleError("no '?load=' payload")
        return query["load"][0].replace(" ", "+"), False
    if "puzzle" in query:
        data = query["puzzle"][0].replace(" ", "+")
    else:
        found = re.search(r"/(fpuzzles|scl)([^?#&]*)", link)
        data = urllib.parse.unquote(found.group(1) + found.group(2)) if found else parsed.path.rsplit("/", 1)[-1]
    if data.startswith("fpuzzles"):
        return data[len("fpuzzles"):], False
    if data.startswith(("scl", "ctc")):
        return data[3:], True
    raise InvalidPuzzleError("only links that carry the puzzle (fpuzzles..., scl... or ctc...) can be read; "
                             "a short puzzle id needs the SudokuPad server")


def _sudokuwiki(link: str) -> Puzzle:
    # (found as the link's kind was: whatever the case of 'bd=')
    m = re.search(r"bd=([^&#\s]*)", link, re.IGNORECASE)
    if m is None:
        raise ParseError("no 'bd=' board")
    data = m.group(1)
    n = size_for_length(len(data))
    if n is None:
        raise ParseError(f"'bd=' holds {len(data)} characters, not N*N (81 for 9x9)")
    cells = parse_cells(data, default_symbols(n), m.start(1) + 1)
    return Puzzle(Geometry.boxes(n), default_symbols(n), tuple(cells))
