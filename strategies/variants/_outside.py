"""What the outside-clue families share (little killers, sandwiches,
X-sums, skyscrapers): the clue's cell outside the grid, the row or column
it looks into, the sums its cells can make, its number drawn outside.

f-puzzles names a clue's cell as if the grid had a ring of cells around
it: ``R0C3`` above column 3, ``R3C0`` left of row 3, ``R10C3`` below
column 3 and ``R3C10`` right of row 3 (on 9x9); ``R0C0`` is the corner
above and left of r1c1.  A clue is kept as ``(row, column)`` in that
numbering (1-based inside, 0 and N+1 outside).

>>> clue_cell("R0C3", 9, "sandwich 1"), side((0, 3), 9), looked_at((0, 3), 4)
((0, 3), 'top', (2, 6, 10, 14))
>>> clue_cell("R3C3", 9, "sandwich 1")
Traceback (most recent call last):
...
deduce.constraint.ConstraintError: sandwich 1: cell R3C3 is not outside the grid
"""

from __future__ import annotations

import itertools
import json
import re
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Sequence

import attrs

from deduce.constraint import Constraint, ConstraintError
from deduce.geometry import bits_of

from ._lines import distinct_sums, keep_for_sums, sums

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle

_CELL = re.compile(r"^[Rr](\d{1,2})[Cc](\d{1,2})$")
SIDES = ("top", "bottom", "left", "right")


def clue_cell(name: Any, size: int, where: str) -> tuple[int, int]:
    """The ``(row, column)`` of f-puzzles' ``R0C3``: a cell of the ring
    around the grid; :class:`ConstraintError` names ``where``."""
    m = _CELL.match(name) if isinstance(name, str) else None
    if not m:
        raise ConstraintError(f"{where}: {json.dumps(name)[:30]} is not a cell like R0C1")
    r, c = int(m.group(1)), int(m.group(2))
    if not (0 <= r <= size + 1 and 0 <= c <= size + 1):
        raise ConstraintError(f"{where}: cell {name} is not next to the {size}x{size} grid")
    if 1 <= r <= size and 1 <= c <= size:
        raise ConstraintError(f"{where}: cell {name} is not outside the grid")
    return r, c


def fp_clue(clue: tuple[int, int]) -> str:
    """f-puzzles' name of a clue's cell: ``R0C3``."""
    return f"R{clue[0]}C{clue[1]}"


def in_ring(clue: tuple[int, int], size: int) -> bool:
    r, c = clue
    return 0 <= r <= size + 1 and 0 <= c <= size + 1 and not (1 <= r <= size and 1 <= c <= size)


def side(clue: tuple[int, int], size: int) -> str | None:
    """Which side of the grid the clue is on (None for a corner)."""
    r, c = clue
    if r in (0, size + 1) and 1 <= c <= size:
        return "top" if r == 0 else "bottom"
    if c in (0, size + 1) and 1 <= r <= size:
        return "left" if c == 0 else "right"
    return None


def looked_at(clue: tuple[int, int], size: int) -> tuple[int, ...]:
    """The cells of the row or column the clue looks into, from the clue's side."""
    r, c = clue
    where = side(clue, size)
    if where == "top":
        return tuple(k * size + c - 1 for k in range(size))
    if where == "bottom":
        return tuple(k * size + c - 1 for k in reversed(range(size)))
    if where == "left":
        return tuple((r - 1) * size + k for k in range(size))
    if where == "right":
        return tuple((r - 1) * size + k for k in reversed(range(size)))
    return ()


def where_words(clue: tuple[int, int], size: int) -> str:
    """``above column 3``, ``left of row 3``..."""
    r, c = clue
    return {"top": f"above column {c}", "bottom": f"below column {c}", "left": f"left of row {r}",
            "right": f"right of row {r}"}.get(side(clue, size) or "", f"at corner R{r}C{c}")


def house_words(clue: tuple[int, int], size: int) -> str:
    """``column 3`` or ``row 3``."""
    r, c = clue
    return f"column {c}" if side(clue, size) in ("top", "bottom") else f"row {r}"


def check_side(clue: tuple[int, int], size: int, what: str) -> None:
    """A clue beside a row or column (not a corner, inside the ring)."""
    if not in_ring(clue, size):
        raise ConstraintError(f"{what}: cell {fp_clue(clue)} is not outside the {size}x{size} grid")
    if side(clue, size) is None:
        raise ConstraintError(f"{what}: cell {fp_clue(clue)} is a corner, beside no row or column")


def read_items(key: str, value: Any, what: str) -> Iterable[tuple[str, dict[str, Any]]]:
    if not isinstance(value, list):
        raise ConstraintError(f"'{key}' must be a list")
    for k, item in enumerate(value, 1):
        where = f"{what} {k}"
        if not isinstance(item, dict) or "cell" not in item:
            raise ConstraintError(f"{where}: it needs a 'cell' outside the grid")
        yield where, item


def clue_value(item: dict[str, Any], where: str) -> int:
    """A clue's ``value`` (a whole number, or a string of digits); it must be there."""
    value = item.get("value")
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) < 4:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ConstraintError(f"{where}: value {json.dumps(value)[:30]} is not a whole number")
    return value


# -- sums of cells that may repeat a digit unless they see each other ------------------------------


def runs(puzzle: Puzzle, cells: Sequence[int]) -> list[tuple[int, ...]]:
    """``cells`` cut into consecutive runs whose cells all see each other
    (a diagonal's cells within one box)."""
    peers = puzzle.peer_masks
    out: list[list[int]] = []
    for c in cells:
        if out and all(peers[c] >> d & 1 for d in out[-1]):
            out[-1].append(c)
        else:
            out.append([c])
    return [tuple(r) for r in out]


#: past this many fillings of one run, its cells are treated as if they could repeat
_ENUMERATE = 4096


def _fillings(masks: list[int]) -> list[tuple[int, ...]] | None:
    count = 1
    for m in masks:
        count *= m.bit_count()
    if count > _ENUMERATE:
        return None
    return [f for f in itertools.product(*(bits_of(m) for m in masks)) if len(set(f)) == len(f)]


def sum_keep(puzzle: Puzzle, cells: Sequence[int], cand: list[int], totals: int) -> list[int] | None:
    """Each cell's candidates that take part in a total of ``totals`` (a bit
    set), cells that see each other holding different values; None when
    none can.  Exact for runs of cells that see each other (small ones),
    cells of different runs may repeat."""
    parts = runs(puzzle, cells)
    reach: list[int] = []
    fills: list[list[tuple[int, ...]] | None] = []
    for part in parts:
        masks = [cand[c] for c in part]
        f = _fillings(masks) if len(part) > 1 else None
        fills.append(f)
        if f is None:
            reach.append(distinct_sums(masks) if len(part) > 1 else sums(masks))
        else:
            t = 0
            for filling in f:
                t |= 1 << (sum(filling) + len(filling))
            reach.append(t)
    total = 1
    for t in reach:
        total = _combine(total, t)
    if not total & totals:
        return None
    keep = {c: 0 for c in cells}
    for i, part in enumerate(parts):
        others = 1
        for j, t in enumerate(reach):
            if j != i:
                others = _combine(others, t)
        f = fills[i]
        if f is None:
            run_totals = 0  # the run's totals that fit: bit t when the run may add up to t
            for t in range(totals.bit_length()):
                if any(others >> (u - t) & 1 for u in bits_of(totals) if u >= t):
                    run_totals |= 1 << t
            for c, k in zip(part, keep_for_sums([cand[c] for c in part], run_totals)):
                keep[c] |= k
        else:
            for filling in f:
                t = sum(filling) + len(filling)
                if any(others >> (u - t) & 1 for u in bits_of(totals) if u >= t):
                    for c, s in zip(part, filling):
                        keep[c] |= 1 << s
    return [keep[c] for c in cells]


def _combine(a: int, b: int) -> int:
    out = 0
    while a:
        low = a & -a
        out |= b << (low.bit_length() - 1)
        a ^= low
    return out


# -- the picture -----------------------------------------------------------------------------------


def clue_centre(layout: Any, clue: tuple[int, int]) -> tuple[float, float]:
    """The centre of the clue's cell outside the grid."""
    r, c = clue
    return layout.margin + (c - 0.5) * layout.cs, layout.margin + (r - 0.5) * layout.cs


def clue_text(layout: Any, clue: tuple[int, int], text: str, cls: str, scale: float = 0.5,
              dx: float = 0.0, dy: float = 0.0) -> str:
    x, y = clue_centre(layout, clue)
    size = layout.cs * scale
    return (f'<text class="{cls}" x="{x + dx:.1f}" y="{y + dy + size * 0.35:.1f}" font-size="{size:.1f}" '
            f'text-anchor="middle" fill="#000000">{text}</text>')


# -- a clue beside a row or column ---------------------------------------------------------------


def _clue(value: Iterable[int]) -> tuple[int, int]:
    r, c = (int(x) for x in value)
    return r, c


@attrs.frozen
class SideClue(Constraint):
    """Base of the clues beside a row or column, read from f-puzzles items
    ``{"cell": "R0C3", "value": "12"}``: ``clue`` is the clue's cell
    (row, column; 0 and N+1 outside), ``size`` the grid's.  A subclass says
    ``KIND``, ``KEYS``, :meth:`fits` (values it can hold), its
    :meth:`narrow` and :meth:`broken`."""

    clue: tuple[int, int] = attrs.field(converter=_clue)
    value: int = attrs.field(converter=int)
    size: int = 9

    OUTSIDE: ClassVar[bool] = True
    NARROWS: ClassVar[bool] = True

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        out = []
        for where, item in read_items(key, value, cls.KIND):
            clue = clue_cell(item["cell"], size, where)
            if side(clue, size) is None:
                raise ConstraintError(f"{where}: cell {fp_clue(clue)} is a corner, beside no row or column")
            out.append(cls(clue, clue_value(item, where), size))
        return out

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {self.KEYS[0]: [{"cell": fp_clue(self.clue), "value": str(self.value)}]}

    def cells(self) -> tuple[int, ...]:
        """The row or column, from the clue's side."""
        return looked_at(self.clue, self.size)

    def covered(self) -> tuple[int, ...]:
        return self.cells()

    def label(self, puzzle: Puzzle) -> str:
        return f"{self.KIND} {self.value} {where_words(self.clue, self.size)}"

    def fits(self, size: int) -> bool:
        """Whether some filling of a row of values 1-``size`` gives the clue."""
        return True

    def validate(self, puzzle: Puzzle) -> None:
        n = puzzle.size
        what = f"{self.KIND} {fp_clue(self.clue)}"
        if self.size != n:
            raise ConstraintError(f"{what}: made for a {self.size}x{self.size} grid, not {n}x{n}")
        check_side(self.clue, n, what)
        if not self.fits(n):
            raise ConstraintError(f"{self.label(puzzle)}: no row of values 1-{n} gives {self.value}")

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        cls = "constraint " + self.KIND.replace(" ", "-")
        return [clue_text(layout, self.clue, str(self.value), cls)]


def distinct_keep(masks: list[int], total: int) -> list[int] | None:
    """Each cell's candidates in some filling with different values adding up
    to ``total``, or None when none does.  Exact while the fillings are few
    enough to list; past that, the totals are exact and each cell keeps what
    a sum with repeats allows.

    >>> distinct_keep([0b111, 0b111], 4)  # 1 + 3 or 3 + 1, not 2 + 2
    [5, 5]
    """
    if not masks:
        return [] if total == 0 else None
    f = _fillings(masks)
    if f is None:
        if not distinct_sums(masks) >> total & 1:
            return None
        return keep_for_sums(masks, 1 << total)
    keep = [0] * len(masks)
    for filling in f:
        if sum(filling) + len(filling) == total:
            keep = [k | 1 << s for k, s in zip(keep, filling)]
    return keep if any(keep) else None
