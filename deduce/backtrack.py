"""Backtracking: the fallback that counts and enumerates solutions.

The board is bit-parallel: one int per symbol, whose bit ``cell`` is set
while the symbol is possible there, so one Python operation works on the
whole grid.  Each node propagates naked singles, hidden singles and (with
cages) cage-sum bounds to a fixed point, then branches on a cell with the
fewest candidates.

It works for every geometry (boxes or regions), with or without cages, and
starts from a puzzle or from any candidate state.

>>> from deduce.puzzle import Puzzle
>>> count_solutions(Puzzle.empty(4), limit=1000)
288
"""

from __future__ import annotations

from functools import reduce
from itertools import compress
from operator import and_, not_, or_
from typing import Iterator, Sequence

import attrs

from .puzzle import Puzzle
from .state import State

Solution = tuple[int, ...]

_dec = (-1).__add__


class Search:
    """Depth-first search over one puzzle's constraints."""

    __slots__ = ("puzzle", "n", "full", "peers", "houses", "cages", "nodes", "_syms", "_nonsingle")

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.n = puzzle.size
        self.full = puzzle.geometry.all_cells_mask
        self.peers = puzzle.peer_masks
        self.houses = puzzle.geometry.house_masks
        self._syms = range(self.n)
        # Cages that add a sum constraint: (cells, cell bits, total)
        self.cages = tuple(
            (cage.cells, tuple(1 << c for c in cage.cells), cage.total) for cage in puzzle.cages)
        self.nodes = 0

    # -- board set-up -------------------------------------------------------

    def board(self, state: State | None = None) -> tuple[list[int], int]:
        """Per-symbol masks and the solved-cell mask of ``state`` (or of the
        puzzle's givens)."""
        if state is None:
            state = State.from_puzzle(self.puzzle)
        n = self.n
        P = [0] * n
        solved = 0
        for cell, (m, v) in enumerate(zip(state.cand, state.value)):
            bit = 1 << cell
            if v >= 0:
                P[v] |= bit
                solved |= bit
            else:
                while m:
                    low = m & -m
                    P[low.bit_length() - 1] |= bit
                    m ^= low
        # Cells marked solved must have had their peers cleared; make sure.
        s = solved
        peers = self.peers
        while s:
            low = s & -s
            cell = low.bit_length() - 1
            for d in self._syms:
                if P[d] & low:
                    P[d] &= ~peers[cell]
            s ^= low
        return P, solved

    # -- propagation --------------------------------------------------------

    def propagate(self, P: list[int], solved: int) -> int:
        """Propagate singles (and cage bounds) in place; return the new
        solved mask, or -1 on a contradiction."""
        peers = self.peers
        houses = self.houses
        full = self.full
        syms = self._syms
        while True:
            uns = full & ~solved
            if not uns:
                return solved
            ones = twos = 0
            for p in P:
                twos |= ones & p
                ones |= p
            if uns & ~ones:
                return -1
            singles = uns & ~twos
            if singles:
                for d in syms:
                    p = P[d]
                    s = p & singles
                    if s:
                        t = s
                        while t:
                            low = t & -t
                            p &= ~peers[low.bit_length() - 1]
                            t ^= low
                        if p & s != s:
                            return -1
                        P[d] = p
                solved |= singles
                continue
            found = 0
            for d in syms:
                p = P[d]
                if not p & uns:
                    continue
                hid = 0
                for hm in houses:
                    x = p & hm
                    if not x & (x - 1):
                        if not x:
                            return -1
                        hid |= x
                hid &= uns
                if hid:
                    t = hid
                    while t:
                        low = t & -t
                        p &= ~peers[low.bit_length() - 1]
                        t ^= low
                    if p & hid != hid:
                        return -1
                    P[d] = p
                    keep = ~hid
                    for e in syms:
                        if e != d:
                            P[e] &= keep
                    solved |= hid
                    uns &= keep
                    found = 1
            if found:
                continue
            if self.cages:
                r = self._cage_bounds(P, solved)
                if r < 0:
                    return -1
                if r:
                    continue
            return solved

    def _cage_bounds(self, P: list[int], solved: int) -> int:
        """Remove candidates a cage's sum rules out, by bounds: a value v
        stays only if v plus the smallest (largest) the other cells can
        hold does not overshoot (undershoot) the total.  Returns 1 if
        something changed, 0 if not, -1 on a contradiction."""
        n = self.n
        changed = 0
        for cells, bits, total in self.cages:
            lows = []
            highs = []
            masks = []
            for bit in bits:
                m = 0
                for d in range(n):
                    if P[d] & bit:
                        m |= 1 << d
                if not m:
                    return -1
                masks.append(m)
                lows.append((m & -m).bit_length())
                highs.append(m.bit_length())
            lo_sum = sum(lows)
            hi_sum = sum(highs)
            if lo_sum > total or hi_sum < total:
                return -1
            for i, m in enumerate(masks):
                # v must satisfy total - (hi_sum - highs[i]) <= v <= total - (lo_sum - lows[i])
                vmin = total - (hi_sum - highs[i])
                vmax = total - (lo_sum - lows[i])
                allowed = ((1 << max(0, min(vmax, n))) - 1) & ~((1 << max(0, vmin - 1)) - 1)
                drop = m & ~allowed
                if drop:
                    if drop == m:
                        return -1
                    nb = ~bits[i]
                    while drop:
                        low = drop & -drop
                        d = low.bit_length() - 1
                        P[d] &= nb
                        drop ^= low
                    changed = 1
        return changed

    # -- search -------------------------------------------------------------

    def _choose(self, P: list[int], solved: int) -> int:
        """A cell with the fewest candidates (2 when there is one)."""
        uns = self.full & ~solved
        ones = twos = threes = 0
        for p in P:
            threes |= twos & p
            twos |= ones & p
            ones |= p
        pairs = twos & ~threes & uns
        if pairs:
            return (pairs & -pairs).bit_length() - 1
        best, best_count = -1, self.n + 1
        t = uns
        while t:
            low = t & -t
            cell = low.bit_length() - 1
            k = sum(1 for p in P if p & low)
            if k < best_count:
                best, best_count = cell, k
                if k <= 3:
                    break
            t ^= low
        return best

    def solutions(self, P: list[int], solved: int) -> Iterator[Solution]:
        """Every solution below this board, each exactly once."""
        self.nodes += 1
        solved = self.propagate(P, solved)
        if solved < 0:
            return
        if solved == self.full:
            yield self._values(P)
            return
        cell = self._choose(P, solved)
        bit = 1 << cell
        keep = ~bit
        peer = ~self.peers[cell]
        for d in range(self.n):
            if not P[d] & bit:
                continue
            Q = [p & keep for p in P]
            Q[d] = P[d] & peer
            yield from self.solutions(Q, solved | bit)

    def _values(self, P: list[int]) -> Solution:
        values = [0] * (self.n * self.n)
        for d, p in enumerate(P):
            while p:
                low = p & -p
                values[low.bit_length() - 1] = d
                p ^= low
        return tuple(values)


def _start(target: Puzzle | State) -> tuple[Search, list[int], int]:
    if isinstance(target, State):
        search = Search(target.puzzle)
        P, solved = search.board(target)
    else:
        search = Search(target)
        P, solved = search.board()
    return search, P, solved


def iter_solutions(target: Puzzle | State) -> Iterator[Solution]:
    """Every solution of a puzzle (or of a candidate state), each once.

    Raises :class:`~deduce.errors.Contradiction` when the givens clash.
    """
    search, P, solved = _start(target)
    yield from search.solutions(P, solved)


def count_solutions(target: Puzzle | State, limit: int = 2) -> int:
    """Number of solutions, counting stops at ``limit``."""
    n = 0
    for _ in iter_solutions(target):
        n += 1
        if n >= limit:
            break
    return n


def first_solutions(target: Puzzle | State, limit: int = 2) -> list[Solution]:
    """Up to ``limit`` solutions, in search order."""
    out = []
    for sol in iter_solutions(target):
        out.append(sol)
        if len(out) >= limit:
            break
    return out


@attrs.frozen
class Guess:
    """One trial at the first branching point of a search."""

    cell: int
    symbol: int
    outcome: str  # "contradiction", "solution" or "solutions"
    nodes: int


def first_branch(state: State) -> list[Guess]:
    """What trial and error finds from ``state``: the cell the search
    branches on first, and what each of its candidates leads to."""
    search, P, solved = _start(state)
    solved = search.propagate(P, solved)
    if solved < 0 or solved == search.full:
        return []
    cell = search._choose(P, solved)
    bit = 1 << cell
    out = []
    for d in range(search.n):
        if not P[d] & bit:
            continue
        Q = [p & ~bit for p in P]
        Q[d] = P[d] & ~search.peers[cell]
        sub = Search(state.puzzle)
        found = 0
        for _ in sub.solutions(Q, solved | bit):
            found += 1
            if found > 1:
                break
        outcome = "contradiction" if not found else "solution" if found == 1 else "solutions"
        out.append(Guess(cell, d, outcome, sub.nodes))
    return out


def solution_masks(values: Sequence[int]) -> list[int]:
    return [1 << v for v in values]
