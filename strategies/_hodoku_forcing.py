"""HoDoKu's forcing chains (chains, not nets; through groups), read from
the tables of :mod:`strategies._hodoku_tabling` the way HoDoKu's tabling
solver reads them: contradictions and verities, in HoDoKu's order.  With the
accelerator they are read in C (:func:`forcing_read`); :class:`_ForcingSearch`
is the pure Python reference."""

from __future__ import annotations

import functools
from typing import Any

from deduce.state import State

from . import _accel, _hodoku_tabling  # (MAX_ENTRIES read there at each call: tests may lower it)
from ._hodoku_tabling import (
    BUDDIES,
    HOUSE_MASKS,
    PLAIN_LITS,
    N,
    _accelerated,
    _bits,
    _Grid,
    _Table,
    _Tables,
    _two_see,
    tables,
)

# -- forcing chains ---------------------------------------------------------------------------------

#: A forcing chain's conclusion (HoDoKu's "Forcing Chain", chains only, through groups):
#: ``kind`` fcc (contradiction) or fcv (verity); ``form`` how deduce tells it (contradiction, double,
#: cell, region) with its ``source``; ``placement`` or ``eliminations``; ``branches``: per assumption,
#: its table and the literals reached that the conclusion rests on; ``clash``: how the contradiction
#: shows ("opposite", "both", "two-in-cell", "two-in-house", "empty", "no-place") and its house or cell.


class Forcing:
    __slots__ = ("branches", "clash", "eliminations", "form", "kind", "length", "placement", "source")

    def __init__(self, kind: str, form: str, source: tuple[int, ...], placement: tuple[int, int] | None,
                 eliminations: frozenset[tuple[int, int]], branches: list[tuple[_Table, list[tuple[int, bool]]]],
                 clash: tuple = ()):
        self.kind, self.form, self.source, self.placement = kind, form, source, placement
        self.eliminations, self.branches, self.clash = eliminations, branches, clash
        self.length = sum(table.depth(y[0] * 2 + y[1]) + 1 for table, ys in branches for y in ys)


class _ForcingSearch:
    def __init__(self, state: State, made: _Tables | None = None):
        made = made or tables(state, True)
        self.grid = made.grid
        self.value = list(state.value)
        empty = sum(1 << c for c in range(N * N) if state.value[c] < 0)
        blocked = [0] * N
        for c in range(N * N):
            if state.value[c] >= 0:
                blocked[state.value[c]] |= BUDDIES[c] | 1 << c
        self.allowed = [empty & ~blocked[d] for d in range(N)]
        # per rows, columns, boxes and symbol: the houses where the symbol may go (in order), and their places
        self.open_houses = [[[(h, HOUSE_MASKS[h] & self.allowed[e]) for h in range(group * N, group * N + N)
                              if HOUSE_MASKS[h] & self.allowed[e]] for e in range(N)] for group in range(3)]
        self.premises = made.premises
        self.empty = sum(1 << c for c in range(N * N) if self.grid.cand[c])
        self.tables = made.of
        self.sets: dict[tuple[int, bool], Any] = {key: self._sets(t) for key, t in self.tables.items()}
        self.steps: list[Forcing] = []
        self.keys: dict[Any, int] = {}

    @staticmethod
    def _sets(table: _Table) -> tuple[list[int], list[int]]:
        on, off = [0] * N, [0] * N
        m = table.reach & PLAIN_LITS
        while m:
            low = m & -m
            x = low.bit_length() - 1
            m ^= low
            node = x >> 1
            (on if x & 1 else off)[node % N] |= 1 << (node // N)
        return on, off

    def _keep(self, step: Forcing) -> None:
        """HoDoKu keeps one step per result: the one with the shorter chains."""
        key: Any = ("set", step.kind, step.placement) if step.placement else ("del", step.eliminations)
        old = self.keys.get(key)
        if old is not None:
            if self.steps[old].length > step.length:
                self.steps[old] = step
            return
        self.keys[key] = len(self.steps)
        self.steps.append(step)

    def run(self) -> list[Forcing]:
        for n in self.premises:
            self._one(n, True)
            self._one(n, False)
        for n in self.premises:
            self._two(n)
        for cell in range(N * N):
            if self.grid.cand[cell]:
                ds = [d for d in range(N) if self.grid.cand[cell] >> d & 1]
                self._verity(CELL_FORM, (cell,), [cell * N + d for d in ds])
        for h in range(3 * N):  # rows, columns, boxes
            for d in range(N):
                places = self.grid.places[d] & HOUSE_MASKS[h]
                if places:
                    self._verity(REGION_FORM, (h, d), [c * N + d for c in _bits(places)])
        return sorted(self.steps, key=functools.cmp_to_key(_compare_forcing))

    def _contradiction(self, n: int, on: bool, ys: list[tuple[int, bool]], clash: tuple) -> None:
        table = self.tables[(n, on)]
        cell, d = n // N, n % N
        placement = None if on else (cell, d)
        eliminations = frozenset({(cell, d)}) if on else frozenset()
        self._keep(Forcing("fcc", CONTRADICTION_FORM, (cell, d), placement, eliminations, [(table, ys)], clash))

    def _one(self, n: int, on: bool) -> None:
        on_sets, off_sets = self.sets[(n, on)]
        cell, d = n // N, n % N
        if (off_sets if on else on_sets)[d] >> cell & 1:
            self._contradiction(n, on, [(n, not on)], ("opposite",))
        for e in range(N):
            both = on_sets[e] & off_sets[e]
            if both:
                c = (both & -both).bit_length() - 1
                self._contradiction(n, on, [(c * N + e, False), (c * N + e, True)], ("both",))
        set_digits = [e for e in range(N) if on_sets[e]]
        for i, e in enumerate(set_digits):
            for f in set_digits[i + 1:]:
                both = on_sets[e] & on_sets[f]
                if both:
                    c = (both & -both).bit_length() - 1
                    self._contradiction(n, on, [(c * N + e, True), (c * N + f, True)], ("two-in-cell", c))
        twice_digits = [e for e in set_digits if _two_see(on_sets[e])]
        for group in range(3):  # rows, columns, boxes
            for e in twice_digits:
                for h in range(group * N, group * N + N):
                    twice = HOUSE_MASKS[h] & on_sets[e]
                    if twice & (twice - 1):
                        self._contradiction(n, on, [(c * N + e, True) for c in _bits(twice)], ("two-in-house", h))
        cand, places = self.grid.cand, self.grid.places
        dead = self.empty
        for e in range(N):
            dead &= (off_sets[e] | ~places[e]) & ~on_sets[e]
        for c in _bits(dead):
            self._contradiction(n, on, [(c * N + e, False) for e in range(N) if cand[c] >> e & 1], ("empty", c))
        allowed = self.allowed
        for group in range(3):
            open_houses = self.open_houses[group]
            for e in range(N):
                gone = off_sets[e]
                if not gone & allowed[e]:  # a house's places (all allowed) cannot all be gone
                    continue
                for h, places_h in open_houses[e]:
                    if not places_h & ~gone:
                        self._contradiction(n, on, [(c * N + e, False) for c in _bits(places_h)],
                                            ("no-place", h, e))

    def _two(self, n: int) -> None:
        on_t, off_t = self.tables[(n, True)], self.tables[(n, False)]
        (on_on, on_off), (off_on, off_off) = self.sets[(n, True)], self.sets[(n, False)]
        cell = n // N
        for sets_a, sets_b, is_on in ((on_on, off_on, True), (on_off, off_off, False)):
            for e in range(N):
                for c in _bits(sets_a[e] & sets_b[e] & ~(1 << cell)):
                    y = (c * N + e, is_on)
                    self._keep(Forcing("fcv", DOUBLE_FORM, (cell, n % N), (c, e) if is_on else None,
                                       frozenset() if is_on else frozenset({(c, e)}), [(on_t, [y]), (off_t, [y])]))

    def _verity(self, form: str, source: tuple[int, ...], starts: list[int]) -> None:
        tables = [self.tables[(n, True)] for n in starts]
        sets = [self.sets[(n, True)] for n in starts]
        for e in range(N):
            for is_on in (True, False):
                side = 0 if is_on else 1
                common = (1 << N * N) - 1
                for s in sets:
                    common &= s[side][e]
                    if not common:
                        break
                for c in _bits(common):
                    y = (c * N + e, is_on)
                    self._keep(Forcing("fcv", form, source, (c, e) if is_on else None,
                                       frozenset() if is_on else frozenset({(c, e)}), [(t, [y]) for t in tables]))


CONTRADICTION_FORM, DOUBLE_FORM, CELL_FORM, REGION_FORM = "contradiction", "double", "cell", "region"


def _compare_forcing(p: Forcing, q: Forcing) -> int:
    """HoDoKu's order of forcing chains: placements first; then most eliminations, their cells and symbols
    in order; then the shorter chains."""
    if bool(p.placement) != bool(q.placement):
        return -1 if p.placement else 1
    if p.placement and q.placement:
        if p.kind != q.kind or p.placement != q.placement:
            return (p.placement[0] - q.placement[0]) or 1
        return p.length - q.length
    r = len(q.eliminations) - len(p.eliminations)
    if r:
        return r
    if p.kind != q.kind or p.eliminations != q.eliminations:
        for (c1, d1), (c2, d2) in zip(sorted(p.eliminations, key=lambda e: (e[1], e[0])),
                                      sorted(q.eliminations, key=lambda e: (e[1], e[0]))):
            r = (c1 * 10 + d1) - (c2 * 10 + d2)
            if r:
                return r
    return p.length - q.length


def forcing_chains(state: State) -> tuple[list[Forcing], list[tuple[tuple[int, ...], int]]]:
    """Every forcing chain HoDoKu's tabling finds at ``state`` (9x9; chains, not nets; through groups),
    in the order it takes them, and the nodes their literals number."""
    if not _accelerated():
        search = _ForcingSearch(state)
        return search.run(), search.grid.nodes
    made = _Grid(state, True)
    return forcing_read(state, made), made.nodes


def forcing_read(state: State, made: _Grid) -> list[Forcing]:
    """:meth:`_ForcingSearch.run` over the grid ``made`` read in C (:func:`strategies._accel.hodoku_forcing`):
    the same steps in the same order, each branch's table ordered only when its chain is read."""
    tables: dict[int, _Table] = {}
    steps = []
    for kind, form, source, placement, eliminations, branches, clash, length in _accel.hodoku_forcing(  # type: ignore[union-attr]
            made.cand, state.value, made.direct_lits, made.group_nodes, _hodoku_tabling.MAX_ENTRIES):
        step = Forcing.__new__(Forcing)
        step.kind, step.form, step.source, step.placement, step.clash = kind, form, source, placement, clash
        step.eliminations, step.length = frozenset(eliminations), length
        step.branches = [(tables.get(first) or tables.setdefault(first, _Table.lazy(made, first)), ys)
                         for first, ys in branches]
        steps.append(step)
    return sorted(steps, key=functools.cmp_to_key(_compare_forcing))


