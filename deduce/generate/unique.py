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

from typing import Callable, Iterable, Sequence

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
        used = self._used(givens)
        houses = self.layout.geometry.cell_houses
        full = (1 << self.layout.size) - 1
        cand = [1 << v if v >= 0 else full & ~(used[houses[c][0]] | used[houses[c][1]] | used[houses[c][2]])
                for c, v in enumerate(givens)]
        return self._search_without(cand, [int(v >= 0) for v in givens], list(givens), removed)

    def _used(self, givens: Sequence[int]) -> list[int]:
        """Per house, the symbols its givens hold."""
        used = [0] * len(self.layout.geometry.houses)
        for cell, v in enumerate(givens):
            if v >= 0:
                bit = 1 << v
                for h in self.layout.geometry.cell_houses[cell]:
                    used[h] |= bit
        return used

    def _search_without(self, cand: list[int], solved: list[int], placed: list[int], removed: Iterable[int]) -> bool:
        """No solution with a cell of ``removed`` off its solution symbol."""
        assert self.search.fast is not None
        for cell in removed:
            trial = cand.copy()
            trial[cell] &= ~(1 << self.solution[cell])
            if not trial[cell]:
                continue
            found = self.search.fast.solutions(trial, solved, placed, deadline.check, CHECK_EVERY)
            if next(iter(found), None) is not None:
                return False
        return True


class Remover:
    """Clues taken away one set at a time from ``givens`` while the puzzle
    stays unique: :meth:`try_remove` blanks a set when that keeps it unique.
    With the C search the search's start is updated where the removed cells
    and their peers changed, not rebuilt (:meth:`Checker._fast`)."""

    def __init__(self, checker: Checker, givens: Sequence[int]):
        self.checker = checker
        self.givens = tuple(givens)
        if checker.fast:
            g = checker.layout.geometry
            self.used = checker._used(self.givens)
            full = (1 << g.size) - 1
            self.cand = [1 << v if v >= 0 else full & ~self._seen(c, self.used) for c, v in enumerate(self.givens)]
            self.solved = [int(v >= 0) for v in self.givens]
            self.placed = list(self.givens)

    def _seen(self, cell: int, used: list[int]) -> int:
        a, b, c = self.checker.layout.geometry.cell_houses[cell]
        return used[a] | used[b] | used[c]

    def try_remove(self, cells: Sequence[int], keep: Callable[[tuple[int, ...]], bool] | None = None) -> bool:
        """Blank the given cells among ``cells`` when the puzzle stays unique
        (and ``keep`` accepts the new givens); whether they were blanked."""
        removed = [c for c in cells if self.givens[c] >= 0]
        trial_givens = blank(self.givens, removed)
        checker = self.checker
        if not checker.fast:
            if not checker.still_unique(trial_givens, removed) or (keep is not None and not keep(trial_givens)):
                return False
            self.givens = trial_givens
            return True
        g = checker.layout.geometry
        used = self.used.copy()
        for c in removed:
            bit = 1 << self.givens[c]
            for h in g.cell_houses[c]:
                used[h] &= ~bit
        cand = self.cand.copy()
        solved = self.solved.copy()
        placed = self.placed.copy()
        full = (1 << g.size) - 1
        for c in removed:
            solved[c] = 0
            placed[c] = -1
        for cell in {p for c in removed for p in (c, *g.peers[c])}:
            if not solved[cell]:
                cand[cell] = full & ~self._seen(cell, used)
        if not checker._search_without(cand, solved, placed, removed) or (keep is not None and not keep(trial_givens)):
            return False
        self.givens, self.used, self.cand, self.solved, self.placed = trial_givens, used, cand, solved, placed
        return True


def blank(givens: Sequence[int], cells: Iterable[int]) -> tuple[int, ...]:
    """``givens`` with ``cells`` blanked."""
    out = list(givens)
    for c in cells:
        out[c] = -1
    return tuple(out)

