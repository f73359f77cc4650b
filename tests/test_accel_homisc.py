"""The C accelerator's kernels for HoDoKu's other finders
(``deduce/_accel/ho_misc.c``) find what the pure Python searches find, in
the same order: Sue de Coq's search of one intersection (HoDoKu's
``shared`` reading, :meth:`strategies.als.SueDeCoq._shared_at`) and the
almost locked sets' reach (:func:`strategies.als.als_reach`), neighbours
(:func:`strategies.als._neighbours`) and link table, and
the pairs of sets ALS-XZ reads (:class:`strategies.als.AlsXZ`), and
HoDoKu's unique rectangles (:mod:`strategies._hodoku_uniqueness`), on
random candidate grids (sizes 4 to 16, boxes and jigsaw regions) and on
positions where the simpler techniques stop; the ALS tables pack their bit
sets as Python would; malformed input is refused with a clear error.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry, bits_of
from deduce.solve_cache import SolveCache
from strategies import _accel
from strategies._houses import line_block_pairs
from strategies.als import (
    AlsXZ,
    SueDeCoq,
    _neighbours,
    _shared_eliminations,
    _shared_search,
    als_links,
    als_reach,
)

from . import test_accel
from .test_accel import _jigsaw_6, _random_position
from .test_chain_engine import PUZZLES, stuck

#: the C module (test_accel's fixture: the installed one, or one built here)
accel = test_accel.accel

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")


def _position(geometry, seed, solved, few):
    """test_accel's random position, its candidates kept to the grid's symbols (its ``few`` grids may
    carry a sum of repeated bits past them)."""
    state = _random_position(geometry, seed, solved=solved, few=few)
    full = (1 << geometry.size) - 1
    state.cand[:] = [m & full for m in state.cand]
    return state


def _houses(state, line, block, inter):
    g, value = state.puzzle.geometry, state.value
    return ([c for c in bits_of(inter) if value[c] < 0], [c for c in g.houses[line] if value[c] < 0],
            [c for c in g.houses[block] if value[c] < 0])


def _removing(state, line_all, box_all, found):
    """The Python search's finds that remove something (the C kernel returns only those)."""
    return [f for f in found if _shared_eliminations(state.cand, line_all, box_all, *f)]


def assert_same_sue_de_coq(accel_module, state):
    """Every intersection: the kernel's finds are the Python search's that remove something, in order;
    and the strategy's steps are the same with and without the module."""
    checked = 0
    for line, block, inter in line_block_pairs(state.puzzle.geometry):
        core, line_all, box_all = _houses(state, line, block, inter)
        if max(len(line_all), len(box_all)) > accel_module.SDC_MAX_CELLS:
            continue
        fast = accel_module.sdc_shared(state.cand, core, line_all, box_all)
        plain = _removing(state, line_all, box_all, _shared_search(state.cand, core, line_all, box_all))
        assert fast == plain, (line, block)
        checked += len(fast)
    return checked


def _steps(state):
    return [(s.eliminations, s.cells, s.houses, s.symbols, s.details)
            for s in SueDeCoq(shared=True).find(state)]


def assert_same_steps(monkeypatch, accel_module, state):
    monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
    fast = _steps(state)
    monkeypatch.setattr(_accel, "_deduce_accel", None)
    assert fast == _steps(state)
    monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
    return len(fast)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 9, 16]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       few=st.booleans(), solved=st.sampled_from([0.1, 0.3, 0.5]))
def test_random_positions_make_the_same_sue_de_coq(accel, size, seed, jigsaw, few, solved):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    state = _position(geometry, seed, solved if size < 16 else max(solved, 0.5), few)
    assert_same_sue_de_coq(accel, state)


@pytest.mark.parametrize("text", PUZZLES)
def test_stuck_positions_make_the_same_sue_de_coq_steps(accel, monkeypatch, text):
    state = stuck(text)
    assert_same_sue_de_coq(accel, state)
    assert_same_steps(monkeypatch, accel, state)


def test_some_position_has_a_sue_de_coq(accel, monkeypatch):
    """The comparisons above are not all empty: random classic grids give Sue de Coqs."""
    found = 0
    for seed in range(40):
        state = _position(Geometry.boxes(9), seed, 0.3, True)
        found += assert_same_sue_de_coq(accel, state)
    assert found > 0


def test_malformed_input_is_refused(accel):
    cand = [0b111] * 16
    with pytest.raises(ValueError, match="core cells"):
        accel.sdc_shared(cand, [0, 99], [0, 1, 2, 3], [0, 1, 4, 5])
    with pytest.raises(ValueError, match="candidates"):
        accel.sdc_shared([-1] * 16, [0, 1], [0, 1, 2, 3], [0, 1, 4, 5])
    with pytest.raises(ValueError, match="in the line and in the box"):
        accel.sdc_shared(cand, [0, 2], [0, 1, 2, 3], [0, 1, 4, 5])
    with pytest.raises(ValueError, match="more than"):
        accel.sdc_shared([1] * 400, [0, 1], list(range(17)), [0, 1])
    with pytest.raises(TypeError):
        accel.sdc_shared(cand, None, [0], [0])
    assert accel.sdc_shared(cand, [0], [0, 1], [0, 4]) == []


def link_table(neighbours, nsets):
    """The C ALS searches' link table as ``strategies._accel._als_tables``
    reads it (``als_pair_table``): set after set, set i's links are
    ``nbr[off[i]:off[i + 1]]`` with the masks of their commons, from the sets'
    ``neighbours`` (:func:`strategies.als._neighbours`' dict)."""
    off, nbr, mask = [0], [], []
    for i in range(nsets):
        for j, m in neighbours.get(i, ()):
            nbr.append(j)
            mask.append(m)
        off.append(len(nbr))
    return off, nbr, mask


def assert_same_neighbours(accel_module, state):
    """The sets' neighbours, link table and reach, as the Python code makes them."""
    state.cache = SolveCache()
    sets, pairs = als_links(state)
    fast = accel_module.als_neighbours(pairs)
    assert list(fast.items()) == list(_neighbours(pairs).items())
    assert accel_module.als_pair_table(pairs, len(sets)) == link_table(fast, len(sets))
    masks = state.symbol_masks()
    reach = [[a.seen[z] & masks[z] & ~a.cells if a.where[z] else 0 for z in range(len(masks))] for a in sets]
    useful = [sum(1 << z for z, m in enumerate(r) if m) for r in reach]
    assert accel_module.als_reach(sets, masks, (len(state.cand) + 63) // 64) == (reach, useful)
    return len(fast)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 9]), seed=st.integers(0, 2**32), jigsaw=st.booleans(), few=st.booleans())
def test_random_positions_make_the_same_als_neighbours(accel, size, seed, jigsaw, few):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    assert_same_neighbours(accel, _position(geometry, seed, 0.3, few))


@pytest.mark.parametrize("text", PUZZLES)
def test_stuck_positions_make_the_same_als_neighbours(accel, text):
    assert assert_same_neighbours(accel, stuck(text)) > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.lists(st.integers(0, 2**128 - 1), max_size=9), max_size=6), words=st.sampled_from([2, 3]))
def test_words_are_packed_as_python_packs_them(accel, rows, words):
    assert accel.pack_words(rows, words) == b"".join(m.to_bytes(words * 8, "little") for row in rows for m in row)


def test_malformed_tables_are_refused(accel):
    with pytest.raises(TypeError, match="dict"):
        accel.als_neighbours([((0, 1), [2])])
    with pytest.raises(ValueError, match="each pair"):
        accel.als_neighbours({(0, 1, 2): [1]})
    with pytest.raises(ValueError, match="out of range"):
        accel.als_neighbours({(0, 1): [70]})
    with pytest.raises(ValueError, match="out of range"):
        accel.als_neighbours({(-1, 1): [3]})
    with pytest.raises(ValueError, match="non-negative"):
        accel.pack_words([[-1]], 2)
    with pytest.raises(ValueError, match="too wide"):
        accel.pack_words([[2**130]], 2)
    with pytest.raises(ValueError, match="1 to 64"):
        accel.pack_words([[1]], 0)
    assert accel.als_neighbours({}) == {}
    with pytest.raises(ValueError, match="each set is"):
        accel.als_reach([(1, 2, 3)], [1, 2], 2)
    with pytest.raises(ValueError, match="each set is"):
        accel.als_reach([(1, 3, 0, (1,), (0,))], [1, 2], 2)
    with pytest.raises(ValueError, match="non-negative"):
        accel.als_reach([(1, 3, 0, (1, 1), (0, 0))], [-1, 2], 2)
    with pytest.raises(ValueError, match="1 to 62"):
        accel.als_reach([], [], 2)
    assert accel.als_reach([(1, 3, 0, (1, 0), (6, 6))], [7, 7], 2) == ([[6, 0]], [1])


def assert_same_xz_pairs(accel_module, monkeypatch, state):
    """The kernel's pairs are those whose steps are not empty, in the order the Python sort reads them;
    and ALS-XZ's steps (both readings) are the same with and without the module."""
    monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
    state.cache = SolveCache()
    sets, links = als_links(state)
    if not sets:
        return 0
    reach = als_reach(state)
    fast = _accel.als_xz_pairs(state, sets, links, reach)
    xz = AlsXZ()
    plain = [(k, v) for k, v in sorted(links.items(), key=lambda kv: (sets[kv[0][0]].cells | sets[kv[0][1]].cells)
                                       .bit_count()) if xz._pair_steps(sets, reach, *k, v)]
    assert fast == plain
    for whole in (False, True):
        monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
        state.cache = SolveCache()
        steps = [(s.eliminations, s.cells, s.houses, s.symbols, s.variant, s.details)
                 for s in AlsXZ(whole=whole).find(state)]
        monkeypatch.setattr(_accel, "_deduce_accel", None)
        state.cache = SolveCache()
        assert steps == [(s.eliminations, s.cells, s.houses, s.symbols, s.variant, s.details)
                         for s in AlsXZ(whole=whole).find(state)]
    monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
    return len(fast)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 9]), seed=st.integers(0, 2**32), jigsaw=st.booleans(), few=st.booleans())
def test_random_positions_read_the_same_als_xz_pairs(accel, monkeypatch, size, seed, jigsaw, few):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    assert_same_xz_pairs(accel, monkeypatch, _position(geometry, seed, 0.3, few))


@pytest.mark.parametrize("text", PUZZLES)
def test_stuck_positions_read_the_same_als_xz_pairs(accel, monkeypatch, text):
    assert_same_xz_pairs(accel, monkeypatch, stuck(text))


def test_some_stuck_position_has_als_xz_pairs(accel, monkeypatch):
    """The comparisons above are not all empty."""
    assert sum(assert_same_xz_pairs(accel, monkeypatch, stuck(text)) for text in PUZZLES[:4]) > 0


def test_malformed_xz_input_is_refused(accel):
    cells = (1).to_bytes(16, "little") + (2).to_bytes(16, "little")
    reach = bytes(2 * 9 * 16)
    assert accel.als_xz_pairs({(0, 1): [0]}, [3, 3], reach, cells, 9, 2) == []
    with pytest.raises(TypeError):
        accel.als_xz_pairs([((0, 1), [0])], [3, 3], reach, cells, 9, 2)
    with pytest.raises(ValueError, match="out of range"):
        accel.als_xz_pairs({(0, 5): [0]}, [3, 3], reach, cells, 9, 2)
    with pytest.raises(ValueError, match="out of range"):
        accel.als_xz_pairs({(0, 1): [9]}, [3, 3], reach, cells, 9, 2)
    with pytest.raises(ValueError, match="wrong size"):
        accel.als_xz_pairs({(0, 1): [0]}, [3, 3], reach[:-1], cells, 9, 2)
    with pytest.raises(ValueError, match="1 to 31"):
        accel.als_xz_pairs({}, [], b"", b"", 40, 2)


def _classic(seed, solved, few):
    state = _position(Geometry.boxes(9), seed, solved, few)
    for c, v in enumerate(state.value):  # (values the rectangles read as placed digits)
        if v >= 0:
            state.cand[c] = 1 << v
    return state


def assert_same_rectangles(accel_module, monkeypatch, state):
    from strategies import _hodoku_uniqueness as ur

    fast = accel_module.hodoku_ur_rectangles(state.cand, state.value)
    assert fast == list(ur._python_rectangles(state))
    monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
    state.cache = SolveCache()
    with_module = ur.hodoku_rectangles(state)
    monkeypatch.setattr(_accel, "_deduce_accel", None)
    state.cache = SolveCache()
    assert with_module == ur.hodoku_rectangles(state)
    return len(fast)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), few=st.booleans(), solved=st.sampled_from([0.1, 0.3, 0.5]))
def test_random_positions_make_the_same_hodoku_rectangles(accel, monkeypatch, seed, few, solved):
    assert_same_rectangles(accel, monkeypatch, _classic(seed, solved, few))


@pytest.mark.parametrize("text", PUZZLES)
def test_stuck_positions_make_the_same_hodoku_rectangles(accel, monkeypatch, text):
    assert_same_rectangles(accel, monkeypatch, stuck(text))


def test_some_position_has_hodoku_rectangles(accel, monkeypatch):
    assert sum(assert_same_rectangles(accel, monkeypatch, _classic(seed, 0.1, True)) for seed in range(20)) > 0


def test_malformed_rectangle_input_is_refused(accel):
    with pytest.raises(ValueError, match="candidates: 80 numbers"):
        accel.hodoku_ur_rectangles([3] * 80, [-1] * 81)
    with pytest.raises(ValueError, match="values"):
        accel.hodoku_ur_rectangles([3] * 81, [9] * 81)
    with pytest.raises(ValueError, match="candidates"):
        accel.hodoku_ur_rectangles([512] * 81, [-1] * 81)
    assert accel.hodoku_ur_rectangles([1] * 81, list(range(9)) * 9) == []


# -- the position stamp (deduce.state.State.stamp, deduce.solve_cache) -----------------------------

def test_every_change_renews_the_stamp_and_no_two_states_share_one():
    from deduce import Puzzle
    from deduce.state import State

    state = State.from_puzzle(Puzzle.from_string(PUZZLES[0]))
    seen = {state.stamp}
    copy = state.copy()
    assert copy.stamp not in seen
    seen.add(copy.stamp)
    cell = state.value.index(-1)
    sym = state.candidates(cell)[0]
    for change in (lambda: state.eliminate(cell, sym), lambda: state.place(cell, state.candidates(cell)[0])):
        change()
        assert state.stamp not in seen
        seen.add(state.stamp)


def test_the_solve_cache_tells_positions_by_stamp_and_others_by_their_candidates():
    from deduce import Puzzle
    from deduce.state import State

    state = State.from_puzzle(Puzzle.from_string(PUZZLES[0]))
    cache = state.cache = SolveCache()
    count = [0]

    def compute():
        count[0] += 1
        return state.candidate_count()

    first = cache.per_position(state, "n", compute)
    assert cache.per_position(state, "n", compute) == first and count[0] == 1
    cell = state.value.index(-1)
    state.eliminate(cell, state.candidates(cell)[0])  # (a change through State: a new stamp)
    assert cache.cached(state, "n") is None
    assert cache.per_position(state, "n", compute) == first - 1 and count[0] == 2
    # a state this cache is not the solve's cache of is told by its candidates, changed however
    other = state.copy()
    assert cache.per_position(other, "n", compute) == first - 1 and count[0] == 2
    other.cand[cell] = 0
    assert cache.cached(other, "n") is None
    assert cache.per_position(other, "n", lambda: "fresh") == "fresh"


def test_rating_with_a_stamped_cache_gives_the_same_steps_as_comparing_positions(monkeypatch):
    """The stamp is a shortcut only: with every lookup comparing candidates and values, a rating's
    two solves take the same steps."""
    from deduce import Puzzle
    from deduce.rating.rater import Rater

    puzzle = Puzzle.from_string(PUZZLES[1])

    def steps():
        rater = Rater()
        return [[(s.technique.code, s.placements, s.eliminations) for s in rater.solver(p).solve(puzzle).steps]
                for p in ("se", "hodoku")]

    fast = steps()
    monkeypatch.setattr(SolveCache, "_stamp", property(lambda self: 0, lambda self, v: None))
    assert fast == steps()
