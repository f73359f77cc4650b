"""Templates (HoDoKu's template set and delete): a symbol's templates
against the definition (every one of the 46,656 ways, filtered), the
combination with the other symbols against a second way of computing it,
soundness, HoDoKu's own cases, the grids they refuse, words and picture."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from deduce import Puzzle, State, iter_solutions
from deduce.geometry import Geometry
from deduce.render.marks import marks
from deduce.render.words import TextRenderer
from strategies.templates import Template, symbol_templates, templates

from . import reglib
from .corpus_soundness import CORPORA, check_along_path, samples
from .soundness import solution_positions

EMPTY9 = Puzzle.empty(9)
SOLUTION = next(iter(iter_solutions(EMPTY9)))


def _all_templates() -> list[int]:
    """Every placement of one symbol on an empty 9×9 grid, by brute force
    over column permutations row by row (no template code involved)."""
    out = []

    def walk(r: int, cols: int, boxes: int, mask: int) -> None:
        if r == 9:
            out.append(mask)
            return
        for c in range(9):
            b = r // 3 * 3 + c // 3
            if not (cols >> c & 1 or boxes >> b & 1):
                walk(r + 1, cols | 1 << c, boxes | 1 << b, mask | 1 << (r * 9 + c))

    walk(0, 0, 0, 0)
    return out


ALL = _all_templates()


def test_the_empty_grid_has_46656_templates_per_symbol_and_no_step() -> None:
    state = State.from_puzzle(EMPTY9)
    assert len(ALL) == 46656
    assert sorted(symbol_templates(state, 0)) == sorted(ALL)
    assert list(Template("set").find(state)) == [] and list(Template("delete").find(state)) == []


#: positions keeping a solution (see tests/soundness.py)
POSITIONS = solution_positions(solved=(4, 8), extras=3)


def _reference_combined(state: State) -> list[set[int]]:
    """The templates left per symbol, the slow way: filter all of them, then
    repeatedly drop, for every symbol at once, those using a cell another
    symbol's templates all use."""
    left = []
    for s in range(9):
        placed = sum(1 << c for c in range(81) if state.value[c] == s)
        allowed = placed | sum(1 << c for c in range(81) if state.value[c] < 0 and state.cand[c] >> s & 1)
        left.append({t for t in ALL if t & placed == placed and not t & ~allowed})
    while True:
        every = []
        for ts in left:
            e = (1 << 81) - 1
            for t in ts:
                e &= t
            every.append(e)
        new = [{t for t in ts if not any(t & every[k] for k in range(9) if k != s)} for s, ts in enumerate(left)]
        if new == left:
            return left
        left = new


@settings(max_examples=25, deadline=None)
@given(POSITIONS)
def test_templates_are_the_definition_and_steps_are_sound(case: tuple[State, list[int]]) -> None:
    state, solution = case
    found = templates(state)
    reference = _reference_combined(state)
    assert [set(t) for t in found.left] == reference
    for s in range(9):
        assert sum(1 << c for c in range(81) if solution[c] == s) in found.left[s]
    for strategy in (Template("set"), Template("delete")):
        for step in strategy.find(state):
            assert all(solution[c] == s for c, s in step.placements)
            assert all(solution[c] != s for c, s in step.eliminations)
            assert step.placements or step.eliminations


def test_must_not_find_on_grids_without_3x3_boxes() -> None:
    """Templates are defined here for 9×9 with 3×3 boxes: a 6×6 puzzle and a
    9×9 jigsaw get no step, even where a 9×9 classic position would."""
    six = Puzzle.from_string("1.....2.....3.....4.....5.....6.....")
    assert list(Template("set").find(State.from_puzzle(six))) == []
    regions = [r // 3 * 3 + c // 3 for r in range(9) for c in range(9)]
    regions[2], regions[3] = regions[3], regions[2]      # r1c3 and r1c4 change boxes: a jigsaw
    jigsaw = Puzzle.empty(Geometry.jigsaw(regions))
    for grid in (jigsaw, EMPTY9):
        state = State.from_puzzle(grid)
        for c in range(1, 9):
            state.cand[c] &= ~1                          # 1 in row 1 only at r1c1
        found = list(Template("set").find(state)), list(Template("delete").find(state))
        if grid is jigsaw:
            assert found == ([], [])
        else:     # classic: r1c1 = 1; 1 out of column 1 and box 1, and the other symbols out of r1c1
            assert [s.placements for s in found[0]] == [((0, 0),)]
            ones = {9, 10, 11, 18, 19, 20} | set(range(27, 81, 9))
            gone = {e for s in found[1] for e in s.eliminations}
            assert gone == {(c, 0) for c in ones} | {(0, s) for s in range(1, 9)}


def _hodoku_cases() -> list:
    if not reglib.PATH.exists():
        return []
    return [c for c in reglib.cases() if c.code in ("1201", "1202")]


@pytest.mark.skipif(not reglib.PATH.exists(), reason="../shared/corpora is absent")
def test_hodoku_cases_exactly() -> None:
    """The 9 + 9 cases of HoDoKu's library: the step for the case's symbol is
    exactly HoDoKu's (the reglib test asks only that it be among ours)."""
    cases = _hodoku_cases()
    assert len(cases) == 18
    for case in cases:
        state, _ = reglib.position(case)
        sym = int(case.candidates) - 1
        strategy = Template("set") if case.code == "1201" else Template("delete")
        [step] = [s for s in strategy.find(state) if s.symbols == (sym,)]
        got = step.placements if case.code == "1201" else step.eliminations
        assert set(got) == set(case.placements if case.code == "1201" else case.eliminations), case.line


def test_words_at_three_levels_and_the_picture() -> None:
    cases = _hodoku_cases()
    if not cases:
        pytest.skip("../shared/corpora is absent")
    for case in (cases[1], cases[-1]):          # a set and a delete
        state, _ = reglib.position(case)
        strategy = Template("set") if case.code == "1201" else Template("delete")
        step = next(iter(strategy.find(state)))
        r = TextRenderer(state.puzzle)
        text = r.levels(step)
        sym = r.sym(step.symbols[0])
        assert text["nudge"] == f"List the ways all nine {sym}s can still be placed."
        assert "one per row, column and box" in text["clue"]
        full = text["explanation"]
        assert full.startswith(step.technique.name + ": ") and r.result(step) in full
        assert " to place all nine " in full and "way" in full
        m = marks(step, state.puzzle, state)
        roles = {role for _, _, role in m.candidates}
        assert "pattern" in roles and ("placed" in roles or "eliminated" in roles)


@pytest.mark.corpus
@pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")
def test_sound_along_the_solve_paths_of_every_corpus() -> None:
    """Every template step at every position of the solve paths of a sample
    of each corpus is checked against the solution (jigsaws and 6×6 killers
    get none: templates are for 9×9 with boxes)."""
    checked = sum(check_along_path(puzzle, [Template("set"), Template("delete")]) for _, puzzle in samples(4))
    assert checked > 0
