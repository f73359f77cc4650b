"""Killer cages: the last cell of a cage, cage combinations, cage pointing.

A cage's *fillings* are the ways to give its cells values from their
candidates that add up to its sum (all different, unless the cage is
sum-only, where only peers must differ).  Candidates in no filling go
(cage combinations); a value in every filling whose places in the cage lie
in one house leaves the rest of that house (cage pointing).

A house can also force a cage: when the only places of a symbol in a house
all lie in one distinct-digit cage, the cage must contain that symbol.
"""

from __future__ import annotations

from typing import Iterator

import attrs

from deduce.cagemath import distinct_support, signed_support
from deduce.geometry import bits_of
from deduce.puzzle import Cage, Puzzle
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer


def cage_masks(state: State, cage: Cage) -> tuple[int, ...]:
    return tuple(state.cand[c] for c in cage.cells)


def forced_symbols(state: State, cage: Cage) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Symbols the cage must contain because some house has its only
    places for them inside the cage: (mask, ((symbol, house), ...))."""
    g = state.puzzle.geometry
    cmask = cage.mask
    forced = 0
    why = []
    houses = sorted({h for c in cage.cells for h in g.cell_houses[c]})
    for h in houses:
        if g.house_masks[h] & cmask == 0:
            continue
        placed = state.placed_in(h)
        for s in range(g.size):
            if placed >> s & 1 or forced >> s & 1:
                continue
            places = state.places(h, s)
            if places and all(cmask >> c & 1 for c in places):
                forced |= 1 << s
                why.append((s, h))
    return forced, tuple(why)


def must_differ(puzzle: Puzzle, cells: tuple[int, ...]) -> tuple[tuple[bool, ...], ...]:
    peers = puzzle.peer_masks
    return tuple(tuple(i != j and bool(peers[a] >> b & 1) for j, b in enumerate(cells)) for i, a in enumerate(cells))


def cage_fillings(state: State, index: int) -> tuple[tuple[int, ...], tuple, int, tuple] | None:
    """(support per cell, fillings, forced mask, forced reasons) of cage ``index``.

    Fillings are value masks for distinct cages, value tuples for sum-only ones.
    """
    puzzle = state.puzzle
    cage = puzzle.cages[index]
    masks = cage_masks(state, cage)
    if cage.repeats:
        res = signed_support(cage.cells, (1,) * len(cage.cells), cage.total, masks, must_differ(puzzle, cage.cells))
        if res is None:
            return None
        return res[0], res[1], 0, ()
    forced, why = forced_symbols(state, cage)
    res2 = distinct_support(cage.total, masks, puzzle.size, forced)
    if res2 is None:
        return None
    return res2[0], res2[1], forced, why


@attrs.frozen
class CageSingle(Producer):
    """The last empty cell of a cage takes what completes the sum."""

    CODE = "cage-single"

    def find(self, state: State) -> Iterator[Step]:
        value = state.value
        for i, cage in enumerate(state.puzzle.cages):
            empty = [c for c in cage.cells if value[c] < 0]
            if len(empty) != 1:
                continue
            rest = sum(value[c] + 1 for c in cage.cells if value[c] >= 0)
            v = cage.total - rest
            cell = empty[0]
            if 1 <= v <= state.puzzle.size and state.cand[cell] >> (v - 1) & 1:
                yield Step(self.technique, placements=[(cell, v - 1)], cells=cage.cells, cages=[i],
                           symbols=[v - 1], details=(("rest", rest),))


@attrs.frozen
class CageCombinations(Producer):
    """``CageCombinations("combinations")``: candidates in no filling of a
    cage are removed.  ``CageCombinations("pointing")``: a value in every
    filling whose places in the cage lie in one house leaves that house's
    other cells."""

    kind: str = "combinations"
    CODES = {"combinations": "cage-combo", "pointing": "cage-pointing"}

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        order = sorted(range(len(puzzle.cages)), key=lambda i: (len(puzzle.cages[i].cells), i))
        for i in order:
            cage = puzzle.cages[i]
            if all(state.value[c] >= 0 for c in cage.cells):
                continue
            res = cage_fillings(state, i)
            if res is None:
                continue  # a contradiction; the engine reports it
            support, fillings, _forced, why = res
            details = (("fillings", fillings), ("forced", why), ("repeats", cage.repeats))
            if self.kind == "combinations":
                elims = [(c, s) for c, sup in zip(cage.cells, support) if state.value[c] < 0
                         for s in bits_of(state.cand[c] & ~sup)]
                if elims:
                    yield Step(self.technique, eliminations=elims, cells=cage.cells, cages=[i],
                               symbols=sorted({s for _, s in elims}), details=details)
                continue
            yield from self._pointing(state, i, support, fillings, details)

    def _pointing(self, state: State, index: int, support: tuple[int, ...], fillings: tuple,
                  details: tuple) -> Iterator[Step]:
        puzzle = state.puzzle
        g = puzzle.geometry
        cage = puzzle.cages[index]
        if not fillings:
            return
        if cage.repeats:
            common = ~0
            for f in fillings:
                m = 0
                for v in f:
                    m |= 1 << (v - 1)
                common &= m
        else:
            common = ~0
            for f in fillings:
                common &= f
        common &= (1 << puzzle.size) - 1
        for s in bits_of(common):
            places = [c for c, sup in zip(cage.cells, support) if sup >> s & 1]
            if any(state.value[c] == s for c in places):
                continue  # already placed: its peers lost it then
            for h in g.common_houses(*places):
                removed = [c for c in g.houses[h]
                           if c not in cage.cells and state.value[c] < 0 and state.cand[c] >> s & 1]
                if removed:
                    yield Step(self.technique, eliminations=[(c, s) for c in removed], cells=places,
                               houses=[h], cages=[index], symbols=[s], details=details)
