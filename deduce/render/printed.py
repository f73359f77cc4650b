"""The puzzle as printed: givens, regions and cages, no candidates (apart
from :mod:`deduce.render.svg`, which :mod:`deduce.state` draws with, since a
printed puzzle is drawn from a fresh state of it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..state import State
from .svg import grid_svg

if TYPE_CHECKING:
    from ..puzzle import Puzzle


def puzzle_svg(puzzle: Puzzle, solution: Sequence[int] | None = None, *, title: str = "") -> str:
    """The puzzle as printed: givens, regions and cages, no candidates (the
    clean grid of ``Puzzle._repr_svg_``, ``--to svg`` and the print sheets);
    with ``solution``, the answer: every cell filled, the givens in black
    and the other digits in the placed colour.

    >>> from deduce.puzzle import Puzzle
    >>> p = Puzzle.from_string("1..." "3..2" "...3" "..2.")
    >>> svg = puzzle_svg(p)
    >>> svg.count('class="given"'), svg.count('class="candidate"')
    (5, 0)
    >>> from deduce.backtrack import first_solutions
    >>> puzzle_svg(p, first_solutions(p, 1)[0]).count('class="placed"')
    11
    """
    if solution is None:
        state = State.from_puzzle(puzzle)
    else:
        state = State.from_candidates(puzzle, [1 << v for v in solution], list(solution))
    return grid_svg(state, show_candidates=False, title=title)
