"""Extra regions (windoku, hyper, any marked region) and disjoint groups:
houses beyond rows, columns and boxes.

f-puzzles keys ``extraregion`` (a list of ``{"cells": [...]}``: a region
of N cells holds every symbol once; a smaller one only differs, as a killer
cage without a total) and ``disjointgroups`` (``true``: the cells at the
same place in every box hold every symbol once; grids with boxes only).
Their cells are peers; their houses' singles and locked candidates are the
techniques of :mod:`strategies.variants.extra_houses`.  SudokuPad shades an
extra region grey and draws nothing for disjoint groups; so does deduce.

>>> from deduce.puzzle import Puzzle
>>> p = Puzzle.empty(4, constraints=(DisjointGroups(),))
>>> p.extra_houses[0], p.extra_house_name(0)
((0, 2, 8, 10), 'disjoint group 1 (r1c1, r1c3, r3c1 and r3c3)')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable

import attrs

from deduce.constraint import Constraint, ConstraintError

from ._common import check_cells, fp_cell, fp_flag, fp_list, fp_name

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle


def _cells(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(int(c) for c in value))


@attrs.frozen
class ExtraRegion(Constraint):
    """A region of cells whose symbols differ (N cells: every symbol once)."""

    cells: tuple[int, ...] = attrs.field(converter=_cells)

    KIND: ClassVar[str] = "extra region"
    KEYS: ClassVar[tuple[str, ...]] = ("extraregion",)

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        out = []
        for k, item in enumerate(fp_list(value, key), 1):
            where = f"extra region {k}"
            cells = item.get("cells") if isinstance(item, dict) else None
            if not isinstance(cells, list) or not cells:
                raise ConstraintError(f"{where}: 'cells' must be a non-empty list of cells")
            found = [fp_cell(x, size, where) for x in cells]
            if len(set(found)) != len(found):
                raise ConstraintError(f"{where} lists a cell twice")
            out.append(cls(tuple(found)))
        return out

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"extraregion": [{"cells": [fp_name(c, size) for c in self.cells]}]}

    def covered(self) -> tuple[int, ...]:
        return self.cells

    def label(self, puzzle: Puzzle) -> str:
        return f"extra region from {puzzle.geometry.cell_name(self.cells[0])}"

    def validate(self, puzzle: Puzzle) -> None:
        check_cells(self.cells, puzzle.size, "extra region")
        if len(self.cells) > puzzle.size:
            raise ConstraintError(f"{self.label(puzzle)} has {len(self.cells)} cells but only {puzzle.size} "
                                  "distinct symbols exist")

    def houses(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        return (self.cells,) if len(self.cells) == puzzle.size else ()

    def distinct(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        return (self.cells,) if len(self.cells) < puzzle.size else ()

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        cs = layout.cs
        rects = "".join(f'<rect x="{x}" y="{y}" width="{cs}" height="{cs}"/>'
                        for x, y in (layout.xy(c) for c in self.cells))
        return [f'<g class="constraint extra-region" fill="#cfcfcf" fill-opacity="0.55">{rects}</g>']


@attrs.frozen
class DisjointGroups(Constraint):
    """The cells at one place of every box hold every symbol once."""

    KIND: ClassVar[str] = "disjoint groups"
    KEYS: ClassVar[tuple[str, ...]] = ("disjointgroups",)

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        return [cls()] if fp_flag(key, value) else []

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"disjointgroups": True}

    def validate(self, puzzle: Puzzle) -> None:
        if puzzle.geometry.box_shape is None:
            raise ConstraintError("disjoint groups need boxes (this grid has jigsaw regions)")

    def houses(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        g = puzzle.geometry
        n = g.size
        return tuple(tuple(g.houses[2 * n + b][k] for b in range(n)) for k in range(n))

    def house_label(self, puzzle: Puzzle, index: int) -> str:
        from deduce.render.words.prose import prose

        cells = self.houses(puzzle)[index]
        name = puzzle.geometry.cell_name
        shown = prose([name(c) for c in cells]) if len(cells) <= 4 else f"{name(cells[0])}, {name(cells[1])}, ..."
        return f"disjoint group {index + 1} ({shown})"
