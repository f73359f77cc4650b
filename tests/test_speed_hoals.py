"""The hoals speed kernels find what the code they stand for finds:

* ``als_pair_table`` (``deduce/_accel/ho_misc.c``) makes, straight from the
  restricted commons of the ALS pairs, the link table of their neighbours
  (:func:`strategies.als._neighbours`; ``test_accel_homisc.link_table``);
* ``sdc_batch`` searches each intersection it is given as ``sdc_shared``
  does (unsolved cells only), and :meth:`strategies.als.SueDeCoq.find`'s
  HoDoKu reading, which searches again only the intersections whose line or
  box changed since the solve's last search, gives the steps of the pure
  Python search at every position of a solve;

on random candidate grids and positions where simpler techniques stop;
malformed input is refused with a clear error.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry, bits_of
from deduce.solve_cache import SolveCache
from strategies import _accel
from strategies._houses import line_block_pairs
from strategies.als import SueDeCoq, _neighbours, als_links

from . import test_accel
from .test_accel_homisc import _position, link_table
from .test_chain_engine import PUZZLES, stuck

#: the C module (test_accel's fixture: the installed one, or one built here)
accel = test_accel.accel

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")


def _link_table(pairs, nsets):
    return link_table(_neighbours(pairs), nsets)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(nsets=st.integers(0, 12), data=st.data())
def test_random_pairs_make_the_same_link_table(accel, nsets, data):
    keys = st.tuples(st.integers(0, max(nsets - 1, 0)), st.integers(0, max(nsets - 1, 0)))
    pairs = data.draw(st.dictionaries(keys, st.lists(st.integers(0, 61), min_size=1, max_size=3, unique=True),
                                      max_size=30)) if nsets else {}
    assert accel.als_pair_table(pairs, nsets) == _link_table(pairs, nsets)


def assert_same_pair_table(accel_module, state):
    state.cache = SolveCache()
    sets, pairs = als_links(state)
    assert accel_module.als_pair_table(pairs, len(sets)) == _link_table(pairs, len(sets))
    return len(pairs)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 9]), seed=st.integers(0, 2**32), few=st.booleans())
def test_random_positions_make_the_same_link_table(accel, size, seed, few):
    assert_same_pair_table(accel, _position(Geometry.boxes(size), seed, 0.3, few))


def test_stuck_positions_make_the_same_link_table(accel):
    assert sum(assert_same_pair_table(accel, stuck(text)) for text in PUZZLES) > 0


def test_malformed_pairs_are_refused(accel):
    with pytest.raises(TypeError):
        accel.als_pair_table([((0, 1), [2])], 2)
    with pytest.raises(ValueError, match="out of range"):
        accel.als_pair_table({(0, 5): [2]}, 2)
    with pytest.raises(ValueError, match="out of range"):
        accel.als_pair_table({(0, 1): [62]}, 2)
    with pytest.raises(ValueError, match="each pair"):
        accel.als_pair_table({(0, 1, 2): [1]}, 3)
    with pytest.raises(ValueError, match="each pair"):
        accel.als_pair_table({(0, 1): (1,)}, 3)
    with pytest.raises(ValueError, match="number of sets"):
        accel.als_pair_table({}, -1)
    assert accel.als_pair_table({(1, 0): [0, 2]}, 2) == ([0, 1, 2], [1, 0], [5, 5])


def _todo(state):
    g = state.puzzle.geometry
    return [(tuple(bits_of(inter)), tuple(g.houses[line]), tuple(g.houses[block]))
            for line, block, inter in line_block_pairs(g)]


def assert_same_batch(accel_module, state):
    """``sdc_batch`` is ``sdc_shared`` of each intersection's unsolved cells."""
    todo = _todo(state)
    value = state.value
    expected = [accel_module.sdc_shared(state.cand, *([c for c in cells if value[c] < 0] for cells in item))
                for item in todo]
    assert accel_module.sdc_batch(state.cand, state.value, todo) == expected
    return sum(map(len, expected))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 9, 16]), seed=st.integers(0, 2**32), few=st.booleans(),
       solved=st.sampled_from([0.1, 0.3, 0.5]))
def test_random_positions_batch_as_one_by_one(accel, size, seed, few, solved):
    assert_same_batch(accel, _position(Geometry.boxes(size), seed, solved if size < 16 else 0.5, few))


def test_some_batch_finds_a_sue_de_coq(accel):
    assert sum(assert_same_batch(accel, _position(Geometry.boxes(9), seed, 0.3, True)) for seed in range(40)) > 0


def test_malformed_batch_is_refused(accel):
    cand, value = [0b111] * 16, [-1] * 16
    with pytest.raises(ValueError, match="values"):
        accel.sdc_batch(cand, value[:-1], [])
    with pytest.raises(ValueError, match="each item"):
        accel.sdc_batch(cand, value, [((0, 1), (0, 1, 2, 3))])
    with pytest.raises(ValueError, match="each item"):
        accel.sdc_batch(cand, value, [([0, 1], (0, 1, 2, 3), (0, 1, 4, 5))])
    with pytest.raises(ValueError, match="out of range"):
        accel.sdc_batch(cand, value, [((0, 99), (0, 1, 2, 3), (0, 1, 4, 5))])
    with pytest.raises(ValueError, match="in the line and in the box"):
        accel.sdc_batch(cand, value, [((0, 2), (0, 1, 2, 3), (0, 1, 4, 5))])
    with pytest.raises(TypeError):
        accel.sdc_batch(cand, value, None)
    # solved cells are left out: one unsolved core cell finds nothing
    assert accel.sdc_batch(cand, [-1, 1] + [-1] * 14, [((0, 1), (0, 1, 2, 3), (0, 1, 4, 5))]) == [[]]


def _steps(state):
    return [(s.eliminations, s.cells, s.houses, s.symbols, s.details) for s in SueDeCoq(shared=True).find(state)]


@pytest.mark.parametrize("text", PUZZLES[:6])
def test_sue_de_coq_along_a_solve_as_pure_python(accel, monkeypatch, text):
    """Position after position of a solve, one cache throughout (so the
    intersections whose houses did not change keep their steps): the steps
    are those of the Python search with a fresh cache."""
    from deduce.engine import Solver

    monkeypatch.setattr(_accel, "_deduce_accel", accel)
    state = stuck(text).copy()  # (stuck's states are shared: this one is played on)
    state.cache = cache = SolveCache()
    solver = Solver(profile="hodoku")
    positions = 0
    for _ in range(40):
        monkeypatch.setattr(_accel, "_deduce_accel", accel)
        state.cache = cache
        fast = _steps(state)
        monkeypatch.setattr(_accel, "_deduce_accel", None)
        state.cache = SolveCache()
        assert fast == _steps(state)
        positions += 1
        monkeypatch.setattr(_accel, "_deduce_accel", accel)
        state.cache = SolveCache()
        step = solver.next_step(state)
        if step is None:
            break
        state.apply(step)
    assert positions > 1


def _hodoku_chains(state):
    from strategies._hodoku_als import als_chains
    from strategies.als import als_reach

    state.cache = SolveCache()
    sets, chains = als_chains(state, als_links(state), als_reach(state))
    return [a.cells for a in sets], chains


def assert_same_hodoku_chains(accel_module, monkeypatch, state, python=True):
    """HoDoKu's ALS chains with the forward links made in C (``hodoku_als_run``), made in Python for
    the C walk (``hodoku_als_walk``), and (``python``) all in Python are the same, in the same order."""
    monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
    fast = _hodoku_chains(state)
    with monkeypatch.context() as mp:
        mp.setattr(_accel, "hodoku_als_run", lambda *args: None)
        assert _hodoku_chains(state) == fast
    if python:
        monkeypatch.setattr(_accel, "_deduce_accel", None)
        assert _hodoku_chains(state) == fast
        monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
    return len(fast[1])


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), few=st.booleans(), solved=st.sampled_from([0.3, 0.5]))
def test_random_positions_make_the_same_hodoku_als_chains(accel, monkeypatch, seed, few, solved):
    """(the Python walk of a random position can take seconds: the C walk, tested against it in
    test_accel, stands in for it)"""
    assert_same_hodoku_chains(accel, monkeypatch, _position(Geometry.boxes(9), seed, solved, few), python=False)


def test_stuck_positions_make_the_same_hodoku_als_chains(accel, monkeypatch):
    assert sum(assert_same_hodoku_chains(accel, monkeypatch, stuck(text)) for text in PUZZLES) > 0


def test_malformed_als_run_is_refused(accel):
    cells = (1).to_bytes(8, "little") + (2).to_bytes(8, "little")
    reach = bytes(2 * 9 * 8)
    assert accel.hodoku_als_run({(0, 1): [0]}, [1, 0], [3, 3], cells, reach, 9, 1, 50, 100) == []
    with pytest.raises(ValueError, match="permutation"):
        accel.hodoku_als_run({(0, 1): [0]}, [1, 1], [3, 3], cells, reach, 9, 1, 50, 100)
    with pytest.raises(ValueError, match="order"):
        accel.hodoku_als_run({(0, 1): [0]}, [0], [3, 3], cells, reach, 9, 1, 50, 100)
    with pytest.raises(ValueError, match="out of range"):
        accel.hodoku_als_run({(0, 2): [0]}, [0, 1], [3, 3], cells, reach, 9, 1, 50, 100)
    with pytest.raises(ValueError, match="out of range"):
        accel.hodoku_als_run({(0, 1): [9]}, [0, 1], [3, 3], cells, reach, 9, 1, 50, 100)
    with pytest.raises(ValueError, match="each pair"):
        accel.hodoku_als_run({(0, 1): []}, [0, 1], [3, 3], cells, reach, 9, 1, 50, 100)
    with pytest.raises(ValueError, match="wrong size"):
        accel.hodoku_als_run({(0, 1): [0]}, [0, 1], [3, 3], cells, reach[:-8], 9, 1, 50, 100)
    with pytest.raises(ValueError, match="max_links"):
        accel.hodoku_als_run({}, [], [], b"", b"", 9, 1, 61, 100)
    with pytest.raises(TypeError):
        accel.hodoku_als_run([], [], [], b"", b"", 9, 1, 50, 100)


def assert_same_hodoku_order(accel_module, state):
    from strategies._hodoku_als import hodoku_order

    state.cache = SolveCache()
    sets = als_links(state)[0]
    words = (len(state.cand) + 63) // 64
    assert accel_module.als_hodoku_order(sets, words) == hodoku_order(sets)
    return len(sets)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 9, 16]), seed=st.integers(0, 2**32), few=st.booleans())
def test_random_positions_sort_sets_in_hodokus_order(accel, size, seed, few):
    assert_same_hodoku_order(accel, _position(Geometry.boxes(size), seed, 0.3 if size < 16 else 0.5, few))


def test_stuck_positions_sort_sets_in_hodokus_order(accel):
    assert sum(assert_same_hodoku_order(accel, stuck(text)) for text in PUZZLES) > 0


@given(masks=st.lists(st.integers(1, (1 << 81) - 1), max_size=12, unique=True), houses=st.data())
def test_random_masks_sort_in_hodokus_order(accel, masks, houses):
    from strategies._hodoku_als import hodoku_order
    from strategies.als import Als

    sets = [Als(m, 3, houses.draw(st.integers(0, 2)), (), ()) for m in masks]
    assert accel.als_hodoku_order(sets, 2) == hodoku_order(sets)


def test_malformed_order_input_is_refused(accel):
    with pytest.raises(TypeError):
        accel.als_hodoku_order([(1, 2)], 2)
    with pytest.raises(ValueError):
        accel.als_hodoku_order([(1 << 200, 3, 0)], 2)
    with pytest.raises(ValueError, match="words"):
        accel.als_hodoku_order([], 0)
    assert accel.als_hodoku_order([(0b110, 3, 1), (0b11, 3, 1), (0b10, 3, 1), (1, 3, 0)], 1) == [3, 1, 2, 0]


def test_als_sets_are_made_as_records(accel):
    """``als_sets`` with a record type makes each set as that type, equal to the plain tuple's set."""
    from strategies.als import Als

    for text in PUZZLES[:4]:
        state = stuck(text)
        args = (state.cand, state.value, _accel._puzzle_tables(state)[0],
                [c for h in state.puzzle.geometry.houses for c in h], [len(h) for h in state.puzzle.geometry.houses],
                state.puzzle.size, 7)
        plain, made = accel.als_sets(*args), accel.als_sets(*args, Als)
        assert made == [Als(*a) for a in plain] and all(type(a) is Als for a in made) and made
        assert made[0].cells == plain[0][0] and made[0].seen == plain[0][4]
    with pytest.raises(TypeError, match="tuple type"):
        accel.als_sets(*args, list)
    with pytest.raises(TypeError, match="tuple type"):
        accel.als_sets(*args, 5)
