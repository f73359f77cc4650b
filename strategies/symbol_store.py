"""What follows one symbol only, kept from one position to the next.

X-chains, Nishio and the X screens of AICs read nothing of a position but
where one symbol can still go (and which of those cells are solved, with
that symbol): :func:`per_symbol` keeps them, keyed by those places, for as
long as the solve lasts (in its cache: :mod:`deduce.solve_cache`)."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from deduce.state import State

from ._houses import per_position
from ._memo import unsolved_mask

T = TypeVar("T")

def symbol_masks_solved(state: State) -> list[int]:
    """Per symbol, the cells holding it as a candidate (solved cells hold
    their symbol), once per position."""
    return per_position(state, "symbol-masks", lambda: state.symbol_masks(solved=True))


def per_symbol(state: State, key: Any, symbol: int, compute: Callable[[], T]) -> T:
    """``compute()`` once per puzzle, ``key``, ``symbol`` and places of the
    symbol: for what follows one symbol only (its X-chains, its Nishio), which
    reads nothing of the position but where the symbol can still go (and
    which of those cells are solved, with that symbol).  Kept across
    the positions of a solve."""
    places, solved = per_position(state, "symbol places", lambda: _symbol_places(state))[symbol]
    return state.cache.per_symbol(state, (key, symbol, places, solved), compute)


def _symbol_places(state: State) -> list[tuple[int, int]]:
    """Per symbol, its places and those of them solved (a solved cell among
    them holds the symbol): what :func:`per_symbol` keys by, once per position."""
    unsolved = unsolved_mask(state)
    return [(places, places & ~unsolved) for places in symbol_masks_solved(state)]
