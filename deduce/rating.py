"""Difficulty ratings on the community scales.

A puzzle is rated by solving it twice, once per profile of the technique
table (:data:`~deduce.techniques.PROFILES`):

* **ER / EP / ED** (Sudoku Explainer's scale) from a solve with the ``se``
  profile: ER is the hardest step of the whole path, EP the hardest step up
  to and including the first placement, ED the first step.  Each step's
  rating is its technique's ``se`` number (or its variant's, such as a
  hidden single in a row, 1.5, rather than in a box, 1.2) plus the step's
  chain-length bonus.
* **score / level** (HoDoKu's scale) from a solve with the ``hodoku``
  profile: the score is the sum of the applied steps' ``hodoku`` base
  scores; the level is the highest level among the techniques used, raised
  one level at a time while the score passes that level's ceiling (Easy
  800, Medium 1000, Hard 1600, Unfair 1800).

When logic runs out (beyond dynamic forcing chains with nesting level 1),
the rest is found by trial and error, ``backtracking`` is true, and ER
becomes at least :data:`NESTED_FLOOR` (Sudoku Explainer's first nested
level): the true rating is that or more.  Trial and error adds HoDoKu's
brute-force score (10000, Extreme).

Killer and jigsaw puzzles have no reference scale; both numbers then come
from one solve with the ``deduce`` profile, using the table's own numbers
for cage and region techniques (each row's ``rating_note`` gives the
reasoning), so they sit on the same scale as classic puzzles.  A killer's
level is its hardest technique's level: its score adds up over many more
steps (every cell starts empty), so the score ceilings made for classic
puzzles would call every killer Extreme.

Every rating records the deduce version and its settings, so a result can
be reproduced.

>>> from deduce.puzzle import Puzzle
>>> r = Rater().rate(Puzzle.from_string(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
>>> r.status, r.er, r.ed, r.level
('solved', 1.2, 1.2, 'Easy')
"""

from __future__ import annotations

import multiprocessing
import os
import time
from typing import Any, Iterable, Iterator, Sequence

import attrs

from ._version import __version__
from .engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, SOLVED, SOLVED_WITH_BACKTRACKING, Solver
from .errors import SolveTimeout
from .puzzle import Puzzle
from .step import Step
from .techniques import EXTREME, LEVEL_CEILINGS, LEVELS

TIMEOUT = "timeout"
#: ER given to a puzzle that needs more than deduce's logic (SE's nested level 2).
NESTED_FLOOR = 9.5
#: Bumped whenever a change can move ratings (technique numbers, profiles, limits).
RATING_MODEL = 1


@attrs.frozen
class Rating:
    """A puzzle's difficulty.  ``er``/``ep``/``ed``/``score``/``level`` are
    None when the puzzle has no rating (no solution, several, timeout)."""

    puzzle: str
    status: str
    er: float | None = None
    ep: float | None = None
    ed: float | None = None
    score: int | None = None
    level: str | None = None
    #: the technique of the step that sets ER
    hardest: str | None = None
    backtracking: bool = False
    seconds: float = 0.0
    settings: tuple[tuple[str, Any], ...] = ()

    FIELDS = ("puzzle", "er", "ep", "ed", "score", "level", "hardest", "backtracking", "seconds", "status")

    def as_dict(self) -> dict[str, Any]:
        """The JSON object: the fields above, the version and the settings."""
        doc = {name: getattr(self, name) for name in self.FIELDS}
        doc["seconds"] = round(self.seconds, 3)
        doc["deduce"] = __version__
        doc["settings"] = dict(self.settings)
        return doc


class Rater:
    """Rates puzzles.  ``uniqueness=False`` keeps uniqueness techniques out of
    both solves; ``timeout`` (seconds, per puzzle, checked between steps)
    gives status ``timeout``."""

    def __init__(self, *, uniqueness: bool = True, timeout: float | None = None):
        self.uniqueness = uniqueness
        self.timeout = timeout
        self._solvers: dict[str, Solver] = {}

    @property
    def settings(self) -> tuple[tuple[str, Any], ...]:
        return (("model", RATING_MODEL), ("er_profile", "se (deduce for killer and jigsaw)"),
                ("score_profile", "hodoku (deduce for killer and jigsaw)"),
                ("uniqueness", self.uniqueness), ("timeout", self.timeout))

    def solver(self, profile: str, time_limit: float | None) -> Solver:
        key = profile
        if key not in self._solvers:
            self._solvers[key] = Solver(profile=profile, uniqueness=self.uniqueness)
        solver = self._solvers[key]
        solver.time_limit = time_limit
        return solver

    def rate(self, puzzle: Puzzle) -> Rating:
        start = time.perf_counter()
        text = puzzle.givens_string()
        classic = not puzzle.has_cages and not puzzle.geometry.is_jigsaw
        try:
            se_result = self.solver("se" if classic else "deduce", self.timeout).solve(puzzle)
            if se_result.status in (NO_SOLUTION, MULTIPLE_SOLUTIONS):
                return Rating(text, se_result.status, seconds=time.perf_counter() - start, settings=self.settings)
            if classic:
                left = None if self.timeout is None else max(0.0, self.timeout - (time.perf_counter() - start))
                ho_result = self.solver("hodoku", left).solve(puzzle)
            else:
                ho_result = se_result
        except SolveTimeout:
            return Rating(text, TIMEOUT, seconds=time.perf_counter() - start, settings=self.settings)
        er, ep, ed, hardest = se_scale(se_result.steps)
        score, level = hodoku_scale(ho_result.steps, raise_by_score=not puzzle.has_cages)
        backtracking = se_result.backtracking or ho_result.backtracking
        status = SOLVED_WITH_BACKTRACKING if backtracking else SOLVED
        return Rating(text, status, er, ep, ed, score, level, hardest, backtracking,
                      time.perf_counter() - start, self.settings)


def step_se(step: Step) -> float:
    """A step's SE-scale rating; trial and error counts as :data:`NESTED_FLOOR`."""
    se = step.se
    return NESTED_FLOOR if se is None else se


def se_scale(steps: Sequence[Step]) -> tuple[float | None, float | None, float | None, str | None]:
    """(ER, EP, ED, hardest technique name) of a solution path."""
    if not steps:
        return None, None, None, None
    ratings = [step_se(s) for s in steps]
    first_placement = next((i for i, s in enumerate(steps) if s.placements), len(steps) - 1)
    er = max(ratings)
    hardest = steps[ratings.index(er)].technique.name
    return er, max(ratings[: first_placement + 1]), ratings[0], hardest


def hodoku_scale(steps: Sequence[Step], raise_by_score: bool = True) -> tuple[int | None, str | None]:
    """(score, level) of a solution path, HoDoKu's way; ``raise_by_score=False``
    keeps the level at the hardest technique's (killers)."""
    if not steps:
        return None, None
    score = sum(s.technique.hodoku or 0 for s in steps)
    level = max(LEVELS.index(s.technique.level) for s in steps)
    while raise_by_score and LEVELS[level] != EXTREME and score > LEVEL_CEILINGS[LEVELS[level]]:
        level += 1
    return score, LEVELS[level]


def rate(puzzle: Puzzle, **options: Any) -> Rating:
    """Shortcut for ``Rater(**options).rate(puzzle)``."""
    return Rater(**options).rate(puzzle)



# -- many puzzles -----------------------------------------------------------------

_worker_rater: Rater | None = None


def _init_worker(uniqueness: bool, timeout: float | None) -> None:
    global _worker_rater
    _worker_rater = Rater(uniqueness=uniqueness, timeout=timeout)


def _rate_in_worker(puzzle: Puzzle) -> Rating:
    assert _worker_rater is not None
    return _worker_rater.rate(puzzle)


def rate_all(puzzles: Iterable[Puzzle], *, jobs: int | None = None, uniqueness: bool = True,
             timeout: float | None = None) -> Iterator[Rating]:
    """Rate puzzles with ``jobs`` processes (default: every core), yielding
    the ratings in input order as soon as each is ready."""
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        rater = Rater(uniqueness=uniqueness, timeout=timeout)
        for puzzle in puzzles:
            yield rater.rate(puzzle)
        return
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(uniqueness, timeout)) as pool:
        yield from pool.imap(_rate_in_worker, puzzles, chunksize=1)
