"""Random solution grids, from deduce's own backtracking search.

:func:`random_solution` walks the search of :mod:`deduce.backtrack` (its
propagation, its choice of the cell with the fewest candidates) but tries
each cell's candidates in a random order, so the first grid it reaches is a
random one; the same ``rng`` state gives the same grid.  An empty grid with
boxes, where the C search is installed, is made there instead, from its
diagonal boxes filled at random (several times faster).  A node budget ends a
walk that wanders (a jigsaw layout with no solution at all, say): the
caller tries another layout.

>>> import random
>>> from deduce.puzzle import Puzzle
>>> from deduce.backtrack import count_solutions
>>> p = Puzzle.empty(9)
>>> sol = random_solution(p, random.Random(7))
>>> count_solutions(p.with_givens(sol)), sol == random_solution(p, random.Random(7))
(1, True)
"""

from __future__ import annotations

import random
from typing import Any

from .. import deadline
from ..backtrack import CHECK_EVERY, Search, Solution
from ..geometry import Geometry, bits_of
from ..puzzle import Puzzle

#: Nodes a random walk may visit per cell of the grid before it gives up.
NODES_PER_CELL = 40


def box_geometry(size: int, box: tuple[int, int] | None) -> Geometry:
    """The geometry of ``size`` with boxes of ``box`` = (rows, columns) (default: the usual shape)."""
    if box is None:
        return Geometry.boxes(size)
    br, bc = box
    per_row = size // bc
    return Geometry(size, [(r // br) * per_row + c // bc for r in range(size) for c in range(size)],
                    box_shape=(br, bc))


def random_solution(puzzle: Puzzle, rng: random.Random) -> Solution | None:
    """A random solution of ``puzzle`` (usually empty, or a killer's cages
    alone), or None when the walk found none within its node budget."""
    search = Search(puzzle)
    if search.fast is not None and puzzle.geometry.box_shape and all(v < 0 for v in puzzle.givens):
        found = _fast(puzzle, rng)
        if found is not None:
            return found   # (None: diagonal boxes no grid completes, possible on a 4x4: the walk then)
    node = search.start()
    if node is None:
        return None
    budget = [NODES_PER_CELL * puzzle.ncells]
    return _walk(search, node, rng, budget)


def _fast(puzzle: Puzzle, rng: random.Random) -> Solution | None:
    """An empty grid with boxes, in the C search: the boxes on the diagonal
    (no row or column in common) filled at random, the rest completed by
    the search (its first solution), or None when none completes them."""
    g = puzzle.geometry
    assert g.box_shape is not None
    br, bc = g.box_shape
    n = puzzle.size
    givens = [-1] * puzzle.ncells
    for i in range(min(n // br, n // bc)):
        symbols = rng.sample(range(n), n)
        cells = [(i * br + r) * n + i * bc + c for r in range(br) for c in range(bc)]
        for cell, s in zip(cells, symbols):
            givens[cell] = s
    search = Search(puzzle.with_givens(givens))
    lists = search.start_lists()
    if lists is None:
        return None
    return next(iter(search.fast.solutions(*lists, deadline.check, CHECK_EVERY)), None)


def _walk(search: Search, node: Any, rng: random.Random, budget: list[int]) -> Solution | None:
    budget[0] -= 1
    if budget[0] < 0:
        return None
    done = search.propagate(node)
    if done is None:
        return None
    if done[3] == search.BM0:
        return search.values(done[0])
    cell = search.choose(done)
    symbols = bits_of(search.candidates(done[0], cell))
    rng.shuffle(symbols)
    for d in symbols:
        found = _walk(search, search.branch(done, cell, d), rng, budget)
        if found is not None:
            return found
        if budget[0] < 0:
            return None
    return None
