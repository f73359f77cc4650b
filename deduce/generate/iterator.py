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
import time
from typing import Iterator

from .. import deadline
from ..errors import SolveTimeout
from .maker import Maker, Watch
from .record import Generated
from .request import GenerateTimeout, Request


def new_seed() -> int:
    """A fresh random seed (recorded in every record, so the run can be made again)."""
    return int.from_bytes(os.urandom(4), "big")


def run(request: Request, seed: int, start: int = 0, jobs: int = 1, watch: Watch | None = None) -> Iterator[Generated]:
    """Puzzles ``start`` to ``count - 1`` of the run, each yielded as soon as it is found
    (``watch``, in one process: the progress of each, see :data:`~.maker.Watch`)."""
    expiry = None if request.timeout is None else time.monotonic() + request.timeout
    if jobs > 1 and request.count - start > 1:
        from .parallel import run_parallel

        yield from run_parallel(request, seed, start, jobs, expiry)
        return
    maker = Maker(request, watch)
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
