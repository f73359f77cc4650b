"""Eureka notation for an alternating inference chain, as players write it
(and HoDoKu prints it): ``(9)r1c1=(9)r1c8-(7)r1c8=(7)r4c8-...``.

A chain is kept in a step's ``aic`` detail as ``(nodes, links, loop)`` (see
:mod:`strategies._aic_shape`): a node ``(symbol, cells, out)`` is one
candidate, a group of places (``(9)r1c12``) or, with ``out`` >= 0, an almost
locked set entered by losing ``symbol`` and left with ``out``
(``(3=4)r467c7``); a link is ``("=", house)`` strong or ``("-", house)``
weak.

>>> from deduce.puzzle import Puzzle
>>> p = Puzzle.empty(9)
>>> eureka(p, ((8, (0,), -1), (8, (7,), -1), (6, (7,), -1), (6, (34, 52, 61), -1), (2, (3, 5), 3)),
...        (("=", 0), ("-", -1), ("=", 16), ("-", -1)))
'(9)r1c1=(9)r1c8-(7)r1c8=(7)r467c8-(3=4)r1c46'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from ..puzzle import Puzzle


def cells_text(puzzle: Puzzle, cells: Sequence[int]) -> str:
    """``r1c12`` for cells of one row, ``r12c3`` of one column (grids up to
    9 wide, where every number is one character), else ``r1c1,r2c3``."""
    g = puzzle.geometry
    n = g.size
    cells = sorted(cells)
    if len(cells) == 1 or n > 9:
        return ",".join(g.cell_name(c) for c in cells)
    rows = sorted({c // n + 1 for c in cells})
    cols = sorted({c % n + 1 for c in cells})
    if len(rows) == 1:
        return f"r{rows[0]}c{''.join(map(str, cols))}"
    if len(cols) == 1:
        return f"r{''.join(map(str, rows))}c{cols[0]}"
    return ",".join(g.cell_name(c) for c in cells)


def node_text(puzzle: Puzzle, node: Sequence) -> str:
    """``(9)r1c1``, ``(9)r1c12`` (a group), ``(3=4)r4c467`` (an almost locked set)."""
    sym, cells, out = node[:3]
    syms = puzzle.symbols
    head = syms[sym] if out < 0 else f"{syms[sym]}={syms[out]}"
    return f"({head}){cells_text(puzzle, cells)}"


def eureka(puzzle: Puzzle, nodes: Sequence, links: Sequence) -> str:
    """The chain in Eureka notation."""
    out = [node_text(puzzle, nodes[0])]
    for (kind, _), node in zip(links, nodes[1:]):
        out.append(kind)
        out.append(node_text(puzzle, node))
    return "".join(out)
