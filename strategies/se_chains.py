"""Sudoku Explainer's "forcing chains and cycles", found and chosen as
Sudoku Explainer 1.2.1 does, for the ``se`` profile (9x9 classic grids).

SE's first chaining producer (``Chaining`` without multiple, dynamic or
Nishio chains) makes three passes over the position, and sorts what all
three find together:

* **X** (one symbol): links of a symbol between its places only; it
  finds *X-cycles* (6.5) and *forcing X-chains* (6.6);
* **Y** (from cells of two candidates only): a candidate true makes its
  cell's other candidates and its peers false, a false one makes true
  only the other candidate of a bivalue cell; it finds *Y-cycles* (6.5);
* **XY**: both kinds of link; it finds *XY-cycles* and *forcing chains*
  (7.0), whatever links they use: a chain through bivalue cells only is
  7.0 here (there is no forcing Y-chain in SE).

Each pass starts from every candidate of every cell, cell by cell (rows
first), symbol by symbol.  From a candidate assumed true it walks
breadth first (every true literal of a generation, then every false one;
a literal keeps its first derivation): a walk that comes back to its
start with its first link's opposite kind is a **cycle**, whose
eliminations are the candidates outside its cells seeing a true and a
false node of their symbol; one that reaches the start's own removal is
a **forcing chain** removing it.  From the candidate assumed false, a walk
that reaches it true places it.  The rating adds SE's length bonus for the
chain's size (its distinct nodes, the start counted once for a cycle);
SE sorts by rating, then size, then pass (X, Y, XY), then the order
found, and applies the first.

deduce's own chains (:mod:`strategies.chains`) find contradictions and
double implications over the same links and rate a chain of bivalue
cells 6.6: so where SE's first hint was a forcing chain at 7.2, deduce
could take a "Y" chain at 6.9 that SE rates 7.3.  Here each walk's
distances are found with bit sets first; the exact walks (SE's order of
links, to get the same nodes and so the same eliminations) are made only
for the starts whose cycles or chains are needed.

The steps carry their chain as an AIC strand (``aic`` detail, see
:mod:`strategies._aic_shape`), so words and pictures are the AICs' own.
"""

from __future__ import annotations

import functools
from typing import Iterator, NamedTuple

from deduce.state import State
from deduce.step import Step
from deduce.techniques import TECHNIQUES, se_length_bonus

from ._hodoku_tabling import hodoku_classic
from ._houses import cached, per_position
from .conclusions import CONTRADICTION

N = 9
#: The passes, in SE's order, with their sort keys.
PASSES = ("x", "y", "xy")
_SORT_KEY = {"x": 2, "y": 3, "xy": 4}
#: (cycle base, forcing chain base) per pass.
_BASES = {"x": (6.5, 6.6), "y": (6.5, None), "xy": (7.0, 7.0)}


@functools.cache
def se_bonus(complexity: int) -> float:
    """SE's length bonus as SE adds it up (0.1 at a time, in floating point),
    so that ratings compare as they do in SE.

    >>> se_bonus(6), se_bonus(7), 6.6 + se_bonus(15) == 7.0 + se_bonus(6)
    (0.0, 0.1, True)
    """
    added, ceil, odd = 0.0, 4, False
    length = complexity - 2
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


@functools.cache
def _peer_order() -> tuple[tuple[int, ...], ...]:
    """Per cell, its peers in SE's order: the box's cells, then the row's, then the column's
    (each in order, a cell once)."""
    out = []
    for c in range(N * N):
        r, k = divmod(c, N)
        b0 = (r // 3) * 27 + (k // 3) * 3
        box = [b0 + 9 * i + j for i in range(3) for j in range(3)]
        row = [r * N + j for j in range(N)]
        col = [i * N + k for i in range(N)]
        seen: list[int] = []
        for x in box + row + col:
            if x != c and x not in seen:
                seen.append(x)
        out.append(tuple(seen))
    return tuple(out)


@functools.cache
def _houses_se() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """Per cell, its (deduce house index, cells) in SE's order box, row, column."""
    out = []
    for c in range(N * N):
        r, k = divmod(c, N)
        b = (r // 3) * 3 + k // 3
        b0 = (r // 3) * 27 + (k // 3) * 3
        out.append(((18 + b, tuple(b0 + 9 * i + j for i in range(3) for j in range(3))),
                    (r, tuple(r * N + j for j in range(N))), (9 + k, tuple(i * N + k for i in range(N)))))
    return tuple(out)


class _Links:
    """One pass's links at a position: literal indexes ``cell * 9 + symbol``; per "on" index the
    "off" indexes it makes (in SE's order) and per "off" index the "on" ones, with the strong
    link's house (-1 within a cell); and the same as bit masks for the distance walks."""

    def __init__(self, cand: list[int], value: list[int], kind: str):
        y = kind in ("y", "xy")
        x = kind in ("x", "xy")
        peers = _peer_order()
        houses = _houses_se()
        on_off: dict[int, tuple[int, ...]] = {}
        off_on: dict[int, tuple[tuple[int, int], ...]] = {}
        # (each house's places of each symbol, once per pass: house index -> symbol -> cells)
        places_of: dict[int, list[list[int]]] = {}
        for c in range(N * N):
            for h, cells in houses[c]:
                if h not in places_of:
                    places_of[h] = [[q for q in cells if value[q] < 0 and cand[q] >> t & 1] for t in range(N)]
        for c in range(N * N):
            m = cand[c]
            if value[c] >= 0 or not m:
                continue
            for s in range(N):
                if not m >> s & 1:
                    continue
                offs = []
                if y:
                    offs += [c * N + t for t in range(N) if t != s and m >> t & 1]
                offs += [p * N + s for p in peers[c] if value[p] < 0 and cand[p] >> s & 1]
                on_off[c * N + s] = tuple(offs)
                ons: list[tuple[int, int]] = []
                if y and m.bit_count() == 2:
                    ons.append((c * N + (m & ~(1 << s)).bit_length() - 1, -1))
                if x:
                    for h, _ in houses[c]:
                        places = places_of[h][s]
                        if len(places) == 2:
                            other = places[0] if places[1] == c else places[1]
                            lit = other * N + s
                            if all(lit != o for o, _ in ons):
                                ons.append((lit, h))
                off_on[c * N + s] = tuple(ons)
        self.on_off = on_off
        self.off_on = off_on
        #: per "on" index, the "off" ones that lead straight back to it (a cycle closes through one)
        self.into: dict[int, set[int]] = {}
        for i, links_out in off_on.items():
            for j, _ in links_out:
                self.into.setdefault(j, set()).add(i)
        self.on_off_mask = {i: sum(1 << j for j in offs) for i, offs in on_off.items()}
        self.into_mask = {i: sum(1 << j for j in qs) for i, qs in self.into.items()}
        #: per "on" index, the "on" ones whose false consequences lead straight back to it
        made_off: dict[int, int] = {}   # per "off" index, the "on" ones that make it
        for i, made in on_off.items():
            for j in made:
                made_off[j] = made_off.get(j, 0) | 1 << i
        near: dict[int, int] = {}
        for j, qs in self.into.items():
            m = 0
            for q in qs:
                m |= made_off.get(q, 0)
            near[j] = m
        self.near_mask = near
        self.off_on_mask = {i: sum(1 << j for j, _ in ons) for i, ons in off_on.items()}


class _Walk(NamedTuple):
    """SE's breadth-first walk from one literal: per node its parent (-1 for the start) and depth
    (nodes from the start, the start 1), the "on" nodes in the order they were taken."""

    on_parent: dict[int, int]
    off_parent: dict[int, int]
    on_depth: dict[int, int]
    off_depth: dict[int, int]
    on_order: list[int]


def _walk(links: _Links, start: int, start_on: bool, cap: int) -> _Walk:
    """The walk of ``Chaining.doForcingChains`` (and of ``doCycles``' tree of "on" nodes), to
    ``cap`` nodes deep."""
    on_parent: dict[int, int] = {}
    off_parent: dict[int, int] = {}
    on_depth: dict[int, int] = {}
    off_depth: dict[int, int] = {}
    on_order: list[int] = []
    if start_on:
        on_parent[start], on_depth[start] = -1, 1
        pending_on, pending_off = [start], []
    else:
        off_parent[start], off_depth[start] = -1, 1
        pending_on, pending_off = [], [start]
    depth = 1
    on_off, off_on = links.on_off, links.off_on
    while (pending_on or pending_off) and depth <= cap:
        if pending_on:
            nxt = []
            for p in pending_on:
                on_order.append(p)
                d = on_depth[p] + 1
                for q in on_off.get(p, ()):
                    if q not in off_parent:
                        off_parent[q], off_depth[q] = p, d
                        nxt.append(q)
            pending_on, pending_off = [], nxt
        else:
            nxt = []
            for p in pending_off:
                d = off_depth[p] + 1
                for q, _ in off_on.get(p, ()):
                    if q not in on_parent:
                        on_parent[q], on_depth[q] = p, d
                        nxt.append(q)
            pending_off, pending_on = [], nxt
        depth += 1
    return _Walk(on_parent, off_parent, on_depth, off_depth, on_order)


def _distance(links: _Links, start: int, start_on: bool, cap: int) -> int | None:
    """The depth (nodes) at which the walk from ``start`` first reaches its opposite, within
    ``cap`` nodes (bit sets: the same depth as :func:`_walk`'s), or None."""
    on_m, off_m = links.on_off_mask, links.off_on_mask
    seen_on = 1 << start if start_on else 0
    seen_off = 0 if start_on else 1 << start
    frontier, is_on = 1 << start, start_on
    target = 1 << start
    depth = 1
    while frontier and depth < cap:
        nxt = 0
        masks = on_m if is_on else off_m
        f = frontier
        while f:
            low = f & -f
            nxt |= masks.get(low.bit_length() - 1, 0)
            f ^= low
        depth += 1
        if is_on:
            if start_on and nxt & target:
                return depth
            nxt &= ~seen_off
            seen_off |= nxt
        else:
            if not start_on and nxt & target:
                return depth
            nxt &= ~seen_on
            seen_on |= nxt
        frontier, is_on = nxt, not is_on
    return None


class SeHint(NamedTuple):
    """One of SE's hints: its sort key and what makes the step."""

    rating: float
    complexity: int
    sort_key: int
    order: tuple[int, ...]
    pass_: str
    cycle: bool
    #: the chain's literals (index, on) from the start, for a cycle back to the start
    nodes: tuple[tuple[int, bool], ...]
    #: the house of each strong link into nodes[i] (-1 within a cell), per node
    houses: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]
    placements: tuple[tuple[int, int], ...]


def _path(walk: _Walk, node: int, on: bool, links: _Links) -> tuple[list[tuple[int, bool]], list[int]]:
    """The walk's nodes from its start to (node, on), and the house of each strong link into them."""
    out: list[tuple[int, bool]] = []
    while node >= 0:
        out.append((node, on))
        node = walk.on_parent[node] if on else walk.off_parent[node]
        on = not on
    out.reverse()
    return out, _strong_houses(out, links)


def _strong_houses(nodes: list[tuple[int, bool]], links: _Links) -> list[int]:
    houses = []
    for i, (n, on) in enumerate(nodes):
        h = -1
        if on and i:
            prev = nodes[i - 1][0]
            h = next((hh for q, hh in links.off_on.get(prev, ()) if q == n), -1)
        houses.append(h)
    return houses


def _cycles(links: _Links, state: State, start: int, walk: _Walk, cap: int) -> Iterator[tuple[int, list, list]]:
    """``doCycles``' cycles from ``start`` (on), in SE's order, at most ``cap`` nodes: (size, nodes, eliminations)."""
    cand = state.cand
    into_start = links.into.get(start)
    if not into_start:
        return
    houses = _houses_se()
    into_mask = links.into_mask[start]
    on_off_mask = links.on_off_mask
    for u in walk.on_order:
        d = walk.on_depth[u]
        if d + 1 > cap:
            break
        if d + 1 < 4 or not on_off_mask.get(u, 0) & into_mask:
            continue
        ancestors = set()
        p, on = u, True
        while p >= 0:
            if not on:
                ancestors.add(p)
            p = walk.on_parent[p] if on else walk.off_parent[p]
            on = not on
        for q in links.on_off.get(u, ()):
            if q in ancestors or q not in into_start:
                continue
            nodes, _ = _path(walk, u, True, links)
            nodes = nodes + [(q, False)]
            cells = {n // N for n, _ in nodes}
            forw: set[tuple[int, int]] = set()
            back: set[tuple[int, int]] = set()
            for n, on_ in nodes:
                c, s = divmod(n, N)
                for _, hc in houses[c]:
                    for t in hc:
                        if t not in cells and state.value[t] < 0 and cand[t] >> s & 1:
                            (forw if on_ else back).add((t, s))
            elims = sorted(forw & back)
            if elims:
                yield d + 1, nodes, elims


def se_hints(state: State, passes: tuple[str, ...] = PASSES) -> list[SeHint]:
    """SE's hints of the ``passes`` asked for that rate lowest (all of them at that rating), best first."""
    cand, value = state.cand, state.value
    lits = [c * N + s for c in range(N * N) if value[c] < 0 for s in range(N) if cand[c] >> s & 1]
    best: list[SeHint] = []
    limit = float("inf")   # the best rating found so far
    for pi, kind in enumerate(PASSES):
        if kind not in passes:
            continue
        cycle_base, chain_base = _BASES[kind]
        low = min(b for b in (cycle_base, chain_base) if b is not None)
        if low > limit:
            continue
        links = _Links(cand, value, kind)
        for li, lit in enumerate(lits):
            c = lit // N
            if kind == "y" and cand[c].bit_count() != 2:
                continue  # (Y-cycles start only from a bivalue cell)
            found: list[SeHint] = []
            # the cycles and the chain from the candidate true
            d_on = None if chain_base is None else _distance(links, lit, True, _cap(chain_base, limit))
            walk = None
            cycle_cap = 0 if cycle_base is None else _cap(cycle_base, limit)
            if cycle_base is not None and lit in links.into and _may_cycle(links, lit, cycle_cap):
                walk = _walk(links, lit, True, cycle_cap)
                for k, (size, nodes, elims) in enumerate(_cycles(links, state, lit, walk, _cap(cycle_base, limit))):
                    rating = cycle_base + se_bonus(size)
                    found.append(SeHint(rating, size, _SORT_KEY[kind], (pi, li, 0, k), kind, True,
                                        tuple(nodes), tuple(_strong_houses(nodes, links)), tuple(elims), ()))
            if d_on is not None and chain_base is not None:
                rating = chain_base + se_bonus(d_on)
                w = walk if walk is not None and walk.off_depth.get(lit) == d_on else _walk(links, lit, True, d_on)
                nodes, houses = _path(w, lit, False, links)
                found.append(SeHint(rating, d_on, _SORT_KEY[kind], (pi, li, 1, 0), kind, False, tuple(nodes),
                                    tuple(houses), ((c, lit % N),), ()))
            if chain_base is not None:
                d_off = _distance(links, lit, False, _cap(chain_base, limit))
                if d_off is not None:
                    rating = chain_base + se_bonus(d_off)
                    w = _walk(links, lit, False, d_off)
                    nodes, houses = _path(w, lit, True, links)
                    found.append(SeHint(rating, d_off, _SORT_KEY[kind], (pi, li, 2, 0), kind, False, tuple(nodes),
                                        tuple(houses), (), ((c, lit % N),)))
            for h in found:
                if h.rating < limit:
                    limit = h.rating
                    best = [h for h in best if h.rating <= limit]
                if h.rating <= limit:
                    best.append(h)
    best.sort(key=lambda h: (h.rating, h.complexity, h.sort_key, h.order))
    return best


def _may_cycle(links: _Links, start: int, cap: int) -> bool:
    """Whether a cycle of at most ``cap`` nodes may come back to ``start``: an "on" node that
    leads back to it lies 3 to ``cap`` - 1 nodes deep (bit sets; the exact walk decides)."""
    near = links.near_mask.get(start, 0)
    if not near or cap < 4:
        return False
    on_m, off_m = links.on_off_mask, links.off_on_mask
    seen_on, seen_off = 1 << start, 0
    frontier, depth = 1 << start, 1
    while frontier and depth < cap - 1:
        offs = 0
        f = frontier
        while f:
            low = f & -f
            offs |= on_m.get(low.bit_length() - 1, 0)
            f ^= low
        offs &= ~seen_off
        seen_off |= offs
        ons = 0
        f = offs
        while f:
            low = f & -f
            ons |= off_m.get(low.bit_length() - 1, 0)
            f ^= low
        ons &= ~seen_on
        seen_on |= ons
        depth += 2
        if depth >= 3 and ons & near:
            return True
        frontier = ons
    return False


@functools.lru_cache(maxsize=4096)
def _cap(base: float, limit: float) -> int:
    """The most nodes a chain of ``base`` may have and still rate no more than ``limit``."""
    if limit == float("inf"):
        return 10 ** 6
    size = 0
    while base + se_bonus(size + 1) <= limit + 1e-12 and size < 10 ** 6:
        size += 1
        if se_bonus(size + 1) > 5:
            break
    return size


def _aic(hint: SeHint) -> tuple[tuple, tuple, bool]:
    """The hint's chain as an AIC strand (nodes, links, loop): each node false makes the next true."""
    nodes = list(hint.nodes)
    houses = list(hint.houses)
    if hint.cycle:
        # start(on) - off = on - ... - q(off), and q = start closes it: read from q
        strand = [nodes[-1]] + nodes[:-1]
        hs = [houses[-1]] + houses[:-1]
        loop = True
    elif hint.placements:
        # start(off) = on - off ... = start(on): the chain puts the start back
        strand, hs, loop = nodes, houses, False
    else:
        # start(on) - a(off) = b(on) ... - start(off): the strand a = b ... = y, the start seeing both ends
        strand, hs, loop = nodes[1:-1], houses[1:-1], False
    out_nodes = tuple((n % N, (n // N,), -1) for n, _ in strand)
    out_links = []
    for i in range(1, len(strand)):
        on = strand[i][1]
        out_links.append(("=", hs[i]) if on else ("-", -1))
    if hint.cycle:
        out_links[0] = ("=", _house_of(strand[0][0], strand[1][0]))
    return out_nodes, tuple(out_links), loop


def _house_of(a: int, b: int) -> int:
    ca, cb = a // N, b // N
    if ca == cb:
        return -1
    for h, cells in _houses_se()[ca]:
        if cb in cells:
            return h
    return -1


#: Per set of passes, the larger ones searched first in the ``se`` profile (the X-chains' row
#: searches every pass, the AICs' the Y and XY ones).
_SUPERSETS = {("y", "xy"): (PASSES,), ("xy",): (PASSES, ("y", "xy"))}


def se_steps(state: State, passes: tuple[str, ...]) -> Iterator[Step]:
    """The steps of SE's forcing chains and cycles (:func:`se_hints`), best first."""
    if not hodoku_classic(state):
        return
    if any(cached(state, ("se hints", more)) == [] for more in _SUPERSETS.get(passes, ())):
        return  # (the passes asked were searched with others at this position, and found nothing)
    for hint in per_position(state, ("se hints", passes), lambda: se_hints(state, passes)):
        code = "x-chain" if hint.pass_ == "x" else "aic"
        variant = {("x", True): "cycle", ("x", False): "x", ("y", True): "y-cycle",
                   ("xy", True): "xy-cycle", ("xy", False): "xy"}[(hint.pass_, hint.cycle)]
        nodes, links, loop = _aic(hint)
        cells = sorted({n // N for n, _ in hint.nodes})
        symbols = sorted({n % N for n, _ in hint.nodes})
        start = hint.nodes[0][0]
        yield Step(TECHNIQUES[code], placements=list(hint.placements), eliminations=list(hint.eliminations),
                   cells=cells, symbols=symbols, variant=variant,
                   details=(("kind", CONTRADICTION), ("source", (start // N, start % N)), ("branches", ()),
                            ("nesting", 0), ("static", True), ("complexity", hint.complexity),
                            ("aic", (nodes, links, loop)), ("se", (hint.pass_, "cycle" if hint.cycle else "chain"))),
                   se_bonus=se_length_bonus(hint.complexity))
