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

__all__ = ["lit", "lit_cell", "lit_on", "lit_symbol", "negate", "unpack"]


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


def unpack(x: int) -> tuple[int, int, bool]:
    """``(cell, symbol, on)``."""
    return x >> 6, (x >> 1) & 31, bool(x & 1)
