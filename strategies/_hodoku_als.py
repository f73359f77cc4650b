"""ALS chains as HoDoKu 2.2.0's solver finds them, for the ``hodoku`` profile's path.

HoDoKu (read in its source, nothing copied) lists the almost locked sets house by house (rows,
columns, boxes), each house's sets in the order of their cells, a set before its extensions, and
joins two sets by their restricted commons only when they do not overlap; when it solves a
puzzle it keeps only the links from a set to a *later* one (its "RCs only forward"), at most two
commons per pair (the first and the last).  Its chain search is depth first from every set, along
those links, each set once, and reads a chain wherever it has four sets or more:

* the first link's common is either of its commons (each tried in turn); every later link's
  *actual* commons are its commons less those of the link before (HoDoKu's adjacency rule; where
  the link before had two actual commons it leaves out only the first of them, as HoDoKu 2.2.0
  does: such a link already empties a set, so the chain stays sound);
* the symbols z of both end sets, less the first link's actual common and the last link's actual
  commons, go from the cells outside each end set that see all its z.

Chains with the same eliminations keep the one with fewer cells in its sets; HoDoKu applies the
chain with most eliminations, then the lowest index sum of its eliminations (digit, then cell).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence

from deduce.geometry import bits_of
from deduce.state import State

from . import _accel
from ._hodoku_tabling import index_sum
from ._memo import symbol_masks

if TYPE_CHECKING:
    from .als import Als

#: HoDoKu's longest ALS chain (restricted commons).
MAX_LINKS = 50
#: Most links looked at by one search (a deterministic bound: HoDoKu has none, but a wide open
#: position can hold thousands of forward links).
MAX_VISITS = 400_000


class Chain(NamedTuple):
    """One chain: its sets (indices into the sets of :func:`hodoku_sets`), each link's actual
    commons, the symbols removed and the eliminations (cell, symbol) in HoDoKu's list order."""

    sets: tuple[int, ...]
    commons: tuple[tuple[int, ...], ...]
    zs: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]


def hodoku_sets(sets: list[Als]) -> list[Als]:
    """The position's almost locked sets (:func:`strategies.als.als_links`) in HoDoKu's order."""
    return [sets[k] for k in hodoku_order(sets)]


def hodoku_order(sets: list[Als], words: int | None = None) -> list[int]:
    """The indices of ``sets`` in HoDoKu's order (house by house, each house's by their cells; sorted
    by the C module when ``words``, 64-bit words per cell mask, is given and it is in use)."""
    fast = None if words is None else _accel.als_hodoku_order(sets, words)
    if fast is not None:
        return fast
    return sorted(range(len(sets)), key=lambda k: (sets[k].house, _cells(sets[k].cells)))


def _cells(mask: int) -> tuple[int, ...]:
    """The cells of ``mask`` in order."""
    return tuple(bits_of(mask))


def _actual(c11: int, c12: int, c21: int, c22: int) -> int:
    """Which commons (c21, c22; 0 for none) of a link stay actual after a link whose actual commons
    were c11 and c12: 0 none, 1 the first, 2 the second, 3 both (HoDoKu's adjacency rule)."""
    if c12 < 0:
        if c22 < 0:
            return 0 if c11 == c21 else 1
        return 1 if c11 == c22 else 2 if c11 == c21 else 3
    if c22 < 0:
        return 0 if c11 == c21 or c12 == c21 else 1
    if (c11 == c21 and c12 == c22) or (c11 == c22 and c12 == c21):
        return 0
    return 1 if c11 == c22 or c12 == c22 else 2 if c11 == c21 or c12 == c21 else 3


def _of(actual: int, c1: int, c2: int) -> tuple[int, ...]:
    return (c1,) if actual == 1 else (c2,) if actual == 2 else (c1, c2)


def als_chains(state: State, links: tuple[list[Als], dict[tuple[int, int], list[int]]],
               reach: list[list[int]] | None = None) -> tuple[list[Als], list[Chain]]:
    """HoDoKu's ALS chains at ``state`` in the order it takes them, and the sets they index;
    ``links``: the position's sets and their restricted commons (:func:`strategies.als.als_links`),
    ``reach`` their reach table when it is made (:func:`strategies.als.als_reach`)."""
    old, pairs = links
    words = (len(state.cand) + 63) // 64
    order = hodoku_order(old, words)
    found = _Found([old[k] for k in order])
    made = None if reach is None else _accel.hodoku_als_run(state, old, pairs, reach, order, MAX_LINKS, MAX_VISITS)
    if made is not None:  # the forward links and the walk in C
        return found.done(made)
    sets = found.sets
    forward = _forward_links(sets, pairs, order)
    if reach is not None:  # (the sets' reach table, in this order)
        reach = [reach[k] for k in order]
    else:
        masks = symbol_masks(state)
        reach = [[a.seen[z] & masks[z] & ~a.cells if a.where[z] else 0 for z in range(len(masks))] for a in sets]
    made = _accel.hodoku_als_walk(forward, [a.symbols for a in sets], reach, words, MAX_LINKS, MAX_VISITS)
    if made is not None:  # the same walk in C
        return found.done(made)
    _Walk(found, forward, reach).run()
    return found.done()


def _forward_links(sets: list[Als], pairs: dict[tuple[int, int], list[int]],
                   order: list[int]) -> list[list[tuple[int, int, int]]]:
    """Per set (in HoDoKu's ``order``), its forward links: (later set, first common, second common
    or -1), sorted; sets that share a cell are never linked."""
    at = [0] * len(order)
    for i, k in enumerate(order):
        at[k] = i
    forward: list[list[tuple[int, int, int]]] = [[] for _ in sets]
    for (i, j), common in pairs.items():
        a, b = at[i], at[j]
        if sets[a].cells & sets[b].cells:
            continue
        if a > b:
            a, b = b, a
        if len(common) == 1:
            forward[a].append((b, common[0], -1))
        else:
            xs = sorted(common)
            forward[a].append((b, xs[0], xs[-1]))
    for onward in forward:
        onward.sort()
    return forward


class _Found:
    """The chains found over ``sets``, one per set of eliminations (the one with fewest cells)."""

    def __init__(self, sets: list[Als]):
        self.sets = sets
        self.found: list[Chain] = []
        self.by_eliminations: dict[tuple[tuple[int, int], ...], int] = {}

    def keep(self, path: Sequence[int], arcs: Sequence[tuple[int, ...]], elims: tuple[tuple[int, int], ...]) -> None:
        """The chain on ``path`` and ``arcs`` removing ``elims``, unless one with fewer cells does."""
        if not elims:
            return
        found = self.found
        chain = Chain(tuple(path), tuple(arcs), tuple(sorted({z for _, z in elims})), elims)
        old_k = self.by_eliminations.get(elims)
        if old_k is None:
            self.by_eliminations[elims] = len(found)
            found.append(chain)
        elif _size(self.sets, found[old_k]) > _size(self.sets, chain):
            found[old_k] = chain

    def done(self, made: list | None = None) -> tuple[list[Als], list[Chain]]:
        """The chains found, or those of ``made`` (the C walk's: those that remove something, in the
        order read), in HoDoKu's order."""
        for chain_sets, commons, elims in made or ():
            self.keep(chain_sets, commons, elims)
        self.found.sort(key=lambda c: (-len(c.eliminations), index_sum(list(c.eliminations))))
        return self.sets, self.found


class _Walk:
    """HoDoKu's walk along the forward links, in Python (the reference of ``hodoku_als_walk``)."""

    def __init__(self, found: _Found, forward: list[list[tuple[int, int, int]]], reach: list[list[int]]):
        self.found, self.forward, self.reach = found, forward, reach
        self.path: list[int] = []
        self.arcs: list[tuple[int, ...]] = []
        self.budget = MAX_VISITS

    def run(self) -> None:
        path, arcs = self.path, self.arcs
        for start in range(len(self.found.sets)):
            path.append(start)
            for nxt, c1, c2 in self.forward[start]:
                for a in ((1, 2) if c2 >= 0 else (1,)):
                    self.budget -= 1
                    if self.budget < 0:
                        break
                    path.append(nxt)
                    arcs.append(_of(a, c1, c2))
                    self.walk(start, nxt, (c1, c2, a))
                    path.pop()
                    arcs.pop()
            path.pop()

    def record(self, start: int, end: int, first: tuple[int, ...], last: tuple[int, ...]) -> None:
        sets, reach = self.found.sets, self.reach
        zs = sets[start].symbols & sets[end].symbols
        for x in (*first, *last):
            zs &= ~(1 << x)
        self.found.keep(self.path, self.arcs,
                        tuple((t, z) for z in bits_of(zs) for t in bits_of(reach[start][z] & reach[end][z])))

    def walk(self, start: int, cur: int, last: tuple[int, int, int]) -> None:
        """Go on from ``cur``, entered by a link whose actual commons were (c1, c2 or -1) after
        HoDoKu's reading (``last``: its two commons and which are actual)."""
        path, arcs = self.path, self.arcs
        l1, l2, act = last
        # HoDoKu compares with the link before's first actual common twice where both were actual
        c11, c12 = (l1, -1) if act == 1 else (l2, -1) if act == 2 else (l1, l1)
        for nxt, c1, c2 in self.forward[cur]:
            self.budget -= 1
            if self.budget < 0 or len(arcs) >= MAX_LINKS:
                return
            a = _actual(c11, c12, c1, c2)
            if not a:
                continue
            path.append(nxt)
            arcs.append(_of(a, c1, c2))
            if len(arcs) >= 3:
                self.record(start, nxt, arcs[0], arcs[-1])
            self.walk(start, nxt, (c1, c2, a))
            path.pop()
            arcs.pop()


def _size(sets: list[Als], chain: Chain) -> int:
    return sum(sets[i].cells.bit_count() for i in chain.sets)

