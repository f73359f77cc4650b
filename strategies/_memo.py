"""Memos for techniques that look at one symbol at a time.

Fish, colouring and the single-digit patterns find, for each symbol, steps
that depend only on where that symbol can go (and on the puzzle's houses
and peers).  Between two steps of a solve most symbols keep their places,
so their steps are reused rather than searched for again (in the solve's
memo: :mod:`deduce.solve_cache`).  The WXYZ-wing
keeps its bent sets the same way, per set of cells and their candidates.
``tests/test_memos.py`` checks that a solve forgetting all of it before
each step takes the same steps.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterator

from deduce.geometry import mask_of
from deduce.solve_cache import per_position
from deduce.state import State
from deduce.step import Step


def symbol_masks(state: State) -> list[int]:
    """:meth:`State.symbol_masks`, once per position."""
    return per_position(state, "symbol masks", state.symbol_masks)


def unsolved_mask(state: State) -> int:
    """The unsolved cells as a cell mask, once per position."""
    return per_position(state, "unsolved mask", state.unsolved_mask)


def bivalue(state: State) -> tuple[list[int], int]:
    """The unsolved cells with two candidates, as a list and as a cell mask,
    once per position (shared: not to be changed)."""
    def compute() -> tuple[list[int], int]:
        cells = state.bivalue_cells()
        return cells, mask_of(cells)
    return per_position(state, "bivalue cells and mask", compute)


def memo_for(state: State) -> dict[Any, Any]:
    """The solve's memo (:meth:`~deduce.solve_cache.SolveCache.memo`) for
    ``state``'s peer table (its geometry and cages)."""
    return state.cache.memo(state)


def per_symbol(key: Hashable, state: State, compute: Callable[[int, int], list[Step]]) -> Iterator[Step]:
    """The steps of ``compute(sym, where)`` for every symbol that has
    places, in symbol order; each list computed once per ``key``, symbol
    and set of places ``where`` (a cell mask)."""
    # (one memo entry per key, keyed within by symbol and places: the key, often a strategy,
    # is hashed once per find, not once per symbol)
    mine = sub_memo(memo_for(state), ("per symbol", key))
    for sym, where in enumerate(symbol_masks(state)):
        if not where:
            continue
        k = (sym, where)
        steps = mine.get(k)
        if steps is None:
            steps = mine[k] = compute(sym, where)
        yield from steps


def sub_memo(memo: dict[Any, Any], key: Hashable) -> dict[Any, Any]:
    """The dict kept in the solve's ``memo`` under ``key`` (made empty the
    first time): one memo entry for a search's many keys, each short to hash."""
    sub = memo.get(key)
    if sub is None:
        sub = memo[key] = {}
    return sub
