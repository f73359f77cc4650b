"""The engine: apply the easiest step, again and again.

At each turn the strategies are asked, in the profile's order, for their
first step; the first one found is applied and logged, and the search
restarts from the easiest technique.  When no strategy applies and the grid
is not full, the backtracking fallback finishes the grid, and the log says
so plainly, with the position it started from.

Before any logic the engine counts solutions (up to two) by search, so it
knows whether the puzzle is sound, can gate uniqueness techniques on a
proven unique solution, and checks every step against the solution: a step
that would remove a true candidate is refused as a bug
(:class:`~deduce.errors.UnsoundStepError`), never shown.

:meth:`Solver.iter_solve` yields each step as soon as it is found, then the
:class:`SolveResult`; :meth:`Solver.solve` collects them.  :func:`search`
answers by search alone (no steps).  ``time_limit`` bounds the whole solve,
the search included: past it :class:`~deduce.errors.SolveTimeout` is raised
from wherever the work is (see :mod:`deduce.deadline`).

>>> from deduce.puzzle import Puzzle
>>> p = Puzzle.from_string("1..." "3..2" "...3" "..2.")
>>> r = Solver().solve(p)
>>> r.status, len(r.steps) > 0
('solved', True)
>>> items = list(Solver().iter_solve(p))
>>> [type(x).__name__ for x in items[-2:]], items[-1].steps == tuple(items[:-1])
(['Step', 'SolveResult'], True)
>>> search(p).status, search(Puzzle.from_string("." * 16)).status
('solved', 'multiple-solutions')
"""

from __future__ import annotations

import time
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Iterable, Iterator, Sequence

import attrs

from . import backtrack, collector, deadline
from .errors import Contradiction, SolveTimeout, UnsoundStepError
from .puzzle import Puzzle
from .registry import select_strategies, strategies_for
from .solve_cache import SolveCache
from .state import State
from .step import Step
from .strategy import Strategy, allows_cages, requires_unique
from .techniques import TECHNIQUES

SOLVED = "solved"
SOLVED_WITH_BACKTRACKING = "solved-with-backtracking"
NO_SOLUTION = "no-solution"
MULTIPLE_SOLUTIONS = "multiple-solutions"
STUCK = "stuck"
#: The reason given when the search finds no solution but no clash shows.
NO_SOLUTION_BY_SEARCH = "the givens admit no solution (shown by exhaustive search)"
#: Not a :class:`SolveResult` status (a timed-out solve raises
#: :class:`~deduce.errors.SolveTimeout`), but the status the commands and
#: the rating report for it.
TIMEOUT = "timeout"


@attrs.frozen(repr=False)
class SolveResult:
    """What the engine did with a puzzle.

    ``status`` is one of ``solved`` (logic alone), ``solved-with-backtracking``,
    ``no-solution``, ``multiple-solutions`` or ``stuck`` (logic stopped and
    backtracking was switched off).  ``solution`` is the first solution found
    (None when there is none); ``stuck`` the position where logic stopped, if
    it did; ``reason`` says why a puzzle has no solution, when known.
    """

    puzzle: Puzzle
    status: str
    steps: tuple[Step, ...]
    solution: tuple[int, ...] | None
    solution_count: int
    backtracking: bool
    stuck: State | None = None
    reason: str = ""

    @property
    def solved(self) -> bool:
        return self.status in (SOLVED, SOLVED_WITH_BACKTRACKING)

    def __repr__(self) -> str:
        solution = f", solution {self.solution_string!r}" if self.solution is not None else ""
        return f"<SolveResult {self.status}, {len(self.steps)} steps{solution}>"

    def __str__(self) -> str:
        """Every step on its own line (``hidden single: r1c6=8``), then the status."""
        return "\n".join([str(s.on(self.puzzle)) for s in self.steps] + [self.status])

    def _repr_html_(self) -> str:
        """Every step's picture and text, for notebooks."""
        from .render.html import result_fragment

        return result_fragment(self)

    @property
    def solution_string(self) -> str | None:
        if self.solution is None:
            return None
        return "".join(self.puzzle.symbols[v] for v in self.solution)


class Solver:
    """Solve puzzles step by step with a set of strategies.

    ``strategies`` defaults to the registry's strategies of ``profile``;
    ``only`` and ``exclude`` restrict them by technique code.  With
    ``uniqueness=False`` techniques that assume a unique solution are never
    used.  With ``backtracking=False`` the engine stops where logic stops.
    """

    def __init__(self, strategies: Iterable[Strategy] | None = None, *, profile: str = "deduce",
                 only: Sequence[str] | set[str] | None = None, exclude: Sequence[str] | set[str] = (),
                 uniqueness: bool = True, backtracking: bool = True, max_steps: int = 100_000,
                 time_limit: float | None = None):
        if strategies is None:
            self.strategies = strategies_for(profile, only=only, exclude=exclude)
        else:
            self.strategies = select_strategies(strategies, only, exclude)
        self.uniqueness = uniqueness
        self.backtracking = backtracking
        self.max_steps = max_steps
        #: seconds a whole solve may take (search and steps); SolveTimeout after
        self.time_limit = time_limit

    def __repr__(self) -> str:
        return f"<Solver {len(self.strategies)} strategies: {', '.join(s.technique.code for s in self.strategies)}>"

    # -- step by step -------------------------------------------------------

    def usable(self, puzzle: Puzzle, unique: bool) -> list[Strategy]:
        """The strategies valid for this puzzle."""
        out = []
        for s in self.strategies:
            if requires_unique(s) and not (unique and self.uniqueness):
                continue
            if (puzzle.has_cages or puzzle.constraints) and not allows_cages(s):  # (a swap a constraint may break)
                continue
            out.append(s)
        return out

    def next_step(self, state: State, strategies: Sequence[Strategy] | None = None) -> Step | None:
        """The first effective step of the first strategy that has one."""
        if strategies is None:
            strategies = self.usable(state.puzzle, unique=False)
        for strategy in strategies:
            for step in strategy.find(state):
                if effective(step, state):
                    return step
        return None

    def steps(self, state: State, solution: Sequence[int] | None = None,
              unique: bool = False, *, cache: SolveCache | None = None) -> Iterator[Step]:
        """Apply steps to ``state`` (in place) and yield each, until solved or stuck.

        When ``solution`` is given, every step is checked against it.  Each
        step is searched for within ``time_limit`` from the first call.
        ``cache``: see :meth:`iter_solve`.
        """
        return self._steps(state, solution, unique, self._expiry(), cache)

    def _steps(self, state: State, solution: Sequence[int] | None, unique: bool,
               expiry: float | None, cache: SolveCache | None = None) -> Iterator[Step]:
        strategies = self.usable(state.puzzle, unique)
        # what this solve keeps between its steps, handed to the strategies on the state
        state.cache = SolveCache() if cache is None else cache
        try:
            for _ in range(self.max_steps):
                if state.is_solved():
                    return
                with self._bounded(expiry), collector.relaxed():
                    deadline.check()
                    step = self.next_step(state, strategies)
                if step is None:
                    return
                if solution is not None:
                    check_step(step, solution, state)
                state.apply(step)
                yield step
        finally:
            # (what the cache keeps for a position may point back at the state: without the
            # state's link to it, no cycle outlives the solve; see tests/test_garbage.py)
            state.drop_cache()

    def _expiry(self) -> float | None:
        return None if self.time_limit is None else time.monotonic() + self.time_limit

    def _bounded(self, expiry: float | None) -> AbstractContextManager[None]:
        """Run the block within what is left until ``expiry`` (the deadline
        is not held across a generator's ``yield``); without one, a context
        that does nothing (entered once per step: no generator made)."""
        return nullcontext() if expiry is None else self._within(expiry)

    @contextmanager
    def _within(self, expiry: float) -> Iterator[None]:
        try:
            with deadline.limit(max(0.0, expiry - time.monotonic())):
                yield
        except SolveTimeout:
            if time.monotonic() < expiry:
                raise  # an outer, shorter deadline: its own message
            raise SolveTimeout(self.time_limit or 0.0) from None

    # -- whole puzzles ------------------------------------------------------

    def solve(self, target: Puzzle | State, *, cache: SolveCache | None = None,
              solution: Sequence[int] | None = None) -> SolveResult:
        """Solve a puzzle (or continue from a position) and log every step.

        Raises :class:`~deduce.errors.SolveTimeout` past ``time_limit``.
        ``cache``, ``solution``: see :meth:`iter_solve`.
        """
        result = None
        with collector.relaxed():  # (no caller's code runs between two steps here)
            for item in self.iter_solve(target, cache=cache, solution=solution):
                result = item
        assert isinstance(result, SolveResult)
        return result

    def iter_solve(self, target: Puzzle | State, *, cache: SolveCache | None = None,
                   solution: Sequence[int] | None = None) -> Iterator[Step | SolveResult]:
        """Each step as soon as it is found, then the :class:`SolveResult`
        (whose ``steps`` are the steps yielded before it).

        Each solve makes its own :class:`~deduce.solve_cache.SolveCache`;
        several solves of one puzzle (the two of a rating) may share one by
        passing it as ``cache`` (never two solves at once).

        ``solution``: the puzzle's solution when it is already known to be
        its only one (a generator that proved it): the solve then skips its
        opening search for a second solution (for a killer, in Python, that
        search can take longer than the whole solve).  Every step is still
        checked against it.

        Raises :class:`~deduce.errors.SolveTimeout` past ``time_limit`` (the
        steps yielded so far stand: each was checked against the solution).
        """
        expiry = self._expiry()
        if isinstance(target, State):
            puzzle, state = target.puzzle, target.copy()
        else:
            puzzle = target
            try:
                state = State.from_puzzle(puzzle)
            except Contradiction as exc:
                yield SolveResult(puzzle, NO_SOLUTION, (), None, 0, False, reason=exc.reason)
                return
        if solution is not None:
            found = [tuple(solution)]
        else:
            with self._bounded(expiry):
                found = backtrack.first_solutions(state, 2)
        if not found:
            yield SolveResult(puzzle, NO_SOLUTION, (), None, 0, False, reason=NO_SOLUTION_BY_SEARCH)
            return
        unique = len(found) == 1
        steps = []
        for step in self._steps(state, found[0] if unique else None, unique, expiry, cache):
            steps.append(step)
            yield step
        if state.is_solved():
            status = SOLVED if unique else MULTIPLE_SOLUTIONS
            yield SolveResult(puzzle, status, tuple(steps), tuple(state.value), len(found), False)
            return
        stuck = state.copy()
        if not self.backtracking:
            status = STUCK if unique else MULTIPLE_SOLUTIONS
            yield SolveResult(puzzle, status, tuple(steps), found[0], len(found), False, stuck=stuck)
            return
        with self._bounded(expiry):
            steps.append(backtracking_step(state, found[0]))
        yield steps[-1]
        status = SOLVED_WITH_BACKTRACKING if unique else MULTIPLE_SOLUTIONS
        yield SolveResult(puzzle, status, tuple(steps), found[0], len(found), True, stuck=stuck)


def effective(step: Step, state: State) -> bool:
    """True if applying ``step`` changes ``state``."""
    cand, value = state.cand, state.value
    for cell, sym in step.eliminations:
        if cand[cell] >> sym & 1:
            return True
    return any(value[cell] < 0 for cell, _ in step.placements)


def check_step(step: Step, solution: Sequence[int], state: State) -> None:
    """Raise :class:`UnsoundStepError` if ``step`` contradicts ``solution``."""
    g = state.puzzle.geometry
    syms = state.puzzle.symbols
    for cell, sym in step.eliminations:
        if solution[cell] == sym:
            raise UnsoundStepError(
                f"{step.technique.name} would remove {syms[sym]} from {g.cell_name(cell)}, "
                f"which is its solution value")
    for cell, sym in step.placements:
        if solution[cell] != sym:
            raise UnsoundStepError(
                f"{step.technique.name} would place {syms[sym]} in {g.cell_name(cell)}, "
                f"whose solution value is {syms[solution[cell]]}")


def backtracking_step(state: State, solution: Sequence[int]) -> Step:
    """The honest last step: the rest found by trial and error."""
    rest = [(c, solution[c]) for c in range(len(solution)) if state.value[c] < 0]
    guesses = tuple((g.cell, g.symbol, g.outcome, g.nodes) for g in backtrack.first_branch(state))
    return Step(TECHNIQUES["bf"], placements=rest,
                details=(("position", state.grid_string()),
                         ("candidates", tuple(state.cand)),
                         ("guesses", guesses)))


def search(target: Puzzle | State | str, time_limit: float | None = None) -> SolveResult:
    """The answer by search alone, no steps: status ``solved`` (with the
    solution), ``no-solution`` (with the reason) or ``multiple-solutions``
    (with the first solution found).  ``backtracking`` is True: the
    answer comes from the search.  Raises
    :class:`~deduce.errors.SolveTimeout` past ``time_limit`` seconds.
    """
    if isinstance(target, str):
        target = as_puzzle(target)
    puzzle = target.puzzle if isinstance(target, State) else target
    try:
        with deadline.limit(time_limit):
            found = backtrack.first_solutions(target, 2)
    except Contradiction as exc:
        return SolveResult(puzzle, NO_SOLUTION, (), None, 0, True, reason=exc.reason)
    if not found:
        return SolveResult(puzzle, NO_SOLUTION, (), None, 0, True, reason=NO_SOLUTION_BY_SEARCH)
    status = SOLVED if len(found) == 1 else MULTIPLE_SOLUTIONS
    return SolveResult(puzzle, status, (), found[0], len(found), True)


def as_puzzle(puzzle: Puzzle | str) -> Puzzle:
    """A puzzle, read from text (any format :func:`deduce.read_puzzle` knows) when given a string."""
    if isinstance(puzzle, str):
        from .formats import read_puzzle

        return read_puzzle(puzzle)
    return puzzle


def solve(puzzle: Puzzle | str, **options: object) -> SolveResult:
    """Shortcut for ``Solver(**options).solve(puzzle)``; ``puzzle`` may be
    text, and the steps know their puzzle (``str(step)`` names cells).

    >>> r = solve("1..." "3..2" "...3" "..2.")
    >>> r
    <SolveResult solved, 11 steps, solution '1234341221434321'>
    >>> str(r.steps[0])
    'hidden single: r1c2=2'
    """
    p = as_puzzle(puzzle)
    result = Solver(**options).solve(p)  # type: ignore[arg-type]
    return attrs.evolve(result, steps=tuple(s.on(p) for s in result.steps))
