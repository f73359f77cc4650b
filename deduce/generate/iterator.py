"""The run: puzzles one after another, each from its own random stream.

Puzzle ``index`` of a run with ``seed`` draws everything from
``random.Random(f"{seed}:{index}")``, so it is the same puzzle whether the
run is made in one process, in worker processes or on a cluster, and
whatever came before it.  Attempts go on until a candidate meets every
target; the run's ``timeout`` (checked inside the searches too) ends it
with :class:`GenerateTimeout`, which says how many were found.
"""

from __future__ import annotations

import os
import random
import time
from typing import Iterator

from .. import deadline
from ..errors import SolveTimeout
from .record import Generated
from .request import GenerateTimeout, Request

#: Attempts per puzzle before a run without --timeout gives up (a target
#: this rare is out of reach in practice: no hang).
MAX_ATTEMPTS = 20_000


def new_seed() -> int:
    """A fresh random seed (recorded in every record, so the run can be made again)."""
    return int.from_bytes(os.urandom(4), "big")


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
                return Generated(index, seed, self.request.kind, puzzle, solution, verdict.rating,
                                 verdict.techniques, time.perf_counter() - start)
        raise GenerateTimeout(time.perf_counter() - start, index,
                              f"no puzzle met {self.request.describe()} in {MAX_ATTEMPTS} attempts; "
                              f"the request may be out of reach")


def run(request: Request, seed: int, start: int = 0, jobs: int = 1) -> Iterator[Generated]:
    """Puzzles ``start`` to ``count - 1`` of the run, each yielded as soon as it is found."""
    expiry = None if request.timeout is None else time.monotonic() + request.timeout
    if jobs > 1 and request.count - start > 1:
        from .parallel import run_parallel

        yield from run_parallel(request, seed, start, jobs, expiry)
        return
    maker = Maker(request)
    for index in range(start, request.count):
        left = None if expiry is None else expiry - time.monotonic()
        if left is not None and left <= 0:
            raise GenerateTimeout(request.timeout or 0.0, index - start)
        try:
            with deadline.limit(left):
                record = maker.make(seed, index)
        except SolveTimeout as exc:
            if isinstance(exc, GenerateTimeout):
                raise
            raise GenerateTimeout(request.timeout or 0.0, index - start) from None
        yield record
