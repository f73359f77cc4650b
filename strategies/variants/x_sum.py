"""X-sums: a number beside a row or column is the sum of its first X
digits from that side, X being the first digit.

f-puzzles key ``xsum``: a list of ``{"cell": "R0C3", "value": "12"}``: the
clue's cell outside the grid (row or column 0 or N+1), on any side.

The deduction (:class:`XSumCounts`): the first cell keeps only the counts X
for which its first X cells can add up to the number (with different
digits); those cells keep what such counts allow: "r1c3 counts the cells
that add up to 12: with what they can hold, it can be only 3 or 4".

>>> from deduce.puzzle import Puzzle
>>> x = XSum((3, 10), 15)
>>> x, x.label(Puzzle.empty(9, constraints=[x]))
(XSum(clue=(3, 10), value=15, size=9), 'X-sum 15 right of row 3')
>>> x.fits(9), XSum((3, 10), 2).fits(9), XSum((3, 10), 45).fits(9)
(True, False, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.words.prose import Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import constraint_picture
from ._lines import VARIANTS, narrowed_step
from ._outside import SideClue, distinct_keep

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


@attrs.frozen
class XSum(SideClue):
    """The first X cells of the clue's row or column from its side add up
    to ``value``, X being the first cell's digit."""

    KIND: ClassVar[str] = "X-sum"
    KEYS: ClassVar[tuple[str, ...]] = ("xsum",)

    def fits(self, size: int) -> bool:
        full = (1 << size) - 1
        return bool(self.counts([full] * size, size))

    def counts(self, masks: list[int], size: int) -> dict[int, list[int]]:
        """For each count X (a symbol of the first cell) that fits, what the
        first X cells keep for it."""
        out = {}
        for x in bits_of(masks[0]):
            count = x + 1
            rest = [m & ~(1 << x) for m in masks[1:count]]
            need = self.value - count
            if need < 0 or not all(rest):
                continue
            kept = distinct_keep(rest, need)
            if kept is not None:
                out[x] = [1 << x, *kept]
        return out

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        cells = self.cells()
        masks = [cand[c] for c in cells]
        counts = self.counts(masks, self.size)
        if not counts:
            return False
        keep = [0] * len(cells)
        for kept in counts.values():
            for i in range(len(cells)):
                keep[i] |= kept[i] if i < len(kept) else masks[i]
        for c, k in zip(cells, keep):
            cand[c] &= k
            if not cand[c]:
                return False
        return True

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        cells = self.cells()
        count = values[cells[0]] + 1
        total = sum(values[c] + 1 for c in cells[:count])
        return None if total == self.value else f"its first {count} cells add up to {total}, not {self.value}"


@attrs.frozen
class XSumCounts(Producer):
    """An X-sum's first cell keeps only the counts whose first cells can add up to the clue."""

    CODE = "x-sum"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, k in enumerate(puzzle.constraints):
            if not isinstance(k, XSum):
                continue
            cand = [state.cand[c] if state.value[c] < 0 else 1 << state.value[c] for c in range(puzzle.ncells)]
            counts = tuple(sorted(k.counts([cand[c] for c in k.cells()], k.size)))
            step = narrowed_step(self.technique, state, index, k, (("counts", counts),))
            if step is not None:
                yield step


ROWS: tuple[Technique, ...] = (
    row(93, "x-sum", "X-sum", VARIANTS, 2.0, 35, EASY, "",
        "The first X digits of a row or column from a clue add up to it, X being the first of them: the first "
        "cell keeps only the counts whose cells can make that sum, and those cells keep what the counts allow.",
        rating_note="Each count is a cage-like sum of a few cells tried in turn, as a sandwich's places (2.0)."),
)

NAMES: dict[str, tuple[str, ...]] = {"X-sums": ("x-sum",), "X sum": ("x-sum",)}


class XSumDetails(TypedDict):
    #: the index of the X-sum clue in the puzzle's constraints
    constraint: int
    #: the counts X (symbols of the first cell) left that fit the sum
    counts: tuple[int, ...]


DETAILS: dict[str, type] = {"x-sum": XSumDetails}

TEMPLATES = {
    "x-sum": (
        "Look at the {xsum}.",
        "{first}, the first cell from the {xsum}, says how many cells from there add up to {total}. "
        "Which counts can they make it with?",
        "{first}, the first cell from the {xsum}, says how many cells from there add up to {total}. "
        "{counts_text} So {removed}.",
    ),
}


def _clue(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _counts_text(r: TextRenderer, step: Step) -> str:
    counts = step.detail("counts", ())
    clue = _clue(r, step)
    first = r.cell(clue.cells()[0])
    values = prose([str(x + 1) for x in counts], "or")
    return f"With what the cells can hold, the first cells can add up to {clue.value} only when {first} is {values}."


FIELDS: dict[str, Field] = {
    "xsum": lambda r, s: _clue(r, s).label(r.puzzle),
    "first": lambda r, s: r.cell(_clue(r, s).cells()[0]),
    "total": lambda r, s: str(_clue(r, s).value),
    "counts_text": _counts_text,
}


MARKERS: dict[str, Marker] = {"x-sum": constraint_picture}
