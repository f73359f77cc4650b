"""Little killers: a number outside the grid with a small diagonal arrow;
the cells along that diagonal add up to the number.  Digits may repeat
along it unless the cells see each other (within one box, in one cage).

f-puzzles key ``littlekillersum``: a list of ``{"cell": "R0C1",
"direction": "DR", "value": "23"}``: ``cell`` is the clue's cell outside the
grid (row or column 0 or N+1), ``direction`` one of ``UL``, ``UR``, ``DL``,
``DR``; f-puzzles also writes the diagonal's ``cells``, which deduce writes
and, when read, checks.

The deduction (:class:`LittleKillerSums`): each cell of the diagonal keeps
only the values with which the others can still make up the total (cells
of one box holding different values): "r1c2 is not 7, 8 or 9: the other
cells add up to at least 17".

>>> from deduce.puzzle import Puzzle
>>> k = LittleKiller((0, 1), "DR", 23)
>>> k, k.label(Puzzle.empty(9, constraints=[k]))
(LittleKiller(clue=(0, 1), direction='DR', value=23, size=9), 'little killer r1c2-r8c9 (23)')
>>> [c for c in k.cells()][:3]
[1, 11, 21]
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

from ._common import constraint_picture, fp_name
from ._lines import VARIANTS, distinct_sums, narrowed_step, sums
from ._outside import check_side, clue_cell, clue_centre, clue_value, fp_clue, in_ring, read_items, runs, sum_keep

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

STEP = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
WORDS = {"UL": "up-left", "UR": "up-right", "DL": "down-left", "DR": "down-right"}


def diagonal(clue: tuple[int, int], direction: str, size: int) -> tuple[int, ...]:
    """The cells from the clue's cell in ``direction`` while inside the grid
    (rows and columns numbered 1..size inside)."""
    dr, dc = STEP[direction]
    r, c = clue[0] + dr, clue[1] + dc
    out = []
    while 1 <= r <= size and 1 <= c <= size:
        out.append((r - 1) * size + c - 1)
        r, c = r + dr, c + dc
    return tuple(out)


def _clue(value: Iterable[int]) -> tuple[int, int]:
    r, c = (int(x) for x in value)
    return r, c


def _direction(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in STEP:
        raise ConstraintError(f"a little killer's direction is UL, UR, DL or DR, not {value!r}")


@attrs.frozen
class LittleKiller(Constraint):
    """The cells from ``clue`` (a cell outside the grid: row, column, 0 and
    N+1 outside) in ``direction`` add up to ``value``."""

    clue: tuple[int, int] = attrs.field(converter=_clue)
    direction: str = attrs.field(validator=_direction)
    value: int = attrs.field(converter=int)
    size: int = 9

    KIND: ClassVar[str] = "little killer"
    KEYS: ClassVar[tuple[str, ...]] = ("littlekillersum",)
    OUTSIDE: ClassVar[bool] = True
    NARROWS: ClassVar[bool] = True

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        out = []
        for where, item in read_items(key, value, "little killer"):
            clue = clue_cell(item["cell"], size, where)
            direction = item.get("direction")
            if direction not in STEP:
                raise ConstraintError(f"{where}: direction {str(direction)[:10]!r} is not UL, UR, DL or DR")
            cells = diagonal(clue, direction, size)
            if not cells:
                raise ConstraintError(f"{where} ({fp_clue(clue)} {direction}): its diagonal misses the grid")
            given = item.get("cells")
            if given is not None and (not isinstance(given, list)
                                      or [str(x).upper() for x in given] != [fp_name(c, size) for c in cells]):
                raise ConstraintError(f"{where} ({fp_clue(clue)} {direction}): its 'cells' are not its diagonal")
            out.append(cls(clue, direction, clue_value(item, where), size))
        return out

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"littlekillersum": [{"cell": fp_clue(self.clue), "direction": self.direction,
                                     "value": str(self.value),
                                     "cells": [fp_name(c, size) for c in self.cells()]}]}

    def cells(self) -> tuple[int, ...]:
        return diagonal(self.clue, self.direction, self.size)

    def covered(self) -> tuple[int, ...]:
        return self.cells()

    def label(self, puzzle: Puzzle) -> str:
        name = puzzle.geometry.cell_name
        cells = self.cells()
        where = name(cells[0]) if len(cells) == 1 else f"{name(cells[0])}-{name(cells[-1])}"
        return f"little killer {where} ({self.value})"

    def validate(self, puzzle: Puzzle) -> None:
        n = puzzle.size
        what = f"little killer {fp_clue(self.clue)}"
        if self.size != n:
            raise ConstraintError(f"{what}: made for a {self.size}x{self.size} grid, not {n}x{n}")
        if not in_ring(self.clue, n):
            check_side(self.clue, n, what)
        if not self.cells():
            raise ConstraintError(f"{what} ({self.direction}): its diagonal misses the grid")
        full = (1 << n) - 1
        if sum_keep(puzzle, self.cells(), [full] * puzzle.ncells, 1 << self.value) is None:
            raise ConstraintError(f"{self.label(puzzle)}: no digits 1-{n} along it add up to {self.value}")

    def sums(self, puzzle: Puzzle) -> tuple[LinearSum, ...]:
        return (LinearSum(self.cells(), (), self.value, self.label(puzzle)),)

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        cells = self.cells()
        keep = sum_keep(puzzle, cells, cand, 1 << self.value)
        if keep is None:
            return False
        for c, k in zip(cells, keep):
            cand[c] &= k
            if not cand[c]:
                return False
        return True

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        total = sum(values[c] + 1 for c in self.cells())
        return None if total == self.value else f"its diagonal adds up to {total}, not {self.value}"

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        # SudokuPad: the number in the clue's cell, a small arrow beside it pointing along the diagonal
        cs = layout.cs
        x, y = clue_centre(layout, self.clue)
        dr, dc = STEP[self.direction]
        size = cs * 0.36
        tx, ty = x - dc * cs * 0.12, y - dr * cs * 0.12
        out = ['<g class="constraint little-killer">',
               f'<text class="little-killer-sum" x="{tx:.1f}" y="{ty + size * 0.35:.1f}" font-size="{size:.1f}" '
               f'text-anchor="middle" fill="#000000">{self.value}</text>']
        ax, ay = x + dc * cs * 0.22, y + dr * cs * 0.22  # the arrow from near the number to the cell's corner
        bx, by = x + dc * cs * 0.44, y + dr * cs * 0.44
        w = cs * 0.03
        out.append(f'<path class="little-killer-arrow" d="M{ax:.1f},{ay:.1f} L{bx:.1f},{by:.1f}" stroke="#000000" '
                   f'stroke-width="{w:.1f}" stroke-linecap="round"/>')
        h = cs * 0.1
        for hx, hy in ((bx - dc * h, by), (bx, by - dr * h)):
            out.append(f'<path class="little-killer-arrow" d="M{hx:.1f},{hy:.1f} L{bx:.1f},{by:.1f}" '
                       f'stroke="#000000" stroke-width="{w:.1f}" stroke-linecap="round"/>')
        out.append("</g>")
        return out


def sum_reasons(puzzle: Puzzle, cand: list[int], cells: tuple[int, ...], total: int,
                eliminations: Iterable[tuple[int, int]]) -> tuple[tuple[int, int, int, int], ...]:
    """Per cell that loses values: (cell, the values removed (a mask), the
    least and the largest total of the other cells, those that see each
    other holding different values)."""
    removed: dict[int, int] = {}
    for c, s in eliminations:
        removed[c] = removed.get(c, 0) | 1 << s
    parts = runs(puzzle, cells)
    out = []
    for c, mask in sorted(removed.items()):
        lo = hi = 0
        for part in parts:
            rest = [cand[d] for d in part if d != c]
            if not rest:
                continue
            reach = distinct_sums(rest) if len(rest) > 1 else sums(rest)
            lo += (reach & -reach).bit_length() - 1
            hi += reach.bit_length() - 1
        out.append((c, mask, lo, hi))
    return tuple(out)


def sum_text(r: TextRenderer, reasons: Iterable[tuple[int, int, int, int]], total: int) -> str:
    """``r1c2 is not 7, 8 or 9: the other cells add up to at least 17.``"""
    out = []
    for c, mask, lo, hi in reasons:
        high = [s for s in bits_of(mask) if s + 1 + lo > total]
        low = [s for s in bits_of(mask) if s + 1 + hi < total]
        if high:
            out.append(f"{r.cell(c)} is not {prose([r.sym(s) for s in high], 'or')}: the other cells add up to "
                       f"at least {lo}.")
        if low:
            out.append(f"{r.cell(c)} is not {prose([r.sym(s) for s in low], 'or')}: the other cells add up to "
                       f"at most {hi}.")
        for s in bits_of(mask):
            if s not in high and s not in low:
                out.append(f"{r.cell(c)} is not {r.sym(s)}: the other cells cannot make up the remaining "
                           f"{total - s - 1} with what they can hold.")
    return " ".join(out)


def seen_runs(puzzle: Puzzle, cells: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The runs of ``cells`` (more than one cell) whose cells see each other."""
    return tuple(run for run in runs(puzzle, cells) if len(run) > 1)


@attrs.frozen
class LittleKillerSums(Producer):
    """Each cell along a little killer keeps only the values with which the
    other cells can still make up its total."""

    CODE = "little-killer"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, k in enumerate(puzzle.constraints):
            if not isinstance(k, LittleKiller):
                continue
            cand = [state.cand[c] if state.value[c] < 0 else 1 << state.value[c] for c in range(puzzle.ncells)]
            step = narrowed_step(self.technique, state, index, k)
            if step is not None:
                cells = k.cells()
                reasons = sum_reasons(puzzle, cand, cells, k.value, step.eliminations)
                yield attrs.evolve(step, details=(*step.details, ("differ", seen_runs(puzzle, cells)),
                                                  ("reasons", reasons)))


ROWS: tuple[Technique, ...] = (
    row(89.5, "little-killer", "Little killer sum", VARIANTS, 1.8, 30, EASY, "",
        "The cells along a little killer's diagonal add up to its number (repeating only where they do not see "
        "each other): each keeps only the values with which the others can still make up the total.",
        rating_note="A cage's combinations (deduce's cage combination step) over cells that may repeat, "
                    "which is harder to see than a cage's; a little more than an arrow (1.7)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Little killer": ("little-killer",)}


class LittleKillerDetails(TypedDict):
    #: the index of the little killer in the puzzle's constraints
    constraint: int
    #: the runs of its cells (more than one) that see each other, so hold different values
    differ: tuple[tuple[int, ...], ...]
    #: per cell that loses values: (cell, the values removed (a mask), the least and the largest total of the
    #: other cells before the step)
    reasons: tuple[tuple[int, int, int, int], ...]


DETAILS: dict[str, type] = {"little-killer": LittleKillerDetails}

TEMPLATES = {
    "little-killer": (
        "Look along the {killer}.",
        "The cells along the {killer} add up to {total}{differ_text}. Which values leave the others room to "
        "make up the total?",
        "The cells along the {killer} add up to {total}{differ_text}. {sum_text} So {removed}.",
    ),
}


def _killer(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def differ_words(r: TextRenderer, step: Step) -> str:
    parts = [prose([r.cell(c) for c in run]) for run in step.detail("differ", ())]
    if not parts:
        return ""
    rest = "".join(f", as do {part}" for part in parts[1:])
    return f"; {parts[0]} see each other{rest}, so they differ"


FIELDS: dict[str, Field] = {
    "killer": lambda r, s: _killer(r, s).label(r.puzzle),
    "total": lambda r, s: str(_killer(r, s).value),
    "differ_text": differ_words,
    "sum_text": lambda r, s: sum_text(r, s.detail("reasons", ()), _killer(r, s).value),
}


MARKERS: dict[str, Marker] = {"little-killer": constraint_picture}
