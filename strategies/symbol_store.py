"""What follows one symbol only, kept from one position to the next.

X-chains, Nishio and the X screens of AICs read nothing of a position but
where one symbol can still go (and which of those cells are solved, with
that symbol): :func:`per_symbol` keeps them, keyed by those places, for as
long as the puzzle stays the same (across positions, and from the SE solve
of a rating to its HoDoKu solve)."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from deduce.state import State

from ._houses import per_position
from ._memo import unsolved_mask

T = TypeVar("T")

#: Objects kept by :func:`per_symbol` (for one puzzle at a time, at most this many).
PER_SYMBOL_LIMIT = 1024
_per_symbol: dict[Any, Any] = {}
_per_symbol_puzzle: list[Any] = [None]


def symbol_masks_solved(state: State) -> list[int]:
    """Per symbol, the cells holding it as a candidate (solved cells hold
    their symbol), once per position."""
    return per_position(state, "symbol-masks", lambda: state.symbol_masks(solved=True))


def per_symbol(state: State, key: Any, symbol: int, compute: Callable[[], T]) -> T:
    """``compute()`` once per puzzle, ``key``, ``symbol`` and places of the
    symbol: for what follows one symbol only (its X-chains, its Nishio), which
    reads nothing of the position but where the symbol can still go (and
    which of those cells are solved, with that symbol).  Kept across
    positions, and across the SE and HoDoKu solves of the rating, while the
    puzzle stays the same."""
    if _per_symbol_puzzle[0] is not state.puzzle or len(_per_symbol) >= PER_SYMBOL_LIMIT:
        _per_symbol.clear()
        _per_symbol_puzzle[0] = state.puzzle
    places = symbol_masks_solved(state)[symbol]
    # (a solved cell among them holds the symbol)
    full = (key, symbol, places, places & ~unsolved_mask(state))
    got = _per_symbol.get(full)
    if got is None:
        got = _per_symbol[full] = compute()
    return got
