"""The forcing chains' speed-ups of the sedyn2 pass, against what they replace:

* ``Context.contradicting`` (deduce/_accel/chains.c), which Nishio asks for the
  places of a symbol whose propagation runs into a contradiction, names exactly
  those whose ``Context.propagate`` has a contradiction, in order; malformed
  input is refused;
* Nishio's conclusions with it are those of one propagation per place (the C
  propagations, and the pure Python engine's);
* :func:`strategies.se_order.propagate_in_se_order`, which reads the symbols'
  places off masks, derives the same literals from the same parents in the same
  order as a propagation reading each house's cells one by one (the reference
  below, SE's order before any inner technique), with boxes and with jigsaw
  regions.
"""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry, cells_of
from deduce.solve_cache import SolveCache
from deduce.state import State
from strategies import _accel
from strategies.forcing import ForcingChains
from strategies.implications import Implications, Propagation, implications
from strategies.se_order import propagate_in_se_order

from .test_accel import _jigsaw_6, _random_position, accel, with_accel  # noqa: F401  (fixtures)
from .test_chain_engine import PUZZLES, stuck


@pytest.fixture
def fast(request):
    """The accelerator in use (test_accel's: the installed module, or one compiled for the test)."""
    return request.getfixturevalue("with_accel")


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _fresh(state: State) -> State:
    fresh = State(state.puzzle, state.cand.copy(), state.value.copy())
    fresh.cache = SolveCache()
    return fresh


def _on_literals(state: State, symbol: int | None = None) -> list[int]:
    return [c << 6 | s << 1 | 1 for c in range(len(state.value)) if state.value[c] < 0
            for s in cells_of(state.cand[c] if symbol is None else state.cand[c] & 1 << symbol)]


def _assert_contradicting(state: State) -> int:
    """Context.contradicting against Context.propagate, every symbol alone and all at once; the number
    of contradictions."""
    found = 0
    for symbol in [None, *range(state.puzzle.size)]:
        ctx = implications(_fresh(state), "dynamic", symbol).fast_context()
        xs = _on_literals(state, symbol)
        expected = [x for x in xs if ctx.propagate(x)[2] is not None]
        assert ctx.contradicting(xs) == expected
        assert ctx.contradicting(tuple(reversed(xs))) == expected[::-1]
        found += len(expected)
    return found


def _nishio(state: State) -> list[tuple]:
    return [(con.source, con.result, con.complexity, repr(con.props[0].contradiction))
            for con in ForcingChains("nishio")._conclusions(_fresh(state))]


def _assert_same_nishio(state: State, monkeypatch) -> list[tuple]:
    fast = _nishio(state)
    by_one = [(con.source, con.result, con.complexity, repr(con.props[0].contradiction))
              for con in _conclusions_by_one(state)]   # one propagation per place, each in C
    assert fast == by_one
    with monkeypatch.context() as m:   # the pure Python engine
        m.setattr(_accel, "_deduce_accel", None)
        assert _nishio(state) == fast
    return fast


def _conclusions_by_one(state: State) -> list:
    """Nishio's conclusions with every place propagated one by one (ChainProducer._contradictions's
    general loop, which the "nishio" kind leaves for Context.contradicting)."""
    producer = ForcingChains("nishio")
    fresh = _fresh(state)
    unsolved = [c for c in range(len(fresh.value)) if fresh.value[c] < 0]
    out = []
    for symbol in producer.symbols(fresh, unsolved):
        imp = implications(fresh, "dynamic", symbol)
        for x in _on_literals(fresh, symbol):
            prop = imp.propagate(x)
            if prop.contradiction is not None:
                out.append(producer._contradiction(prop))
    return out


@pytest.mark.parametrize("text", PUZZLES)
def test_contradicting_names_the_contradictions(fast, monkeypatch, text):
    state = stuck(text)
    assert _assert_contradicting(state) > 0
    assert _assert_same_nishio(state, monkeypatch)


@SETTINGS
@given(size=st.sampled_from([4, 6, 9, 16]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       solved=st.sampled_from([0.25, 0.5]))
def test_contradicting_on_random_positions(fast, monkeypatch, size, seed, jigsaw, solved):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    state = _random_position(geometry, seed, solved=solved)
    _assert_contradicting(state)
    if size <= 9:
        _assert_same_nishio(state, monkeypatch)


def test_contradicting_refuses_malformed_input(fast):
    ctx = implications(stuck(PUZZLES[0]), "dynamic", None).fast_context()
    with pytest.raises(TypeError):
        ctx.contradicting(5)
    with pytest.raises(TypeError):
        ctx.contradicting(["r1c1"])
    for bad in ([-1], [81 << 6 | 1], [2**40], [0 << 6 | 9 << 1 | 1]):
        with pytest.raises((ValueError, OverflowError)):
            ctx.contradicting(bad)
    assert ctx.contradicting([]) == []


# -- SE's order: the masks against the houses' lists -------------------------------------------


def _se_order_by_lists(imp: Implications, start: int) -> Propagation:
    """SE's order (strategies/se_order.py) up to the first inner technique, reading each house's cells
    one by one: the reference the masks follow."""
    from strategies._reasons import ASSUMED, HIDDEN, NAKED, PEER, SAME_CELL

    prop = Propagation(start)
    nodes = prop.nodes
    nodes[start] = ((ASSUMED,), ())
    real, cand = imp.cand, list(imp.cand)
    g = imp.state.puzzle.geometry
    houses = g.houses
    queues: tuple[deque[int], deque[int]] = (deque(), deque())   # (off, on)
    queues[start & 1].append(start)
    while queues[0] or queues[1]:
        on = bool(queues[1])
        x = queues[on].popleft()
        c, s = x >> 6, x >> 1 & 31
        hs = g.cell_houses[c][2:] + g.cell_houses[c][:2]
        found: list[tuple[int, tuple, tuple[int, ...]]] = []
        if on:
            found += [(c << 6 | t << 1, (SAME_CELL, c), (x,)) for t in cells_of(cand[c] & ~(1 << s))]
            found += [(q << 6 | s << 1, (PEER, c), (x,)) for h in hs for q in houses[h]
                      if q != c and cand[q] >> s & 1]
        elif cand[c] >> s & 1:
            left = cand[c]
            if left.bit_count() == 2:
                gone = (real[c] & ~left) | 1 << s
                found.append((c << 6 | ((left & ~(1 << s)).bit_length() - 1) << 1 | 1, (NAKED, c),
                              tuple(c << 6 | u << 1 for u in cells_of(gone))))
            for h in hs:
                places = [q for q in houses[h] if cand[q] >> s & 1]
                if len(places) == 2:
                    q = places[0] if places[1] == c else places[1]
                    found.append((q << 6 | s << 1 | 1, (HIDDEN, h), tuple(
                        r << 6 | s << 1 for r in houses[h] if real[r] >> s & 1 and (not cand[r] >> s & 1 or r == c))))
        for y, reason, parents in found:
            if y not in nodes:
                if y ^ 1 in nodes:   # (the first literal found both ways)
                    prop.contradiction = (y, reason, parents)
                    return prop
                nodes[y] = (reason, parents)
                queues[y & 1].append(y)
        if not on:
            cand[c] &= ~(1 << s)
    return prop


def _assert_se_order(state: State) -> None:
    imp = Implications(_fresh(state), "plus", None)
    for x in _on_literals(state):
        for start in (x, x ^ 1):
            mine = propagate_in_se_order(imp, Propagation(start), 0)
            ref = _se_order_by_lists(imp, start)
            assert list(mine.nodes.items()) == list(ref.nodes.items())
            assert mine.contradiction == ref.contradiction


@pytest.mark.parametrize("text", PUZZLES)
def test_se_order_reads_masks_as_the_lists(text):
    _assert_se_order(stuck(text))


@SETTINGS
@given(size=st.sampled_from([4, 6, 9]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       solved=st.sampled_from([0.25, 0.5]))
def test_se_order_on_random_positions(size, seed, jigsaw, solved):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    _assert_se_order(_random_position(geometry, seed, solved=solved))
