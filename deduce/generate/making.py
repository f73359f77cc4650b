"""Making one candidate puzzle of each kind, before it is judged.

Classic, jigsaw and Latin squares: a layout (boxes, or random regions), a
random solution grid, clues removed while the puzzle stays unique (whole
symmetry orbits at a time).  Killers: see :mod:`.cages`.
"""

from __future__ import annotations

import random

from ..puzzle import Puzzle
from .clues import is_minimal, remove_clues
from .grids import box_geometry, random_solution
from .regions import random_regions
from .request import Request
from .symmetry import is_symmetric, orbits
from .targets import Judge, Verdict


def empty_grid(request: Request, rng: random.Random) -> Puzzle:
    """The empty puzzle of the request's layout (random regions for jigsaws and Latin squares)."""
    if request.kind in ("jigsaw", "latin"):
        return Puzzle.empty(random_regions(request.size, rng, request.region_symmetry), request.symbols)
    return Puzzle.empty(box_geometry(request.size, request.box), request.symbols)


Made = tuple[Puzzle, tuple[int, ...], Verdict]


def make_with_givens(request: Request, judge: Judge, rng: random.Random) -> Made | None:
    """One attempt: a candidate puzzle with givens and its verdict, or None when it missed."""
    empty = empty_grid(request, rng)
    solution = random_solution(empty, rng)
    if solution is None:
        return None   # a region layout without a solution (or too slow to find one): the caller tries again
    givens = remove_clues(empty, solution, orbits(request.size, request.symmetry), rng)
    puzzle = empty.with_givens(givens)
    if not meets_shape(request, puzzle, solution):
        return None
    verdict = judge.judge(puzzle, solution)
    return None if verdict is None else (puzzle, solution, verdict)


def meets_shape(request: Request, puzzle: Puzzle, solution: tuple[int, ...], removed: bool = True) -> bool:
    """At most ``givens`` givens, the symmetry, minimality (``removed``: the
    givens are what a removal pass over single cells left, minimal already)."""
    count = sum(g >= 0 for g in puzzle.givens)
    if request.givens is not None and count > request.givens:
        return False
    if not is_symmetric(puzzle.givens, request.size, request.symmetry):
        return False
    already = removed and request.symmetry == "none"
    return not (request.minimal and not already and not is_minimal(puzzle, solution))
