"""Cage arithmetic shared by the cage and 45-rule strategies.

Values are symbol indices; in arithmetic symbol ``i`` counts ``i + 1``.

:func:`distinct_support` handles cages whose cells all differ: its states
are the sets of values used so far, so even a 9-cell cage is cheap.
:func:`signed_support` handles everything else (sum-only cages, derived
cages whose cells may repeat, innies minus outies): a depth-first search
where two cells must differ only when they are peers.

Both return, per cell, the mask of values that appear in at least one
valid filling (the *support*), plus the value sets that can fill the
group; ``None`` when nothing fits.
"""

from __future__ import annotations

import functools
from typing import Sequence

import attrs

from .tables import table

#: A search larger than this gives up (no deduction, which is always sound).
MAX_NODES = 200_000


@attrs.frozen
class LinearSum:
    """An equation a constraint gives: ``sum(plus) - sum(minus) == total``
    (values counted from 1).  An arrow's cells less its circle make 0, a
    little killer's diagonal its clue, two pieces of a region-sum line 0.
    ``what`` says it in words ("the arrow from r5c5").  Cages need none:
    the 45 rule reads them from the puzzle."""

    plus: tuple[int, ...]
    minus: tuple[int, ...]
    total: int
    what: str

    def holds(self, values: Sequence[int]) -> bool:
        """Whether symbol indices ``values`` (a full grid) keep it."""
        return sum(values[c] + 1 for c in self.plus) - sum(values[c] + 1 for c in self.minus) == self.total


def value_sets(total: int, size: int, n: int) -> tuple[int, ...]:
    """Masks of ``size`` distinct values (1..n) adding up to ``total`` (a table of :mod:`deduce.tables`)."""
    return table(("deduce.cagemath.value_sets", total, size, n), lambda: _make_value_sets(total, size, n))


def _make_value_sets(total: int, size: int, n: int) -> tuple[int, ...]:
    """Masks of ``size`` distinct values (1..n) adding up to ``total``."""
    out = []

    def rec(start: int, left: int, rem: int, mask: int) -> None:
        if left == 0:
            if rem == 0:
                out.append(mask)
            return
        for v in range(start, n + 1):
            if v > rem:
                break
            rec(v + 1, left - 1, rem - v, mask | 1 << (v - 1))

    try:
        rec(1, size, total, 0)
    finally:
        del rec  # (a function calling itself through its closure is a cycle: see deduce.collector)
    return tuple(out)





@functools.lru_cache(maxsize=65536)
def distinct_support(total: int, masks: tuple[int, ...], n: int,
                     forced: int = 0) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Support of a cage with distinct values: per cell the values that
    appear in some filling adding up to ``total`` and using every value of
    ``forced``; and the value sets (masks) that can fill it."""
    k = len(masks)
    union = 0
    for m in masks:
        union |= m
    sets = [s for s in value_sets(total, k, n) if s & forced == forced and s & union == s]
    if not sets:
        return None
    allowed = 0
    for s in sets:
        allowed |= s
    # forward: sets of used-value masks after each cell
    forward: list[set[int]] = [{0}]
    for m in masks:
        nxt = set()
        m &= allowed
        for used in forward[-1]:
            free = m & ~used
            while free:
                low = free & -free
                nxt.add(used | low)
                free ^= low
        if not nxt:
            return None
        forward.append(nxt)
    final = {u for u in forward[k] if u in set(sets)}
    if not final:
        return None
    # backward: keep states that reach a final set; collect supports
    support = [0] * k
    alive = final
    for i in range(k - 1, -1, -1):
        prev = set()
        m = masks[i]
        for used in forward[i]:
            free = m & ~used & allowed
            while free:
                low = free & -free
                if used | low in alive:
                    prev.add(used)
                    support[i] |= low
                free ^= low
        alive = prev
    return tuple(support), tuple(sorted(final, key=_set_order))


def _set_order(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


@functools.lru_cache(maxsize=65536)
def signed_support(cells: Sequence[int], signs: Sequence[int], target: int, masks: Sequence[int],
                   must_differ: Sequence[Sequence[bool]]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] | None:
    """Support of ``sum(sign * value) == target`` (values counted from 1),
    with ``must_differ[i][j]`` for cells that may not share a value.
    Its arguments are tuples: the answer is kept (the same equation with the
    same candidates comes back at every position of a solve until one of
    them changes).

    Returns per-cell supports and the distinct value tuples (in cell order)
    found, or None when nothing fits.  Gives up (returns the masks
    unchanged and no tuples) past :data:`MAX_NODES`.
    """
    k = len(cells)
    order = sorted(range(k), key=lambda i: masks[i].bit_count())
    lo = []
    hi = []
    for i in order:
        m = masks[i]
        if not m:
            return None
        a, b = (m & -m).bit_length(), m.bit_length()
        lo.append(a if signs[i] > 0 else -b)
        hi.append(b if signs[i] > 0 else -a)
    # suffix bounds
    suf_lo = [0] * (k + 1)
    suf_hi = [0] * (k + 1)
    for j in range(k - 1, -1, -1):
        suf_lo[j] = suf_lo[j + 1] + lo[j]
        suf_hi[j] = suf_hi[j + 1] + hi[j]
    support = [0] * k
    fillings: set[tuple[int, ...]] = set()
    values = [0] * k
    nodes = 0

    def rec(j: int, acc: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > MAX_NODES:
            raise _GiveUp
        if j == k:
            if acc != target:
                return False
            for i in range(k):
                support[i] |= 1 << (values[i] - 1)
            fillings.add(tuple(values))
            return True
        i = order[j]
        m = masks[i]
        ok = False
        while m:
            low = m & -m
            m ^= low
            v = low.bit_length()
            nacc = acc + signs[i] * v
            rest_lo, rest_hi = suf_lo[j + 1], suf_hi[j + 1]
            if nacc + rest_lo > target or nacc + rest_hi < target:
                continue
            if any(must_differ[i][order[jj]] and values[order[jj]] == v for jj in range(j)):
                continue
            values[i] = v
            if rec(j + 1, nacc):
                ok = True
            values[i] = 0
        return ok

    try:
        if not rec(0, 0):
            return None
    except _GiveUp:
        return tuple(masks), ()
    finally:
        del rec  # (see value_sets)
    return tuple(support), tuple(sorted(fillings))


class _GiveUp(Exception):
    pass


def value_range_text(values: Sequence[int]) -> str:
    """``3-9`` for a run, ``1, 4 and 7`` otherwise (values counted from 1)."""
    vs = sorted(values)
    if len(vs) >= 3 and vs == list(range(vs[0], vs[-1] + 1)):
        return f"{vs[0]}-{vs[-1]}"
    if len(vs) == 1:
        return str(vs[0])
    return ", ".join(str(v) for v in vs[:-1]) + " and " + str(vs[-1])
