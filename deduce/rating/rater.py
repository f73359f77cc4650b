"""Rating one puzzle: :class:`Rater` solves it with the Sudoku Explainer and
HoDoKu profiles (sharing what both find at the same positions) and returns
a :class:`Rating`."""

from __future__ import annotations

import time
from typing import Any, Iterable, Mapping, Sequence

import attrs

from .. import collector, deadline
from .._version import __version__
from ..engine import MULTIPLE_SOLUTIONS, NO_SOLUTION, SOLVED, SOLVED_WITH_BACKTRACKING, Solver, SolveResult
from ..errors import SolveTimeout
from ..puzzle import Puzzle
from ..registry import strategies_for
from ..render.json import SCHEMA
from ..solve_cache import SolveCache
from ..step import Step
from ..strategy import Strategy
from ..techniques import NESTED_LEVELS
from .hodoku import HodokuSolver, Memo
from .scales import nested_floor, puzzle_scale, se_scale

TIMEOUT = "timeout"
#: a puzzle whose rating failed inside deduce (a bug, or a worker that died on it twice)
ERROR = "error"
#: an input line that is not a puzzle (only in a command's output, never from :class:`Rater`)
INVALID = "invalid"
#: Bumped whenever a change can move ratings (technique numbers, profiles, limits).
# (4: forcing chains counted and chosen as Sudoku Explainer does, nested chains of every kind;
#  5: one step per chain, HoDoKu's choice among nice loops and AICs;
#  6: HoDoKu's nice loops, AICs and forcing chains found by its tabling; HoDoKu's ALS-XZ/XY-wing,
#     remote pairs, XY-chains, W-wings, empty rectangles and multi-colours;
#  7: HoDoKu's unique, hidden and avoidable rectangles and Sue de Coq, in its order; its ALS chains,
#     forcing nets and X-chains;
#  8: the se profile's static chains and cycles found and chosen as Sudoku Explainer does;
#  9: killers: no per-house bonus on 45-rule steps (a step rates its row), the level raised by the
#     killer score ceilings; puzzles with variant constraints rated with deduce's profile, their level
#     not raised by the score)
RATING_MODEL = 9


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


def with_nesting(strategies: Sequence[Strategy], level: int) -> list[Strategy]:
    """``strategies`` with the nested forcing chains of levels 2 to ``level``
    (:data:`~deduce.techniques.NESTED_LEVELS`) inserted before trial and
    error, easiest first (none for ``level`` 0 or 1)."""
    if level < 2:
        return list(strategies)
    codes = [NESTED_LEVELS[k] for k in range(2, level + 1)]
    nested = sorted(strategies_for("full", only=codes), key=lambda s: codes.index(s.technique.code))
    at = next((i for i, s in enumerate(strategies) if s.technique.code == "bf"), len(strategies))
    return [*strategies[:at], *nested, *strategies[at:]]


class _ProfileSolver(Solver):
    """The solver of one of the ER solve's profiles: its strategies, nested
    chains up to ``nested``, and for ``se`` each chain one hint at a time
    (:func:`per_hint`)."""

    def __init__(self, profile: str, uniqueness: bool, nested: int = 0):
        strategies = with_nesting(strategies_for(profile), nested)
        if profile == "se":
            strategies = se_strategies([per_hint(s) for s in strategies])
        super().__init__(strategies, uniqueness=uniqueness)


def per_hint(strategy: Strategy) -> Strategy:
    """``strategy`` as Sudoku Explainer's ER solve uses it: a chain that
    justifies several eliminations removes one (its hint's), and the next
    is found, and rated, by a hint of its own; a chain strategy says so with
    a ``whole`` setting (the explanation's steps keep the whole chain)."""
    kind: Any = type(strategy)
    if attrs.has(kind) and "whole" in attrs.fields_dict(kind):
        return attrs.evolve(strategy, whole=False)  # type: ignore[misc]
    return strategy


def se_strategies(strategies: Sequence[Strategy]) -> list[Strategy]:
    """``strategies`` (the ``se`` profile's) with the static chains found as
    Sudoku Explainer finds them (``strategies.se_chains``): its first chain
    producer searches X-, Y- and XY-chains and cycles and applies the one
    that rates lowest, so the X-chains' row searches all three passes when
    the AICs' row is there too (which then searches the Y and XY passes
    alone: it is tried only when the first found nothing), its own pass
    only when alone.  Strategies without that setting are kept as they are."""
    codes = {s.technique.code for s in strategies}
    passes = {"x-chain": ("x", "y", "xy") if "aic" in codes else ("x",), "aic": ("y", "xy")}
    out = []
    for s in strategies:
        kind: Any = type(s)
        wanted = passes.get(s.technique.code)
        if wanted and attrs.has(kind) and "se_passes" in attrs.fields_dict(kind):
            s = attrs.evolve(s, se_passes=wanted)  # type: ignore[misc]
        out.append(s)
    return out


def path_status(steps: Iterable[Step]) -> str:
    """The status of a whole solve's path: solved, or solved with
    backtracking when trial and error (``bf``) is one of its steps.

    >>> path_status([])
    'solved'
    """
    return SOLVED_WITH_BACKTRACKING if any(s.technique.code == "bf" for s in steps) else SOLVED


class Rater:
    """Rates puzzles.  ``uniqueness=False`` keeps uniqueness techniques out of
    both solves; ``time_limit`` (seconds per puzzle, the whole rating,
    checked inside the searches) gives status ``timeout``; ``nested`` (2
    to 5) adds nested forcing chains up to that level to the ER solve,
    before trial and error (:func:`with_nesting`).  A rater keeps its
    solvers (and their strategies' caches) from one puzzle to the next."""

    def __init__(self, *, uniqueness: bool = True, time_limit: float | None = None, nested: int = 0):
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be above 0 seconds, not {time_limit}")
        if nested not in NESTED_LEVELS and nested != 0:
            raise ValueError(f"nested must be 0 (none) or a nesting level from 2 to 5, not {nested}")
        self.uniqueness = uniqueness
        self.time_limit = time_limit
        self.nested = nested
        self._memo: Memo = {}
        self._solvers: dict[str, Solver] = {}
        #: the solution of the puzzle being rated, when the caller knows it is the only one
        self._known: tuple[int, ...] | None = None
        #: the solves of that puzzle already made (:meth:`rate`'s ``paths``)
        self._paths: Mapping[str, Sequence[Step]] = {}

    @property
    def settings(self) -> tuple[tuple[str, Any], ...]:
        return (("model", RATING_MODEL), ("er_profile", "se (deduce for killer, jigsaw and variants)"),
                ("score_profile", "hodoku (deduce for killer, jigsaw and variants)"),
                ("uniqueness", self.uniqueness), ("time_limit", self.time_limit), ("nested", self.nested))

    def solver(self, profile: str) -> Solver:
        if profile not in self._solvers:
            if profile == "hodoku":
                self._solvers[profile] = HodokuSolver(uniqueness=self.uniqueness, memo=self._memo)
            else:
                nested = self.nested if profile in ("se", "deduce") else 0  # (the ER solve's profiles)
                self._solvers[profile] = _ProfileSolver(profile, self.uniqueness, nested)
        return self._solvers[profile]

    def rate(self, puzzle: Puzzle, *, solution: Sequence[int] | None = None,
             paths: Mapping[str, Sequence[Step]] | None = None) -> Rating:
        """The rating of one puzzle (status ``timeout`` past ``time_limit``);
        ``solution``: its solution when already known to be the only one
        (see :meth:`Solver.iter_solve`: no search for a second one);
        ``paths`` (with ``solution``): solves of it already made, by profile
        (``se``, ``hodoku``, ``deduce``), each whole (solved, trial and error
        last if needed) by the solver this rater uses for that profile with
        ``uniqueness``: taken instead of solving again (a generator's)."""
        if paths and solution is None:
            raise ValueError("paths are taken for a puzzle whose solution is known (solution=...)")
        start = time.perf_counter()
        self._known = None if solution is None else tuple(solution)   # (for this puzzle only, as the memo)
        self._paths = paths or {}
        try:
            with deadline.limit(self.time_limit), collector.relaxed():   # (whole: see deduce.collector)
                return self._rate(puzzle, start)
        except SolveTimeout:
            return Rating(puzzle.givens_string(), TIMEOUT, seconds=time.perf_counter() - start,
                          settings=self.settings)
        finally:
            self._memo.clear()
            self._known = None
            self._paths = {}

    def _solve(self, profile: str, puzzle: Puzzle, cache: SolveCache) -> SolveResult:
        """The solve of ``profile``: the path already made, or the rater's own solve."""
        made = self._paths.get(profile)
        if made is None:
            return self.solver(profile).solve(puzzle, cache=cache, solution=self._known)
        status = path_status(made)
        return SolveResult(puzzle, status, tuple(made), self._known, 1, status == SOLVED_WITH_BACKTRACKING)

    def _rate(self, puzzle: Puzzle, start: float) -> Rating:
        text = puzzle.givens_string()
        # (variant constraints: neither reference program knows them, so deduce's profile rates, as for killers)
        classic = not puzzle.has_cages and not puzzle.constraints and not puzzle.geometry.is_jigsaw
        cache = SolveCache()  # (the two solves of one puzzle share what they keep: deduce.solve_cache)
        se_result = self._solve("se" if classic else "deduce", puzzle, cache)
        if se_result.status in (NO_SOLUTION, MULTIPLE_SOLUTIONS):
            return Rating(text, se_result.status, seconds=time.perf_counter() - start, settings=self.settings)
        if self._known is None and se_result.solution_count == 1 and se_result.solution is not None:
            self._known = tuple(se_result.solution)  # (the only one: HoDoKu's solve need not search again)
        ho_result = self._solve("hodoku", puzzle, cache) if classic else se_result
        er, ep, ed, hardest = se_scale(se_result.steps)
        if se_result.backtracking and er is not None:
            er = max(er, nested_floor(self.nested))  # every level tried failed: harder than the last
        score, level = puzzle_scale(ho_result.steps, puzzle)
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
        except Exception as exc:
            return self.failed(puzzle, f"{type(exc).__name__}: {exc}", time.perf_counter() - start)

    def failed(self, puzzle: Puzzle, why: str, seconds: float = 0.0) -> Rating:
        """The record of a puzzle whose rating failed."""
        return Rating(puzzle.givens_string(), ERROR, seconds=seconds, settings=self.settings, error=why)


def rate(puzzle: Puzzle, **options: Any) -> Rating:
    """Shortcut for ``Rater(**options).rate(puzzle)``."""
    return Rater(**options).rate(puzzle)
