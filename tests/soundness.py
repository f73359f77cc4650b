"""Soundness checking shared by the strategy tests."""

from __future__ import annotations

from deduce import Puzzle, Solver, State, count_solutions
from deduce.engine import effective
from deduce.registry import discovered


def assert_sound(puzzle: Puzzle, solution: tuple[int, ...], max_steps_per_strategy: int = 40,
                 stride: int = 1) -> int:
    """Walk the engine's path; at every ``stride``-th position run every
    strategy fully and check each step it yields against the solution (the
    engine checks its own chosen steps at every position)."""
    # the engine's own gating: uniqueness strategies only on proven-unique
    # puzzles, none of them with cages
    solver = Solver(list(discovered()))
    strategies = solver.usable(puzzle, unique=count_solutions(puzzle, 2) == 1)
    state = State.from_puzzle(puzzle)
    checked = 0
    for position in range(500):
        if state.is_solved():
            break
        for strategy in strategies if position % stride == 0 else ():
            for i, step in enumerate(strategy.find(state)):
                if i >= max_steps_per_strategy:
                    break
                for cell, sym in step.eliminations:
                    assert solution[cell] != sym, (strategy, step)
                for cell, sym in step.placements:
                    assert solution[cell] == sym, (strategy, step)
                checked += 1
        step = solver.next_step(state)
        if step is None:
            break
        assert effective(step, state)
        for cell, sym in step.eliminations:
            assert solution[cell] != sym, step
        for cell, sym in step.placements:
            assert solution[cell] == sym, step
        state.apply(step)
    assert state.consistent_with(solution)
    return checked
