"""Symmetries of a givens pattern (and of a jigsaw's regions): the cells that go together.

A symmetry is a group of moves of the square grid; a cell's *orbit* is
every cell a move of the group takes it to.  The orbits partition the
grid, and a symmetric puzzle gives every cell of an orbit or none of them.
Sudoku Explainer's generator offers ten; deduce has the same ten
(cells ``(row, column)`` of an N×N grid, counted from 0):

=================  ==================  ===================================================
``--symmetry``     Sudoku Explainer    the moves besides staying put
=================  ==================  ===================================================
``none``           None                (none)
``vertical``       Vertical            mirror in the vertical axis: (r, c) to (r, N-1-c)
``horizontal``     Horizontal          mirror in the horizontal axis: (r, c) to (N-1-r, c)
``diagonal``       Diagonal            mirror in the main diagonal (r1c1 to rNcN): (c, r)
``anti-diagonal``  AntiDiagonal        mirror in the other diagonal: (N-1-c, N-1-r)
``bi-diagonal``    BiDiagonal          both diagonal mirrors (and so the half turn)
``orthogonal``     Orthogonal          both axis mirrors (and so the half turn)
``half-turn``      Rotational180       turn by 180 degrees: (N-1-r, N-1-c)
``quarter-turn``   Rotational90        turns by 90, 180 and 270 degrees
``full``           Full                all eight symmetries of the square (the two
                                       axis mirrors, the two diagonal mirrors, the turns)
=================  ==================  ===================================================

``rotational`` (SE's word for the half turn) and ``mirror`` (the vertical
axis) are kept as other names for ``half-turn`` and ``vertical``.

>>> orbits(4, "half-turn")[:3]
((0, 15), (1, 14), (2, 13))
>>> len(orbits(9, "quarter-turn")), len(orbits(9, "none")), len(orbits(9, "full"))
(21, 81, 15)
>>> image(9, "diagonal", 1), image(9, "vertical", 1), image(9, "horizontal", 1)
(9, 7, 73)
"""

from __future__ import annotations

from typing import Callable

from ..tables import table

#: Every name ``--symmetry`` takes: Sudoku Explainer's ten, then two other names.
SYMMETRIES = ("none", "vertical", "horizontal", "diagonal", "anti-diagonal", "bi-diagonal", "orthogonal",
              "half-turn", "quarter-turn", "full", "rotational", "mirror")
#: Other names: ``rotational`` is Sudoku Explainer's name for the half turn, ``mirror`` deduce's old name.
ALIASES = {"rotational": "half-turn", "mirror": "vertical"}

Move = Callable[[int, int, int], tuple[int, int]]


def _vertical(r: int, c: int, n: int) -> tuple[int, int]:
    return r, n - 1 - c


def _horizontal(r: int, c: int, n: int) -> tuple[int, int]:
    return n - 1 - r, c


def _diagonal(r: int, c: int, n: int) -> tuple[int, int]:
    return c, r


def _anti_diagonal(r: int, c: int, n: int) -> tuple[int, int]:
    return n - 1 - c, n - 1 - r


def _half_turn(r: int, c: int, n: int) -> tuple[int, int]:
    return n - 1 - r, n - 1 - c


def _quarter_turn(r: int, c: int, n: int) -> tuple[int, int]:
    return c, n - 1 - r


#: Each symmetry's generating moves (the group is every composition of them).
GENERATORS: dict[str, tuple[Move, ...]] = {
    "none": (),
    "vertical": (_vertical,),
    "horizontal": (_horizontal,),
    "diagonal": (_diagonal,),
    "anti-diagonal": (_anti_diagonal,),
    "bi-diagonal": (_diagonal, _anti_diagonal),
    "orthogonal": (_vertical, _horizontal),
    "half-turn": (_half_turn,),
    "quarter-turn": (_quarter_turn,),
    "full": (_vertical, _diagonal),
}


def canonical(symmetry: str) -> str:
    """The symmetry's own name (``rotational`` is ``half-turn``).

    >>> canonical("rotational"), canonical("full")
    ('half-turn', 'full')
    """
    return ALIASES.get(symmetry, symmetry)


def moves(size: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """Every move of the symmetry's group, identity included, each as the (a table of :mod:`deduce.tables`)."""
    return table(("deduce.generate.symmetry.moves", size, symmetry), lambda: _make_moves(size, symmetry))


def _make_moves(size: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """Every move of the symmetry's group, identity included, each as the
    cell each cell goes to (``move[cell]``).

    >>> len(moves(9, "full")), len(moves(9, "orthogonal")), len(moves(9, "none"))
    (8, 4, 1)
    """
    n = size
    gens = [tuple(r * n + c for r, c in (g(*divmod(cell, n), n) for cell in range(n * n)))
            for g in GENERATORS[canonical(symmetry)]]
    identity = tuple(range(n * n))
    group = {identity}
    frontier = [identity]
    while frontier:
        nxt = []
        for m in frontier:
            for g in gens:
                composed = tuple(g[x] for x in m)
                if composed not in group:
                    group.add(composed)
                    nxt.append(composed)
        frontier = nxt
    return tuple(sorted(group))


def image(size: int, symmetry: str, cell: int) -> int:
    """Where the symmetry's first generating move takes ``cell`` (for a
    symmetry of one mirror or turn, its one move)."""
    gens = GENERATORS[canonical(symmetry)]
    if not gens:
        return cell
    r, c = gens[0](*divmod(cell, size), size)
    return r * size + c


def orbits(size: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("deduce.generate.symmetry.orbits", size, symmetry), lambda: _make_orbits(size, symmetry))


def _make_orbits(size: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """The orbits of ``symmetry`` on an N×N grid, each sorted, in the order of their first cells."""
    group = moves(size, symmetry)
    seen: set[int] = set()
    out = []
    for cell in range(size * size):
        if cell in seen:
            continue
        orbit = {m[cell] for m in group}
        seen |= orbit
        out.append(tuple(sorted(orbit)))
    return tuple(out)


def is_symmetric(givens: tuple[int, ...], size: int, symmetry: str) -> bool:
    """Whether the pattern of given cells (``givens[c] >= 0``) has ``symmetry``.

    >>> is_symmetric((0, -1, -1, 0) + (-1,) * 12, 4, "mirror")
    True
    """
    return all(len({givens[c] >= 0 for c in orbit}) == 1 for orbit in orbits(size, symmetry))


def regions_symmetric(region_of: tuple[int, ...] | list[int], size: int, symmetry: str) -> bool:
    """Whether a region layout has ``symmetry``: every move takes each region
    onto a whole region (the regions themselves are symmetric, not only the
    pattern of their cells).

    >>> from deduce.geometry import Geometry
    >>> regions_symmetric(Geometry.boxes(9).region_of, 9, "full")
    True
    >>> rows = [cell // 4 for cell in range(16)]
    >>> regions_symmetric(rows, 4, "horizontal"), regions_symmetric(rows, 4, "quarter-turn")
    (True, False)
    """
    for m in moves(size, symmetry):
        onto: dict[int, int] = {}
        for cell, k in enumerate(region_of):
            if onto.setdefault(k, region_of[m[cell]]) != region_of[m[cell]]:
                return False
        if len(set(onto.values())) != len(onto):
            return False
    return True
