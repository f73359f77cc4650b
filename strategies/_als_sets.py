"""Almost locked sets themselves (:mod:`strategies.als`'s techniques build on them, and the chain
engine's grouped nodes): finding them in a position, their restricted commons, what each set's
symbols reach.  Kept per position (:func:`strategies._houses.per_position`)."""

from __future__ import annotations

from bisect import bisect_right
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from deduce.geometry import bits_of
from deduce.state import State

from ._accel import als_links as als_links_of
from ._accel import als_neighbours as als_neighbours_of
from ._accel import als_reach as als_reach_of
from ._accel import als_sets
from ._houses import cached, per_position
from ._memo import symbol_masks

if TYPE_CHECKING:
    pass


#: Largest almost locked set searched, in cells (a deterministic bound).
MAX_ALS_CELLS = 7


class Als(NamedTuple):
    cells: int                  # cell mask
    symbols: int                # symbol mask (k+1 symbols for k cells)
    house: int
    where: tuple[int, ...]      # per symbol: the cells of the set holding it
    seen: tuple[int, ...]       # per symbol: the cells that see every such cell


def almost_locked_sets(state: State, max_cells: int = MAX_ALS_CELLS) -> list[Als]:
    """Every ALS of up to ``max_cells`` cells, each cell set once."""
    found = als_sets(state, max_cells, Als)
    if found is not None:  # (made as Als records)
        return found  # type: ignore[return-value]
    g = state.puzzle.geometry
    cand, value = state.cand, state.value
    pm = state.puzzle.peer_masks
    n = g.size
    out: list[Als] = []
    seen_sets: set[int] = set()
    for h, house in enumerate(g.houses):
        empty = [c for c in house if value[c] < 0]
        for k in range(1, min(max_cells, len(empty) - 1) + 1):
            for cells in combinations(empty, k):
                union = 0
                for c in cells:
                    union |= cand[c]
                if union.bit_count() != k + 1:
                    continue
                mask = sum(1 << c for c in cells)
                if mask in seen_sets:
                    continue
                seen_sets.add(mask)
                where = [0] * n
                seen = [0] * n
                for s in bits_of(union):
                    m = 0
                    common = -1
                    for c in cells:
                        if cand[c] >> s & 1:
                            m |= 1 << c
                            common &= pm[c]
                    where[s] = m
                    seen[s] = common
                out.append(Als(mask, union, h, tuple(where), tuple(seen)))
    return out


def position_sets(state: State) -> list[Als]:
    """:func:`almost_locked_sets` of the position, computed once per position
    (ALS strategies and the ALS nodes of grouped chains share them)."""
    return per_position(state, "als sets", lambda: almost_locked_sets(state))


def node_sets(state: State, max_cells: int) -> list[Als]:
    """The position's ALSs of 2 to ``max_cells`` cells, in the order of
    :func:`position_sets` (which it filters when the position already has
    them; the nodes of grouped chains need only the small ones)."""
    def make() -> list[Als]:
        sets = cached(state, "als sets")
        if sets is None:
            sets = almost_locked_sets(state, max_cells)
        return [a for a in sets if 2 <= a.cells.bit_count() <= max_cells]

    return per_position(state, ("als node sets", max_cells), make)


def als_links(state: State) -> tuple[list[Als], dict[tuple[int, int], list[int]]]:
    """The position's ALSs and, for each pair (i, j) with i < j that has
    any, their restricted common symbols; computed once per position."""
    return per_position(state, "als links", lambda: _links(state))


def _links(state: State) -> tuple[list[Als], dict[tuple[int, int], list[int]]]:
    sets = position_sets(state)
    fast = als_links_of(state, sets)
    if fast is not None:
        return sets, fast
    by_symbol: dict[int, list[int]] = {}
    for i, a in enumerate(sets):
        for x in bits_of(a.symbols):
            by_symbol.setdefault(x, []).append(i)
    links: dict[tuple[int, int], list[int]] = {}
    for x, members in by_symbol.items():
        # every x of the later set j sees every x of set i (so no x lies where the sets overlap): only the
        # sets whose first place of x set i sees can be joined to it (the pairs in combinations order)
        where = [sets[j].where[x] for j in members]
        by_low: dict[int, list[int]] = {}
        for q, w in enumerate(where):
            by_low.setdefault(w & -w, []).append(q)
        firsts = sum(by_low)
        for p, i in enumerate(members):
            seen = sets[i].seen[x]
            unseen = ~seen
            later: list[int] = []
            m = seen & firsts
            while m:
                low = m & -m
                m ^= low
                qs = by_low[low]
                later.extend(q for q in qs[bisect_right(qs, p):] if not where[q] & unseen)
            later.sort()
            for q in later:
                links.setdefault((i, members[q]), []).append(x)
    return sets, links


def als_neighbours(state: State) -> dict[int, list[tuple[int, int]]]:
    """:func:`_neighbours` of the position's links (:func:`als_links`), once per position."""
    def make() -> dict[int, list[tuple[int, int]]]:
        pairs = als_links(state)[1]
        fast = als_neighbours_of(state, pairs)
        return _neighbours(pairs) if fast is None else fast

    return per_position(state, "als neighbours", make)


def _neighbours(pairs: dict[tuple[int, int], list[int]]) -> dict[int, list[tuple[int, int]]]:
    """For each set, the sets it is joined to with the mask of their restricted commons."""
    out: dict[int, list[tuple[int, int]]] = {}
    for (i, j), common in pairs.items():
        m = sum(1 << x for x in common)
        out.setdefault(i, []).append((j, m))
        out.setdefault(j, []).append((i, m))
    return out


def als_reach(state: State) -> list[list[int]]:
    """Per set of :func:`als_links` and symbol, the cells outside the set
    that hold the symbol and see all the set's places of it (none when the
    set lacks it); once per position."""
    return _reach_and_useful(state)[0]


def _reach_and_useful(state: State) -> tuple[list[list[int]], list[int]]:
    """:func:`als_reach`, and per set the mask of the symbols whose reach is
    not empty (the C module's ``als_reach`` when there is one); once per position."""
    def make() -> tuple[list[list[int]], list[int]]:
        sets, masks = als_links(state)[0], symbol_masks(state)
        fast = als_reach_of(state, sets, masks)
        if fast is not None:
            return fast
        syms = range(len(masks))
        reach = [[a.seen[z] & masks[z] & ~a.cells if a.where[z] else 0 for z in syms] for a in sets]
        return reach, [sum(1 << z for z, m in enumerate(r) if m) for r in reach]

    return per_position(state, "als reach", make)


def _targets(masks: list[int], z: int, sets: list[Als]) -> list[int]:
    """The cells outside ``sets`` that hold z (``masks``: :func:`symbol_masks`) and see every z of them."""
    mask = masks[z]
    used = 0
    for s in sets:
        mask &= s.seen[z] if s.where[z] else -1
        used |= s.cells
    return bits_of(mask & ~used)


def _detail(a: Als) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    return tuple(bits_of(a.cells)), tuple(bits_of(a.symbols)), a.house


