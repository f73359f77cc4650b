"""SudokuPad's own puzzle payloads: links ``sudokupad.app/scl...`` (or ``ctc...``).

The payload is lz-string-compressed JSON (or SudokuPad's zipped form of it,
:func:`unzip_scl`): ``cells`` (rows of ``{"value": 5}``), ``regions`` and
``cages`` (lists of ``[row, column]`` cells, counted from 0), and the
drawing: ``lines`` and ``arrows`` (``wayPoints``: ``[y, x]`` points, a
cell's centre at ``[row + 0.5, column + 0.5]``), ``overlays`` and
``underlays`` (shapes with a ``center``, ``width``, ``height``, ``rounded``,
colours and ``text``).  A drawing carries no rule, so deduce reads the
shapes whose meaning is fixed and turns them into f-puzzles keys, which the
constraint registry then reads (one reading per constraint):

* a cage with a number: a killer cage; without one: a cage whose digits differ;
* an arrow: an arrow, its circle the round shape under its start (else its first cell);
* a line with a filled round bulb at one end: a thermometer from the bulb
  (from its first point, if both ends have one); with hollow (white)
  circles at both ends: a between line; a line of German whispers' green
  (``#67F067``), renban's purple (``#F067F0``) or a region-sum line's blue
  (``#2ECBFF``): that line; a line from corner to corner of the grid: a diagonal;
* a small round dot on the edge between two cells: a white (difference 1)
  or black (ratio 2) kropki dot, its number if it has one; an ``X`` or a
  ``V`` on an edge: an XV mark.

When the puzzle has rules text, a line is read as one of these kinds only
if the rules mention it (``whisper``, ``renban``, ``region sum``,
``thermo``, ``between``); otherwise it is refused.  Anything else
(another line, a shape or a text deduce cannot tie to a rule: outside
clues, shaded cells, a puzzle whose rules mention slow thermometers) is
refused in one line that names it and where it is: deduce never solves a
puzzle it has read only in part.  Rules given only in words
(anti-knight, "all dots are given") cannot be read from a drawing; a puzzle
that needs them reads as one with several solutions.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import InvalidPuzzleError, ParseError
from .base import loads
from .lzstring import decompress_from_base64, decompress_from_uri

#: Keys that carry no constraint.
_IGNORED = {"id", "metadata", "settings", "solution", "cellSize", "width", "height", "title", "author", "rules",
            "cellsize"}
#: Line colours (#RRGGBB, upper case) with one meaning, and their f-puzzles keys.
LINE_COLOURS = {"#67F067": "whispers", "#F067F0": "renban", "#2ECBFF": "regionsumline"}
#: What the rules text says of each line kind read from a drawing (when the puzzle has rules text, the drawing
#: is read as that kind only if the rules mention it).
_RULE_WORDS = {"whispers": ("German whispers", r"whisper"), "renban": ("renban", r"renban"),
               "regionsumline": ("region-sum line", r"region[- ]?sum"), "thermometer": ("thermometer", r"thermo"),
               "betweenline": ("between line", r"between")}
_META = re.compile(r"^\s*(title|author|rules|msgcorrect|solution)\s*:", re.IGNORECASE)
_EPS = 0.15


def fpuzzles_of_scl(payload: str) -> dict[str, Any]:
    """The f-puzzles document of a SudokuPad ``scl`` payload (what follows ``scl`` in the link), which
    :func:`deduce.formats.fpuzzles.puzzle_from_fpuzzles` reads."""
    return fpuzzles_from_scl(scl_document(payload))


def scl_document(payload: str) -> dict[str, Any]:
    """The JSON object of a payload (compressed JSON, or SudokuPad's zipped JSON)."""
    try:
        text = decompress_from_base64(payload)
    except ParseError:
        text = decompress_from_uri(payload)
    try:
        doc = loads(text)
    except ParseError:
        try:
            doc = unzip_scl(text)
        except IndexError:   # the payload ends inside a value
            raise InvalidPuzzleError("the scl payload is not SudokuPad's JSON (it ends early)") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("cells"), list):
        raise InvalidPuzzleError("the scl payload has no 'cells'")
    return doc


def fpuzzles_from_scl(doc: dict[str, Any]) -> dict[str, Any]:
    """The f-puzzles document of a SudokuPad document: what its drawing means (see the module's notes)."""
    return _Translation(doc).document()


def _num(x: Any) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or abs(x) > 100:
        raise InvalidPuzzleError(f"{json.dumps(x)[:30]} is not a row or column number")
    return x


def _point(p: Any, what: str) -> tuple[float, float]:
    if not (isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                          and abs(v) < 100 for v in p)):
        raise InvalidPuzzleError(f"{what}: {json.dumps(p)[:30]} is not a [y, x] point")
    return float(p[0]), float(p[1])


def _colour(value: Any) -> str:
    """``#RRGGBB`` in upper case (an alpha channel dropped), or ``""``."""
    text = str(value or "").strip().upper()
    if re.fullmatch(r"#[0-9A-F]{3}", text):
        text = "#" + "".join(ch * 2 for ch in text[1:])
    return text[:7] if re.fullmatch(r"#[0-9A-F]{6}([0-9A-F]{2})?", text) else text


def _lightness(colour: str) -> float | None:
    if not re.fullmatch(r"#[0-9A-F]{6}", colour):
        return {"WHITE": 1.0, "BLACK": 0.0}.get(colour)
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return (max(r, g, b) + min(r, g, b)) / 2


class _Translation:
    """One SudokuPad document turned into f-puzzles keys; ``used`` the shapes a line or an arrow took."""

    def __init__(self, doc: dict[str, Any]):
        self.doc = doc
        rows = doc["cells"]
        self.n = n = len(rows)
        if not 3 <= n <= 25 or not all(isinstance(r, list) and len(r) == n for r in rows):
            raise InvalidPuzzleError("'cells' must be N rows of N cells, N from 3 to 25")
        self.shapes: list[tuple[str, dict[str, Any]]] = []
        for key in ("underlays", "overlays"):
            items = doc.get(key) or []
            if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
                raise InvalidPuzzleError(f"'{key}' must be a list of shapes")
            self.shapes.extend((key[:-1], x) for x in items)
        self.used: set[int] = set()
        self.out: dict[str, Any] = {"size": n}
        meta = doc.get("metadata")
        meta = meta if isinstance(meta, dict) else {}
        self.rules = " ".join(str(x) for x in (meta.get("rules"), doc.get("rules")) if x).lower()

    def document(self) -> dict[str, Any]:
        for key, value in self.doc.items():
            if key in _IGNORED or key in ("cells", "regions", "cages", "lines", "arrows", "overlays", "underlays") \
                    or not value:
                continue
            raise InvalidPuzzleError(f"element '{key}' is not supported")
        self.out["grid"] = self.grid()
        self.cages()
        self.arrows()
        self.lines()
        self.marks()
        return self.out

    # -- places ----------------------------------------------------------------------------

    def name(self, r: int, c: int) -> str:
        return f"R{r + 1}C{c + 1}"

    def cell_at(self, y: float, x: float) -> tuple[int, int] | None:
        r, c = int(y // 1), int(x // 1)
        return (r, c) if 0 <= r < self.n and 0 <= c < self.n else None

    def place(self, y: float, x: float) -> str:
        cell = self.cell_at(y, x)
        return f"r{cell[0] + 1}c{cell[1] + 1}" if cell else f"[{y:g}, {x:g}] (outside the grid)"

    def edge(self, y: float, x: float) -> tuple[str, str] | None:
        """The two cells an edge's midpoint ``(y, x)`` lies between, if it is one."""
        fy, fx = y - int(y // 1), x - int(x // 1)
        near = lambda f, v: abs(f - v) < _EPS or abs(f - v) > 1 - _EPS  # noqa: E731
        if abs(fy - 0.5) < _EPS and near(fx, 0.0):
            r, c = int(y // 1), round(x)
            pair = ((r, c - 1), (r, c))
        elif abs(fx - 0.5) < _EPS and near(fy, 0.0):
            r, c = round(y), int(x // 1)
            pair = ((r - 1, c), (r, c))
        else:
            return None
        if not all(0 <= a < self.n and 0 <= b < self.n for a, b in pair):
            return None
        return self.name(*pair[0]), self.name(*pair[1])

    def path(self, points: Any, what: str) -> list[tuple[int, int]]:
        """The cells a line's way points pass through, in order (straight runs between points filled in)."""
        if not isinstance(points, list) or len(points) < 1:
            raise InvalidPuzzleError(f"{what}: 'wayPoints' must be a list of [y, x] points")
        cells: list[tuple[int, int]] = []
        for y, x in (_point(p, what) for p in points):
            cell = self.cell_at(y, x)
            if cell is None:
                raise InvalidPuzzleError(f"{what}: it passes {self.place(y, x)}")
            if cells:
                (r0, c0), (r1, c1) = cells[-1], cell
                dr, dc = r1 - r0, c1 - c0
                steps = max(abs(dr), abs(dc))
                if steps > 1 and (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
                    cells.extend((r0 + dr * k // steps, c0 + dc * k // steps) for k in range(1, steps))
            if not cells or cells[-1] != cell:
                cells.append(cell)
        return cells

    # -- givens, regions, cages -------------------------------------------------------------

    def grid(self) -> list[list[dict[str, Any]]]:
        n = self.n
        grid: list[list[dict[str, Any]]] = []
        for row in self.doc["cells"]:
            grid.append([])
            for cell in row:
                value = str(cell.get("value", "")) if isinstance(cell, dict) else ""
                grid[-1].append({"value": int(value), "given": True}
                                if value.isascii() and value.isdigit() and len(value) < 3 else {})
        regions = self.doc.get("regions")
        if regions:
            if not isinstance(regions, list) or len(regions) != n:
                raise InvalidPuzzleError(f"'regions' must be {n} lists of cells")
            for k, region in enumerate(regions):
                for rc in region if isinstance(region, list) else [None]:
                    if not (isinstance(rc, list) and len(rc) == 2 and all(isinstance(x, int) and 0 <= x < n
                                                                          for x in rc)):
                        raise InvalidPuzzleError(f"region {k + 1}: {json.dumps(rc)[:30]} is not a [row, column] pair")
                    grid[rc[0]][rc[1]]["region"] = k
        return grid

    def cages(self) -> None:
        killer = []
        for k, cage in enumerate(self.doc.get("cages") or [], 1):
            if not isinstance(cage, dict):
                raise InvalidPuzzleError(f"cage {k} must be an object")
            value = str(cage.get("value", "") if cage.get("value") is not None else "")
            if _META.match(value):  # title: ..., author: ..., rules: ...
                continue
            cells = cage.get("cells")
            if not isinstance(cells, list) or not all(isinstance(rc, list) and len(rc) == 2 for rc in cells):
                raise InvalidPuzzleError(f"cage {k}: 'cells' must be [row, column] pairs")
            killer.append({"cells": [f"R{_num(rc[0]) + 1}C{_num(rc[1]) + 1}" for rc in cells], "value": value})
        if killer:
            self.out["killercage"] = killer

    # -- shapes ------------------------------------------------------------------------------

    def box(self, i: int) -> tuple[float, float, float, float]:
        """(y, x, height, width) of shape ``i``."""
        kind, lay = self.shapes[i]
        y, x = _point(lay.get("center"), f"{kind} {i + 1}")
        w = lay.get("width") if isinstance(lay.get("width"), (int, float)) else 0
        h = lay.get("height") if isinstance(lay.get("height"), (int, float)) else w
        return y, x, float(h or 0), float(w or 0)

    def circle_at(self, y: float, x: float, centred: bool, filled: bool | None = None) -> int | None:
        """A round shape (at least half a cell, no text) under the point (centred on it, if ``centred``);
        ``filled``: only one filled with a colour (a bulb), or only a hollow one (white or no fill)."""
        for i, (_, lay) in enumerate(self.shapes):
            if not lay.get("rounded") or str(lay.get("text", "") or "").strip():
                continue
            cy, cx, h, w = self.box(i)
            if min(h, w) < 0.5:
                continue
            light = _lightness(_colour(lay.get("backgroundColor")))
            if filled is not None and filled == (light is None or light >= 0.95):
                continue
            inside = abs(cy - y) <= h / 2 and abs(cx - x) <= w / 2
            if (abs(cy - y) < _EPS and abs(cx - x) < _EPS) if centred else inside:
                return i
        return None

    def cells_under(self, i: int) -> list[tuple[int, int]]:
        cy, cx, h, w = self.box(i)
        return [(r, c) for r in range(self.n) for c in range(self.n)
                if abs(r + 0.5 - cy) < h / 2 and abs(c + 0.5 - cx) < w / 2]

    # -- arrows and lines ----------------------------------------------------------------------

    def arrows(self) -> None:
        items = self.doc.get("arrows") or []
        if not isinstance(items, list):
            raise InvalidPuzzleError("'arrows' must be a list")
        out = []
        for k, arrow in enumerate(items, 1):
            what = f"arrow {k}"
            points = arrow.get("wayPoints") if isinstance(arrow, dict) else None
            cells = self.path(points, what)
            i = self.circle_at(*_point(points[0], what), centred=False)  # type: ignore[index]
            circle = self.cells_under(i) if i is not None else []
            if i is not None and circle and cells[0] in circle:
                self.used.add(i)
            else:
                circle = cells[:1]
            start = 0
            while start + 1 < len(cells) and cells[start + 1] in circle:
                start += 1
            out.append({"cells": [self.name(*rc) for rc in circle],
                        "lines": [[self.name(*rc) for rc in cells[start:]]]})
        if out:
            self.out["arrow"] = out

    def lines(self) -> None:
        items = self.doc.get("lines") or []
        if not isinstance(items, list):
            raise InvalidPuzzleError("'lines' must be a list")
        for k, line in enumerate(items, 1):
            what = f"line {k}"
            points = line.get("wayPoints") if isinstance(line, dict) else None
            diagonal = self.diagonal(points)
            if diagonal:
                self.out[diagonal] = True
                continue
            cells = self.path(points, what)
            bulbs = [self.circle_at(r + 0.5, c + 0.5, True, True) for r, c in (cells[0], cells[-1])]
            rings = [self.circle_at(r + 0.5, c + 0.5, True, False) for r, c in (cells[0], cells[-1])]
            where = f"{what} (r{cells[0][0] + 1}c{cells[0][1] + 1}-r{cells[-1][0] + 1}c{cells[-1][1] + 1})"
            if len(cells) > 1 and rings[0] is not None and rings[1] is not None and rings[0] != rings[1]:
                key, ends = "betweenline", rings
            elif bulbs[0] is not None or bulbs[1] is not None:
                if "slow thermo" in self.rules:
                    raise InvalidPuzzleError(f"{where}: the rules mention slow thermometers, "
                                             "and a drawing does not say which thermometer is slow")
                key, ends = "thermometer", bulbs
                if bulbs[0] is None:
                    cells.reverse()
            else:
                colour = _colour(line.get("color"))
                if colour not in LINE_COLOURS:
                    raise InvalidPuzzleError(f"{where}: a line of colour {colour or 'none'} "
                                             "has no one meaning; deduce cannot tell its rule")
                key, ends = LINE_COLOURS[colour], [None, None]
            name, word = _RULE_WORDS[key]
            if self.rules and not re.search(word, self.rules):
                raise InvalidPuzzleError(f"{where}: drawn as a {name}, but the rules do not mention one")
            self.used.update(i for i in ends if i is not None)
            self.out.setdefault(key, []).append({"lines": [[self.name(*rc) for rc in cells]]})

    def diagonal(self, points: Any) -> str | None:
        """``diagonal-`` or ``diagonal+`` for a line from corner to corner of the grid."""
        n = self.n
        if not isinstance(points, list) or len(points) != 2:
            return None
        ends = {tuple(p) for p in points if isinstance(p, list)}
        if ends == {(0, 0), (n, n)}:
            return "diagonal-"
        if ends == {(0, n), (n, 0)}:
            return "diagonal+"
        return None

    # -- dots and marks on edges ------------------------------------------------------------------

    def marks(self) -> None:
        for i, (kind, lay) in enumerate(self.shapes):
            if i in self.used:
                continue
            y, x, h, w = self.box(i)
            text = str(lay.get("text", "") if lay.get("text") is not None else "").strip()
            pair = self.edge(y, x)
            if pair and text.upper() in ("X", "V"):
                self.out.setdefault("xv", []).append({"cells": list(pair), "value": text.upper()})
                continue
            if pair and lay.get("rounded") and 0 < max(h, w) <= 0.5:
                light = _lightness(_colour(lay.get("backgroundColor")))
                key = "difference" if light is not None and light >= 0.8 else \
                    "ratio" if light is not None and light <= 0.25 else None
                if key and (not text or text.isdigit()):
                    item: dict[str, Any] = {"cells": list(pair)}
                    if text:
                        item["value"] = text
                    self.out.setdefault(key, []).append(item)
                    continue
            said = f" with text {json.dumps(text)[:20]}" if text else ""
            raise InvalidPuzzleError(f"{kind} at {self.place(y, x)}{said}: "
                                     "deduce cannot tell which rule it is")


# -- SudokuPad's zipped JSON ------------------------------------------------------------------------

#: Short keys of SudokuPad's zipped form and the keys they stand for.
_SCL_KEYS = {"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
             "ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width",
             "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded", "re": "regions",
             "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title",
             "te": "text", "d": "duration", "d2": "d"}
_SCL_WORDS = {"f": False, "t": True, "false": False, "true": True, "null": None, "#0": "#000000", "#F": "#FFFFFF"}
_BARE = re.compile(r"[^,:\[\]{}]*")


def unzip_scl(text: str, limit_depth: int = 200) -> Any:
    """SudokuPad's zipped JSON: bare keys (short names), strings in single
    quotes, ``f``/``t`` for booleans, colours without ``#``, and an empty
    slot of a list or object for ``{}``.

    >>> doc = unzip_scl("{ce:[[{v:1},,],[,{v:2},]],ca:[{ce:[[0,0],[0,1]],v:'3'}],t:f}")
    >>> doc["cells"]
    [[{'value': 1}, {}, {}], [{}, {'value': 2}, {}]]
    >>> doc["cages"], doc["title"]
    ([{'cells': [[0, 0], [0, 1]], 'value': '3'}], False)
    >>> unzip_scl("{'ce':[[{v:1}]],'t':t}")
    {'cells': [[{'value': 1}]], 'title': True}
    >>> unzip_scl("{'ce'")
    Traceback (most recent call last):
    ...
    deduce.errors.InvalidPuzzleError: the scl payload is not SudokuPad's JSON (a key without ':' at character 6)
    """
    return _SclReader(text, limit_depth).document()


class _SclReader:
    """Reads SudokuPad's zipped JSON (see :func:`unzip_scl`) from ``pos``
    on: one method per kind of value."""

    def __init__(self, text: str, limit_depth: int):
        self.text, self.limit_depth, self.pos = text, limit_depth, 0

    def fail(self, what: str) -> InvalidPuzzleError:
        return InvalidPuzzleError(f"the scl payload is not SudokuPad's JSON ({what} at character {self.pos + 1})")

    def document(self) -> Any:
        result = self.value(0, False)
        if self.pos != len(self.text):
            raise self.fail("text after the end")
        return result

    def string(self) -> str:
        text = self.text
        quote, start = text[self.pos], self.pos
        out = []
        self.pos += 1
        while self.pos < len(text) and text[self.pos] != quote:
            if text[self.pos] == "\\" and self.pos + 1 < len(text):
                self.pos += 1
                out.append({"n": "\n", "t": "\t"}.get(text[self.pos], text[self.pos]))
            else:
                out.append(text[self.pos])
            self.pos += 1
        if self.pos >= len(text):
            self.pos = start
            raise self.fail("an unclosed string")
        self.pos += 1
        return "".join(out)

    def value(self, depth: int, in_object: bool) -> Any:
        if depth > self.limit_depth:
            raise self.fail("nesting too deep")
        if self.pos >= len(self.text):
            raise self.fail("an early end")
        ch = self.text[self.pos]
        if ch in "'\"":
            return self.string()
        if ch in "[{":
            return self.container(depth + 1)
        return self.bare(in_object)

    def bare(self, in_object: bool) -> Any:
        """A bare word: a short word (``t``, ``f``...), a colour, a number, an empty slot, or a string."""
        word = _BARE.match(self.text, self.pos).group()  # type: ignore[union-attr]
        self.pos += len(word)
        if word in _SCL_WORDS:
            return _SCL_WORDS[word]
        if in_object and re.fullmatch(r"[0-9a-fA-F]{6}", word) and not word.isdigit():
            return "#" + word
        if re.fullmatch(r"-?\d{1,9}", word):
            return int(word)
        if re.fullmatch(r"-?\d{0,9}\.\d{1,9}", word):
            return float(word)
        if not word:
            return {}
        return word

    def container(self, depth: int) -> Any:
        text = self.text
        is_list = text[self.pos] == "["
        close = "]" if is_list else "}"
        self.pos += 1
        items: list[Any] = []
        fields: dict[str, Any] = {}
        while True:
            if self.pos >= len(text):
                raise self.fail("an early end")
            if is_list:
                items.append(self.value(depth, False))
            elif text[self.pos] != close:
                self.field(fields, depth)
            if self.pos < len(text) and text[self.pos] == ",":
                self.pos += 1
                continue
            if self.pos < len(text) and text[self.pos] == close:
                self.pos += 1
                return items if is_list else fields
            raise self.fail(f"{text[self.pos]!r}" if self.pos < len(text) else "an early end")

    def field(self, fields: dict[str, Any], depth: int) -> None:
        """One ``key:value`` of an object, its key spelt out."""
        text = self.text
        if text[self.pos] in "'\"":
            key = self.string()
        else:
            key = _BARE.match(text, self.pos).group()  # type: ignore[union-attr]
            self.pos += len(key)
        if self.pos >= len(text) or text[self.pos] != ":":
            raise self.fail("a key without ':'")
        self.pos += 1
        fields[_SCL_KEYS.get(key, key)] = self.value(depth, True)
