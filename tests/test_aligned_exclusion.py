"""Aligned pair and triple exclusion: the search against the definition,
and soundness on positions that keep a solution's candidates."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
from deduce import Puzzle, State, iter_solutions
from deduce.geometry import bits_of
from strategies.aligned_exclusion import aligned_exclusions

EMPTY9 = Puzzle.empty(9)
SOLUTION = next(iter(iter_solutions(EMPTY9)))


def _reference(state: State, size: int) -> dict[tuple[int, ...], set[tuple[int, int]]]:
    """The definition, literally: every set of base cells, every combination."""
    cand, value, peer = state.cand, state.value, state.puzzle.peer_masks
    unsolved = [c for c in range(len(cand)) if value[c] < 0 and cand[c].bit_count() >= 2]
    small = {c for c in unsolved if cand[c].bit_count() <= size}
    found = {}
    for base in combinations(unsolved, size):
        excluders = [e for e in small if e not in base and all(peer[b] >> e & 1 for b in base)]
        if len(excluders) < 2:
            continue
        if size == 3 and not any(c in small and any(peer[c] >> d & 1 for d in base) for c in base):
            continue
        allowed = [set() for _ in base]
        for combo in product(*(bits_of(cand[c]) for c in base)):
            if any(combo[i] == combo[j] and peer[base[i]] >> base[j] & 1 for i, j in combinations(range(size), 2)):
                continue
            if any(set(bits_of(cand[e])) <= set(combo) for e in excluders):
                continue
            for i, sym in enumerate(combo):
                allowed[i].add(sym)
        gone = {(c, s) for i, c in enumerate(base) for s in bits_of(cand[c]) if s not in allowed[i]}
        if gone:
            found[base] = gone
    return found


@st.composite
def positions(draw: st.DrawFn) -> tuple[State, tuple[int, ...]]:
    """A 9×9 position whose candidates all keep one solution: each cell holds
    its solution symbol and a few others (some cells solved)."""
    perm = draw(st.permutations(range(9)))
    solution = tuple(perm[v] for v in SOLUTION)
    cand, value = [], []
    for cell in range(81):
        sym = solution[cell]
        if draw(st.integers(0, 9)) == 0:
            cand.append(1 << sym)
            value.append(sym)
            continue
        extra = draw(st.lists(st.integers(0, 8), min_size=1, max_size=3))
        mask = 1 << sym
        for e in extra:
            mask |= 1 << e
        if mask.bit_count() == 1:
            mask |= 1 << ((sym + 1) % 9)
        cand.append(mask)
        value.append(-1)
    return State(EMPTY9, cand, value), solution


def _assert_as_defined(case: tuple[State, tuple[int, ...]], size: int) -> None:
    state, solution = case
    found = {x.base: set(x.eliminations) for x in aligned_exclusions(state, size)}
    assert found == _reference(state, size)
    for gone in found.values():
        for cell, sym in gone:
            assert solution[cell] != sym


# (the definition reads every triple of cells: about a second a position; the default suite reads a
# few, the fuzz run sixty)
@settings(max_examples=6, deadline=None)
@given(positions(), st.sampled_from([2, 3]))
def test_the_search_finds_what_the_definition_says_and_nothing_unsound(case, size) -> None:
    _assert_as_defined(case, size)


@pytest.mark.fuzz
@settings(max_examples=60, deadline=None)
@given(positions(), st.sampled_from([2, 3]))
def test_many_searches_find_what_the_definition_says(case, size) -> None:
    _assert_as_defined(case, size)


def test_a_pair_excluded_by_two_bivalue_cells() -> None:
    """r1c1 and r1c2 {1,2,3}, seen by r1c3 {1,2} and r1c4 {1,3}: r1c1=1 leaves
    r1c2 2 or 3, and either empties an excluder; so neither cell is 1."""
    cand = [0b111111111] * 81
    cand[0] = cand[1] = 0b111
    cand[2], cand[3] = 0b011, 0b101
    state = State(EMPTY9, cand, [-1] * 81)
    pairs = [x for x in aligned_exclusions(state, 2) if x.base == (0, 1)]
    assert len(pairs) == 1
    assert set(pairs[0].eliminations) == {(0, 0), (1, 0)}
    assert pairs[0].excluders == (2, 3)
    assert all(reason[0] in ("same", "excluder") for _, reason in pairs[0].ruled_out)
    assert {combo for combo, _ in pairs[0].ruled_out} >= {(0, 1), (0, 2), (1, 0), (2, 0), (0, 0)}


def test_must_not_find_with_one_excluder_or_when_every_candidate_has_a_combination() -> None:
    cand = [0b111111111] * 81
    cand[0] = cand[1] = 0b111
    cand[2] = 0b011                      # one excluder only: Sudoku Explainer wants two
    state = State(EMPTY9, cand, [-1] * 81)
    assert [x for x in aligned_exclusions(state, 2) if x.base == (0, 1)] == []
    cand[3] = 0b1100                     # a second excluder that leaves 1 a combination: 1 with 4 is fine
    cand[0] = cand[1] = 0b1111
    state = State(EMPTY9, cand, [-1] * 81)
    assert [x for x in aligned_exclusions(state, 2) if x.base == (0, 1)] == []


@settings(max_examples=40, deadline=None)
@given(positions(), st.sampled_from([2, 3]), st.data())
def test_after_a_search_that_found_nothing_the_changed_cells_are_enough(case, size, data) -> None:
    """At a position that narrows one where nothing was found, searching only
    the sets that touch a changed cell finds what the whole search finds."""
    state, solution = case
    before = list(aligned_exclusions(state, size))
    if before:          # narrow instead the position those eliminations leave
        for x in before:
            for cell, sym in x.eliminations:
                state.cand[cell] &= ~(1 << sym)
        if list(aligned_exclusions(state, size)):
            return
    narrowed = State(EMPTY9, list(state.cand), list(state.value))
    changed = 0
    for cell in data.draw(st.lists(st.integers(0, 80), max_size=6)):
        if narrowed.value[cell] >= 0:
            continue
        others = narrowed.cand[cell] & ~(1 << solution[cell])
        if others:
            narrowed.cand[cell] &= ~(others & -others)
            changed |= 1 << cell
    whole = {x.base: x.eliminations for x in aligned_exclusions(narrowed, size)}
    part = {x.base: x.eliminations for x in aligned_exclusions(narrowed, size, changed)}
    assert part == whole


#: Puzzles of ../shared/corpora/classic-rated.csv that Sudoku Explainer 1.2.1.3 rates by an aligned pair
#: (ER 6.2) and an aligned triple exclusion (ER 7.5): data from its output, kept here so that the test
#: runs without ../shared.
SE_RATED = (
    ("4..7.9..3.7.3.5.6..2..1..7..1.834.5..........6.......85...8...1.381.652.1..5.3..7", 6.2),
    ("...94.217..78......5.17...86.8.......7.....3.......1.57...83.4......96..246.17...", 6.2),
    ("2.9..1....58.439....49.....6.24...8...........4...61.7.....46....617.89....3..5.1", 7.5),
)


@pytest.mark.parametrize(("puzzle", "er"), SE_RATED)
def test_the_se_profile_rates_an_aligned_exclusion_as_sudoku_explainer_does(puzzle: str, er: float) -> None:
    rating = deduce.rate(puzzle)
    assert rating.er == er
    assert rating.hardest == ("Aligned pair exclusion" if er == 6.2 else "Aligned triple exclusion")


def test_a_solve_finds_with_the_memo_what_it_finds_without() -> None:
    """The solve's memo (the last position where nothing was found) changes
    no step of an SE-profile solve that uses both techniques."""
    puzzle = deduce.as_puzzle(SE_RATED[0][0])
    with_memo = [str(s.on(puzzle)) for s in deduce.Solver(profile="se").solve(puzzle).steps]
    without = []
    state = State.from_puzzle(puzzle)
    solver = deduce.Solver(profile="se")
    for _ in range(200):
        if state.is_solved():
            break
        state.cache.memo(state).clear()          # every search whole
        step = solver.next_step(state, solver.usable(puzzle, unique=True))
        if step is None:
            break
        without.append(str(step.on(puzzle)))
        state.apply(step)
    assert any(s.startswith("aligned pair exclusion") for s in with_memo)
    assert with_memo == without
