"""A sample of the corpus runs of bench/corpus_logic.py and bench/rating_agreement.py.

The whole corpora run from the bench scripts (minutes to an hour); this
sample runs in the default suite and skips when ../shared is absent.  Every
step the engine takes is checked against the solution (UnsoundStepError
otherwise); on one puzzle every strategy is checked at every position.
"""

from __future__ import annotations

import csv
import pathlib

import pytest

from deduce import Puzzle, Solver
from deduce.rating import Rater

from .soundness import assert_sound

CORPORA = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
pytestmark = pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")


def lines(name: str) -> list[str]:
    return [ln.strip()[:81] for ln in (CORPORA / name).open() if ln.strip()]


@pytest.mark.parametrize("name,index", [("top1465.txt", 0), ("top1465.txt", 700), ("forum-hardest-1106.txt", 0),
                                        ("forum-hardest-1106.txt", 200)])
def test_hard_puzzles_are_solved_soundly(name, index):
    puzzle = Puzzle.from_string(lines(name)[index])
    result = Solver().solve(puzzle)  # raises UnsoundStepError on a wrong step
    assert result.solved and result.solution is not None
    assert puzzle.givens_string() == "".join(
        ch if ch == "." else puzzle.symbols[v] for ch, v in zip(puzzle.givens_string(), result.solution))


def test_every_strategy_is_sound_along_a_chain_puzzle():
    rows = [r for r in csv.DictReader((CORPORA / "classic-rated.csv").open()) if r["se_er"]]
    row = next(r for r in rows if 6.6 <= float(r["se_er"]) <= 7.2)
    puzzle = Puzzle.from_string(row["puzzle"])
    result = Solver().solve(puzzle)
    assert result.solution is not None
    assert assert_sound(puzzle, result.solution) > 0


def test_ratings_match_sudoku_explainer_on_a_sample():
    rows = [r for r in csv.DictReader((CORPORA / "classic-rated.csv").open()) if r["se_er"]]
    sample = rows[::90]  # every 90th, across the whole range of the file
    rater = Rater()
    close = level = 0
    for row in sample:
        r = rater.rate(Puzzle.from_string(row["puzzle"]))
        close += r.er is not None and abs(r.er - float(row["se_er"])) <= 0.5
        level += r.level == row["hodoku_level"]
    assert close >= 0.8 * len(sample), (close, len(sample))
    assert level >= 0.8 * len(sample), (level, len(sample))
