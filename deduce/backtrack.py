"""Backtracking: the fallback that counts and enumerates solutions.

The board is bit-parallel: one int per symbol, whose bit ``cell`` is set
while the symbol is possible there, so one Python operation works on the
whole grid.  Each node propagates naked singles, hidden singles, (with
cages) cage-sum bounds and (with variant constraints,
:mod:`deduce.constraint`) each constraint's relations between two cells and
its own narrowing to a fixed point, then branches on a cell with the
fewest candidates.

It works for every geometry (boxes or regions), with or without cages, and
starts from a puzzle or from any candidate state.  With the optional C
accelerator installed (``pip install ./accel``), puzzles without cages and
without constraints beyond "these cells differ" (a diagonal: its cells are
peers, which the C search reads) are searched in C, node for node the same
search (:meth:`Search.fast_solutions`).  Every
:data:`CHECK_EVERY` nodes it checks the thread's deadline
(:func:`deduce.deadline.check`), so a search that cannot finish in time
ends with :class:`~deduce.errors.SolveTimeout`.

>>> from deduce.puzzle import Puzzle
>>> count_solutions(Puzzle.empty(4), limit=1000)
288
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

import attrs

from . import _accelerator, deadline
from ._search_constraints import ConstraintTables, constraint_bounds
from .cagemath import distinct_support
from .geometry import Geometry, bits_of
from .puzzle import Puzzle
from .state import State
from .tables import table as shape_table

#: :meth:`Search._naked_singles` found none (its other answers: the narrowed node, or None on a contradiction)
_NONE: tuple[int, int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0, 0)

Solution = tuple[int, ...]



Node = tuple[int, int, int, int, int, int, int, tuple[int, ...]]
#: What placing one symbol in one cell does (:meth:`Search.placing`).
Placing = tuple[int, int, int, int, int, int, int]

#: Nodes between two deadline checks (a power of two; a node of a 25x25
#: search takes well under a millisecond, so checks stay a few ms apart).
CHECK_EVERY = 64


#: The optional C accelerator (deduce/_accelerator.py): the search of puzzles without cages.
_ACCEL: Any = _accelerator.load()


class Search:
    """Depth-first search over one puzzle's constraints.

    The board is three big ints, one per *layout*: rows-major, columns-major
    and regions-major.  In layout ``k`` the bit of symbol ``d`` in cell ``c``
    sits at ``d*B + house_k(c)*W + index_k(c)`` with ``W = N + 1``: every
    (symbol, house) pair is a group of N bits followed by a guard bit, so
    SWAR arithmetic finds, for all symbols and houses at once, the groups
    that are empty (a contradiction) or hold exactly one bit (a hidden
    single).  Placing a symbol clears one precomputed mask per layout.

    A node is ``(X0, X1, X2, S, Q0, Q1, Q2, L)``: the three layouts, the
    solved cells (block-0 positions of layout 0), the placed bits per layout
    and, per locked-candidates mask, the locks already applied (a lock only
    grows along a search path, so it is never looked at twice).
    """

    __slots__ = (
        "B",
        "BM0",
        "FULL",
        "FULLGRP",
        "GATHER",
        "GUARD",
        "LOW",
        "REP",
        "W",
        "cages",
        "cell_at",
        "cellcol",
        "cells_by_pos",
        "ctables",
        "fast",
        "folds",
        "kept",
        "key_at",
        "locks",
        "n",
        "nodes",
        "peer_bits",
        "placings",
        "pos",
        "puzzle",
        "shifts",
    )

    def __init__(self, puzzle: Puzzle):
        # (the tables of a layout, made by its first search with this engine: a table of deduce.tables;
        # the prototype holds the tables without any search's path)
        key = ("deduce.backtrack.Search", _ACCEL, puzzle.geometry, puzzle.cages, puzzle.constraints)
        proto = shape_table(key, lambda: self._prototype(puzzle), big=True)
        for name in self.__slots__:
            setattr(self, name, getattr(proto, name))
        self.puzzle = puzzle
        self.nodes = 0
        #: the constraint narrowing's fixed points on this search's path (deduce/_search_constraints.py)
        self.kept: list[tuple[int, list[int]]] = []

    def _prototype(self, puzzle: Puzzle) -> Search:
        """This search's tables, built, in an object of their own (without this search's path)."""
        self._build(puzzle)
        proto = object.__new__(Search)
        for name in self.__slots__:
            if name != "kept":
                setattr(proto, name, getattr(self, name))
        proto.kept = []
        return proto

    def _build(self, puzzle: Puzzle) -> None:
        """Precompute the tables (shared by every search of this geometry and cages)."""
        self.puzzle = puzzle
        g = puzzle.geometry
        n = self.n = g.size
        W = self.W = n + 1
        B = self.B = n * W
        self.shifts = tuple(d * B for d in range(n))
        # position of each cell inside a symbol block, per layout
        index_in_region = [0] * g.ncells
        for reg in range(n):
            for i, c in enumerate(g.houses[2 * n + reg]):
                index_in_region[c] = i
        pos = (
            tuple((c // n) * W + c % n for c in range(g.ncells)),
            tuple((c % n) * W + c // n for c in range(g.ncells)),
            tuple(g.region_of[c] * W + index_in_region[c] for c in range(g.ncells)),
        )
        self.pos = pos
        tables = []
        for k in range(3):
            table = [-1] * B
            for c, p in enumerate(pos[k]):
                table[p] = c
            tables.append(tuple(table))
        self.cells_by_pos = tuple(tables)
        self.cell_at = tables[0]
        self.BM0 = sum(1 << p for p in pos[0])
        guard = low = 0
        for grp in range(n * n):
            guard |= 1 << (grp * W + n)
            low |= 1 << (grp * W)
        self.GUARD, self.LOW = guard, low
        self.FULLGRP = (1 << n) - 1
        peers = puzzle.peers
        self.peer_bits = tuple(
            tuple(sum(1 << pos[k][p] for p in peers[c]) for c in range(g.ncells)) for k in range(3))
        self.cellcol = tuple(
            tuple(sum(1 << (s + pos[k][c]) for s in self.shifts) for c in range(g.ncells)) for k in range(3))
        self.placings: list[Placing | None] = [None] * (n * n * n)
        # per layout, each candidate bit's key into placings (-1 for a guard or spare bit)
        self.key_at = tuple(tuple(-1 if tables[k][p] < 0 else d * n * n + tables[k][p]
                                  for d in range(n) for p in range(B)) for k in range(3))
        # Halving folds that count, per cell, candidates up to 2 over all
        # symbol blocks at once: (shift, mask of the low half).
        folds = []
        m = n
        while m > 1:
            h = (m + 1) // 2
            folds.append((h * B, (1 << (h * B)) - 1))
            m = h
        self.folds = tuple(folds)
        #: Multiplying a block-0 mask by REP copies it into every symbol block.
        self.REP = sum(1 << sh for sh in self.shifts)
        #: 2**(d*B) = 2**d modulo 2**(B-1) - 1, so a cell's bits, one per
        #: symbol block, fold into a dense candidate mask with one modulo.
        self.GATHER = (1 << (B - 1)) - 1
        #: Per layout, every candidate of every cell: the board before the givens.
        self.FULL = tuple(sum(1 << p for p in pos[k]) * self.REP for k in range(3))
        # Cages that add a sum constraint: (cells, total)
        self.cages = tuple((cage.cells, cage.total, cage.repeats) for cage in puzzle.cages)
        self.locks = self._lock_masks(g)
        self.nodes = 0
        # The constraints' relations between two cells and their own narrowing (deduce/_search_constraints.py).
        ctables = ConstraintTables(puzzle)
        self.ctables: ConstraintTables | None = ctables if ctables else None
        plain = not self.cages and self.ctables is None
        self.fast: Any = self._fast_tables() if _ACCEL is not None and plain and n <= 32 else None

    def _lock_masks(self, g: Geometry) -> tuple[tuple[int, int, int, dict[int, tuple[int, int, int]]], ...]:
        """Locked candidates, as SWAR tests.

        A *segment* is the intersection of a source house with a target
        house (region with row or column: pointing; row or column with
        region: claiming), as bit positions inside the source's group.
        When all of a symbol's bits in a source group lie in one segment,
        the symbol leaves the target's other cells.  Segments are packed
        into masks with at most one segment per group, so one mask tests
        every symbol and every source house at once.  Each entry is
        ``(layout, guard bits of the groups with a segment, mask of those
        groups' cells outside their segments, {group: elimination masks per
        layout})``.
        """
        n, W = self.n, self.W
        kinds = ((2, 2 * n, (0, n)), (0, 0, (2 * n,)), (1, n, (2 * n,)))  # (layout, first source house, target kinds)
        out = []
        for layout, first, target_starts in kinds:
            segments: list[tuple[int, int, tuple[int, int, int]]] = []
            for h in range(n):
                src_cells = g.houses[first + h]
                src_mask = g.house_masks[first + h]
                for tstart in target_starts:
                    for t in range(n):
                        inter = src_mask & g.house_masks[tstart + t]
                        size = inter.bit_count()
                        if 2 <= size < n:
                            seg = sum(1 << (h * W + i) for i, c in enumerate(sorted_cells(self, layout, src_cells))
                                      if inter >> c & 1)
                            rest = g.house_masks[tstart + t] & ~src_mask
                            if rest:
                                e0, e1, e2 = (sum(1 << self.pos[k][c] for c in bits_of(rest)) for k in range(3))
                                elim = (e0, e1, e2)
                                segments.append((h, seg, elim))
            packs: list[tuple[int, dict[int, tuple[int, int, int]]]] = []
            for h, seg, elim in segments:
                for i, (mask, table) in enumerate(packs):
                    if h not in table:
                        table[h] = elim
                        packs[i] = (mask | seg, table)
                        break
                else:
                    packs.append((seg, {h: elim}))
            nonguard = self.REP * sum(((1 << n) - 1) << (h * W) for h in range(n))
            for mask, table in packs:
                rep = mask * self.REP
                guards = self.REP * sum(1 << (h * W + n) for h in table)
                out.append((layout, guards, nonguard & ~rep, table))
        return tuple(out)

    def _fast_tables(self) -> Any:
        """The C accelerator's tables of this search: peers, each house's
        cells in its layout's order, and the locked-candidate packs, read
        off the Python tables (so both searches follow the same order)."""
        g = self.puzzle.geometry
        n, W = self.n, self.W
        house_cells = [[self.cells_by_pos[k][h * W + i] for i in range(n)] for k in range(3) for h in range(n)]
        segments: list[tuple[int, list[int], list[int]]] = []
        packs: list[list[int]] = []
        for layout, _groups, out, table in self.locks:
            pack = []
            for h in sorted(table):
                outside = [self.cells_by_pos[layout][h * W + i] for i in range(n) if out >> (h * W + i) & 1]
                elims = [self.cell_at[p] for p in bits_of(table[h][0])]
                pack.append(len(segments))
                segments.append((layout * n + h, outside, elims))
            packs.append(pack)
        return _ACCEL.SearchTables(n, [list(p) for p in self.puzzle.peers], [list(hs) for hs in g.cell_houses],
                                   house_cells, segments, packs)

    def fast_solutions(self, node: Node) -> Iterator[Solution]:
        """:meth:`solutions` in the C accelerator (the same solutions in the
        same order; the iterator's ``nodes`` counts what ``self.nodes``
        would)."""
        return self.fast.solutions(*self.cell_lists(node), deadline.check, CHECK_EVERY)

    def cell_lists(self, node: Node) -> tuple[list[int], list[int], list[int]]:
        """A node (without locks applied yet) as the C search reads it: per
        cell its candidates, whether it is solved, the symbol placed there
        (-1 if none)."""
        X0, S, Q0, L = node[0], node[3], node[4], node[7]
        assert not any(L), "the accelerator starts from a node without locks applied"
        pos0 = self.pos[0]
        cand = [self.candidates(X0, c) for c in range(len(pos0))]
        solved = [S >> p & 1 for p in pos0]
        placed = [-1] * len(pos0)
        for d, sh in enumerate(self.shifts):
            for p in bits_of((Q0 >> sh) & self.BM0):
                placed[self.cell_at[p]] = d
        return cand, solved, placed

    def start_lists(self, state: State | None = None) -> tuple[list[int], list[int], list[int]] | None:
        """``cell_lists(start(state))`` made from the cells directly (the C
        search's start, without the packed node); None when a placement
        clashes with an earlier one (:meth:`start` then says what follows)."""
        n, peers = self.n, self.puzzle.peers
        if state is None:
            values: Sequence[int] = self.puzzle.givens
            cand = [(1 << n) - 1] * len(values)
        else:
            values, cand = state.value, list(state.cand)
        solved = [0] * len(values)
        placed = [-1] * len(values)
        for c, d in enumerate(values):
            if d >= 0:
                cand[c], solved[c], placed[c] = 1 << d, 1, d
        # (each placement rules its symbol out of its peers)
        for c, d in enumerate(values):
            if d >= 0:
                bit = 1 << d
                for p in peers[c]:
                    if cand[p] & bit:
                        if solved[p]:
                            return None  # (two placements of one symbol see each other)
                        cand[p] ^= bit
        return cand, solved, placed

    def placing(self, key: int) -> Placing:
        """What placing symbol ``d`` in cell ``c`` (``key = d*N*N + c``) does to
        a node: ``(bit0, kill0, kill1, kill2, bit1, bit2, solved)``, the
        candidate's bit in layout 0, per layout the mask that keeps everything
        but what the placement rules out (``d`` in the peers, other symbols in
        ``c``), its bits in layouts 1 and 2, and the cell's bit in ``S`` (made
        once, on first use)."""
        k = self.placings[key]
        if k is None:
            nn = self.n * self.n
            d, c = divmod(key, nn)
            sh = self.shifts[d]
            pos0, pos1, pos2 = self.pos
            k = self.placings[key] = (1 << (sh + pos0[c]), self._kill(0, sh, c), self._kill(1, sh, c),
                                      self._kill(2, sh, c), 1 << (sh + pos1[c]), 1 << (sh + pos2[c]), 1 << pos0[c])
        return k

    def _kill(self, layout: int, sh: int, c: int) -> int:
        own = 1 << (sh + self.pos[layout][c])
        return ~((self.peer_bits[layout][c] << sh) | (self.cellcol[layout][c] & ~own))

    def counts(self, X0: int) -> tuple[int, int]:
        """Per cell (block-0 positions): ``ones`` has a bit where the cell
        has at least one candidate, ``twos`` where it has at least two."""
        ones, twos = X0, 0
        for sh, lowmask in self.folds:
            o_hi, t_hi = ones >> sh, twos >> sh
            o_lo, t_lo = ones & lowmask, twos & lowmask
            twos = t_lo | t_hi | (o_lo & o_hi)
            ones = o_lo | o_hi
        return ones, twos

    # -- board set-up -------------------------------------------------------

    def start(self, state: State | None = None) -> Node | None:
        """The root node of ``state`` (or of the puzzle's givens).

        Raises :class:`~deduce.errors.Contradiction` when two givens clash.
        """
        if state is None:
            # The givens placed in order on the full board, as State.from_puzzle does.
            full0, full1, full2 = self.FULL
            node = self._placed(full0, full1, full2, [(d, c) for c, d in enumerate(self.puzzle.givens) if d >= 0])
            if node is not None:
                return node
            state = State.from_puzzle(self.puzzle)  # two givens clash: it says where
        pos0, pos1, pos2 = self.pos
        X0 = X1 = X2 = 0
        placed = []
        for c, (m, v) in enumerate(zip(state.cand, state.value)):
            if v >= 0:
                m = 1 << v
                placed.append((v, c))
            while m:
                low = m & -m
                sh = self.shifts[low.bit_length() - 1]
                X0 |= 1 << (sh + pos0[c])
                X1 |= 1 << (sh + pos1[c])
                X2 |= 1 << (sh + pos2[c])
                m ^= low
        return self._placed(X0, X1, X2, placed)

    def _placed(self, X0: int, X1: int, X2: int, placed: list[tuple[int, int]]) -> Node | None:
        """The node of board ``X0, X1, X2`` with each ``(symbol, cell)`` of
        ``placed`` placed in turn; None if one was ruled out by an earlier one."""
        nn = self.n * self.n
        S = Q0 = Q1 = Q2 = 0
        for d, c in placed:
            b0, k0, k1, k2, b1, b2, sb = self.placing(d * nn + c)
            if not X0 & b0:
                return None
            X0 &= k0
            X1 &= k1
            X2 &= k2
            S |= sb
            Q0 |= b0
            Q1 |= b1
            Q2 |= b2
        return (X0, X1, X2, S, Q0, Q1, Q2, (0,) * len(self.locks))

    # -- propagation --------------------------------------------------------

    def propagate(self, node: Node) -> Node | None:
        """Naked singles, hidden singles (and cage bounds) to a fixed point;
        None on a contradiction."""
        X0, X1, X2, S, Q0, Q1, Q2, L = node
        GUARD, LOW, FULLGRP, n = self.GUARD, self.LOW, self.FULLGRP, self.n
        placings, placing, key_at = self.placings, self.placing, self.key_at
        locks = self.locks
        naked_singles = self._naked_singles
        while True:
            placed = naked_singles(X0, X1, X2, S, Q0, Q1, Q2)
            if placed is None:
                return None
            progress = placed is not _NONE
            if progress:
                X0, X1, X2, S, Q0, Q1, Q2 = placed
            for layout in (0, 1, 2):
                if layout == 0:
                    X, Q = X0, Q0
                elif layout == 1:
                    X, Q = X1, Q1
                else:
                    X, Q = X2, Q2
                y = (X | GUARD) - LOW
                if y & GUARD != GUARD:
                    return None  # a symbol without a place in a house
                z = ((X & y) | GUARD) - LOW
                hs = X & ~(((z & GUARD) >> n) * FULLGRP) & ~Q
                if not hs:
                    continue
                # (placement code is inlined here and above: this is the
                # search's hot loop, where a call per placement shows)
                keys = key_at[layout]
                while hs:
                    low = hs & -hs
                    hs ^= low
                    key = keys[low.bit_length() - 1]
                    b0, k0, k1, k2, b1, b2, sb = placings[key] or placing(key)
                    if not X0 & b0:
                        continue  # removed by a placement just made; the next pass sees the conflict
                    if S & sb:
                        return None  # the cell already holds another symbol
                    X0 &= k0
                    X1 &= k1
                    X2 &= k2
                    Q0 |= b0
                    Q1 |= b1
                    Q2 |= b2
                    S |= sb
                progress = True
            if progress:
                continue
            if locks:
                X0, X1, X2, L, progress = self._locked(X0, X1, X2, Q0, Q1, Q2, L)
                locks = ()  # once per node: cheaper than scanning again
            if progress:
                continue
            if self.cages:
                r = self._cage_bounds(X0, X1, X2)
                if r is None:
                    return None
                if r[0] != X0:
                    X0, X1, X2 = r
                    continue
            if self.ctables is not None:
                r = constraint_bounds(self, X0, X1, X2)
                if r is None:
                    return None
                if r[0] != X0:
                    X0, X1, X2 = r
                    continue
            return (X0, X1, X2, S, Q0, Q1, Q2, L)

    def _naked_singles(self, X0: int, X1: int, X2: int, S: int, Q0: int, Q1: int,
                       Q2: int) -> tuple[int, int, int, int, int, int, int] | None:
        """The naked singles of :meth:`propagate`, placed at once: the node's
        layouts and masks after them, :data:`_NONE` when there is none, None
        on a contradiction (a cell without candidates, or two singles with
        one symbol that see each other).  (A call per pass of the loop, not
        per placement: counting the solutions of top1465 in pure Python took
        x1.02 the time of the inlined loop, best of four rounds each.)"""
        ones, twos = X0, 0
        for fsh, lowmask in self.folds:
            o_hi = ones >> fsh
            ones &= lowmask
            twos = (twos & lowmask) | (twos >> fsh) | (ones & o_hi)
            ones |= o_hi
        BM0 = self.BM0
        if ones != BM0:
            return None
        singles = BM0 & ~twos & ~S
        if not singles:
            return _NONE
        placings, placing, keys = self.placings, self.placing, self.key_at[0]
        hits = X0 & (singles * self.REP)
        while hits:
            low = hits & -hits
            hits ^= low
            if not X0 & low:
                return None
            key = keys[low.bit_length() - 1]
            _, k0, k1, k2, b1, b2, _ = placings[key] or placing(key)
            X0 &= k0
            X1 &= k1
            X2 &= k2
            Q0 |= low
            Q1 |= b1
            Q2 |= b2
        return X0, X1, X2, S | singles, Q0, Q1, Q2

    def _locked(self, X0: int, X1: int, X2: int, Q0: int, Q1: int, Q2: int,
                L: tuple[int, ...]) -> tuple[int, int, int, tuple[int, ...], bool]:
        """The locked candidates of :meth:`propagate` (once per node): per
        segment, the groups (symbol, house) whose places all lie in it lock
        it, and the segment's other house loses the symbol outside it.
        Returns the narrowed layouts, the locks now fired per segment and
        whether anything was eliminated."""
        GUARD, LOW, n, B, W, shifts = self.GUARD, self.LOW, self.n, self.B, self.W, self.shifts
        newL = list(L)
        progress = False
        # Groups (symbol, house) not placed yet, per layout: their guard bits.
        free = (~((Q0 | GUARD) - LOW) & GUARD, ~((Q1 | GUARD) - LOW) & GUARD,
                ~((Q2 | GUARD) - LOW) & GUARD)
        for i, (layout, GROUPS, OUT, table) in enumerate(self.locks):
            X = X0 if layout == 0 else X1 if layout == 1 else X2
            # Every group holds a candidate here (the checks above
            # passed), so one with none outside the segment has all of
            # them inside.  (A group emptied by an elimination just
            # made means a contradiction, which the next pass returns.)
            hits = ~(((X & OUT) | GUARD) - LOW) & GROUPS & free[layout] & ~newL[i]
            if not hits:
                continue
            newL[i] |= hits
            while hits:
                low = hits & -hits
                hits ^= low
                d, p = divmod(low.bit_length() - 1 - n, B)
                e0, e1, e2 = table[p // W]
                sh = shifts[d]
                e0 <<= sh
                if X0 & e0:
                    X0 &= ~e0
                    X1 &= ~(e1 << sh)
                    X2 &= ~(e2 << sh)
                    progress = True
        return X0, X1, X2, tuple(newL), progress

    def candidates(self, X0: int, c: int) -> int:
        """Candidate mask (over symbols) of cell ``c``."""
        return ((X0 >> self.pos[0][c]) & self.REP) % self.GATHER

    def _cage_bounds(self, X0: int, X1: int, X2: int) -> tuple[int, int, int] | None:
        """Remove candidates no filling of a cage allows: exact fillings for
        cages of distinct digits, sum bounds for sum-only cages."""
        n = self.n
        pos = self.pos
        candidates = self.candidates
        for cells, total, repeats in self.cages:
            masks = tuple(candidates(X0, c) for c in cells)
            if repeats:
                support = _bounds_support(masks, total, n)
            else:
                res = distinct_support(total, masks, n)
                support = res[0] if res is not None else None
            if support is None:
                return None
            for c, m, sup in zip(cells, masks, support):
                drop = m & ~sup
                if not drop:
                    continue
                if drop == m:
                    return None
                while drop:
                    low = drop & -drop
                    sh = self.shifts[low.bit_length() - 1]
                    X0 &= ~(1 << (sh + pos[0][c]))
                    X1 &= ~(1 << (sh + pos[1][c]))
                    X2 &= ~(1 << (sh + pos[2][c]))
                    drop ^= low
        return X0, X1, X2

    # -- search -------------------------------------------------------------

    def choose(self, node: Node) -> int:
        """An unsolved cell with the fewest candidates (2 when there is one)."""
        X0, S = node[0], node[3]
        BM0 = self.BM0
        ones = twos = threes = 0
        for sh in self.shifts:
            s = (X0 >> sh) & BM0
            threes |= twos & s
            twos |= ones & s
            ones |= s
        pairs = twos & ~threes & ~S & BM0
        if pairs:
            return self.cell_at[(pairs & -pairs).bit_length() - 1]
        best, best_count = -1, self.n + 1
        t = BM0 & ~S
        while t:
            low = t & -t
            cell = self.cell_at[low.bit_length() - 1]
            k = self.candidates(X0, cell).bit_count()
            if k < best_count:
                best, best_count = cell, k
                if k <= 3:
                    break
            t ^= low
        return best

    def branch(self, node: Node, cell: int, d: int) -> Node:
        """The node with ``d`` placed in ``cell``."""
        X0, X1, X2, S, Q0, Q1, Q2, L = node
        b0, k0, k1, k2, b1, b2, sb = self.placing(d * self.n * self.n + cell)
        return (X0 & k0, X1 & k1, X2 & k2, S | sb, Q0 | b0, Q1 | b1, Q2 | b2, L)

    def solutions(self, node: Node) -> Iterator[Solution]:
        """Every solution below this node, each exactly once."""
        self.nodes += 1
        if not self.nodes & (CHECK_EVERY - 1):
            deadline.check()
        done = self.propagate(node)
        if done is None:
            return
        if done[3] == self.BM0:
            yield self.values(done[0])
            return
        cell = self.choose(done)
        for d in bits_of(self.candidates(done[0], cell)):
            yield from self.solutions(self.branch(done, cell, d))

    def values(self, X0: int) -> Solution:
        values = [0] * (self.n * self.n)
        cell_at = self.cell_at
        for d, sh in enumerate(self.shifts):
            m = (X0 >> sh) & self.BM0
            while m:
                low = m & -m
                values[cell_at[low.bit_length() - 1]] = d
                m ^= low
        return tuple(values)


def _bounds_support(masks: tuple[int, ...], total: int, n: int) -> tuple[int, ...] | None:
    """Per cell, the values v for which v plus the least (most) the other
    cells can hold does not overshoot (undershoot) ``total``."""
    lows = [(m & -m).bit_length() for m in masks]
    highs = [m.bit_length() for m in masks]
    lo_sum, hi_sum = sum(lows), sum(highs)
    if lo_sum > total or hi_sum < total:
        return None
    out = []
    for m, lo, hi in zip(masks, lows, highs):
        vmin = total - (hi_sum - hi)
        vmax = total - (lo_sum - lo)
        out.append(m & ((1 << max(0, min(vmax, n))) - 1) & ~((1 << max(0, vmin - 1)) - 1))
    return tuple(out)


def sorted_cells(search: Search, layout: int, cells: Sequence[int]) -> list[int]:
    """The cells of a house in the order of their positions in ``layout``."""
    return sorted(cells, key=lambda c: search.pos[layout][c])


def _start(target: Puzzle | State) -> tuple[Search, Node | None]:
    if isinstance(target, State):
        search = Search(target.puzzle)
        return search, search.start(target)
    search = Search(target)
    return search, search.start()


def iter_solutions(target: Puzzle | State) -> Iterator[Solution]:
    """Every solution of a puzzle (or of a candidate state), each once.

    Raises :class:`~deduce.errors.Contradiction` when the givens clash.
    """
    search = Search(target.puzzle if isinstance(target, State) else target)
    if search.fast is not None:
        # (the C search starts from the cells: the packed root node is made only when the start clashes)
        if isinstance(target, State):
            lists = search.start_lists(target)
            found = None if lists is None else search.fast.solutions(*lists, deadline.check, CHECK_EVERY)
        else:  # (start_lists made in C from the givens)
            found = search.fast.givens_solutions(target.givens, deadline.check, CHECK_EVERY)
        if found is not None:
            yield from found
            return
    node = search.start(target) if isinstance(target, State) else search.start()
    if node is not None:
        yield from (search.fast_solutions(node) if search.fast is not None else search.solutions(node))


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
    search, node = _start(state)
    done = search.propagate(node) if node is not None else None
    if done is None or done[3] == search.BM0:
        return []
    cell = search.choose(done)
    out = []
    for d in bits_of(search.candidates(done[0], cell)):
        sub = Search(state.puzzle)
        sub.kept = search.kept.copy()  # (the narrowing's fixed points so far hold below every branch)
        found = 0
        for _ in sub.solutions(search.branch(done, cell, d)):
            found += 1
            if found > 1:
                break
        outcome = "contradiction" if not found else "solution" if found == 1 else "solutions"
        out.append(Guess(cell, d, outcome, sub.nodes))
    return out
