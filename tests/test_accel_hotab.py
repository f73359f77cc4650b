"""HoDoKu's tables read in C (deduce/_accel/tabling.c's ``hodoku_nice_loops`` and
``hodoku_forcing``) as strategies/_hodoku_tabling.py's pure Python reading reads them:
the same nice loops, AICs, forcing chains and nets, in the same order, with the same
chains behind them; malformed input refused."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry
from deduce.solve_cache import SolveCache
from strategies import _accel, _hodoku_forcing, _hodoku_nets, _hodoku_tabling

from . import test_accel
from .test_accel import _random_position
from .test_chain_engine import PUZZLES, stuck

accel, with_accel = test_accel.accel, test_accel.with_accel  # the fixtures: the module, and it in use


def _both(accel_module, state, make):
    """``make()`` with the accelerator ``accel_module``, then in pure Python,
    each on a fresh cache of ``state`` (nothing read that the other reading,
    or a reading under another table limit, kept for the position)."""
    made = []
    for module in (accel_module, None):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(_accel, "_deduce_accel", module)
            state.cache = SolveCache()
            made.append(make())
    return made


def _loops(found):
    return [(f.kind, f.eliminations, f.chain, f.strand, f.loop) for f in found]


def _forcings(found, nodes):
    out = []
    for f in found:
        branches = [(t.first, ys, _hodoku_tabling.records(nodes, t, ys), [t.chain(t.index(y)) for y in ys])
                    for t, ys in f.branches]
        out.append((f.kind, f.form, f.source, f.placement, f.eliminations, f.clash, f.length, branches))
    return out


def assert_same_reading(state, accel_module) -> int:
    """Nice loops (plain and grouped), forcing chains and nets read in C and in Python agree;
    returns how many steps were compared."""
    count = 0
    for groups in (False, True):
        fast, plain = _both(accel_module, state, lambda groups=groups: _hodoku_tabling.nice_loops(state, groups))
        assert fast[1] == plain[1]
        assert _loops(fast[0]) == _loops(plain[0])
        count += len(plain[0])
    fast, plain = _both(accel_module, state, lambda: _hodoku_forcing.forcing_chains(state))
    assert _forcings(fast[0], fast[1]) == _forcings(plain[0], plain[1])
    count += len(plain[0])
    fast_nets, plain_nets = _both(accel_module, state, lambda: _hodoku_nets._nets(state))
    nodes = _hodoku_nets.NetGrid(state).nodes
    assert _forcings(fast_nets, nodes) == _forcings(plain_nets, nodes)
    return count + len(plain_nets)


def test_stuck_positions_read_the_same(with_accel):
    assert sum(assert_same_reading(stuck(text), with_accel) for text in PUZZLES) > 100


def test_full_tables_read_the_same(with_accel, monkeypatch):
    # tables that fill up: cut where HoDoKu's order cuts them
    monkeypatch.setattr(_hodoku_tabling, "MAX_ENTRIES", 40)
    assert assert_same_reading(stuck(PUZZLES[1]), with_accel) > 0


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), solved=st.sampled_from([0.25, 0.6]), few=st.booleans(),
       max_entries=st.sampled_from([1, 30, 1000]))
def test_random_positions_read_the_same(with_accel, seed, solved, few, max_entries):
    # random candidates (not a consistent position): every kind of contradiction and loop; few: cells
    # of two to four candidates, many bivalue cells and strong links (the pure reading of dense
    # random grids is slow)
    state = _random_position(Geometry.boxes(9), seed, solved, few=few)
    state.cand[:] = [m & 511 or 1 for m in state.cand]  # (its few symbols are summed, not joined)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_hodoku_tabling, "MAX_ENTRIES", max_entries)
        assert_same_reading(state, with_accel)


def test_malformed_grids_are_refused(accel):
    grid = _hodoku_tabling._Grid(stuck(PUZZLES[0]), True)
    cand, direct, groups = grid.cand, grid.direct_lits, grid.group_nodes
    value = [-1] * 81
    with pytest.raises(ValueError):
        accel.hodoku_nice_loops(cand[:80], True, 1000)  # 80 cells
    with pytest.raises(ValueError):
        accel.hodoku_nice_loops([*cand[:80], 1 << 9], True, 1000)  # a 10th symbol
    with pytest.raises(ValueError, match="max_entries"):
        accel.hodoku_nice_loops(cand, True, 0)
    with pytest.raises(ValueError, match="literals for"):
        accel.hodoku_forcing(cand, value, direct, groups[1:], 1000)  # a group node missing
    with pytest.raises(ValueError, match="outside"):
        accel.hodoku_forcing(cand, value, [*direct[:-1], (len(direct),)], groups, 1000)  # a literal beyond the grid
    with pytest.raises(ValueError, match="has no cells"):
        accel.hodoku_forcing(cand, value, direct, [(groups[0][0], 0), *groups[1:]], 1000)
    with pytest.raises(ValueError):
        accel.hodoku_forcing(cand, value, direct, [(9, groups[0][1]), *groups[1:]], 1000)  # a 10th symbol
    with pytest.raises(ValueError):
        accel.hodoku_forcing(cand, [9] * 81, direct, groups, 1000)  # a value beyond the symbols
    with pytest.raises(TypeError):
        accel.hodoku_forcing(cand, value, [1, 2], groups, 1000)  # consequences not sequences
    assert accel.hodoku_forcing(cand, value, direct, groups, 1000)
    nodes, found = accel.hodoku_nice_loops(cand, True, 1000)
    assert nodes == groups and found  # the grid's own group nodes, in order


def test_net_steps_made_as_far_as_needed():
    # hodoku_net_steps makes deduce's dynamic forcing steps only up to the one to HoDoKu's first net
    # result, and yields what the eager reading yields: that step (or the verity made from HoDoKu's
    # branches, or the step to a later net's result) first, then every other step placements first
    from strategies.chain_producer import ChainProducer
    from strategies.forcing import ForcingChains

    producer = ForcingChains("dynamic", tabling=True)
    saved = 0
    for text in PUZZLES:
        state = stuck(text)
        mine = list(ChainProducer.find(producer, state))
        made: list = []

        def counted(state=state, made=made):
            for step in ChainProducer.find(producer, state):
                made.append(step)
                yield step

        lazy = _hodoku_nets.hodoku_net_steps(producer, state, counted())
        first = next(lazy)
        nets = _hodoku_nets._nets(state)
        by_result = {(tuple(s.placements), tuple(sorted(s.eliminations))): s for s in mine}
        assert len(by_result) == len(mine)  # a step per result
        expected = by_result.get(_hodoku_nets._result(nets[0])) or _hodoku_nets._verity(producer, state, nets[0])
        if expected is None:
            expected = next(by_result[r] for r in map(_hodoku_nets._result, nets[1:]) if r in by_result)
        assert first == expected
        saved += len(mine) - len(made)
        rest = sorted((s for s in mine if s != first), key=lambda s: (not s.placements, sorted(s.placements),
                                                                     -len(s.eliminations), sorted(s.eliminations)))
        assert list(lazy) == rest
        assert made == mine
    assert saved > 0
