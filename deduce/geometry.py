"""Grid geometry: cells, houses and peers.

Glossary (after Norvig):

* a **cell** is one square of the grid, numbered ``row * N + column`` from 0
  and written ``r1c1`` to people (rows and columns from 1);
* a **house** is a row, a column, or a box (a jigsaw *region* in irregular
  grids); each holds every symbol exactly once;
* the **peers** of a cell are the other cells that share a house with it.

A :class:`Geometry` precomputes houses and peer tables once and is shared by
every puzzle of the same shape (the constructors' geometries are tables of
:mod:`deduce.tables`).

>>> g = Geometry.boxes(9)
>>> g.cell_name(10), g.house_name(g.box_house(0)), len(g.peers[0])
('r2c2', 'box 1', 20)
>>> Geometry.boxes(6).box_shape
(2, 3)
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from .errors import InvalidPuzzleError
from .tables import table

#: Box shape (rows, columns) for each size that has one.
BOX_SHAPES: dict[int, tuple[int, int]] = {
    4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4),
    15: (3, 5), 16: (4, 4), 20: (4, 5), 25: (5, 5),
}

MIN_SIZE = 3
MAX_SIZE = 25

ROW, COLUMN, BOX, REGION = "row", "column", "box", "region"

_CELL_RE = re.compile(r"^[rR](\d+)[cC](\d+)$")


class Geometry:
    """The shape of an N×N grid: rows, columns and boxes or regions.

    Houses are numbered rows ``0..N-1``, columns ``N..2N-1``, then boxes or
    regions ``2N..3N-1``.  Cell sets are also kept as int bitmasks (bit
    ``cell``), which is what the hot loops use.
    """

    __slots__ = (
        "__weakref__",
        "_hash",
        "all_cells_mask",
        "block_kind",
        "box_shape",
        "cell_houses",
        "house_masks",
        "houses",
        "ncells",
        "peer_masks",
        "peers",
        "region_of",
        "size",
    )

    size: int
    ncells: int
    box_shape: tuple[int, int] | None
    region_of: tuple[int, ...]
    block_kind: str
    houses: tuple[tuple[int, ...], ...]
    house_masks: tuple[int, ...]
    cell_houses: tuple[tuple[int, int, int], ...]
    peers: tuple[tuple[int, ...], ...]
    peer_masks: tuple[int, ...]
    all_cells_mask: int

    def __init__(self, size: int, region_of: Sequence[int], *, box_shape: tuple[int, int] | None = None):
        n = size
        self.size = n
        self.ncells = n * n
        self.box_shape = box_shape
        self.region_of = tuple(region_of)
        self.block_kind = BOX if box_shape else REGION
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        blocks: list[list[int]] = [[] for _ in range(n)]
        for cell, reg in enumerate(self.region_of):
            blocks[reg].append(cell)
        self.houses = tuple(rows) + tuple(cols) + tuple(tuple(b) for b in blocks)
        self.house_masks = tuple(_mask(h) for h in self.houses)
        self.cell_houses = tuple(
            (cell // n, n + cell % n, 2 * n + self.region_of[cell]) for cell in range(n * n)
        )
        peer_masks = []
        for cell in range(n * n):
            m = 0
            for h in self.cell_houses[cell]:
                m |= self.house_masks[h]
            peer_masks.append(m & ~(1 << cell))
        self.peer_masks = tuple(peer_masks)
        self.peers = tuple(tuple(bits_of(m)) for m in peer_masks)
        self.all_cells_mask = (1 << (n * n)) - 1
        self._hash = hash((n, self.region_of))

    def common_houses(self, *cells: int) -> tuple[int, ...]:
        """The houses holding every one of ``cells`` (rows, then columns,
        then boxes or regions): what two cells share, if anything.

        >>> g = Geometry.boxes(9)
        >>> [g.house_name(h) for h in g.common_houses(0, 2)], g.common_houses(0, 80)
        (['row 1', 'box 1'], ())
        """
        if not cells:
            return ()
        first, *rest = cells
        return tuple(h for h in self.cell_houses[first] if all(h in self.cell_houses[c] for c in rest))

    # -- constructors -------------------------------------------------------

    @staticmethod
    def boxes(size: int) -> Geometry:
        """The standard geometry of ``size`` with rectangular boxes (one
        per size, a table of :mod:`deduce.tables`)."""
        return table(("boxes", size), lambda: _boxes(size))

    @staticmethod
    def jigsaw(region_map: Sequence[Any]) -> Geometry:
        """A geometry with irregular regions.

        ``region_map`` gives each cell's region, as N rows of N ids or one
        flat sequence of N² ids.  Ids may be any N distinct values; regions
        are numbered as in the map: ids sorted (numerically for numbers).
        """
        flat: list[Any] = list(region_map)
        if flat and (isinstance(flat[0], (list, tuple)) or (isinstance(flat[0], str) and len(flat[0]) > 1)):
            rows = [list(r) for r in flat]
            n = len(rows)
            for i, r in enumerate(rows):
                if len(r) != n:
                    raise InvalidPuzzleError(f"region map row {i + 1} has {len(r)} cells, expected {n}")
            flat = [x for r in rows for x in r]
        return _jigsaw(tuple(flat))

    # -- names --------------------------------------------------------------

    def cell(self, row: int, col: int) -> int:
        """Cell number of 0-based ``row`` and ``col``."""
        return row * self.size + col

    def cell_name(self, cell: int) -> str:
        """``r1c2`` notation, rows and columns from 1."""
        return f"r{cell // self.size + 1}c{cell % self.size + 1}"

    def parse_cell(self, name: str) -> int:
        """Inverse of :meth:`cell_name`; raises InvalidPuzzleError outside the grid."""
        m = _CELL_RE.match(name.strip())
        if not m:
            raise InvalidPuzzleError(f"{name!r} is not a cell name like r1c2")
        r, c = int(m.group(1)), int(m.group(2))
        if not (1 <= r <= self.size and 1 <= c <= self.size):
            raise InvalidPuzzleError(f"cell {name} is outside the {self.size}x{self.size} grid")
        return (r - 1) * self.size + c - 1

    def house_kind(self, house: int) -> str:
        return (ROW, COLUMN, self.block_kind)[house // self.size]

    def house_number(self, house: int) -> int:
        """1-based number of the house within its kind."""
        return house % self.size + 1

    def house_name(self, house: int) -> str:
        """``row 4``, ``column 6``, ``box 5`` or ``region 3``."""
        return f"{self.house_kind(house)} {self.house_number(house)}"

    def row_house(self, r: int) -> int:
        return r

    def col_house(self, c: int) -> int:
        return self.size + c

    def box_house(self, b: int) -> int:
        return 2 * self.size + b

    @property
    def is_jigsaw(self) -> bool:
        return self.box_shape is None

    def __repr__(self) -> str:
        if self.box_shape:
            return f"Geometry.boxes({self.size})"
        return f"Geometry.jigsaw({self.region_rows()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Geometry) and (self.size, self.region_of) == (other.size, other.region_of)

    def __hash__(self) -> int:
        return self._hash

    def region_rows(self) -> list[str]:
        """The region map as N strings of region ids (0-9, then A-Z, a-z)."""
        n = self.size
        return ["".join(_id_char(self.region_of[r * n + c]) for c in range(n)) for r in range(n)]


def _id_char(i: int) -> str:
    return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[i]


def _boxes(size: int) -> Geometry:
    if size not in BOX_SHAPES:
        sizes = ", ".join(str(s) for s in BOX_SHAPES)
        raise InvalidPuzzleError(
            f"size {size} has no box shape (sizes with boxes: {sizes}); give a region map instead")
    br, bc = BOX_SHAPES[size]
    per_row = size // bc
    region_of = [(r // br) * per_row + c // bc for r in range(size) for c in range(size)]
    return Geometry(size, region_of, box_shape=(br, bc))


def _jigsaw(flat: tuple) -> Geometry:
    """The geometry of a region map (one per map, a table of :mod:`deduce.tables`)."""
    return table(("jigsaw", flat), lambda: _make_jigsaw(flat))


def _make_jigsaw(flat: tuple) -> Geometry:
    ncells = len(flat)
    n = round(ncells ** 0.5)
    if n * n != ncells:
        raise InvalidPuzzleError(f"region map has {ncells} cells, which is not a square number")
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise InvalidPuzzleError(f"size {n} is outside {MIN_SIZE}..{MAX_SIZE}")
    # Regions are numbered as in the input map: ids sorted (numerically when
    # they are numbers), so a 0-based or 1-based map shows region k as k+1 or k.
    distinct = set(flat)
    if all(isinstance(x, int) or (isinstance(x, str) and x.isdigit()) for x in distinct):
        order = sorted(distinct, key=lambda x: int(x))
    else:
        order = sorted(distinct, key=lambda x: (str(x).isalpha(), str(x).islower(), str(x)))
    ids: dict[object, int] = {x: i for i, x in enumerate(order)}
    if len(ids) != n:
        raise InvalidPuzzleError(f"region map has {len(ids)} regions, expected {n}")
    region_of = [ids[x] for x in flat]
    counts = [0] * n
    for reg in region_of:
        counts[reg] += 1
    for key, reg in ids.items():
        if counts[reg] != n:
            raise InvalidPuzzleError(f"region {key} has {counts[reg]} cells, expected {n}")
    # A jigsaw map that happens to be the box layout is still a jigsaw
    # geometry; its houses are the same, only the names differ.
    return Geometry(n, region_of)


def _mask(cells: Sequence[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def mask_of(cells: Sequence[int]) -> int:
    """Bitmask of a sequence of cells (or symbols)."""
    return _mask(cells)


def bits_of(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first: the cells of a cell mask, the
    symbols of a candidate mask.

    >>> bits_of(0b10110)
    [1, 2, 4]
    """
    if mask < _SMALL_LIMIT:  # a candidate mask: read off a table (a new list each time)
        return [*_SMALL_BITS[mask]]
    out: list[int] = []
    if mask.bit_count() > 3:  # many cells: read nine bits at a time off tables
        for table in _CHUNK_BITS:
            out += table[mask & _CHUNK_MASK]
            mask >>= _CHUNK
            if not mask:
                return out
        base = _CHUNK_END  # (the cells past the tables: boards over 9x9, walked bit by bit)
    else:
        base = 0
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1 + base)
        mask ^= low
    return out


#: Masks below this are read off :data:`_SMALL_BITS` (every candidate mask up to size 10).
_SMALL_LIMIT = 1 << 10
_SMALL_BITS = tuple(tuple(i for i in range(10) if m >> i & 1) for m in range(_SMALL_LIMIT))
#: Wider masks with more than three bits set are read nine bits at a time: ``_CHUNK_BITS[k][m]``
#: is the bits of ``m << 9 * k``, for the first :data:`_CHUNK_END` bits (every cell of a 9x9 board).
_CHUNK = 9
_CHUNK_MASK = (1 << _CHUNK) - 1
_CHUNK_END = 90
_CHUNK_BITS = tuple(tuple(tuple(base + i for i in range(_CHUNK) if m >> i & 1) for m in range(1 << _CHUNK))
                    for base in range(0, _CHUNK_END, _CHUNK))

#: The former name of :func:`bits_of` (it walks symbol masks too), kept for existing callers.
cells_of = bits_of
