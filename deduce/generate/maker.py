"""Making one puzzle of a run: attempts from its own random stream until a
candidate meets every target (see :mod:`.iterator`)."""

from __future__ import annotations

import random
import time

from .. import deadline
from .practice import practice_position
from .record import Generated
from .request import GenerateTimeout, Request

#: Attempts per puzzle before a run without --timeout gives up (a target
#: this rare is out of reach in practice: no hang).
MAX_ATTEMPTS = 20_000
#: What a --first run out of reach says: a practice position has the technique first wherever the solve uses it.
PRACTICE_HINT = " (--practice instead of --first writes the position where it comes first)"


class Maker:
    """Makes the puzzles of one request (keeps the judge's solvers and caches)."""

    def __init__(self, request: Request):
        from .targets import Judge

        self.request = request
        self.judge = Judge(request)

    def make(self, seed: int, index: int) -> Generated:
        """Puzzle ``index`` of the run with ``seed`` (raises SolveTimeout from an outer deadline)."""
        from .cages import make_killer
        from .making import make_with_givens

        start = time.perf_counter()
        rng = random.Random(f"{seed}:{index}")
        make = make_killer if self.request.kind == "killer" else make_with_givens
        for _ in range(MAX_ATTEMPTS):
            deadline.check()
            found = make(self.request, self.judge, rng)
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
                              f"the request may be out of reach{PRACTICE_HINT if self.request.first else ''}")
