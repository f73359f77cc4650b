"""deduce: solve Sudoku-family puzzles the way a strong human does,
explain every step, and rate how hard a puzzle is.

Every function here takes a :class:`Puzzle` or its text (any format
:func:`read_puzzle` knows):

>>> import deduce
>>> r = deduce.solve("1..." "3..2" "...3" "..2.")
>>> r.status, r.solution_string
('solved', '1234341221434321')
>>> print(r.steps[0])
hidden single: r1c2=2
>>> r.steps[0].text("nudge")
'Look for a hidden single in box 1.'
>>> deduce.count_solutions("1..." "...." "...." "....", limit=100), deduce.technique("Y-Wing")
(72, technique('xy-wing'))

``deduce.accelerated`` says which engine runs: true with the C accelerator
built at install time; otherwise false, and its ``reason`` says why (not
built, switched off by ``DEDUCE_PURE_PYTHON=1``, or refused as stale).
Both give the same steps, explanations and ratings.

>>> str(deduce.accelerated) in ("C accelerator", f"pure Python ({deduce.accelerated.reason})")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from . import backtrack
from ._accelerator import Engine
from ._accelerator import engine as _engine
from ._version import __version__
from .engine import Solver, SolveResult, as_puzzle, solve
from .errors import Contradiction, DeduceError, InvalidPuzzleError, ParseError, UnsoundStepError
from .formats import read_puzzle, read_puzzles
from .generate import generate
from .geometry import Geometry
from .puzzle import Cage, Puzzle
from .state import State
from .step import Step
from .techniques import TABLE, TECHNIQUES, Technique, UnknownTechniqueError, select, technique

if TYPE_CHECKING:
    from . import rating
    from .backtrack import Solution

__all__ = [
    "TABLE", "TECHNIQUES", "Cage", "Contradiction", "DeduceError", "Engine", "Geometry", "InvalidPuzzleError",
    "ParseError", "Puzzle", "SolveResult", "Solver", "State", "Step", "Technique", "UnknownTechniqueError",
    "UnsoundStepError", "__version__", "accelerated", "as_puzzle", "count_solutions", "generate", "iter_solutions",
    "rate", "rating", "read_puzzle", "read_puzzles", "select", "solve", "technique",
]

#: The engine in use: the C accelerator (true) or pure Python (false, with the reason).
accelerated: Engine = _engine()


def _target(puzzle: Puzzle | State | str) -> Puzzle | State:
    return puzzle if isinstance(puzzle, State) else as_puzzle(puzzle)


def count_solutions(puzzle: Puzzle | State | str, limit: int = 2) -> int:
    """How many solutions (counting stops at ``limit``)."""
    return backtrack.count_solutions(_target(puzzle), limit)


def iter_solutions(puzzle: Puzzle | State | str) -> Iterator[Solution]:
    """Every solution, each once (raises :class:`Contradiction` when the givens clash)."""
    return backtrack.iter_solutions(_target(puzzle))


def rate(puzzle: Puzzle | str, **options: Any) -> rating.Rating:
    """The puzzle's ratings on both scales (see :mod:`deduce.rating`)."""
    from . import rating

    return rating.rate(as_puzzle(puzzle), **options)


def __getattr__(name: str) -> Any:
    """``deduce.rating`` is imported on first use: a solve by search never needs it."""
    if name == "rating":
        import importlib

        return importlib.import_module(".rating", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
