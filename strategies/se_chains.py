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
from deduce.tables import table
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


def _peer_order() -> tuple[tuple[int, ...], ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies.se_chains._peer_order",), _make_peer_order)


def _make_peer_order() -> tuple[tuple[int, ...], ...]:
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


def _houses_se() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies.se_chains._houses_se",), _make_houses_se)


def _make_houses_se() -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
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
    link's house (-1 within a cell); and the same as bit masks for the distance walks.

    Lists of 729, one entry per literal (empty for a literal that is not a candidate).  Both kinds
    of link are symmetric (a peer of the same symbol, another candidate of the cell; a conjugate
    pair, a bivalue cell), so the links into a literal are the links out of it."""

    def __init__(self, base: _Base, kind: str):
        if kind == "x":
            self.on_off, self.on_off_mask = base.peer_off, base.peer_off_mask
            self.off_on, self.off_on_mask = base.conj_on, base.conj_on_mask
        elif kind == "y":
            self.on_off, self.on_off_mask = base.all_off, base.all_off_mask
            self.off_on, self.off_on_mask = base.bi_on, base.bi_on_mask
        else:
            self.on_off, self.on_off_mask = base.all_off, base.all_off_mask
            self.off_on, self.off_on_mask = base.both_on, base.both_on_mask
        #: per "on" index, the "off" ones that lead straight back to it (a cycle closes through one)
        self.into_mask = self.off_on_mask
        #: per "on" index, the "on" ones whose false consequences lead straight back to it
        on_off_mask = self.on_off_mask
        near = [0] * (N * N * N)
        for j, m in enumerate(self.off_on_mask):
            if m:
                acc = 0
                while m:
                    low = m & -m
                    acc |= on_off_mask[low.bit_length() - 1]
                    m ^= low
                near[j] = acc
        self.near_mask = near
        self.places = base.places


class _Base:
    """The links of a position that the passes share: per literal its peers' literals of the same
    symbol and its cell's other candidates (the "off" ones an "on" one makes, in SE's order), its
    conjugates (the other place of its symbol in a house, with the house) and its bivalue
    cell's other candidate."""

    def __init__(self, cand: list[int], value: list[int]):
        peers = _peer_order()
        houses = _houses_se()
        size = N * N * N
        places = [0] * N   # per symbol, its cells (bits)
        for c in range(N * N):
            if value[c] < 0:
                m = cand[c]
                while m:
                    low = m & -m
                    places[low.bit_length() - 1] |= 1 << c
                    m ^= low
        empty: tuple = ()
        peer_off: list[tuple[int, ...]] = [empty] * size
        peer_off_mask = [0] * size
        all_off: list[tuple[int, ...]] = [empty] * size
        all_off_mask = [0] * size
        conj_on: list[tuple[tuple[int, int], ...]] = [empty] * size
        conj_on_mask = [0] * size
        bi_on: list[tuple[tuple[int, int], ...]] = [empty] * size
        bi_on_mask = [0] * size
        both_on: list[tuple[tuple[int, int], ...]] = [empty] * size
        both_on_mask = [0] * size
        house_mask = _house_masks()
        for c in range(N * N):
            m = cand[c]
            if value[c] >= 0 or not m:
                continue
            syms = [t for t in range(N) if m >> t & 1]
            bivalue = len(syms) == 2
            for s in syms:
                i = c * N + s
                ps = places[s]
                offs = tuple(p * N + s for p in peers[c] if ps >> p & 1)
                om = 0
                for j in offs:
                    om |= 1 << j
                ys = tuple(c * N + t for t in syms if t != s)
                ym = 0
                for j in ys:
                    ym |= 1 << j
                peer_off[i], peer_off_mask[i] = offs, om
                all_off[i], all_off_mask[i] = ys + offs, om | ym
                ons: list[tuple[int, int]] = []
                cm = 0
                for h, _ in houses[c]:
                    hp = ps & house_mask[h]
                    if hp.bit_count() == 2:
                        lit = (hp & ~(1 << c)).bit_length() - 1
                        lit = lit * N + s
                        if not cm >> lit & 1:
                            ons.append((lit, h))
                            cm |= 1 << lit
                conj_on[i], conj_on_mask[i] = tuple(ons), cm
                if bivalue:
                    other = c * N + (m & ~(1 << s)).bit_length() - 1
                    bi_on[i], bi_on_mask[i] = ((other, -1),), 1 << other
                    both_on[i], both_on_mask[i] = ((other, -1),) + conj_on[i], cm | 1 << other
                else:
                    both_on[i], both_on_mask[i] = conj_on[i], cm
        self.places = places
        self.peer_off, self.peer_off_mask = peer_off, peer_off_mask
        self.all_off, self.all_off_mask = all_off, all_off_mask
        self.conj_on, self.conj_on_mask = conj_on, conj_on_mask
        self.bi_on, self.bi_on_mask = bi_on, bi_on_mask
        self.both_on, self.both_on_mask = both_on, both_on_mask


def _seen_masks() -> tuple[int, ...]:
    """Per cell, the cells of its houses, itself included (bits) (a table of :mod:`deduce.tables`)."""
    return table(("strategies.se_chains._seen_masks",), _make_seen_masks)


def _make_seen_masks() -> tuple[int, ...]:
    """Per cell, the cells of its houses, itself included (bits)."""
    return tuple(functools.reduce(lambda a, b: a | b, (_house_masks()[h] for h, _ in _houses_se()[c]))
                 for c in range(N * N))


def _house_masks() -> tuple[int, ...]:
    """Per deduce house index (rows, columns, boxes), its cells as bits (a table of :mod:`deduce.tables`)."""
    return table(("strategies.se_chains._house_masks",), _make_house_masks)


def _make_house_masks() -> tuple[int, ...]:
    """Per deduce house index (rows, columns, boxes), its cells as bits."""
    out = [0] * 27
    for c in range(N * N):
        for h, cells in _houses_se()[c]:
            out[h] = sum(1 << q for q in cells)
    return tuple(out)


class _Walk(NamedTuple):
    """SE's breadth-first walk from one literal: per node its parent (-1 for the start), per "on"
    node its depth (nodes from the start, the start 1), the "on" nodes in the order they were taken."""

    on_parent: dict[int, int]
    off_parent: dict[int, int]
    on_depth: dict[int, int]
    on_order: list[int]


def _walk(links: _Links, start: int, start_on: bool, cap: int) -> _Walk:
    """The walk of ``Chaining.doForcingChains`` (and of ``doCycles``' tree of "on" nodes), to
    ``cap`` nodes deep (the nodes ``cap`` deep are taken, not followed)."""
    on_parent: dict[int, int] = {}
    off_parent: dict[int, int] = {}
    on_depth: dict[int, int] = {}
    on_order: list[int] = []
    if start_on:
        on_parent[start], on_depth[start] = -1, 1
        pending_on, pending_off = [start], []
    else:
        off_parent[start] = -1
        pending_on, pending_off = [], [start]
    depth = 1
    on_off, off_on = links.on_off, links.off_on
    while (pending_on or pending_off) and depth <= cap:
        if pending_on:
            on_order += pending_on
            if depth == cap:
                break
            nxt = []
            for p in pending_on:
                for q in on_off[p]:
                    if q not in off_parent:
                        off_parent[q] = p
                        nxt.append(q)
            pending_on, pending_off = [], nxt
        else:
            if depth == cap:
                break
            nxt = []
            d = depth + 1
            for p in pending_off:
                for q, _ in off_on[p]:
                    if q not in on_parent:
                        on_parent[q], on_depth[q] = p, d
                        nxt.append(q)
            pending_off, pending_on = [], nxt
        depth += 1
    return _Walk(on_parent, off_parent, on_depth, on_order)


def _distance(links: _Links, start: int, start_on: bool, cap: int,
              closures: list[tuple[int, int]] | None = None) -> int | None:
    """The depth (nodes) at which the walk from ``start`` first reaches its opposite, within
    ``cap`` nodes (bit sets: the same depth as :func:`_walk`'s), or None.

    The links being symmetric, the nodes one link short of the opposite are the start's own
    links of that kind: a generation that holds one ends the walk without being followed, and
    the last generation within ``cap`` is never followed.

    Without a cap (``closures`` given), a walk that ends without meeting its opposite leaves
    what it reached (true, false: bits) in ``closures``: a start that one of them holds reaches
    nothing more, so if it does not hold the start's opposite, neither does the start's walk."""
    on_m, off_m = links.on_off_mask, links.off_on_mask
    pre = on_m[start] if start_on else off_m[start]
    if not pre:
        return None
    if closures is not None:
        bit = 1 << start
        for reach_on, reach_off in closures:
            held, opposite = (reach_on, reach_off) if start_on else (reach_off, reach_on)
            if held & bit and not opposite & bit:
                return None
    seen_on = 1 << start if start_on else 0
    seen_off = 0 if start_on else 1 << start
    frontier, is_on = 1 << start, start_on
    depth = 1
    while frontier and depth < cap:
        if is_on == start_on and frontier & pre:
            return depth + 1
        if depth + 1 >= cap:
            return None
        nxt = 0
        masks = on_m if is_on else off_m
        f = frontier
        while f:
            low = f & -f
            nxt |= masks[low.bit_length() - 1]
            f ^= low
        depth += 1
        if is_on:
            nxt &= ~seen_off
            seen_off |= nxt
        else:
            nxt &= ~seen_on
            seen_on |= nxt
        frontier, is_on = nxt, not is_on
    if closures is not None and not frontier and len(closures) < 16:
        closures.append((seen_on, seen_off))
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
            h = next((hh for q, hh in links.off_on[prev] if q == n), -1)
        houses.append(h)
    return houses


def _cycles(links: _Links, state: State, start: int, walk: _Walk, cap: int) -> Iterator[tuple[int, list, list]]:
    """``doCycles``' cycles from ``start`` (on), in SE's order, at most ``cap`` nodes: (size, nodes, eliminations)."""
    into_mask = links.into_mask[start]
    if not into_mask:
        return
    seen = _seen_masks()
    places = links.places
    near = set()   # the "on" nodes with a link to one of into_mask's (links.near_mask)
    m = links.near_mask[start]
    while m:
        low = m & -m
        near.add(low.bit_length() - 1)
        m ^= low
    on_depth = walk.on_depth
    for u in walk.on_order:
        if u not in near:
            continue
        d = on_depth[u]
        if d + 1 > cap:
            break
        if d + 1 < 4:
            continue
        ancestors = set()
        p, on = u, True
        while p >= 0:
            if not on:
                ancestors.add(p)
            p = walk.on_parent[p] if on else walk.off_parent[p]
            on = not on
        for q in links.on_off[u]:
            if q in ancestors or not into_mask >> q & 1:
                continue
            nodes, _ = _path(walk, u, True, links)
            nodes = nodes + [(q, False)]
            cells = 0
            forw = [0] * N   # per symbol, the cells seeing a true node of it (bits)
            back = [0] * N   # and a false one
            for n, on_ in nodes:
                c, s = divmod(n, N)
                cells |= 1 << c
                if on_:
                    forw[s] |= seen[c]
                else:
                    back[s] |= seen[c]
            elims = []
            for s in range(N):
                m = forw[s] & back[s] & places[s] & ~cells
                while m:
                    low = m & -m
                    elims.append((low.bit_length() - 1, s))
                    m ^= low
            if elims:
                elims.sort()
                yield d + 1, nodes, elims


def se_hints(state: State, passes: tuple[str, ...] = PASSES) -> list[SeHint]:
    """SE's hints of the ``passes`` asked for that rate lowest (all of them at that rating), best first."""
    cand, value = state.cand, state.value
    lits = [c * N + s for c in range(N * N) if value[c] < 0 for s in range(N) if cand[c] >> s & 1]
    base = _Base(cand, value)
    best: list[SeHint] = []
    limit = float("inf")   # the best rating found so far
    #: the chains found, by their order: (links, start, start true, depth); their walks are made
    #: only for those kept (a walk to the chain's depth meets the same nodes as any deeper one)
    chains: dict[tuple[int, ...], tuple[_Links, int, bool, int]] = {}
    cycle_links: dict[tuple[int, ...], _Links] = {}   # (and the cycles' strong links' houses likewise)
    for pi, kind in enumerate(PASSES):
        if kind not in passes:
            continue
        cycle_base, chain_base = _BASES[kind]
        low = min(b for b in (cycle_base, chain_base) if b is not None)
        if low > limit:
            continue
        links = _Links(base, kind)
        closures: list[tuple[int, int]] = []   # (the walks without a cap: _distance)
        for li, lit in enumerate(lits):
            c = lit // N
            if kind == "y" and cand[c].bit_count() != 2:
                continue  # (Y-cycles start only from a bivalue cell)
            found: list[SeHint] = []
            # the cycles and the chain from the candidate true
            free = closures if limit == float("inf") else None
            d_on = None if chain_base is None else _distance(links, lit, True, _cap(chain_base, limit), free)
            walk = None
            cycle_cap = 0 if cycle_base is None else _cap(cycle_base, limit)
            if cycle_base is not None and links.into_mask[lit] and _may_cycle(links, lit, cycle_cap):
                walk = _walk(links, lit, True, cycle_cap - 1)
                for k, (size, nodes, elims) in enumerate(_cycles(links, state, lit, walk, _cap(cycle_base, limit))):
                    rating = cycle_base + se_bonus(size)
                    cycle_links[(pi, li, 0, k)] = links
                    found.append(SeHint(rating, size, _SORT_KEY[kind], (pi, li, 0, k), kind, True,
                                        tuple(nodes), (), tuple(elims), ()))
            if d_on is not None and chain_base is not None:
                rating = chain_base + se_bonus(d_on)
                chains[(pi, li, 1, 0)] = (links, lit, True, d_on)
                found.append(SeHint(rating, d_on, _SORT_KEY[kind], (pi, li, 1, 0), kind, False, (),
                                    (), ((c, lit % N),), ()))
            if chain_base is not None:
                d_off = _distance(links, lit, False, _cap(chain_base, limit), free)
                if d_off is not None:
                    rating = chain_base + se_bonus(d_off)
                    chains[(pi, li, 2, 0)] = (links, lit, False, d_off)
                    found.append(SeHint(rating, d_off, _SORT_KEY[kind], (pi, li, 2, 0), kind, False, (),
                                        (), (), ((c, lit % N),)))
            for h in found:
                if h.rating < limit:
                    limit = h.rating
                    best = [h for h in best if h.rating <= limit]
                if h.rating <= limit:
                    best.append(h)
    best.sort(key=lambda h: (h.rating, h.complexity, h.sort_key, h.order))
    for i, h in enumerate(best):
        if h.order in chains:
            links, lit, start_on, depth = chains[h.order]
            nodes, houses = _path(_walk(links, lit, start_on, depth), lit, not start_on, links)
            best[i] = h._replace(nodes=tuple(nodes), houses=tuple(houses))
        elif h.order in cycle_links:
            best[i] = h._replace(houses=tuple(_strong_houses(list(h.nodes), cycle_links[h.order])))
    return best


def _may_cycle(links: _Links, start: int, cap: int) -> bool:
    """Whether a cycle of at most ``cap`` nodes may come back to ``start``: an "on" node that
    leads back to it lies 3 to ``cap`` - 1 nodes deep (bit sets; the exact walk decides)."""
    near = links.near_mask[start]
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
            offs |= on_m[low.bit_length() - 1]
            f ^= low
        offs &= ~seen_off
        seen_off |= offs
        ons = 0
        f = offs
        while f:
            low = f & -f
            ons |= off_m[low.bit_length() - 1]
            f ^= low
        ons &= ~seen_on
        seen_on |= ons
        depth += 2
        if depth >= 3 and ons & near:
            return True
        frontier = ons
    return False


def _cap(base: float, limit: float) -> int:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies.se_chains._cap", base, limit), lambda: _make_cap(base, limit))


def _make_cap(base: float, limit: float) -> int:
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
