"""Region-sum lines: where a line passes through several boxes (or jigsaw
regions), its cells in each box add up to the same total.

f-puzzles key ``regionsumline``: ``{"lines": [[cells...]]}``.  A line's
piece is a run of its cells in one box; every piece has the same total.

The deduction (:class:`RegionSumTotals`): the common total lies within
what every piece can add up to, and each cell keeps only values that leave
its piece room for one of those totals: "the line's pieces can add up to
only 10-12".

>>> from deduce.puzzle import Puzzle
>>> line = RegionSumLine((2, 3))                 # r1c3 (box 1), r1c4 (box 2)
>>> line.pieces(Puzzle.empty(9))
((2,), (3,))
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, TypedDict

import attrs

from deduce.cagemath import LinearSum
from deduce.constraint import ConstraintError
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
class RegionSumLine(Line):
    """The pieces of ``cells`` in each box or region have the same total."""

    KIND: ClassVar[str] = "region-sum line"
    KEYS: ClassVar[tuple[str, ...]] = ("regionsumline",)
    COLOUR: ClassVar[str] = "#2ecbff"
    WIDTH: ClassVar[float] = 0.2
    NARROWS: ClassVar[bool] = True

    def pieces(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        """The runs of the line's cells within one box or region, in order along the line."""
        region = puzzle.geometry.region_of
        out: list[list[int]] = []
        for c in self.cells:
            if out and region[out[-1][-1]] == region[c]:
                out[-1].append(c)
            else:
                out.append([c])
        return tuple(tuple(p) for p in out)

    def validate(self, puzzle: Puzzle) -> None:
        super().validate(puzzle)
        if len(self.pieces(puzzle)) < 2:
            raise ConstraintError(f"{self.label(puzzle)}: the line stays in one box, so it says nothing")

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        return bool(narrow_to_common_total(puzzle, cand, self.pieces(puzzle)))

    def sums(self, puzzle: Puzzle) -> tuple[LinearSum, ...]:
        """Each piece less the next makes 0."""
        pieces = self.pieces(puzzle)
        what = self.label(puzzle)
        return tuple(LinearSum(a, b, 0, what) for a, b in itertools.pairwise(pieces) if not set(a) & set(b))

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        totals = {sum(values[c] + 1 for c in p) for p in self.pieces(puzzle)}
        return None if len(totals) == 1 else f"its pieces add up to {', '.join(map(str, sorted(totals)))}"


@attrs.frozen
class RegionSumTotals(Producer):
    """The pieces of a region-sum line share one total: it lies within what every piece can make."""

    CODE = "region-sum"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, line in enumerate(puzzle.constraints):
            if not isinstance(line, RegionSumLine):
                continue
            cand = [state.cand[c] if state.value[c] < 0 else 1 << state.value[c] for c in range(puzzle.ncells)]
            left = narrow_to_common_total(puzzle, list(cand), line.pieces(puzzle))
            ranges = []
            for p in line.pieces(puzzle):
                reach = piece_sums(puzzle, cand, p)
                ranges.append((p, (reach & -reach).bit_length() - 1, reach.bit_length() - 1))
            totals = tuple(t for t in range(left.bit_length()) if left >> t & 1)
            step = narrowed_step(self.technique, state, index, line, (("pieces", tuple(ranges)), ("totals", totals)))
            if step is not None:
                yield step


ROWS: tuple[Technique, ...] = (
    row(91, "region-sum", "Region-sum line", VARIANTS, 2.0, 30, EASY, "",
        "A region-sum line's pieces in each box add up to the same total: the total lies within what every "
        "piece can make, and each cell keeps only values that leave its piece room for it.",
        rating_note="Comparing the sums of several groups of cells: more than an arrow (1.7), which compares "
                    "one group with a circle; as a cage's combinations."),
)

NAMES: dict[str, tuple[str, ...]] = {"Region sum line": ("region-sum",), "Region-sum line": ("region-sum",)}


class RegionSumDetails(TypedDict):
    #: the index of the line in the puzzle's constraints
    constraint: int
    #: per piece: (its cells, the least and largest total it could make before the step)
    pieces: tuple[tuple[tuple[int, ...], int, int], ...]
    #: the common totals still possible
    totals: tuple[int, ...]


DETAILS: dict[str, type] = {"region-sum": RegionSumDetails}

TEMPLATES = {
    "region-sum": (
        "Look at the {line}.",
        "The pieces of the {line} in each box add up to the same total. Which totals can every piece make?",
        "The pieces of the {line} in each box add up to the same total. {pieces_text} So {removed}.",
    ),
}


def _line(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _pieces_text(r: TextRenderer, step: Step) -> str:
    out = []
    for cells, low, high in step.detail("pieces", ()):
        names = prose([r.cell(c) for c in cells])
        if low == high:
            out.append(f"{names} {'is' if len(cells) == 1 else 'make'} {low}")
        else:
            out.append(f"{names} can make {low}-{high}" if len(cells) > 1 else f"{names} can be {low}-{high}")
    return "; ".join(out) + f": the total can only be {totals_text(step.detail('totals', ()))}."


FIELDS: dict[str, Field] = {
    "line": lambda r, s: _line(r, s).label(r.puzzle),
    "pieces_text": _pieces_text,
}


MARKERS: dict[str, Marker] = {"region-sum": constraint_picture}
