"""Random jigsaw region layouts: N connected regions of N cells, without spurs.

*Spurs.*  A **spur** is the dead end of a one-cell-wide arm at least two
cells long: a cell with at most one orthogonal neighbour (up, down, left,
right) in its own region, that neighbour having at most two.  A one-cell
bump on a thicker body is not a spur (its neighbour has three or four);
a straight line always has two.  :func:`spurs` lists them.  The stricter
rule (every cell two neighbours in its region) leaves no layout but the
boxes: a search over every tiling finds the 9x9's boxes its only one, and
none at all at 5x5 and 7x7.

*Layouts* are grown (:func:`grown_layout`): region by region, each from
the first cell no region holds yet (a cell a move of the symmetry keeps in
place first), by adding random free cells next to it (cells next to more
of it far likelier, so regions come out thick), kept when it has no spur
and is not a box, and when the free cells left still split into pieces of
a multiple of N cells each with no cell cut off; a dead end backs up.  At
most :data:`GROW_BUDGET` growths per try, :data:`GROW_RESTARTS` tries.

*Symmetry.*  With ``symmetry`` (a name of :mod:`.symmetry`) the regions
themselves are symmetric: every move of the symmetry takes each region onto
a whole region (:func:`~.symmetry.regions_symmetric`).  A growing region
takes in every image of it that meets it (it is its own image under that
move), and is placed with all its other images at once.  Where no try
finds a layout without a box (a 9x9 with a diagonal mirror or the quarter
turn has few: the middle region is its own image), plain boxes are allowed;
where that fails too (a 9x9 with both diagonals, or all eight moves), the
layout starts from the boxes or the rows, where one has the symmetry
(:func:`symmetric_start`; a size where neither has it is refused), and is
shuffled by random swaps along region borders: a cell of region A next to
region B moves to B while a cell of B next to A moves to A, made at once in
every image of its two cells, each image going to the image of its region
(a swap whose images clash is not made), and kept only when every region
stays connected and the spurs near the swap do not grow in number.  From
the boxes no spur appears, but most regions stay plain boxes; from the
rows (a 5x5 with a mirror) the rows' spurs stay.

>>> import random
>>> from deduce.puzzle import Puzzle
>>> g = random_regions(6, random.Random(1))
>>> g.is_jigsaw, Puzzle.empty(g).warnings, spurs(g.region_of, 6)
(True, (), [])
>>> g = random_regions(9, random.Random(2), symmetry="quarter-turn")
>>> from .symmetry import regions_symmetric
>>> g.is_jigsaw, regions_symmetric(g.region_of, 9, "quarter-turn"), spurs(g.region_of, 9)
(True, True, [])
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from ..geometry import BOX_SHAPES, Geometry
from ..puzzle import pieces
from ..tables import table
from .symmetry import canonical, moves, regions_symmetric

#: Border swaps per cell of the grid: enough that no trace of the start is left.
SWAPS_PER_CELL = 6
#: Growths of one region tried before the layout backs up a region.
GROW_TRIES = 5
#: Growths per try at a whole layout, and tries, before the layout is walked from the boxes instead
#: (many short tries: a try that went wrong early rarely comes right by backing up).
GROW_BUDGET = 300
GROW_RESTARTS = 80
#: How much likelier a free cell is taken the more neighbours it has in the growing region (0-4).
GROW_WEIGHTS = (0, 1, 3, 9, 27)


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


def spurs(region_of: Sequence[int], n: int, cells: Iterable[int] | None = None) -> list[int]:
    """The spur cells of a layout (see the module's text), among ``cells`` (default: all), in order.

    >>> spurs([cell // 4 for cell in range(16)], 4)   # rows: each end is a spur
    [0, 3, 4, 7, 8, 11, 12, 15]
    >>> spurs(Geometry.boxes(9).region_of, 9)
    []
    >>> spurs([0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3], 4)   # four T shapes: their ends are bumps
    []
    """
    nb = _neighbours(n)
    out = []
    for cell in sorted(cells) if cells is not None else range(n * n):
        k = region_of[cell]
        own = [x for x in nb[cell] if region_of[x] == k]
        if not own or (len(own) == 1 and sum(region_of[y] == k for y in nb[own[0]]) <= 2):
            out.append(cell)
    return out


def _spur_free(cells: set[int], n: int) -> bool:
    """Whether the one region ``cells`` has no spur."""
    nb = _neighbours(n)
    for cell in cells:
        own = [x for x in nb[cell] if x in cells]
        if not own or (len(own) == 1 and sum(y in cells for y in nb[own[0]]) <= 2):
            return False
    return True


def _box_sets(n: int) -> set[frozenset[int]]:
    """The boxes' cells, each a set (none for a size without boxes)."""
    if n not in BOX_SHAPES:
        return set()
    boxes = Geometry.boxes(n).region_of
    return {frozenset(c for c in range(n * n) if boxes[c] == k) for k in range(n)}


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
    """A random layout of N connected regions of N cells each, without
    spurs (with ``symmetry``, regions that have it; see the module's text);
    raises :class:`LayoutError` where no start has the symmetry."""
    symmetry = canonical(symmetry)
    region = symmetric_start(n, symmetry)
    if region is None:
        raise LayoutError(f"--region-symmetry {symmetry}: no {n}x{n} layout to start from has it "
                          f"(neither the boxes nor the rows)")
    for boxes in (False, True):   # (a symmetric 9x9 may need its middle box: diagonal, quarter turn, full)
        for _ in range(GROW_RESTARTS if not boxes else GROW_RESTARTS // 4):
            grown = grown_layout(n, rng, symmetry=symmetry, boxes=boxes)
            if grown is not None:
                return Geometry.jigsaw(grown)
    return Geometry.jigsaw(walked_layout(region, n, rng, symmetry))


def grown_layout(n: int, rng: random.Random, budget: int = GROW_BUDGET, symmetry: str = "none",
                 boxes: bool = False) -> list[int] | None:
    """A layout grown region by region (see the module's text): every region
    connected, of N cells, without spurs and (unless ``boxes``) not a box,
    with ``symmetry`` (each region grown with every image of it); None when
    ``budget`` growths did not finish one."""
    region = [-1] * (n * n)
    group = moves(n, canonical(symmetry))
    return region if _fill(region, 0, n, rng, (set() if boxes else _box_sets(n), group), [budget]) else None


def _fill(region: list[int], k: int, n: int, rng: random.Random,
          rules: tuple[set[frozenset[int]], Sequence[Sequence[int]]], left: list[int]) -> bool:
    """Fill region ``k`` onwards from the first free cell (backing up on a
    dead end); ``rules``: the boxes (no region is one) and the symmetry's moves."""
    if -1 not in region:
        return True
    boxes, group = rules
    # a cell some move keeps in place first (its region is its own image: hard to fit in late), else the first free
    first = next((c for c in range(n * n) if region[c] < 0 and any(m[c] == c for m in group[1:])),
                 region.index(-1))
    for _ in range(GROW_TRIES):
        if left[0] <= 0:
            return False
        left[0] -= 1
        cells = _grow(region, first, n, rng, group)
        images = None if cells is None else _images(cells, group, region)
        if images is None or any(image in boxes for image in images):
            continue
        placed = set().union(*images)
        for j, image in enumerate(images):
            for c in image:
                region[c] = k + j
        if _room_left(region, placed, n) and _fill(region, k + len(images), n, rng, rules, left):
            return True
        for c in placed:
            region[c] = -1
    return False


def _grow(region: list[int], first: int, n: int, rng: random.Random,
          group: Sequence[Sequence[int]]) -> set[int] | None:
    """N free cells grown from ``first``, thick rather than thin, with every
    image that meets them (a region a move takes onto itself); None when cut
    off, past N cells or with a spur."""
    nb = _neighbours(n)
    cells = {first}
    while len(cells) < n:
        touching: dict[int, int] = {}
        for x in cells:
            for y in nb[x]:
                if region[y] < 0 and y not in cells:
                    touching[y] = touching.get(y, 0) + 1
        if not touching:
            return None
        free = list(touching)
        cells.add(rng.choices(free, [GROW_WEIGHTS[touching[c]] for c in free])[0])
        if len(group) > 1:
            cells = _closed(cells, group)
            if len(cells) > n or any(region[c] >= 0 for c in cells):
                return None
    return cells if _spur_free(cells, n) else None


def _closed(cells: set[int], group: Sequence[Sequence[int]]) -> set[int]:
    """``cells`` with every image of them that meets them, until none is new."""
    grown = True
    while grown:
        grown = False
        for m in group:
            image = {m[c] for c in cells}
            if image & cells and not image <= cells:
                cells |= image
                grown = True
    return cells


def _images(cells: set[int], group: Sequence[Sequence[int]], region: list[int]) -> list[frozenset[int]] | None:
    """The distinct images of a region under ``group`` (itself first), or
    None when one of them takes a cell a region holds already."""
    out = [frozenset(cells)]
    for m in group:
        image = frozenset(m[c] for c in cells)
        if image not in out:
            if any(region[c] >= 0 for c in image) or any(image & x for x in out):
                return None
            out.append(image)
    return out


def _room_left(region: list[int], cells: set[int], n: int) -> bool:
    """Whether the free cells can still take whole regions: none next to
    ``cells`` cut off alone, every piece of them a multiple of N cells."""
    nb = _neighbours(n)
    for x in cells:
        for y in nb[x]:
            if region[y] < 0 and all(region[z] >= 0 for z in nb[y]):
                return False
    return all(len(p) % n == 0 for p in pieces([c for c in range(n * n) if region[c] < 0], n))


def walked_layout(region: list[int], n: int, rng: random.Random, symmetry: str = "none") -> list[int]:
    """``region`` shuffled by border swaps made in every image under
    ``symmetry`` (see the module's text): connected regions of N cells, no
    more spurs than the start, the start's symmetry kept."""
    region = list(region)
    group = moves(n, symmetry)[1:]
    members: list[set[int]] = [set() for _ in range(n)]
    for cell, k in enumerate(region):
        members[k].add(cell)
    borders = [(a, b) for a in range(n * n) for b in neighbours(a, n) if a < b]
    boxes = _box_sets(n)
    for step in range(2 * SWAPS_PER_CELL * n * n):
        if step >= SWAPS_PER_CELL * n * n and not any(frozenset(m) in boxes for m in members):
            break
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
    return region


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
    cells and the spurs near it do not grow in number; whether it was made
    (nothing changed otherwise)."""
    nb = _neighbours(n)
    near = set(change)
    for _ in range(2):   # a cell's spur depends on its neighbours' neighbours
        near |= {y for x in near for y in nb[x]}
    before = len(spurs(region, n, near))
    old = {cell: region[cell] for cell in change}
    for cell in change:
        members[old[cell]].discard(cell)
    for cell, to in change.items():
        members[to].add(cell)
    touched = set(old.values()) | set(change.values())
    if all(len(members[k]) == n and connected(members[k], n) for k in touched):
        for cell, to in change.items():
            region[cell] = to
        if len(spurs(region, n, near)) <= before:
            return True
        for cell, was in old.items():
            region[cell] = was
    for cell, to in change.items():
        members[to].discard(cell)
    for cell, was in old.items():
        members[was].add(cell)
    return False
