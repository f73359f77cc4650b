"""Literals: "cell holds symbol" (on) or "cell does not hold symbol" (off)
packed into one int, as chain records store them.

Chain steps keep their nodes as literals in ``Step.details``; every reader
of those records (text, JSON, pictures) unpacks them here and nowhere else.

>>> x = lit(10, 4, True)
>>> lit_cell(x), lit_symbol(x), lit_on(x)
(10, 4, True)
>>> lit_on(negate(x))
False
"""

from __future__ import annotations

from .tables import table

__all__ = ["known", "lit", "lit_cell", "lit_on", "lit_symbol", "literal_parts", "literal_table", "negate",
           "unpack"]


def lit(cell: int, symbol: int, on: bool) -> int:
    """A literal: ``cell`` holds ``symbol`` (on) or not (off), as one int."""
    return (cell << 6 | symbol << 1) | on


def lit_cell(x: int) -> int:
    return x >> 6


def lit_symbol(x: int) -> int:
    return (x >> 1) & 31


def lit_on(x: int) -> bool:
    return bool(x & 1)


def negate(x: int) -> int:
    """The opposite literal (on <-> off)."""
    return x ^ 1


def known(x: int, cand: list[int], value: list[int]) -> bool:
    """Whether the position (``cand``, ``value``) already says what ``x``
    says: an on literal's cell is solved, an off literal's symbol is gone
    from its cell.

    >>> known(lit(0, 2, True), [4, 7], [2, -1]), known(lit(1, 3, False), [4, 7], [2, -1])
    (True, True)
    >>> known(lit(1, 2, False), [4, 7], [2, -1])
    False
    """
    return value[x >> 6] >= 0 if x & 1 else not cand[x >> 6] >> ((x >> 1) & 31) & 1


def unpack(x: int) -> tuple[int, int, bool]:
    """``(cell, symbol, on)``."""
    return x >> 6, (x >> 1) & 31, bool(x & 1)


def literal_table(ncells: int, nsymbols: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``(off, on)``: ``off[s][c]`` is ``lit(c, s, False)`` and ``on[s][c]`` (a table of :mod:`deduce.tables`)."""
    return table(("deduce.literal.literal_table", ncells, nsymbols), lambda: _make_literal_table(ncells, nsymbols))


def _make_literal_table(ncells: int, nsymbols: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``(off, on)``: ``off[s][c]`` is ``lit(c, s, False)`` and ``on[s][c]``
    is ``lit(c, s, True)``, made once per grid size, so that a hot loop
    looks its literals up rather than computing (and allocating) them.

    >>> off, on = literal_table(81, 9)
    >>> off[4][10] == lit(10, 4, False), on[4][10] == lit(10, 4, True)
    (True, True)
    """
    off = tuple(tuple(lit(c, s, False) for c in range(ncells)) for s in range(nsymbols))
    on = tuple(tuple(x | 1 for x in row) for row in off)
    return off, on


def literal_parts(ncells: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(cell_of, symbol_of)``: the cell and the symbol of every literal of (a table of :mod:`deduce.tables`)."""
    return table(("deduce.literal.literal_parts", ncells), lambda: _make_literal_parts(ncells))


def _make_literal_parts(ncells: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(cell_of, symbol_of)``: the cell and the symbol of every literal of
    a grid of ``ncells`` cells, looked up by the literal (as
    :func:`literal_table`, for hot loops).

    >>> cell_of, symbol_of = literal_parts(81)
    >>> x = lit(10, 4, True)
    >>> cell_of[x], symbol_of[x]
    (10, 4)
    """
    return tuple(x >> 6 for x in range(ncells << 6)), tuple((x >> 1) & 31 for x in range(ncells << 6))
