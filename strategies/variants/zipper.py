"""Zipper lines: cells at the same distance from the line's middle add up to
the same total; on a line of odd length that total is the middle cell's
value.

f-puzzles key ``zipperline``: ``{"lines": [[cells...]]}``.

The deduction (:class:`ZipperTotals`): the common total lies within what
every pair can add up to (and within the middle cell's values), and each
cell keeps only values whose partner can make one of those totals up.

>>> from deduce.puzzle import Puzzle
>>> z = ZipperLine((0, 1, 2))
>>> z.pairs(), z.middle
(((0, 2),), 1)
>>> cand = [0b111111111] * 81
>>> z.narrow(Puzzle.empty(9), cand), bin(cand[1]), bin(cand[0])
(True, '0b111111100', '0b11111111')
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, TypedDict

import attrs

from deduce.cagemath import LinearSum
from deduce.render.words.prose import Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import constraint_picture
from ._lines import VARIANTS, Line, narrow_to_common_total, narrowed_step, piece_sums, totals_text

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


@attrs.frozen
class ZipperLine(Line):
    """Cells of ``cells`` equally far from its middle add up to one total (the middle cell's value, if any)."""

    KIND: ClassVar[str] = "zipper line"
    KEYS: ClassVar[tuple[str, ...]] = ("zipperline",)
    COLOUR: ClassVar[str] = "#ff8fe0"
    WIDTH: ClassVar[float] = 0.2
    NARROWS: ClassVar[bool] = True

    def pairs(self) -> tuple[tuple[int, int], ...]:
        k = len(self.cells)
        return tuple((self.cells[i], self.cells[k - 1 - i]) for i in range(k // 2))

    @property
    def middle(self) -> int | None:
        """The middle cell of a line of odd length."""
        return self.cells[len(self.cells) // 2] if len(self.cells) % 2 else None

    def totals(self, cand: list[int]) -> int:
        """What the middle cell says the total can be (a bit set; every total when there is none)."""
        if self.middle is None:
            return -1
        return cand[self.middle] << 1

    def sums(self, puzzle: Puzzle) -> tuple[LinearSum, ...]:
        """Each pair less the middle cell (or less the next pair) makes 0."""
        pairs, what = self.pairs(), self.label(puzzle)
        if self.middle is not None:
            return tuple(LinearSum(p, (self.middle,), 0, what) for p in pairs)
        return tuple(LinearSum(a, b, 0, what) for a, b in itertools.pairwise(pairs))

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        left = narrow_to_common_total(puzzle, cand, self.pairs(), self.totals(cand))
        if not left:
            return False
        if self.middle is not None:
            cand[self.middle] &= left >> 1
        return bool(self.middle is None or cand[self.middle])

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        totals = {values[a] + values[b] + 2 for a, b in self.pairs()}
        if self.middle is not None:
            totals.add(values[self.middle] + 1)
        return None if len(totals) == 1 else f"its pairs add up to {', '.join(map(str, sorted(totals)))}"


@attrs.frozen
class ZipperTotals(Producer):
    """A zipper line's pairs share one total: it lies within what every pair can make (and the middle allows)."""

    CODE = "zipper"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, z in enumerate(puzzle.constraints):
            if not isinstance(z, ZipperLine):
                continue
            cand = [state.cand[c] if state.value[c] < 0 else 1 << state.value[c] for c in range(puzzle.ncells)]
            ranges = []
            for pair in z.pairs():
                reach = piece_sums(puzzle, cand, pair)
                ranges.append((pair, (reach & -reach).bit_length() - 1, reach.bit_length() - 1))
            work = list(cand)
            left = narrow_to_common_total(puzzle, work, z.pairs(), z.totals(work))
            totals = tuple(t for t in range(left.bit_length()) if left >> t & 1)
            step = narrowed_step(self.technique, state, index, z, (("pairs", tuple(ranges)), ("totals", totals)))
            if step is not None:
                yield step


ROWS: tuple[Technique, ...] = (
    row(92, "zipper", "Zipper line", VARIANTS, 2.0, 30, EASY, "",
        "Cells of a zipper line equally far from its middle add up to the same total (the middle cell's value "
        "on a line of odd length): the total lies within what every pair can make, and each cell keeps only "
        "values its partner can make up.",
        rating_note="Comparing the sums of several pairs: as a region-sum line (2.0)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Zipper line": ("zipper",), "Zipper": ("zipper",)}


class ZipperDetails(TypedDict):
    #: the index of the line in the puzzle's constraints
    constraint: int
    #: per pair: (its two cells, the least and largest total it could make before the step)
    pairs: tuple[tuple[tuple[int, int], int, int], ...]
    #: the common totals still possible
    totals: tuple[int, ...]


DETAILS: dict[str, type] = {"zipper": ZipperDetails}

TEMPLATES = {
    "zipper": (
        "Look at the {zipper}.",
        "Cells of the {zipper} equally far from its middle add up to the same total{middle_says}. Which totals "
        "can every pair make?",
        "Cells of the {zipper} equally far from its middle add up to the same total{middle_says}. {pairs_text} "
        "So {removed}.",
    ),
}


def _line(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _pairs_text(r: TextRenderer, step: Step) -> str:
    out = [f"{prose([r.cell(c) for c in cells])} can make {low}-{high}"
           for cells, low, high in step.detail("pairs", ())]
    return "; ".join(out) + f": the total can only be {totals_text(step.detail('totals', ()))}."


def _middle_says(r: TextRenderer, step: Step) -> str:
    middle = _line(r, step).middle
    return "" if middle is None else f", the value of its middle cell {r.cell(middle)}"


FIELDS: dict[str, Field] = {
    "zipper": lambda r, s: _line(r, s).label(r.puzzle),
    "pairs_text": _pairs_text,
    "middle_says": _middle_says,
}


MARKERS: dict[str, Marker] = {"zipper": constraint_picture}
