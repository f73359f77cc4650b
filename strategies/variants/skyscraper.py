"""Skyscrapers: a number beside a row or column says how many of its
digits are seen from that side, each digit a building of that height that
hides the shorter ones behind it.

f-puzzles key ``skyscraper``: a list of ``{"cell": "R0C3", "value": "3"}``:
the clue's cell outside the grid (row or column 0 or N+1), on any side.

The deduction (:class:`SkyscraperViews`): each cell keeps only the values
with which the row can still show the number of buildings: "r1c3 is not 8
or 9: with 8 there, at most 3 buildings could be seen".  The row holds
every digit once, so its tallest building, N, is always seen.

>>> from deduce.puzzle import Puzzle
>>> s = Skyscraper((10, 3), 4)
>>> s, s.label(Puzzle.empty(9, constraints=[s]))
(Skyscraper(clue=(10, 3), value=4, size=9), 'skyscraper 4 below column 3')
>>> cand = [0b111111111] * 81
>>> Skyscraper((0, 1), 1).narrow(Puzzle.empty(9), cand), bin(cand[0])  # one seen: the 9 first
(True, '0b100000000')
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
from ._outside import SideClue, house_words

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


def seen(heights: Any) -> int:
    """How many of ``heights`` are seen from the front, taller hiding shorter.

    >>> seen([2, 1, 3, 4]), seen([4, 3, 2, 1])
    (3, 1)
    """
    count, top = 0, -1
    for h in heights:
        if h > top:
            count, top = count + 1, h
    return count


def keep_for_views(masks: list[int], size: int, views: int) -> list[int] | None:
    """Each cell's candidates (symbols 0..size-1) in some filling that shows
    ``views`` buildings and has its tallest, symbol size-1, somewhere;
    values may repeat here (the row's own rule keeps them apart).  None when
    no filling does."""
    k = len(masks)
    forward: list[set[tuple[int, int]]] = [{(-1, 0)}]
    for m in masks:
        nxt = set()
        for top, count in forward[-1]:
            for s in bits_of(m):
                state = (s, count + 1) if s > top else (top, count)
                if state[1] <= views:
                    nxt.add(state)
        forward.append(nxt)
    good: list[set[tuple[int, int]]] = [set() for _ in range(k + 1)]
    good[k] = {(size - 1, views)} & forward[k]
    if not good[k]:
        return None
    keep = [0] * k
    for i in range(k - 1, -1, -1):
        for top, count in forward[i]:
            for s in bits_of(masks[i]):
                state = (s, count + 1) if s > top else (top, count)
                if state in good[i + 1]:
                    good[i].add((top, count))
                    keep[i] |= 1 << s
    return keep


def exact_views(masks: list[int], views: int, cap: int = 400) -> list[int] | bool | None:
    """Each cell's candidates in some filling with different values that
    shows ``views`` buildings (None when no filling does), or False when a
    layer of the search passes ``cap`` states (too many to follow)."""
    k = len(masks)
    forward: list[set[tuple[int, int]]] = [{(0, 0)}]  # (values used, buildings seen); the top is the highest used
    for m in masks:
        nxt = set()
        for used, count in forward[-1]:
            top = used.bit_length() - 1
            for s in bits_of(m & ~used):
                state = (used | 1 << s, count + (s > top))
                if state[1] <= views:
                    nxt.add(state)
        if len(nxt) > cap:
            return False
        forward.append(nxt)
    good = {state for state in forward[k] if state[1] == views}
    if not good:
        return None
    keep = [0] * k
    for i in range(k - 1, -1, -1):
        before = set()
        for used, count in forward[i]:
            top = used.bit_length() - 1
            for s in bits_of(masks[i] & ~used):
                if (used | 1 << s, count + (s > top)) in good:
                    before.add((used, count))
                    keep[i] |= 1 << s
        good = before
    return keep


@attrs.frozen
class Skyscraper(SideClue):
    """``value`` buildings of the clue's row or column are seen from its side."""

    KIND: ClassVar[str] = "skyscraper"
    KEYS: ClassVar[tuple[str, ...]] = ("skyscraper",)

    def fits(self, size: int) -> bool:
        return 1 <= self.value <= size

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        cells = self.cells()
        masks = [cand[c] for c in cells]
        exact = exact_views(masks, self.value)
        if exact is None:
            return False
        if isinstance(exact, list):  # few enough states to follow exactly (the row's digits differ)
            keep = exact
        else:
            found = keep_for_views(masks, self.size, self.value)
            if found is None:
                return False
            keep = found
        for c, k in zip(cells, keep):
            cand[c] &= k
            if not cand[c]:
                return False
        return True

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        count = seen(values[c] for c in self.cells())
        return None if count == self.value else f"{count} buildings are seen, not {self.value}"


@attrs.frozen
class SkyscraperViews(Producer):
    """Each cell beside a skyscraper clue keeps only the values with which the clue's count can be seen."""

    CODE = "skyscraper-view"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, k in enumerate(puzzle.constraints):
            if isinstance(k, Skyscraper):
                step = narrowed_step(self.technique, state, index, k)
                if step is not None:
                    yield step


ROWS: tuple[Technique, ...] = (
    row(94, "skyscraper-view", "Skyscraper view", VARIANTS, 2.0, 35, EASY, "",
        "A number beside a row or column says how many of its digits are seen from there, taller ones hiding "
        "shorter ones behind: each cell keeps only the values with which that many can still be seen.",
        rating_note="Counting what is seen along a whole row against its candidates: as a sandwich's places "
                    "(2.0); the near cells' bounds are quick, the rest needs the row in mind."),
)

NAMES: dict[str, tuple[str, ...]] = {"Skyscraper clue": ("skyscraper-view",)}


class SkyscraperDetails(TypedDict):
    #: the index of the skyscraper clue in the puzzle's constraints
    constraint: int


DETAILS: dict[str, type] = {"skyscraper-view": SkyscraperDetails}

TEMPLATES = {
    "skyscraper-view": (
        "Look at the {skyscraper}.",
        "From the {skyscraper}, {seen_count} of {clue_house} {are} seen, taller ones hiding shorter "
        "ones behind them. Which values let that many be seen?",
        "From the {skyscraper}, {seen_count} of {clue_house} {are} seen, taller ones hiding shorter "
        "ones behind them. {views_text} So {removed}.",
    ),
}


def _clue(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _views_text(r: TextRenderer, step: Step) -> str:
    """Near cells' bounds: with value v at position k (from 1), at most k + (N - v) buildings are seen."""
    clue = _clue(r, step)
    n = r.puzzle.size
    where = {c: i for i, c in enumerate(clue.cells())}
    removed: dict[int, list[int]] = {}
    for c, s in step.eliminations:
        removed.setdefault(c, []).append(s)
    out = []
    for c in sorted(removed, key=where.__getitem__):
        k = where[c] + 1
        tall = [s for s in removed[c] if k + n - (s + 1) < clue.value]
        hidden = [s for s in removed[c] if k == 1 and clue.value == 1 and s < n - 1]
        rest = [s for s in removed[c] if s not in tall and s not in hidden]
        if hidden:
            out.append(f"{r.cell(c)} is not {prose([r.sym(s) for s in hidden], 'or')}: the {r.sym(n - 1)} behind "
                       f"it would be seen too.")
        if tall:
            v = min(tall) + 1
            out.append(f"{r.cell(c)} is not {prose([r.sym(s) for s in tall], 'or')}: with {v} there, at most "
                       f"{k + n - v} buildings could be seen.")
        if rest:
            out.append(f"{r.cell(c)} is not {prose([r.sym(s) for s in rest], 'or')}: with what the other cells "
                       f"can hold, the count would not be {clue.value}.")
    return " ".join(out)


FIELDS: dict[str, Field] = {
    "skyscraper": lambda r, s: _clue(r, s).label(r.puzzle),
    "seen_count": lambda r, s: "1 digit" if _clue(r, s).value == 1 else f"{_clue(r, s).value} digits",
    "are": lambda r, s: "is" if _clue(r, s).value == 1 else "are",
    "clue_house": lambda r, s: house_words(_clue(r, s).clue, r.puzzle.size),
    "views_text": _views_text,
}


MARKERS: dict[str, Marker] = {"skyscraper-view": constraint_picture}
