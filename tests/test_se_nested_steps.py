"""Sudoku Explainer's own choices at the top of its scale, as data.

``tests/data/se-nested-steps.jsonl`` holds steps that Sudoku Explainer
1.2.1 (with serate 1.2.1.3, built outside this repository) took on puzzles
of the forum's hardest list: the position it took the step in (its
candidates), the step's kind, nesting level, elimination, complexity and
rating.  In each position deduce's search of the same level must choose the
same step (the easiest rating, then the least complexity, as SE sorts), no
easier level may find one (SE would have taken it), its rating must be
SE's (``rating_within`` of it: a level-2 chain's count can differ by a
few literals, as the two engines derive a literal's parents in a different
order), and the step must be sound.  Each position takes well under a
second (default suite).
"""

from __future__ import annotations

import json
import pathlib

import pytest

from deduce import Puzzle
from deduce.backtrack import first_solutions
from deduce.state import State
from strategies.forcing import ForcingChains

DATA = pathlib.Path(__file__).resolve().parent / "data" / "se-nested-steps.jsonl"
ROWS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
#: SE's chaining producer of each nesting level, as deduce's forcing chain kinds
KIND_OF_LEVEL = {0: "dynamic", 1: "dynamic+", 2: "nested", 3: "nested-3", 4: "nested-4", 5: "nested-5"}


def se_position(row: dict) -> State:
    """The position of ``row`` (SE's candidates: cells by row, ``/`` between rows)."""
    puzzle = Puzzle.from_string(row["puzzle"])
    cells = [c for line in row["position"].split("/") for c in line.split(" ")]
    return State.from_candidates(puzzle, [sum(1 << (int(d) - 1) for d in c) for c in cells])


@pytest.mark.parametrize("row", ROWS, ids=[r["source"].split(", ", 1)[1] for r in ROWS])
def test_the_nested_search_chooses_sudoku_explainers_step(row):
    state = se_position(row)
    level = row["level"]
    for easier in range(level):
        assert next(iter(ForcingChains(KIND_OF_LEVEL[easier]).find(state)), None) is None, easier
    step = next(iter(ForcingChains(KIND_OF_LEVEL[level]).find(state)))
    assert list(map(list, step.eliminations)) == [row["eliminate"]]
    assert step.detail("kind") == row["kind"]
    assert step.detail("nesting") == level
    assert abs(step.se - row["se_rating"]) <= row["rating_within"] + 1e-9, (step.se, row["se_rating"])
    assert abs(step.detail("complexity") - row["se_complexity"]) <= 0.2 * row["se_complexity"]
    solution = first_solutions(Puzzle.from_string(row["puzzle"]), 2)
    assert len(solution) == 1
    assert all(solution[0][c] != s for c, s in step.eliminations)


HARDEST = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "hardest-database-110626.txt"


def _first_rated(count: int) -> list[tuple[str, float]]:
    """The first ``count`` puzzles of the hardest list that carry SE's ER (the bench's table)."""
    if not HARDEST.exists():
        return []
    rated = []
    for line in HARDEST.read_text().splitlines():
        fields = line.split(",")
        if not line.startswith("#") and len(fields) > 7 and fields[5]:
            rated.append((fields[0], float(fields[5])))
    return rated[:count]


#: The puzzles of bench/hardest_nested.py's first 50 that its run rated in under 35 s of CPU (accelerator; the
#: others take up to its 300 s each, hours for the list: the bench itself is where they are run)
QUICK = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 18, 35, 37, 38)


@pytest.mark.corpus
@pytest.mark.skipif(not HARDEST.exists(), reason="../shared/corpora is absent")
@pytest.mark.parametrize("number", QUICK)
def test_every_nested_step_of_the_table_is_sound_and_explained(number):
    # (each solved with nested levels up to 5, 300 s at most)
    from deduce.engine import Solver
    from deduce.rating.rater import with_nesting
    from deduce.registry import strategies_for
    from deduce.render.words import explain

    text, _ = _first_rated(50)[number - 1]
    puzzle = Puzzle.from_string(text)
    solution = first_solutions(puzzle, 2)
    assert len(solution) == 1
    result = Solver(with_nesting(strategies_for("se"), 5), backtracking=False, time_limit=300).solve(puzzle)
    nested = [s for s in result.steps if s.code.startswith("nested-forcing")]
    for step in result.steps:
        assert all(solution[0][c] != s for c, s in step.eliminations), step
        assert all(solution[0][c] == s for c, s in step.placements), step
    for step in nested:
        words = explain(step, puzzle)
        assert f"Nesting level {step.detail('nesting')}" in words
        assert "(in the position this assumption leaves:)" in words


def test_an_inner_step_owes_the_assumption_what_sudoku_explainer_says():
    from deduce.literal import lit
    from strategies.implications import _basic_parents
    from strategies.subsets import HiddenSubset, NakedSubset

    puzzle = Puzzle.from_string("." * 81)
    full = (1 << 9) - 1
    real = [full] * 81
    # the assumption left r1c1 and r1c2 with 1 and 2 only: a naked pair owes it their other candidates
    cand = list(real)
    cand[0] = cand[1] = 0b11
    hypo = State.from_candidates(puzzle, cand, [-1] * 81)
    step = next(s for s in NakedSubset(2).find(hypo) if set(s.cells) == {0, 1})
    assert set(_basic_parents(step, real, hypo)) == {lit(c, t, False) for c in (0, 1) for t in range(2, 9)}
    # the same pair already there before the assumption owes it nothing: no link of the chain
    assert _basic_parents(step, cand, hypo) == ()
    # the assumption took 1 and 2 from the rest of row 1: a hidden pair owes it those places
    cand = list(real)
    for c in range(2, 9):
        cand[c] &= ~0b11
    hypo = State.from_candidates(puzzle, cand, [-1] * 81)
    step = next(s for s in HiddenSubset(2).find(hypo) if set(s.cells) == {0, 1} and s.houses == (0,))
    assert set(_basic_parents(step, real, hypo)) == {lit(c, t, False) for c in range(2, 9) for t in (0, 1)}
