"""Arrows: the cells along an arrow add up to the number in its circle (a
one-cell circle holds the total; a two-cell pill reads as a two-digit
number, left to right or top to bottom).  Digits may repeat along an arrow
unless a house or cage says otherwise.

f-puzzles key ``arrow``: a list of ``{"cells": [circle cells], "lines":
[[a circle cell, the arrow's cells...], ...]}``; every line of one item is
an arrow from the same circle, and each adds up to it.

The deduction (:class:`ArrowSums`): the circle's number lies within what
the arrow's cells can add up to, and each arrow cell keeps only the values
that some total the circle can hold leaves room for: "the arrow from r5c5:
r5c6 and r5c7 are in one row, so they differ and add up to at least 3;
r5c5 is at least 3".

>>> from deduce.puzzle import Puzzle
>>> a = Arrow((40,), ((40, 41, 42),))
>>> a, a.label(Puzzle.empty(9, constraints=[a]))
(Arrow(circle=(40,), shafts=((40, 41, 42),)), 'arrow from r5c5')
>>> cand = [0b111111111] * 81
>>> a.narrow(Puzzle.empty(9), cand), bin(cand[40]), bin(cand[41])
(True, '0b111111100', '0b11111111')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, TypedDict

import attrs

from deduce.cagemath import LinearSum
from deduce.constraint import Constraint, ConstraintError
from deduce.geometry import bits_of
from deduce.render.words.prose import Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import centre, constraint_picture, fp_cell, fp_list, fp_name
from ._lines import (
    VARIANTS,
    check_line,
    distinct_sums,
    keep_for_sums,
    line_svg,
    mutually_seen,
    narrowed_step,
    sums,
)

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


def _cells(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(int(c) for c in value))


def _shafts(value: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(c) for c in shaft) for shaft in value)


@attrs.frozen
class Arrow(Constraint):
    """A circle (one cell, or a pill of two or three read in reading order)
    and its arrows (``shafts``: each from the circle outwards), each adding
    up to the circle's number."""

    circle: tuple[int, ...] = attrs.field(converter=_cells)
    shafts: tuple[tuple[int, ...], ...] = attrs.field(converter=_shafts)

    KIND: ClassVar[str] = "arrow"
    KEYS: ClassVar[tuple[str, ...]] = ("arrow",)
    NARROWS: ClassVar[bool] = True

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        out = []
        for k, item in enumerate(fp_list(value, key), 1):
            where = f"arrow {k}"
            if not isinstance(item, dict) or not isinstance(item.get("cells"), list) or not item["cells"]:
                raise ConstraintError(f"{where}: 'cells' must list the circle's cells")
            circle = tuple(fp_cell(x, size, where) for x in item["cells"])
            lines = item.get("lines")
            if not isinstance(lines, list) or not lines:
                raise ConstraintError(f"{where}: 'lines' must be a non-empty list of cell lists")
            shafts = []
            for line in lines:
                if not isinstance(line, list) or len(line) < 2:
                    raise ConstraintError(f"{where}: an arrow's line needs its circle cell and at least one cell")
                cells = [fp_cell(x, size, where) for x in line]
                if cells[0] not in circle:
                    raise ConstraintError(f"{where}: its line starts at {fp_name(cells[0], size)}, not in its circle")
                shafts.append(tuple(cells))
            out.append(cls(circle, tuple(shafts)))
        return out

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"arrow": [{"cells": [fp_name(c, size) for c in self.circle],
                           "lines": [[fp_name(c, size) for c in shaft] for shaft in self.shafts]}]}

    def arrow_cells(self, shaft: tuple[int, ...]) -> tuple[int, ...]:
        """The cells of one arrow that add up (its line less the circle)."""
        return tuple(c for c in shaft if c not in self.circle)

    def covered(self) -> tuple[int, ...]:
        return self.circle + tuple(dict.fromkeys(c for s in self.shafts for c in self.arrow_cells(s)))

    def label(self, puzzle: Puzzle) -> str:
        name = puzzle.geometry.cell_name
        where = name(self.circle[0]) if len(self.circle) == 1 else "-".join(name(c) for c in self.circle)
        return f"arrow from {where}"

    def validate(self, puzzle: Puzzle) -> None:
        n = puzzle.size
        for c in self.circle + tuple(c for s in self.shafts for c in s):
            if not 0 <= c < puzzle.ncells:
                raise ConstraintError(f"arrow: a cell is outside the {n}x{n} grid")
        what = self.label(puzzle)
        if len(self.circle) > 3 or (len(self.circle) > 1 and n > 9):
            raise ConstraintError(f"{what}: a circle of {len(self.circle)} cells is not a number of digits 1-{n}")
        if len(set(self.circle)) != len(self.circle):
            raise ConstraintError(f"{what}: its circle names a cell twice")
        for shaft in self.shafts:
            if shaft[0] not in self.circle:
                raise ConstraintError(f"{what}: an arrow does not start in its circle")
            check_line(puzzle, shaft, what)
            if not self.arrow_cells(shaft):
                raise ConstraintError(f"{what}: an arrow has no cell outside its circle")
        full = (1 << n) - 1
        if not self.totals([full] * len(self.circle)) & sums([full] * len(self.arrow_cells(self.shafts[0]))):
            raise ConstraintError(f"{what}: no digits 1-{n} make it add up")

    def totals(self, masks: list[int]) -> int:
        """The numbers the circle can hold, as a bit set (bit ``t`` for ``t``)."""
        out = 0
        numbers = [0]
        for m in masks:
            numbers = [10 * t + s + 1 for t in numbers for s in bits_of(m)]
        for t in numbers:
            out |= 1 << t
        return out

    def sums(self, puzzle: Puzzle) -> tuple[LinearSum, ...]:
        """Per arrow, its cells less the circle make 0.  A pill's number is a plain sum only when its leading
        digits are given: a pill 1? makes its arrow's cells less its last cell 10."""
        lead = self.circle[:-1]
        if any(puzzle.givens[c] < 0 for c in lead):
            return ()
        number = 0
        for c in lead:
            number = 10 * number + puzzle.givens[c] + 1
        what = self.label(puzzle)
        return tuple(LinearSum(self.arrow_cells(s), self.circle[-1:], 10 * number, what) for s in self.shafts)

    def shaft_sums(self, puzzle: Puzzle, cand: list[int], shaft: tuple[int, ...]) -> int:
        """The totals one arrow's cells can make (with different digits when they see each other)."""
        cells = self.arrow_cells(shaft)
        masks = [cand[c] for c in cells]
        return distinct_sums(masks) if len(cells) > 1 and mutually_seen(puzzle, cells) else sums(masks)

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        for _ in range(4):  # a couple of rounds reach the fixed point of these bounds
            before = [cand[c] for c in self.covered()]
            possible = self.totals([cand[c] for c in self.circle])
            for shaft in self.shafts:
                possible &= self.shaft_sums(puzzle, cand, shaft)
            if not possible:
                return False
            self._narrow_circle(cand, possible)
            for shaft in self.shafts:
                cells = self.arrow_cells(shaft)
                for c, keep in zip(cells, keep_for_sums([cand[c] for c in cells], possible)):
                    cand[c] &= keep
            if any(not cand[c] for c in self.covered()):
                return False
            if before == [cand[c] for c in self.covered()]:
                break
        return True

    def _narrow_circle(self, cand: list[int], possible: int) -> None:
        masks = [cand[c] for c in self.circle]
        keep = [0] * len(masks)
        for digits in _numbers(masks):
            t = 0
            for d in digits:
                t = 10 * t + d + 1
            if possible >> t & 1:
                for i, d in enumerate(digits):
                    keep[i] |= 1 << d
        for c, k in zip(self.circle, keep):
            cand[c] &= k

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        number = 0
        for c in self.circle:
            number = 10 * number + values[c] + 1
        for shaft in self.shafts:
            total = sum(values[c] + 1 for c in self.arrow_cells(shaft))
            if total != number:
                return f"its arrow adds up to {total}, not {number}"
        return None

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        cs = layout.cs
        out = ['<g class="constraint arrow">']
        for shaft in self.shafts:
            out.append(line_svg(layout, shaft, "arrow-line", "#a0a0a0", 0.06))
            (x1, y1), (x2, y2) = centre(layout, shaft[-2]), centre(layout, shaft[-1])
            dx, dy = x2 - x1, y2 - y1
            length = (dx * dx + dy * dy) ** 0.5 or 1.0
            ux, uy = dx / length, dy / length
            h = cs * 0.22
            for side in (1, -1):  # the arrowhead: two strokes back from the last cell's centre
                hx = x2 - h * (ux * 0.8 - side * uy * 0.6)
                hy = y2 - h * (uy * 0.8 + side * ux * 0.6)
                out.append(f'<path class="arrow-head" d="M{hx:.1f},{hy:.1f} L{x2:.1f},{y2:.1f}" stroke="#a0a0a0" '
                           f'stroke-width="{cs * 0.06:.1f}" stroke-linecap="round"/>')
        xs = [centre(layout, c) for c in self.circle]
        if len(xs) == 1:
            x, y = xs[0]
            out.append(f'<circle class="arrow-circle" cx="{x:.1f}" cy="{y:.1f}" r="{cs * 0.4:.1f}" fill="#ffffff" '
                       f'stroke="#a0a0a0" stroke-width="{cs * 0.05:.1f}"/>')
        else:
            out.append(line_svg(layout, self.circle, "arrow-circle", "#a0a0a0", 0.86))
            out.append(line_svg(layout, self.circle, "arrow-circle", "#ffffff", 0.76))
        out.append("</g>")
        return out


def _numbers(masks: list[int]) -> Iterator[tuple[int, ...]]:
    if not masks:
        yield ()
        return
    for s in bits_of(masks[0]):
        for rest in _numbers(masks[1:]):
            yield (s, *rest)


@attrs.frozen
class ArrowSums(Producer):
    """An arrow's circle lies within what its cells can add up to, and each
    arrow cell keeps the values some number the circle can hold leaves room for."""

    CODE = "arrow"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, a in enumerate(puzzle.constraints):
            if not isinstance(a, Arrow):
                continue
            cand = [state.cand[c] if state.value[c] < 0 else 1 << state.value[c] for c in range(puzzle.ncells)]
            ranges = []
            for shaft in a.shafts:
                cells = a.arrow_cells(shaft)
                reach = a.shaft_sums(puzzle, cand, shaft)
                low = (reach & -reach).bit_length() - 1
                ranges.append((cells, low, reach.bit_length() - 1,
                               len(cells) > 1 and mutually_seen(puzzle, cells)))
            totals = a.totals([cand[c] for c in a.circle])
            step = narrowed_step(self.technique, state, index, a,
                                 (("arrows", tuple(ranges)),
                                  ("circle", ((totals & -totals).bit_length() - 1, totals.bit_length() - 1))))
            if step is not None:
                yield step


ROWS: tuple[Technique, ...] = (
    row(88, "arrow", "Arrow sum", VARIANTS, 1.7, 25, EASY, "",
        "The cells along an arrow add up to the number in its circle: the circle lies within what the arrow's "
        "cells can add up to, and each arrow cell keeps only values that leave room for a total the circle "
        "can hold.",
        rating_note="Adding up a few cells against a range, as a cage's combinations (deduce's cage "
                    "combination step) do with a known total; a little more than a kropki dot (1.6)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Arrow": ("arrow",)}


class ArrowDetails(TypedDict):
    #: the index of the arrow in the puzzle's constraints
    constraint: int
    #: per arrow: (its cells, the least and largest total they could make before the step, whether they differ)
    arrows: tuple[tuple[tuple[int, ...], int, int, bool], ...]
    #: the least and largest number the circle could hold before the step
    circle: tuple[int, int]


DETAILS: dict[str, type] = {"arrow": ArrowDetails}

TEMPLATES = {
    "arrow": (
        "Look at the {arrow}.",
        "The cells along the {arrow} add up to the number in its circle, {circle_cells}. What can they add up "
        "to?",
        "The cells along the {arrow} add up to the number in its circle, {circle_cells}. {arrow_text} So "
        "{removed}.",
    ),
}


def _arrow(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _arrow_text(r: TextRenderer, step: Step) -> str:
    out = []
    for cells, low, high, differ in step.detail("arrows", ()):
        names = prose([r.cell(c) for c in cells])
        if len(cells) == 1:
            out.append(f"Its cell {names} can be {low}-{high}.")
        else:
            differ_text = "see each other, so they differ and " if differ else ""
            out.append(f"Its cells {names} {differ_text}add up to {low}-{high}.")
    lo, hi = step.detail("circle", (0, 0))
    circle = prose([r.cell(c) for c in _arrow(r, step).circle])
    out.append(f"The circle's number can be {lo}-{hi}." if len(_arrow(r, step).circle) > 1
               else f"The circle {circle} can be {lo}-{hi}.")
    return " ".join(out)


FIELDS: dict[str, Field] = {
    "arrow": lambda r, s: _arrow(r, s).label(r.puzzle),
    "circle_cells": lambda r, s: prose([r.cell(c) for c in _arrow(r, s).circle]),
    "arrow_text": _arrow_text,
}


MARKERS: dict[str, Marker] = {"arrow": constraint_picture}
