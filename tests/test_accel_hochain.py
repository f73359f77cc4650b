"""HoDoKu's chains made faster find the same: the XY-chains' walks in C
(``deduce/_accel/xychain.c``'s ``xy_chain_paths``) walk what
:meth:`strategies.chains.XYChain._walks` walks, in the same order, on random
candidate grids (sizes 4 to 16, boxes and jigsaw regions, cages' peers) and
on positions where the simpler techniques stop, and the strategy's steps are
the same with and without the module; malformed input is refused.  The
tables read off once (the nice loops' houses of two cells, the groups'
cells) and the empty rectangles' early exits give what the plain rules
give (the turbot chains' are tests/test_speed_r2ho.py's)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.geometry import Geometry
from deduce.solve_cache import SolveCache
from strategies import _accel, _hodoku_tabling
from strategies.chains import MAX_CELLS, XYChain
from strategies.single_digit import EmptyRectangle

from . import test_accel
from .test_accel import _jigsaw_6, _random_position
from .test_chain_engine import PUZZLES, stuck

#: the C module (test_accel's fixture: the installed one, or one built here)
accel = test_accel.accel

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")


def _position(geometry, seed, solved, few):
    """test_accel's random position, its candidates kept to the grid's symbols (every unsolved cell
    holding at least one)."""
    state = _random_position(geometry, seed, solved=solved, few=few)
    full = (1 << geometry.size) - 1
    state.cand[:] = [m & full or 1 for m in state.cand]
    state.cache = SolveCache()
    return state


def _walked(accel_module, state):
    bivalue = state.bivalue_cells()
    ncells = len(state.cand)
    peer_words = _accel._words(state.puzzle.peer_masks, ncells)
    return accel_module.xy_chain_paths(bivalue, [state.cand[c] for c in bivalue], peer_words, ncells, MAX_CELLS)


def assert_same_walks(accel_module, state) -> int:
    """The kernel's chains are the Python walk's, in order; returns how many."""
    fast = _walked(accel_module, state)
    assert fast == XYChain._walks(state, state.bivalue_cells())
    return len(fast)


def _steps(state, cannibal):
    return [(s.eliminations, s.cells, s.symbols, s.details, s.se_bonus) for s in XYChain(cannibal=cannibal).find(state)]


def assert_same_steps(monkeypatch, accel_module, state) -> int:
    made = []
    for module in (accel_module, None):
        monkeypatch.setattr(_accel, "_deduce_accel", module)
        for cannibal in (False, True):
            state.cache = SolveCache()  # (the walks are kept per position)
            made.append(_steps(state, cannibal))
    monkeypatch.setattr(_accel, "_deduce_accel", accel_module)
    assert made[:2] == made[2:]
    return len(made[0]) + len(made[1])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 9, 16]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       few=st.booleans(), solved=st.sampled_from([0.1, 0.3, 0.5]))
def test_random_positions_walk_the_same_xy_chains(accel, monkeypatch, size, seed, jigsaw, few, solved):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    state = _position(geometry, seed, solved, few)
    assert_same_walks(accel, state)
    assert_same_steps(monkeypatch, accel, state)


def test_stuck_positions_walk_the_same_xy_chains(accel, monkeypatch):
    walked = 0
    for text in PUZZLES:
        state = stuck(text)
        walked += assert_same_walks(accel, state)
        assert_same_steps(monkeypatch, accel, state)
    assert walked > 0


def test_some_position_has_xy_chains(accel, monkeypatch):
    """The comparisons above are not all empty: random grids of small cells give chains and steps."""
    chains = steps = 0
    for seed in range(20):
        state = _position(Geometry.boxes(9), seed, 0.3, True)
        chains += assert_same_walks(accel, state)
        steps += assert_same_steps(monkeypatch, accel, state)
    assert chains > 0 and steps > 0


def test_cage_peers_are_walked(accel, monkeypatch):
    """A killer cage's mates are peers of the walk too (the puzzle's peer masks, not the geometry's)."""
    from deduce.puzzle import Cage, Puzzle
    from deduce.state import State

    puzzle = Puzzle(Geometry.boxes(9), "123456789", (-1,) * 81, (Cage(3, (0, 40)), Cage(11, (8, 80))))
    assert puzzle.peer_masks is not puzzle.geometry.peer_masks
    base = _position(Geometry.boxes(9), 11, 0.2, True)
    state = State(puzzle, list(base.cand), list(base.value))
    state.cand[0] = state.cand[40] = 0b11
    assert assert_same_walks(accel, state) > 0
    assert_same_steps(monkeypatch, accel, state)


def test_malformed_input_is_refused(accel):
    words = _accel._words([0] * 16, 16)
    with pytest.raises(ValueError, match="two symbols"):
        accel.xy_chain_paths([0, 1], [0b11, 0b111], words, 16, 10)
    with pytest.raises(ValueError, match="outside"):
        accel.xy_chain_paths([0, 16], [0b11, 0b11], words, 16, 10)
    with pytest.raises(ValueError, match="twice"):
        accel.xy_chain_paths([3, 3], [0b11, 0b11], words, 16, 10)
    with pytest.raises(ValueError, match="numbers, expected"):
        accel.xy_chain_paths([0, 1], [0b11], words, 16, 10)
    with pytest.raises(ValueError, match="wrong size"):
        accel.xy_chain_paths([0, 1], [0b11, 0b11], words[:-8], 16, 10)
    with pytest.raises(ValueError, match="chains of"):
        accel.xy_chain_paths([0, 1], [0b11, 0b11], words, 16, 65)
    with pytest.raises(TypeError):
        accel.xy_chain_paths([0, 1], [0b11, 0b11], "words", 16, 10)
    assert accel.xy_chain_paths([], [], words, 16, 10) == []


def test_pair_houses_are_the_first_common_house():
    houses = _hodoku_tabling.CELL_HOUSES
    for a in range(81):
        for b in range(81):
            both = {a, b}
            want = -1 if a == b else next((h for h in houses[min(both)] if all(h in houses[c] for c in both)), -1)
            assert _hodoku_tabling._PAIR_HOUSE[a * 81 + b] == want


def test_group_nodes_keep_their_cells():
    made = [(3, 0b111), (5, 0b1001 << 9), (3, 0b111)]
    assert _hodoku_tabling._group_nodes(made) == [((0, 1, 2), 3), ((9, 12), 5), ((0, 1, 2), 3)]


def _plain_empty_rectangles(state, sym, where):
    """The empty rectangles as the rule reads them: a box whose places of ``sym`` (two or more) lie in
    one of its rows and one of its columns, each holding a place off the crossing; a row or column
    strong link wholly outside the box with one end in the cross's column (row): the cell in its other
    end's row (column) and the cross's column (row), outside the box and holding ``sym``, loses it."""
    from strategies.single_digit import lines_of_boxes, strong_links

    g = state.puzzle.geometry
    n = g.size
    out = []
    for b in range(2 * n, 3 * n):
        inbox = [c for c in g.houses[b] if where >> c & 1]
        rows, cols = lines_of_boxes(g)[b - 2 * n]
        for r in rows:
            for cc in cols:
                off_cross = any(c // n != r and c % n != cc for c in inbox)
                row_arm = any(c // n == r and c % n != cc for c in inbox)
                column_arm = any(c % n == cc and c // n != r for c in inbox)
                if len(inbox) < 2 or off_cross or not row_arm or not column_arm:
                    continue
                for h, p, q in strong_links(state, sym, where):
                    if h >= 2 * n or set(g.houses[h]) & set(g.houses[b]):
                        continue
                    for near, far in ((p, q), (q, p)):
                        if h >= n and near // n == r:
                            target = far // n * n + cc
                        elif h < n and near % n == cc:
                            target = r * n + far % n
                        else:
                            continue
                        if g.region_of[target] != b - 2 * n and target not in (near, far) and \
                                state.value[target] < 0 and state.cand[target] >> sym & 1:
                            out.append((((target, sym),), (*inbox, near, far), (b, h)))
    return out


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from([4, 9, 9, 16]), seed=st.integers(0, 2**32), few=st.booleans(),
       solved=st.sampled_from([0.1, 0.3]))
def test_empty_rectangles_are_the_plain_rule(size, seed, few, solved):
    state = _position(Geometry.boxes(size), seed, solved, few)
    got = [(s.eliminations, s.cells, s.houses) for s in EmptyRectangle().find(state)]
    want = [w for sym, where in enumerate(state.symbol_masks()) if where
            for w in _plain_empty_rectangles(state, sym, where)]
    assert got == want


def test_some_position_has_empty_rectangles():
    """The comparison above is not all empty: random classic grids give empty rectangles."""
    assert sum(len(list(EmptyRectangle().find(_position(Geometry.boxes(9), seed, 0.3, False))))
               for seed in range(10)) > 0
