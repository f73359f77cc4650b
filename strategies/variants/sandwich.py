"""Sandwiches: a number beside a row or column is the sum of the digits
between its 1 and its 9 (its 1 and its N on an NxN grid).

f-puzzles key ``sandwichsum``: a list of ``{"cell": "R0C3", "value":
"12"}``: the clue's cell outside the grid, above a column (``R0Cc``) or left
of a row (``RrC0``); below and right (row or column N+1) read the same.

The deduction (:class:`SandwichPlaces`): of the places left for the 1 and
the 9, only those whose cells between can add up to the number (with
different digits) stay; the cells keep what those places allow: "of the
places left for the 1 and the 9 in column 3, only r1c3 and r4c3 ... leave
cells between them that can add up to 12".

>>> from deduce.puzzle import Puzzle
>>> s = Sandwich((0, 3), 12)
>>> s, s.label(Puzzle.empty(9, constraints=[s]))
(Sandwich(clue=(0, 3), value=12, size=9), 'sandwich 12 above column 3')
>>> s.fits(9), Sandwich((0, 3), 1).fits(9), Sandwich((0, 3), 34).fits(9)
(True, False, False)
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
from ._outside import SideClue, distinct_keep, house_words

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


@attrs.frozen
class Sandwich(SideClue):
    """The digits between the 1 and the N of the clue's row or column add up to ``value``."""

    KIND: ClassVar[str] = "sandwich"
    KEYS: ClassVar[tuple[str, ...]] = ("sandwichsum",)

    def fits(self, size: int) -> bool:
        inner = sum(1 << s for s in range(1, size - 1))
        reach = 1  # subset sums of 2..N-1
        for s in bits_of(inner):
            reach |= reach << (s + 1)
        return bool(reach >> self.value & 1)

    def places(self, cand: list[int]) -> list[tuple[int, int, list[int]]]:
        """The places (i, j) of the 1 and the N (positions along the row)
        that leave the cells between room to add up to the value, each with
        what every cell keeps for it."""
        cells = self.cells()
        n = self.size
        one, top = 1, 1 << (n - 1)
        inner = [cand[c] & ~(one | top) for c in cells]
        out = []
        for i, a in enumerate(cells):
            if not cand[a] & one:
                continue
            for j, b in enumerate(cells):
                if j == i or not cand[b] & top:
                    continue
                lo, hi = min(i, j), max(i, j)
                between = inner[lo + 1:hi]
                if not all(between):
                    continue
                kept = distinct_keep(between, self.value)
                if kept is None:
                    continue
                keep = list(inner)
                keep[i], keep[j] = one, top
                keep[lo + 1:hi] = kept
                out.append((a, b, keep))
        return out

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        cells = self.cells()
        places = self.places(cand)
        if not places:
            return False
        keep = [0] * len(cells)
        for _, _, place in places:
            keep = [x | y for x, y in zip(keep, place)]
        for c, k in zip(cells, keep):
            cand[c] &= k
            if not cand[c]:
                return False
        return True

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        cells = self.cells()
        row = [values[c] for c in cells]
        if 0 not in row or self.size - 1 not in row:
            return f"its {house_words(self.clue, self.size)} lacks a 1 or a {self.size}"
        i, j = sorted((row.index(0), row.index(self.size - 1)))
        total = sum(v + 1 for v in row[i + 1:j])
        return None if total == self.value else f"its sandwich adds up to {total}, not {self.value}"


@attrs.frozen
class SandwichPlaces(Producer):
    """Of the places left for the 1 and the N beside a sandwich clue, only
    those with cells between that can add up to the clue stay."""

    CODE = "sandwich"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, k in enumerate(puzzle.constraints):
            if not isinstance(k, Sandwich):
                continue
            cand = [state.cand[c] if state.value[c] < 0 else 1 << state.value[c] for c in range(puzzle.ncells)]
            places = tuple((a, b) for a, b, _ in k.places(cand))
            step = narrowed_step(self.technique, state, index, k, (("places", places),))
            if step is not None:
                yield step


ROWS: tuple[Technique, ...] = (
    row(92.5, "sandwich", "Sandwich sum", VARIANTS, 2.0, 35, EASY, "",
        "The digits between the 1 and the 9 of a row or column add up to the number beside it: of the places "
        "left for the 1 and the 9, only those whose cells between can make that sum stay, and each cell keeps "
        "what they allow.",
        rating_note="Places of two digits tried against a cage-like sum of the cells between: more than a "
                    "little killer (1.8), below a naked pair (3.0)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Sandwich": ("sandwich",)}


class SandwichDetails(TypedDict):
    #: the index of the sandwich clue in the puzzle's constraints
    constraint: int
    #: the places (cell of the 1, cell of the N) left that fit the sum
    places: tuple[tuple[int, int], ...]


DETAILS: dict[str, type] = {"sandwich": SandwichDetails}

TEMPLATES = {
    "sandwich": (
        "Look at the {sandwich}.",
        "The digits between the 1 and the {top} of {clue_house} add up to {total}. Where can the 1 and the {top} "
        "still go?",
        "The digits between the 1 and the {top} of {clue_house} add up to {total}. {places_text} So {removed}.",
    ),
}


def _clue(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _places_text(r: TextRenderer, step: Step) -> str:
    places = step.detail("places", ())
    top = r.sym(r.puzzle.size - 1)
    clue = _clue(r, step)
    house = house_words(clue.clue, clue.size)
    if len(places) == 1:
        (a, b), = places
        return (f"Only one place for them leaves cells between that can add up to {clue.value}: the 1 in "
                f"{r.cell(a)} and the {top} in {r.cell(b)}.")
    ones = sorted({a for a, _ in places})
    tops = sorted({b for _, b in places})
    return (f"Of the places left for the 1 and the {top} in {house}, {len(places)} leave cells between that can "
            f"add up to {clue.value}: the 1 in {prose([r.cell(c) for c in ones], 'or')}, the {top} in "
            f"{prose([r.cell(c) for c in tops], 'or')}.")


FIELDS: dict[str, Field] = {
    "sandwich": lambda r, s: _clue(r, s).label(r.puzzle),
    "top": lambda r, s: r.sym(r.puzzle.size - 1),
    "clue_house": lambda r, s: house_words(_clue(r, s).clue, r.puzzle.size),
    "total": lambda r, s: str(_clue(r, s).value),
    "places_text": _places_text,
}


MARKERS: dict[str, Marker] = {"sandwich": constraint_picture}
