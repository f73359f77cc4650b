"""The chain engine (strategies.implications, static_screen, best_first, chain_producer): the fast paths must give
exactly what the plain ones give, and a time limit must end a search.

* the bitset screen contains every propagation (the literals reached, a
  contradiction) — the property that lets the chains skip work on it;
* static chains found best-first yield the same steps, in the same order,
  as the full sort of every conclusion;
* a dynamic+ (or nested) propagation that goes on from the dynamic one
  equals one made from scratch;
* :func:`deduce.deadline.limit` ends a chain search with SolveTimeout;
* the producers are frozen values whose repr rebuilds them.
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce import Puzzle, deadline
from deduce.engine import Solver
from deduce.errors import SolveTimeout
from deduce.geometry import Geometry
from deduce.literal import lit
from deduce.puzzle import DEFAULT_ALPHABET
from deduce.solve_cache import SolveCache
from deduce.state import State
from strategies import _accel
from strategies.chain_producer import ChainKindError
from strategies.chains import Chains
from strategies.conclusions import contradiction_targets
from strategies.forcing import ForcingChains
from strategies.implications import MAX_DEPTH, Implications
from strategies.static_screen import StaticScreen

# Hard classic puzzles (inputs only: the tests compare the engine with itself).
PUZZLES = (
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ".9......6..689....2.37.6.9.1...2.....549.832.....7...4.2.6.78.9....356..3......5.",
    "9..5....7.4..6..9...3..95....5.....1.6.....8.2.....7....67..1...9..2..6.8....3..4",
)

CHAIN_CODES = {"x-chain", "aic", "grouped-aic", "nishio", "cell-region-forcing", "dynamic-forcing",
               "dynamic-forcing-plus", "nested-forcing", "bf"}


@functools.cache
def stuck(text: str):
    """Where the techniques below chains stop on ``text`` (a position that needs chains)."""
    solver = Solver(profile="se", exclude=CHAIN_CODES, backtracking=False)
    state = solver.solve(Puzzle.from_string(text)).stuck
    assert state is not None and not state.is_solved()
    return state


def literals(state, symbol=None):
    for c, m in enumerate(state.cand):
        if state.value[c] >= 0:
            continue
        for s in range(state.puzzle.size):
            if m >> s & 1 and (symbol is None or s == symbol):
                yield lit(c, s, True)
                yield lit(c, s, False)


@pytest.mark.parametrize("text", PUZZLES)
@pytest.mark.parametrize("symbol", [None, 0, 4])
def test_screen_contains_every_static_propagation(text, symbol):
    state = stuck(text)
    screen, imp = StaticScreen(state, symbol), Implications(state, "static", symbol)
    checked = 0
    for x in literals(state, symbol):
        dead, on, off, layers = screen.reach(x)
        prop = imp.propagate(x)
        if prop.contradiction is not None:
            assert dead is not None, f"the screen misses the contradiction of {x}"
            assert dead <= len(prop.ancestors(contradiction_targets(prop))), "not a lower bound"
        for y in prop.nodes:
            bit = 1 << screen.index(y)
            assert (on if y & 1 else off) & bit, f"the screen misses {y} from {x}"
            # the screen's distance is a lower bound on the propagation's generation
            assert screen.distance(layers, bit if y & 1 else 0, 0 if y & 1 else bit) <= len(prop.ancestors([y])) - 1
        checked += 1
    assert checked >= 10


def _plain_reach(screen, x):
    """The screen's ball around ``x`` by a plain breadth-first search over
    its links, one literal at a time: what :meth:`StaticScreen.reach` gives,
    going from one "on" layer to the next through ``screen.two``."""
    bit = 1 << screen.index(x)
    on, off = (bit, 0) if x & 1 else (0, bit)
    f_on, f_off, layers, dead = on, off, [(on, off)], None
    for _ in range(MAX_DEPTH):
        new_off = new_on = 0
        for i in _bits(f_on):
            new_off |= screen.weak[i]
        for i in _bits(f_off & screen.has_strong):
            new_on |= screen.strong[i]
        f_on, f_off = new_on & ~on, new_off & ~off
        if not f_on and not f_off:
            break
        on, off = on | f_on, off | f_off
        layers.append((f_on, f_off))
        if dead is None and on & off:
            dead = len(layers) - 1
    return dead, on, off, layers


def _bits(m):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def _python_screen(state, symbol=None, houses=True):
    """A :class:`StaticScreen` made in Python even when the C accelerator is installed."""
    accel, _accel._deduce_accel = _accel._deduce_accel, None
    try:
        return StaticScreen(state, symbol, houses)
    finally:
        _accel._deduce_accel = accel


@pytest.mark.parametrize("text", PUZZLES)
@pytest.mark.parametrize(("symbol", "houses"), [(None, True), (4, True), (None, False)])
def test_screen_reach_is_the_plain_breadth_first_search(text, symbol, houses):
    state = stuck(text)
    screen = _python_screen(state, symbol, houses)
    assert screen._fast is None
    checked = 0
    for x in literals(state, symbol):
        assert screen.reach(x) == _plain_reach(screen, x), x
        checked += 1
    assert checked >= 10


@settings(max_examples=20, deadline=None)
@given(size=st.sampled_from([4, 6, 9, 16]), seed=st.integers(0, 2**32), houses=st.booleans())
def test_screen_reach_is_the_plain_breadth_first_search_on_random_positions(size, seed, houses):
    # (random candidates, some cells solved: not consistent positions, which is the harder test)
    rng = random.Random(seed)
    g = Geometry.boxes(size)
    cand, value = [], []
    for _ in range(size * size):
        own = rng.randrange(size)
        solved = rng.random() < 0.25
        cand.append(1 << own if solved else (1 << own) | sum(1 << s for s in range(size) if rng.random() < 0.4))
        value.append(own if solved else -1)
    state = State(Puzzle(g, DEFAULT_ALPHABET[:size], (-1,) * (size * size)), cand, value)
    for symbol in (None, seed % size):
        screen = _python_screen(state, symbol, houses)
        for x in literals(state, symbol):
            assert screen.reach(x) == _plain_reach(screen, x), (symbol, x)


@pytest.mark.parametrize("text", PUZZLES)
@pytest.mark.parametrize("kind", ["x-chain", "aic"])
def test_best_first_gives_the_full_sort(text, kind):
    state = stuck(text)
    producer = Chains(kind)
    fast = list(producer.find(state))
    full = list(producer._find_sorted(state))
    assert [(s.placements, s.eliminations, s.variant, s.details) for s in fast] == \
        [(s.placements, s.eliminations, s.variant, s.details) for s in full]


def test_best_first_gives_the_full_sort_for_cell_region():
    state = stuck(PUZZLES[0])
    producer = ForcingChains("cell-region")
    assert [s.details for s in producer.find(state)] == [s.details for s in producer._find_sorted(state)]


@pytest.mark.parametrize("text", PUZZLES)
@pytest.mark.parametrize(("mode", "symbol"), [("static", None), ("static", 4), ("grouped", None)])
def test_literals_that_can_make_no_link_are_not_followed_and_change_nothing(text, mode, symbol):
    # A static or grouped propagation follows an "off" literal only through the houses (and cell,
    # and almost locked sets) where it can still make a link; following every house of every
    # literal must give the same propagations, node for node.
    state = stuck(text)
    fast, every = Implications(state, mode, symbol), Implications(state, mode, symbol)
    live = fast._live = fast._live_houses()
    g = state.puzzle.geometry
    every._live = {lit(c, s, False): g.cell_houses[c] for c in range(81) if state.value[c] < 0
                   for s in range(9) if state.cand[c] >> s & 1 and symbol in (None, s)}
    assert sum(map(len, live.values())) < sum(map(len, every._live.values()))  # some house is skipped
    for x in literals(state, symbol):
        a, b = fast.propagate(x), every.propagate(x)
        assert list(a.nodes.items()) == list(b.nodes.items()), x
        assert (a.contradiction, a.grouped) == (b.contradiction, b.grouped), x


class _Forgetful(dict):
    """A cache that never keeps anything: every lookup misses."""

    def get(self, key, default=None):
        return default

    def __setitem__(self, key, value):
        pass


@pytest.mark.parametrize("text", PUZZLES)
def test_grouped_links_shared_by_a_positions_propagations_change_nothing(text):
    # The reasons of group links, the parents of hidden singles after a group, and what a literal's
    # almost locked sets imply when they fire are kept per position and shared between its propagations: filled in
    # either order, they give the propagations made with nothing kept, node for node.
    state = stuck(text)
    lits = list(literals(state))
    fresh = Implications(state, "grouped")
    fresh._gone_lits, fresh._group_links = _Forgetful(), _Forgetful()
    fresh._als_index = {x: (union, sets, _Forgetful()) for x, (union, sets, _) in fresh.als_index.items()}
    fresh._fast = False  # (the Python propagation, whether or not the C accelerator is installed)
    for order in (lits, lits[::-1]):
        shared = Implications(state, "grouped")
        shared._fast = False
        for x in order:
            a, b = shared.propagate(x), fresh.propagate(x)
            assert list(a.nodes.items()) == list(b.nodes.items()), x
            assert (a.contradiction, a.grouped) == (b.contradiction, b.grouped), x
        # the shared tables were used
        assert shared._group_links and any(fired for _, _, fired in shared.als_index.values())


@pytest.mark.parametrize("mode", ["plus", "nested"])
def test_dynamic_plus_goes_on_from_the_dynamic_propagation(mode):
    state = stuck(PUZZLES[1])
    base = Implications(state, "dynamic")
    fresh = Implications(state, mode)
    continued = Implications(state, mode)
    continued.base = base
    lits = list(literals(state))[:40]
    for x in lits:
        base.propagate(x)
    for x in lits:
        a, b = fresh.propagate(x), continued.propagate(x)
        assert list(a.nodes.items()) == list(b.nodes.items())
        assert a.contradiction == b.contradiction
        assert a.rules == b.rules


@pytest.mark.parametrize("producer", [Chains("aic"), ForcingChains("dynamic"), ForcingChains("dynamic+")])
def test_a_time_limit_ends_a_chain_search(producer):
    state = stuck(PUZZLES[0])
    # the same position of a new puzzle object: nothing cached from another test
    fresh = State(Puzzle.from_string(PUZZLES[0]), state.cand.copy(), state.value.copy())
    with deadline.limit(0.0):
        with pytest.raises(SolveTimeout):
            list(producer.find(fresh))


def test_producers_are_values_whose_repr_rebuilds_them():
    for producer in [*(Chains(k) for k in ("x-chain", "aic", "grouped-aic")),
                     *(ForcingChains(k) for k in ("cell-region", "nishio", "dynamic", "dynamic+", "nested"))]:
        rebuilt = eval(repr(producer), {"Chains": Chains, "ForcingChains": ForcingChains})
        assert rebuilt == producer and hash(rebuilt) == hash(producer)
        assert rebuilt.technique is producer.technique
    assert repr(ForcingChains("dynamic")) == "ForcingChains('dynamic')"
    with pytest.raises(ChainKindError, match="unknown Chains kind 'nishio'"):
        Chains("nishio")
    with pytest.raises(ValueError):
        ForcingChains("dynamic++")
    with pytest.raises(AttributeError):
        ForcingChains("dynamic").kind = "nishio"  # type: ignore[misc]


def test_pair_distance_is_the_least_sum_of_distances():
    rng = random.Random(7)
    for _ in range(300):
        first = [(rng.getrandbits(12), rng.getrandbits(12)) for _ in range(rng.randint(1, 6))]
        second = [(rng.getrandbits(12), rng.getrandbits(12)) for _ in range(rng.randint(1, 6))]
        on, off = rng.getrandbits(12) & rng.getrandbits(12), rng.getrandbits(12) & rng.getrandbits(12)
        meets = [i + j for i, (ao, af) in enumerate(first) for j, (bo, bf) in enumerate(second)
                 if ao & bo & on or af & bf & off]
        assert StaticScreen.pair_distance(first, second, on, off) == min(meets, default=len(first) + len(second))


def _records(result):
    return [(s.code, s.placements, s.eliminations, s.variant, s.details) for s in result.steps]


@pytest.mark.parametrize("profile", ["se", "hodoku"])
def test_one_symbols_chains_kept_across_positions_give_the_same_steps(profile, monkeypatch):
    text = PUZZLES[2]  # X-chains and Nishio under se, AICs (whose bounds use one symbol's screens) under both
    kept = _records(Solver(profile=profile).solve(Puzzle.from_string(text)))
    # a limit of 0 empties the store at every request: nothing is kept from one position to the next
    monkeypatch.setattr(SolveCache, "SYMBOL_LIMIT", 0)
    fresh = _records(Solver(profile=profile).solve(Puzzle.from_string(text)))
    assert kept == fresh
    assert {"aic"} <= {code for code, *_ in kept}
