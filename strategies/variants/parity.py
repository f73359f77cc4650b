"""Odd and even cells: a cell marked odd holds an odd value, one marked
even an even value.

f-puzzles keys ``odd`` and ``even``: lists of ``{"cell": "R1C1"}``.  A
marked cell is restricted by itself (:meth:`Parity.unary`); the deduction
(:class:`ParityCells`) removes the values of the wrong parity.  SudokuPad
draws an odd cell as a grey circle and an even cell as a grey square; so
does deduce.

>>> from deduce.puzzle import Puzzle
>>> Parity("even", 0).unary(Puzzle.empty(6))
((0, 42),)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, TypedDict

import attrs

from deduce.constraint import Constraint, ConstraintError
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, capitalize, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import centre, check_cells, fp_cell, fp_list, fp_name

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

VARIANTS = "variants"


def _kind(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in ("odd", "even"):
        raise ConstraintError(f"a parity cell is 'odd' or 'even', not {value!r}")


def parity_mask(kind: str, size: int) -> int:
    """The symbols (values 1..size) of ``kind``'s parity, as a mask."""
    start = 0 if kind == "odd" else 1  # value 1 is symbol 0
    return sum(1 << s for s in range(start, size, 2))


@attrs.frozen
class Parity(Constraint):
    """``Parity("odd", cell)`` or ``Parity("even", cell)``."""

    kind: str = attrs.field(validator=_kind)
    cell: int

    KIND: ClassVar[str] = "parity"
    KEYS: ClassVar[tuple[str, ...]] = ("odd", "even")

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        out = []
        for k, item in enumerate(fp_list(value, key), 1):
            where = f"{key} cell {k}"
            if not isinstance(item, dict) or "cell" not in item:
                raise ConstraintError(f"{where}: an item must be an object with a 'cell'")
            out.append(cls(key, fp_cell(item["cell"], size, where)))
        return out

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {self.kind: [{"cell": fp_name(self.cell, size)}]}

    def covered(self) -> tuple[int, ...]:
        return (self.cell,)

    def label(self, puzzle: Puzzle) -> str:
        return f"{self.kind} cell {puzzle.geometry.cell_name(self.cell)}"

    def validate(self, puzzle: Puzzle) -> None:
        check_cells((self.cell,), puzzle.size, f"{self.kind} cell")

    def unary(self, puzzle: Puzzle) -> tuple[tuple[int, int], ...]:
        return ((self.cell, parity_mask(self.kind, puzzle.size)),)

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        x, y = centre(layout, self.cell)
        r = layout.cs * 0.36
        if self.kind == "odd":
            return [f'<circle class="constraint odd" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#d6d6d6"/>']
        return [f'<rect class="constraint even" x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" '
                f'height="{2 * r:.1f}" fill="#d6d6d6"/>']


@attrs.frozen
class ParityCells(Producer):
    """The values of the wrong parity leave every odd and even cell."""

    CODE = "parity"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        elims: list[tuple[int, int]] = []
        cells: list[int] = []
        for c in puzzle.constraints:
            if isinstance(c, Parity) and state.value[c.cell] < 0:
                gone = state.cand[c.cell] & ~parity_mask(c.kind, puzzle.size)
                if gone:
                    cells.append(c.cell)
                    elims.extend((c.cell, s) for s in range(puzzle.size) if gone >> s & 1)
        if elims:
            yield Step(self.technique, eliminations=elims, cells=cells, symbols=sorted({s for _, s in elims}))


ROWS: tuple[Technique, ...] = (
    row(5, "parity", "Odd and even cells", VARIANTS, 1.0, 2, EASY, "",
        "A cell marked odd holds an odd value, one marked even an even value; the others are removed.",
        rating_note="Reading the marks off the grid, nothing to scan: as easy as a full house (1.0), tried "
                    "first."),
)

NAMES: dict[str, tuple[str, ...]] = {"Odd/even": ("parity",), "Parity": ("parity",)}


class ParityDetails(TypedDict):
    pass


DETAILS: dict[str, type] = {"parity": ParityDetails}

TEMPLATES = {
    "parity": (
        "Look at the cells marked odd or even.",
        "{parity_cells}: which values do their marks allow?",
        "{parity_cells}. So {removed}.",
    ),
}


def _parity_cells(r: TextRenderer, step: Step) -> str:
    kinds = {c.cell: c.kind for c in r.puzzle.constraints if isinstance(c, Parity)}
    parts = []
    for kind in ("odd", "even"):
        cells = [c for c in step.cells if kinds.get(c) == kind]
        if cells:
            parts.append(f"{r.cells(cells)} {'is' if len(cells) == 1 else 'are'} {kind}")
    return prose(parts)


FIELDS: dict[str, Field] = {"parity_cells": lambda r, s: capitalize(_parity_cells(r, s))}


def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    b.cell_roles(step.cells, "pattern")
    return b.done()


MARKERS: dict[str, Marker] = {"parity": _picture}
