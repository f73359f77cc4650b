"""Judging a candidate puzzle against the request, cheapest test first.

1. A solve *capped at the target*: the request's profile with only the
   techniques the targets allow (:meth:`Request.allowed`), and none after
   the last technique asked for until each of them was used (a solve that
   gets stuck before could only use them after a later technique: such
   candidates are dropped unseen, as HoDoKu's order rarely gets back to an
   easier technique).  It stops as soon as the puzzle needs more: stuck (a
   technique above the cap), a first step beyond singles that is not the
   one asked for, a HoDoKu score already past the level's ceiling.  A puzzle that fails here is harder
   than asked, whatever the full solve would do: at each position the full
   solve takes the first technique in order that has a step; while that
   technique is allowed the capped solve takes the same one, and where it
   is not, the full path itself goes beyond the target.  So hopeless
   candidates are never rated in full.
2. The techniques of the profile's full solve (the capped path itself when
   it solved the puzzle and its techniques are the first of the full
   solve's, in order: the two paths are then one), then the rating
   (:class:`deduce.rating.Rater`): every target checked on what users
   will see when they rate or explain the puzzle.  The rating takes that
   path instead of solving again where it is the rating's own (HoDoKu's
   path of a classic puzzle, deduce's of the other kinds); the ER solve of
   a classic puzzle, which only an ``er`` target needs, is then left to
   the record, made on first use (:class:`~.record.PendingRating`).

Techniques a puzzle "uses" are those of the solve with the request's
profile (HoDoKu's path for classic puzzles by default, as its learning
mode does and as the rating takes it: :class:`deduce.rating.HodokuSolver`;
deduce's for the other kinds, as the rating does).
"""

from __future__ import annotations

import copy
from typing import Any, Iterable, Iterator, Sequence

import attrs

from ..backtrack import Solution
from ..engine import SOLVED, SOLVED_WITH_BACKTRACKING, Solver
from ..puzzle import Puzzle
from ..rating import HodokuSolver, Rater, Rating, path_solver
from ..rating.scales import killer_ceilings, puzzle_scale
from ..state import State
from ..technique import EXTREME, LEVEL_CEILINGS, LEVELS, SINGLES
from .record import PendingRating
from .request import Request

SINGLE_CODES = frozenset({"fh", "hs", "ns"})


@attrs.frozen
class Verdict:
    """A puzzle that meets every target: its rating and the codes its solve uses (in first-use order)."""

    rating: Rating | PendingRating
    techniques: tuple[str, ...]


def narrowed(solver: Solver, codes: set[str]) -> Solver:
    """A copy of ``solver`` with only the strategies of ``codes`` (the same
    objects, in the same order: a HoDoKu solver's memo holds for both)."""
    narrow = copy.copy(solver)
    narrow.strategies = [s for s in solver.strategies if s.technique.code in codes]
    narrow.backtracking = False
    return narrow


class Judge:
    """Judges candidates for one request (keeps its solvers and their caches)."""

    def __init__(self, request: Request):
        self.request = request
        self.full = path_solver(request.profile, backtracking=request.allow_backtracking)
        full = self.full.strategies
        allowed = set(request.allowed())
        #: the solve capped at the target: with what the targets allow, up to the last technique asked for
        self.capped = narrowed(self.full, set(request.allowed(cut=True)))
        #: where the capped solve got stuck after it used every technique asked for: all the targets
        #: allow (from there on the two make the one path a solve with all of them would make: the
        #: capped strategies come first in the profile's order and none of them had a step there)
        every = [s for s in full if s.technique.code in allowed]
        self.rest = narrowed(self.full, allowed) if len(every) > len(self.capped.strategies) else None
        #: the allowed strategies are the full solve's first ones, in the same order: where the
        #: solve ends solved, its path is the full path (at each position both take the first
        #: strategy in order with a step, and the full one never gets past the allowed ones)
        self.prefix = every == list(full[: len(every)])
        self.rater = Rater()
        #: the rating's profile whose path the judge's is (taken by the rating, not solved again)
        self.reused = {"hodoku": "hodoku", "deduce": "deduce"}.get(request.profile)
        self.wanted_first = request.techniques[0] if request.first else None
        #: the capped solve follows the profile whose path gives the HoDoKu-scale level
        self.rating_profile = request.profile == ("hodoku" if request.classic_rating else "deduce")
        #: the rating of the last candidate that missed only at the rating (None when it missed before)
        self.missed: Rating | PendingRating | None = None
        self.score_ceiling = (LEVEL_CEILINGS[request.level] if request.level not in (None, EXTREME)
                              and self.rating_profile and request.kind != "killer" else None)
        if request.kind == "killer" and self.rating_profile and request.level is not None:
            # (a killer's own ceilings: past the level's, the path's level is above the level asked)
            self.score_ceiling = killer_ceilings(request.size ** 2).get(request.level)

    def capped_path(self, puzzle: Puzzle, solution: Solution) -> tuple[list[Any], bool] | None:
        """The capped solve's steps and whether they solve the puzzle, or
        None when the puzzle is harder than the target (or its first step
        beyond singles is not the one asked for)."""
        return self.capped_path_state(puzzle, solution, State.from_puzzle(puzzle))

    def capped_path_state(self, puzzle: Puzzle, solution: Solution, state: State,
                          unique: bool = True) -> tuple[list[Any], bool] | None:
        """:meth:`capped_path` from ``state`` (left where the solve stopped);
        ``unique=False`` when the puzzle is not known to be unique yet: no
        uniqueness technique then, so a solve that ends solved proves it.
        Where the capped solve gets stuck having used every technique asked
        for, the rest of what the targets allow takes over."""
        steps: list[Any] = []
        score = [0]
        first = [self.wanted_first]
        self._forget()
        if not self._follow(self.capped.steps(state, solution, unique=unique), steps, score, first):
            return None
        more = not state.is_solved() and first[0] is None and self._all_used(steps)
        if more and self.rest is not None and not self._follow(self._go_on(state, solution, unique), steps, score,
                                                               first):
            return None
        solved = state.is_solved()
        if not solved and not self.request.allow_backtracking:
            return None
        if first[0] is not None and solved and not first[0] <= SINGLE_CODES:
            return None   # solved by singles alone, but a technique beyond them was asked to come first
        return steps, solved

    def _forget(self) -> None:
        """A new puzzle: what HoDoKu's solver kept per position is dropped (memory stays bounded)."""
        memo = getattr(self.full, "memo", None)
        if memo is not None:
            memo.clear()

    def _go_on(self, state: State, solution: Solution, unique: bool) -> Iterator[Any]:
        """:attr:`rest`'s steps from where the capped solve stopped, on the same path."""
        assert self.rest is not None
        if isinstance(self.rest, HodokuSolver) and isinstance(self.capped, HodokuSolver):
            return self.rest.resume(state, solution, unique, after=self.capped)
        return self.rest.steps(state, solution, unique=unique)   # (a plain solve keeps nothing between steps)

    def _follow(self, found: Iterable[Any], steps: list[Any], score: list[int],
                first: list[frozenset[str] | None]) -> bool:
        """The steps ``found`` added to ``steps``; False as soon as one
        breaks a target (the first technique, the score ceiling)."""
        for step in found:
            steps.append(step)
            code = step.technique.code
            if first[0] is not None and step.technique.family != SINGLES:
                if code not in first[0]:
                    return False
                first[0] = None
            if self.score_ceiling is not None:
                score[0] += step.technique.hodoku or 0
                if score[0] > self.score_ceiling:
                    return False
        return True

    def _all_used(self, steps: Sequence[Any]) -> bool:
        used = {s.technique.code for s in steps}
        return all(item & used for item in self.request.techniques)

    def judge(self, puzzle: Puzzle, solution: Solution,
              capped: tuple[list[Any], bool] | None = None) -> Verdict | None:
        """The verdict on a unique puzzle with ``solution`` (``capped``: its
        capped solve, when already made), or None when it misses a target."""
        r = self.request
        own = capped is None   # (a caller's capped path may be made without uniqueness: not the rating's)
        if capped is None:
            capped = self.capped_path(puzzle, solution)
        if capped is None:
            return None
        path, solved = capped
        if r.level is not None and solved and self.rating_profile:
            # the capped path is the rating's, or the rating's is above the level anyway
            _, level = puzzle_scale(path, puzzle)
            if level is not None and LEVELS.index(level) < LEVELS.index(r.level):
                return None
        made: Sequence[Any] | None = None   # the full path, as the rating makes it
        if self.prefix and solved:
            steps: Sequence[Any] = path   # the capped path is the full path
            if own:
                made = path
        else:
            full = self.full_path(puzzle, solution)
            if full is None:
                return None
            steps = made = full
        codes = tuple(dict.fromkeys(s.technique.code for s in steps))
        if not self.techniques_ok(steps, codes):
            return None   # (before the rating: the cheaper test first)
        rating = self.rating(puzzle, solution, made)
        if not self.rating_ok(rating):
            self.missed = rating   # (how far it was: the run's progress shows the closest)
            return None
        return Verdict(rating, codes)

    def rating(self, puzzle: Puzzle, solution: Solution, made: Sequence[Any] | None) -> Rating | PendingRating:
        """The rating of a unique puzzle, taking the path ``made`` where it is
        the rating's own; left pending (its ER solve made on first use) when
        only that solve is missing and no target needs it."""
        classic = not puzzle.has_cages and not puzzle.geometry.is_jigsaw
        reused = self.reused if made is not None and (self.reused == "hodoku") == classic else None
        paths: dict[str, Sequence[Any]] = {} if reused is None or made is None else {reused: made}
        if reused == "hodoku" and self.request.er is None:
            return PendingRating.of(puzzle, solution, paths)
        return self.rater.rate(puzzle, solution=solution, paths=paths)   # (known unique: no second search)

    def full_path(self, puzzle: Puzzle, solution: Solution) -> Sequence[Any] | None:
        """The full solve's steps, or None when it does not solve the puzzle.
        The puzzle is known to be unique with ``solution``: the steps are
        taken straight away, without the solve's opening search for a second
        solution (for a killer without givens, in Python, that search can
        take longer than all the rest); trial and error, where allowed, by
        the solve itself."""
        state = State.from_puzzle(puzzle)
        steps = list(self.full.steps(state, solution, unique=True))
        if state.is_solved():
            return steps
        if not self.request.allow_backtracking:
            return None
        result = self.full.solve(puzzle, solution=solution)
        return result.steps if result.status in (SOLVED, SOLVED_WITH_BACKTRACKING) else None

    def rating_ok(self, rating: Rating | PendingRating) -> bool:
        r = self.request
        if rating.status != SOLVED and not (r.allow_backtracking and rating.status == SOLVED_WITH_BACKTRACKING):
            return False
        if r.level is not None and rating.level != r.level:
            return False
        if r.er is not None and (rating.er is None or not r.er[0] - 1e-9 <= rating.er <= r.er[1] + 1e-9):
            return False
        return r.score is None or (rating.score is not None and r.score[0] <= rating.score <= r.score[1])

    def techniques_ok(self, steps: Sequence[Any], codes: Sequence[str]) -> bool:
        r = self.request
        used = set(codes)
        if used & r.exclude:
            return False
        if "bf" in used and not r.allow_backtracking:
            return False
        if any(not item & used for item in r.techniques):
            return False
        if r.first:
            item = r.techniques[0]
            beyond = next((s.technique.code for s in steps if s.technique.family != SINGLES), None)
            if beyond is None:
                return item <= SINGLE_CODES
            return beyond in item
        return True
