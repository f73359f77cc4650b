"""Random jigsaw region layouts: N connected regions of N cells.

The layout starts from the boxes (or the rows, for a size without boxes) and
is shuffled by random swaps along region borders: a cell of region A next to
region B moves to B while a cell of B next to A moves to A, kept only when
both regions stay connected.  Every layout along the way is N connected
regions of N cells, so the result is one too.

*Symmetry.*  With ``symmetry`` (a name of :mod:`.symmetry`) the regions
themselves are symmetric: every move of the symmetry takes each region onto
a whole region (:func:`~.symmetry.regions_symmetric`).  The start must be
(the boxes or the rows, where one is: :func:`symmetric_start`), and each
swap is made at once in every image of its two cells, each image going to
the image of its region (a swap whose images clash is not made), so every
layout along the way has the symmetry.

*Spurs.*  A cell is a **spur** when at most one of its orthogonal
neighbours (up, down, left, right) is in its own region: the dead end of a
one-cell-wide arm sticking out of the region (in a region of two or more
connected cells every cell has such a neighbour, so "at most one" is
"exactly one").  :func:`spurs` lists them.  Layouts may have spurs: a swap
of single cells from the boxes always makes one, and the repairs tried
(annealed swaps, swaps that move a spur and add none) either left spurs or
walked back to the plain boxes.

>>> import random
>>> from deduce.puzzle import Puzzle
>>> g = random_regions(6, random.Random(1))
>>> g.is_jigsaw, Puzzle.empty(g).warnings
(True, ())
>>> g = random_regions(9, random.Random(2), symmetry="quarter-turn")
>>> from .symmetry import regions_symmetric
>>> g.is_jigsaw, regions_symmetric(g.region_of, 9, "quarter-turn")
(True, True)
"""

from __future__ import annotations

import random
from typing import Sequence

from ..geometry import BOX_SHAPES, Geometry
from ..puzzle import pieces
from ..tables import table
from .symmetry import canonical, moves, regions_symmetric

#: Border swaps per cell of the grid: enough that no trace of the start is left.
SWAPS_PER_CELL = 6


class LayoutError(ValueError):
    """No layout of the kind asked for can be made (one line)."""


def neighbours(cell: int, n: int) -> tuple[int, ...]:
    """The cells next to ``cell`` (up, down, left, right) in an ``n`` by ``n`` grid."""
    return _neighbours(n)[cell]


def _neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    return table(("deduce.generate.regions._neighbours", n), lambda: _make_neighbours(n))


def _make_neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        out.append(tuple(x for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1), (cell - 1, c > 0),
                                         (cell + 1, c < n - 1)) if ok))
    return tuple(out)


def connected(cells: set[int], n: int) -> bool:
    """Whether ``cells`` are one orthogonally connected piece.

    >>> connected({0, 1, 5}, 4), connected({0, 5}, 4)
    (True, False)
    """
    return len(pieces(cells, n)) <= 1


def spurs(region_of: Sequence[int], n: int) -> list[int]:
    """The spur cells of a layout (see the module's text): at most one
    neighbour in their own region.

    >>> spurs([cell // 4 for cell in range(16)], 4)   # rows: each end is a spur
    [0, 3, 4, 7, 8, 11, 12, 15]
    >>> spurs(Geometry.boxes(9).region_of, 9)
    []
    """
    return [cell for cell in range(n * n)
            if sum(region_of[x] == region_of[cell] for x in neighbours(cell, n)) <= 1]


def symmetric_start(n: int, symmetry: str) -> list[int] | None:
    """A start layout with ``symmetry``: the boxes, else the rows, where one has it; None where neither.

    >>> symmetric_start(6, "half-turn") is not None, symmetric_start(6, "diagonal")
    (True, None)
    """
    starts = []
    if n in BOX_SHAPES:
        starts.append(list(Geometry.boxes(n).region_of))
    starts.append([cell // n for cell in range(n * n)])
    return next((s for s in starts if regions_symmetric(s, n, symmetry)), None)


def random_regions(n: int, rng: random.Random, symmetry: str = "none") -> Geometry:
    """A random layout of N connected regions of N cells each (with
    ``symmetry``, regions that have it); raises :class:`LayoutError` where
    no start has the symmetry."""
    symmetry = canonical(symmetry)
    region = symmetric_start(n, symmetry)
    if region is None:
        raise LayoutError(f"--region-symmetry {symmetry}: no {n}x{n} layout to start from has it "
                          f"(neither the boxes nor the rows)")
    group = moves(n, symmetry)[1:]
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
        change = _with_images({a: rb, x: ra}, group, region, members)
        if change is not None:
            _try(change, region, members, n)
    return Geometry.jigsaw(region)


def _with_images(change: dict[int, int], group: Sequence[Sequence[int]], region: list[int],
                 members: list[set[int]]) -> dict[int, int] | None:
    """``change`` (cell to region) made in every image under ``group``, each
    image going to the image of its region; None where two images clash."""
    out = dict(change)
    for m in group:
        for cell, to in change.items():
            image, image_to = m[cell], region[m[next(iter(members[to]))]]
            if out.setdefault(image, image_to) != image_to:
                return None
    return out


def _try(change: dict[int, int], region: list[int], members: list[set[int]], n: int) -> bool:
    """Make ``change`` (cell to region) when every region keeps N connected
    cells; whether it was made (nothing changed otherwise)."""
    old = {cell: region[cell] for cell in change}
    for cell in change:
        members[old[cell]].discard(cell)
    for cell, to in change.items():
        members[to].add(cell)
    touched = set(old.values()) | set(change.values())
    if all(len(members[k]) == n and connected(members[k], n) for k in touched):
        for cell, to in change.items():
            region[cell] = to
        return True
    for cell, to in change.items():
        members[to].discard(cell)
    for cell, was in old.items():
        members[was].add(cell)
    return False
