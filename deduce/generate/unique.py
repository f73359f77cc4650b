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

from ..backtrack import Search, Solution
from ..puzzle import Puzzle


def still_unique(puzzle: Puzzle, solution: Solution, removed: Iterable[int]) -> bool:
    """Whether ``puzzle`` (unique with ``solution`` before the cells ``removed``
    were blanked, its givens now without them) still has one solution."""
    search = Search(puzzle)
    root = search.start()
    if root is None:
        return False
    nn = puzzle.ncells
    for cell in removed:
        b0, _, _, _, b1, b2, _ = search.placing(solution[cell] * nn + cell)
        X0, X1, X2, *rest = root
        node = (X0 & ~b0, X1 & ~b1, X2 & ~b2, *rest)
        found = search.fast_solutions(node) if search.fast is not None else search.solutions(node)  # type: ignore[arg-type]
        if next(iter(found), None) is not None:
            return False
    return True


def blank(givens: Sequence[int], cells: Iterable[int]) -> tuple[int, ...]:
    """``givens`` with ``cells`` blanked."""
    out = list(givens)
    for c in cells:
        out[c] = -1
    return tuple(out)

