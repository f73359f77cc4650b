"""Every nice loop and AIC of a position, found the way HoDoKu's tabling
solver finds them, for the ``hodoku`` profile's path.

HoDoKu does not search chains one conclusion at a time.  It writes, for
every candidate being true (*on*) and being false (*off*), the table of its
direct consequences (a candidate on turns off the cell's other candidates
and its peers with the same symbol; a candidate off turns on the cell's
other candidate when the cell is bivalue, and the other place of a house
with two places), with group nodes when asked (a symbol's places in one
house that lie in one box act as one node).  Each table is then widened
breadth first: a consequence keeps the first derivation found, replaced
only by a shorter one, or by one as short through a plain candidate where
it went through a group.  From the tables it reads:

* a **nice loop** wherever a table reaches back to its own cell: from the
  two ends' link kinds and symbols, discontinuous (one candidate of the
  start cell goes, or all but one) or continuous (every weak link of the
  loop eliminates, a cell entered and left by strong links keeps only its
  two symbols);
* an **AIC** wherever the table of a candidate off reaches another
  candidate on: the same symbol (what sees both ends goes, at least two
  candidates) or another symbol in a cell that sees the start (each end's
  symbol goes from the other end).

A chain that crosses itself (a lasso) is no nice loop or AIC.  Steps with
the same eliminations keep the shorter chain.  HoDoKu applies the step
with most eliminations, then the lowest weighted index sum
(:func:`hodoku_order`).

Only 9x9 grids with 3x3 boxes (HoDoKu's); chains of plain candidates and
groups (HoDoKu's default leaves almost locked sets out of them).

With the accelerator, the tables are made and read in C (``deduce/_accel/tabling.c``:
:func:`nice_loops` by ``hodoku_nice_loops``, :func:`forcing_read` by ``hodoku_forcing``), which
return the steps as plain data; the classes below (:class:`_Search`, :class:`_ForcingSearch`,
:class:`_Tables`) are the pure Python engine, the reference ``tests/test_accel_hotab.py``
compares the C reading with.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any, Iterator

from deduce.state import State

from . import _accel
from ._houses import per_position

N = 9
#: HoDoKu's longest table (its option "max table entry length")
MAX_ENTRIES = 1000


def _houses() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    rows = [tuple(r * N + c for c in range(N)) for r in range(N)]
    cols = [tuple(r * N + c for r in range(N)) for c in range(N)]
    boxes = [tuple(r * N + c for r in range(b // 3 * 3, b // 3 * 3 + 3) for c in range(b % 3 * 3, b % 3 * 3 + 3))
             for b in range(N)]
    of_cell = tuple((i // N, N + i % N, 2 * N + i // N // 3 * 3 + i % N // 3) for i in range(N * N))
    buddies = tuple(sum(1 << j for j in range(N * N) if j != i and set(of_cell[i]) & set(of_cell[j]))
                    for i in range(N * N))
    return tuple(rows + cols + boxes), of_cell, buddies


HOUSES, CELL_HOUSES, BUDDIES = _houses()
HOUSE_MASKS = [sum(1 << c for c in cells) for cells in HOUSES]
#: the literals of one cell (its candidates on and off), from the cell's first
CELL_LITS = (1 << 2 * N) - 1
#: the literals of candidates (not of groups)
PLAIN_LITS = (1 << 2 * N * N * N) - 1
#: the boxes a row or column crosses, in order
LINE_BOXES = [sorted({CELL_HOUSES[c][2] for c in HOUSES[h]}) for h in range(2 * N)]

# A node: (cells, symbol) with cells a sorted tuple (one cell: a candidate; two or three: a group).
# A literal: (node index, on).  Nodes are numbered: candidate (cell, symbol) is cell * 9 + symbol,
# groups follow from 729.


_CANDIDATE_NODES = tuple(((c, ), d) for c in range(N * N) for d in range(N))
_CANDIDATE_MASKS = tuple(1 << c for c in range(N * N) for _ in range(N))
_CANDIDATE_SEES = tuple(BUDDIES[c] for c in range(N * N) for _ in range(N))


def _grid_made(state: State, cand: list[int], groups: bool) -> Any:
    """The C module's grid of the position (:func:`strategies._accel.hodoku_grid`), made once per
    position and ``groups`` (the forcing chains' grid and the forcing nets' are the same grouped grid
    at the same position): not to be changed; None when the accelerator is not in use."""
    if not _accelerated():
        return None
    return per_position(state, ("hodoku grid", groups), lambda: _accel.hodoku_grid(cand, groups))


class _Grid:
    """The position's nodes and the direct consequences of each literal."""

    def __init__(self, state: State, groups: bool):
        self.cand = cand = [0 if state.value[c] >= 0 else state.cand[c] for c in range(N * N)]
        self.nodes: list[tuple[tuple[int, ...], int]] = list(_CANDIDATE_NODES)
        self.masks: list[int] = list(_CANDIDATE_MASKS)
        made = _grid_made(state, cand, groups)
        if made is not None:  # the groups and the direct consequences made in C, in the same order
            group_nodes, direct_lits, self.places = made
            self.direct_lits = list(direct_lits)  # (the nets' grid changes its own)
            self.nodes += _group_nodes(group_nodes)
            self.masks += [mask for _, mask in group_nodes]
            return
        self.places = [sum(1 << c for c in range(N * N) if cand[c] >> d & 1) for d in range(N)]
        self.direct = {}
        self._candidates()
        if groups:
            self._groups()
        # the same as ints (literal node * 2 + on); as bit sets of them when the tables are widened in Python
        self.direct_lits = [()] * (2 * len(self.nodes))
        for (n, on), ys in self.direct.items():
            self.direct_lits[n * 2 + on] = tuple(m * 2 + o for m, o in ys)

    @property
    def group_nodes(self) -> list[tuple[int, int]]:
        """The group nodes (from 729 on) as (symbol, cell mask), as the C module reads them."""
        return [(self.nodes[n][1], self.masks[n]) for n in range(N * N * N, len(self.nodes))]

    @functools.cached_property
    def direct(self) -> dict[tuple[int, bool], dict[tuple[int, bool], None]]:
        """Each literal's direct consequences, as (node, on) pairs in the order found."""
        return {(x >> 1, bool(x & 1)): {(y >> 1, bool(y & 1)): None for y in ys}
                for x, ys in enumerate(self.direct_lits) if ys}

    @functools.cached_property
    def direct_masks(self) -> list[int]:
        """Each literal's direct consequences as a bit set."""
        return [sum(1 << y for y in lits) for lits in self.direct_lits]

    def add(self, x: tuple[int, bool], y: tuple[int, bool]) -> None:
        """``y`` follows from ``x`` (once, in the order first given)."""
        self.direct.setdefault(x, {})[y] = None

    def _candidates(self) -> None:
        cand, places, direct = self.cand, self.places, self.direct
        for i in range(N * N):
            if not cand[i]:
                continue
            own = [d for d in range(N) if cand[i] >> d & 1]
            for d in own:
                on: dict[tuple[int, bool], None] = {}
                off: dict[tuple[int, bool], None] = {}
                direct[(i * N + d, True)], direct[(i * N + d, False)] = on, off
                for e in own:
                    if e != d:
                        on[(i * N + e, False)] = None
                        if len(own) == 2:
                            off[(i * N + e, True)] = None
                for h in CELL_HOUSES[i]:
                    others = places[d] & HOUSE_MASKS[h] & ~(1 << i)
                    for c in _bits(others):
                        on[(c * N + d, False)] = None
                    if others and not others & (others - 1):
                        off[(others.bit_length() - 1) * N + d, True] = None

    def _groups(self) -> None:
        places = self.places
        found: list[tuple[int, tuple[int, ...], int, int, int]] = []  # (symbol, cells, line house, box, mask)
        for h in range(2 * N):  # rows, then columns
            for d in range(N):
                line = places[d] & HOUSE_MASKS[h]
                if line & (line - 1):
                    for b in LINE_BOXES[h]:
                        mask = line & HOUSE_MASKS[b]
                        if mask & (mask - 1):
                            found.append((d, tuple(_bits(mask)), h, b, mask))
        first = len(self.nodes)
        by_symbol: dict[int, list[int]] = {}
        for k, (d, cells, _, _, mask) in enumerate(found):
            self.nodes.append((cells, d))
            self.masks.append(mask)
            by_symbol.setdefault(d, []).append(k)
        for k, (d, cells, line, box, mask) in enumerate(found):
            g = first + k
            on, off = (g, True), (g, False)
            self.direct[on] = {}
            self.direct[off] = {}
            seeing = places[d] & functools.reduce(lambda a, c: a & BUDDIES[c], cells, -1)
            for c in _bits(seeing):
                self.add(on, (c * N + d, False))
                self.add((c * N + d, True), (g, False))
            for h in (box, line):
                alone = seeing & HOUSE_MASKS[h]
                if alone and not alone & (alone - 1):
                    c = alone.bit_length() - 1
                    self.add(off, (c * N + d, True))
                    self.add((c * N + d, False), (g, True))
            # other groups of the symbol sharing a house without overlapping
            shared: dict[int, list[int]] = {}
            for k2 in by_symbol[d]:
                _, _, line2, box2, mask2 = found[k2]
                if k2 == k or mask2 & mask:
                    continue
                for h in (line, box):
                    if h in (line2, box2):
                        shared.setdefault(h, []).append(first + k2)
                        self.add(on, (first + k2, False))
            for h in (line, box):
                if len(shared.get(h, ())) == 1:
                    g2 = shared[h][0]
                    rest = places[d] & HOUSE_MASKS[h] & ~mask & ~self.masks[g2]
                    if not rest:
                        self.add(off, (g2, True))


def _two_see(m: int) -> bool:
    """Whether two of the cells of ``m`` share a house."""
    while m:
        low = m & -m
        m ^= low
        if m & BUDDIES[low.bit_length() - 1]:
            return True
    return False


def _bits(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


class _Table:
    """One premise's consequences, breadth first: per literal its parent and distance.  Literals are
    ints here, ``node * 2 + on``.

    What the table reaches, level by level, is worked out at once with bit sets (``reach``,
    ``levels``); the entries in HoDoKu's order, each with its parent (``lits``, ``parent``, ``pos``),
    only when a chain is read from the table."""

    __slots__ = ("_levels", "_lits", "_parent", "_pos", "_reach", "first", "grid")
    _reach: int | None
    _levels: list[int] | None

    @classmethod
    def lazy(cls, grid: _Grid, first: int) -> _Table:
        """The table of the premise literal ``first``, ordered (:meth:`_order`) when first read."""
        table = cls.__new__(cls)
        table.grid, table.first, table._reach, table._levels, table._lits = grid, first, None, None, None
        return table

    def __init__(self, grid: _Grid, premise: tuple[int, bool]):
        self.grid = grid
        self.first = first = premise[0] * 2 + premise[1]
        masks = grid.direct_masks
        seen = 1 << first
        levels = [seen]
        frontier = [first]
        count = 1
        while frontier:
            new = 0
            for x in frontier:
                new |= masks[x]
            new &= ~seen
            if not new:
                break
            seen |= new
            levels.append(new)
            count += new.bit_count()
            if count >= MAX_ENTRIES:  # HoDoKu's table is full: take exactly what it takes
                self._order()
                return
            frontier = list(_bits(new))
        self._reach, self._levels = seen, levels
        self._lits: list[int] | None = None

    @property
    def reach(self) -> int:
        """The literals the table holds, as a bit set."""
        if self._reach is None:
            self._order()
        return self._reach  # type: ignore[return-value]

    @property
    def levels(self) -> list[int]:
        """The literals at each distance from the premise, as bit sets."""
        if self._levels is None:
            self._order()
        return self._levels  # type: ignore[return-value]

    def _order(self) -> None:
        """The entries in HoDoKu's order (breadth first, each with its first derivation)."""
        direct = self.grid.direct_lits
        first = self.first
        lits = [first]
        pos = [-1] * len(direct)
        pos[first] = 0
        parent = [-1]
        add_lit, add_parent = lits.append, parent.append
        # breadth first, every link one step: a literal keeps its first derivation (HoDoKu replaces it
        # only by a strictly shorter one, which a breadth-first order never finds)
        j, n = 0, 1
        while j < n < MAX_ENTRIES:
            for y in direct[lits[j]]:
                if pos[y] < 0:
                    pos[y] = n
                    n += 1
                    add_lit(y)
                    add_parent(j)
            j += 1
        self._lits, self._pos, self._parent = lits, pos, parent
        self._reach = sum(1 << x for x in lits)
        depth = [0] * len(lits)
        levels = [1 << first]
        for k in range(1, len(lits)):
            depth[k] = depth[parent[k]] + 1
            if depth[k] == len(levels):
                levels.append(0)
            levels[depth[k]] |= 1 << lits[k]
        self._levels = levels

    @property
    def lits(self) -> list[int]:
        if self._lits is None:
            self._order()
        return self._lits  # type: ignore[return-value]

    @property
    def pos(self) -> list[int]:
        if self._lits is None:
            self._order()
        return self._pos

    @property
    def parent(self) -> list[int]:
        if self._lits is None:
            self._order()
        return self._parent

    def far(self) -> int:
        """The literals reached in two links or more."""
        return self.reach & ~self.levels[0] & ~(self.levels[1] if len(self.levels) > 1 else 0)

    def depth(self, x: int) -> int:
        """How many links from the premise literal ``x`` (reached) is."""
        return next(i for i, m in enumerate(self.levels) if m >> x & 1)

    def direct(self, k: int) -> bool:
        """Whether entry ``k`` follows from the premise in one link (or is the premise)."""
        return self.parent[k] <= 0

    @property
    def premise(self) -> tuple[int, bool]:
        return self.first >> 1, bool(self.first & 1)

    def index(self, y: tuple[int, bool]) -> int:
        return self.pos[y[0] * 2 + y[1]]

    def chain(self, k: int) -> list[tuple[int, bool]]:
        """The literals from the premise to entry ``k``."""
        out = []
        while k >= 0:
            x = self.lits[k]
            out.append((x >> 1, bool(x & 1)))
            k = self.parent[k]
        out.reverse()
        return out


class Found:
    """One nice loop or AIC: HoDoKu's type (``dnl``, ``cnl``, ``aic``, with a
    ``g`` before for a grouped one), its eliminations and its literals from
    the premise on."""

    __slots__ = ("chain", "eliminations", "kind", "loop", "strand")

    def __init__(self, kind: str, eliminations: frozenset[tuple[int, int]], chain: list[tuple[int, bool]],
                 strand: list[tuple[int, bool]], loop: bool):
        self.kind, self.eliminations, self.chain, self.strand, self.loop = kind, eliminations, chain, strand, loop


class _Tables:
    """The position's grid and the table of every candidate on and off (:class:`_Table`)."""

    def __init__(self, state: State, groups: bool):
        self._made(_Grid(state, groups))

    def _made(self, grid: _Grid) -> None:
        """The tables of every candidate of ``grid``, on and off."""
        self.grid = grid
        self.premises = [n for n in range(N * N * N) if grid.cand[n // N] >> (n % N) & 1]
        self.of = {(n, on): _Table(grid, (n, on)) for on in (True, False) for n in self.premises}


def tables(state: State, groups: bool) -> _Tables:
    """The tables at ``state``, made once per position (grouped nice loops and forcing chains share them)."""
    from ._houses import per_position

    return per_position(state, ("hodoku tables", groups), lambda: _Tables(state, groups))


class _Search:
    def __init__(self, state: State, groups: bool):
        self.tables = tables(state, groups)
        self.grid = grid = self.tables.grid
        self.found: list[Found] = []
        self.by_eliminations: dict[frozenset[tuple[int, int]], int] = {}
        cells = [grid.nodes[n][0] for n in range(len(grid.nodes))]
        self.cell1 = [c[0] for c in cells]
        self.grouped = [len(c) > 1 for c in cells]
        # what each node sees: a candidate its cell's peers (a table made once), a group its cells' common peers
        self.sees = sees = list(_CANDIDATE_SEES)
        for cs in cells[len(sees):]:
            common = -1
            for c in cs:
                common &= BUDDIES[c]
            sees.append(common)

    def run(self) -> list[Found]:
        premises = self.tables.premises
        for on in (True, False):
            for n in premises:
                table = self.tables.of[(n, on)]
                lo = 2 * N * (n // N)  # the start cell's literals, in the table's order
                levels = table.levels
                near = levels[0] | levels[1] if len(levels) > 1 else levels[0]
                if not table.reach >> lo & ~(near >> lo) & CELL_LITS:
                    continue
                pos = table.pos
                for k in sorted(k for k in pos[lo:lo + 2 * N] if k > 0):
                    self._nice_loop(table, k)
        for n in premises:
            self._aics(self.tables.of[(n, False)])
        return sorted(self.found, key=functools.cmp_to_key(_compare))

    # -- reading a chain ------------------------------------------------------

    def _lasso(self, chain: list[tuple[int, bool]], aic: bool) -> bool:
        """Whether the chain comes back to a cell it left (its start cell is allowed for a nice loop)."""
        grid, cell1 = self.grid, self.cell1
        first = cell1[chain[0][0]]
        seen = 0
        last = -1
        for node, _ in chain:
            cell = cell1[node]
            if seen >> cell & 1:
                return True
            if last >= 0 and (cell1[last] != first or aic):
                seen |= grid.masks[last]
            last = node
        return False

    def _add(self, kind: str, eliminations: set[tuple[int, int]], chain: list[tuple[int, bool]],
             strand: list[tuple[int, bool]], loop: bool) -> None:
        if any(self.grouped[node] for node, _ in chain):
            kind = "g" + kind
        key = frozenset(eliminations)
        old = self.by_eliminations.get(key)
        if old is not None and len(self.found[old].chain) <= len(chain):
            return
        self.by_eliminations[key] = len(self.found)
        self.found.append(Found(kind, key, chain, strand, loop))

    def _nice_loop(self, table: _Table, k: int) -> None:
        if table.direct(k):
            return
        chain = table.chain(k)
        cell1 = self.cell1
        if cell1[chain[-1][0]] == cell1[chain[-2][0]] or self._lasso(chain, False):
            return
        if cell1[chain[0][0]] == cell1[chain[1][0]]:
            return  # the first link must leave the start cell
        (x, premise_on), (y, end_on) = chain[0], chain[-1]
        start, a, b = x // N, x % N, y % N
        cand = self.grid.cand
        first_strong, last_strong = not premise_on, end_on
        out: set[tuple[int, int]] = set()
        if not first_strong and not last_strong and a == b:
            self._add("dnl", {(start, a)}, chain, chain[1:-1], False)
        elif first_strong and last_strong and a == b:
            self._add("dnl", {(start, d) for d in range(N) if cand[start] >> d & 1 and d != a}, chain, chain, False)
        elif first_strong != last_strong and a != b:
            if not first_strong:
                self._add("dnl", {(start, a)}, chain, chain[1:], False)
            else:
                self._add("dnl", {(start, b)}, chain, chain[:-1], False)
        elif ((not first_strong and not last_strong and cand[start].bit_count() == 2 and a != b)
              or (first_strong and last_strong and a != b)):
            out = self._continuous(chain, a, b, first_strong and last_strong)
            if out:
                strand = chain if first_strong else chain[1:] + chain[:1]
                self._add("cnl", out, chain, strand, True)

    def _continuous(self, chain: list[tuple[int, bool]], a: int, b: int, both_strong: bool) -> set[tuple[int, int]]:
        """A continuous loop's eliminations: along its weak links between cells, and in the cells entered
        and left by strong links (the start cell too when both its links are strong)."""
        grid, cell1, sees = self.grid, self.cell1, self.sees
        cand, places = grid.cand, grid.places
        start = chain[0][0] // N
        in_chain = 0
        for node, _ in chain:
            in_chain |= grid.masks[node]
        out: set[tuple[int, int]] = set()
        n = len(chain) - 1
        for i in range(n + 1):
            node, on = chain[i]
            cell = cell1[node]
            if (i == 0 and both_strong) or (i > 0 and on and i <= n - 2 and cell1[chain[i - 1][0]] != cell):
                nxt, nxt_on = chain[i + 1] if i > 0 else (node, False)
                if i == 0 or (not nxt_on and cell1[nxt] == cell and chain[i + 2][1]
                              and cell1[chain[i + 2][0]] != cell1[nxt]):
                    keep = (a, b) if i == 0 else (grid.nodes[node][1], grid.nodes[chain[i + 2][0]][1])
                    out.update((cell, d) for d in range(N) if cand[cell] >> d & 1 and d not in keep)
            if i > 0 and not on and cell1[chain[i - 1][0]] != cell:
                d = grid.nodes[node][1]
                both = sees[chain[i - 1][0]] & sees[node] & places[d] & ~in_chain & ~(1 << start)
                out.update((c, d) for c in _bits(both))
        return out

    def _aic_ends(self, start: int, a: int) -> int:
        """The literals an AIC from (start, a) off may end on (:meth:`_aics`' conditions), as a bit set."""
        cand, places = self.grid.cand, self.grid.places
        out = 0
        peers = BUDDIES[start] & places[a]
        # the ends (other than the start) with the symbol that see two places of it the start sees
        once = twice = 0
        m = peers
        while m:
            low = m & -m
            seen = BUDDIES[low.bit_length() - 1]
            twice |= once & seen
            once |= seen
            m ^= low
        m = twice & places[a] & ~(1 << start)
        shift = 2 * a + 1
        while m:
            low = m & -m
            out |= 1 << ((low.bit_length() - 1) * N * 2 + shift)
            m ^= low
        others = cand[start] & ~(1 << a)
        if others:
            m = peers
            while m:
                low = m & -m
                end = low.bit_length() - 1
                m ^= low
                bs = cand[end] & others
                while bs:
                    bl = bs & -bs
                    out |= 1 << ((end * N + bl.bit_length() - 1) * 2 + 1)
                    bs ^= bl
        return out

    def _aics(self, table: _Table) -> None:
        places = self.grid.places
        x = table.first >> 1
        start, a = x // N, x % N
        ends = self._aic_ends(start, a)
        if not ends & table.reach:
            return
        ends &= table.far()  # reached in two links or more: the entries the loop below reads
        if not ends:
            return
        pos = table.pos
        found = []
        while ends:
            low = ends & -ends
            found.append(pos[low.bit_length() - 1])
            ends ^= low
        found.sort()  # in the table's order
        lits = table.lits
        for k in found:
            y = lits[k] >> 1
            end, b = y // N, y % N
            if a == b:
                out = {(c, a) for c in _bits(BUDDIES[start] & BUDDIES[end] & places[a])}
            else:
                out = {(start, b), (end, a)}
            chain = table.chain(k)
            if not self._lasso(chain, True):
                self._add("aic", out, chain, chain, False)


def index_sum(eliminations: frozenset[tuple[int, int]] | list[tuple[int, int]]) -> int:
    """HoDoKu's tie-break between steps with as many eliminations: the
    eliminations (by digit, then cell) weighted by their position."""
    out, weight = 0, 1
    for cell, d in sorted(eliminations, key=lambda e: (e[1], e[0])):
        out += cell * weight + d + 1
        weight += 80
    return out


def _compare(p: Found, q: Found) -> int:
    """HoDoKu's order of steps: most eliminations first; then, unless they are the same step (same type,
    same eliminations), the lowest index sum; else the shorter chain."""
    r = len(q.eliminations) - len(p.eliminations)
    if r:
        return r
    if p.kind != q.kind or p.eliminations != q.eliminations:
        return index_sum(p.eliminations) - index_sum(q.eliminations)
    return len(p.chain) - len(q.chain)


def nice_loops(state: State, groups: bool) -> tuple[list[Found], list[tuple[tuple[int, ...], int]]]:
    """Every nice loop and AIC at ``state`` (9x9), in the order HoDoKu takes them, and the nodes
    their literals number: (cells, symbol).  Read in C (:func:`strategies._accel.hodoku_nice_loops`)
    where the accelerator is in use, else by :class:`_Search`."""
    if not _accelerated():
        search = _Search(state, groups)
        return search.run(), search.grid.nodes
    value, cand = state.value, state.cand
    group_nodes, made = _accel.hodoku_nice_loops(  # type: ignore[misc]
        [0 if value[c] >= 0 else cand[c] for c in range(N * N)], groups, MAX_ENTRIES)
    found = [Found(kind, frozenset(eliminations), chain, _STRANDS[strand](chain), loop)
             for kind, eliminations, chain, strand, loop in made]
    return sorted(found, key=functools.cmp_to_key(_compare)), [*_CANDIDATE_NODES, *_group_nodes(group_nodes)]


def _group_nodes(made: list[tuple[int, int]]) -> list[tuple[tuple[int, ...], int]]:
    """The group nodes (cells, symbol) of the C module's (symbol, cell mask)."""
    return [(tuple(_bits(mask)), d) for d, mask in made]


#: a nice loop's strand from its chain, as the C module numbers them
_STRANDS = (lambda c: c, lambda c: c[1:-1], lambda c: c[1:], lambda c: c[:-1], lambda c: c[1:] + c[:1])


def _accelerated() -> bool:
    """Whether the tables are read in C (the accelerator in use)."""
    return _accel._deduce_accel is not None


def hodoku_classic(state: State) -> bool:
    """Whether HoDoKu's grid is ``state``'s: 9x9, 3x3 boxes, no cages or other constraints."""
    puzzle = state.puzzle
    return (puzzle.size == N and not puzzle.geometry.is_jigsaw and not puzzle.has_cages
            and puzzle.peer_masks is puzzle.geometry.peer_masks)


#: The candidate nodes' count (group nodes are numbered from it).
_PLAIN = N * N * N
#: Per two cells (first * 81 + second): -1 for one cell, else the first house (row, column, box) of the
#: lower one that holds both (-1 for none).
_PAIR_HOUSE = tuple(-1 if a == b else next((h for h in CELL_HOUSES[min(a, b)] if h in CELL_HOUSES[max(a, b)]), -1)
                    for a in range(N * N) for b in range(N * N))


def shape_of(grid_nodes: list[tuple[tuple[int, ...], int]], found: Found) -> tuple[tuple, tuple, bool]:
    """The chain as deduce's AIC record (:mod:`strategies._aic_shape`): its strand's
    nodes and links (strong from a candidate off to one on, weak otherwise), and whether it is a loop."""
    nodes = tuple((grid_nodes[n][1], grid_nodes[n][0], -1) for n, _ in found.strand)
    links = []
    for (p, p_on), (q, _q_on) in itertools.pairwise(found.strand):
        if p_on:
            links.append(("-", -1))
            continue
        if p < _PLAIN and q < _PLAIN:  # two candidates: their cells' first common house, read off a table
            links.append(("=", _PAIR_HOUSE[p // N * N * N + q // N]))
            continue
        cells = set(grid_nodes[p][0]) | set(grid_nodes[q][0])
        house = -1 if len(cells) == 1 else next(
            (h for h in CELL_HOUSES[min(cells)] if all(h in CELL_HOUSES[c] for c in cells)), -1)
        links.append(("=", house))
    return nodes, tuple(links), found.loop


def _common_house(cells: set[int] | tuple[int, ...]) -> int:
    """The first house (row, column, box) holding all of ``cells``, or -1."""
    first = min(cells)
    return next((h for h in CELL_HOUSES[first] if all(h in CELL_HOUSES[c] for c in cells)), -1)


def _lit(cell: int, d: int, on: bool) -> int:
    return cell << 6 | d << 1 | on  # deduce.literal.lit, unrolled


def records(nodes: list[tuple[tuple[int, ...], int]], table: _Table, ys: list[tuple[int, bool]]
            ) -> list[tuple[int, tuple, tuple[int, ...]]]:
    """The chains from ``table``'s premise to each of ``ys`` as deduce's chain records
    ``(literal, reason, parents)`` (see :mod:`strategies.chain_producer`); a group node going off is
    told as its cells going off, a group node on as the reason of what it turns off."""
    out: dict[int, tuple[int, tuple, tuple[int, ...]]] = {}
    for y in ys:
        chain = table.chain(table.index(y))
        last = -1  # the literal of the last plain candidate
        entered: dict[int, int] = {}  # group node -> the house it was left alone in
        for (p, p_on), (q, q_on) in itertools.pairwise(chain):
            (pcells, d), (qcells, qd) = nodes[p], nodes[q]
            if len(qcells) > 1:  # a group
                if q_on:  # the house where the group is all that is left of the symbol
                    entered[q] = _common_house({*qcells, *pcells})
                elif len(pcells) == 1:
                    for c in qcells:
                        x = _lit(c, d, False)
                        out.setdefault(x, (x, ("peer", pcells[0]), (_lit(pcells[0], d, True),)))
                continue
            x = _lit(qcells[0], qd, q_on)
            both = set(pcells) | set(qcells)
            if len(pcells) > 1:
                house = _common_house(both)
                if q_on:  # the group's places all went: the only place left
                    reason: tuple = ("hidden", house)
                    parents = tuple(_lit(c, d, False) for c in pcells)
                else:  # the symbol is in the group, which this cell sees
                    house = entered.get(p, house)
                    other = next((h for h in CELL_HOUSES[pcells[0]] if h != house
                                  and all(h in CELL_HOUSES[c] for c in pcells)), house)
                    reason, parents = ("group", house, pcells, other), (last,) if last >= 0 else ()
            elif len(both) == 1:
                reason, parents = ("cell",) if p_on else ("naked",), (_lit(pcells[0], d, p_on),)
            else:
                reason = ("peer", pcells[0]) if p_on else ("hidden", _common_house(both))
                parents = (_lit(pcells[0], d, p_on),)
            out.setdefault(x, (x, reason, parents))
            last = x
    return list(out.values())
