"""Making one puzzle of a run: attempts from its own random stream until a
candidate meets every target (see :mod:`.iterator`)."""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from .. import deadline
from ..technique import LEVELS
from .practice import practice_position
from .record import Generated
from .request import GenerateTimeout, Request

#: Attempts per puzzle before a run without --timeout gives up (a target
#: this rare is out of reach in practice: no hang).
MAX_ATTEMPTS = 20_000
#: What a --first run out of reach says: a practice position has the technique first wherever the solve uses it.
PRACTICE_HINT = " (--practice instead of --first writes the position where it comes first)"
#: Seconds between two calls of a maker's ``watch`` (the progress of a slow target).
WATCH_EVERY = 0.5

#: ``watch(index, tried, closest)``: puzzle ``index`` of the run, the candidates tried for it so far, and
#: the closest of them to the targets in words (None while none was rated).
Watch = Callable[[int, int, "str | None"], None]


def practice_hint(request: Request) -> str:
    """The --practice advice, where --practice can be asked for instead (else nothing)."""
    from .practice import practice_problem

    if not request.first or request.practice or practice_problem(request.kind, request.size, request.box):
        return ""
    return PRACTICE_HINT


def distance(request: Request, rating: Any) -> float:
    """How far a rating is from the request's targets (0 inside them): ER
    tenths, HoDoKu score hundreds and levels, added up."""
    out = 0.0
    if request.er is not None and rating.er is not None:
        out += 10 * max(request.er[0] - rating.er, rating.er - request.er[1], 0.0)
    if request.score is not None and rating.score is not None:
        out += max(request.score[0] - rating.score, rating.score - request.score[1], 0) / 100
    if request.level is not None and rating.level in LEVELS:
        out += abs(LEVELS.index(rating.level) - LEVELS.index(request.level))
    return out


def describe(rating: Any) -> str:
    """A rating in a few words: ``ER 7.6, Hard, score 1460``."""
    parts = [] if rating.er is None else [f"ER {rating.er:.1f}"]
    if rating.level:
        parts.append(rating.level)
    if rating.score is not None:
        parts.append(f"score {rating.score}")
    return ", ".join(parts) or str(rating.status)


class Maker:
    """Makes the puzzles of one request (keeps the judge's solvers and caches)."""

    def __init__(self, request: Request, watch: Watch | None = None):
        from .targets import Judge

        self.request = request
        self.judge = Judge(request)
        self.watch = watch

    def make(self, seed: int, index: int) -> Generated:
        """Puzzle ``index`` of the run with ``seed`` (raises SolveTimeout from an outer deadline)."""
        from .cages import make_killer
        from .making import make_with_givens

        start = time.perf_counter()
        rng = random.Random(f"{seed}:{index}")
        make = make_killer if self.request.kind == "killer" else make_with_givens
        closest: tuple[float, str] | None = None
        shown = start
        for tried in range(MAX_ATTEMPTS):
            deadline.check()
            self.judge.missed = None
            found = make(self.request, self.judge, rng)
            if self.watch is not None:
                missed = self.judge.missed
                if missed is not None and (closest is None or distance(self.request, missed) < closest[0]):
                    closest = distance(self.request, missed), describe(missed)
                if time.perf_counter() - shown >= WATCH_EVERY:
                    shown = time.perf_counter()
                    self.watch(index, tried + 1, None if closest is None else closest[1])
            if found is not None:
                puzzle, solution, verdict = found
                position = None
                if self.request.practice:
                    position = practice_position(self.judge.full, self.request.techniques[0], puzzle, solution)
                    if position is None:
                        continue
                return Generated(index, seed, self.request.kind, puzzle, solution, verdict.rating,
                                 verdict.techniques, time.perf_counter() - start, position)
        raise GenerateTimeout(time.perf_counter() - start, index,
                              f"no puzzle met {self.request.describe()} in {MAX_ATTEMPTS} attempts; "
                              f"the request may be out of reach{practice_hint(self.request)}")
