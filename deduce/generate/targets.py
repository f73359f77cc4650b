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
   solve's, in order: the two paths are then one), then the rating, in
   full (:class:`deduce.rating.Rater`): every target checked on what users
   will see when they rate or explain the puzzle.

Techniques a puzzle "uses" are those of the solve with the request's
profile (HoDoKu's for classic puzzles by default, as its learning mode
does; deduce's for the other kinds, as the rating does).
"""

from __future__ import annotations

from typing import Any, Sequence

import attrs

from ..backtrack import Solution
from ..engine import SOLVED, SOLVED_WITH_BACKTRACKING, Solver
from ..puzzle import Puzzle
from ..rating import Rater, Rating, hodoku_scale
from ..registry import strategies_for
from ..state import State
from ..technique import EXTREME, LEVEL_CEILINGS, LEVELS, SINGLES
from .request import Request

SINGLE_CODES = frozenset({"fh", "hs", "ns"})


@attrs.frozen
class Verdict:
    """A puzzle that meets every target: its rating and the codes its solve uses (in first-use order)."""

    rating: Rating
    techniques: tuple[str, ...]


class Judge:
    """Judges candidates for one request (keeps its solvers and their caches)."""

    def __init__(self, request: Request):
        self.request = request
        full = strategies_for(request.profile)
        allowed = set(request.allowed())
        cut = set(request.allowed(cut=True))
        #: the solve capped at the target: with what the targets allow, up to the last technique asked for
        self.capped = Solver([s for s in full if s.technique.code in cut], backtracking=False)
        #: where the capped solve got stuck after it used every technique asked for: all the targets
        #: allow (from there on the two make the one path a solve with all of them would make: the
        #: capped strategies come first in the profile's order and none of them had a step there)
        every = [s for s in full if s.technique.code in allowed]
        self.rest = Solver(every, backtracking=False) if len(every) > len(self.capped.strategies) else None
        self.full = Solver(full, backtracking=request.allow_backtracking)
        #: the allowed strategies are the full solve's first ones, in the same order: where the
        #: solve ends solved, its path is the full path (at each position both take the first
        #: strategy in order with a step, and the full one never gets past the allowed ones)
        self.prefix = every == list(full[: len(every)])
        self.rater = Rater()
        self.wanted_first = request.techniques[0] if request.first else None
        #: the capped solve follows the profile whose path gives the HoDoKu-scale level
        self.rating_profile = request.profile == ("hodoku" if request.classic_rating else "deduce")
        self.score_ceiling = (LEVEL_CEILINGS[request.level] if request.level not in (None, EXTREME)
                              and self.rating_profile and request.kind != "killer" else None)

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
        if not self._follow(self.capped, state, solution, unique, steps, score, first):
            return None
        more = not state.is_solved() and first[0] is None and self._all_used(steps)
        if more and self.rest is not None and not self._follow(self.rest, state, solution, unique, steps, score, first):
            return None
        solved = state.is_solved()
        if not solved and not self.request.allow_backtracking:
            return None
        if first[0] is not None and solved and not first[0] <= SINGLE_CODES:
            return None   # solved by singles alone, but a technique beyond them was asked to come first
        return steps, solved

    def _follow(self, solver: Solver, state: State, solution: Solution, unique: bool, steps: list[Any],
                score: list[int], first: list[frozenset[str] | None]) -> bool:
        """``solver``'s steps from ``state`` added to ``steps``; False as soon
        as one breaks a target (the first technique, the score ceiling)."""
        for step in solver.steps(state, solution, unique=unique):
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
        if capped is None:
            capped = self.capped_path(puzzle, solution)
        if capped is None:
            return None
        path, solved = capped
        if r.level is not None and solved and self.rating_profile:
            # the capped path is the rating's, or the rating's is above the level anyway
            _, level = hodoku_scale(path, raise_by_score=r.kind != "killer")
            if level is not None and LEVELS.index(level) < LEVELS.index(r.level):
                return None
        if self.prefix and solved:
            steps: Sequence[Any] = path   # the capped path is the full path
        else:
            full = self.full_path(puzzle, solution)
            if full is None:
                return None
            steps = full
        codes = tuple(dict.fromkeys(s.technique.code for s in steps))
        if not self.techniques_ok(steps, codes):
            return None   # (before the rating: the cheaper test first)
        rating = self.rater.rate(puzzle, solution=solution)   # (known unique: no second search)
        if not self.rating_ok(rating):
            return None
        return Verdict(rating, codes)

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
        result = self.full.solve(puzzle)
        return result.steps if result.status in (SOLVED, SOLVED_WITH_BACKTRACKING) else None

    def rating_ok(self, rating: Rating) -> bool:
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
