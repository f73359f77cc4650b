"""deduce: solve Sudoku-family puzzles the way a strong human does,
explain every step, and rate how hard a puzzle is.

>>> import deduce
>>> p = deduce.Puzzle.from_string("1..." "3..2" "...3" "..2.")
>>> r = deduce.solve(p)
>>> r.status, r.solution_string
('solved', '1234341221434321')
"""

from __future__ import annotations

from ._version import __version__

from . import rating
from .backtrack import count_solutions, iter_solutions
from .engine import SolveResult, Solver, solve
from .errors import Contradiction, DeduceError, InvalidPuzzleError, ParseError, UnsoundStepError
from .formats import read_puzzle, read_puzzles
from .geometry import Geometry
from .puzzle import Cage, Puzzle
from .state import State
from .step import Step
from .techniques import TABLE, TECHNIQUES, Technique, technique

__all__ = [
    "__version__", "Cage", "Contradiction", "DeduceError", "Geometry", "InvalidPuzzleError", "ParseError",
    "Puzzle", "SolveResult", "Solver", "State", "Step", "TABLE", "TECHNIQUES", "Technique",
    "UnsoundStepError", "count_solutions", "rating", "iter_solutions", "read_puzzle", "read_puzzles", "solve", "technique",
]
