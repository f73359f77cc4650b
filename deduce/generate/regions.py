"""Random jigsaw region layouts: N connected regions of N cells.

The layout starts from the boxes (or the rows, for a size without boxes) and
is shuffled by random swaps along region borders: a cell of region A next to
region B moves to B while a cell of B next to A moves to A, kept only when
both regions stay connected.  Every layout along the way is N connected
regions of N cells, so the result is one too.

>>> import random
>>> from deduce.puzzle import Puzzle
>>> g = random_regions(6, random.Random(1))
>>> g.is_jigsaw, Puzzle.empty(g).warnings
(True, ())
"""

from __future__ import annotations

import random

from ..geometry import BOX_SHAPES, Geometry
from ..puzzle import pieces

#: Border swaps per cell of the grid: enough that no trace of the start is left.
SWAPS_PER_CELL = 6


def neighbours(cell: int, n: int) -> list[int]:
    """The cells next to ``cell`` (up, down, left, right) in an ``n`` by ``n`` grid."""
    r, c = divmod(cell, n)
    return [x for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1), (cell - 1, c > 0), (cell + 1, c < n - 1)) if ok]


def connected(cells: set[int], n: int) -> bool:
    """Whether ``cells`` are one orthogonally connected piece.

    >>> connected({0, 1, 5}, 4), connected({0, 5}, 4)
    (True, False)
    """
    return len(pieces(cells, n)) <= 1


def random_regions(n: int, rng: random.Random) -> Geometry:
    """A random layout of N connected regions of N cells each."""
    if n in BOX_SHAPES:
        region = list(Geometry.boxes(n).region_of)
    else:
        region = [cell // n for cell in range(n * n)]
    members: list[set[int]] = [set() for _ in range(n)]
    for cell, k in enumerate(region):
        members[k].add(cell)
    borders = [(a, b) for a in range(n * n) for b in neighbours(a, n) if a < b]
    for _ in range(SWAPS_PER_CELL * n * n):
        a, b = rng.choice(borders)
        ra, rb = region[a], region[b]
        if ra == rb:
            continue
        # a moves to B; a cell of B next to A (other than b, or b itself) moves to A
        options = [x for x in members[rb] if any(region[y] == ra and y != a for y in neighbours(x, n))
                   or x == b]
        x = rng.choice(options)
        members[ra].discard(a)
        members[rb].discard(x)
        members[ra].add(x)
        members[rb].add(a)
        if connected(members[ra], n) and connected(members[rb], n):
            region[a], region[x] = rb, ra
        else:
            members[ra].discard(x)
            members[rb].discard(a)
            members[ra].add(a)
            members[rb].add(x)
    return Geometry.jigsaw(region)
