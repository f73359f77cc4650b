"""The C kernels of Sudoku Explainer's static chains (``deduce/_accel/se_static.c``,
the screen's batch bounds in ``deduce/_accel/screen.c``) give
what the Python ones give: a double implication's conclusions counted at once
(``double_counts``) as :class:`~strategies.conclusions.Conclusion` counts each,
every cell's and region's bound in one call (``common_bounds``, each
candidate's ball made once) as
:meth:`~strategies.static_screen.StaticScreen.common_bound` gives each; and the best-first search
of static chains (:mod:`strategies.best_first`), which makes a conclusion only
when it is taken, gives the same steps with the accelerator and without, in
the full sort's order.  Malformed input is refused with a ValueError."""

# ruff: noqa: F811  (the tests take test_accel's fixtures accel and with_accel, imported by name)
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry
from deduce.literal import known
from deduce.solve_cache import SolveCache
from deduce.state import State
from strategies import _accel
from strategies.best_first import known_literals
from strategies.chain_producer import ChainProducer
from strategies.chains import Chains
from strategies.conclusions import _NOTED, DOUBLE, Conclusion
from strategies.forcing import ForcingChains
from strategies.implications import Implications, Trace, _record_codes
from strategies.static_screen import StaticScreen

from .test_accel import _random_position, accel, literals, with_accel  # noqa: F401  (the fixtures: test_accel's)
from .test_chain_engine import PUZZLES, _python_screen, stuck

CODES = _record_codes(_NOTED)


def assert_same_double_counts(state: State, symbol: int | None = None) -> int:
    """Per "on" literal whose propagations both ways are the module's and contradict neither:
    double_counts against a Conclusion per common literal (C counts) and the Python chain sets."""
    fast = _accel._deduce_accel
    imp = Implications(state, "static", symbol)
    known_bytes = known_literals_of(state)
    checked = 0
    for x in literals(state, symbol):
        if not x & 1:
            continue
        on, off = imp.propagate(x), imp.propagate(x ^ 1)
        if off.contradiction is not None or len(off.nodes) < 2:
            continue
        assert type(on.nodes) is Trace and type(off.nodes) is Trace, "the accelerator was not used"
        got = fast.double_counts(on.nodes._index, on.nodes._raw, off.nodes._index, off.nodes._raw, x, known_bytes,
                                 CODES)
        wanted = []
        for y in on.nodes:
            if y in off.nodes and y not in (x, x ^ 1) and not known(y, state.cand, state.value):
                con = Conclusion(DOUBLE, (x >> 6, x >> 1 & 31), [on, off], [[y], [y]], y)
                sets = [on.ancestor_set([y]), off.ancestor_set([y])]
                symbols = sum({1 << (z >> 1 & 31) for chain in sets for z in chain})
                assert con.complexity == sum(len(chain) for chain in sets) and con.symbols() == symbols
                wanted.append((y, con.complexity, con._noted, con._symbols))
        assert got == wanted, x
        checked += len(got)
    return checked


def known_literals_of(state: State) -> bytes:
    """known_literals outside a solve (no solve cache): every literal's known() as a byte."""
    return bytes(known(c << 6 | s << 1 | on, state.cand, state.value) for c in range(len(state.cand))
                 for s in range(32) for on in (0, 1))


def test_known_literals_are_known(with_accel):
    state = stuck(PUZZLES[0])
    state.cache = SolveCache()
    assert known_literals(state) == known_literals_of(state)
    assert sum(known_literals(state)) > 81 * 32  # (every literal of a symbol past the size is known)


@pytest.mark.parametrize("text", PUZZLES)
def test_engine_positions_count_doubles_the_same(with_accel, text):
    state = stuck(text)
    assert assert_same_double_counts(state) > 0
    assert assert_same_double_counts(state, next(literals(state)) >> 1 & 31) >= 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16]), seed=st.integers(0, 2**32), one_symbol=st.booleans(),
       solved=st.sampled_from([0.1, 0.25, 0.5]))
def test_random_positions_count_and_bound_the_same(with_accel, size, seed, one_symbol, solved):
    # (random candidates, not a consistent position: the harder test)
    state = _random_position(Geometry.boxes(size), seed, solved=solved)
    symbol = seed % size if one_symbol else None
    assert_same_bounds(state, symbol)
    assert_same_double_counts(state, symbol)


def test_a_25x25_position_bounds_the_same(with_accel):
    # the screen's balls of every candidate are too many to keep at once: common_bounds makes them
    # group by group
    assert_same_bounds(_random_position(Geometry.boxes(25), 11, solved=0.6))


def assert_same_bounds(state: State, symbol: int | None = None, houses: bool = True) -> None:
    """common_bounds in one call against common_bound per group of a Python screen (every ball made
    once for 9x9, group by group for 25x25), and asked again, in another order; units, reach and
    double_bound of the same C screen against the Python one's."""
    fast, plain = StaticScreen(state, symbol, houses), _python_screen(state, symbol, houses)
    assert fast._fast is not None and plain._fast is None, "the accelerator was not used"
    groups = [(kind, source, [x for x in starts if symbol in (None, x >> 1 & 31)])
              for kind, source, starts in ChainProducer.branch_groups(state)]
    groups = [g for g in groups if g[2]]
    on_lits = [x for x in literals(state, symbol) if x & 1]
    wanted = [plain.common_bound(starts) for _, _, starts in groups]
    assert fast.common_bounds(groups) == wanted
    assert fast.units(on_lits) == plain.units(on_lits)
    # asked again, in another order
    assert fast.common_bounds(groups[::-1]) == wanted[::-1]
    assert fast._fast.units([fast.index(x) for x in on_lits]) == plain.units(on_lits)
    assert [fast.double_bound(x) for x in on_lits] == [plain.double_bound(x) for x in on_lits]
    assert [fast._fast.reach(fast.index(x), x & 1) for x in literals(state, symbol)] == [
        plain.reach(x) for x in literals(state, symbol)]


@pytest.mark.parametrize("text", PUZZLES)
def test_engine_positions_bound_the_same(with_accel, text):
    state = stuck(text)
    assert_same_bounds(state)
    assert_same_bounds(state, houses=False)
    assert_same_bounds(state, next(literals(state)) >> 1 & 31)




def _steps(strategy, text: str, module, sort: bool = False) -> list[tuple]:
    """The steps of ``strategy`` at the stuck position of ``text`` with ``module`` (None: pure Python)."""
    real, _accel._deduce_accel = _accel._deduce_accel, module
    try:
        state = stuck(text)
        state.cache = SolveCache()  # (nothing made with the other module)
        found = strategy._find_sorted(state) if sort else strategy.find(state)
        return [(s.code, s.placements, s.eliminations, s.variant, s.se_bonus, repr(s.details)) for s in found]
    finally:
        _accel._deduce_accel = real


@pytest.mark.parametrize("text", PUZZLES)
@pytest.mark.parametrize("strategy", [Chains("x-chain"), Chains("aic"), Chains("aic", whole=False),
                                      ForcingChains("cell-region")], ids=repr)
def test_best_first_gives_the_same_steps_with_and_without_the_module(accel, text, strategy):
    fast = _steps(strategy, text, accel)
    assert fast == _steps(strategy, text, None)
    if isinstance(strategy, Chains):
        # and in the full sort's order (every conclusion made, then sorted; cell and region
        # forcing chains of one rating and length come by result here, by kind in that sort)
        assert fast == _steps(strategy, text, accel, sort=True)
    assert fast[:1] == _steps(strategy, text, accel, sort=True)[:1]


def test_malformed_input_is_refused(accel):
    state = stuck(PUZZLES[0])
    real, _accel._deduce_accel = _accel._deduce_accel, accel
    try:
        imp = Implications(state, "static")
        x, on, off = next((y, imp.propagate(y), imp.propagate(y ^ 1)) for y in literals(state)
                          if y & 1 and len(imp.propagate(y ^ 1).nodes) > 1)
    finally:
        _accel._deduce_accel = real
    assert type(on.nodes) is Trace and type(off.nodes) is Trace
    known_bytes = known_literals_of(state)
    args = [on.nodes._index, on.nodes._raw, off.nodes._index, off.nodes._raw, x, known_bytes, CODES]
    assert isinstance(accel.double_counts(*args), list)
    for k, bad in ((1, b"\0\0\0\0"), (1, on.nodes._raw[:-8] if len(on.nodes._raw) > 8 else b""), (5, b""),
                   (5, b"\0" * 64), (0, {**on.nodes._index, 10**9: 0}), (0, {-1: 0}), (2, {}), (6, (10**7,)),
                   (4, "x"), (1, "raw")):
        wrong = list(args)
        wrong[k] = bad
        with pytest.raises((ValueError, TypeError, KeyError)):
            accel.double_counts(*wrong)
    screen = accel.Screen(9, 81, state.cand, state.value, *_accel._puzzle_tables(state)[:3], -1, True, 40)
    with pytest.raises(ValueError):
        screen.common_bounds([0, 1, 2], [2])           # the sizes do not add up
    with pytest.raises(ValueError):
        screen.common_bounds([0, 1], [0, 2])           # an empty group
    with pytest.raises(ValueError):
        screen.common_bounds([9 * 81], [1])            # a bit past the screen
    with pytest.raises(ValueError):
        screen.double_bound(9 * 81)
    with pytest.raises(TypeError):
        screen.double_bound("1")
    assert screen.common_bounds([], []) == []
