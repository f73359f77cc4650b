"""Speed-ups of the single-digit patterns, wings, XY-chains and BUG that change no step:
each new search against the plain reading it replaced, on random positions."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from deduce import Puzzle
from deduce.geometry import bits_of
from deduce.solve_cache import SolveCache
from deduce.state import State
from strategies.bug import MAX_BUG_CELLS, _product, bug_extras
from strategies.chains import MAX_CELLS, XYChain
from strategies.single_digit import Skyscraper, TurbotFish, TwoStringKite, strong_links
from strategies.wings import WWing, XYWing, XYZWing, _pairs

PUZZLE = Puzzle.empty(9)

# a cell: solved (a symbol) or its candidates, mostly two or three of them
cell = st.one_of(
    st.integers(0, 8).map(lambda s: (s, 1 << s)),
    st.sets(st.integers(0, 8), min_size=2, max_size=3).map(lambda ss: (-1, sum(1 << s for s in ss))),
    st.sets(st.integers(0, 8), min_size=1, max_size=9).map(lambda ss: (-1, sum(1 << s for s in ss))),
)
positions = st.lists(cell, min_size=81, max_size=81).map(
    lambda cells: State(PUZZLE, [m for _, m in cells], [v for v, _ in cells], SolveCache()))


def records(steps):
    return [(s.code, s.eliminations, s.placements, s.cells, s.houses, s.symbols, s.details) for s in steps]


def plain_turbot(state, shape):
    """The skyscraper, kite and turbot fish as they were searched, each on its own."""
    pm, g = PUZZLE.peer_masks, PUZZLE.geometry
    out = []
    for sym in range(9):
        where = sum(1 << c for c in range(81) if state.value[c] < 0 and state.cand[c] >> sym & 1)
        seen = set()
        links = strong_links(state, sym, where)
        for i, (h1, a1, b1) in enumerate(links):
            for h2, a2, b2 in links[i + 1:]:
                if {a1, b1} & {a2, b2}:
                    continue
                for a, b in ((a1, b1), (b1, a1)):
                    for c, d in ((a2, b2), (b2, a2)):
                        if not pm[b] >> c & 1:
                            continue
                        k1, k2 = g.house_kind(h1), g.house_kind(h2)
                        kind = ("skyscraper" if k1 == k2 and k1 in ("row", "column") else
                                "kite" if {k1, k2} == {"row", "column"} and g.region_of[b] == g.region_of[c]
                                else "turbot")
                        both = pm[a] & pm[d] & where & ~((1 << a) | (1 << b) | (1 << c) | (1 << d))
                        if kind != shape or not both:
                            continue
                        key = (frozenset(bits_of(both)), frozenset((a, d)))
                        if key not in seen:
                            seen.add(key)
                            out.append((tuple((t, sym) for t in bits_of(both)), (a, b, c, d), (h1, h2)))
    return out


@settings(max_examples=60, deadline=None)
@given(state=positions)
def test_the_shared_chain_search_finds_each_shapes_chains(state):
    for producer in (Skyscraper(), TwoStringKite(), TurbotFish()):
        got = [(s.eliminations, s.cells, s.houses) for s in producer.find(state)]
        assert got == plain_turbot(state, producer.SHAPE)


def plain_bug_extras(state):
    """:func:`bug_extras` as it was: house counts cell by cell, every house checked per choice."""
    g, cand, value = PUZZLE.geometry, state.cand, state.value
    unsolved = [c for c in range(81) if value[c] < 0]
    if any(cand[c].bit_count() < 2 for c in unsolved):
        return None
    bug = [c for c in unsolved if cand[c].bit_count() > 2]
    if not bug or len(bug) > MAX_BUG_CELLS:
        return None
    choices = [[(1 << a) | (1 << b) for a, b in combinations(bits_of(cand[c]), 2)] for c in bug]
    if len(list(_product(choices))) > 1000:
        return None
    need = []
    for h, cells in enumerate(g.houses):
        placed = state.placed_in(h)
        for s in range(9):
            if not placed >> s & 1:
                count = sum(1 for c in cells if c not in bug and value[c] < 0 and cand[c] >> s & 1)
                if count > 2:
                    return None
                need.append((h, s, count))
    for keep in _product(choices):
        if all(count + sum(1 for i, c in enumerate(bug) if h in g.cell_houses[c] and keep[i] >> s & 1) == 2
               for h, s, count in need):
            return {c: cand[c] & ~keep[i] for i, c in enumerate(bug)}
    return None


def near_bug(shift):
    """A BUG: the cells of two solved grids (one the other with its digits shifted) as pairs."""
    grid = [(3 * (r % 3) + r // 3 + c) % 9 for r in range(9) for c in range(9)]
    return [(1 << d) | (1 << ((d + shift) % 9)) for d in grid]


@settings(max_examples=60, deadline=None)
@given(state=positions, extra=st.lists(st.tuples(st.integers(0, 80), st.integers(0, 8)), max_size=4),
       shift=st.integers(1, 8))
def test_bug_extras_agree_with_the_plain_reading(state, extra, shift):
    assert bug_extras(state) == plain_bug_extras(state)
    # near a BUG (every cell a pair, a few with one more candidate), where the search has work to do
    cand = near_bug(shift)
    for c, s in extra:
        cand[c] |= 1 << s
    near = State(PUZZLE, cand, [-1] * 81, SolveCache())
    assert bug_extras(near) == plain_bug_extras(near)


def plain_wing_pincers(state, pivot, size):
    """The pincers of the XY-wing (size 2) or XYZ-wing (size 3) pivot as they were found."""
    cand, value, pm = state.cand, state.value, cand_of(state, pivot)
    if size == 2:
        return [c for c in PUZZLE.peers[pivot] if value[c] < 0 and cand[c].bit_count() == 2
                and (cand[c] & pm).bit_count() == 1]
    return [c for c in PUZZLE.peers[pivot] if value[c] < 0 and cand[c].bit_count() == 2 and cand[c] & ~pm == 0]


def cand_of(state, c):
    return state.cand[c]


@settings(max_examples=60, deadline=None)
@given(state=positions)
def test_wings_found_from_masks_are_the_wings_found_cell_by_cell(state):
    cand, value, pm = state.cand, state.value, PUZZLE.peer_masks
    xy, xyz = [], []
    for pivot in range(81):
        k = cand[pivot].bit_count()
        if value[pivot] >= 0 or k not in (2, 3):
            continue
        for a, b in combinations(plain_wing_pincers(state, pivot, k), 2):
            if k == 2:
                za, zb = cand[a] & ~cand[pivot], cand[b] & ~cand[pivot]
                if za == zb and (cand[a] & cand[pivot]) != (cand[b] & cand[pivot]):
                    xy.append((pivot, a, b))
            elif cand[a] != cand[b] and (cand[a] & cand[b]).bit_count() == 1:
                xyz.append((pivot, a, b))
    assert [s.cells for s in XYWing().find(state)] == [w for w in xy if _eliminates(state, w, 2)]
    assert [s.cells for s in XYZWing().find(state)] == [w for w in xyz if _eliminates(state, w, 3)]
    # W-wing: its pairs of bivalue cells with the same candidates, not seeing each other, in cell order
    bivalue = state.bivalue_cells()
    pairs = [(a, b) for a, b in combinations(bivalue, 2) if cand[a] == cand[b]]
    alike: dict[int, list[int]] = {}
    for c in bivalue:
        alike.setdefault(cand[c], []).append(c)
    assert list(_pairs(bivalue, alike, cand)) == pairs
    assert all(s.cells[:2] in pairs and not pm[s.cells[0]] >> s.cells[1] & 1 for s in WWing().find(state))


def _eliminates(state, wing, size):
    pivot, a, b = wing
    z = (state.cand[a] & state.cand[b] if size == 3 else state.cand[a] & ~state.cand[pivot]).bit_length() - 1
    ends = (pivot, a, b) if size == 3 else (a, b)
    m = (1 << 81) - 1
    for c in ends:
        m &= PUZZLE.peer_masks[c]
    return any(state.value[t] < 0 and state.cand[t] >> z & 1 and t not in ends for t in bits_of(m))


def plain_chains(start, on, x, neighbours, cand):
    """:meth:`XYChain._chains` as it was: breadth-first with (cell, symbol) tuples."""
    parent = {(start, on): None}
    frontier = [(start, on)]
    for _ in range(MAX_CELLS - 1):
        nxt_frontier = []
        for cell, held in frontier:
            for nxt in neighbours[cell]:
                if not cand[nxt] >> held & 1:
                    continue
                state = (nxt, (cand[nxt] & ~(1 << held)).bit_length() - 1)
                if state in parent:
                    continue
                parent[state] = (cell, held)
                nxt_frontier.append(state)
                if state[1] == x and nxt != start:
                    path, link = [nxt], parent[state]
                    while link is not None:
                        path.append(link[0])
                        link = parent[link]
                    path.reverse()
                    if len(path) >= 3 and len(set(path)) == len(path):
                        yield tuple(path)
        frontier = nxt_frontier


def plain_xy_chains(state, cannibal):
    """The XY-chains' (path, symbol, targets) as they were found: searched afresh each time."""
    cand, value, pm = state.cand, state.value, PUZZLE.peer_masks
    bivalue = state.bivalue_cells()
    if len(bivalue) < 3:
        return []
    neighbours = {c: [p for p in PUZZLE.peers[c] if p in bivalue] for c in bivalue}
    found = []
    for start in bivalue:
        for x in bits_of(cand[start]):
            other = (cand[start] & ~(1 << x)).bit_length() - 1
            for path in plain_chains(start, other, x, neighbours, cand):
                targets = [t for t in bits_of(pm[start] & pm[path[-1]]) if value[t] < 0
                           and cand[t] >> x & 1 and (cannibal or t not in path)]
                if targets:
                    found.append((len(path), path, x, targets))
    seen, out = set(), []
    for _, path, x, targets in sorted(found, key=lambda f: (f[0], f[1])):
        if (x, frozenset(targets)) not in seen:
            seen.add((x, frozenset(targets)))
            out.append((path, tuple((t, x) for t in targets)))
    return out


@settings(max_examples=50, deadline=None)
@given(state=positions, cannibal=st.booleans())
def test_xy_chains_remembered_are_the_chains_searched_afresh(state, cannibal):
    cache = SolveCache()
    for kind in (cannibal, not cannibal, cannibal):  # the second and third from the memo
        got = [(s.cells, s.eliminations) for s in XYChain(kind).find(State(PUZZLE, state.cand, state.value, cache))]
        assert got == plain_xy_chains(state, kind)
