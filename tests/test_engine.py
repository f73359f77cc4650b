"""Engine, registry, geometry and step records."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from deduce import Cage, Geometry, InvalidPuzzleError, Puzzle, Solver, State, Step, UnsoundStepError
from deduce.engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, SOLVED, SOLVED_WITH_BACKTRACKING
from deduce.geometry import BOX_SHAPES
from deduce.registry import discovered, strategies_for
from deduce.render.words import TextRenderer
from deduce.techniques import PROFILES, TABLE, TECHNIQUES, select, technique

from .textcheck import assert_names_the_step

HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize("size", sorted(BOX_SHAPES))
def test_box_geometries(size):
    g = Geometry.boxes(size)
    br, bc = BOX_SHAPES[size]
    assert len(g.houses) == 3 * size
    assert all(len(h) == size for h in g.houses)
    # every cell is in exactly one house of each kind
    for cell in range(size * size):
        kinds = [h // size for h in g.cell_houses[cell]]
        assert kinds == [0, 1, 2]
    # peers: row + column + box, without double counting
    assert len(g.peers[0]) == 2 * (size - 1) + (br - 1) * (bc - 1)
    assert Geometry.boxes(size) is g  # shared


def test_jigsaw_validation_names_the_region():
    with pytest.raises(InvalidPuzzleError, match="region 1 has 5 cells, expected 4"):
        Geometry.jigsaw(["0011", "0011", "2233", "1233"])
    with pytest.raises(InvalidPuzzleError, match="5 regions"):
        Geometry.jigsaw(["0011", "0011", "2233", "2234"])
    g = Geometry.jigsaw(["0001", "0211", "2231", "2333"])
    assert g.is_jigsaw and g.house_name(8) == "region 1"
    assert eval(repr(g)) == g


def test_cell_names_round_trip():
    g = Geometry.boxes(16)
    for cell in (0, 17, 255):
        assert g.parse_cell(g.cell_name(cell)) == cell
    with pytest.raises(InvalidPuzzleError, match="outside the 16x16 grid"):
        g.parse_cell("r17c1")


def test_technique_table_is_consistent():
    codes = [t.code for t in TABLE]
    assert len(codes) == len(set(codes))
    assert set(PROFILES["deduce"]) <= set(codes)
    assert technique("hidden single") is TECHNIQUES["hs"]
    assert TECHNIQUES["hs"].se_for("row") == 1.5 and TECHNIQUES["hs"].se_for("box") == 1.2
    assert select("singles") == {"fh", "hs", "ns"}
    with pytest.raises(KeyError):
        technique("no such thing")


def test_builtin_strategies_come_from_the_entry_point_group():
    eps = entry_points(group="deduce.strategies")
    assert any(ep.value == "strategies:builtin_strategies" for ep in eps)
    codes = {s.technique.code for s in discovered()}
    assert {"fh", "hs", "ns", "lc1", "lc2", "np", "nt", "nq", "hp", "ht", "hq"} <= codes
    order = [s.technique.code for s in strategies_for("deduce")]
    rank = {c: i for i, c in enumerate(PROFILES["deduce"])}
    assert order == sorted(order, key=rank.__getitem__)


def test_opt_in_techniques_only_when_asked_for():
    from deduce.techniques import OPT_IN

    default = {s.technique.code for s in strategies_for("deduce")}
    assert not default & set(OPT_IN) and set(OPT_IN) <= set(PROFILES["full"])
    asked = [s.technique.code for s in strategies_for("deduce", only={"x-wing", "finned-mutant-jellyfish"})]
    assert asked == ["x-wing", "finned-mutant-jellyfish"]


def test_core_does_not_import_strategies_at_module_level():
    code = ("import sys, deduce, deduce.engine, deduce.cli, deduce.registry; "
            "print('strategies' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr


def test_same_input_same_steps():
    a = Solver().solve(Puzzle.from_string(HARD))
    b = Solver().solve(Puzzle.from_string(HARD))
    assert a.steps == b.steps and a.steps


def test_backtracking_is_logged_with_its_position():
    result = Solver(only={"fh", "hs", "ns"}).solve(Puzzle.from_string(HARD))
    assert result.status == SOLVED_WITH_BACKTRACKING and result.backtracking
    last = result.steps[-1]
    assert last.code == "bf"
    assert last.detail("position") == result.stuck.grid_string()
    guesses = last.detail("guesses")
    assert guesses and {g[2] for g in guesses} <= {"contradiction", "solution"}
    assert "solution" in {g[2] for g in guesses}
    # backtracking off: the engine stops where logic stops
    stuck = Solver(only={"fh", "hs", "ns"}, backtracking=False).solve(Puzzle.from_string(HARD))
    assert stuck.status == "stuck" and stuck.steps[-1].code != "bf"


def test_logic_steps_lead_to_the_solution():
    result = Solver().solve(Puzzle.from_string(EASY))
    assert result.status == SOLVED and not result.backtracking
    state = State.from_puzzle(result.puzzle)
    for step in result.steps:
        state.apply(step)
    assert tuple(state.value) == result.solution


class WrongStrategy:
    """Removes 4, the solution value of EASY's r1c3: must be refused."""

    technique = TECHNIQUES["np"]

    def find(self, state):
        yield Step(self.technique, eliminations=[(2, 0), (2, 3)])


def test_engine_refuses_an_unsound_step():
    with pytest.raises(UnsoundStepError, match="r1c3"):
        Solver([WrongStrategy()]).solve(Puzzle.from_string(EASY))


def test_uniqueness_strategies_only_on_unique_puzzles():
    calls = []

    class Spy:
        technique = TECHNIQUES["np"]
        requires_unique = True

        def find(self, state):
            calls.append(1)
            return iter(())

    Solver([Spy()]).solve(Puzzle.from_string("1234" + "." * 12))
    assert calls == []
    Solver([Spy()]).solve(Puzzle.from_string(HARD))
    assert calls
    calls.clear()
    Solver([Spy()], uniqueness=False).solve(Puzzle.from_string(HARD))
    assert calls == []


def test_cage_unsafe_strategies_are_skipped_with_cages():
    calls = []

    class Spy:
        technique = TECHNIQUES["np"]
        allows_cages = False

        def find(self, state):
            calls.append(1)
            return iter(())

    caged = Puzzle(Geometry.boxes(4), "1234", (-1,) * 16, (Cage(3, (0, 1)),))
    Solver([Spy()]).solve(caged)
    assert calls == []


def test_statuses():
    assert Solver().solve(Puzzle.from_string("11" + "." * 14)).status == NO_SOLUTION
    assert Solver().solve(Puzzle.from_string("." * 16)).status == MULTIPLE_SOLUTIONS
    # no clash among givens, yet no solution: found by search
    r = Solver().solve(Puzzle.from_string("31.." "...2" "..1." ".3.."))
    assert r.status == NO_SOLUTION and "exhaustive search" in r.reason


def test_puzzle_repr_rebuilds_it():
    p = Puzzle.from_string(HARD)
    assert repr(eval(repr(p))) == repr(p)


def test_cage_validation():
    g = Geometry.boxes(4)
    with pytest.raises(InvalidPuzzleError, match="cannot add up to 9"):
        Puzzle(g, "1234", (-1,) * 16, (Cage(9, (0, 1)),))
    with pytest.raises(InvalidPuzzleError, match="r1c2 is in two cages"):
        Puzzle(g, "1234", (-1,) * 16, (Cage(3, (0, 1)), Cage(5, (1, 2))))
    full = tuple(Cage(10, tuple(g.houses[r]), repeats=True) for r in range(3)) + (Cage(11, g.houses[3], True),)
    with pytest.raises(InvalidPuzzleError, match="must add up to 40"):
        Puzzle(g, "1234", (-1,) * 16, full)


def test_explanations_name_the_step_cells():
    result = Solver().solve(Puzzle.from_string(HARD))
    r = TextRenderer(result.puzzle)
    for step in result.steps[:-1]:
        assert_names_the_step(step, result.puzzle, r.explain(step))


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_code_type_checks_with_mypy():
    out = subprocess.run([sys.executable, "-m", "mypy"], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


# -- streaming, search and time limits ----------------------------------------------------------

def test_iter_solve_yields_each_step_then_the_result():
    items = list(Solver(only={"fh", "hs", "ns"}).iter_solve(Puzzle.from_string(HARD)))
    *steps, result = items
    assert all(isinstance(s, Step) for s in steps) and steps
    assert result.steps == tuple(steps) and steps[-1].code == "bf"
    again = Solver(only={"fh", "hs", "ns"}).solve(Puzzle.from_string(HARD))
    assert (again.status, again.steps, again.solution) == (result.status, result.steps, result.solution)


def test_iter_solve_shows_the_first_step_before_the_rest_is_found():
    seen = []

    class Counting:
        technique = TECHNIQUES["hs"]

        def __init__(self):
            from strategies import builtin_strategies

            self.inner = next(s for s in builtin_strategies() if s.technique.code == "hs")

        def find(self, state):
            seen.append(1)
            return self.inner.find(state)

    gen = Solver([Counting()]).iter_solve(Puzzle.from_string(EASY))
    first = next(gen)
    assert isinstance(first, Step) and len(seen) == 1  # one search so far, not the whole solve
    rest = list(gen)
    assert len(seen) > 1 and rest[-1].status in (SOLVED, SOLVED_WITH_BACKTRACKING)


def test_search_answers_without_steps():
    from deduce.engine import search

    r = search(Puzzle.from_string(EASY))
    assert r.status == SOLVED and r.steps == () and r.solution == Solver().solve(Puzzle.from_string(EASY)).solution
    assert search(Puzzle.from_string("." * 16)).status == MULTIPLE_SOLUTIONS
    clash = search(Puzzle.from_string("11" + "." * 14))
    assert clash.status == NO_SOLUTION and "given twice" in clash.reason
    hidden = search(Puzzle.from_string("31.." "...2" "..1." ".3.."))
    assert hidden.status == NO_SOLUTION and "exhaustive search" in hidden.reason


def _unsolvable_25():
    from .test_bounds import sparse_25

    return Puzzle.from_string(sparse_25())


def test_time_limit_bounds_the_search_inside_a_solve():
    """The solution count before any step is bounded too (it used to run
    before any deadline was checked)."""
    import time

    from deduce.engine import search
    from deduce.errors import SolveTimeout

    puzzle = _unsolvable_25()
    start = time.monotonic()
    with pytest.raises(SolveTimeout, match=r"no result within 0\.2 s"):
        Solver(time_limit=0.2).solve(puzzle)
    with pytest.raises(SolveTimeout):
        search(puzzle, time_limit=0.2)
    assert time.monotonic() - start < 60  # a hang would not end at all


def test_deadline_is_checked_inside_the_backtracking_search():
    from deduce import backtrack, deadline
    from deduce.errors import SolveTimeout

    with deadline.limit(0.1):
        with pytest.raises(SolveTimeout):
            backtrack.count_solutions(_unsolvable_25(), limit=2)
    assert backtrack.count_solutions(Puzzle.from_string("." * 16), limit=1000) == 288  # no deadline left behind


def test_an_outer_shorter_deadline_keeps_its_own_message():
    from deduce import deadline
    from deduce.errors import SolveTimeout

    with deadline.limit(0.1):
        with pytest.raises(SolveTimeout, match=r"within 0\.1 s"):
            Solver(time_limit=100).solve(_unsolvable_25())


def test_time_limit_between_steps_leaves_the_steps_found_so_far():
    from deduce.errors import SolveTimeout

    class Slow:
        technique = TECHNIQUES["hs"]

        def __init__(self):
            from strategies import builtin_strategies

            self.inner = next(s for s in builtin_strategies() if s.technique.code == "hs")

        def find(self, state):
            import time

            time.sleep(0.05)
            return self.inner.find(state)

    got = []
    with pytest.raises(SolveTimeout):
        for item in Solver([Slow()], time_limit=0.3).iter_solve(Puzzle.from_string(EASY)):
            got.append(item)
    assert got and all(isinstance(s, Step) for s in got)
