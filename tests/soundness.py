"""Soundness checking shared by the strategy tests."""

from __future__ import annotations

from deduce import Puzzle, Solver, State, count_solutions
from deduce.engine import effective
from deduce.registry import discovered
from deduce.techniques import CHAINS, FORCING, TABLE

EXPENSIVE_FAMILIES = (CHAINS, FORCING)
#: Late techniques that cost as much as chains on wide-open positions.
EXPENSIVE_CODES = {t.code for t in TABLE if "mutant" in t.code or "franken-jellyfish" in t.code} | {
    "als-chain", "death-blossom", "kraken-fish"}


DEEPER_NESTING = {"nested-forcing-3", "nested-forcing-4", "nested-forcing-5"}


def _expensive(strategy) -> bool:
    return strategy.technique.family in EXPENSIVE_FAMILIES or strategy.technique.code in EXPENSIVE_CODES


def assert_sound(puzzle: Puzzle, solution: tuple[int, ...], max_steps_per_strategy: int = 40,
                 stride: int = 1) -> int:
    """Walk the engine's path; at every ``stride``-th position run every
    strategy fully and check each step it yields against the solution (the
    engine checks its own chosen steps at every position).

    Chains, forcing chains, ALS chains and franken/mutant jellyfish and
    mutant fish, which cost far more per call, are run fully at the
    positions where the engine itself reaches them (no cheaper technique
    applies), which is where they are used."""
    # the engine's own gating: uniqueness strategies only on proven-unique
    # puzzles, none of them with cages
    # nested levels 3 to 5 (a dynamic forcing chain search inside every assumption: hours where level 2
    # fails) are left to tests/test_nesting.py, which checks their inner steps the same way
    solver = Solver([s for s in discovered() if s.technique.code not in DEEPER_NESTING])
    usable = solver.usable(puzzle, unique=count_solutions(puzzle, 2) == 1)
    strategies = [s for s in usable if not _expensive(s)]
    expensive = [s for s in usable if _expensive(s) and s.technique.code != "nested-forcing"]
    # nested chains (a minute's search on open positions) only where everything else ran out
    deepest = [s for s in usable if s.technique.code == "nested-forcing"]
    state = State.from_puzzle(puzzle)
    checked = 0
    for position in range(500):
        if state.is_solved():
            break
        step = solver.next_step(state, usable)
        chosen = strategies if position % stride == 0 else []
        if step is None or _expensive(step):
            chosen = chosen + expensive
        if step is None or step.code == "nested-forcing":
            chosen = chosen + deepest
        for strategy in chosen:
            for i, found in enumerate(strategy.find(state)):
                if i >= max_steps_per_strategy:
                    break
                for cell, sym in found.eliminations:
                    assert solution[cell] != sym, (strategy, found)
                for cell, sym in found.placements:
                    assert solution[cell] == sym, (strategy, found)
                checked += 1
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


def solution_positions(solved: tuple[int, int], extras: int):  # type: ignore[no-untyped-def]
    """A hypothesis strategy of 9×9 positions that keep one solution (a
    relabelled solution of the empty grid): (state, solution).  A share of
    ``solved[0]``-``solved[1]`` tenths of the cells is solved; each open cell
    holds its solution symbol and 1 to ``extras`` others drawn at random."""
    from hypothesis import strategies as st

    from deduce import iter_solutions

    base = next(iter(iter_solutions(Puzzle.empty(9))))

    @st.composite
    def positions(draw: st.DrawFn) -> tuple[State, list[int]]:
        perm = draw(st.permutations(range(9)))
        solution = [perm[v] for v in base]
        share = draw(st.integers(*solved))
        cand, value = [], []
        for cell in range(81):
            sym = solution[cell]
            if draw(st.integers(0, 9)) < share:
                cand.append(1 << sym)
                value.append(sym)
                continue
            mask = 1 << sym
            for e in draw(st.lists(st.integers(0, 8), min_size=1, max_size=extras)):
                mask |= 1 << e
            if mask.bit_count() == 1:
                mask |= 1 << ((sym + 1) % 9)
            cand.append(mask)
            value.append(-1)
        return State(Puzzle.empty(9), cand, value), solution

    return positions()
