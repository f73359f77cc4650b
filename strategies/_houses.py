"""Helpers shared by the built-in strategies."""

from __future__ import annotations

import functools

from deduce.geometry import Geometry


@functools.cache
def house_order(g: Geometry) -> tuple[int, ...]:
    """Houses in the order a person scans them: boxes (or regions), rows, columns."""
    n = g.size
    return tuple(range(2 * n, 3 * n)) + tuple(range(n)) + tuple(range(n, 2 * n))


@functools.cache
def line_block_pairs(g: Geometry) -> tuple[tuple[int, int, int], ...]:
    """Every (line, block, intersection mask) with a non-empty intersection of
    a row or column with a box or region."""
    n = g.size
    out = []
    for block in range(2 * n, 3 * n):
        bm = g.house_masks[block]
        for line in range(2 * n):
            inter = g.house_masks[line] & bm
            if inter:
                out.append((line, block, inter))
    return tuple(out)
