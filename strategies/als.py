"""Almost locked sets: ALS-XZ, ALS-XY-wing, ALS chains and Sue de Coq.

An **almost locked set** (ALS) is k unsolved cells of one house holding k+1
symbols between them: if any one of its symbols is taken out, the rest are
locked in it (a naked subset).  Two sets A and B are joined by a
*restricted common* symbol x when every place of x in A sees every place
of x in B: x then goes in at most one of them.

* **ALS-XZ**: A and B share a restricted common x and another symbol z.
  x is missing from A or from B, so that set is locked and holds its z:
  z is in A or in B, and a cell that sees every z of both loses z.
* **ALS-XY-wing**: a pivot set C shares a restricted common x with A and
  y (not x) with B; A and B share z.  C cannot hold both x and y, so A
  lacks x or B lacks y; that set is locked and holds its z.  Cells seeing
  every z of A and B lose z.
Sets may overlap as long as no restricted common lies in the overlap (every
x of one set sees every x of the other, and a cell does not see itself),
except in ALS-XZ, whose two sets are kept apart.

* **ALS chain** (ALS-XY-chain): sets A1, A2, ..., An (four or more), each
  joined to the next by a restricted common x1, x2, ..., two consecutive
  ones different.  If A1 lacks z it is locked and holds x1, so A2 lacks
  x1, is locked and holds x2, ... so An lacks x(n-1) and holds z: z lies
  in A1 or An (z not x1, not x(n-1)), and cells seeing every z of both
  lose it.
"""

from __future__ import annotations

from itertools import combinations
from operator import ne
from typing import TYPE_CHECKING, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.marks import SET_ROLES, Builder, Marks, numbered
from deduce.render.words.prose import Field, capitalize, prose, verb, word
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import ALS, UNFAIR, Technique, row

from ._accel import als_xy_whole, als_xz_pairs, sdc_batch, sdc_shared
from ._als_sets import (  # noqa: F401 (importable from here, as before the split)
    MAX_ALS_CELLS,
    Als,
    _detail,
    _links,
    _neighbours,
    _reach_and_useful,
    _targets,
    almost_locked_sets,
    als_links,
    als_neighbours,
    als_reach,
    node_sets,
    position_sets,
)
from ._hodoku_tabling import hodoku_classic
from ._houses import per_position
from ._memo import memo_for, symbol_masks
from ._sdc_search import (  # noqa: F401
    MAX_SDC_PART,
    SdcFound,
    _cell_sets,
    _cores,
    _make_sdc_pairs,
    _make_sdc_table,
    _mask,
    _parts,
    _sdc_pairs,
    _sdc_table,
    _shared_eliminations,
    _shared_search,
)

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

@attrs.frozen
class AlsXZ(Producer):
    """``whole``: one step per pair of sets with every elimination the pair
    gives (each restricted common with each other common symbol, and a
    doubly linked pair's locked rest), as HoDoKu makes it; otherwise one
    step per restricted common and eliminated symbol (a doubly linked pair's
    locked rest its own step)."""

    CODE = "als-xz"
    whole: bool = False

    def find(self, state: State) -> Iterator[Step]:
        sets, links = als_links(state)
        reach = als_reach(state)
        ordered = als_xz_pairs(state, sets, links, reach) if sets else None
        if ordered is None:
            ordered = sorted(links.items(), key=lambda kv: (sets[kv[0][0]].cells | sets[kv[0][1]].cells).bit_count())
        for (i, j), rccs in ordered:
            yield from self._pair_steps(sets, reach, i, j, rccs)

    def _pair_steps(self, sets: list[Als], reach: list[list[int]], i: int, j: int, rccs: list[int]) -> list[Step]:
        """The steps of sets i and j with restricted commons ``rccs`` (``reach``: :func:`als_reach`)."""
        a, b = sets[i], sets[j]
        common = a.symbols & b.symbols
        if common.bit_count() < 2 or a.cells & b.cells:
            return []
        ra, rb = reach[i], reach[j]
        # (the symbols of both with a cell outside them that sees all their places: _targets of the pair)
        hits = [(z, ra[z] & rb[z]) for z in bits_of(common) if ra[z] & rb[z]]
        if not hits and len(rccs) != 2:
            return []
        steps = list(self._doubly_linked(ra, rb, a, b, rccs)) if len(rccs) == 2 else []
        for x in rccs:
            for z, hit in hits:
                if z != x:
                    steps.append(Step(self.technique, eliminations=[(c, z) for c in bits_of(hit)],
                                      cells=bits_of(a.cells | b.cells), houses=(a.house, b.house),
                                      symbols=(x, z),
                                      details=(("sets", (_detail(a), _detail(b))), ("x", x), ("z", z))))
        if self.whole and len(steps) > 1:
            elims = sorted({e for st in steps for e in st.eliminations})
            steps = [attrs.evolve(steps[0], eliminations=elims)]
        return steps

    def _doubly_linked(self, ra: list[int], rb: list[int], a: Als, b: Als, rccs: list[int]) -> Iterator[Step]:
        """Two restricted commons: each lies in A or B, and both sets lose
        one symbol to the other, so each is locked on the rest of its symbols
        (``ra``, ``rb``: the sets' :func:`als_reach`)."""
        elims = set()
        for x in rccs:
            elims |= {(c, x) for c in bits_of(ra[x] & rb[x])}
        used = a.cells | b.cells
        rest = ~(1 << rccs[0]) & ~(1 << rccs[1])
        for own, reach in ((a, ra), (b, rb)):
            for s in bits_of(own.symbols & rest):
                elims |= {(c, s) for c in bits_of(reach[s] & ~used)}
        if elims:
            yield Step(self.technique, eliminations=sorted(elims), cells=bits_of(a.cells | b.cells),
                       houses=(a.house, b.house), symbols=tuple(rccs), variant="double",
                       details=(("sets", (_detail(a), _detail(b))), ("x", rccs[0]), ("x2", rccs[1])))


@attrs.frozen
class AlsXYWing(Producer):
    """``whole``: HoDoKu's reading, one step per pivot and two wings (the
    three sets apart), every restricted common of a wing with the pivot
    counted (z is none of them) and cells of the pivot not spared;
    otherwise one step per pair of restricted commons and symbol z."""

    CODE = "als-xy-wing"
    whole: bool = False

    def find(self, state: State) -> Iterator[Step]:
        if self.whole:
            yield from self._whole(state, als_links(state)[0])
            return
        sets = AlsChain.inputs(state)[0]
        for pivot, i, x, j, y, z, targets in self._found(state):
            a, b, c = sets[i], sets[j], sets[pivot]
            yield Step(self.technique, eliminations=[(t, z) for t in targets],
                       cells=bits_of(a.cells | b.cells | c.cells), houses=(a.house, b.house, c.house),
                       symbols=(x, y, z),
                       details=(("sets", (_detail(a), _detail(b), _detail(c))), ("x", x), ("y", y), ("z", z)))

    @staticmethod
    def _found(state: State) -> Iterator[tuple[int, int, int, int, int, int, list[int]]]:
        """(pivot, set, x, set, y, z, targets) of each wing, in order."""
        sets = als_links(state)[0]
        masks = symbol_masks(state)
        for pivot, joined in sorted(als_neighbours(state).items()):
            c = sets[pivot]
            around = [(j, x) for j, m in joined for x in bits_of(m)]
            for (i, x), (j, y) in combinations(around, 2):
                if x == y or i == j:
                    continue
                a, b = sets[i], sets[j]
                for z in bits_of(a.symbols & b.symbols & ~(1 << x) & ~(1 << y)):
                    # (_targets of a and b, both holding z, outside the pivot too)
                    hit = masks[z] & a.seen[z] & b.seen[z] & ~(a.cells | b.cells | c.cells)
                    if hit:
                        yield pivot, i, x, j, y, z, bits_of(hit)

    def _whole(self, state: State, sets: list[Als]) -> Iterator[Step]:
        """If neither wing held z, each would be locked and hold all its
        restricted commons with the pivot, which would then lack them all (two
        symbols at least): too few for its cells.  So z is in a wing, and a
        cell outside the wings (in the pivot too) that sees all of them loses it."""
        _, pairs, reach, _ = AlsChain.inputs(state)
        found = als_xy_whole(state, sets, pairs, reach)
        for pivot, i, x, j, y, elims in self._whole_found(state, sets) if found is None else found:
            a, b, c = sets[i], sets[j], sets[pivot]
            yield Step(self.technique, eliminations=elims, cells=bits_of(a.cells | b.cells | c.cells),
                       houses=(a.house, b.house, c.house), symbols=(x, y, elims[0][1]),
                       details=(("sets", (_detail(a), _detail(b), _detail(c))), ("x", x), ("y", y),
                                ("z", elims[0][1])))

    @staticmethod
    def _whole_found(state: State, sets: list[Als]) -> Iterator[tuple[int, int, int, int, int, list[tuple[int, int]]]]:
        """(pivot, wing, x, wing, y, eliminations) of each of HoDoKu's wings, in order (what the C module's
        ``als_xy_whole`` gives)."""
        masks = symbol_masks(state)
        for pivot, joined in sorted(als_neighbours(state).items()):
            c = sets[pivot]
            for (i, xs), (j, ys) in combinations(joined, 2):
                a, b = sets[i], sets[j]
                if (xs == ys and xs.bit_count() == 1) or a.cells & b.cells or (a.cells | b.cells) & c.cells:
                    continue
                elims = [(t, z) for z in bits_of(a.symbols & b.symbols & ~xs & ~ys)
                         for t in _targets(masks, z, [a, b])]
                if elims:
                    x, y = next((x, y) for x in bits_of(xs) for y in bits_of(ys) if x != y)
                    yield pivot, i, x, j, y, elims


#: Most sets in an ALS chain (a deterministic bound); three sets are ALS-XY-wings.
MAX_CHAIN_SETS = 7
#: Most links looked at by one ALS chain search (a deterministic bound: wide
#: open positions early in a puzzle hold hundreds of densely linked sets).
MAX_CHAIN_LINKS = 1_000_000


@attrs.frozen
class AlsChain(Producer):
    """ALS chains of 4 to :data:`MAX_CHAIN_SETS` sets, shortest first, the
    sets of a chain pairwise disjoint.

    Links follow HoDoKu's adjacency rule: the restricted commons used to
    reach a set (its *actual* commons) are missing from it, so it holds
    all its other symbols; the commons to the next set, less those, become
    the next set's actual commons (if none is left the chain cannot go on).
    The search is breadth-first from each start and first common, each
    (set, actual commons) kept once among chains of four sets or more
    (shortest chains first; a deterministic bound, sound either way), at
    most :data:`MAX_CHAIN_LINKS` links looked at in all.
    """

    CODE = "als-chain"
    #: HoDoKu's search instead (links to later sets only, depth first; :mod:`strategies._hodoku_als`),
    #: for the ``hodoku`` profile's path on HoDoKu's grid
    hodoku: bool = False

    def find(self, state: State) -> Iterator[Step]:
        if self.hodoku and hodoku_classic(state):
            yield from self._hodoku(state)
            return
        sets, _, reach, useful = self.inputs(state)
        found = self._found(sets, als_neighbours(state), reach, useful)
        seen: set[frozenset] = set()
        for chain, arcs, z, targets in sorted(found, key=lambda f: (len(f[0]), f[0], f[2])):
            key = frozenset((t, z) for t in targets)
            if key in seen:
                continue
            seen.add(key)
            members = [sets[i] for i in chain]
            used = _union(tuple(m.cells for m in members))
            rccs = tuple(tuple(bits_of(arc)) for arc in arcs)
            yield Step(self.technique, eliminations=[(t, z) for t in targets], cells=bits_of(used),
                       houses=tuple(m.house for m in members), symbols=tuple(bits_of(_union(arcs) | 1 << z)),
                       details=(("sets", tuple(_detail(m) for m in members)), ("rccs", rccs), ("z", z)),
                       se_bonus=round(0.1 * (len(chain) - 4), 1))

    def _hodoku(self, state: State) -> Iterator[Step]:
        from ._hodoku_als import als_chains as hodoku_chains

        sets, chains = hodoku_chains(state, als_links(state), als_reach(state))
        for chain in chains:
            members = [sets[i] for i in chain.sets]
            yield Step(self.technique, eliminations=chain.eliminations,
                       cells=bits_of(_union(tuple(m.cells for m in members))),
                       houses=tuple(m.house for m in members),
                       symbols=tuple(sorted({x for arc in chain.commons for x in arc} | set(chain.zs))),
                       details=(("sets", tuple(_detail(m) for m in members)), ("rccs", chain.commons),
                                ("z", chain.zs[0]), ("zs", chain.zs)),
                       se_bonus=round(0.1 * (len(members) - 4), 1))

    @staticmethod
    def inputs(state: State) -> tuple[list[Als], dict[tuple[int, int], list[int]], list[list[int]], list[int]]:
        """What the search reads: the position's sets, their restricted commons (:func:`als_links`; the
        Python searches read them as :func:`als_neighbours`), per set and symbol the cells outside the set
        that see all its places of the symbol and hold it, and per set the symbols with such cells."""
        return per_position(state, "als chain inputs", lambda: AlsChain._inputs(state))

    @staticmethod
    def _inputs(state: State) -> tuple[list[Als], dict[tuple[int, int], list[int]], list[list[int]], list[int]]:
        sets, pairs = als_links(state)
        reach, useful = _reach_and_useful(state)
        return sets, pairs, reach, useful

    def _found(self, sets: list[Als], links: dict[int, list[tuple[int, int]]], reach: list[list[int]],
               useful: list[int]) -> list[tuple[tuple[int, ...], tuple[int, ...], int, list[int]]]:
        """The chains from every start and first common, in order."""
        found: list = []
        budget = [MAX_CHAIN_LINKS]
        onward: dict[tuple[int, int], list[tuple[int, tuple[int, int]]]] = {}
        for start in sorted(links):
            if not useful[start]:
                continue
            firsts = 0
            for _, prc in links[start]:
                firsts |= prc
            for x in bits_of(firsts):
                if useful[start] & ~(1 << x) and budget[0] > 0:
                    found.extend(self._from(sets, links, reach, useful, start, x, budget, onward))
        return found

    @staticmethod
    def _from(sets: list[Als], links: dict[int, list[tuple[int, int]]], reach: list[list[int]], useful: list[int],
              start: int, x: int, budget: list[int],
              onward: dict[tuple[int, int], list[tuple[int, tuple[int, int]]]]
              ) -> list[tuple[tuple[int, ...], tuple[int, ...], int, list[int]]]:
        """Chains leaving ``start`` by restricted common x: (sets, actual commons per link, z, targets);
        ``budget[0]`` counts down the links looked at; ``onward`` keeps, per set and actual commons, the
        links that leave it with commons left, as (next set, (next set, its actual commons))."""
        out = []
        own = sets[start].cells
        # node: (set, its actual commons, parent node, the sets from the start to it)
        root: tuple = (start, 0, None, (start,))
        frontier: list[tuple] = [(first, 1 << x, root, (start, first)) for first, prc in links[start] if prc >> x & 1]
        # the states met, as (set, actual commons), at length 3 and at length 4 or more (a state first met
        # too early to end a chain is met again at length 4)
        visited: tuple[set, set] = (set(), set())
        ends = useful[start] & ~(1 << x)
        for depth in range(2, MAX_CHAIN_SETS + 1):
            nxt_frontier: list[tuple] = []
            last = depth == MAX_CHAIN_SETS
            met = visited[depth > 2]
            for node in frontier:
                cur, arc, _, on_path = node
                if depth >= 4 and cur > start:
                    for z in bits_of(ends & useful[cur] & ~arc):
                        hit = reach[start][z] & reach[cur][z] & ~own & ~sets[cur].cells
                        if hit:
                            arcs = []
                            back = node
                            while back[2] is not None:
                                arcs.append(back[1])
                                back = back[2]
                            out.append((on_path, tuple(reversed(arcs)), z, bits_of(hit)))
                if last:
                    continue
                around = links.get(cur, ())
                budget[0] -= len(around)
                going = onward.get((cur, arc))
                if going is None:
                    keep = ~arc
                    going = onward[cur, arc] = [(nxt, (nxt, prc & keep)) for nxt, prc in around if prc & keep]
                for nxt, state in going:
                    if nxt not in on_path and state not in met:
                        met.add(state)
                        nxt_frontier.append((nxt, state[1], node, (*on_path, nxt)))
            frontier = nxt_frontier
        return out


def _union(masks: tuple[int, ...]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out



@attrs.frozen
class SueDeCoq(Producer):
    """Sue de Coq: 2 or 3 cells C where a line meets a box hold V, at least
    two more symbols than cells.  Add cells A from the rest of the line and
    D from the rest of the box, A and D sharing no symbol, so that all these
    cells hold exactly as many symbols as there are cells: they are locked
    on them.  A's symbols (and those of V that D lacks) leave the rest of the
    line; D's symbols (and those of V that A lacks) leave the rest of the box.
    """

    CODE = "sue-de-coq"

    #: HoDoKu's reading (for the ``hodoku`` profile): the intersection's
    #: other cells may join the line's or the box's part, and the two parts
    #: may share a symbol outside V (each part then holds all its symbols
    #: outside V, so that symbol leaves the rest of both houses), the parts
    #: of any size: :meth:`_shared_at`.
    shared: bool = False

    def find(self, state: State) -> Iterator[Step]:
        if self.shared:
            steps = self._shared_batch(state)
            if steps is not None:
                yield from steps
                return
        g = state.puzzle.geometry
        cand, value = state.cand, state.value
        memo = memo_for(state)
        for line, block, inter, line_of, block_of in _sdc_pairs(g):
            # what one intersection finds reads only its line and box: kept per their candidates and
            # values, since between two steps most intersections keep theirs
            key = ("sue de coq", self.shared, line, block, line_of(cand), line_of(value), block_of(cand),
                   block_of(value))
            steps = memo.get(key)
            if steps is None:
                at = self._shared_at if self.shared else self._at
                steps = memo[key] = list(at(state, line, block, inter))
            yield from steps

    def _shared_batch(self, state: State) -> list[Step] | None:
        """:meth:`find`'s steps in HoDoKu's reading, each intersection searched
        again only when a cell of its line or box changed since the solve's
        last search (the others keep their steps), the changed ones in one
        call to the C module (``sdc_batch``); None without it."""
        g = state.puzzle.geometry
        cand, value = state.cand, state.value
        memo = memo_for(state)
        table = _sdc_table(g)
        last = memo.get("sue de coq last")
        if last is None:
            todo = list(range(len(table)))
        else:
            old_cand, old_value, old_steps = last
            # (a byte per cell, 1 where it changed: the table's masks have a cell's bit at 8 times its index)
            changed = (int.from_bytes(bytes(map(ne, cand, old_cand)), "little")
                       | int.from_bytes(bytes(map(ne, value, old_value)), "little"))
            todo = [k for k, entry in enumerate(table) if entry[4] & changed]
        found = sdc_batch(state, [table[k][3] for k in todo])
        if found is None:
            return None
        steps = [[] for _ in table] if last is None else list(old_steps)
        for k, hits in zip(todo, found):
            line, block, inter = table[k][:3]
            steps[k] = self._shared_steps(state, line, block, inter, hits) if hits else []
        memo["sue de coq last"] = (tuple(cand), tuple(value), steps)
        return [step for at in steps for step in at]

    def _shared_at(self, state: State, line: int, block: int, inter: int) -> list[Step]:
        """HoDoKu's Sue de Coq steps of one intersection.  Why they hold: the
        core C holds |C| symbols of V (|V| = |C| + n); a line part L with
        e_L symbols outside V holds at least |L| - e_L of V, the box part B
        at least |B| - e_B, none of them those of L; as (|L| - e_L) +
        (|B| - e_B) = n, C, L and B hold every symbol of V once, L every
        symbol of its own outside V, B every one of its own."""
        g = state.puzzle.geometry
        value = state.value
        core_cells = [c for c in bits_of(inter) if value[c] < 0]
        line_all = [c for c in g.houses[line] if value[c] < 0]
        box_all = [c for c in g.houses[block] if value[c] < 0]
        found = sdc_shared(state, core_cells, line_all, box_all)
        return self._shared_steps(state, line, block, inter, found)

    def _shared_steps(self, state: State, line: int, block: int, inter: int,
                      found: list[SdcFound] | None) -> list[Step]:
        """The steps of the Sue de Coqs ``found`` at one intersection (None:
        search in Python)."""
        g = state.puzzle.geometry
        cand, value = state.cand, state.value
        core_cells = [c for c in bits_of(inter) if value[c] < 0]
        line_all = [c for c in g.houses[line] if value[c] < 0]
        box_all = [c for c in g.houses[block] if value[c] < 0]
        out = []
        for core, a_cells, d_cells, v, va, vd in (_shared_search(cand, core_cells, line_all, box_all)
                                                  if found is None else found):
            elims = _shared_eliminations(cand, line_all, box_all, core, a_cells, d_cells, v, va, vd)
            if elims:
                out.append(Step(self.technique, eliminations=elims,
                                cells=sorted({*core, *a_cells, *d_cells}), houses=(line, block),
                                symbols=bits_of(v | va | vd),
                                details=(("core", core), ("line_cells", a_cells), ("box_cells", d_cells),
                                         ("core_symbols", tuple(bits_of(v))),
                                         ("line_symbols", tuple(bits_of(va))),
                                         ("box_symbols", tuple(bits_of(vd))))))
        return out

    def _at(self, state: State, line: int, block: int, inter: int) -> Iterator[Step]:
        """The Sue de Coq steps of one line-box intersection."""
        g = state.puzzle.geometry
        cand, value = state.cand, state.value
        core_cells = [c for c in bits_of(inter) if value[c] < 0]
        line_rest = [c for c in g.houses[line] if value[c] < 0 and not inter >> c & 1]
        box_rest = [c for c in g.houses[block] if value[c] < 0 and not inter >> c & 1]
        line_groups = box_groups = None   # (made when a core first needs them)
        for size in (2, 3):
            for core in combinations(core_cells, size):
                v = 0
                for c in core:
                    v |= cand[c]
                if v.bit_count() < size + 2:
                    continue
                if line_groups is None or box_groups is None:
                    line_groups, box_groups = _cell_sets(line_rest, cand), _cell_sets(box_rest, cand)
                line_parts = _parts(line_groups, v)
                box_parts = _parts(box_groups, v)
                for a_cells, va in line_parts:
                    for d_cells, vd in box_parts:
                        if va & vd:
                            continue
                        total = v | va | vd
                        if total.bit_count() != size + len(a_cells) + len(d_cells):
                            continue
                        line_out = va | (v & ~vd)
                        box_out = vd | (v & ~va)
                        used = set(core) | set(a_cells) | set(d_cells)
                        elims = [(c, s) for c in line_rest if c not in used for s in bits_of(cand[c] & line_out)]
                        elims += [(c, s) for c in box_rest if c not in used for s in bits_of(cand[c] & box_out)]
                        # the intersection's other cells lie in both houses
                        elims += [(c, s) for c in core_cells if c not in used
                                  for s in bits_of(cand[c] & (line_out | box_out))]
                        if elims:
                            yield Step(self.technique, eliminations=elims, cells=sorted(used),
                                       houses=(line, block), symbols=bits_of(total),
                                       details=(("core", core), ("line_cells", a_cells), ("box_cells", d_cells),
                                                ("core_symbols", tuple(bits_of(v))),
                                                ("line_symbols", tuple(bits_of(va))),
                                                ("box_symbols", tuple(bits_of(vd)))))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(660, "sue-de-coq", "Sue de Coq", ALS, 6.2, 250, UNFAIR, "1101",
        "Cells where a line meets a box, with cells of the rest of the line and of the box sharing no symbol, "
        "hold exactly as many symbols as cells: each part's symbols leave the rest of its house.",
        rating_note="Not in Sudoku Explainer 1.2.1; deduce's own 6.2, with the aligned pair exclusion, just "
                    "below SE's chains (6.5+), as HoDoKu puts it below chains (250).", hodoku_order=400),
    row(670, "als-xz", "ALS-XZ", ALS, 6.9, 300, UNFAIR, "0901",
        "Two almost locked sets joined by a restricted common symbol x; a symbol z of both lies in one of them.",
        rating_note="Not in Sudoku Explainer 1.2.1 (it finds these as forcing chains, 6.6-7.5); deduce's own "
                    "6.9, between SE's forcing X/Y-chains and XY-chains, as Sukaku Explainer's ALS-XZ (6.9).",
        hodoku_order=470),
    row(680, "als-xy-wing", "ALS-XY-wing", ALS, 7.2, 320, UNFAIR, "0902",
        "Three almost locked sets: a pivot joined to the other two by different restricted commons.",
        rating_note="deduce's own 7.2: ALS-XZ plus a third set, as Sukaku Explainer's ALS-XY-wing (7.2).",
        hodoku_order=480),
    row(690, "als-chain", "ALS chain", ALS, 7.4, 340, UNFAIR, "0903",
        "Four or more almost locked sets, each joined to the next by a restricted common (two consecutive ones "
        "different): a symbol z of the first and last set lies in one of them.",
        rating_note="deduce's own 7.4 (ALS-XY-wing 7.2 plus a set), plus 0.1 per set beyond four; "
                    "HoDoKu's ALS-XY-chain (340).", hodoku_order=490),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "SdC": ("sue-de-coq",),
    "Almost locked set XZ": ("als-xz",),
    "Almost locked set XZ-rule": ("als-xz",),
    "ALS XZ": ("als-xz",),
    "ALS-XZ rule": ("als-xz",),
    "Almost locked sets": ("als-xz", "als-xy-wing", "als-chain"),
    "ALS": ("als-xz", "als-xy-wing", "als-chain"),
    "Almost locked set XY-wing": ("als-xy-wing",),
    "ALS XY wing": ("als-xy-wing",),
    "Almost locked set chain": ("als-chain",),
    "ALS-XY-chain": ("als-chain",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


AlsRecord = tuple[tuple[int, ...], tuple[int, ...], int]


class AlsXZDetails(TypedDict, total=False):
    #: the two sets
    sets: tuple[AlsRecord, ...]
    #: the restricted common symbol
    x: int
    #: the symbol eliminated (singly linked)
    z: int
    #: the second restricted common (doubly linked)
    x2: int


class AlsXYWingDetails(TypedDict):
    #: the two wings, then the pivot
    sets: tuple[AlsRecord, ...]
    #: the restricted common of the first wing and the pivot, then of the second and the pivot
    x: int
    y: int
    #: the symbol eliminated
    z: int


class _AlsChainBase(TypedDict):
    sets: tuple[AlsRecord, ...]
    #: the restricted commons joining each set to the next
    rccs: tuple[tuple[int, ...], ...]
    z: int


class AlsChainDetails(_AlsChainBase, total=False):
    #: every symbol the chain removes, where it removes more than one (HoDoKu's reading)
    zs: tuple[int, ...]


class SueDeCoqDetails(TypedDict):
    #: the cells where the line meets the box, and their symbols
    core: tuple[int, ...]
    core_symbols: tuple[int, ...]
    #: cells of the rest of the line, and of the rest of the box, with their symbols
    line_cells: tuple[int, ...]
    line_symbols: tuple[int, ...]
    box_cells: tuple[int, ...]
    box_symbols: tuple[int, ...]


DETAILS: dict[str, type] = {"als-xz": AlsXZDetails, "als-xy-wing": AlsXYWingDetails, "als-chain": AlsChainDetails,
                            "sue-de-coq": SueDeCoqDetails}

TEMPLATES = {
    "sue-de-coq": (
        "Look for a Sue de Coq where {house} meets {house2}.",
        "Which {word}s do {core_cells} hold, and which cells of {house} and {house2} hold only some of them?",
        "{sdc_text}",
    ),
    "als-xz": (
        "Look for two almost locked sets sharing a restricted common {word}.",
        "{als_sets_clue}",
        "{als_text}",
    ),
    "als-xy-wing": (
        "Look for three almost locked sets: a pivot and two wings.",
        "{als_sets_clue}",
        "{als_text}",
    ),
    "als-chain": (
        "Look for a chain of almost locked sets, each joined to the next by a restricted common {word}.",
        "{als_sets_clue}",
        "{als_chain_text}",
    ),
}


def _sdc_text(r: TextRenderer, step: Step) -> str:
    line, box = (r.house(h) for h in step.houses)
    core, a, d = step.detail("core"), step.detail("line_cells"), step.detail("box_cells")
    v, va, vd = step.detail("core_symbols"), step.detail("line_symbols"), step.detail("box_symbols")
    n = len(core) + len(a) + len(d)
    w = word(r.puzzle)
    shared = sorted(set(va) & set(vd))
    if shared:  # HoDoKu's reading: the parts share a symbol outside V
        k_line = len(a) - len(set(va) - set(v))
        return (f"{capitalize(r.cells(core))}, where {line} meets {box}, hold {r.symset(v)}: {len(v) - len(core)} "
                f"more than their cells, so {len(v) - len(core)} of them must go elsewhere. "
                f"{capitalize(r.cells(a))} in the rest of {line} {verb(len(a), 'holds', 'hold')} {r.symset(va)}, "
                f"and so {verb(len(a), 'takes', 'take')} at least {k_line} of {r.symset(v)}; {r.cells(d)} in the "
                f"rest of {box} {verb(len(d), 'holds', 'hold')} {r.symset(vd)}, none of the line's "
                f"{r.symset(sorted(set(va) & set(v)))}, and so {verb(len(d), 'takes', 'take')} the others. So each "
                f"{w} of {r.symset(v)} is in one of these cells, once, and each part holds all its other {w}s "
                f"({r.symset(shared)} in both): the rest of {line} loses {r.symset(set(va) | (set(v) - set(vd)))} "
                f"and the rest of {box} loses {r.symset(set(vd) | (set(v) - set(va)))}: "
                f"{r.removed(step.eliminations)}.")
    return (f"{capitalize(r.cells(core))}, where {line} meets {box}, hold {r.symset(v)}. {capitalize(r.cells(a))} "
            f"in the rest of {line} {verb(len(a), 'holds', 'hold')} {r.symset(va)}, and {r.cells(d)} in the "
            f"rest of {box} {verb(len(d), 'holds', 'hold')} {r.symset(vd)}; those two share no {w}. "
            f"These {n} cells hold {n} {w}s between them, so each {w} is in one of them: the rest of {line} "
            f"loses {r.symset(set(va) | (set(v) - set(vd)))} and the rest of {box} loses "
            f"{r.symset(set(vd) | (set(v) - set(va)))}: {r.removed(step.eliminations)}.")


def _als_place(r: TextRenderer, als: AlsRecord) -> str:
    cells, _, house = als
    return f"{r.cells(cells)} in {r.house(house)}"


def _als_name(r: TextRenderer, als: AlsRecord) -> str:
    cells, syms, _ = als
    return f"{_als_place(r, als)} ({len(cells)} cell{'s' if len(cells) > 1 else ''}, {r.symset(syms)})"


_ALS_HEAD = ("Each of {names} holds one more {w} than it has cells (an almost locked set): without any one "
             "of its {w}s, it is locked on the rest.")


def _als_text(r: TextRenderer, step: Step) -> str:
    sets = step.detail("sets")
    head = _ALS_HEAD.format(names=prose([_als_name(r, a) for a in sets]), w=word(r.puzzle))
    removed = r.removed(step.eliminations)
    x = r.sym(step.detail("x"))
    w = word(r.puzzle)
    if step.code == "als-xz" and step.variant == "double":
        x2 = r.sym(step.detail("x2"))
        return (f"{head} {x} and {x2} are restricted commons: every {x} (and every {x2}) of the first set sees "
                f"those of the second, so each goes in at most one set; with two such {w}s each set loses "
                f"one of them and is locked on the rest. So {x} and {x2} each lie in one of the sets, every "
                f"other {w} lies in its own set, and cells seeing all its places lose it: {removed}.")
    zs = {d for _, d in step.eliminations}  # (HoDoKu's whole steps: several)
    z = r.syms_prose(zs)
    lies, it = verb(len(zs), "lies", "each lie"), verb(len(zs), "it", "them")
    if step.code == "als-xz":
        return (f"{head} {x} is their restricted common: every {x} of the first sees every {x} of the second, so "
                f"{x} is missing from one of them, which is then locked and holds its {z}. "
                f"So {z} {lies} in one of the two sets, and cells seeing every {z} of both lose {it}: {removed}.")
    y = r.sym(step.detail("y"))
    return (f"{head} The pivot, the third set, shares restricted common {x} with the first and {y} with the "
            f"second; it cannot hold both, so the first lacks {x} or the second lacks {y}, and that set is "
            f"locked and holds its {z}. Cells seeing every {z} of the first two sets lose {it}: {removed}.")


def _als_chain_text(r: TextRenderer, step: Step) -> str:
    sets = step.detail("sets")
    rccs = step.detail("rccs")
    zs = step.detail("zs", ())
    z = r.sym(step.detail("z")) if len(zs) < 2 else "z"
    lines = [_ALS_HEAD.format(names=prose([_als_name(r, a) for a in sets]), w=word(r.puzzle))
             + (f" Take z to be each of {r.syms_prose(zs)} in turn." if len(zs) > 1 else "")
             + f" Suppose the first set holds no {z}.",
             f" 1. then it is locked on its other {word(r.puzzle)}s and holds {r.syms_prose(rccs[0])}"]
    for k, (als, arc, nxt) in enumerate(zip(sets[1:], rccs, rccs[1:] + ((),)), 2):
        syms = [r.sym(x) for x in arc]
        lacks = f"no {syms[0]}" if len(syms) == 1 else "neither " + " nor ".join(syms)
        holds = f"holds {r.syms_prose(nxt)}" if nxt else f"holds its {z}"
        lines.append(f" {k}. then the set {_als_place(r, als)} holds {lacks} (each such candidate sees those of the "
                     f"set before), so it is locked and {holds}")
    lines.append(f"So {z} lies in the first or the last set, and cells seeing every {z} of both lose it: "
                 f"{r.removed(step.eliminations)}.")
    return "\n".join(lines)


FIELDS: dict[str, Field] = {
    "core_cells": lambda r, s: r.cells(s.detail("core")),
    "sdc_text": _sdc_text,
    "als_sets_clue": lambda r, s: "Look at " + prose([_als_name(r, a) for a in s.detail("sets")]) + ".",
    "als_text": _als_text,
    "als_chain_text": _als_chain_text,
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _als(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    core = step.detail("core")
    if core is not None:  # Sue de Coq
        parts = (core, step.detail("line_cells", ()), step.detail("box_cells", ()))
        syms = (step.detail("core_symbols", ()), step.detail("line_symbols", ()), step.detail("box_symbols", ()))
        for i, (cells, ss) in enumerate(zip(parts, syms)):
            b.cell_roles(cells, numbered("set", i))
            b.cands(cells, ss, numbered("set", i))
        b.house_roles(step.houses, "house")
        return b.done()
    sets = step.detail("sets", ())
    commons = [step.detail(k) for k in ("x", "x2", "y") if step.detail(k) is not None]
    rccs = step.detail("rccs", ())
    z = step.detail("z")
    for i, (cells, _syms, _house) in enumerate(sets):
        b.cell_roles(cells, numbered("set", i))
        if z is not None:
            b.cands(cells, step.detail("zs") or (z,), "z")
        b.cands(cells, commons + [s for arc in rccs for s in arc], "rcc")
        b.cands(cells, _syms, numbered("set", i), beside=SET_ROLES)  # a cell in two sets: both
    # each restricted common as a weak link between the two sets it joins
    if step.code == "als-xy-wing" and len(sets) == 3:
        pairs = [(0, 2, step.detail("x")), (1, 2, step.detail("y"))]
    elif rccs:
        pairs = [(i, i + 1, x) for i, arc in enumerate(rccs) for x in arc]
    else:
        pairs = [(0, 1, x) for x in commons]
    for i, j, x in pairs:
        if x is None or j >= len(sets):
            continue
        ends = [[c for c in sets[k][0] if state is None or state.cand[c] >> x & 1] for k in (i, j)]
        options = [(a, c) for a in ends[0] for c in ends[1] if a != c]
        if options:
            a, c = min(options, key=lambda ac: _distance(puzzle, *ac))
            b.link((a, x), (c, x), strong=False, directed=False)
    return b.done()


def _distance(puzzle: Puzzle, a: int, b: int) -> int:
    n = puzzle.size
    return abs(a // n - b // n) + abs(a % n - b % n)


MARKERS: dict[str, Marker] = {"als": _als}
