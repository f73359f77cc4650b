"""Clue removal: from a full grid, blank cells in a random order (whole
symmetry orbits at a time) while the puzzle keeps one solution.

One pass over the orbits in a random order: an orbit whose removal would
let a second solution in stays given, and since blanking more cells only
lets more solutions in, it could never be removed later either.  So without
symmetry the result is *minimal*: no given can be taken away.

>>> import random
>>> from deduce.puzzle import Puzzle
>>> from deduce.backtrack import count_solutions
>>> from .grids import random_solution
>>> from .symmetry import orbits
>>> empty = Puzzle.empty(9)
>>> sol = random_solution(empty, random.Random(3))
>>> p = empty.with_givens(remove_clues(empty, sol, orbits(9, "none"), random.Random(3)))
>>> count_solutions(p), is_minimal(p, sol)
(1, True)
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ..backtrack import Solution
from ..puzzle import Puzzle
from .unique import Checker, Remover, blank, still_unique


def remove_clues(empty: Puzzle, solution: Solution, orbits: Sequence[Sequence[int]], rng: random.Random,
                 keep: Callable[[Puzzle], bool] | None = None, start: Sequence[int] | None = None) -> tuple[int, ...]:
    """The givens left after one pass of removals over ``orbits`` in a random
    order; ``keep`` (when given) must also accept each smaller puzzle (a
    solve capped at the target, say); ``start`` are the givens to begin from
    (default: the whole solution)."""
    givens = tuple(solution) if start is None else tuple(start)
    order = [tuple(o) for o in orbits if any(givens[c] >= 0 for c in o)]
    rng.shuffle(order)
    remover = Remover(Checker(empty, solution), givens)
    accept = None if keep is None else (lambda trial: keep(empty.with_givens(trial)))
    for orbit in order:
        remover.try_remove(orbit, accept)
    return remover.givens


def is_minimal(puzzle: Puzzle, solution: Solution) -> bool:
    """Whether no single given of ``puzzle`` (unique, with ``solution``) can be removed."""
    givens = puzzle.givens
    return not any(still_unique(puzzle.with_givens(blank(givens, (c,))), solution, (c,))
                   for c in range(puzzle.ncells) if givens[c] >= 0)
