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
