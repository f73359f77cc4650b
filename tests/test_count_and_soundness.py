"""Counting against the reference solver, and soundness of every strategy
on puzzles with a known unique solution."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce import Puzzle, Solver, count_solutions
from deduce.puzzle import default_symbols

from .reference import BOX, Reference, minimal_puzzle, pattern_grid, to_line
from .soundness import assert_sound


def ref_for(size: int) -> Reference:
    return Reference.boxes(size, *BOX[size])


@pytest.mark.parametrize("size", [4, 6, 9, 16])
def test_count_matches_reference_for_zero_one_and_several(size):
    rng = random.Random(size)
    ref = ref_for(size)
    sol = pattern_grid(size, rng)
    symbols = default_symbols(size)
    # several: blank out a "deadly" pattern-free handful of cells from a full grid
    cases = []
    full = list(sol)
    # 1 solution: a full grid with a few cells removed
    one = list(full)
    for cell in rng.sample(range(size * size), size):
        one[cell] = 0
    cases.append(one)
    # several solutions: drop whole rows (a band of cells leaves room to swap)
    several = list(full)
    for cell in range(2 * size):
        several[cell] = 0
    cases.append(several)
    # none, without clashing givens where one can be found: a wrong value
    # in a blank cell that no given contradicts directly
    none = None
    for blank in (c for c, v in enumerate(one) if v == 0):
        for v in range(1, size + 1):
            trial = list(one)
            trial[blank] = v
            reopened = trial[:blank] + [0] + trial[blank + 1:]
            if (v != sol[blank] and ref.count(trial, 1) == 0 and ref.solutions(reopened, 1)
                    and v in ref.allowed(one, blank)):
                none = trial
                break
        if none:
            break
    cases.append(none or one[:1] * 2 + one[2:])  # fall back to a clash in row 1
    # clashing givens: two equal symbols in row 1
    clash = list(one)
    clash[0] = clash[1] = sol[0]
    cases.append(clash)
    for grid in cases:
        expected = ref.count(grid, 20)
        puzzle = Puzzle.from_string(to_line(grid, symbols))
        try:
            got = count_solutions(puzzle, 20)
        except Exception:  # clashing givens count as zero solutions
            got = 0
        assert got == expected, to_line(grid, symbols)
    assert {ref.count(g, 20) for g in cases} >= {0, 1} and max(ref.count(g, 20) for g in cases) > 1


def test_empty_4x4_has_288_solutions():
    ref = ref_for(4)
    assert count_solutions(Puzzle.empty(4), 1000) == ref.count([0] * 16, 1000) == 288


def test_6x6_empty_count_limit():
    assert count_solutions(Puzzle.empty(6), 500) == 500


@st.composite
def unique_puzzles(draw, sizes=(4, 6, 9)):
    size = draw(st.sampled_from(sizes))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    ref = ref_for(size)
    sol = pattern_grid(size, rng)
    grid = minimal_puzzle(ref, sol, rng, keep=draw(st.integers(0, size)))
    symbols = default_symbols(size)
    return Puzzle.from_string(to_line(grid, symbols)), tuple(v - 1 for v in sol)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unique_puzzles())
def test_no_strategy_removes_a_solution_candidate(case):
    puzzle, solution = case
    assert count_solutions(puzzle, 2) == 1
    assert assert_sound(puzzle, solution) > 0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unique_puzzles(sizes=(9,)))
def test_engine_solution_matches_reference(case):
    puzzle, solution = case
    result = Solver().solve(puzzle)
    assert result.solved
    assert result.solution == solution
