"""The diagonals of Sudoku X: each holds every symbol once.

f-puzzles keys ``diagonal+`` (the positive diagonal, from the bottom left
corner to the top right one) and ``diagonal-`` (from the top left corner to
the bottom right one), each ``true``.  A diagonal is a house: its cells are
peers (naked singles, the search and every technique reading peers see it)
and its singles and locked candidates are the techniques of
:mod:`strategies.variants.extra_houses`.

>>> from deduce.puzzle import Puzzle
>>> p = Puzzle.empty(4, constraints=[Diagonal("-")])
>>> p.extra_houses, p.extra_house_name(0)
(((0, 5, 10, 15),), 'diagonal r1c1-r4c4')
>>> Diagonal("+").houses(p)
((12, 9, 6, 3),)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable

import attrs

from deduce.constraint import Constraint, ConstraintError

from ._common import centre

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle

KEYS = {"+": "diagonal+", "-": "diagonal-"}


def _direction(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in KEYS:
        raise ConstraintError(f"a diagonal's direction is '+' or '-', not {value!r}")


@attrs.frozen
class Diagonal(Constraint):
    """``Diagonal("-")``: r1c1 to rNcN; ``Diagonal("+")``: rNc1 to r1cN."""

    direction: str = attrs.field(validator=_direction)

    KIND: ClassVar[str] = "diagonal"
    KEYS: ClassVar[tuple[str, ...]] = ("diagonal+", "diagonal-")

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        if not isinstance(value, bool):
            raise ConstraintError(f"'{key}' must be true or false")
        return [cls(key[-1])] if value else []

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {KEYS[self.direction]: True}

    def diagonal(self, size: int) -> tuple[int, ...]:
        """Its cells, from its first row's end (the top left, or the bottom left)."""
        if self.direction == "-":
            return tuple(i * size + i for i in range(size))
        return tuple((size - 1 - i) * size + i for i in range(size))

    def houses(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        return (self.diagonal(puzzle.size),)

    def label(self, puzzle: Puzzle) -> str:
        cells = self.diagonal(puzzle.size)
        name = puzzle.geometry.cell_name
        return f"diagonal {name(cells[0])}-{name(cells[-1])}"

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        cells = self.diagonal(puzzle.size)
        (x1, y1), (x2, y2) = centre(layout, cells[0]), centre(layout, cells[-1])
        half = layout.cs / 2
        sx = -half if x2 > x1 else half
        sy = -half if y2 > y1 else half
        return [f'<line class="constraint diagonal" x1="{x1 + sx:.1f}" y1="{y1 + sy:.1f}" x2="{x2 - sx:.1f}" '
                f'y2="{y2 - sy:.1f}" stroke="#4c7fbf" stroke-width="1.6" stroke-opacity="0.7"/>']
