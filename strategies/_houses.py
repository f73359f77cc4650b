"""Helpers shared by the built-in strategies."""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

from deduce.geometry import Geometry, cells_of
from deduce.state import State

T = TypeVar("T")


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


def common_targets(state: State, cells: tuple[int, ...] | list[int], sym: int) -> list[int]:
    """Unsolved cells, outside ``cells``, that see every one of them and still hold ``sym``."""
    peers = state.puzzle.peer_masks
    m = state.puzzle.geometry.all_cells_mask
    for c in cells:
        m &= peers[c]
    return [c for c in cells_of(m) if state.value[c] < 0 and state.cand[c] >> sym & 1 and c not in cells]


_position: list[Any] = [None, None, None]
_per_position: dict[Any, Any] = {}


def per_position(state: State, key: Any, compute: Callable[[], T]) -> T:
    """``compute()`` once per position and ``key``, shared by every strategy
    that asks (only the last position is kept)."""
    if _position[0] is not state.puzzle or _position[1] != state.cand or _position[2] != state.value:
        _per_position.clear()
        _position[:] = [state.puzzle, state.cand.copy(), state.value.copy()]
    if key not in _per_position:
        _per_position[key] = compute()
    return _per_position[key]


def set_aside() -> tuple[list[Any], dict[Any, Any]]:
    """Start an empty store for :func:`per_position`, setting the current one
    aside: what strategies compute in a position looked at only for a
    moment (inside an assumption) then leaves the real position's alone.
    :func:`put_back` restores it."""
    global _position, _per_position
    saved = (_position, _per_position)
    _position, _per_position = [None, None, None], {}
    return saved


def put_back(saved: tuple[list[Any], dict[Any, Any]]) -> None:
    """Restore the store :func:`set_aside` set aside."""
    global _position, _per_position
    _position, _per_position = saved


def cached(state: State, key: Any) -> Any:
    """What :func:`per_position` holds for ``key`` in this position, or None
    (never computes)."""
    if _position[0] is not state.puzzle or _position[1] != state.cand or _position[2] != state.value:
        return None
    return _per_position.get(key)
