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
  profile on HoDoKu's own path (:class:`HodokuSolver`: the singles HoDoKu
  takes, in its order, and within a technique the step it applies; see
  :mod:`deduce.rating.hodoku`): the score is the sum of the applied steps'
  ``hodoku`` base scores; the level is the highest level among the techniques used, raised
  one level at a time while the score passes that level's ceiling (Easy
  800, Medium 1000, Hard 1600, Unfair 1800).

The two solves share their work (*rate once, not twice*): what each
strategy finds at a position is kept for the puzzle, so the HoDoKu solve
reuses every search the SE solve already made at the same position (the
start, and wherever the two paths meet again) instead of repeating it.
Strategies are pure functions of the position, so the ratings are exactly
those of two separate solves.

When logic runs out (beyond dynamic forcing chains with nesting level 1),
the rest is found by trial and error, ``backtracking`` is true, and ER
becomes at least :data:`NESTED_FLOOR` (Sudoku Explainer's first nested
level): the true rating is that or more.  Trial and error adds HoDoKu's
brute-force score (10000, Extreme).  ``nested=N`` (``deduce rate
--nested N``) lets the ER solve try Sudoku Explainer's nested levels 2 to
N first (:data:`NESTED_LEVELS`: 9.5, 10.0, 10.5, 11.0 plus the length
bonus); what they leave unsolved gets at least :func:`nested_floor` of N.

Killer and jigsaw puzzles have no reference scale; both numbers then come
from one solve with the ``deduce`` profile, using the table's own numbers
for cage and region techniques (each row's ``rating_note`` gives the
reasoning), so they sit on the same scale as classic puzzles; a step rates
what its row says (a 45-rule step 3.0 over any number of houses).  A
killer's level is its hardest technique's level, raised by its score past
the killer ceilings (:func:`~deduce.rating.scales.killer_scale`: Easy 1800,
Medium 3600 for a 9x9, to Hard at most), calibrated on held-out killers:
its score adds up over many more steps (every cell starts empty), so the
score ceilings made for classic puzzles would call every killer Extreme.

``time_limit`` bounds the whole rating of one puzzle (counting, both
solves and any trial and error), through :func:`deduce.deadline.limit`, so
the searches themselves stop when it passes: the status is then
``timeout``.

Every rating records the deduce version and its settings, so a result can
be reproduced.

Many puzzles: :func:`rate_all` rates them in worker processes (``jobs``)
or on a Dask cluster (``client``, see :mod:`deduce.rating.cluster`), yielding the
ratings in input order as they are ready.  One puzzle's failure is that
puzzle's record (status ``error``), never the end of the run.

>>> from deduce.puzzle import Puzzle
>>> r = Rater().rate(Puzzle.from_string(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
>>> r.status, r.er, r.ed, r.level
('solved', 1.2, 1.2, 'Easy')
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Generator, Iterable

from ..engine import Solver
from ..puzzle import Puzzle
from ..registry import strategies_for
from ..techniques import NESTED_LEVELS
from .hodoku import HodokuSolver
from .pool import START_METHOD, WorkerPool
from .rater import ERROR, INVALID, RATING_MODEL, TIMEOUT, Rater, Rating, path_status, rate, se_strategies
from .scales import NESTED_FLOOR, hodoku_scale, nested_floor, se_scale, step_se

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["ERROR", "INVALID", "NESTED_FLOOR", "NESTED_LEVELS", "RATING_MODEL", "START_METHOD", "TIMEOUT",
           "HodokuSolver", "Rater", "Rating", "WorkerPool", "hodoku_scale", "nested_floor", "path_solver",
           "path_status", "rate", "rate_all", "se_scale", "step_se"]


def path_solver(profile: str = "deduce", **options: Any) -> Solver:
    """A solver of ``profile`` that takes that profile's path as the rating
    does: HoDoKu's own (:class:`HodokuSolver`) for ``hodoku``, the plain
    :class:`~deduce.engine.Solver` otherwise, for ``se`` with Sudoku
    Explainer's static chains (:func:`~deduce.rating.rater.se_strategies`);
    ``options`` as the solver's.

    >>> type(path_solver("hodoku")).__name__, type(path_solver("se")).__name__
    ('HodokuSolver', 'Solver')
    """
    if profile == "hodoku":
        return HodokuSolver(**options)
    if profile == "se":
        only, exclude = options.pop("only", None), options.pop("exclude", ())
        return Solver(se_strategies(strategies_for("se", only=only, exclude=exclude)), **options)
    return Solver(profile=profile, **options)


def rate_all(puzzles: Iterable[Puzzle], *, jobs: int | None = None, uniqueness: bool = True,
             time_limit: float | None = None, client: Client | None = None,
             batch_size: int | None = None, nested: int = 0) -> Generator[Rating, None, None]:
    """Rate puzzles, yielding the ratings in input order as soon as each is
    ready (one rating per puzzle, whatever happens to it).

    With ``client`` (a :class:`distributed.Client`) the work runs on that
    Dask cluster in batches of ``batch_size`` puzzles (see
    :mod:`deduce.rating.cluster`); otherwise in ``jobs`` worker processes of this
    machine (default: every core; 1 rates in this process).  Close the
    iterator (or let it finish) to stop the workers.  ``nested``: see
    :class:`Rater`.
    """
    rater = Rater(uniqueness=uniqueness, time_limit=time_limit, nested=nested)
    if client is not None:
        from .cluster import rate_on_cluster

        yield from rate_on_cluster(puzzles, client, uniqueness=uniqueness, time_limit=time_limit,
                                   batch_size=batch_size, nested=nested)
        return
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        for puzzle in puzzles:
            yield rater.rate_safely(puzzle)
        return
    with WorkerPool(jobs, uniqueness=uniqueness, time_limit=time_limit, nested=nested) as pool:
        yield from pool.imap(puzzles)
