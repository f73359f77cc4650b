"""Killer cages without a total: the cage's cells hold different symbols,
and nothing is said of their sum.

f-puzzles writes them as ``killercage`` items without a ``value``; the
core's reader (:mod:`deduce.formats.fpuzzles`) hands such an item to the
class the registry has for the key ``killercage/no-total``.  The cells
join :attr:`deduce.puzzle.Puzzle.peer_masks` (as a distinct-digit cage's
do); no technique of their own.  Drawn as a dashed cage outline.

>>> from deduce.puzzle import Puzzle
>>> p = Puzzle.empty(4, constraints=(CageWithoutTotal((0, 5)),))
>>> bool(p.peer_masks[0] >> 5 & 1), CageWithoutTotal((5, 0))
(True, CageWithoutTotal(cells=(0, 5)))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable

import attrs

from deduce.constraint import Constraint, ConstraintError

from ._common import check_cells, fp_cell, fp_name

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle

#: The registry's key for a killer cage item without a value.
NO_TOTAL_KEY = "killercage/no-total"


def _cells(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(int(c) for c in value))


@attrs.frozen
class CageWithoutTotal(Constraint):
    """A cage whose cells differ; no sum."""

    cells: tuple[int, ...] = attrs.field(converter=_cells)

    KIND: ClassVar[str] = "cage without a total"
    KEYS: ClassVar[tuple[str, ...]] = (NO_TOTAL_KEY,)

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        """``value``: the cage's f-puzzles item and its number, ``(item, k)``."""
        item, k = value
        where = f"killer cage {k}"
        cells = [fp_cell(x, size, where) for x in item["cells"]]
        if len(set(cells)) != len(cells):
            raise ConstraintError(f"{where} lists a cell twice")
        return [cls(tuple(cells))]

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"killercage": [{"cells": [fp_name(c, size) for c in self.cells]}]}

    def covered(self) -> tuple[int, ...]:
        return self.cells

    def label(self, puzzle: Puzzle) -> str:
        return f"cage {puzzle.geometry.cell_name(self.cells[0])} (no total)"

    def validate(self, puzzle: Puzzle) -> None:
        check_cells(self.cells, puzzle.size, "cage without a total")
        if len(self.cells) > puzzle.size:
            raise ConstraintError(f"{self.label(puzzle)} has {len(self.cells)} cells but only {puzzle.size} "
                                  "distinct symbols exist")

    def distinct(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        return (self.cells,)

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        n, cs, inset = puzzle.size, layout.cs, 3
        cells = set(self.cells)
        lines = []
        for cell in self.cells:
            x, y = layout.xy(cell)
            r, c = divmod(cell, n)
            if not (r > 0 and cell - n in cells):
                lines.append((x + inset, y + inset, x + cs - inset, y + inset))
            if not (r + 1 < n and cell + n in cells):
                lines.append((x + inset, y + cs - inset, x + cs - inset, y + cs - inset))
            if not (c > 0 and cell - 1 in cells):
                lines.append((x + inset, y + inset, x + inset, y + cs - inset))
            if not (c + 1 < n and cell + 1 in cells):
                lines.append((x + cs - inset, y + inset, x + cs - inset, y + cs - inset))
        body = "".join(f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}"/>' for a, b, c, d in lines)
        return [f'<g class="constraint cage-no-total" stroke="#666666" stroke-width="1.1" stroke-dasharray="4 3" '
                f'fill="none">{body}</g>']
