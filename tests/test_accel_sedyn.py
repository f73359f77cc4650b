"""Sudoku Explainer's dynamic forcing chains found in C (``se_dynamic``,
``deduce/_accel/se_dynamic.c``, used by
:meth:`strategies.chain_producer.ChainProducer._fast_steps`) against the
Python conclusions (:meth:`~strategies.chain_producer.ChainProducer._conclusions`):
per kind and result the same easiest conclusion (complexity and source, the
first found among equals), the same steps in the same order, on positions
where chains are needed and on random candidate grids (not consistent
positions: many contradictions) with boxes and with jigsaw regions; and
malformed input refused with a ValueError or a TypeError."""

from __future__ import annotations

import types

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry, cells_of
from deduce.solve_cache import SolveCache
from deduce.state import State
from strategies import _accel
from strategies import chain_producer as producer_module
from strategies.conclusions import CELL, CONTRADICTION, DOUBLE, REGION
from strategies.forcing import ForcingChains
from strategies.implications import implications

from .test_accel import _jigsaw_6, _random_position, accel, with_accel  # noqa: F401  (fixtures)
from .test_chain_engine import PUZZLES, stuck

KINDS = (DOUBLE, CELL, REGION, CONTRADICTION)


@pytest.fixture
def fast(request):
    """The accelerator in use (test_accel's: the installed module, or one compiled for the test)."""
    return request.getfixturevalue("with_accel")


def _fresh(state: State) -> State:
    fresh = State(state.puzzle, state.cand.copy(), state.value.copy())
    fresh.cache = SolveCache()
    return fresh


def _steps(state: State) -> list[tuple]:
    return [(s.placements, s.eliminations, s.variant, s.se_bonus, repr(s.details))
            for s in ForcingChains("dynamic").find(_fresh(state))]


def _c_conclusions(state: State) -> dict[tuple[str, int], tuple[int, object]]:
    """(kind, result) -> (complexity, source) of the C accelerator's easiest conclusions."""
    imp = implications(state, "dynamic", None)
    cand, value = state.cand, state.value
    on_lits = [c << 6 | s << 1 | 1 for c in range(len(value)) if value[c] < 0 for s in cells_of(cand[c])]
    groups = ForcingChains("dynamic").branch_groups(state)
    found = _accel._deduce_accel.se_dynamic(imp.fast_context(), on_lits,
                                            [(1 if g == CELL else 2, tuple(starts)) for g, _, starts in groups],
                                            cand, value, state.puzzle.size)
    out = {}
    for i in range(0, len(found), 4):
        k, y, cx, job = found[i:i + 4]
        kind = KINDS[k]
        source = groups[job][1] if kind in (CELL, REGION) else (job >> 6, job >> 1 & 31)
        out[kind, y] = (cx, source)
    return out


def _python_conclusions(state: State) -> dict[tuple[str, int], tuple[int, object]]:
    """The same, from every conclusion :meth:`ChainProducer._conclusions` makes (the first found of
    the least complexity per kind and result)."""
    out: dict[tuple[str, int], tuple[int, object]] = {}
    for con in ForcingChains("dynamic")._conclusions(state):
        key = (con.kind, con.result)
        if key not in out or con.complexity < out[key][0]:
            out[key] = (con.complexity, con.source)
    return out


def _assert_same(state: State, monkeypatch) -> int:
    assert _c_conclusions(_fresh(state)) == _python_conclusions(_fresh(state))
    fast = _steps(state)
    with monkeypatch.context() as m:   # the Python conclusions over the C propagations
        m.setattr(producer_module, "_accel", types.SimpleNamespace(_deduce_accel=None))
        assert fast == _steps(state)
    return len(fast)


@pytest.mark.parametrize("text", PUZZLES)
def test_stuck_positions_make_the_same_dynamic_steps(fast, monkeypatch, text):
    state = stuck(text)
    assert _assert_same(state, monkeypatch) > 0
    with monkeypatch.context() as m:   # and the pure Python engine's (propagations too)
        m.setattr(_accel, "_deduce_accel", None)
        plain = _steps(state)
    assert plain == _steps(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       solved=st.sampled_from([0.25, 0.5]))
def test_random_positions_make_the_same_dynamic_steps(fast, monkeypatch, size, seed, jigsaw, solved):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    _assert_same(_random_position(geometry, seed, solved=solved), monkeypatch)


def test_malformed_input_is_refused(fast):
    state = stuck(PUZZLES[0])
    imp = implications(state, "dynamic", None)
    ctx = imp.fast_context()
    cand, value = state.cand, state.value
    on = [c << 6 | s << 1 | 1 for c in range(81) if value[c] < 0 for s in cells_of(cand[c])]
    fn = fast.se_dynamic
    assert fn(ctx, on, [], cand, value, 9)   # (well formed: conclusions)
    with pytest.raises(TypeError):
        fn(object(), on, [], cand, value, 9)   # not a Context
    with pytest.raises(ValueError):
        fn(ctx, [on[0] ^ 1], [], cand, value, 9)   # an off literal as an assumption
    with pytest.raises(ValueError):
        fn(ctx, [on[0], on[0]], [], cand, value, 9)   # twice
    with pytest.raises(ValueError):
        fn(ctx, [81 << 6 | 1], [], cand, value, 9)   # beyond the grid
    with pytest.raises(ValueError):
        fn(ctx, on[:1], [(1, (on[1],))], cand, value, 9)   # a branch not among the assumptions
    with pytest.raises(ValueError):
        fn(ctx, on, [(3, (on[0],))], cand, value, 9)   # no such kind of group
    with pytest.raises(ValueError):
        fn(ctx, on, [], cand[:80], value, 9)   # a candidate list of the wrong size
    with pytest.raises(ValueError):
        fn(ctx, on, [], cand, value, 0)
    small = _random_position(Geometry.boxes(4), 1)
    small_ctx = implications(small, "dynamic", None).fast_context()
    with pytest.raises(ValueError):   # a context of another grid
        fn(small_ctx, on[:1], [], cand, value, 9)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16]), seed=st.integers(0, 2**32), mode=st.sampled_from(["static", "dynamic"]))
def test_a_chain_is_listed_as_the_ancestors(fast, size, seed, mode):
    # trace_chain (Conclusion.chains) against Propagation.ancestors, on every literal's propagation
    state = _random_position(Geometry.boxes(size), seed)
    imp = implications(state, mode, None)
    for c in range(len(state.value)):
        for s in cells_of(state.cand[c]) if state.value[c] < 0 else ():
            prop = imp.propagate(c << 6 | s << 1 | seed & 1)
            keys = list(prop.nodes)
            for targets in (keys[-1:], keys[-3:], keys[len(keys) // 2:len(keys) // 2 + 2], [keys[0], -5 << 1]):
                assert fast.trace_chain(prop.nodes._index, prop.nodes._raw, targets) == prop.ancestors(targets)
    with pytest.raises(ValueError):
        fast.trace_chain({}, b"\0", [])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9]), seed=st.integers(0, 2**32),
       mode=st.sampled_from(["static", "grouped", "dynamic"]))
def test_doubles_are_counted_the_same(fast, monkeypatch, size, seed, mode):
    # ChainProducer.doubles with trace_doubles against the Python intersection and Conclusion's count
    state = _random_position(Geometry.boxes(size), seed)
    on_lits = [c << 6 | s << 1 | 1 for c in range(len(state.value)) if state.value[c] < 0
               for s in cells_of(state.cand[c])]
    producer = ForcingChains("dynamic")

    def found():
        imp = implications(_fresh(state), mode, None)
        return sorted((con.source, con.kind, con.result, con.complexity, con.through_group(), con.through_hidden(),
                       con.symbols()) for con in producer.doubles(state, imp, on_lits))

    c_made = found()
    with monkeypatch.context() as m:
        m.setattr(producer_module, "_accel", types.SimpleNamespace(_deduce_accel=None))
        assert c_made == found()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16, 25]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       solved=st.sampled_from([0.25, 0.5]))
def test_branch_groups_are_the_same(fast, monkeypatch, size, seed, jigsaw, solved):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    state = _random_position(geometry, seed, solved=solved)
    c_made = producer_module._branch_groups(state)
    with monkeypatch.context() as m:
        m.setattr(producer_module, "_accel", types.SimpleNamespace(_deduce_accel=None))
        assert c_made == producer_module._branch_groups(state)
    with pytest.raises(ValueError):
        fast.branch_groups(state.cand, state.value, [[len(state.cand)]], size, CELL, REGION)
