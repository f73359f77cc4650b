"""Symmetries of a givens pattern: the cells that must be given together.

A symmetry maps a cell (row, column) of an N×N grid to other cells; its
*orbits* partition the grid, and a symmetric puzzle gives every cell of an
orbit or none of them.

>>> orbits(4, "half-turn")[:3]
((0, 15), (1, 14), (2, 13))
>>> len(orbits(9, "quarter-turn")), len(orbits(9, "none"))
(21, 81)
"""

from __future__ import annotations

import functools
from typing import Callable

#: The names ``--symmetry`` takes; ``rotational`` is Sudoku Explainer's name for the half turn.
SYMMETRIES = ("none", "rotational", "half-turn", "quarter-turn", "diagonal", "anti-diagonal", "mirror")

Move = Callable[[int, int, int], tuple[int, int]]

_MOVES: dict[str, tuple[Move, ...]] = {
    "none": (),
    "half-turn": (lambda r, c, n: (n - 1 - r, n - 1 - c),),
    "quarter-turn": (lambda r, c, n: (c, n - 1 - r), lambda r, c, n: (n - 1 - r, n - 1 - c),
                     lambda r, c, n: (n - 1 - c, r)),
    "diagonal": (lambda r, c, n: (c, r),),
    "anti-diagonal": (lambda r, c, n: (n - 1 - c, n - 1 - r),),
    "mirror": (lambda r, c, n: (r, n - 1 - c),),
}
_MOVES["rotational"] = _MOVES["half-turn"]


@functools.cache
def orbits(size: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """The orbits of ``symmetry`` on an N×N grid, each sorted, in the order of their first cells."""
    moves = _MOVES[symmetry]
    seen: set[int] = set()
    out = []
    for cell in range(size * size):
        if cell in seen:
            continue
        r, c = divmod(cell, size)
        orbit = {cell} | {a * size + b for a, b in (m(r, c, size) for m in moves)}
        seen |= orbit
        out.append(tuple(sorted(orbit)))
    return tuple(out)


def is_symmetric(givens: tuple[int, ...], size: int, symmetry: str) -> bool:
    """Whether the pattern of given cells (``givens[c] >= 0``) has ``symmetry``.

    >>> is_symmetric((0, -1, -1, 0) + (-1,) * 12, 4, "mirror")
    True
    """
    return all(len({givens[c] >= 0 for c in orbit}) == 1 for orbit in orbits(size, symmetry))
