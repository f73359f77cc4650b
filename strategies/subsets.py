"""Naked and hidden subsets (pairs, triples, quads), parameterised by size."""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from deduce.geometry import cells_of
from deduce.state import State
from deduce.step import Step
from deduce.techniques import TECHNIQUES

from ._houses import house_order, line_block_pairs

_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def naked_sets(cells: list[int], k: int, cand: list[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every ``k`` of ``cells`` holding only ``k`` symbols between them, with those symbols' mask."""
    small = [c for c in cells if cand[c].bit_count() <= k]
    for group in combinations(small, k):
        union = 0
        for c in group:
            union |= cand[c]
        if union.bit_count() == k:
            yield group, union


class NakedSubset:
    """``NakedSubset(k)``: k cells of a house hold only k symbols between
    them, so those symbols leave the house's other cells."""

    def __init__(self, size: int):
        if size not in _NAMES:
            raise ValueError("subset size must be 2, 3 or 4")
        self.size = size
        self.technique = TECHNIQUES["n" + _NAMES[size][0]]

    def __repr__(self) -> str:
        return f"NakedSubset({self.size})"

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        k = self.size
        cand, value = state.cand, state.value
        for h in house_order(g):
            empty = [c for c in g.houses[h] if value[c] < 0]
            if len(empty) <= k:
                continue
            for cells, union in naked_sets(empty, k, cand):
                elims = [(c, s) for c in empty if c not in cells for s in cells_of(cand[c] & union)]
                if elims:
                    yield Step(self.technique, eliminations=elims, cells=cells, houses=[h],
                               symbols=cells_of(union))


class HiddenSubset:
    """``HiddenSubset(k)``: k symbols have only the same k places in a
    house, so those cells hold nothing else."""

    def __init__(self, size: int):
        if size not in _NAMES:
            raise ValueError("subset size must be 2, 3 or 4")
        self.size = size
        self.technique = TECHNIQUES["h" + _NAMES[size][0]]

    def __repr__(self) -> str:
        return f"HiddenSubset({self.size})"

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        k = self.size
        n = g.size
        cand, value = state.cand, state.value
        for h in house_order(g):
            empty = [c for c in g.houses[h] if value[c] < 0]
            if len(empty) <= k:
                continue
            missing = cells_of(((1 << n) - 1) & ~state.placed_in(h))
            places = {}
            for s in missing:
                bit = 1 << s
                m = 0
                for c in empty:
                    if cand[c] & bit:
                        m |= 1 << c
                if 0 < m.bit_count() <= k:
                    places[s] = m
            for syms in combinations(sorted(places), k):
                union = 0
                for s in syms:
                    union |= places[s]
                if union.bit_count() != k:
                    continue
                keep = 0
                for s in syms:
                    keep |= 1 << s
                cells = cells_of(union)
                elims = [(c, s) for c in cells for s in cells_of(cand[c] & ~keep)]
                if elims:
                    yield Step(self.technique, eliminations=elims, cells=cells, houses=[h], symbols=syms)


class LockedSubset:
    """``LockedSubset(2)`` (locked pair), ``LockedSubset(3)`` (locked triple):
    a naked pair or triple whose cells lie in both a line and a box, so its
    symbols leave the other cells of both houses at once."""

    def __init__(self, size: int):
        if size not in (2, 3):
            raise ValueError("locked subsets are pairs or triples")
        self.size = size
        self.technique = TECHNIQUES["locked-pair" if size == 2 else "locked-triple"]

    def __repr__(self) -> str:
        return f"LockedSubset({self.size})"

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        k = self.size
        cand, value = state.cand, state.value
        for line, block, inter in line_block_pairs(g):
            inside = [c for c in cells_of(inter) if value[c] < 0]
            for cells, union in naked_sets(inside, k, cand):
                elims = [(c, s) for h in (line, block) for c in g.houses[h]
                         if value[c] < 0 and c not in cells for s in cells_of(cand[c] & union)]
                if elims:
                    yield Step(self.technique, eliminations=elims, cells=cells, houses=[line, block],
                               symbols=cells_of(union))
