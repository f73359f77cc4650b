"""Helpers shared by the built-in strategies."""

from __future__ import annotations

from typing import Any

from deduce.geometry import Geometry, cells_of
from deduce.solve_cache import per_position as per_position  # (the strategies' lookup: see its text)
from deduce.state import State
from deduce.tables import table

from ._memo import symbol_masks


def house_order(g: Geometry) -> tuple[int, ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies._houses.house_order", g), lambda: _make_house_order(g))


def _make_house_order(g: Geometry) -> tuple[int, ...]:
    """Houses in the order a person scans them: boxes (or regions), rows, columns."""
    n = g.size
    return tuple(range(2 * n, 3 * n)) + tuple(range(n)) + tuple(range(n, 2 * n))


def line_block_pairs(g: Geometry) -> tuple[tuple[int, int, int], ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies._houses.line_block_pairs", g), lambda: _make_line_block_pairs(g))


def _make_line_block_pairs(g: Geometry) -> tuple[tuple[int, int, int], ...]:
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


def common_targets(state: State, cells: tuple[int, ...] | list[int], sym: int) -> list[int]:
    """Unsolved cells, outside ``cells``, that see every one of them and still hold ``sym``."""
    # (from the symbol's places, the unsolved cells holding it: mostly none is left to list;
    # no cell is its own peer, so none of ``cells`` stays)
    peers = state.puzzle.peer_masks
    m = symbol_masks(state)[sym]
    for c in cells:
        m &= peers[c]
    return cells_of(m) if m else []


def cached(state: State, key: Any) -> Any:
    """What :func:`per_position` holds for ``key`` in this position, or None
    (never computes)."""
    return state.cache.cached(state, key)
