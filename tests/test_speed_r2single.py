"""The faster readings of the singles, locked candidates and direct
techniques find what the plain readings find, in the same order, on random
candidate grids (sizes 4 to 9, boxes and jigsaw regions, some cells solved,
not always consistently), with one solve cache carried from grid to grid:

* :class:`NakedSingle` (the cells in one symbol's places only) against its
  cell-by-cell scan;
* :meth:`HiddenSingle.placing` (only the cell's own houses) against the
  first matching single of the house-by-house scan;
* :class:`Direct` pointing and claiming (masks, a step built only for a
  single) against the locked candidates' steps filtered by
  :func:`strategies.direct._hidden_single_after`, as they used to be;
* the direct hidden pair and triple against the hidden subsets' steps
  filtered the same way.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry
from deduce.puzzle import Puzzle
from deduce.solve_cache import SolveCache
from deduce.state import State
from strategies.direct import Direct, _hidden_single_after
from strategies.intersections import LockedCandidates
from strategies.singles import HiddenSingle, NakedSingle
from strategies.subsets import HiddenSubset

from .test_accel import ALPHABET, _jigsaw_6, _random_position

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")

GEOMETRIES = (Geometry.boxes(4), Geometry.boxes(6), _jigsaw_6(), Geometry.boxes(9))


def _positions(geometry: Geometry, seed: int, count: int) -> list[State]:
    """``count`` random grids sharing one solve cache, from mostly empty to mostly solved."""
    cache = SolveCache()
    out = []
    for i in range(count):
        solved = (0.1, 0.4, 0.7, 0.9)[i % 4]
        if i % 3 == 2 and geometry.box_shape:
            state = _completed(geometry, seed * 31 + i, solved)
        else:
            state = _random_position(geometry, seed * 31 + i, solved=solved, few=i % 2 == 1)
            full = (1 << geometry.size) - 1
            state.cand[:] = [m & full for m in state.cand]
        state.cache = cache
        out.append(state)
    return out


def _completed(geometry: Geometry, seed: int, solved: float) -> State:
    """A grid of boxes from a pattern solution, about ``solved`` of its cells
    kept, each other cell its own symbol and some random ones (consistent:
    full houses and hidden singles appear)."""
    rng = random.Random(seed)
    n = geometry.size
    bh, bw = geometry.box_shape or (1, n)
    cand, value = [], []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        own = (r % bh * bw + r // bh + c) % n
        if rng.random() < solved:
            cand.append(1 << own)
            value.append(own)
        else:
            cand.append(1 << own | rng.getrandbits(n))
            value.append(-1)
    return State(Puzzle(geometry, ALPHABET[:n], (-1,) * (n * n)), cand, value)


def _old_placing(strategy: HiddenSingle, state: State, cell: int, sym: int):
    for h, c, s in strategy._python_singles(state):
        if c == cell and s == sym:
            return strategy._step(state, h, cell, sym)
    return None


def _old_direct(kind: str | int, state: State) -> list:
    """Direct.find as it read before: every base step, then the single it leaves."""
    g = state.puzzle.geometry
    masks, n = g.house_masks, g.size
    out = []
    base = LockedCandidates(kind) if isinstance(kind, str) else HiddenSubset(kind)
    for step in base.find(state):
        if isinstance(kind, str):
            source, target = step.houses[0], step.houses[1]
            k = source // n
            places = [h for h in range(k * n, k * n + n) if h != source and masks[h] & masks[target]]
        else:
            places = [step.houses[0]]
        single = _hidden_single_after(state, step.eliminations, masks, places)
        if single is not None:
            out.append(Direct(kind)._direct(step, single))
    return out


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GEOMETRIES), st.integers(0, 10**6))
def test_naked_singles_match_the_cell_scan(geometry, seed):
    for state in _positions(geometry, seed, 8):
        assert list(NakedSingle().find(state)) == list(NakedSingle()._python_find(state))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(GEOMETRIES), st.integers(0, 10**6))
def test_placing_matches_the_scan(geometry, seed):
    for state in _positions(geometry, seed, 6):
        hs = HiddenSingle()
        for cell in range(geometry.ncells):
            for sym in range(geometry.size):
                assert hs.placing(state, cell, sym) == _old_placing(hs, state, cell, sym), (cell, sym)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GEOMETRIES), st.integers(0, 10**6))
def test_direct_matches_the_filtered_base(geometry, seed):
    for state in _positions(geometry, seed, 6):
        for kind in ("pointing", "claiming", 2, 3):
            new = list(Direct(kind).find(state))
            assert new == _old_direct(kind, state), kind
            assert [s.details for s in new] == [s.details for s in _old_direct(kind, state)]


def test_the_comparisons_see_singles_and_direct_steps():
    """The random grids do hold what the comparisons compare (not only empty lists)."""
    counts = {"ns": 0, "placing": 0, "direct": 0}
    for seed in range(12):
        for state in _positions(Geometry.boxes(9), seed, 4):
            counts["ns"] += len(list(NakedSingle().find(state)))
            counts["placing"] += sum(HiddenSingle().placing(state, c, s) is not None
                                     for c in range(81) for s in range(9))
            counts["direct"] += sum(len(list(Direct(k).find(state))) for k in ("pointing", "claiming", 2))
    assert all(counts.values()), counts
