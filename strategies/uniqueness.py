"""Uniqueness: unique rectangles (types 1-4) and BUG+1.

These rest on one assumption, stated in every explanation: the puzzle has
exactly one solution.  Four cells in two rows, two columns and two boxes
(or regions, each holding a pair of the four that share a row or column)
cannot all end up holding only the same two symbols {a,b}: the two
symbols could then be swapped, giving a second solution.  The engine uses
these strategies only after it has proven the solution unique, never on
puzzles with cages (a swap can change a cage's sum), and never with
``--no-uniqueness``.

* **Type 1**: three corners hold only {a,b}; the fourth loses a and b.
* **Type 2**: two corners hold only {a,b}, the other two {a,b,x}: one of
  those two is x, so cells seeing both lose x.
* **Type 3**: the extra symbols of the two roof corners act as one cell; with
  other cells of a house they share, they form a naked subset.
* **Type 4**: the roof corners share a house where a lives only in them:
  one is a, so neither can be b.
* **BUG+1**: every unsolved cell holds two candidates but one, which holds
  three; the symbol appearing three times in its house must go there.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from deduce.geometry import cells_of
from deduce.state import State
from deduce.step import Step
from deduce.techniques import TECHNIQUES


def rectangles(state: State) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """(corners, {a,b} mask) of every possible deadly rectangle: four
    unsolved cells, two rows, two columns, two regions, sharing two candidates."""
    g = state.puzzle.geometry
    n = g.size
    cand, value = state.cand, state.value
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            if any(value[c] >= 0 for c in corners):
                continue
            regions = {g.region_of[c] for c in corners}
            if len(regions) != 2:
                continue
            a, b, c, d = corners
            same_rows = g.region_of[a] == g.region_of[b] and g.region_of[c] == g.region_of[d]
            same_cols = g.region_of[a] == g.region_of[c] and g.region_of[b] == g.region_of[d]
            if not (same_rows or same_cols):
                continue
            common = cand[a] & cand[b] & cand[c] & cand[d]
            for pair in combinations(cells_of(common), 2):
                yield corners, (1 << pair[0]) | (1 << pair[1])


def _shared_houses(state: State, x: int, y: int) -> list[int]:
    g = state.puzzle.geometry
    return [h for h in g.cell_houses[x] if h in g.cell_houses[y]]


class UniqueRectangle:
    """``UniqueRectangle(type)`` for types 1 to 4."""

    requires_unique = True
    allows_cages = False

    def __init__(self, kind: int = 1):
        if kind not in (1, 2, 3, 4):
            raise ValueError("unique rectangle types are 1 to 4")
        self.kind = kind
        self.technique = TECHNIQUES[f"ur{kind}"]

    def __repr__(self) -> str:
        return f"UniqueRectangle({self.kind})"

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        for corners, pair in rectangles(state):
            floor = [c for c in corners if cand[c] == pair]
            roof = [c for c in corners if cand[c] != pair]
            details = (("corners", corners), ("pair", tuple(cells_of(pair))), ("roof", tuple(roof)))
            if self.kind == 1 and len(floor) == 3:
                elims = [(roof[0], s) for s in cells_of(pair)]
                yield Step(self.technique, eliminations=elims, cells=corners, symbols=cells_of(pair),
                           details=details)
                continue
            if self.kind == 1 or len(floor) != 2 or len(roof) != 2:
                continue
            shared = _shared_houses(state, roof[0], roof[1])
            if not shared:
                continue  # roofs on a diagonal: types 1-4 do not apply
            extra = (cand[roof[0]] | cand[roof[1]]) & ~pair
            if self.kind == 2:
                if cand[roof[0]] == cand[roof[1]] and extra.bit_count() == 1:
                    x = extra.bit_length() - 1
                    pm = state.puzzle.peer_masks
                    targets = [c for c in cells_of(pm[roof[0]] & pm[roof[1]])
                               if state.value[c] < 0 and cand[c] >> x & 1]
                    if targets:
                        yield Step(self.technique, eliminations=[(c, x) for c in targets], cells=corners,
                                   symbols=cells_of(pair) + [x], details=details + (("extra", x),))
            elif self.kind == 3:
                yield from self._type3(state, corners, pair, roof, extra, shared, details)
            elif self.kind == 4:
                for h in shared:
                    for a in cells_of(pair):
                        places = state.places(h, a)
                        if sorted(places) == sorted(roof):
                            b = cells_of(pair & ~(1 << a))[0]
                            elims = [(c, b) for c in roof if cand[c] >> b & 1]
                            if elims:
                                yield Step(self.technique, eliminations=elims, cells=corners, houses=(h,),
                                           symbols=(a, b), details=details + (("locked", a),))

    def _type3(self, state: State, corners, pair: int, roof: list[int], extra: int, shared: list[int],
               details: tuple) -> Iterator[Step]:
        cand, value = state.cand, state.value
        g = state.puzzle.geometry
        if extra.bit_count() < 2 and not extra:
            return
        for h in shared:
            others = [c for c in g.houses[h] if value[c] < 0 and c not in roof]
            for k in range(1, min(4, len(others)) + 1):
                for group in combinations(others, k):
                    union = extra
                    for c in group:
                        union |= cand[c]
                    if union.bit_count() != k + 1 or union & pair:
                        continue
                    elims = [(c, s) for c in others if c not in group for s in cells_of(cand[c] & union)]
                    if elims:
                        yield Step(self.technique, eliminations=elims, cells=tuple(corners) + group, houses=(h,),
                                   symbols=cells_of(union),
                                   details=details + (("subset", group), ("subset_symbols", tuple(cells_of(union)))))


class BugPlusOne:
    technique = TECHNIQUES["bug+1"]
    requires_unique = True
    allows_cages = False

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        g = state.puzzle.geometry
        odd = None
        for c in range(len(cand)):
            if value[c] >= 0:
                continue
            k = cand[c].bit_count()
            if k == 2:
                continue
            if k != 3 or odd is not None:
                return
            odd = c
        if odd is None:
            return
        for s in cells_of(cand[odd]):
            counts = [len(state.places(h, s)) for h in g.cell_houses[odd]]
            if all(x == 3 for x in counts) and self._is_bug_without(state, odd, s):
                yield Step(self.technique, placements=[(odd, s)], cells=(odd,), houses=g.cell_houses[odd],
                           symbols=(s,))
                return

    @staticmethod
    def _is_bug_without(state: State, odd: int, s: int) -> bool:
        """True if, with ``s`` taken out of ``odd``, every symbol not yet placed
        in a house has exactly two places there (a bivalue universal grave:
        such a position has no solution or at least two)."""
        g = state.puzzle.geometry
        for h in range(3 * g.size):
            placed = state.placed_in(h)
            for x in range(g.size):
                if placed >> x & 1:
                    continue
                count = len(state.places(h, x)) - (1 if x == s and odd in g.houses[h] else 0)
                if count != 2:
                    return False
        return True
