"""Uniqueness checks while clues are removed, by deduce's backtracking search.

When a puzzle with solution ``sol`` is unique and one given, cell ``c``, is
taken away, any other solution of the new puzzle must differ from ``sol`` in
``c`` (elsewhere it would be a second solution of the old one).  So the new
puzzle is unique exactly when the search finds *no* solution with
``sol[c]`` ruled out of ``c``: one search for one solution, not a count to
two.  An orbit of several cells taken at once is checked the same way, one
cell at a time.  The search is :class:`deduce.backtrack.Search` (in C when
the accelerator is installed and the puzzle has no cages).

>>> from deduce.puzzle import Puzzle
>>> p = Puzzle.from_string("1234341221434321")
>>> sol = p.givens
>>> still_unique(p.with_givens(blank(sol, (0,))), sol, (0,))
True
>>> corners = (0, 2, 4, 6)   # 1 3 / 3 1 in rows 1-2, columns 1 and 3: the digits can swap
>>> still_unique(p.with_givens(blank(sol, corners)), sol, corners)
False
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .. import deadline
from ..backtrack import CHECK_EVERY, Search, Solution
from ..puzzle import Puzzle


def still_unique(puzzle: Puzzle, solution: Solution, removed: Iterable[int]) -> bool:
    """Whether ``puzzle`` (unique with ``solution`` before the cells ``removed``
    were blanked, its givens now without them) still has one solution."""
    return Checker(puzzle, solution).still_unique(puzzle.givens, removed)


class Checker:
    """:func:`still_unique` for many sets of givens on one layout (the
    search's tables made once)."""

    def __init__(self, layout: Puzzle, solution: Solution):
        self.layout = layout
        self.solution = solution
        self.search = Search(layout)
        self.fast = self.search.fast is not None and not layout.cages

    def still_unique(self, givens: Sequence[int], removed: Iterable[int]) -> bool:
        if self.fast:
            return self._fast(givens, removed)
        puzzle = self.layout.with_givens(givens)
        search = Search(puzzle)
        root = search.start()
        if root is None:
            return False
        nn = puzzle.ncells
        for cell in removed:
            b0, _, _, _, b1, b2, _ = search.placing(self.solution[cell] * nn + cell)
            X0, X1, X2, *rest = root
            node = (X0 & ~b0, X1 & ~b1, X2 & ~b2, *rest)
            found = search.solutions(node)  # type: ignore[arg-type]
            if next(iter(found), None) is not None:
                return False
        return True

    def _fast(self, givens: Sequence[int], removed: Iterable[int]) -> bool:
        """In the C search, its start made straight from the givens: per cell
        the symbols no given peer holds (what :meth:`Search.cell_lists`
        reads off a node, several times faster here, where the search itself
        takes less time than that set-up)."""
        g = self.layout.geometry
        houses = g.cell_houses
        full = (1 << self.layout.size) - 1
        used = [0] * len(g.houses)
        for cell, v in enumerate(givens):
            if v >= 0:
                a, b, c = houses[cell]
                bit = 1 << v
                used[a] |= bit
                used[b] |= bit
                used[c] |= bit
        cand = []
        for cell, v in enumerate(givens):
            if v >= 0:
                cand.append(1 << v)
            else:
                a, b, c = houses[cell]
                cand.append(full & ~(used[a] | used[b] | used[c]))
        solved = [int(v >= 0) for v in givens]
        placed = list(givens)
        for cell in removed:
            trial = cand.copy()
            trial[cell] &= ~(1 << self.solution[cell])
            if not trial[cell]:
                continue
            found = self.search.fast.solutions(trial, solved, placed, deadline.check, CHECK_EVERY)
            if next(iter(found), None) is not None:
                return False
        return True


def blank(givens: Sequence[int], cells: Iterable[int]) -> tuple[int, ...]:
    """``givens`` with ``cells`` blanked."""
    out = list(givens)
    for c in cells:
        out[c] = -1
    return tuple(out)

