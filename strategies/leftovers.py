"""Law of leftovers (jigsaw).

Take k rows (or k columns) and k regions.  Both groups hold every symbol
exactly k times, so after removing the cells they share, the cells only
the lines cover (``lines_only``) and the cells only the regions cover
(``regions_only``) hold the same symbols, each as many times on one side as
on the other.

For each symbol this gives a count that both sides must match: a symbol
one side cannot hold leaves the other side; a symbol one side must hold
(already placed there) and the other side can hold in only as many cells
as needed is placed there.
"""

from __future__ import annotations

from typing import Iterator

import attrs

from deduce.geometry import Geometry
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

#: Only comparisons whose leftover groups are at most this big are tried
#: (bigger ones rarely give anything and are hard to follow).
MAX_LEFTOVER = 6


@attrs.frozen
class LawOfLeftovers(Producer):
    CODE = "leftovers"

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        if not g.is_jigsaw:
            return
        for lines, regions, lines_only, regions_only in comparisons(g):
            yield from self._deduce(state, lines, regions, lines_only, regions_only)

    def _deduce(self, state: State, lines: tuple[int, ...], regions: tuple[int, ...],
                lines_only: tuple[int, ...], regions_only: tuple[int, ...]) -> Iterator[Step]:
        n = state.puzzle.size
        cand, value = state.cand, state.value
        houses = lines + regions
        pattern = lines_only + regions_only
        for sym in range(n):
            bit = 1 << sym
            sides = []
            for cells in (lines_only, regions_only):
                placed = sum(1 for c in cells if value[c] == sym)
                possible = [c for c in cells if value[c] < 0 and cand[c] & bit]
                sides.append((placed, possible))
            (pa, ca), (pb, cb) = sides
            most = min(pa + len(ca), pb + len(cb))
            least = max(pa, pb)
            if most < least:
                continue  # a contradiction; the engine reports it
            for (placed, possible), other in ((sides[0], "regions_only"), (sides[1], "lines_only")):
                if possible and placed == most:
                    # this side already has as many as the other can hold: no more here
                    yield Step(self.technique, eliminations=[(c, sym) for c in possible],
                               cells=pattern, houses=houses, symbols=[sym],
                               details=(("lines_only", lines_only), ("regions_only", regions_only),
                                        ("kind", "eliminate"), ("limit_side", other), ("count", most)))
                elif possible and placed + len(possible) == least and placed < least:
                    # this side must reach the other's count: every possible cell holds sym
                    yield Step(self.technique, placements=[(c, sym) for c in possible],
                               cells=pattern, houses=houses, symbols=[sym],
                               details=(("lines_only", lines_only), ("regions_only", regions_only),
                                        ("kind", "place"), ("limit_side", other), ("count", least)))


def comparisons(g: Geometry) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Every useful (lines, regions, lines-only cells, regions-only cells):
    runs of 1 to N-1 consecutive rows or columns against the k regions that
    overlap them most."""
    return _comparisons(g)


_CACHE: dict[Geometry, list] = {}


def _comparisons(g: Geometry) -> list:
    if g in _CACHE:
        return _CACHE[g]
    n = g.size
    out = []
    seen = set()
    for first_house in (0, n):  # rows, then columns
        for k in range(1, n):
            for start in range(0, n - k + 1):
                lines = tuple(first_house + start + i for i in range(k))
                line_mask = 0
                for h in lines:
                    line_mask |= g.house_masks[h]
                overlap = sorted(range(2 * n, 3 * n),
                                 key=lambda r: (-(g.house_masks[r] & line_mask).bit_count(), r))
                regions = tuple(sorted(overlap[:k]))
                region_mask = 0
                for r in regions:
                    region_mask |= g.house_masks[r]
                lines_only = line_mask & ~region_mask
                regions_only = region_mask & ~line_mask
                size = lines_only.bit_count()
                if not 0 < size <= MAX_LEFTOVER:
                    continue
                key = (lines_only, regions_only)
                if key in seen:
                    continue
                seen.add(key)
                out.append((lines, regions, _cells(lines_only), _cells(regions_only)))
    out.sort(key=lambda t: (len(t[2]), len(t[0]), t[0]))
    _CACHE[g] = out
    return out


def _cells(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)
