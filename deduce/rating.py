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
brute-force score (10000, Extreme).

Killer and jigsaw puzzles have no reference scale; both numbers then come
from one solve with the ``deduce`` profile, using the table's own numbers
for cage and region techniques (each row's ``rating_note`` gives the
reasoning), so they sit on the same scale as classic puzzles.  A killer's
level is its hardest technique's level: its score adds up over many more
steps (every cell starts empty), so the score ceilings made for classic
puzzles would call every killer Extreme.

``time_limit`` bounds the whole rating of one puzzle (counting, both
solves and any trial and error), through :func:`deduce.deadline.limit`, so
the searches themselves stop when it passes: the status is then
``timeout``.

Every rating records the deduce version and its settings, so a result can
be reproduced.

Many puzzles: :func:`rate_all` rates them in worker processes (``jobs``)
or on a Dask cluster (``client``, see :mod:`deduce.cluster`), yielding the
ratings in input order as they are ready.  One puzzle's failure is that
puzzle's record (status ``error``), never the end of the run.

>>> from deduce.puzzle import Puzzle
>>> r = Rater().rate(Puzzle.from_string(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
>>> r.status, r.er, r.ed, r.level
('solved', 1.2, 1.2, 'Easy')
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any, Generator, Iterable, Iterator, Sequence

import attrs

from . import __version__, deadline
from .engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, SOLVED, SOLVED_WITH_BACKTRACKING, Solver, effective
from .errors import SolveTimeout
from .puzzle import Puzzle
from .render.json import SCHEMA
from .state import State
from .step import Step
from .strategy import Strategy
from .techniques import EXTREME, LEVEL_CEILINGS, LEVELS

if TYPE_CHECKING:
    from distributed import Client

TIMEOUT = "timeout"
#: a puzzle whose rating failed inside deduce (a bug, or a worker that died on it twice)
ERROR = "error"
#: an input line that is not a puzzle (only in a command's output, never from :class:`Rater`)
INVALID = "invalid"
#: ER given to a puzzle that needs more than deduce's logic (SE's nested level 2).
NESTED_FLOOR = 9.5
#: Bumped whenever a change can move ratings (technique numbers, profiles, limits).
RATING_MODEL = 1


@attrs.frozen
class Rating:
    """A puzzle's difficulty.  ``er``/``ep``/``ed``/``score``/``level`` are
    None when the puzzle has no rating (no solution, several, timeout,
    error); ``error`` says what went wrong for status ``error``."""

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
    error: str | None = None

    FIELDS = ("puzzle", "er", "ep", "ed", "score", "level", "hardest", "backtracking", "seconds", "status")

    def as_dict(self) -> dict[str, Any]:
        """The JSON object: the schema, the fields above, the version and the settings."""
        doc: dict[str, Any] = {"schema": SCHEMA}
        doc.update((name, getattr(self, name)) for name in self.FIELDS)
        doc["seconds"] = round(self.seconds, 3)
        if self.error is not None:
            doc["error"] = self.error
        doc["deduce"] = __version__
        doc["settings"] = dict(self.settings)
        return doc


class _SharedSolver(Solver):
    """A solver that keeps, per position, what each strategy found there
    (its first effective step, or None) in ``memo``; a solver of another
    profile sharing the memo reuses those answers at the same position."""

    def __init__(self, profile: str, uniqueness: bool, memo: dict[tuple[int, ...], dict[int, Step | None]]):
        super().__init__(profile=profile, uniqueness=uniqueness)
        self.memo = memo

    def next_step(self, state: State, strategies: Sequence[Strategy] | None = None) -> Step | None:
        if strategies is None:
            strategies = self.usable(state.puzzle, unique=False)
        known = self.memo.setdefault((*state.cand, *state.value), {})
        for strategy in strategies:
            deadline.check()
            key = id(strategy)
            if key in known:
                step = known[key]
            else:
                step = next((s for s in strategy.find(state) if effective(s, state)), None)
                known[key] = step
            if step is not None:
                return step
        return None


class Rater:
    """Rates puzzles.  ``uniqueness=False`` keeps uniqueness techniques out of
    both solves; ``time_limit`` (seconds per puzzle, the whole rating,
    checked inside the searches) gives status ``timeout``.  A rater keeps
    its solvers (and their strategies' caches) from one puzzle to the next."""

    def __init__(self, *, uniqueness: bool = True, time_limit: float | None = None):
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be above 0 seconds, not {time_limit}")
        self.uniqueness = uniqueness
        self.time_limit = time_limit
        self._memo: dict[tuple[int, ...], dict[int, Step | None]] = {}
        self._solvers: dict[str, Solver] = {}

    @property
    def settings(self) -> tuple[tuple[str, Any], ...]:
        return (("model", RATING_MODEL), ("er_profile", "se (deduce for killer and jigsaw)"),
                ("score_profile", "hodoku (deduce for killer and jigsaw)"),
                ("uniqueness", self.uniqueness), ("time_limit", self.time_limit))

    def solver(self, profile: str) -> Solver:
        if profile not in self._solvers:
            self._solvers[profile] = _SharedSolver(profile, self.uniqueness, self._memo)
        return self._solvers[profile]

    def rate(self, puzzle: Puzzle) -> Rating:
        """The rating of one puzzle (status ``timeout`` past ``time_limit``)."""
        start = time.perf_counter()
        try:
            with deadline.limit(self.time_limit):
                return self._rate(puzzle, start)
        except SolveTimeout:
            return Rating(puzzle.givens_string(), TIMEOUT, seconds=time.perf_counter() - start,
                          settings=self.settings)
        finally:
            self._memo.clear()

    def _rate(self, puzzle: Puzzle, start: float) -> Rating:
        text = puzzle.givens_string()
        classic = not puzzle.has_cages and not puzzle.geometry.is_jigsaw
        se_result = self.solver("se" if classic else "deduce").solve(puzzle)
        if se_result.status in (NO_SOLUTION, MULTIPLE_SOLUTIONS):
            return Rating(text, se_result.status, seconds=time.perf_counter() - start, settings=self.settings)
        ho_result = self.solver("hodoku").solve(puzzle) if classic else se_result
        er, ep, ed, hardest = se_scale(se_result.steps)
        score, level = hodoku_scale(ho_result.steps, raise_by_score=not puzzle.has_cages)
        backtracking = se_result.backtracking or ho_result.backtracking
        status = SOLVED_WITH_BACKTRACKING if backtracking else SOLVED
        return Rating(text, status, er, ep, ed, score, level, hardest, backtracking,
                      time.perf_counter() - start, self.settings)

    def rate_safely(self, puzzle: Puzzle) -> Rating:
        """:meth:`rate`, with a failure inside deduce (a bug) reported as the
        puzzle's status ``error`` rather than raised: for batches."""
        start = time.perf_counter()
        try:
            return self.rate(puzzle)
        except Exception as exc:  # noqa: BLE001 - one puzzle's bug must not end a batch
            return self.failed(puzzle, f"{type(exc).__name__}: {exc}", time.perf_counter() - start)

    def failed(self, puzzle: Puzzle, why: str, seconds: float = 0.0) -> Rating:
        """The record of a puzzle whose rating failed."""
        return Rating(puzzle.givens_string(), ERROR, seconds=seconds, settings=self.settings, error=why)


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

def rate_all(puzzles: Iterable[Puzzle], *, jobs: int | None = None, uniqueness: bool = True,
             time_limit: float | None = None, client: "Client | None" = None,
             batch_size: int | None = None) -> Generator[Rating, None, None]:
    """Rate puzzles, yielding the ratings in input order as soon as each is
    ready (one rating per puzzle, whatever happens to it).

    With ``client`` (a :class:`distributed.Client`) the work runs on that
    Dask cluster in batches of ``batch_size`` puzzles (see
    :mod:`deduce.cluster`); otherwise in ``jobs`` worker processes of this
    machine (default: every core; 1 rates in this process).  Close the
    iterator (or let it finish) to stop the workers.
    """
    rater = Rater(uniqueness=uniqueness, time_limit=time_limit)
    if client is not None:
        from .cluster import rate_on_cluster

        yield from rate_on_cluster(puzzles, client, uniqueness=uniqueness, time_limit=time_limit,
                                   batch_size=batch_size)
        return
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        for puzzle in puzzles:
            yield rater.rate_safely(puzzle)
        return
    with WorkerPool(jobs, uniqueness=uniqueness, time_limit=time_limit) as pool:
        yield from pool.imap(puzzles)


#: How worker processes start: ``spawn`` (a fresh interpreter) is safe with
#: threads and on every platform and Python version (``fork`` is not, from
#: Python 3.12 on).  Measured on 2 cores: 2 workers rate their first puzzle
#: after 0.8 s with ``spawn``, 0.7 s with ``forkserver`` and 0.23 s with
#: ``fork`` (each worker imports deduce afresh), once per run.
START_METHOD = "spawn"
#: Signals a worker leaves to its parent: the parent stops them all with SIGTERM.
_PARENT_SIGNALS = {signal.SIGINT, signal.SIGHUP} if hasattr(signal, "SIGHUP") else {signal.SIGINT}


class WorkerPool:
    """Worker processes of this machine that rate puzzles, one at a time each.

    A worker dies with its parent (SIGTERM, SIGINT, SIGHUP or even SIGKILL
    of the parent), ignores the terminal's Ctrl-C and hangup (the parent
    stops it), and prints nothing.  A worker that dies on a puzzle is
    replaced and the puzzle tried once more on a fresh worker; a puzzle
    that kills its worker twice gets status ``error``.
    """

    def __init__(self, jobs: int, *, uniqueness: bool = True, time_limit: float | None = None,
                 start_method: str = START_METHOD):
        self.jobs = jobs
        self.config = (uniqueness, time_limit)
        self.ctx: Any = multiprocessing.get_context(start_method)
        self.workers: list[_Worker] = []
        self.rater = Rater(uniqueness=uniqueness, time_limit=time_limit)

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> "_Worker":
        ours, theirs = self.ctx.Pipe()
        # blocked while the worker starts (the mask is inherited), so a Ctrl-C
        # then reaches only this process; the worker ignores them, then unblocks
        old = _mask(signal.SIG_BLOCK, _PARENT_SIGNALS)
        try:
            proc = self.ctx.Process(target=_worker_main, args=(theirs, *self.config),
                                    name="deduce-rate", daemon=True)
            proc.start()
        finally:
            _mask(signal.SIG_SETMASK, old)
        theirs.close()
        worker = _Worker(proc, ours)
        self.workers.append(worker)
        return worker

    def close(self) -> None:
        """Stop every worker now (SIGTERM, then SIGKILL after a second)."""
        for w in self.workers:
            w.conn.close()
            if w.proc.is_alive():
                w.proc.terminate()
        for w in self.workers:
            w.proc.join(1.0)
            if w.proc.is_alive():
                w.proc.kill()
                w.proc.join()
        self.workers.clear()

    def imap(self, puzzles: Iterable[Puzzle], window: int = 256) -> Iterator[Rating]:
        """Ratings of ``puzzles`` in input order; at most ``window`` puzzles
        are read ahead of the first one not yet rated."""
        source = enumerate(puzzles)
        todo: deque[tuple[int, Puzzle]] = deque()
        deaths: dict[int, int] = {}
        done: dict[int, Rating] = {}
        next_out = 0
        more = True
        while True:
            while more and len(todo) < self.jobs and (not todo or todo[-1][0] < next_out + window):
                item = next(source, None)
                if item is None:
                    more = False
                else:
                    todo.append(item)
            for w in list(self.workers):
                if w.job is None and todo:
                    w.give(todo.popleft())
            while len(self.workers) < self.jobs and todo:
                self._start().give(todo.popleft())
            busy = [w for w in self.workers if w.job is not None]
            if not busy:
                break
            ready = set(multiprocessing.connection.wait([w.conn for w in busy] + [w.proc.sentinel for w in busy]))
            for w in busy:
                if w.conn in ready:
                    try:
                        index, rating = w.conn.recv()
                    except (EOFError, OSError):
                        pass   # it died while answering: seen through its sentinel below
                    else:
                        done[index] = rating
                        w.job = None
                        continue
                if w.proc.sentinel in ready or not w.proc.is_alive():
                    assert w.job is not None
                    index, puzzle = w.job
                    deaths[index] = deaths.get(index, 0) + 1
                    self.workers.remove(w)
                    w.conn.close()
                    w.proc.join()
                    if deaths[index] >= 2:
                        done[index] = self.rater.failed(
                            puzzle, f"the worker rating it died twice (exit code {w.proc.exitcode})")
                    else:
                        todo.appendleft((index, puzzle))
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1


@attrs.define
class _Worker:
    proc: Any
    conn: Any
    job: tuple[int, Puzzle] | None = None

    def give(self, job: tuple[int, Puzzle]) -> None:
        self.job = job
        try:
            self.conn.send(job)
        except OSError:
            pass   # it is dead: its sentinel says so on the next wait


def _worker_main(conn: Any, uniqueness: bool, time_limit: float | None) -> None:
    """A worker: rate what comes down ``conn`` until it closes or the parent dies."""
    for sig in _PARENT_SIGNALS:
        signal.signal(sig, signal.SIG_IGN)
    _mask(signal.SIG_UNBLOCK, _PARENT_SIGNALS)
    _die_with(os.getppid())
    rater = Rater(uniqueness=uniqueness, time_limit=time_limit)
    while True:
        try:
            index, puzzle = conn.recv()
        except (EOFError, OSError):
            return
        conn.send((index, rater.rate_safely(puzzle)))


def _mask(how: int, signals: Iterable[int]) -> Any:
    """``signal.pthread_sigmask`` where the platform has it (not Windows)."""
    return signal.pthread_sigmask(how, signals) if hasattr(signal, "pthread_sigmask") else ()


def _die_with(parent: int) -> None:
    """End this process when ``parent`` ends, even by SIGKILL: the kernel's
    parent-death signal on Linux, a watcher thread elsewhere."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:          # it died before the signal was armed
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="deduce-watch-parent", daemon=True).start()
