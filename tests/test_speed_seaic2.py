"""Room seaic2's speed work on Sudoku Explainer's static chains gives what the plain code gives:

* the C screen (``deduce/_accel/screen.c``) ORs a literal's weak links as one bitset, reads and
  writes only the half of a layer the alternating links reach, and the position's screen
  (every symbol) keeps the "on" balls ``units`` makes for ``common_bounds``: its units,
  bounds and reaches are the Python screen's whichever is asked first, and when only some
  balls were kept;
* :func:`strategies.best_first._symbol_units` (an X-chain symbol's units, kept per places of the
  symbol) is the symbol's screen's units over its "on" literals, in the same position and in
  another one where the symbol's places are the same.

The best-first search's steps against the full sort are checked in ``test_chain_engine`` and
``test_accel_seaic`` (both with and without the accelerator)."""

# ruff: noqa: F811  (the tests take test_accel's fixtures accel and with_accel, imported by name)
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry
from deduce.solve_cache import SolveCache
from deduce.state import State
from strategies import _accel
from strategies.best_first import _symbol_units
from strategies.chain_producer import ChainProducer
from strategies.static_screen import StaticScreen

from .test_accel import _random_position, accel, literals, with_accel  # noqa: F401  (the fixtures: test_accel's)
from .test_chain_engine import PUZZLES, _python_screen, stuck


def _groups(state: State) -> list[tuple[str, tuple, list[int]]]:
    return [g for g in ChainProducer.branch_groups(state) if g[2]]


def assert_same_screen(state: State, order: str) -> None:
    """The C screen of every symbol against the Python one: units, common_bounds (the balls
    units kept, or made), double_bound and reach, asked in ``order``."""
    fast, plain = StaticScreen(state), _python_screen(state)
    assert fast._fast is not None and plain._fast is None, "the accelerator was not used"
    on_lits = [x for x in literals(state) if x & 1]
    groups = _groups(state)
    wanted_bounds = [plain.common_bound(starts) for _, _, starts in groups]
    wanted_units = plain.units(on_lits)
    bits = [fast.index(x) for x in on_lits]
    if order == "units first":
        assert fast._fast.units(bits) == wanted_units
        assert fast.common_bounds(groups) == wanted_bounds
    elif order == "bounds first":
        assert fast.common_bounds(groups) == wanted_bounds
        assert fast._fast.units(bits) == wanted_units
    else:  # ("some kept": units of every other literal, then every bound, then every unit)
        half = plain.units(on_lits[::2])
        assert fast._fast.units(bits[::2]) == half
        assert fast.common_bounds(groups) == wanted_bounds
        assert fast._fast.units(bits) == wanted_units
    assert fast.common_bounds(groups[::-1]) == wanted_bounds[::-1]
    assert [fast.double_bound(x) for x in on_lits] == [plain.double_bound(x) for x in on_lits]
    assert [fast._fast.reach(fast.index(x), x & 1) for x in literals(state)] == [
        plain.reach(x) for x in literals(state)]


ORDERS = ("units first", "bounds first", "some kept")


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("text", PUZZLES)
def test_stuck_positions_screen_the_same(with_accel, text, order):
    assert_same_screen(stuck(text), order)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9]), seed=st.integers(0, 10**6), solved=st.sampled_from([0.0, 0.3, 0.6]),
       order=st.sampled_from(ORDERS))
def test_random_positions_screen_the_same(with_accel, size, seed, solved, order):
    assert_same_screen(_random_position(Geometry.boxes(size), seed, solved=solved), order)


def test_a_16x16_position_screens_the_same(with_accel):
    # (words past the first of a literal's bitset: 16 * 256 bits)
    assert_same_screen(_random_position(Geometry.boxes(16), 3, solved=0.5), "some kept")


def _units_of_symbol(state: State, symbol: int) -> tuple:
    """The X-chain units of ``symbol`` the plain way: a Python screen's units over its "on" literals."""
    on_lits = [x for x in literals(state, symbol) if x & 1]
    return (on_lits, *_python_screen(state, symbol).units(on_lits))


@pytest.mark.parametrize("text", PUZZLES)
def test_symbol_units_are_the_screens(with_accel, text):
    state = stuck(text)
    state.cache = SolveCache()
    masks = state.symbol_masks()
    for symbol, places in enumerate(masks):
        if places:
            assert _symbol_units(state, symbol, places) == _units_of_symbol(state, symbol)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), solved=st.sampled_from([0.0, 0.4]))
def test_symbol_units_kept_across_positions_are_the_screens(with_accel, seed, solved):
    """The units kept for a symbol (per_symbol) in one position serve another where the symbol's
    places are the same: they are that position's own."""
    from strategies.best_first import per_symbol

    state = _random_position(Geometry.boxes(9), seed, solved=solved)
    state.cache = SolveCache()
    masks = state.symbol_masks()
    symbol = next(s for s, m in enumerate(masks) if m)
    got = per_symbol(state, "x-chain units", symbol, lambda: _symbol_units(state, symbol, masks[symbol]))
    # another symbol loses a candidate of an unsolved cell: this symbol's places stay the same
    other = next(((c, t) for c in range(81) if state.value[c] < 0 for t in range(9)
                  if t != symbol and state.cand[c] >> t & 1 and state.cand[c] & ~(1 << t)), None)
    if other is None:
        return
    c, t = other
    cand = list(state.cand)
    cand[c] &= ~(1 << t)
    moved = State(state.puzzle, cand, list(state.value))
    moved.cache = state.cache
    kept = per_symbol(moved, "x-chain units", symbol, lambda: pytest.fail("not kept"))
    assert kept is got and kept == _units_of_symbol(moved, symbol)


def test_malformed_bits_are_refused(accel):
    state = stuck(PUZZLES[0])
    screen = accel.Screen(9, 81, state.cand, state.value, *_accel._puzzle_tables(state)[:3], -1, True, 40)
    on_bits = [s * 81 + c for c in range(81) if state.value[c] < 0 for s in range(9) if state.cand[c] >> s & 1]
    assert screen.units(on_bits)[1]  # (doubles: balls kept)
    for bad in ([9 * 81], [-1], ["x"], None):
        with pytest.raises((ValueError, TypeError)):
            screen.units(bad)
    with pytest.raises(ValueError):
        screen.common_bounds([9 * 81], [1])
    assert screen.units([]) == ([], [])
