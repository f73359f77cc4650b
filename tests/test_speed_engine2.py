"""The engine2 pass's faster readings find what the plain readings found, in
the same order, on random candidate grids (sizes 4 to 9, boxes and jigsaw
regions, some cells solved, not always consistently; one solve cache carried
from grid to grid):

* the hidden singles from the house cells' candidate masks against the scan
  of the symbols' places, house by house;
* the hidden single's blockers (the first peer holding the symbol) against
  the walk over the peers;
* the locked candidates grouped by source house against the scan of every
  intersection;
* :func:`strategies._houses.common_targets` from the symbol's places against
  the common peers filtered cell by cell;
* :func:`deduce.solve_cache.per_position` against the cache's method;
* :func:`deduce.collector.relaxed` nested and left by an exception.
"""

from __future__ import annotations

import gc
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce import collector
from deduce.geometry import cells_of
from deduce.solve_cache import SolveCache, per_position
from deduce.state import State
from strategies._houses import common_targets, house_order
from strategies._memo import memo_for, symbol_masks
from strategies.intersections import LockedCandidates, _intersections
from strategies.singles import HiddenSingle

from .test_speed_r2single import GEOMETRIES, _positions

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")


def _scanned_hidden_singles(state: State) -> list[tuple[int, int, int]]:
    """The hidden singles as they were read: per house, each symbol's places in it."""
    g = state.puzzle.geometry
    where = state.symbol_masks()
    unsolved = state.unsolved_mask()
    out = []
    for h in house_order(g):
        hm = g.house_masks[h]
        empty = unsolved & hm
        if not empty & (empty - 1):
            continue
        for sym, places in enumerate(where):
            m = places & hm
            if m and not m & (m - 1) and not state.placed_in(h) >> sym & 1:
                out.append((h, m.bit_length() - 1, sym))
    return out


def _walked_blocker(state: State, cell: int, sym: int) -> int:
    for p in state.puzzle.peers[cell]:
        if state.value[p] == sym:
            return p
    return -1


def _scanned_locked(state: State, kind: str) -> list[tuple[int, int, int, int, int]]:
    out = []
    for sym, where in enumerate(state.symbol_masks()):
        for source, target, source_mask, rest, outside in _intersections(state.puzzle.geometry, kind):
            if where & rest or not where & source_mask:
                continue
            if where & outside:
                out.append((sym, source, target, where & source_mask, where & outside))
    return out


def _filtered_targets(state: State, cells: tuple[int, ...], sym: int) -> list[int]:
    m = state.puzzle.geometry.all_cells_mask
    for c in cells:
        m &= state.puzzle.peer_masks[c]
    return [c for c in cells_of(m) if state.value[c] < 0 and state.cand[c] >> sym & 1 and c not in cells]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(GEOMETRIES), st.integers(0, 10**6))
def test_the_faster_readings_find_the_same(geometry, seed):
    hs = HiddenSingle()
    found = 0
    for state in _positions(geometry, seed, 8):
        singles = list(hs._python_singles(state))
        assert singles == _scanned_hidden_singles(state)
        for h, cell, sym in singles[:3]:
            step = hs._step(state, h, cell, sym)
            blockers = dict(step.details)["blockers"]
            assert blockers == tuple((c, _walked_blocker(state, c, sym)) for c in geometry.houses[h]
                                     if state.value[c] < 0 and c != cell)
        for kind in ("pointing", "claiming"):
            lc = LockedCandidates(kind)
            assert lc.found(state) == _scanned_locked(state, kind)
            memo_for(state).clear()  # (read afresh, not from the memo)
            assert lc.found(state) == _scanned_locked(state, kind)
        unsolved = [c for c in range(geometry.ncells) if state.value[c] < 0]
        for cells in list(combinations(unsolved[:6], 2))[:8] + [(), tuple(unsolved[:3])]:
            for sym in range(geometry.size):
                targets = common_targets(state, cells, sym)
                assert targets == _filtered_targets(state, cells, sym)
                found += bool(targets)
        assert symbol_masks(state) == state.symbol_masks()
    assert found  # (some targets: the comparison is not only of empty lists)


def test_per_position_is_the_caches_own():
    state = next(iter(_positions(GEOMETRIES[-1], 7, 1)))
    own = SolveCache()
    state.cache = own
    calls = []
    assert per_position(state, "k", lambda: calls.append(1) or 5) == 5
    assert own.per_position(state, "k", lambda: 6) == 5 and calls == [1]
    cell = next(c for c in range(81) if state.value[c] < 0 and state.cand[c])
    state.place(cell, state.cand[cell].bit_length() - 1)
    assert per_position(state, "k", lambda: 7) == 7   # (a new position: computed again)
    state.drop_cache()
    assert per_position(state, "k", lambda: 8) == 8   # (the thread's scratch cache)
    assert per_position(state, "k", lambda: 9) == 8


def test_relaxed_nests_and_restores():
    before = gc.get_threshold()
    with pytest.raises(KeyError):
        with collector.relaxed():
            with collector.relaxed():
                assert gc.get_threshold()[0] >= collector.YOUNG_THRESHOLD or before[0] == 0
            assert gc.get_threshold()[0] >= collector.YOUNG_THRESHOLD or before[0] == 0
            raise KeyError("left by an exception")
    assert gc.get_threshold() == before


def test_steps_keep_their_pairs_sorted_and_unique():
    from deduce.step import Step
    from deduce.techniques import technique

    t = technique("hs")
    assert Step(t).placements == () and Step(t, placements=[]).eliminations == ()
    assert Step(t, placements=[(3, 1)]).placements == ((3, 1),)
    assert Step(t, eliminations=((5, 2),)).eliminations == ((5, 2),)
    assert Step(t, eliminations=[(5, 2), (1, 0), (5, 2)]).eliminations == ((1, 0), (5, 2))
    assert Step(t, eliminations=((c, 0) for c in (4, 2))).eliminations == ((2, 0), (4, 0))


def _scanned_loops(state: State) -> list:
    """The unique loops as they were read: every pair of symbols, its cells counted first."""
    from strategies.unique_loops import MAX_LOOP_EXTRAS, _loop_candidates, _loops

    g, cand, places = state.puzzle.geometry, state.cand, state.symbol_masks()
    out = []
    for a, b in combinations(range(g.size), 2):
        both = places[a] & places[b]
        if both.bit_count() < 6:
            continue
        pair = (1 << a) | (1 << b)
        cells = cells_of(both)
        extras = [c for c in cells if cand[c] != pair]
        if len(cells) - len(extras) < 6 - MAX_LOOP_EXTRAS:
            continue
        kept = _loop_candidates(g, cells)
        loops = list(_loops(g, kept, set(extras) & set(kept))) if len(kept) >= 6 else []
        out.extend((loop, pair) for loop in loops)
    return out


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(GEOMETRIES[2:]), st.integers(0, 10**6))
def test_unique_loops_from_the_bivalue_cells(geometry, seed):
    from strategies.unique_loops import _all_loops

    for state in _positions(geometry, seed, 8):
        assert _all_loops(state) == _scanned_loops(state)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_loops_among_other_pairs(seed):
    """A 6-cell loop of the pair {1,2} (one corner with an extra) among random
    cells holding the pair or other pairs: the loops found are the same."""
    import random

    from deduce.puzzle import Puzzle
    from strategies.unique_loops import _all_loops

    rng = random.Random(seed)
    puzzle = Puzzle.from_string("." * 81)
    cand = [0b111111100] * 81
    for c in rng.sample(range(81), 14):
        cand[c] = rng.choice((0b11, 0b111, 0b1100, 0b10010, 0b1011))
    loop = (0, 3, 12, 15, 24, 18)  # r1c1 r1c4 r2c4 r2c7 r3c7 r3c1
    for c in loop:
        cand[c] = 0b11
    cand[rng.choice(loop)] |= 0b1000
    state = State.from_candidates(puzzle, cand, [-1] * 81)
    state.cache = SolveCache()
    found = _scanned_loops(state)
    assert any(set(found_loop) == set(loop) for found_loop, _ in found)
    assert _all_loops(state) == found


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_hodoku_queues_from_a_state_as_before(seed):
    """:meth:`SinglesQueues.from_state` (the lost candidates listed cell by
    cell) makes the queues the digit-by-digit listing made."""
    from deduce.rating.hodoku import N, SinglesQueues

    state = next(iter(_positions(GEOMETRIES[-1], seed, 2)))
    full = (1 << N) - 1
    state.cand[:] = [m & full or full for m in state.cand]   # (a cell without candidates would be solved)
    expected = SinglesQueues()
    for cell, v in enumerate(state.value):
        if v >= 0:
            expected.place(cell, v)
    for d, cell in sorted((d, cell) for cell, m in enumerate(state.cand) if state.value[cell] < 0
                          for d in range(N) if expected.cand[cell] >> d & 1 and not m >> d & 1):
        expected.eliminate(cell, d)
    got = SinglesQueues.from_state(state)
    assert (got.cand, got.value, got.free, got.ns, got.hs) == (
        expected.cand, expected.value, expected.free, expected.ns, expected.hs)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(GEOMETRIES), st.integers(0, 10**6))
def test_hodokus_locked_candidates_picked_from_the_found_tuples(geometry, seed):
    """HoDoKu's pointing and claiming step, picked from the found tuples,
    is the one :data:`PICK` takes among all the strategy's steps."""
    from deduce.engine import effective
    from deduce.rating.hodoku import PICK, PICK_FOUND

    picked = 0
    for state in _positions(geometry, seed, 8):
        for kind, code in (("pointing", "lc1"), ("claiming", "lc2")):
            lc = LockedCandidates(kind)
            expected = PICK[code](s for s in lc.find(state) if effective(s, state))
            assert PICK_FOUND[code](lc, state) == expected
            picked += expected is not None
    assert picked


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(GEOMETRIES), st.integers(0, 10**6))
def test_hidden_singles_in_c_as_in_python(geometry, seed):
    """:func:`strategies._accel.hidden_singles` (the C hidden-set search of
    one symbol) finds the singles of the Python scan, in its order, naked
    singles' cells too."""
    from strategies import _accel

    if _accel._deduce_accel is None:
        pytest.skip("the C accelerator is not installed")
    hs = HiddenSingle()
    both = 0
    for state in _positions(geometry, seed, 8):
        expected = list(hs._python_singles(state))
        assert _accel.hidden_singles(state) == expected
        assert list(hs._singles(state)) == expected
        both += any(state.cand[cell] == 1 << sym for _, cell, sym in expected)
    state.cand[:] = [m | 1 for m in state.cand]   # (a grid where every empty cell holds the first symbol)
    assert _accel.hidden_singles(state) == list(hs._python_singles(state))


def test_a_hidden_single_that_is_a_naked_single_too():
    from deduce.puzzle import Puzzle
    from strategies import _accel

    # row 1 misses 8 and 9; 9 fits r1c9 only (r4c8 holds it), and r1c9 is left nothing else
    state = State.from_puzzle(Puzzle.from_string("1234567.." + "." * 18 + ".......9." + "." * 45))
    state.cand[8] = 1 << 8
    state.cache = SolveCache()
    singles = list(HiddenSingle()._python_singles(state))
    assert (0, 8, 8) in [(h, c, s) for h, c, s in singles]
    if _accel._deduce_accel is not None:
        assert _accel.hidden_singles(state) == singles
